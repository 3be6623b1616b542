"""A campaign's rounds (issue #31): a round, its tables (``Pairing``), the squads seated at
them (``Seat``), the squads withdrawn from it and the challenges that choose its tables."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from campaigns.models.campaigns import Battle, Campaign, Entry

# --- rounds and pairings (issue #31) --------------------------------------------------------


MAX_SEED = 2**62  # a round's seed: from 0 to this, less one


class Round(models.Model):
    """A round of a campaign night: the organiser opens it (its pairings drawn by
    ``rules.pairing``), may withdraw a squad or swap two while it is a draft, publishes it,
    and closes it (or it closes when every table's battle is confirmed)."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("draft")
        PUBLISHED = "published", _("published")
        CLOSED = "closed", _("closed")

    class Mode(models.TextChoices):
        RANDOM = "random", _("at random")
        STANDINGS = "standings", _("by standings")
        CHALLENGE = "challenge", _("challenge")

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField(_("round"))
    status = models.CharField(_("status"), max_length=10, choices=Status, default=Status.DRAFT)
    mode = models.CharField(_("pairing"), max_length=10, choices=Mode)
    # The draw of a round paired at random: the same seed pairs the same way again
    seed = models.BigIntegerField(null=True, blank=True)
    # Tables whose two squads have met before in the campaign (no pairing could avoid it)
    forced_rematches = models.PositiveSmallIntegerField(default=0)
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    published = models.DateTimeField(_("published"), null=True, blank=True)
    closed = models.DateTimeField(_("closed"), null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+",
    )  # fmt: skip  # null with ``closed`` set: every battle was confirmed

    class Meta:
        ordering = ["campaign", "number"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_gte_1"),
            models.CheckConstraint(
                condition=Q(status__in=["draft", "published", "closed"]), name="round_status_valid"
            ),
            models.CheckConstraint(
                condition=Q(mode__in=["random", "standings", "challenge"]),
                name="round_mode_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.campaign} #{self.number}"


class Pairing(models.Model):
    """A table of a round: two squads (``Seat``), or one for the bye (``table`` null)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)  # null: the bye
    battle = models.OneToOneField(
        Battle, on_delete=models.SET_NULL, null=True, blank=True, related_name="pairing"
    )
    forced_rematch = models.BooleanField(_("rematch"), default=False)
    scenario = models.CharField(_("scenario"), max_length=200, blank=True)

    class Meta:
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="pairing_table_unique"),
            models.UniqueConstraint(
                fields=["round"], condition=Q(table__isnull=True), name="one_bye_per_round"
            ),
            models.CheckConstraint(condition=Q(table__gte=1), name="pairing_table_gte_1"),
        ]

    def __str__(self) -> str:
        return f"{self.round} table {self.table or '-'}"

    @property
    def is_bye(self) -> bool:
        return self.table is None


class Seat(models.Model):
    """A squad at a table of a round; ``round`` repeats the pairing's so that the database
    holds each squad once per round."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="+")
    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="seats")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField(default=0)  # 0: the higher placed
    # The names of the squad's models (or units) its player chose to take to this table;
    # null: the whole squad (the report screen proposes it, the pairings sheet prints it)
    crew = models.JSONField(_("crew"), null=True, blank=True)

    class Meta:
        ordering = ["pairing", "position"]
        constraints = [
            models.UniqueConstraint(fields=["round", "entry"], name="entry_once_per_round"),
            models.UniqueConstraint(fields=["pairing", "position"], name="seat_once_per_place"),
            models.CheckConstraint(condition=Q(position__lte=1), name="seat_position_0_or_1"),
        ]

    def __str__(self) -> str:
        return f"{self.entry} in {self.pairing}"


class Withdrawal(models.Model):
    """A squad the organiser left out of one round (it stays in the campaign)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="withdrawals")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+",
    )  # fmt: skip
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round", "at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["round", "entry"], name="withdrawn_once_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.entry} out of {self.round}"


class Challenge(models.Model):
    """A squad's proposal of its opponent for a round paired by challenge: its player makes
    it (one per squad, replaced until accepted), the organiser accepts it (the two squads
    then sit at one table) or refuses it."""

    class Status(models.TextChoices):
        PROPOSED = "proposed", _("proposed")
        ACCEPTED = "accepted", _("accepted")
        REFUSED = "refused", _("refused")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="challenges")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    opponent = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(_("status"), max_length=10, choices=Status, default=Status.PROPOSED)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+",
    )  # fmt: skip
    at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["round", "entry"], name="one_challenge_per_squad"),
            models.CheckConstraint(
                condition=~Q(entry=models.F("opponent")), name="challenge_not_oneself"
            ),
            models.CheckConstraint(
                condition=Q(status__in=["proposed", "accepted", "refused"]),
                name="challenge_status_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry} challenges {self.opponent} in {self.round}"
