"""A force of units' validation, as every game played with units runs it.

A force with no unit breaks the game's own rule of an empty force (its code and words); else
each unit is checked on its own, in the force's order (``validate_unit``, the game's). No
game is named here.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.types import Roster, Unit, Violation


def force_violations(
    roster: Roster, empty: tuple[str, str], validate_unit: Callable[[Unit], list[Violation]]
) -> list[Violation]:
    """Every rule the force breaks: ``empty`` (its code and template) when it has no unit,
    else what ``validate_unit`` finds of each unit, in the force's order."""
    if not roster.units:
        code, template = empty
        return [Violation(code, template, {}, None)]
    out: list[Violation] = []
    for unit in roster.units:
        out += validate_unit(unit)
    return out
