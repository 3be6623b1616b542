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
    return campaign_rules(campaign).parse_house_rules(campaign.house_rules or {})


def campaign_points(campaign: Campaign, roster: Roster) -> int | None:
    """The squad's points under the campaign's house rules, where its game costs squads
    that way (``CampaignRules.points``: a house-rule points table), else None."""
    rules = campaign_rules(campaign)
    return rules.points(roster, house_rules_of(campaign)) if rules.points else None


def campaign_violations(campaign: Campaign, roster: Roster) -> list[Violation]:
    """What the campaign's house rules add to the game's ``validate`` (``CampaignRules
    .check_roster``: a points table over the limit), else nothing."""
    rules = campaign_rules(campaign)
    return rules.check_roster(roster, house_rules_of(campaign)) if rules.check_roster else []


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
