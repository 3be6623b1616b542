"""Necromunda campaigns: house rules and what a battle does to a gang.

Encodes section 5 of ``docs/games/necromunda.md``: the text has no campaign, so all of this
is the product's minimal default layer. A campaign may change the victory-point table
(``{"victory_points": {"win": 3, "draw": 1, "loss": 0, "out_of_action": 1}}``); missing keys
take the defaults and ``parse_house_rules`` refuses nonsense with a ``HouseRuleError`` that
names the field. ``changes`` turns a resolved side (``battle.resolve_side``) into the ordered
history the campaign stores; ``rules.campaign.apply_changes`` replays it.

A campaign may also cost its gangs (section 1.6): a ``points`` table,
``{"fighters": {"leader": 120, ...}, "items": {"lasgun": 25, ...}}``, gives each fighter type
and item a cost (**Reading:** one left out costs 0); ``campaign_points`` is then the gang's
total over fighters not dead, and ``check_roster`` adds ``points-over-limit`` over the
campaign's limit. Without the table (the default) gangs are not costed, as the text prints
no costs.

By default a battle leaves no lasting effect: every fighter starts the next battle with its
full profile. An out-of-action fighter gets a "serious injury" note (the table is not in
these rules); the player records what happened by hand (advances, a status).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from rules import house_rules as tables
from rules.campaign import vp_words
from rules.i18n import gettext_noop as _
from rules.necromunda import battle
from rules.necromunda.data import (
    DEFAULT_MISSION_VP,
    DEFAULT_OUT_OF_ACTION_VP,
    FIGHTER_TYPES,
    ITEMS,
    OUT_OF_ACTION,
    OUTCOMES,
)
from rules.necromunda.validation import points_violation
from rules.registry import RecordField
from rules.types import BattleReport, Change, Roster, Side, Violation

HOUSE_RULE_KEYS = ("victory_points", "points")
POINTS_KEYS = {"fighters": FIGHTER_TYPES, "items": ITEMS}  # a points table's parts, and codes
DEFAULT_VP = MappingProxyType({**DEFAULT_MISSION_VP, "out_of_action": DEFAULT_OUT_OF_ACTION_VP})

# Words for the codes a report and the history use (marked for translation).
END_STATE_LABELS = {
    "unhurt": _("unhurt"),
    "flesh-wound": _("flesh wounded"),
    "down": _("down"),
    "out-of-action": _("out of action"),
}
OUTCOME_LABELS = {"win": _("win"), "draw": _("draw"), "loss": _("loss")}
DEED_LABELS = {"out_of_action": _("enemies put out of action")}
RESULT_LABELS = {
    "serious-injury": _("serious injury — table not in these rules"),
}
BOTTLED_LABELS = {"test": _("failed a bottle test"), "voluntary": _("bottled out voluntarily")}
LABELS = {
    **END_STATE_LABELS,
    "table:victory_points": _("Victory points (JSON)"),
    "house:victory_points": _("Victory points"),
    "house:points": _("Points table"),
    "table:points": _(
        'Points table (JSON: {"fighters": {type: cost}, "items": {item: cost}}); '
        "empty: gangs are not costed"
    ),
    "column:casualty_vp": _("VP for enemies out of action"),
    "column:outcome": _("Result"),  # a report's win, draw or loss
    **{f"outcome:{k}": v for k, v in OUTCOME_LABELS.items()},
    **{f"deed:{k}": v for k, v in DEED_LABELS.items()},
    **{f"result:{k}": v for k, v in RESULT_LABELS.items()},
    **{f"bottled:{k}": v for k, v in BOTTLED_LABELS.items()},
}


def _no_values(params: dict[str, Any], before: Any, after: Any, word) -> dict[str, Any]:
    return {}


# The history's words for the changes only Necromunda makes, and for its VP, which enemies
# put out of action add to rather than take from (``CampaignRules.history``).
HISTORY = {
    "vp": (
        _(
            "%(outcome)s: %(mission_vp)s VP for the mission, %(casualty_vp)s for enemies out "
            "of action, %(total_vp)s in all"
        ),
        vp_words,
    ),
    "serious-injury": (
        _("out of action: serious injury — table not in these rules, record it by hand"),
        _no_values,
    ),
}


@dataclass(frozen=True, slots=True)
class PointsTable:
    """A campaign's costs (section 1.6): per fighter type and per item; absent ones cost 0."""

    fighters: Mapping[str, int]
    items: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class HouseRules:
    vp: battle.VPTable = battle.DEFAULT_VP_TABLE
    points: PointsTable | None = None  # None: gangs are not costed


def default_house_rules() -> dict[str, Any]:
    return {"victory_points": dict(DEFAULT_VP), "points": None}


def _points_from_json(data: Any) -> PointsTable | None:
    if data is None:
        return None
    table = tables.parts(data, "points", POINTS_KEYS)
    return PointsTable(MappingProxyType(table["fighters"]), MappingProxyType(table["items"]))


def campaign_points(roster: Roster, house_rules: HouseRules) -> int | None:
    """The gang's points under the campaign's table (fighters not dead, their types and every
    item line), or None when the campaign costs nothing (the default)."""
    table = house_rules.points
    if table is None:
        return None
    total = 0
    for member in roster.members:
        if member.status == "dead":
            continue
        total += table.fighters.get(member.type, 0)
        total += sum(table.items.get(line.item, 0) * line.count for line in member.equipment)
    return total


def check_roster(roster: Roster, house_rules: HouseRules) -> list[Violation]:
    """What the campaign's house rules add to ``validate``: ``points-over-limit`` when a
    points table costs the gang over its limit."""
    points = campaign_points(roster, house_rules)
    return tables.points_check(points, roster.points_limit, points_violation)


def parse_house_rules(data: Any) -> HouseRules:
    """A campaign's tables; ``None`` or ``{}`` gives the defaults. Raises
    ``rules.house_rules.HouseRuleError``."""
    data = tables.tables(data, HOUSE_RULE_KEYS)
    vp = battle.DEFAULT_VP_TABLE
    if "victory_points" in data:
        values = tables.numbers(data["victory_points"], "victory_points", DEFAULT_VP)
        vp = battle.VPTable({k: values[k] for k in OUTCOMES}, values["out_of_action"])
    return HouseRules(vp=vp, points=_points_from_json(data.get("points")))


def resolve_side(
    roster: Roster,
    side: Side,
    rng: random.Random | None,
    house_rules: HouseRules | None,
    report: BattleReport,
) -> battle.SideResult:
    """The side's score (VP against the other side of ``report``) and its fighters' ends."""
    table = (house_rules or HouseRules()).vp
    return battle.resolve_side(roster, side, rng, report, table)


def changes(roster: Roster, side: Side | None, result: battle.SideResult) -> tuple[Change, ...]:
    """Everything the battle did to the gang, in order: its VP, then fighter by fighter.

    For each fighter that fought: the state it ended in (with its flesh wounds), then, out
    of action, the serious-injury note (no field: nothing changes by default). A fighter
    that sat the battle out recovering or captured comes back active; the dead stay dead.
    """
    score = result.score
    out = [
        Change(
            None,
            "vp",
            params={
                "outcome": side.outcome if side is not None else None,
                "bottled": score.bottled,
                "mission_vp": score.mission_vp,
                "casualty_vp": score.casualty_vp,
                "total_vp": score.total_vp,
                "enemies_out_of_action": score.enemies_out_of_action,
            },
        )
    ]
    ends = {f.member: f for f in result.fighters}
    for member in roster.members:
        name = member.name
        end = ends.get(name) if battle.fought(member) else None
        if end is None:
            if member.status in battle.ABSENT_FOR_ONE_BATTLE:
                out.append(Change(name, "returns", "status", member.status, "active"))
            continue
        out.append(
            Change(name, "fought", params={"state": end.state, "flesh_wounds": end.flesh_wounds})
        )
        if end.state == OUT_OF_ACTION:
            out.append(Change(name, "serious-injury", params={"result": "serious-injury"}))
    return tuple(out)


def check_side(roster: Roster, side: Side) -> list[tuple[str, str, dict[str, Any]]]:
    """Fighters a report names that are not in the gang, or that did not fight.

    Recovering, captured and dead fighters sit the battle out (``battle.fought``): a report
    that gives them a casualty or a deed is refused rather than scored.
    """
    problems = []
    named = [(f"casualties[{i}].member", c.member) for i, c in enumerate(side.casualties)]
    named += [(f"deeds[{i}].member", d.member) for i, d in enumerate(side.deeds)]
    for path, name in named:
        member = roster.member(name)
        if member is None:
            problems.append((path, _("no fighter named %(name)r in %(squad)s"),
                             {"name": name, "squad": roster.name}))  # fmt: skip
        elif not battle.fought(member):
            problems.append((path, _("%(name)r did not fight: the fighter is %(status)s"),
                             {"name": name, "status": member.status}))  # fmt: skip
    return problems


# The standings' own columns (section 5): times bottled and enemies put out of action.
STANDING_COLUMNS = (
    RecordField("bottled", _("Bottled"), "count", default=0, help=_("times the gang bottled out")),
    RecordField(
        "out_of_action", _("Enemies OOA"), "count", default=0,
        help=_("enemy fighters put out of action"),
    ),
)  # fmt: skip


def tallies(side: Side, result: battle.SideResult) -> dict[str, int]:
    """What one battle adds to the gang's own columns of the standings."""
    return {
        "bottled": 1 if side.details.get("bottled") else 0,
        "out_of_action": result.score.enemies_out_of_action,
    }
