"""Enrolling: the user's squads a campaign could take, each judged as its copy would be."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import (
    QuerySet,
)

from campaigns.adapters import (
    as_enrolled,
    campaign_points,
    campaign_rules,
    load_rosters,
    squad_violations,
    violation_lines,
)
from campaigns.models import Campaign, Entry
from rosters.adapters import load_squads
from rosters.models import Squad
from rules import get_system
from rules.types import Roster, Violation

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
    return get_system(campaign.system).models(roster)
