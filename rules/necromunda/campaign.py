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

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from rules import house_rules as tables
from rules import vp_campaign
from rules.campaign import model_changes, side_checker, vp_change, vp_words
from rules.i18n import gettext_noop as _
from rules.necromunda import battle
from rules.necromunda.data import (
    DEFAULT_MISSION_VP,
    DEFAULT_OUT_OF_ACTION_VP,
    FIGHTER_TYPES,
    ITEMS,
    OUT_OF_ACTION,
)
from rules.necromunda.validation import points_violation
from rules.registry import RecordField
from rules.types import Change, Member, Roster, Side

POINTS_KEYS = {"fighters": FIGHTER_TYPES, "items": ITEMS}  # a points table's parts, and codes
DEFAULT_VP = MappingProxyType({**DEFAULT_MISSION_VP, "out_of_action": DEFAULT_OUT_OF_ACTION_VP})

# Words for the codes a report and the history use (marked for translation).
END_STATE_LABELS = {
    "unhurt": _("unhurt"),
    "flesh-wound": _("flesh wounded"),
    "down": _("down"),
    "out-of-action": _("out of action"),
}
DEED_LABELS = {"out_of_action": _("enemies put out of action")}
RESULT_LABELS = {
    "serious-injury": _("serious injury — table not in these rules"),
}
BOTTLED_LABELS = {"test": _("failed a bottle test"), "voluntary": _("bottled out voluntarily")}
LABELS = {
    **vp_campaign.LABELS,
    **END_STATE_LABELS,
    "table:victory_points": _("Victory points (JSON)"),
    "table:points": _(
        'Points table (JSON: {"fighters": {type: cost}, "items": {item: cost}}); '
        "empty: gangs are not costed"
    ),
    "column:casualty_vp": _("VP for enemies out of action"),
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


# The campaign's tables: its VP table and its points table (None: gangs are not costed).
HouseRules = vp_campaign.house_rules_type(battle.DEFAULT_VP_TABLE, module=__name__)


def _points_from_json(data: Any) -> PointsTable:
    """A campaign's ``points`` table (``parse_house_rules`` reads ``null`` as none)."""
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


# The house-rule tables as every campaign of a VP table and a points table reads them.
default_house_rules, parse_house_rules, check_roster = vp_campaign.house_rule_functions(
    HouseRules, DEFAULT_VP, "out_of_action",
    points=_points_from_json, cost=campaign_points, violation=points_violation,
)  # fmt: skip


# The side's score (VP against the other side of the report) and its fighters' ends.
resolve_side = vp_campaign.side_resolver(HouseRules, battle.resolve_side)


def changes(roster: Roster, side: Side | None, result: battle.SideResult) -> tuple[Change, ...]:
    """Everything the battle did to the gang, in order: its VP, then fighter by fighter.

    For each fighter that fought: the state it ended in (with its flesh wounds), then, out
    of action, the serious-injury note (no field: nothing changes by default). A fighter
    that sat the battle out recovering or captured comes back active; the dead stay dead.
    """
    score = result.score
    out = [
        vp_change(
            side, score, {"bottled": score.bottled},
            enemies_out_of_action=score.enemies_out_of_action,
        )
    ]  # fmt: skip
    ends = {f.member: f for f in result.fighters}

    def of(member: Member, end: Any) -> list[Change]:
        name = member.name
        state = Change(
            name, "fought", params={"state": end.state, "flesh_wounds": end.flesh_wounds}
        )
        if end.state == OUT_OF_ACTION:
            return [state, Change(name, "serious-injury", params={"result": "serious-injury"})]
        return [state]

    return (*out, *model_changes(roster, ends, battle.fought, battle.ABSENT_FOR_ONE_BATTLE, of))


# What a report may not name: a fighter the gang lacks, one that sat the battle out.
CHECK_WORDS = (
    _("no fighter named %(name)r in %(squad)s"),
    _("%(name)r did not fight: the fighter is %(status)s"),
)


# Fighters a report names that are not in the gang, or that did not fight: recovering,
# captured and dead fighters sit the battle out (``battle.fought``), and a report that gives
# them a casualty or a deed is refused rather than scored.
check_side = side_checker(battle.fought, CHECK_WORDS)


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
