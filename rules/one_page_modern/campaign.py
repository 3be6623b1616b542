"""One-page modern campaigns: house rules and what a battle does to a force.

Encodes section 5 of ``one-page-modern.md`` (and the optional points table of section 2):
the text has no campaign, no victory conditions and no lasting casualties, so all of this is
the product's modest default layer. A campaign may change the victory-point table
(``{"victory_points": {"win": 3, "draw": 1, "loss": 0, "unit_destroyed": 1}}``: mission VP
by outcome, and the VP taken off per own unit destroyed); missing keys take the defaults and
``parse_house_rules`` refuses nonsense with a ``HouseRuleError`` that names the field.
``resolve_side`` scores a side (``battle.score_side``: mission less casualty VP, which may be
negative) and says what each unit lost; ``changes`` turns that into the ordered history the
campaign stores. Standings count models lost (``casualties``) and own units destroyed
(``tallies``), and rank forces by VP, then wins, then fewest models lost.

A campaign may also cost its forces (section 2): a ``points`` table, ``{"training": {level:
cost}, "items": {item: cost}, "vehicles": {armour class: cost}, "bunker": cost}``;
``campaign_points`` is then the force's total and ``check_roster`` adds the force-level
``points-over-limit`` over the campaign's limit (the roster's ``points_limit``). Without the
table (the default) forces are not costed, as the text prints no costs.

**Reading:** a code left out of the points table costs 0, and so does a bunker when
``bunker`` is left out.
**Reading:** "a cost per model by training level" is paid by every model, as
``derive.models`` counts them: a vehicle or a bunker is one model with an implicit crew of its
training level (section 1), so it pays its level's cost once, on top of its armour class's
cost (a vehicle) or the bunker cost.
**Reading:** a leader model has a training level of its own (1.1): it costs that level, every
other model the unit's.
**Reading:** "per carried item" costs every equipment line from the one ``items`` table: what
members carry and the weapons a vehicle or a bunker mounts alike.
**Reading:** a member entry's equipment is what each of its models carries (``derive`` counts
a group's fire as its count × one model's best weapon), so a member's line costs the item ×
the line's count × the entry's ``count``; a vehicle's or a bunker's own line, the item × the
line's count.
**Reading:** the limit is checked force-level, with the code the other games use for a
campaign's table over its limit, ``points-over-limit``; a force without a limit is never over.

Nothing carries over between battles: every unit is back at full strength. The history
records, unit by unit, the models lost and the units destroyed (``Change`` with no member
and no field: nothing of the force changes).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from rules import house_rules as tables
from rules import vp_campaign
from rules.i18n import gettext_noop as _
from rules.one_page_modern import battle
from rules.one_page_modern.data import (
    DEFAULT_DESTROYED_VP,
    DEFAULT_MISSION_VP,
    ITEMS,
    KINDS,
    TRAINING,
    VEHICLE_ARMOUR,
    count,
    vehicle_armour,
)
from rules.one_page_modern.derive import models
from rules.registry import RecordField
from rules.types import BattleReport, Change, Roster, Side, Unit, Violation

# A points table's parts that cost codes, and their codes; ``bunker`` is one cost.
POINTS_PARTS: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {"training": TRAINING, "items": ITEMS, "vehicles": VEHICLE_ARMOUR}
)
BUNKER_KEY = "bunker"
DEFAULT_VP = MappingProxyType({**DEFAULT_MISSION_VP, "unit_destroyed": DEFAULT_DESTROYED_VP})
VEHICLE, BUNKER = "vehicle", "bunker"  # the unit kinds with a cost of their own

POINTS_OVER_LIMIT = _("The force costs %(points)d points; the limit is %(limit)d.")

# Words for the codes a report and the history use (marked for translation).
LABELS = {
    **vp_campaign.NO_CAMPAIGN_LABELS,
    "table:victory_points": _(
        "Victory points (JSON: win, draw, loss — VP for the mission; unit_destroyed — VP "
        "taken off per own unit destroyed)"
    ),
    "table:points": _(
        'Points table (JSON: {"training": {level: cost}, "items": {item: cost}, '
        '"vehicles": {armour class: cost}, "bunker": cost}); empty: forces are not costed'
    ),
    "house:victory_points.unit_destroyed": _("VP taken off per own unit destroyed"),
    "column:casualty_vp": _("VP lost for own units destroyed"),
    "column:casualties": _("Models lost"),
}

# The history's words for the kinds of change only this game makes, and for its VP, which
# own units destroyed take from (``CampaignRules.history``).
HISTORY = vp_campaign.unit_history(
    _(
        "%(outcome)s: %(mission_vp)s VP for the mission, −%(casualty_vp)s for own units "
        "destroyed, %(total_vp)s in all"
    ),
    {"unit-lost": _("%(unit)s: lost %(lost)s of %(models)s models")},
    "lost", "models",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class PointsTable:
    """A campaign's costs (section 2): per model by training level, per item, per vehicle by
    armour class, per bunker; absent ones cost 0."""

    training: Mapping[str, int]
    items: Mapping[str, int]
    vehicles: Mapping[str, int]
    bunker: int = 0


# The campaign's tables: its VP table and its points table (None: forces are not costed).
HouseRules = vp_campaign.house_rules_type(battle.DEFAULT_VP_TABLE, module=__name__)


def _points_from_json(data: Any) -> PointsTable:
    """A campaign's ``points`` table (``parse_house_rules`` reads ``null`` as none)."""
    data = tables.obj(data, "points")
    bunker = 0
    if BUNKER_KEY in data:
        bunker = tables.whole(data[BUNKER_KEY], f"points.{BUNKER_KEY}", 0, tables.COST_MAX)
    codes = {**POINTS_PARTS, BUNKER_KEY: ()}
    parts = tables.parts({k: v for k, v in data.items() if k != BUNKER_KEY}, "points", codes)
    return PointsTable(
        MappingProxyType(parts["training"]),
        MappingProxyType(parts["items"]),
        MappingProxyType(parts["vehicles"]),
        bunker,
    )


def _unit_points(unit: Unit, table: PointsTable) -> int:
    """One unit's cost: its models by training level (a leader by its own), its equipment
    lines (a member's × the entry's count), and a vehicle's armour class or the bunker."""
    costs = table.training
    level = costs.get(unit.record["training"], 0)
    items = table.items
    total = 0
    if KINDS[unit.kind].has_members:
        for member in unit.members:
            n = count(member)
            own = member.record.get("leader")  # a leader's own training level
            total += n * (level if own is None else costs.get(own, 0))
            for line in member.equipment:
                total += n * items.get(line.item, 0) * line.count
    else:
        total += level * models(unit)  # one model, crewed at the unit's level
    for line in unit.equipment:
        total += items.get(line.item, 0) * line.count
    if unit.kind == VEHICLE:
        armour = vehicle_armour(unit)
        total += 0 if armour is None else table.vehicles.get(armour.code, 0)
    elif unit.kind == BUNKER:
        total += table.bunker
    return total


# The force's points under the campaign's table, or None when the campaign costs nothing.
campaign_points = vp_campaign.unit_costing(_unit_points)


def points_violation(points: int, limit: int | None) -> Violation | None:
    """The force-level ``points-over-limit`` for a campaign that costs forces (section 2):
    ``None`` when there is no limit or the force is within it."""
    if limit is None or points <= limit:
        return None
    return Violation("points-over-limit", POINTS_OVER_LIMIT, {"points": points, "limit": limit})


# The house-rule tables as every campaign of a VP table and a points table reads them.
default_house_rules, parse_house_rules, check_roster = vp_campaign.house_rule_functions(
    HouseRules, DEFAULT_VP, "unit_destroyed",
    points=_points_from_json, cost=campaign_points, violation=points_violation,
)  # fmt: skip


# --- a battle ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UnitResult:
    """What one unit lost in the battle, for the force's log; nothing of it carries over."""

    unit: str
    models: int
    lost: int = 0
    destroyed: bool = False


@dataclass(frozen=True, slots=True)
class SideResult:
    """One side's battle: its score (``.mission_vp``, ``.casualty_vp``, ``.total_vp``), each
    unit's losses in the force's order, its models lost and its own units destroyed."""

    score: battle.SideScore
    units: tuple[UnitResult, ...]
    models_lost: int
    units_destroyed: int


def _resolve(roster: Roster, side: Side, rng: Any, report: BattleReport, table: Any) -> SideResult:
    """The side's score (its outcome's VP less one per own unit destroyed, by the campaign's
    table) and what each unit lost (``rng`` unused: no die is rolled)."""
    score = battle.score_side(roster, side, report, table)
    lost = {c.member: c.details.get("lost", 0) for c in side.casualties}
    gone = set(score.destroyed)
    units = tuple(
        UnitResult(unit.name, models(unit), lost.get(unit.name, 0), unit.name in gone)
        for unit in roster.units
    )
    return SideResult(score, units, sum(u.lost for u in units), len(score.destroyed))


resolve_side = vp_campaign.side_resolver(HouseRules, _resolve)


def _unit_change(unit: Unit, end: UnitResult) -> Change | None:
    if end.lost <= 0:
        return None
    if end.destroyed:
        return Change(None, "unit-destroyed", params={"unit": unit.name, "models": end.models})
    params = {"unit": unit.name, "lost": end.lost, "models": end.models}
    return Change(None, "unit-lost", params=params)


def changes(roster: Roster, side: Side | None, result: SideResult) -> tuple[Change, ...]:
    """Everything the battle did to the force, in order: its VP, then unit by unit, in the
    force's order, each unit that lost models (``unit-lost``) or was destroyed
    (``unit-destroyed``). No member and no field: every unit is back at full strength."""
    return vp_campaign.unit_changes(
        roster, side, result, _unit_change, models_lost=result.models_lost,
        units_destroyed=result.units_destroyed,
    )  # fmt: skip


def check_side(roster: Roster, side: Side) -> list[tuple[str, str, dict[str, Any]]]:
    """Casualties a side may not report against its force, paths inside the side: a unit the
    force lacks or already listed (``casualties[i].unit``), a ``lost`` that is not a whole
    number from 0 to the unit's models (``casualties[i].lost``)."""
    return battle.check_casualties(
        roster, [(c.member, c.details.get("lost")) for c in side.casualties]
    )


# The standings' own column (section 5): own units destroyed; models lost is the shared
# "casualties" column (``casualties``), which ranks forces level on VP and wins.
STANDING_COLUMNS = (
    RecordField(
        "units_destroyed", _("Units destroyed"), "count", default=0,
        help=_("own units destroyed: every model of the unit lost"),
    ),
)  # fmt: skip

# What one battle adds to the force's own column and to the casualties column.
tallies, casualties = vp_campaign.result_columns("models_lost", units_destroyed="units_destroyed")
