"""A force's names: what makes a unit game's document unreadable rather than invalid.

Every game played with units refuses a force in which two units, or two members of one unit,
share a name (its section on unreadable documents in ``docs/games/<game>.md``): a battle report
and the builder name units and members, so a name must point at one of them. A battle
report's casualty names one unit of the force, once (``casualty_unit``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.i18n import gettext_noop as _
from rules.types import Roster, Unit

UNIT_NAME_TWICE = _("another unit of the force is already named %(name)r")
MEMBER_NAME_TWICE = _("another member of this unit is already named %(name)r")
UNKNOWN_UNIT = _("the force has no unit named %(unit)r")
UNIT_TWICE = _("%(unit)r is already listed among this side's casualties")

Problem = tuple[str, str, dict[str, Any]]


def repeated(names: list[str]) -> list[int]:
    """Indexes of the names already seen earlier in the list."""
    seen: set[str] = set()
    again = []
    for i, name in enumerate(names):
        if name in seen:
            again.append(i)
        seen.add(name)
    return again


def names_twice(
    roster: Roster, also: Callable[[Unit, str], list[Problem]] | None = None
) -> list[Problem]:
    """``(path, template, params)`` for two units with one name, then, unit by unit, two
    members of the unit with one name (the second and later ones are named) and what the
    game's ``also`` finds wrong with the unit at its path (``units[i]``)."""
    problems: list[Problem] = []
    for i in repeated([unit.name for unit in roster.units]):
        problems.append((f"units[{i}].name", UNIT_NAME_TWICE, {"name": roster.units[i].name}))
    for i, unit in enumerate(roster.units):
        for j in repeated([member.name for member in unit.members]):
            name = unit.members[j].name
            problems.append((f"units[{i}].members[{j}].name", MEMBER_NAME_TWICE, {"name": name}))
        if also is not None:
            problems += also(unit, f"units[{i}]")
    return problems


def casualty_unit(
    roster: Roster, name: str, seen: set[str], path: str, problems: list[Problem]
) -> Unit | None:
    """The unit of the force a side's casualty names (``path``: its ``unit``), or None;
    a name the force lacks, or one ``seen`` already among the side's casualties, adds its
    problem to ``problems``. A unit's name is then seen (a name the force lacks, which may be
    anything a document holds, is not kept)."""
    unit = roster.unit(name)
    if unit is None:
        problems.append((path, UNKNOWN_UNIT, {"unit": name}))
        return None
    if name in seen:
        problems.append((path, UNIT_TWICE, {"unit": name}))
    seen.add(name)
    return unit
