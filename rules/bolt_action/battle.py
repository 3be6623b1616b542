"""After a Bolt Action battle: the report's own rules, victory points, each unit's end state.

Encodes section 4 of ``bolt-action.md``, all of it a Reading: the source has no campaign, no
scenarios and no victory points, so this is the product's minimal default, every number
house-rule data (``VPTable``; ``data.DEFAULT_MISSION_VP``, ``DEFAULT_DESTROYED_ENEMY_VP``).

- A report has exactly two sides, whose outcomes are win + loss or draw + draw.
- A side's casualties give, per unit that did not end intact and unpinned, its end state:
  ``intact`` (``pins``), ``casualties`` (``lost``, 1 ≤ lost < its models; ``pins``) or
  ``destroyed`` (no other key). A unit not listed ended intact with 0 pins.
- VP per side: the outcome's (3 / 1 / 0) plus 1 per enemy unit destroyed; never below 0.
- Nothing carries over: no injuries, no experience, no lost units; the force fights its
  next battle at full strength with no pins. Each unit's end state goes to the battle log
  (``unit_results``). Standings add up total VP and count wins, draws and losses.

A casualty is read either as a ``rules.types.Casualty`` (``member`` holding the unit's name,
``details`` its ``lost`` and ``pins``) or as the document's own object (``unit``, ``state``,
``lost``, ``pins``), so the checks can see what a parser would refuse. Every function is
pure; no die is rolled.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.bolt_action.data import (
    CASUALTIES,
    DEFAULT_DESTROYED_ENEMY_VP,
    DEFAULT_MISSION_VP,
    DEFAULT_PINS,
    DESTROYED,
    DRAW,
    END_STATES,
    INTACT,
    LOSS,
    OUTCOMES,
    STATE_KEYS,
    WIN,
)
from rules.bolt_action.derive import models
from rules.campaign import other_sides, score_dict, unrolled_resolver
from rules.i18n import gettext_noop as _
from rules.two_sides import outcomes_fit as outcomes_fit  # read from here as before
from rules.two_sides import two_sides
from rules.types import BattleReport, Casualty, Roster, Side
from rules.unit_names import casualty_unit

Problem = tuple[str, str, dict[str, Any]]
CASUALTY_KEYS = frozenset({"unit", "state", "lost", "pins"})

# --- victory points -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class VPTable:
    """Mission VP by outcome, and VP per enemy unit destroyed (counted positive)."""

    mission: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_MISSION_VP), hash=False)
    destroyed_enemy: int = DEFAULT_DESTROYED_ENEMY_VP


DEFAULT_VP_TABLE = VPTable()


def score(
    outcome: str, enemies_destroyed: int, table: VPTable = DEFAULT_VP_TABLE
) -> dict[str, int]:
    """``{"mission_vp", "casualty_vp", "total_vp"}``: the outcome's VP, the VP for the enemy
    units destroyed, and their sum, never below 0."""
    mission = table.mission[outcome]
    casualty = enemies_destroyed * table.destroyed_enemy
    return {"mission_vp": mission, "casualty_vp": casualty, "total_vp": max(0, mission + casualty)}


@dataclass(frozen=True, slots=True)
class SideScore:
    squad: str  # the force's name
    mission_vp: int
    casualty_vp: int
    total_vp: int
    enemies_destroyed: int = 0

    def as_dict(self) -> dict[str, object]:
        """``score_battle --json``'s side: the force and the three VP keys of section 4."""
        return score_dict(self)

    def text_lines(self, outcome: str) -> list[str]:
        """``score_battle``'s plain output for this side."""
        return [
            f"{self.squad}: {outcome}, {self.mission_vp} VP",
            f"  enemy units destroyed: {self.enemies_destroyed}, +{self.casualty_vp} VP, "
            f"total {self.total_vp} VP",
        ]


def casualty_entry(casualty: Casualty | Mapping[str, Any]) -> Mapping[str, Any]:
    """A casualty as the document's object: ``unit``, ``state`` and its own keys."""
    if isinstance(casualty, Casualty):
        return {"unit": casualty.member, "state": casualty.state, **casualty.details}
    return casualty


def destroyed_units(side: Side) -> list[str]:
    """Names of the side's units it reported destroyed, in the report's order."""
    entries = (casualty_entry(c) for c in side.casualties)
    return [e["unit"] for e in entries if e.get("state") == DESTROYED]


def enemies_destroyed(report: BattleReport, side: Side) -> int:
    """Units of the other side that ended the battle destroyed."""
    return sum(len(destroyed_units(other)) for other in other_sides(report, side))


def score_side(
    roster: Roster, side: Side, report: BattleReport, table: VPTable = DEFAULT_VP_TABLE
) -> SideScore:
    """The side's mission VP, its VP for enemy units destroyed, and their total."""
    enemies = enemies_destroyed(report, side)
    vp = score(side.outcome, enemies, table)
    return SideScore(roster.name, vp["mission_vp"], vp["casualty_vp"], vp["total_vp"], enemies)


# --- the report's own rules -----------------------------------------------------------------

TWO_SIDES = _("A Bolt Action battle has exactly two sides; this report has %(count)d.")
UNKNOWN_OUTCOME = _("%(outcome)r is not an outcome: win, draw or loss")


def check_report(report: BattleReport) -> list[Problem]:
    """``(path, template, params)`` for every report-level rule broken: an unknown outcome,
    not exactly two sides, outcomes that do not fit."""
    problems: list[Problem] = []
    sides = report.sides
    for i, side in enumerate(sides):
        if side.outcome not in OUTCOMES:
            problems.append((f"sides[{i}].outcome", UNKNOWN_OUTCOME, {"outcome": side.outcome}))
    return problems + two_sides(sides, TWO_SIDES, fit=not problems)


def _whole(value: Any) -> bool:
    return type(value) is int  # a bool is not a number


# What a casualty's ``lost`` may not be.
LOST_NOT_WHOLE = _("lost is a whole number of models, not %(lost)r")
LOST_BELOW_ONE = _("a unit with casualties lost at least 1 model, not %(lost)d")
LOST_OVER = _(
    "%(unit)r: models: %(models)d; a unit still on the table lost at most %(most)d, "
    "not %(lost)d (report it destroyed)"
)


def _lost_problem(lost: Any, unit_models: int | None, unit: str) -> tuple[str, dict] | None:
    """What is wrong with a ``casualties`` unit's ``lost`` (``unit_models`` is ``None`` for
    a unit the force lacks), if anything."""
    if not _whole(lost):
        return LOST_NOT_WHOLE, {"lost": lost}
    if lost < 1:
        return LOST_BELOW_ONE, {"lost": lost}
    if unit_models is not None and lost >= unit_models:
        return LOST_OVER, {"unit": unit, "models": unit_models, "most": unit_models - 1,
                           "lost": lost}  # fmt: skip
    return None


# What a casualty's end state and the keys it takes may not be.
REQUIRED = _("%(key)s is required")
UNKNOWN_STATE = _("%(state)r is not an end state: intact, casualties or destroyed")
NOT_FOR_STATE = _("%(key)s is not given for a unit that ended %(state)s")
PINS_WRONG = _("pins is a whole number, 0 or more, not %(pins)r")


def _state_problems(entry: Mapping[str, Any], p: str, unit_models: int | None) -> list[Problem]:
    """The state, and the keys it takes: ``lost`` and ``pins``."""
    if "state" not in entry:
        return [(f"{p}.state", REQUIRED, {"key": "state"})]
    state = entry["state"]
    if state not in END_STATES:
        return [(f"{p}.state", UNKNOWN_STATE, {"state": state})]
    problems: list[Problem] = []
    for key in ("lost", "pins"):
        if key in entry and key not in STATE_KEYS[state]:
            problems.append((f"{p}.{key}", NOT_FOR_STATE, {"key": key, "state": state}))
    if state == CASUALTIES:
        if "lost" not in entry:
            problems.append((f"{p}.lost", REQUIRED, {"key": "lost"}))
        else:
            wrong = _lost_problem(entry["lost"], unit_models, entry.get("unit"))
            if wrong is not None:
                problems.append((f"{p}.lost", *wrong))
    pins = entry.get("pins", DEFAULT_PINS)
    if "pins" in STATE_KEYS[state] and (not _whole(pins) or pins < 0):
        problems.append((f"{p}.pins", PINS_WRONG, {"pins": pins}))
    return problems


NOT_A_KEY = _("%(key)s is not a key of a Bolt Action casualty")


def check_casualties(
    roster: Roster,
    casualties: Sequence[Casualty | Mapping[str, Any]],
    path: str = "casualties",
) -> list[Problem]:
    """``(path, template, params)`` for each casualty a side may not report: a key that is
    not a Bolt Action casualty's (Black Sun's ``member``, ``treated``...), ``unit`` or
    ``state`` missing, a unit the force lacks or already listed, an unknown state, a key
    its state does not take, ``lost`` missing, not a whole number or out of 1 ≤ lost < the
    unit's models, ``pins`` not a whole number ≥ 0."""
    problems: list[Problem] = []
    seen: set[str] = set()
    for i, casualty in enumerate(casualties):
        p = f"{path}[{i}]"
        entry = casualty_entry(casualty)
        for key in entry:
            if key not in CASUALTY_KEYS:
                problems.append((f"{p}.{key}", NOT_A_KEY, {"key": key}))
        unit_models = None
        if "unit" not in entry:
            problems.append((f"{p}.unit", REQUIRED, {"key": "unit"}))
        else:
            unit = casualty_unit(roster, entry["unit"], seen, f"{p}.unit", problems)
            unit_models = None if unit is None else models(unit)
        problems += _state_problems(entry, p, unit_models)
    return problems


NOT_A_SIDE_KEY = _("%(key)s is not a key of a Bolt Action side")


def check_side(roster: Roster, side: Side) -> list[Problem]:
    """Everything wrong with one side against its force, paths from the side: its
    casualties (``check_casualties``), and Black Sun's deeds or any side key of its own (a
    Bolt Action side has none)."""
    problems = check_casualties(roster, side.casualties)
    if side.deeds:
        problems.append(("deeds", NOT_A_SIDE_KEY, {"key": "deeds"}))
    for key in side.details:
        problems.append((key, NOT_A_SIDE_KEY, {"key": key}))
    return problems


# --- each unit's battle ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UnitResult:
    """How one unit ended the battle, for the force's battle log. ``lost`` and ``pins`` are
    ``None`` for a destroyed unit (no such keys); nothing of it carries over."""

    unit: str
    state: str
    lost: int | None = 0
    pins: int | None = DEFAULT_PINS


def unit_results(roster: Roster, side: Side) -> tuple[UnitResult, ...]:
    """One result per unit, in the force's order; a unit not listed ended intact, 0 pins."""
    entries = {e["unit"]: e for e in map(casualty_entry, side.casualties)}
    out = []
    for unit in roster.units:
        entry = entries.get(unit.name)
        if entry is None:
            out.append(UnitResult(unit.name, INTACT))
        elif entry["state"] == DESTROYED:
            out.append(UnitResult(unit.name, DESTROYED, None, None))
        else:
            lost = entry.get("lost", 0) if entry["state"] == CASUALTIES else 0
            out.append(UnitResult(unit.name, entry["state"], lost, entry.get("pins", DEFAULT_PINS)))
    return tuple(out)


class _Counts:
    """What a side's result counts: its own units destroyed (``units_destroyed``, the
    standings' casualties) and the enemy units it destroyed (``enemies_destroyed``)."""

    __slots__ = ()

    @property
    def units_destroyed(self) -> int:
        return sum(1 for unit in self.units if unit.state == DESTROYED)

    @property
    def enemies_destroyed(self) -> int:
        return self.score.enemies_destroyed


# A side's battle: its ``score`` (``.mission_vp``, ``.casualty_vp``, ``.total_vp``: its
# outcome's VP plus the VP per unit of the other side reported destroyed, never below 0),
# each unit's end state in the force's order (``units``) and what it counts (``_Counts``),
# and how it is resolved (``rng`` unused: no default rolls).
SideResult, resolve_side = unrolled_resolver(
    "units", score_side, unit_results, DEFAULT_VP_TABLE, _Counts
)


def standings(battles: Iterable[tuple[str, str, int]]) -> dict[str, dict[str, int]]:
    """``{force: {"total_vp", "wins", "draws", "losses"}}`` from ``(force, outcome,
    total_vp)`` per side of each battle, forces in the order first met."""
    columns = {WIN: "wins", DRAW: "draws", LOSS: "losses"}
    table: dict[str, dict[str, int]] = {}
    for force, outcome, total_vp in battles:
        row = table.setdefault(force, {"total_vp": 0, "wins": 0, "draws": 0, "losses": 0})
        row["total_vp"] += total_vp
        row[columns[outcome]] += 1
    return table
