"""Bolt Action campaigns: house rules and what a battle does to a force.

Encodes section 4 of ``bolt-action.md`` (and the optional points table of 1.5): the source
has no campaign, no scenarios and no victory points, so all of this is the product's minimal
default layer, every number house-rule data. A campaign may change the victory-point table
(``{"victory_points": {"win": 3, "draw": 1, "loss": 0, "enemy_unit_destroyed": 1}}``: mission
VP by outcome, and the VP per enemy unit destroyed); missing keys take the defaults and
``parse_house_rules`` refuses nonsense with a ``HouseRuleError`` that names the field.
``resolve_side`` scores a side (``battle.resolve_side``: mission plus casualty VP, never
below 0, the enemies destroyed read from the other side of the report) and gives each unit's
end state; ``changes`` turns that into the ordered history the campaign stores.

A campaign may also cost its forces (1.5): a ``points`` table, ``{"units": {kind: {quality:
cost}}, "model": cost, "items": {item: cost}}``; ``campaign_points`` is then the force's
total and ``check_roster`` adds the force-level ``points`` violation over the campaign's
limit (the roster's ``points_limit``). Without the table (the default) forces are not
costed, as the source prints no costs.

**Reading:** a kind, a quality or an item left out of the points table costs 0, and so does
a model when ``model`` is left out.
**Reading:** every model pays the ``model`` cost, counted as ``derive.models`` counts them: a
vehicle is exactly one model (1.1), its crew part of it, so it pays it once.
**Reading:** items are counted as 1.4 counts them (``derive.holdings``): a member entry's
line is what each of its models carries, so it costs the item × the line's count × the
entry's ``count``; a vehicle's own line, the item × the line's count. One-shot anti-tank
weapons are items like any other.
**Reading:** the standings' casualties column counts the force's own units destroyed ("Units
lost"); its own column counts the enemy units it destroyed.

Nothing carries over between battles: no injuries, no experience, no lost units, no pins.
The history records each unit that did not end intact and unpinned (``Change`` with no
member and no field: nothing of the force changes).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from rules import house_rules as tables
from rules import vp_campaign
from rules.bolt_action import battle
from rules.bolt_action.data import (
    CASUALTIES,
    DEFAULT_COUNT,
    DEFAULT_DESTROYED_ENEMY_VP,
    DEFAULT_MISSION_VP,
    DESTROYED,
    INTACT,
    ITEMS,
    KINDS,
    QUALITIES,
)
from rules.bolt_action.validation import points_violation
from rules.house_rules import HouseRuleError
from rules.i18n import gettext_noop as _
from rules.registry import RecordField
from rules.types import Change, Roster, Side, Unit

UNITS_KEY, MODEL_KEY, ITEMS_KEY = "units", "model", "items"  # a points table's parts
DEFAULT_VP = MappingProxyType(
    {**DEFAULT_MISSION_VP, "enemy_unit_destroyed": DEFAULT_DESTROYED_ENEMY_VP}
)

# Words for the codes a report and the history use (marked for translation).
END_STATE_LABELS = {
    INTACT: _("intact"),
    CASUALTIES: _("with casualties"),
    DESTROYED: _("destroyed"),
}
LABELS = {
    **vp_campaign.NO_CAMPAIGN_LABELS,
    **END_STATE_LABELS,
    "table:victory_points": _(
        "Victory points (JSON: win, draw, loss — VP for the mission; enemy_unit_destroyed — "
        "VP per enemy unit destroyed)"
    ),
    "table:points": _(
        'Points table (JSON: {"units": {kind: {quality: cost}}, "model": cost, '
        '"items": {item: cost}}); empty: forces are not costed'
    ),
    "house:victory_points.enemy_unit_destroyed": _("VP per enemy unit destroyed"),
    "column:casualty_vp": _("VP for enemy units destroyed"),
    "column:casualties": _("Units lost"),
}

# The history's words for the kinds of change only this game makes, and for its VP, which
# enemy units destroyed add to (``CampaignRules.history``).
HISTORY = vp_campaign.unit_history(
    _(
        "%(outcome)s: %(mission_vp)s VP for the mission, +%(casualty_vp)s for enemy units "
        "destroyed, %(total_vp)s in all"
    ),
    {
        "unit-pinned": _("%(unit)s: intact, pins: %(pins)s"),
        "unit-casualties": _(
            "%(unit)s: ended with casualties (models lost: %(lost)s, pins: %(pins)s)"
        ),
    },
    "lost", "pins",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class PointsTable:
    """A campaign's costs (1.5): per unit by kind and quality, per model, per item; absent
    ones cost 0."""

    units: Mapping[str, Mapping[str, int]]
    model: int
    items: Mapping[str, int]


# The campaign's tables: its VP table and its points table (None: forces are not costed).
HouseRules = vp_campaign.house_rules_type(battle.DEFAULT_VP_TABLE, module=__name__)


def _points_from_json(data: Any) -> PointsTable:
    """A campaign's ``points`` table (``parse_house_rules`` reads ``null`` as none)."""
    units: dict[str, Mapping[str, int]] = {}
    model = 0
    items: Mapping[str, int] = MappingProxyType({})
    for part, value in tables.obj(data, "points").items():
        path = f"points.{part}"
        if part == UNITS_KEY:
            for kind, costs in tables.obj(value, path).items():
                if kind not in KINDS:
                    raise HouseRuleError(f"{path}.{kind}", _("unknown code"))
                units[kind] = MappingProxyType(tables.costs(costs, f"{path}.{kind}", QUALITIES))
        elif part == MODEL_KEY:
            model = tables.whole(value, path, 0, tables.COST_MAX)
        elif part == ITEMS_KEY:
            items = MappingProxyType(tables.costs(value, path, ITEMS))
        else:
            raise HouseRuleError(
                path,
                _("unknown key (%(keys)s)"),
                {"keys": f"{UNITS_KEY}, {MODEL_KEY}, {ITEMS_KEY}"},
            )
    return PointsTable(MappingProxyType(units), model, items)


def _unit_points(unit: Unit, table: PointsTable) -> int:
    """One unit's cost: its kind and quality's, its models', and every item it holds, counted
    as ``derive.models`` and ``derive.holdings`` count them, in one pass (a club pack costs
    a force on every edit: bench/bench_units.py)."""
    items, model = table.items, table.model
    total = table.units.get(unit.kind, {}).get(unit.record["quality"], 0)
    vehicle = KINDS[unit.kind].vehicle
    if vehicle:
        total += model  # exactly one model, its crew part of it
    for member in unit.members:
        n = member.record.get("count", DEFAULT_COUNT)
        if not vehicle:
            total += model * n
        for line in member.equipment:
            total += items.get(line.item, 0) * line.count * n
    for line in unit.equipment:
        total += items.get(line.item, 0) * line.count
    return total


# The force's points under the campaign's table, or None when the campaign costs nothing.
campaign_points = vp_campaign.unit_costing(_unit_points)


# The house-rule tables as every campaign of a VP table and a points table reads them.
default_house_rules, parse_house_rules, check_roster = vp_campaign.house_rule_functions(
    HouseRules, DEFAULT_VP, "enemy_unit_destroyed",
    points=_points_from_json, cost=campaign_points, violation=points_violation,
)  # fmt: skip


# --- a battle ---------------------------------------------------------------------------------


resolve_side = vp_campaign.side_resolver(HouseRules, battle.resolve_side)


def _unit_change(unit: Unit, end: battle.UnitResult) -> Change | None:
    if end.state == DESTROYED:
        return Change(None, "unit-destroyed", params={"unit": unit.name})
    if end.state == CASUALTIES:
        params = {"unit": unit.name, "lost": end.lost, "pins": end.pins}
        return Change(None, "unit-casualties", params=params)
    if end.pins:
        return Change(None, "unit-pinned", params={"unit": unit.name, "pins": end.pins})
    return None


def changes(roster: Roster, side: Side | None, result: battle.SideResult) -> tuple[Change, ...]:
    """Everything the battle did to the force, in order: its VP, then unit by unit, in the
    force's order, each unit that did not end intact and unpinned: ``unit-pinned`` (intact,
    pins), ``unit-casualties`` (lost, pins) or ``unit-destroyed``. No member and no field:
    the force fights its next battle at full strength, with no pins."""
    return vp_campaign.unit_changes(
        roster, side, result, _unit_change, enemies_destroyed=result.enemies_destroyed,
        units_destroyed=result.units_destroyed,
    )  # fmt: skip


def check_side(roster: Roster, side: Side) -> list[tuple[str, str, dict[str, Any]]]:
    """Everything wrong with one side against its force, paths inside the side
    (``battle.check_side``): a unit the force lacks or already listed, a state and the keys
    it takes, ``lost`` out of range, pins below 0, and any key a Bolt Action side lacks."""
    return battle.check_side(roster, side)


# The standings' own column (section 4): enemy units destroyed; own units destroyed is the
# shared "casualties" column (``casualties``).
STANDING_COLUMNS = (
    RecordField(
        "enemy_destroyed", _("Enemy units destroyed"), "count", default=0,
        help=_("units of the other side that ended the battle destroyed"),
    ),
)  # fmt: skip

# What one battle adds to the force's own column and to the casualties column.
tallies, casualties = vp_campaign.result_columns(
    "units_destroyed", enemy_destroyed="enemies_destroyed"
)
