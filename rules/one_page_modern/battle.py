"""After a one-page modern battle: casualties, destroyed units and victory points.

Encodes section 5 of ``one-page-modern.md``. The text has no victory conditions, no campaign
and no lasting casualties, so all of this is the product's modest default, kept as data
(``VPTable``) a campaign may replace. A side reports, per unit, how many of its models were
taken out (``lost``); a vehicle or a bunker is one model, so ``lost`` 1 destroys it. Every
unit is back at full strength for the next battle.

Every function is pure; no die is rolled.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.i18n import gettext_noop as _
from rules.one_page_modern.data import DEFAULT_DESTROYED_VP, DEFAULT_MISSION_VP
from rules.one_page_modern.derive import models
from rules.types import BattleReport, Roster, Side
from rules.unit_names import casualty_unit

Problem = tuple[str, str, dict[str, Any]]

# --- victory points -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class VPTable:
    """Mission VP by outcome, and VP taken off per own unit destroyed."""

    mission: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_MISSION_VP), hash=False)
    destroyed: int = DEFAULT_DESTROYED_VP


DEFAULT_VP_TABLE = VPTable()


def destroyed(roster: Roster, lost_by_unit: Mapping[str, int]) -> list[str]:
    """Names of the units destroyed, in the roster's order: ``lost`` at least 1 and equal to
    the unit's models (units not given lost nothing)."""
    out = []
    for unit in roster.units:
        lost = lost_by_unit.get(unit.name, 0)
        if lost >= 1 and lost == models(unit):
            out.append(unit.name)
    return out


def score(
    outcome: str,
    roster: Roster,
    lost_by_unit: Mapping[str, int],
    vp_table: VPTable = DEFAULT_VP_TABLE,
) -> dict[str, int]:
    """``{"mission_vp", "casualty_vp", "total_vp"}``: the outcome's VP, the VP lost for own
    units destroyed (0 or more), and the first less the second (it may be negative)."""
    mission = vp_table.mission[outcome]
    casualty = len(destroyed(roster, lost_by_unit)) * vp_table.destroyed
    return {"mission_vp": mission, "casualty_vp": casualty, "total_vp": mission - casualty}


# --- what makes a report unreadable ---------------------------------------------------------

LOST_NOT_WHOLE = _("lost is a whole number of models, not %(lost)r")
LOST_NEGATIVE = _("lost is 0 or more, not %(lost)d")
LOST_OVER_MODELS = _("%(unit)r has %(models)d models: it cannot lose %(lost)d")
OUTCOMES_MISFIT = _(
    "these outcomes do not fit together: one side wins and every other loses, or all draw"
)


def _lost_problem(lost: Any, size: int | None, unit: str) -> tuple[str, dict[str, Any]] | None:
    """The template and params of what is wrong with ``lost``, if anything (``size``, the
    unit's models, is ``None`` for a unit the force lacks)."""
    if type(lost) is not int:  # a bool is not a number of models
        return LOST_NOT_WHOLE, {"lost": lost}
    if lost < 0:
        return LOST_NEGATIVE, {"lost": lost}
    if size is not None and lost > size:
        return LOST_OVER_MODELS, {"unit": unit, "models": size, "lost": lost}
    return None


def check_casualties(
    roster: Roster, casualties: Sequence[tuple[str, Any]], path: str = "casualties"
) -> list[Problem]:
    """``(path, template, params)`` for each casualty a side may not report: a unit its
    force lacks or already listed (``<path>[i].unit``), a ``lost`` that is not an integer,
    below 0 or above the unit's models (``<path>[i].lost``)."""
    problems: list[Problem] = []
    seen: set[str] = set()
    for i, (name, lost) in enumerate(casualties):
        unit = casualty_unit(roster, name, seen, f"{path}[{i}].unit", problems)
        wrong = _lost_problem(lost, None if unit is None else models(unit), name)
        if wrong is not None:
            problems.append((f"{path}[{i}].lost", *wrong))
    return problems


def outcomes_fit(outcomes: Sequence[str]) -> bool:
    """Whether the sides' outcomes fit together: exactly one ``win`` and every other side
    ``loss``, or every side ``draw`` (no sides: they do not)."""
    if not outcomes:
        return False
    if all(outcome == "draw" for outcome in outcomes):
        return True
    wins = sum(1 for outcome in outcomes if outcome == "win")
    losses = sum(1 for outcome in outcomes if outcome == "loss")
    return wins == 1 and wins + losses == len(outcomes)


# --- score_battle and the registry ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's VP (``GameSystem.score_side``): the keys of ``score_battle --json``, and
    the units it lost."""

    name: str
    mission_vp: int
    casualty_vp: int
    total_vp: int
    destroyed: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"squad": self.name, "mission_vp": self.mission_vp,
                "casualty_vp": self.casualty_vp, "total_vp": self.total_vp}  # fmt: skip

    def text_lines(self, outcome: str) -> list[str]:
        lost = ", ".join(self.destroyed) or "none"
        return [
            f"{self.name}: {outcome}: {self.mission_vp} VP for the mission, "
            f"-{self.casualty_vp} for units destroyed ({lost}), {self.total_vp} in all"
        ]


def score_side(
    roster: Roster, side: Side, report: BattleReport | None = None,
    vp_table: VPTable = DEFAULT_VP_TABLE,
) -> SideScore:  # fmt: skip
    """A reported side's VP: its outcome's, less one per own unit destroyed."""
    lost = {c.member: c.details.get("lost", 0) for c in side.casualties}
    vp = score(side.outcome, roster, lost, vp_table)
    return SideScore(
        roster.name, vp["mission_vp"], vp["casualty_vp"], vp["total_vp"],
        tuple(destroyed(roster, lost)),
    )  # fmt: skip
