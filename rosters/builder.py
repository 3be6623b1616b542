"""What the roster builder shows: a squad with its points, EP and violations per model.

Views call ``builder_context``; templates only display what it holds (they never compute
points). Four queries load the squad, whatever its size.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rosters.adapters import squad_to_roster, squads_with_members
from rosters.models import Member, Squad
from rules import get_system
from rules.black_sun.choices import allowed_items, starting_choices
from rules.black_sun.data import RANDOM_ABILITY_TABLE
from rules.types import MemberCost, Violation


@dataclass
class MemberView:
    row: Member
    cost: MemberCost
    violations: list[Shown]
    items: list[tuple[str, str]]  # (code, label) the model may take
    abilities: list[tuple[str, str]]  # (code, label) it may choose
    equipment: list[tuple[object, str]] = field(default_factory=list)  # (row, label)
    ability_rows: list[tuple[object, str, str]] = field(default_factory=list)
    allowance: int = 0  # starting abilities the type may have
    ep_over: bool = False  # the rules flagged this model's EP
    error: str = ""


@dataclass(frozen=True)
class Shown:
    """A violation as the page shows it, in the reader's language."""

    code: str
    message: str
    member: str | None


def shown(violation: Violation) -> Shown:
    return Shown(violation.code, _(violation.template) % violation.params, violation.member)


def label(table, code: str) -> str:
    entry = table.get(code)
    return _(entry.label) if entry is not None else code


@functools.cache
def _choices(system_code: str, faction: str, model_type: str, language: str):
    """The (code, label) lists a card offers; the same for every model of a type."""
    system = get_system(system_code)
    items = [(c, label(system.items, c)) for c in allowed_items(faction, model_type)]
    abilities = [(c, label(system.abilities, c)) for c in starting_choices(model_type)]
    return items, abilities


def builder_context(squad_id: int, *, owner=None, error_for: int | None = None, error: str = ""):
    queryset = squads_with_members(Squad.objects.filter(pk=squad_id))
    if owner is not None:
        queryset = queryset.filter(owner=owner)
    squad = queryset.get()
    system = get_system(squad.system)
    roster = squad_to_roster(squad)
    costs = system.cost(roster)
    violations = [shown(v) for v in system.validate(roster)]
    by_member: dict[str, list[Shown]] = {}
    squad_wide = []
    for v in violations:
        if v.member is None:
            squad_wide.append(v)
        else:
            by_member.setdefault(v.member, []).append(v)
    rows = list(squad.members.all())
    members = []
    language = get_language()
    for row, member_cost in zip(rows, costs.members, strict=True):
        choices = _choices(squad.system, squad.faction, row.type, language)
        view = MemberView(
            row=row,
            cost=member_cost,
            violations=by_member.get(row.name, []),
            items=choices[0],
            abilities=choices[1],
            equipment=[(e, label(system.items, e.item)) for e in row.equipment.all()],
            ability_rows=[
                (a, label(system.abilities, a.code), _(system.abilities[a.code].effect))
                if a.code in system.abilities
                else (a, a.code, "")
                for a in row.abilities.all()
            ],
            allowance=system.model_types[row.type].starting_abilities,
            ep_over=any(v.code == "ep-over" for v in by_member.get(row.name, ())),
            error=error if error_for == row.pk else "",
        )
        members.append(view)
    return {
        "squad": squad,
        "system": system,
        "faction_label": label(system.factions, squad.faction),
        "points": costs.points,
        "valid": not violations,
        "violations": violations,
        "squad_violations": squad_wide,
        "members": members,
        "type_choices": [(c, _(t.label)) for c, t in system.model_types.items()],
        "faction_choices": [(c, _(f.label)) for c, f in system.factions.items()],
        "status_choices": Member.Status.choices,
        "random_table": [
            (i, label(system.abilities, code)) for i, code in enumerate(RANDOM_ABILITY_TABLE, 1)
        ],
        "error": error if error_for is None else "",
    }
