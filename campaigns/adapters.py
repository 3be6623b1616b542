"""Campaign rows to rules values: the game's campaign rules, house rules, squads as rosters."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from campaigns.models import Campaign
from core.messages import violation_message
from rosters.adapters import load_squads
from rosters.models import Member, Squad
from rules import get_system
from rules.registry import CampaignRules
from rules.types import Roster, Violation


def campaign_rules(campaign: Campaign) -> CampaignRules:
    rules = get_system(campaign.system).campaign
    if rules is None:  # campaign_create refuses such games
        raise LookupError(f"{campaign.system} has no campaign rules")
    return rules


def house_rules_of(campaign: Campaign) -> Any:
    """The campaign's house rules as its game reads them, from its pack (the game's
    defaults without one)."""
    return campaign_rules(campaign).parse_house_rules(campaign.house_rules)


def _costs(campaign: Campaign) -> bool:
    """The campaign's pack has a points table its game reads (it costs squads)."""
    pack = campaign.pack
    return (
        pack is not None
        and get_system(campaign.system).packs.points is not None
        and ("points" in pack.read)
    )


def campaign_points(campaign: Campaign, roster: Roster) -> int | None:
    """The squad's points under the campaign's pack, where it has a points table (the
    game's ``points(roster, pack)``), else None."""
    return get_system(campaign.system).points(roster, campaign.pack) if _costs(campaign) else None


def campaign_violations(campaign: Campaign, roster: Roster) -> list[Violation]:
    """What the campaign's pack adds to the game's ``validate`` (its points table over the
    limit), else nothing."""
    if not _costs(campaign):
        return []
    system = get_system(campaign.system)
    points = system.points(roster, campaign.pack)
    found = (
        None
        if system.packs.violation is None
        else system.packs.violation(points, roster.points_limit)
    )
    return [] if found is None else [found]


def squad_violations(campaign: Campaign, roster: Roster) -> list[Violation]:
    """Every rule the squad breaks in this campaign: its game's and the house rules'. A squad
    that breaks one cannot report a battle (``services.battle_submit``)."""
    return get_system(campaign.system).validate(roster) + campaign_violations(campaign, roster)


def violation_lines(violations: list[Violation]) -> list[str]:
    """Each rule broken in the reader's language, after the model it concerns, if one:
    "Ling: A machine gun needs an assistant gunner..."."""
    return [
        f"{v.member}: {violation_message(v)}" if v.member else violation_message(v)
        for v in violations
    ]


def as_enrolled(campaign: Campaign, roster: Roster) -> Roster:
    """A player's squad as the campaign would enrol it: its copy plays to the campaign's
    points limit (``rosters.services.squad_campaign_copy``)."""
    return replace(roster, points_limit=campaign.points_limit)


@dataclass
class LoadedSquad:
    squad: Squad
    roster: Roster
    rows: dict[str, Member]  # by name
    next_ability_position: dict[int, int] = field(default_factory=dict)  # member pk -> highest


def load_rosters(squad_ids: Iterable[int], *, lock: bool = False) -> dict[int, LoadedSquad]:
    """The squads as rosters with their member rows, in 3 queries whatever their size
    (``rosters.adapters.load_squads``); with ``lock``, their rows locked first, in one order
    (by id), as a roster edit locks its squad (``rosters.services.squads_lock``)."""
    squads = Squad.objects.filter(pk__in=list(squad_ids))
    if lock:
        squads = squads.select_for_update().order_by("pk")
    out = {}
    for stored in load_squads(squads):
        out[stored.squad.pk] = LoadedSquad(
            squad=stored.squad,
            roster=stored.roster(),
            rows=stored.by_name(),
            next_ability_position={
                row.pk: max((a.position for a in stored.abilities.get(row.pk, ())), default=0)
                for row in stored.members
            },
        )
    return out
