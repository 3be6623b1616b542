"""Battles: the log, the reports waiting for a user, a battle with its history, a
squad's battles, a character's timeline, and the report PDF's stamp."""

from __future__ import annotations

import hashlib
from typing import Any

from django.db.models import (
    Count,
    Exists,
    Max,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
)
from django.utils import timezone
from django.utils.translation import gettext as _

from campaigns.models import Battle, BattleSide, Campaign, Entry, HistoryEntry
from campaigns.selectors.ranks import _sort_key
from rules import get_system
from rules.documents import DocumentError, parse_battle_report
from rules.types import BattleReport

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
