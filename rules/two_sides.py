"""A battle of two sides: the report rules the games fought one against one share.

Such a game's report has exactly two sides, and their outcomes fit: one side wins and the
other loses, or both draw. The game names itself in its own refusal of a third side
(``two_sides``' ``message``); no game is named here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.i18n import gettext_noop as _
from rules.types import Side

Problem = tuple[str, str, dict[str, Any]]

SIDES = 2
OUTCOMES_MISFIT = _(
    "%(outcome)s does not fit the other side's %(other)s: one side wins and the other "
    "loses, or both draw."
)


def outcomes_fit(outcomes: Sequence[str]) -> bool:
    """Two outcomes, one ``win`` and one ``loss``, or two ``draw``."""
    return sorted(outcomes) in (["loss", "win"], ["draw", "draw"])


def two_sides(sides: Sequence[Side], message: str, *, fit: bool = True) -> list[Problem]:
    """What breaks the two-sides rules, paths as in the report: not exactly two sides
    (``message``, with their ``count``), else (when ``fit``) outcomes that do not fit,
    said at the second side's outcome."""
    if len(sides) != SIDES:
        return [("sides", message, {"count": len(sides)})]
    if fit and not outcomes_fit([side.outcome for side in sides]):
        return [
            ("sides[1].outcome", OUTCOMES_MISFIT,
             {"outcome": sides[1].outcome, "other": sides[0].outcome})
        ]  # fmt: skip
    return []
