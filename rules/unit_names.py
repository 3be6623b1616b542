"""A force's names: what makes a unit game's document unreadable rather than invalid.

Every game played with units refuses a force in which two units, or two members of one unit,
share a name (its section on unreadable documents in ``docs/games/<game>.md``): a battle report
and the builder name units and members, so a name must point at one of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.i18n import gettext_noop as _
from rules.types import Roster, Unit

UNIT_NAME_TWICE = _("another unit of the force is already named %(name)r")
MEMBER_NAME_TWICE = _("another member of this unit is already named %(name)r")

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
