"""Stored squads. A squad is turned into a rules ``Roster`` by ``adapters.squad_to_roster``.

Codes (faction, type, item, ability) are stored as the strings of ``docs/formats.md`` and checked
by the rules core, so a squad can be saved while invalid: players build in steps.
"""

from __future__ import annotations

import secrets
import uuid
from typing import Any

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist
from django.db import models
from django.db.models import Q
from django.utils.functional import cached_property
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.messages import game_name
from rules import get_system
from rules.pack_tables import Pack as ReadPack
from rules.packs import parse_pack

# What a squad's ``costing_version`` reads, for ``select_related``: its own pack version and,
# for a campaign squad, its campaign's (each with its pack, named beside the points).
COSTING_RELATED = ("pack__pack", "campaign_entry__campaign__pack_version__pack")


class Squad(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="squads"
    )
    name = models.CharField(_("name"), max_length=100)
    system = models.CharField(_("game system"), max_length=40)  # a code of rules.systems()
    # A code of the game's factions, or free text (possibly empty) for a game without codes
    faction = models.CharField(_("faction"), max_length=100, blank=True)
    # The game's default at first; null: no limit (a game whose text prints no points)
    points_limit = models.PositiveIntegerField(_("points limit"), null=True, blank=True)
    version = models.PositiveIntegerField(default=1, editable=False)
    # A game played with units (``GameSystem.lists == "units"``) keeps its force here, each
    # unit as its ``squad-roster/1`` document (``rules.documents.unit_to_document``), read
    # back through the game's rules (``rosters.adapters``); ``members`` stay empty. The
    # squad row is locked for every edit, so the list is always written whole.
    units = models.JSONField(_("units"), default=list, blank=True)
    # The player's own notes, printed on the sheet; not part of the squad-roster/1 document
    # (its keys are a public contract), so an import or export leaves them out.
    notes = models.TextField(_("notes"), blank=True, default="")
    is_public = models.BooleanField(_("public link on"), default=False)
    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    # Set when a campaign enrols the squad (campaigns.services.enrol copies the player's squad
    # into a new one): from then on battles, not the player, set its record and statuses.
    in_campaign = models.BooleanField(_("campaign squad"), default=False, editable=False)
    # Set by the first download of its sheet or cards (printing.tasks): from then on each
    # change renders the sheet ahead on the task queue; a squad nobody prints costs no render.
    printed = models.BooleanField(_("printed"), default=False, editable=False)
    # The exact pack version the squad is built with outside a campaign (issue #30): its
    # points table costs the squad in the builder, on its sheet and in the API (None: the
    # game's own costs). A campaign squad is costed by its campaign's pack instead, which
    # wins for its battles; a deleted pack leaves the squad without one.
    pack = models.ForeignKey(
        "PackVersion", verbose_name=_("pack"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="squads",
    )  # fmt: skip
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(points_limit__gte=1), name="squad_points_limit_gte_1"
            ),
            models.CheckConstraint(condition=Q(version__gte=1), name="squad_version_gte_1"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def game_name(self) -> str:
        """The name of the squad's game, translated (its code if no game has it)."""
        return game_name(self.system)

    @property
    def costing_version(self) -> PackVersion | None:
        """The pack version the squad is costed and printed by: while it is enrolled in a
        campaign, the campaign's (the campaign's wins over the squad's own ``pack``; None when
        the campaign plays with no pack), else its own ``pack``; None: the game's own costs.
        Load it with ``select_related(*COSTING_RELATED)`` to read it in no query."""
        if not self.in_campaign:
            return self.pack
        try:
            entry = self.campaign_entry  # the campaign's enrolment (no import of campaigns)
        except ObjectDoesNotExist:
            return None  # enrolled in no campaign any more: none of its own counts either
        return entry.campaign.pack_version

    @property
    def costing_version_id(self) -> int | None:
        """The id of ``costing_version`` (a sheet's cache key names it: a pack edit, a
        campaign's change of pack, is a new key)."""
        version = self.costing_version
        return None if version is None else version.pk

    @property
    def costing_pack(self) -> ReadPack | None:
        """The pack the squad is costed by, read (``costing_version``), or None: the game's
        own costs."""
        version = self.costing_version
        return None if version is None else version.read

    @property
    def faction_label(self) -> str:
        factions = get_system(self.system).factions
        faction = factions.get(self.faction) if factions is not None else None
        return gettext(faction.label) if faction is not None else self.faction


class Member(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("active")
        RECOVERING = "recovering", _("recovering")
        CAPTURED = "captured", _("captured")
        DEAD = "dead", _("dead")

    squad = models.ForeignKey(Squad, on_delete=models.CASCADE, related_name="members")
    position = models.PositiveIntegerField(default=0)
    name = models.CharField(_("name"), max_length=100)
    type = models.CharField(_("type"), max_length=40)
    status = models.CharField(_("status"), max_length=12, choices=Status, default=Status.ACTIVE)
    # What the squad's game keeps for each model beside the fields above: its keys are the
    # game's ``GameSystem.member_record`` (a model of another squad may name another model
    # there by name), every key present, checked by ``rosters.services`` before it is saved.
    record = models.JSONField(_("record"), default=dict, blank=True)
    # The player's note on this model, printed on the sheet and its card (see Squad.notes).
    notes = models.TextField(_("notes"), blank=True, default="")

    class Meta:
        ordering = ["position", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["squad", "name"], name="member_name_unique_in_squad"),
            models.CheckConstraint(
                condition=Q(status__in=["active", "recovering", "captured", "dead"]),
                name="member_status_valid",
            ),
            models.CheckConstraint(condition=~Q(name=""), name="member_name_not_empty"),
        ]

    def __str__(self) -> str:
        return self.name

    def value(self, field: str) -> Any:
        """A field as the campaign history names it: ``status`` or a key of the record."""
        return self.status if field == "status" else self.record.get(field)

    def set_value(self, field: str, value: Any) -> None:
        if field == "status":
            self.status = value
        else:
            self.record = {**self.record, field: value}


class Equipment(models.Model):
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="equipment")
    position = models.PositiveIntegerField(default=0)
    item = models.CharField(_("item"), max_length=40)
    count = models.PositiveSmallIntegerField(_("count"), default=1)

    class Meta:
        ordering = ["position", "pk"]
        constraints = [
            models.CheckConstraint(condition=Q(count__gte=1), name="equipment_count_gte_1"),
        ]

    def __str__(self) -> str:
        return f"{self.item} x{self.count}"


class Ability(models.Model):
    class Gained(models.TextChoices):
        CHOSEN = "chosen", _("chosen")
        RANDOM = "random", _("random")
        INJURY = "injury", _("injury")
        ADVANCE = "advance", _("advance")
        EVENT = "event", _("event")

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="abilities")
    position = models.PositiveIntegerField(default=0)
    code = models.CharField(_("ability"), max_length=40)
    detail = models.CharField(_("detail"), max_length=100, blank=True)
    gained = models.CharField(_("gained"), max_length=10, choices=Gained, default=Gained.CHOSEN)
    roll = models.PositiveSmallIntegerField(_("roll"), null=True, blank=True)

    class Meta:
        ordering = ["position", "pk"]
        verbose_name_plural = _("abilities")
        constraints = [
            models.CheckConstraint(
                condition=Q(gained__in=["chosen", "random", "injury", "advance", "event"]),
                name="ability_gained_valid",
            ),
            models.CheckConstraint(
                condition=Q(roll__isnull=True) | Q(gained="random", roll__gte=1),
                name="ability_roll_only_when_random",
            ),
        ]

    def __str__(self) -> str:
        return self.code

    @property
    def source(self) -> str:
        """The document's ``source``: chosen and random abilities are both "starting"."""
        return "starting" if self.gained in ("chosen", "random") else self.gained


# --- club packs (issue #30) -------------------------------------------------------------------


def new_share_token() -> str:
    """A pack's share link: unguessable, so only those given the link can read it."""
    return secrets.token_urlsafe(24)


MAX_PACK_NAME = 100


class Pack(models.Model):
    """A club's numbers for one game (``game-pack/1``, ``docs/formats.md``), owned by a user:
    private, or read (and copied) by anyone with its share link; only the owner edits it.
    Each edit adds a ``PackVersion`` (``version`` is the latest one's number, the API's
    ETag): a campaign keeps the exact version it plays with, so an edit changes no battle
    already played. ``house_rules`` marks a campaign's own pack (its house rules)."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="packs"
    )
    system = models.CharField(_("game system"), max_length=40)  # a code of rules.systems()
    name = models.CharField(_("name"), max_length=100)
    shared = models.BooleanField(_("shared by link"), default=False)
    share_token = models.CharField(max_length=40, unique=True, default=new_share_token)
    house_rules = models.BooleanField(_("a campaign's own pack"), default=False, editable=False)
    version = models.PositiveIntegerField(default=1, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.CheckConstraint(condition=Q(version__gte=1), name="pack_version_gte_1"),
            models.CheckConstraint(condition=~Q(name=""), name="pack_name_not_empty"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def game_name(self) -> str:
        return game_name(self.system)


class PackVersion(models.Model):
    """One version of a pack, never changed once written: its ``game-pack/1`` document."""

    pack = models.ForeignKey(Pack, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField(_("version"))
    document = models.JSONField(_("document"))  # checked by rules.packs.parse_pack
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pack", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["pack", "number"], name="pack_version_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="pack_version_number_gte_1"),
        ]

    def __str__(self) -> str:
        return f"{self.pack_id} v{self.number}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise ValueError("a pack version is never changed: add a new one")
        super().save(*args, **kwargs)

    @cached_property
    def read(self) -> ReadPack:
        """The document as the game's rules read it (it was checked when written)."""
        return parse_pack(self.document)
