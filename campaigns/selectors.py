"""Reading a campaign: standings, the battle log, a squad's battles, a character's timeline.

Each runs a fixed number of queries whatever the campaign's size (tests/campaigns/
test_queries.py); the sums are done by the database.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from django.db.models import (
    BooleanField,
    Count,
    Exists,
    ExpressionWrapper,
    IntegerField,
    Max,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Sum,
)
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaigns.adapters import (
    as_enrolled,
    campaign_points,
    campaign_rules,
    load_rosters,
    squad_violations,
    violation_lines,
)
from campaigns.models import Battle, BattleSide, Campaign, Entry, ForceEdit, HistoryEntry, Player
from rosters.adapters import load_squads
from rosters.models import Squad
from rules import get_system
from rules.documents import DocumentError, parse_battle_report
from rules.types import BattleReport, Roster, Violation


def can_read(campaign: Campaign, user: Any) -> bool:
    if campaign.is_public:
        return True
    if not user.is_authenticated:
        return False
    return user.pk == campaign.organiser_id or is_player(campaign, user)


def is_player(campaign: Campaign, user: Any) -> bool:
    if not user.is_authenticated:
        return False
    return Player.objects.filter(campaign=campaign, user=user).exists()


def players(campaign: Campaign) -> list[Player]:
    """The campaign's players, first joined first, with their accounts (1 query)."""
    return list(Player.objects.filter(campaign=campaign).select_related("user"))


def readable_campaigns(user: Any) -> QuerySet[Campaign]:
    """Campaigns the user organises or plays in, newest first, then the other public ones,
    newest first (the list page and the API's list alike)."""
    if not user.is_authenticated:
        return (
            Campaign.objects.filter(is_public=True)
            .select_related("organiser")
            .order_by("-created", "-pk")
        )
    plays = Exists(Player.objects.filter(campaign=OuterRef("pk"), user=user))
    yours = ExpressionWrapper(Q(organiser=user) | Q(plays), output_field=BooleanField())
    return (
        Campaign.objects.annotate(yours=yours)
        .filter(Q(is_public=True) | Q(yours=True))
        .select_related("organiser")
        .order_by("-yours", "-created", "-pk")
    )


# --- enrolling ------------------------------------------------------------------------------


def free_squads(campaign: Campaign, user: Any) -> QuerySet[Squad]:
    """The user's own squads of the campaign's game that it has not enrolled yet."""
    enrolled = Entry.objects.filter(campaign=campaign, original__isnull=False).values("original")
    return Squad.objects.filter(owner=user, in_campaign=False, system=campaign.system).exclude(
        pk__in=enrolled
    )


@dataclass(frozen=True)
class EnrolChoice:
    """One of the user's squads as the enrol list shows it: what tells it from another of
    the same name, and whether the campaign takes it."""

    squad: Squad
    faction: str  # the faction's label, in the reader's language
    points: int | None  # None: not costed
    points_limit: int | None  # the campaign's
    models: int  # models that can fight (the dead left out)
    problems: list[str]  # the rules it would break once enrolled, in words
    allowed: bool  # False: the campaign enrols valid squads only, and this one is not


def enrol_choices(campaign: Campaign, user: Any) -> list[EnrolChoice]:
    """The user's squads the campaign could enrol, each judged as its copy would be (the
    campaign's points limit and house rules), in 3 queries whatever their number."""
    choices = []
    squads = free_squads(campaign, user).select_related("owner").order_by("name", "pk")
    for stored in load_squads(squads):
        squad, roster = stored.squad, as_enrolled(campaign, stored.roster())
        problems = violation_lines(squad_violations(campaign, roster))
        choices.append(
            EnrolChoice(
                squad=squad,
                faction=squad.faction_label,
                points=squad_points(campaign, roster),
                points_limit=campaign.points_limit,
                models=model_count(campaign, roster),
                problems=problems,
                allowed=not (campaign.require_valid_squads and problems),
            )
        )
    return choices


def entry_violations(entry: Entry) -> list[Violation]:
    """The rules an enrolled squad breaks (4 queries): it cannot report a battle until they
    are fixed."""
    roster = load_rosters([entry.squad_id])[entry.squad_id].roster
    return squad_violations(entry.campaign, roster)


def squad_points(campaign: Campaign, roster: Roster) -> int | None:
    """The squad's points in the campaign: the house rules' points table where the game costs
    squads that way, else the game's own; None when neither costs it."""
    if campaign_rules(campaign).points is not None:
        return campaign_points(campaign, roster)
    return get_system(campaign.system).points(roster)


def model_count(campaign: Campaign, roster: Roster) -> int:
    """The models that can fight: the squad's living models, or every model of its units."""
    shape = get_system(campaign.system).units
    if shape is not None:
        return sum(shape.models(unit) for unit in roster.units)
    return sum(1 for member in roster.members if member.status != "dead")


# --- standings ------------------------------------------------------------------------------


@dataclass
class Standing:
    entry: Entry
    rank: int
    vp: int
    battles: int
    wins: int
    draws: int
    losses: int
    casualties: int
    tallies: dict[str, int] = field(default_factory=dict)  # the game's own columns, by key

    @property
    def squad(self) -> str:
        return self.entry.squad.name

    @property
    def tally_values(self) -> list[int]:
        """The game's own columns, in its order (the keys are in that order)."""
        return list(self.tallies.values())

    @property
    def player(self) -> str:
        return self.entry.player.get_username()


STANDING_SORTS = {
    "rank": lambda s: (s.rank, s.squad.casefold()),
    "squad": lambda s: s.squad.casefold(),
    "player": lambda s: (s.player.casefold(), s.squad.casefold()),
    "vp": lambda s: (s.vp, s.wins),
    "battles": lambda s: s.battles,
    "wins": lambda s: s.wins,
    "losses": lambda s: s.losses,
    "casualties": lambda s: s.casualties,
}


def standings(campaign: Campaign, sort: str = "rank") -> list[Standing]:
    """Every squad of the campaign with its totals over confirmed battles, in 1 query.

    Rank by VP (a campaign's standings sum VP over battles), then wins, then, in a game
    that says so (``CampaignRules.rank_casualties``), the fewest casualties; equal squads
    share a rank. ``sort`` is a key of ``STANDING_SORTS``, ``-`` in front for the reverse order.
    """
    confirmed = Q(sides__battle__status=Battle.Status.CONFIRMED)
    rules = get_system(campaign.system).campaign
    columns = rules.standing_columns if rules is not None else ()
    entries = (
        Entry.objects.filter(campaign=campaign)
        .select_related("squad", "player")
        .annotate(
            vp=Sum("sides__total_vp", filter=confirmed, default=0),
            battles=Count("sides", filter=confirmed),
            wins=Count("sides", filter=confirmed & Q(sides__placing="win")),
            draws=Count("sides", filter=confirmed & Q(sides__placing="draw")),
            losses=Count("sides", filter=confirmed & Q(sides__placing="loss")),
            lost=Sum("sides__casualties", filter=confirmed, default=0),
            **{
                f"tally_{column.key}": Sum(
                    Cast(KeyTextTransform(column.key, "sides__tallies"), IntegerField()),
                    filter=confirmed,
                    default=0,
                )
                for column in columns
            },
        )  # fmt: skip
    )
    rows = [
        Standing(e, 0, e.vp, e.battles, e.wins, e.draws, e.losses, e.lost,
                 {c.key: getattr(e, f"tally_{c.key}") for c in columns})
        for e in entries
    ]  # fmt: skip
    # VP, then wins, then (a game that says so) the fewest casualties
    fewest = rules is not None and rules.rank_casualties

    def level(s: Standing) -> tuple[int, int, int]:
        return (-s.vp, -s.wins, s.casualties if fewest else 0)

    rows.sort(key=lambda s: (*level(s), s.squad.casefold()))
    for i, row in enumerate(rows):
        same = i and level(row) == level(rows[i - 1])
        row.rank = rows[i - 1].rank if same else i + 1
    key, reverse = _sort_key(sort, STANDING_SORTS, "rank")
    if key != "rank" or reverse:
        # numbers read best from the highest; names from A
        descending = key in ("vp", "battles", "wins", "losses", "casualties")
        rows.sort(key=STANDING_SORTS[key], reverse=descending != reverse)
    return rows


def _sort_key(sort: str, allowed: dict, default: str) -> tuple[str, bool]:
    reverse = sort.startswith("-")
    key = sort.lstrip("-")
    if key not in allowed:
        return default, False
    return key, reverse


# --- battles --------------------------------------------------------------------------------

BATTLE_SORTS = {
    "number": ("number",),
    "date": ("played_on", "number"),
    "scenario": ("scenario", "number"),
    "status": ("status", "number"),
}


def battles(campaign: Campaign, sort: str = "-number") -> QuerySet[Battle]:
    """The battle log with each battle's sides, squads and players (3 queries a page)."""
    key, reverse = _sort_key(sort, BATTLE_SORTS, "number")
    if key == "number" and sort.lstrip("-") != "number":
        reverse = True  # unknown sort: newest first
    order = [f"-{f}" if reverse else f for f in BATTLE_SORTS[key]]
    return (
        Battle.objects.filter(campaign=campaign)
        .exclude(status=Battle.Status.REJECTED)
        .order_by(*order)
        .prefetch_related(
            Prefetch(
                "sides",
                queryset=BattleSide.objects.select_related("entry__squad", "entry__player"),
            )
        )
    )


def waiting(user: Any) -> QuerySet[Battle]:
    """The reports ``user`` may confirm or reject now (``services.can_decide``): pending, in
    a campaign they organise, or naming a squad of theirs (not withdrawn) that another player
    sent."""
    theirs = BattleSide.objects.filter(
        battle=OuterRef("pk"), entry__player=user, entry__withdrawn__isnull=True
    )
    return Battle.objects.filter(status=Battle.Status.PENDING).filter(
        Q(campaign__organiser=user) | (Q(Exists(theirs)) & ~Q(submitted_by=user))
    )


def waiting_battles(user: Any) -> QuerySet[Battle]:
    """``waiting`` as a list to read: each battle's campaign, sender and squads (3 queries)."""
    return (
        waiting(user)
        .select_related("campaign", "submitted_by")
        .prefetch_related(
            Prefetch("sides", queryset=BattleSide.objects.select_related("entry__squad"))
        )
        .order_by("submitted_at", "pk")
    )


def _later_battle() -> Subquery:
    """For each battle of a queryset: the number of the last confirmed battle applied after
    it that one of its squads fought, or NULL (none, or the battle is not applied)."""
    fought = BattleSide.objects.filter(battle=OuterRef(OuterRef("pk"))).values("entry_id")
    later = Battle.objects.filter(
        campaign=OuterRef("campaign"), status=Battle.Status.CONFIRMED,
        applied_seq__gt=OuterRef("applied_seq"), sides__entry__in=fought,
    )  # fmt: skip
    return Subquery(later.order_by("-number").values("number")[:1])


def void_first(battle: Battle) -> int | None:
    """The number of the battle to void before ``battle`` can be (``services.battle_void``
    refuses while there is one): the last confirmed battle applied after it that one of its
    squads fought, or None."""
    later = Battle.objects.filter(pk=battle.pk).annotate(later=_later_battle())
    return later.values_list("later", flat=True).first()


def battle_detail(campaign: Campaign, number: int) -> Battle:
    """A battle with its sides and history, and ``void_first`` (see ``void_first``)."""
    return (
        Battle.objects.select_related("campaign", "submitted_by", "decided_by", "voided_by")
        .annotate(void_first=_later_battle())
        .prefetch_related(
            Prefetch(
                "sides",
                queryset=BattleSide.objects.select_related("entry__squad", "entry__player"),
            ),
            Prefetch(
                "history",
                queryset=HistoryEntry.objects.select_related("member", "entry__squad").order_by(
                    "seq"
                ),
            ),
        )
        .get(campaign=campaign, number=number)
    )


def stored_report(battle: Battle) -> BattleReport | None:
    """The battle's report as the rules read it (``parse_battle_report``), for the pages;
    None for one stored before a change of the format, which they can no longer read."""
    try:
        return parse_battle_report(battle.report)
    except DocumentError:
        return None


_UNREAD = object()


def report_disagreements(battle: Battle, report: Any = _UNREAD) -> dict[int, list[str]]:
    """What a side of the battle's report says that another side's does not bear out
    (``ReportRules.disagreements``: claims against casualties), in the reader's language,
    by side position; empty for a game that compares nothing. ``report``: the battle's
    report already read (``stored_report``)."""
    compare = get_system(battle.campaign.system).report.disagreements
    if compare is None:
        return {}
    if report is _UNREAD:
        report = stored_report(battle)
    if report is None:  # stored before a change of the format: nothing to compare
        return {}
    lines: dict[int, list[str]] = {}
    for side, template, params in compare(report):
        lines.setdefault(side, []).append(_(template) % params)
    return lines


def entry_battles(entry: Entry) -> QuerySet[BattleSide]:
    return (
        BattleSide.objects.filter(entry=entry)
        .exclude(battle__status=Battle.Status.REJECTED)
        .select_related("battle")
        .order_by("-battle__number")
    )


def timeline(member_id: int) -> QuerySet[HistoryEntry]:
    """A character's history, oldest first, battle by battle."""
    return (
        HistoryEntry.objects.filter(member_id=member_id)
        .select_related("battle")
        .order_by("battle__applied_seq", "seq")
    )


# --- words ----------------------------------------------------------------------------------

HISTORY_MESSAGES = {
    # English templates, translated when shown; params come from rules.types.Change
    "vp": gettext_noop(
        "%(outcome)s: %(mission_vp)s VP for the mission, %(casualty_vp)s lost, %(total_vp)s in all"
    ),
    "fought": gettext_noop("fought and ended the battle %(state)s"),
    "status": gettext_noop("status %(before)s → %(after)s"),
    "returns": gettext_noop("missed this battle (%(before)s); active again"),
    "ability": gettext_noop("gained %(ability)s"),
    "ability-rolled": gettext_noop("gained %(ability)s (injury roll %(roll)s)"),
    "recorded": gettext_noop(
        "recorded after the battle by %(by)s: %(field)s %(before)s → %(after)s"
    ),
}  # the words of every game; a game's own kinds and words: CampaignRules.history


def describe(entry: HistoryEntry, system: str) -> str:
    """One history entry in the user's language."""
    game = get_system(system)
    labels = game.campaign.labels if game.campaign else {}

    def word(code: Any, prefix: str = "") -> str:
        label = labels.get(f"{prefix}{code}")
        return _(label) if label else str(code)

    p = entry.params or {}
    kind = entry.kind
    own = game.campaign.history.get(kind) if game.campaign else None
    if own is not None:  # the game's own kinds, and its own words for a shared one
        template, values = own
        return _(template) % values({**p, "roll": entry.roll}, entry.before, entry.after, word)
    if kind == "vp":
        values = {**p, "outcome": word(p.get("outcome"), "outcome:")}
        return _(HISTORY_MESSAGES["vp"]) % values
    if kind == "fought":
        return _(HISTORY_MESSAGES["fought"]) % {"state": word(p.get("state"))}
    statuses = {"active": _("active"), "recovering": _("recovering"),
                "captured": _("captured"), "dead": _("dead")}  # fmt: skip
    if kind in ("status", "returns"):
        return _(HISTORY_MESSAGES[kind]) % {
            "before": statuses.get(entry.before, entry.before),
            "after": statuses.get(entry.after, entry.after),
        }
    if kind == "recorded":
        field = game.record_field(entry.field)

        def shown(value: Any) -> str:
            if entry.field == "status":
                return statuses.get(value, str(value))
            if isinstance(value, dict):  # adjustments: "WS +1, BS -1"
                words = field.choice_labels if field is not None else {}
                changes = (f"{_(words.get(c, c.upper()))} {n:+d}" for c, n in value.items())
                return ", ".join(changes) or "—"
            return "—" if value is None else str(value)

        return _(HISTORY_MESSAGES["recorded"]) % {
            "by": p.get("by", ""),
            "field": _(field.label) if field is not None else _("status"),
            "before": shown(entry.before),
            "after": shown(entry.after),
        }
    if kind == "ability":
        ability = game.abilities.get(entry.after)
        name = _(ability.label) if ability is not None else str(entry.after)
        key = "ability-rolled" if entry.roll else "ability"
        return _(HISTORY_MESSAGES[key]) % {"ability": name, "roll": entry.roll}
    return kind


EDIT_MESSAGES = {
    # English templates, translated when shown; params come from rules.force_edits
    "added": gettext_noop("%(unit)s: added"),
    "removed": gettext_noop("%(unit)s: removed"),
    "renamed": gettext_noop("%(before)s renamed %(unit)s"),
    "set": gettext_noop("%(unit)s: %(field)s %(before)s → %(after)s"),
    "members": gettext_noop("%(unit)s: its models changed"),
    "equipment": gettext_noop("%(unit)s: its weapons changed"),
}


def force_edits(entry: Entry) -> list[tuple[ForceEdit, list[str]]]:
    """The edits made to a campaign force between battles, newest first, each with its
    changes in the reader's language (1 query)."""
    shape = get_system(entry.campaign.system).units
    return [(edit, [describe_edit(c, shape) for c in edit.changes])
            for edit in entry.edits.select_related("by")]  # fmt: skip


def describe_edit(change: dict[str, Any], shape: Any) -> str:
    """One change of ``rules.force_edits.force_edits`` in the user's language."""
    kind = change.get("change")
    template = EDIT_MESSAGES.get(kind)
    if template is None:
        return str(change)
    values = dict(change)
    if kind == "set":
        key = change.get("key", "")
        field = shape.field(key) if shape is not None else None

        def shown(value: Any) -> str:
            if value is None:
                return "—"
            if isinstance(value, bool):
                return _("yes") if value else _("no")
            if key == "kind" and shape is not None and value in shape.kinds:
                return _(shape.kinds[value].label)
            return _(shape.label(key, value)) if shape is not None else str(value)

        values["field"] = _(field.label) if field is not None else (
            _("kind") if key == "kind" else key)  # fmt: skip
        values["before"], values["after"] = shown(change.get("before")), shown(change.get("after"))
    return _(template) % values


def report_stamp(campaign: Campaign) -> str:
    """Changes whenever the campaign report would: a battle reported (pending ones are
    printed as "not counted yet"), decided or voided, a squad enrolled, renamed or changed
    (every squad write moves ``Squad.updated``), the campaign renamed, or a new day (the
    report prints the date it was made)."""
    latest = Battle.objects.filter(campaign=campaign).aggregate(
        count=Count("pk"), submitted=Max("submitted_at"),
        decided=Max("decided_at"), voided=Max("voided_at"),
    )  # fmt: skip
    squads = Entry.objects.filter(campaign=campaign).aggregate(
        updated=Max("squad__updated"), count=Count("pk")
    )
    parts = (
        latest["count"], latest["submitted"], latest["decided"], latest["voided"],
        squads["updated"], squads["count"], campaign.name, timezone.localdate(),
    )  # fmt: skip
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]
