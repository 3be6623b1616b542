"""Bolt Action campaigns (bolt-action.md section 4, and the points table of 1.5): house
rules, the points table, a side's battle, its history and its standings."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from rules.bolt_action import CODE
from rules.bolt_action.battle import DEFAULT_VP_TABLE, UnitResult, VPTable
from rules.bolt_action.campaign import (
    HISTORY,
    LABELS,
    STANDING_COLUMNS,
    HouseRules,
    campaign_points,
    casualties,
    changes,
    check_roster,
    check_side,
    default_house_rules,
    parse_house_rules,
    resolve_side,
    tallies,
)
from rules.bolt_action.demo import EXAMPLE  # 1st Squad 9, MG Team 3, Pak 40 3, Panzer IV, Scouts 5
from rules.campaign import placings_by_outcome as placings
from rules.documents import parse_battle_report, roster_to_document
from rules.house_rules import HouseRuleError
from rules.types import BattleReport, Casualty, Change, Deeds, Equipment, Member, Roster, Side, Unit

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"

# --- house rules ------------------------------------------------------------------------------


def test_the_default_house_rules():
    assert default_house_rules() == {
        "victory_points": {"win": 3, "draw": 1, "loss": 0, "enemy_unit_destroyed": 1},
        "points": None,
    }


@pytest.mark.parametrize("data", [None, {}, {"victory_points": {}}, {"points": None}])
def test_nothing_or_an_empty_table_gives_the_defaults(data):
    rules = parse_house_rules(data)
    assert rules == HouseRules()
    assert rules.vp == DEFAULT_VP_TABLE
    assert rules.points is None


def test_the_defaults_read_back_as_the_defaults():
    assert parse_house_rules(default_house_rules()) == HouseRules()


def test_a_campaign_overrides_some_keys_and_the_rest_keep_their_defaults():
    rules = parse_house_rules({"victory_points": {"draw": 2, "enemy_unit_destroyed": 3}})
    assert rules.vp == VPTable({"win": 3, "draw": 2, "loss": 0}, 3)


@pytest.mark.parametrize("value", [-99, 0, 99])
def test_victory_points_run_from_minus_99_to_99(value):
    rules = parse_house_rules({"victory_points": {"enemy_unit_destroyed": value}})
    assert rules.vp.destroyed_enemy == value


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ([], ""),
        (7, ""),
        ({"reputation": {}}, "reputation"),
        ({"victory_points": "3"}, "victory_points"),
        ({"victory_points": {"unit_destroyed": 1}}, "victory_points.unit_destroyed"),
        ({"victory_points": {"out_of_action": 1}}, "victory_points.out_of_action"),
        ({"victory_points": {"win": 100}}, "victory_points.win"),
        ({"victory_points": {"loss": -100}}, "victory_points.loss"),
        ({"victory_points": {"draw": 0.5}}, "victory_points.draw"),
        (
            {"victory_points": {"enemy_unit_destroyed": False}},
            "victory_points.enemy_unit_destroyed",
        ),
        ({"victory_points": {"enemy_unit_destroyed": None}}, "victory_points.enemy_unit_destroyed"),
    ],
)
def test_house_rules_that_make_no_sense_are_refused_where_they_are_wrong(data, path):
    with pytest.raises(HouseRuleError) as error:
        parse_house_rules(data)
    assert error.value.path == path
    assert error.value.message
    assert isinstance(error.value, ValueError)


# --- points -----------------------------------------------------------------------------------

TABLE = {
    "units": {"infantry-squad": {"regular": 50, "veteran": 60}, "medium-tank": {"regular": 200}},
    "model": 10,
    "items": {"rifle": 1, "one-shot-anti-tank": 5, "mmg": 20, "anti-tank-gun": 30},
}
# 1st Squad: regular squad 50 + 9 models × 10 + 7 rifles + 2 one-shots × 5 (SMG, LMG left out)
# MG Team: team left out, 3 models × 10 + MMG 20
# Pak 40: artillery left out, 3 models × 10 + gun 30
# Panzer IV: regular medium tank 200 + one model 10 + gun 30 + 2 MMGs × 20
# Scouts: veteran squad 60 + 5 models × 10 + 4 rifles
BECKER = (50 + 90 + 7 + 10) + (30 + 20) + (30 + 30) + (200 + 10 + 30 + 40) + (60 + 50 + 4)


def with_limit(limit, roster=EXAMPLE):
    return replace(roster, points_limit=limit)


def test_without_a_table_forces_are_not_costed_and_never_over_a_limit():
    rules = parse_house_rules(default_house_rules())
    assert campaign_points(with_limit(1), rules) is None
    assert check_roster(with_limit(1), rules) == []


def test_a_table_costs_units_by_kind_and_quality_models_and_items():
    assert campaign_points(EXAMPLE, parse_house_rules({"points": TABLE})) == BECKER == 661


def test_a_group_holds_its_items_once_per_model_and_per_line_count():
    unit = Unit("Squad", "infantry-squad",
                (Member("Grenadier", "", (Equipment("rifle"), Equipment("one-shot-anti-tank", 2)),
                        record={"count": 3}),),
                record={"quality": "inexperienced"})  # fmt: skip
    roster = Roster(CODE, "F", "", (), None, (unit,))
    # inexperienced squad left out; 3 models × 10; 3 rifles; 3 × 2 one-shots × 5
    assert campaign_points(roster, parse_house_rules({"points": TABLE})) == 30 + 3 + 30


def test_a_vehicle_is_one_model_and_its_own_weapons_count_as_written():
    unit = Unit("Sherman", "medium-tank", equipment=(Equipment("mmg", 3),),
                record={"quality": "regular"})  # fmt: skip
    roster = Roster(CODE, "F", "", (), None, (unit,))
    assert campaign_points(roster, parse_house_rules({"points": TABLE})) == 200 + 10 + 60


def test_parts_and_codes_left_out_cost_nothing():
    assert campaign_points(EXAMPLE, parse_house_rules({"points": {}})) == 0
    assert campaign_points(EXAMPLE, parse_house_rules({"points": {"model": 1}})) == 21
    only_rifles = parse_house_rules({"points": {"items": {"rifle": 2}}})
    assert campaign_points(EXAMPLE, only_rifles) == 2 * 11


def test_over_the_campaign_limit_is_the_force_level_points_violation():
    rules = parse_house_rules({"points": TABLE})
    assert check_roster(with_limit(BECKER), rules) == []
    (violation,) = check_roster(with_limit(BECKER - 1), rules)
    assert violation.code == "points"
    assert violation.member is None
    assert violation.params == {"points": BECKER, "limit": BECKER - 1}
    assert check_roster(with_limit(None), rules) == []  # a table without a limit


def test_the_points_table_keeps_the_default_vp_and_the_vp_table_keeps_no_costs():
    assert parse_house_rules({"points": TABLE}).vp == DEFAULT_VP_TABLE
    assert parse_house_rules({"victory_points": {"win": 5}}).points is None


@pytest.mark.parametrize(
    ("table", "path"),
    [
        ([], "points"),
        ({"fighters": {}}, "points.fighters"),
        ({"units": []}, "points.units"),
        ({"units": {"cavalry": {}}}, "points.units.cavalry"),
        ({"units": {"light-tank": 5}}, "points.units.light-tank"),
        ({"units": {"light-tank": {"elite": 5}}}, "points.units.light-tank.elite"),
        ({"units": {"light-tank": {"regular": -1}}}, "points.units.light-tank.regular"),
        ({"units": {"light-tank": {"regular": 10000}}}, "points.units.light-tank.regular"),
        ({"model": {"regular": 5}}, "points.model"),
        ({"model": True}, "points.model"),
        ({"model": 1.5}, "points.model"),
        ({"items": []}, "points.items"),
        ({"items": {"pistol": 1}}, "points.items.pistol"),
        ({"items": {"rifle": "1"}}, "points.items.rifle"),
    ],
)
def test_a_points_table_that_makes_no_sense_is_refused_where_it_is_wrong(table, path):
    with pytest.raises(HouseRuleError) as error:
        parse_house_rules({"points": table})
    assert error.value.path == path


@pytest.mark.parametrize("cost", [0, 9999])
def test_costs_run_from_0_to_9999(cost):
    rules = parse_house_rules(
        {"points": {"model": cost, "units": {"artillery": {"veteran": cost}}}}
    )
    assert rules.points.model == cost
    assert rules.points.units == {"artillery": {"veteran": cost}}


# --- a battle ---------------------------------------------------------------------------------

ENEMY = Roster(CODE, "Easy Company", "United States", (), None, (
    Unit("Rifle Squad", "infantry-squad",
         (Member("Rifleman", "", (Equipment("rifle"),), record={"count": 8}),),
         record={"quality": "regular"}),
    Unit("Sherman", "medium-tank", equipment=(Equipment("anti-tank-gun"),),
         record={"quality": "regular"}),
))  # fmt: skip


def report_document(first, second, first_outcome="win", second_outcome="loss"):
    """A battle-report/1 document of the Kampfgruppe against Easy Company, rosters inline."""
    return {
        "format": "battle-report/1",
        "system": CODE,
        "scenario": "Crossroads",
        "sides": [
            {"roster": roster_to_document(EXAMPLE), "outcome": first_outcome,
             "casualties": list(first)},
            {"roster": roster_to_document(ENEMY), "outcome": second_outcome,
             "casualties": list(second)},
        ],
    }  # fmt: skip


def battle(first=(), second=(), first_outcome="win", second_outcome="loss", house_rules=None):
    """The report and both sides' results."""
    report = parse_battle_report(report_document(first, second, first_outcome, second_outcome))
    results = [resolve_side(side.roster, side, None, house_rules, report) for side in report.sides]
    return report, results


def destroyed(unit):
    return {"unit": unit, "state": "destroyed"}


def vp(result):
    return result.score.mission_vp, result.score.casualty_vp, result.score.total_vp


def test_the_spec_report_resolves():
    report = parse_battle_report(
        json.loads((EXAMPLES / "bolt-action-battle-report.json").read_text())
    )
    becker, easy = (resolve_side(s.roster, s, None, None, report) for s in report.sides)

    # the Kampfgruppe lost its Panzer IV and destroyed a squad and a Sherman
    assert vp(becker) == (3, 2, 5)
    assert (becker.units_destroyed, becker.enemies_destroyed) == (1, 2)
    assert vp(easy) == (0, 1, 1)
    assert (easy.units_destroyed, easy.enemies_destroyed) == (2, 1)


@pytest.mark.parametrize(("outcome", "mission"), [("win", 3), ("draw", 1), ("loss", 0)])
def test_mission_vp_plus_one_per_enemy_unit_destroyed(outcome, mission):
    other = {"win": "loss", "draw": "draw", "loss": "win"}[outcome]
    own = [destroyed("Scouts"), destroyed("Pak 40"), destroyed("MG Team")]
    _report, (result, _other) = battle(own, [destroyed("Sherman")], outcome, other)

    assert vp(result) == (mission, 1, mission + 1)  # own losses cost nothing
    assert (result.units_destroyed, result.enemies_destroyed) == (3, 1)


def test_enemies_are_counted_from_the_other_side_of_the_report():
    enemy = [destroyed("Rifle Squad"), destroyed("Sherman")]
    _report, (result, other) = battle([destroyed("Panzer IV")], enemy)

    assert result.enemies_destroyed == 2 and result.units_destroyed == 1
    assert other.enemies_destroyed == 1 and other.units_destroyed == 2


def test_enemies_with_casualties_or_pins_score_nothing():
    enemy = [{"unit": "Rifle Squad", "state": "casualties", "lost": 7, "pins": 8},
             {"unit": "Sherman", "state": "intact", "pins": 3}]  # fmt: skip
    _report, (result, _other) = battle((), enemy)
    assert vp(result) == (3, 0, 3)
    assert result.enemies_destroyed == 0


def test_the_campaigns_vp_table_scores_the_battle_and_is_never_negative():
    rules = parse_house_rules({"victory_points": {"win": 6, "loss": -5, "enemy_unit_destroyed": 2}})
    _report, (win, loss) = battle((), [destroyed("Sherman")], house_rules=rules)

    assert vp(win) == (6, 2, 8)
    assert vp(loss) == (-5, 0, 0)


def test_every_unit_has_an_end_state_in_the_forces_order():
    own = [destroyed("Panzer IV"), {"unit": "MG Team", "state": "intact", "pins": 1}]
    _report, (result, _other) = battle(own)
    assert result.units == (
        UnitResult("1st Squad", "intact", 0, 0),
        UnitResult("MG Team", "intact", 0, 1),
        UnitResult("Pak 40", "intact", 0, 0),
        UnitResult("Panzer IV", "destroyed", None, None),
        UnitResult("Scouts", "intact", 0, 0),
    )


def test_resolve_side_needs_no_die_and_no_house_rules():
    side = Side("draw", EXAMPLE)
    other = Side(
        "draw", ENEMY, casualties=(Casualty("Sherman", "destroyed", {"state": "destroyed"}),)
    )
    report = BattleReport(CODE, (side, other))
    result = resolve_side(EXAMPLE, side, None, None, report)
    assert vp(result) == (1, 1, 2)
    assert resolve_side(EXAMPLE, side, None, HouseRules(), report) == result


# --- changes --------------------------------------------------------------------------------

SPEC_CASUALTIES = [
    {"unit": "Panzer IV", "state": "destroyed"},
    {"unit": "MG Team", "state": "intact", "pins": 1},
    {"unit": "1st Squad", "state": "casualties", "lost": 3, "pins": 2},
    {"unit": "Scouts", "state": "intact"},  # intact, no pins: untouched
    {"unit": "Pak 40", "state": "casualties", "lost": 1},
]


def test_changes_give_the_vp_then_each_unit_not_intact_and_unpinned_in_the_forces_order():
    report, (result, _other) = battle(SPEC_CASUALTIES, [destroyed("Rifle Squad")])

    assert changes(EXAMPLE, report.sides[0], result) == (
        Change(None, "vp", params={
            "outcome": "win", "mission_vp": 3, "casualty_vp": 1, "total_vp": 4,
            "enemies_destroyed": 1, "units_destroyed": 1,
        }),
        Change(None, "unit-casualties", params={"unit": "1st Squad", "lost": 3, "pins": 2}),
        Change(None, "unit-pinned", params={"unit": "MG Team", "pins": 1}),
        Change(None, "unit-casualties", params={"unit": "Pak 40", "lost": 1, "pins": 0}),
        Change(None, "unit-destroyed", params={"unit": "Panzer IV"}),
    )  # fmt: skip


def test_an_untouched_force_gives_only_its_vp():
    report, (result, _other) = battle([{"unit": "Scouts", "state": "intact", "pins": 0}])
    (only,) = changes(EXAMPLE, report.sides[0], result)
    assert only.kind == "vp"
    assert only.params["total_vp"] == 3


def test_nothing_carries_over_no_member_no_field():
    report, (result, _other) = battle(SPEC_CASUALTIES)
    for change in changes(EXAMPLE, report.sides[0], result):
        assert change.member is None
        assert change.field is None
        assert change.before is None and change.after is None and change.roll is None
        assert len(change.kind) <= 20


def test_changes_without_a_side_have_no_outcome():
    report, (result, _other) = battle()
    assert changes(EXAMPLE, None, result)[0].params["outcome"] is None


# --- check_side -------------------------------------------------------------------------------


def test_a_report_that_fits_the_force_has_no_problem():
    report, _results = battle(SPEC_CASUALTIES)
    assert check_side(EXAMPLE, report.sides[0]) == []


def test_check_side_names_each_problem_inside_the_side():
    side = Side("win", None, 12, casualties=(
        Casualty("Tiger", "destroyed", {"state": "destroyed"}),
        Casualty("1st Squad", "casualties", {"state": "casualties", "lost": 9}),
        Casualty("MG Team", "casualties", {"state": "casualties"}),
        Casualty("Scouts", "destroyed", {"state": "destroyed", "pins": 2}),
        Casualty("Pak 40", "intact", {"state": "intact", "pins": -1}),
        Casualty("Pak 40", "intact", {"state": "intact"}),
    ), deeds=(Deeds("Brandt", {"out_of_action": 1}),), details={"bottled": "test"})  # fmt: skip
    problems = check_side(EXAMPLE, side)

    assert [(path, template % params) for path, template, params in problems] == [
        ("casualties[0].unit", "the force has no unit named 'Tiger'"),
        ("casualties[1].lost", "'1st Squad': models: 9; a unit still on the table lost at most "
                               "8, not 9 (report it destroyed)"),
        ("casualties[2].lost", "lost is required"),
        ("casualties[3].pins", "pins is not given for a unit that ended destroyed"),
        ("casualties[4].pins", "pins is a whole number, 0 or more, not -1"),
        ("casualties[5].unit", "'Pak 40' is already listed among this side's casualties"),
        ("deeds", "deeds is not a key of a Bolt Action side"),
        ("bottled", "bottled is not a key of a Bolt Action side"),
    ]  # fmt: skip


# --- placings, standings ----------------------------------------------------------------------


@pytest.mark.parametrize("outcomes", [("win", "loss"), ("loss", "win"), ("draw", "draw")])
def test_placings_are_the_reported_outcomes_whatever_the_vp(outcomes):
    # the first side loses every unit, whatever outcome it reports
    every = [destroyed(u.name) for u in EXAMPLE.units]
    report, results = battle(every, (), *outcomes)
    assert placings(report.sides, results) == list(outcomes)


def test_the_standings_count_enemy_units_destroyed_and_own_units_lost():
    own = [destroyed("Panzer IV"), destroyed("Scouts"), {"unit": "Pak 40", "state": "casualties",
                                                         "lost": 2}]  # fmt: skip
    report, (result, other) = battle(own, [destroyed("Sherman")])
    becker, easy = report.sides

    assert tallies(becker, result) == {"enemy_destroyed": 1}
    assert tallies(easy, other) == {"enemy_destroyed": 2}
    assert casualties(becker, result) == 2
    assert casualties(easy, other) == 1


def test_the_standing_column_is_a_count_of_enemy_units_destroyed():
    (column,) = STANDING_COLUMNS
    assert (column.key, column.label, column.kind, column.default) == (
        "enemy_destroyed", "Enemy units destroyed", "count", 0,
    )  # fmt: skip
    assert column.help


def test_the_labels():
    assert LABELS["column:casualties"] == "Units lost"
    assert LABELS["column:casualty_vp"] == "VP for enemy units destroyed"
    assert {LABELS[f"outcome:{o}"] for o in ("win", "draw", "loss")} == {"win", "draw", "loss"}
    assert {s: LABELS[s] for s in ("intact", "casualties", "destroyed")} == {
        "intact": "intact", "casualties": "with casualties", "destroyed": "destroyed",
    }  # fmt: skip
    for key in ("win", "draw", "loss", "enemy_unit_destroyed"):
        assert key in LABELS["table:victory_points"]
    for key in ('"units"', '"model"', '"items"', "not costed"):
        assert key in LABELS["table:points"]


# --- the history's words ----------------------------------------------------------------------


def word(code, prefix=""):
    return str(code)


def test_every_history_template_formats_with_the_params_changes_give():
    report, (result, _other) = battle(SPEC_CASUALTIES, [destroyed("Rifle Squad")])
    out = changes(EXAMPLE, report.sides[0], result)

    assert {c.kind for c in out} == set(HISTORY)
    assert set(HISTORY) == {"vp", "unit-pinned", "unit-casualties", "unit-destroyed"}
    lines = []
    for change in out:
        template, values = HISTORY[change.kind]
        lines.append(template % values(change.params, None, None, word))
    assert lines == [
        "win: 3 VP for the mission, +1 for enemy units destroyed, 4 in all",
        "1st Squad: ended with casualties (models lost: 3, pins: 2)",
        "MG Team: intact, pins: 1",
        "Pak 40: ended with casualties (models lost: 1, pins: 0)",
        "Panzer IV: destroyed",
    ]


def test_the_vp_line_words_the_outcome_with_its_label():
    template, values = HISTORY["vp"]
    params = {"outcome": "draw", "mission_vp": 1, "casualty_vp": 2, "total_vp": 3}
    labelled = values(params, None, None, lambda code, prefix="": LABELS[f"{prefix}{code}"])
    assert (
        template % labelled == "draw: 1 VP for the mission, +2 for enemy units destroyed, 3 in all"
    )
