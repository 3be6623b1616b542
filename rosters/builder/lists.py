""" "My squads": each squad with what a player checks before picking it."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import F, QuerySet

from rosters.adapters import StoredSquad, load_squads
from rosters.models import COSTING_RELATED, Member, Squad
from rules import get_system


@dataclass(frozen=True)
class SquadLine:
    """One squad as "My squads" lists it: what a player checks before picking it."""

    squad: Squad
    points: int | None  # None: the game is not costed
    broken: int  # rules broken (0: valid)
    models: int  # the living models (a force of units: its models)
    dead: int
    campaign_id: int | None  # the campaign a copy plays in
    campaign_name: str

    @property
    def valid(self) -> bool:
        return not self.broken


def squad_lines(squads: QuerySet[Squad]) -> list[SquadLine]:
    """Each squad of ``squads`` with its points (under the pack it is built with, if any),
    the rules it breaks, its models and the campaign it plays in: two queries, whatever
    the number of squads."""
    queryset = squads.select_related("owner", *COSTING_RELATED).annotate(
        campaign_id=F("campaign_entry__campaign_id"),
        campaign_name=F("campaign_entry__campaign__name"),
    )
    return [_squad_line(stored) for stored in load_squads(queryset)]


def _squad_line(stored: StoredSquad) -> SquadLine:
    squad, roster = stored.squad, stored.roster()
    system = get_system(squad.system)
    points, broken = system.assess(roster, squad.costing_pack)
    return SquadLine(
        squad,
        points,
        len(broken),
        system.models(roster),
        sum(1 for m in roster.members if m.status == Member.Status.DEAD),  # a unit: none
        squad.campaign_id,
        squad.campaign_name or "",
    )
