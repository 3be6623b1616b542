"""What a Black Sun squad costs: points per model and in total, EP spent, armour, CV.

Encodes ``shared/rules/black-sun.md`` 1.1-1.2 (rulebook: "Composition de l'escouade", "Table
des équipements"). Points come from model types only; equipment is paid from each model's
own EP budget. Dead models cost nothing: their points are freed for recruits.
"""

from __future__ import annotations

from rules.black_sun.data import (
    BASE_ARMOUR,
    FACTIONS,
    GRENADES,
    GRENADES_PER_EP,
    ITEMS,
    MODEL_TYPES,
)
from rules.types import Member, MemberCost, Roster, RosterCost


def grenade_ep(listed: int, free: int) -> int:
    """EP for ``listed`` grenades when the first ``free`` cost nothing (odd counts round up)."""
    paid = listed - free
    return -(-paid // GRENADES_PER_EP) if paid > 0 else 0


def member_ep(member: Member, free_grenades: int) -> tuple[int, int]:
    """(EP spent, grenades carried) for one model."""
    ep = 0
    grenades = 0
    for line in member.equipment:
        if line.item == GRENADES:
            grenades += line.count
        else:
            ep += ITEMS[line.item].ep * line.count
    return ep + grenade_ep(grenades, free_grenades), max(grenades, free_grenades)


def member_armour(member: Member) -> int:
    armour = BASE_ARMOUR
    for line in member.equipment:
        value = ITEMS[line.item].armour
        if value is not None and value > armour:
            armour = value
    return armour


def cost_member(member: Member, free_grenades: int) -> MemberCost:
    model_type = MODEL_TYPES[member.type]
    ep, grenades = member_ep(member, free_grenades)
    return MemberCost(
        name=member.name,
        type=member.type,
        points=model_type.cost,
        counts=member.status != "dead",
        ep_spent=ep,
        ep_allowed=model_type.ep,
        armour=member_armour(member),
        cv_base=model_type.cv,
        cv=max(0, model_type.cv - member.cv_loss),
        grenades=grenades,
        key_character=model_type.key_character,
    )


def squad_points(roster: Roster) -> int:
    """Points of every model that is not dead."""
    types = MODEL_TYPES
    return sum(types[m.type].cost for m in roster.members if m.status != "dead")


def cost(roster: Roster) -> RosterCost:
    free = FACTIONS[roster.faction].free_grenades
    members = tuple(cost_member(m, free) for m in roster.members)
    return RosterCost(
        points=sum(c.points for c in members if c.counts),
        points_limit=roster.points_limit,
        members=members,
    )
