"""What a Black Sun squad costs: points per model and in total, EP spent, armour, CV.

Encodes ``docs/games/black-sun.md`` sections 1-3 (rulebook: "Composition de l'escouade", "Table
des équipements"). Points come from model types only; equipment is paid from each model's
own EP budget. Dead models cost nothing: their points are freed for recruits.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.black_sun.data import (
    BASE_ARMOUR,
    FACTIONS,
    GRENADES,
    GRENADES_PER_EP,
    ITEMS,
    MODEL_TYPES,
)
from rules.types import Member, Roster, RosterCost


# Built on every edit: a NamedTuple is as immutable as a frozen dataclass and five times
# faster to create (bench/bench_rules.py), which keeps validation under 30 us.
class ModelCost(NamedTuple):
    """A Black Sun model's costing (``rules.types.MemberCost`` and Black Sun's figures)."""

    name: str
    type: str
    points: int
    counts: bool  # False for a dead model: it no longer counts towards the roster
    ep_spent: int
    ep_allowed: int
    armour: int
    cv_base: int
    cv: int
    grenades: int  # carried, free ones included
    key_character: bool


def grenade_ep(listed: int, free: int) -> int:
    """EP for ``listed`` grenades when the first ``free`` cost nothing (odd counts round up)."""
    paid = listed - free
    return -(-paid // GRENADES_PER_EP) if paid > 0 else 0


_EP = {code: item.ep for code, item in ITEMS.items()}
_ARMOUR = {code: item.armour for code, item in ITEMS.items() if item.armour is not None}


def cost_member(member: Member, free_grenades: int) -> ModelCost:
    model_type = MODEL_TYPES[member.type]
    ep = grenades = 0
    armour = BASE_ARMOUR
    for line in member.equipment:  # EP and armour in one pass
        code = line.item
        if code == GRENADES:
            grenades += line.count
            continue
        ep += _EP[code] * line.count
        if code in _ARMOUR and _ARMOUR[code] > armour:
            armour = _ARMOUR[code]
    if grenades > free_grenades:
        ep += grenade_ep(grenades, free_grenades)
    cv = model_type.cv
    return ModelCost(
        member.name,
        member.type,
        model_type.cost,
        member.status != "dead",
        ep,
        model_type.ep,
        armour,
        cv,
        cv - cv_loss if (cv_loss := member.record.get("cv_loss", 0)) < cv else 0,
        grenades if grenades > free_grenades else free_grenades,
        model_type.key_character,
    )


def squad_points(roster: Roster) -> int:
    """Points of every model that is not dead."""
    types = MODEL_TYPES
    return sum(types[m.type].cost for m in roster.members if m.status != "dead")


def cost(roster: Roster) -> RosterCost:
    free = FACTIONS[roster.faction].free_grenades
    members = tuple([cost_member(m, free) for m in roster.members])
    points = 0
    for c in members:
        if c.counts:
            points += c.points
    return RosterCost(points, roster.points_limit, members)
