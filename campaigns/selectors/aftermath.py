"""Who has not finished a battle's aftermath (#31 item 3), for the organiser: in one query
whatever the campaign's size."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef

from campaigns.adapters import campaign_rules
from campaigns.models import Battle, BattleSide, Campaign, HistoryEntry
from rules.aftermath_tables import EXPERIENCE, INJURIES

DONE = "aftermath"  # the history entry that marks a side's aftermath kept (services)
TABLES = (INJURIES, EXPERIENCE)


@dataclass(frozen=True)
class Unfinished:
    number: int  # the battle's
    squad: str
    player: str


def unfinished_aftermaths(campaign: Campaign) -> list[Unfinished]:
    """Each side of a confirmed battle whose aftermath is pending and can still be kept (its
    squad's latest battle), oldest battle first: the battle's pack has an aftermath table,
    or the battle marked a model of the side for a record by hand; not kept yet."""
    kinds = campaign_rules(campaign).aftermath_kinds
    history = HistoryEntry.objects.filter(battle=OuterRef("battle"), entry=OuterRef("entry"))
    later = BattleSide.objects.filter(
        entry=OuterRef("entry"), battle__status=Battle.Status.CONFIRMED,
        battle__applied_seq__gt=OuterRef("battle__applied_seq"),
    )  # fmt: skip
    sides = (
        BattleSide.objects.filter(battle__campaign=campaign, battle__status=Battle.Status.CONFIRMED)
        .annotate(
            kept=Exists(history.filter(kind=DONE)),
            marked=Exists(history.filter(kind__in=kinds)),
            later=Exists(later),
        )
        .filter(kept=False, later=False)
        .select_related("battle__pack_version", "entry__squad", "entry__player")
        .order_by("battle__number", "position")
    )
    out = []
    for side in sides:
        version = side.battle.pack_version
        tables = version.document.get("tables", {}) if version is not None else {}
        if side.marked or any(key in tables for key in TABLES):
            out.append(
                Unfinished(
                    side.battle.number, side.entry.squad.name, side.entry.player.get_username()
                )
            )
    return out
