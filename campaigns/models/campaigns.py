"""Campaigns: who plays, which squads, which battles, and everything the battles changed.

A campaign squad is a ``rosters.Squad`` with ``in_campaign`` set, copied from the player's
squad when it enrols (``Entry``): the same builder edits it between battles, and battles
write its records, statuses and injuries. ``HistoryEntry`` keeps every change a battle made,
in order, with the value before and after, so a voided battle is undone exactly.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from core.messages import game_name
from rosters.models import Ability, Member, Pack, PackVersion, Squad
from rules import get_system
from rules.pack_tables import Pack as ReadPack
from rules.packs import house_rules_from_pack


def new_invite_code() -> str:
    return secrets.token_urlsafe(9)


class Campaign(models.Model):
    name = models.CharField(_("name"), max_length=100)
    system = models.CharField(_("game system"), max_length=40)  # a code of rules.systems()
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organised_campaigns",
        verbose_name=_("organiser"),
    )  # fmt: skip
    description = models.TextField(_("description"), blank=True, max_length=5000)
    # The game's default at first; null: no limit (a game whose text prints no points)
    points_limit = models.PositiveIntegerField(_("points limit"), null=True, blank=True)
    # The exact pack version the campaign plays with (its house rules: VP tables, points...;
    # null: the game's defaults), and its own pack, where the organiser's house rules go
    # (``services.campaign_update``): a later edit of a pack changes no battle played.
    pack_version = models.ForeignKey(
        PackVersion, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
        verbose_name=_("pack"),
    )  # fmt: skip
    own_pack = models.OneToOneField(
        Pack, on_delete=models.SET_NULL, null=True, blank=True, related_name="campaign",
        editable=False,
    )  # fmt: skip
    is_public = models.BooleanField(_("anyone can read it"), default=False)
    apply_at_once = models.BooleanField(
        _("apply reports at once"), default=False,
        help_text=_("Off: a report waits until the organiser or an opponent confirms it."),
    )  # fmt: skip
    # Off: an invalid squad is enrolled with a warning (it cannot report a battle until it is
    # fixed); on: ``services.enrol`` refuses it, naming every rule it breaks
    require_valid_squads = models.BooleanField(
        _("enrol valid squads only"), default=False,
        help_text=_("Off: a squad that breaks the rules is enrolled with a warning."),
    )  # fmt: skip
    invite_code = models.CharField(max_length=20, unique=True, default=new_invite_code)
    battles_numbered = models.PositiveIntegerField(default=0, editable=False)
    battles_applied = models.PositiveIntegerField(default=0, editable=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(points_limit__gte=1), name="campaign_points_limit_gte_1"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def game_name(self) -> str:
        """The name of the campaign's game, translated (its code if no game has it)."""
        return game_name(self.system)

    @property
    def pack(self) -> ReadPack | None:
        """The pack the campaign plays with, as the rules read it (None: no pack)."""
        return None if self.pack_version_id is None else self.pack_version.read

    @property
    def house_rules(self) -> dict[str, Any]:
        """The campaign's house rules as the game's JSON tables, from its pack (``{}``: the
        game's defaults); read-only: ``services.campaign_update`` writes them to its pack."""
        return house_rules_from_pack(get_system(self.system), self.pack)


class Player(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="campaign_players"
    )
    joined = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["joined", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="player_once_per_campaign")
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.campaign}"


class Entry(models.Model):
    """A squad enrolled in a campaign: a copy that the campaign's battles change."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="campaign_entries"
    )
    squad = models.OneToOneField(Squad, on_delete=models.PROTECT, related_name="campaign_entry")
    original = models.ForeignKey(
        Squad, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    enrolled = models.DateTimeField(auto_now_add=True)
    # Set when the organiser removed its player (``services.player_remove``): the squad and
    # its battles stay (standings, log, history), but it fights no new battle.
    withdrawn = models.DateTimeField(_("withdrawn"), null=True, blank=True)

    class Meta:
        ordering = ["enrolled", "pk"]
        verbose_name_plural = _("entries")
        constraints = [
            # A squad is enrolled once per campaign (an original deleted since is NULL, and
            # NULLs never clash).
            models.UniqueConstraint(fields=["campaign", "original"], name="entry_once_per_squad")
        ]

    def __str__(self) -> str:
        return str(self.squad)


class Battle(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for confirmation")
        CONFIRMED = "confirmed", _("confirmed")
        REJECTED = "rejected", _("rejected")
        VOIDED = "voided", _("voided")

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="battles")
    number = models.PositiveIntegerField(_("battle"))
    scenario = models.CharField(_("scenario"), max_length=200, blank=True)
    played_on = models.DateField(_("played on"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status, default=Status.PENDING)
    report = models.JSONField(_("report"))  # the battle-report/1 document as sent
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    submitted_at = models.DateTimeField(auto_now_add=True)
    idempotency_key = models.CharField(max_length=100, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )  # fmt: skip
    decided_at = models.DateTimeField(null=True, blank=True)
    applied_seq = models.PositiveIntegerField(null=True, blank=True, editable=False)
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )  # fmt: skip
    voided_at = models.DateTimeField(null=True, blank=True)
    # The campaign's pack version the battle was scored with, set when it is applied
    pack_version = models.ForeignKey(
        PackVersion, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["campaign", "number"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "number"], name="battle_number_unique"),
            models.UniqueConstraint(
                fields=["campaign", "submitted_by", "idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="battle_idempotency_key_unique",
            ),
            models.CheckConstraint(
                condition=Q(status__in=["pending", "confirmed", "rejected", "voided"]),
                name="battle_status_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.number} {self.scenario}".strip()


class BattleSide(models.Model):
    class Placing(models.TextChoices):
        WIN = "win", _("win")
        DRAW = "draw", _("draw")
        LOSS = "loss", _("loss")

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="sides")
    position = models.PositiveSmallIntegerField(default=0)
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="sides")
    outcome = models.CharField(_("mission"), max_length=20)
    # Filled in when the battle is applied:
    mission_vp = models.IntegerField(null=True, blank=True)
    casualty_vp = models.IntegerField(null=True, blank=True)
    total_vp = models.IntegerField(_("VP"), null=True, blank=True)
    placing = models.CharField(max_length=4, choices=Placing, blank=True)
    casualties = models.PositiveSmallIntegerField(_("casualties"), default=0)
    # The game's own counts of the side (CampaignRules.tallies), summed by the standings
    tallies = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["battle", "position"]
        constraints = [
            models.UniqueConstraint(fields=["battle", "entry"], name="side_once_per_battle"),
        ]

    def __str__(self) -> str:
        return f"{self.entry} in {self.battle}"


class HistoryEntry(models.Model):
    """One change a battle made to a squad or a model (``rules.types.Change``, stored)."""

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="history")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="history")
    member = models.ForeignKey(
        Member, on_delete=models.PROTECT, null=True, blank=True, related_name="history"
    )
    seq = models.PositiveIntegerField()  # order within the battle
    kind = models.CharField(max_length=20)
    field = models.CharField(max_length=20, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    roll = models.PositiveSmallIntegerField(null=True, blank=True)
    params = models.JSONField(default=dict, blank=True)
    ability = models.ForeignKey(
        Ability, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["battle__applied_seq", "seq"]
        verbose_name_plural = _("history entries")
        indexes = [models.Index(fields=["member", "battle"])]

    def __str__(self) -> str:
        return f"{self.battle}: {self.kind}"


class ForceEdit(models.Model):
    """An edit made to a campaign force of units between battles, and who made it (a game
    played with units: the organiser raises a unit's training after a good showing, say).
    ``changes`` is ``rules.force_edits.force_edits`` of the edit, worded when shown."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="edits")
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+",
    )  # fmt: skip
    at = models.DateTimeField(auto_now_add=True)
    changes = models.JSONField(default=list)

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.entry}: {len(self.changes)} change(s)"
