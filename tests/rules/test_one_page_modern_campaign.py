"""One-page modern campaigns (one-page-modern.md section 5, and the points table of section 2):
house rules, the points table, a side's battle, its history and its standings."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from rules.campaign import placings_by_outcome as placings
from rules.documents import parse_battle_report, roster_to_document
from rules.house_rules import HouseRuleError
from rules.one_page_modern import CODE, campaign
from rules.one_page_modern.battle import DEFAULT_VP_TABLE, VPTable
from rules.one_page_modern.campaign import (
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
from rules.one_page_modern.demo import EXAMPLE  # 1st Section: 7 models; Leopard; Pillbox
from rules.types import BattleReport, Casualty, Change, Equipment, Member, Roster, Side, Unit

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"

# --- house rules ------------------------------------------------------------------------------


def test_the_default_house_rules():
    assert default_house_rules() == {
        "victory_points": {"win": 3, "draw": 1, "loss": 0, "unit_destroyed": 1},
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
    rules = parse_house_rules({"victory_points": {"win": 5, "unit_destroyed": 2}})
    assert rules.vp == VPTable({"win": 5, "draw": 1, "loss": 0}, 2)


@pytest.mark.parametrize("value", [-99, 0, 99])
def test_victory_points_run_from_minus_99_to_99(value):
    assert parse_house_rules({"victory_points": {"loss": value}}).vp.mission["loss"] == value


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ([], ""),
        ("3", ""),
        ({"survival": {}}, "survival"),
        ({"victory_points": []}, "victory_points"),
        ({"victory_points": {"out_of_action": 1}}, "victory_points.out_of_action"),
        ({"victory_points": {"enemy_unit_destroyed": 1}}, "victory_points.enemy_unit_destroyed"),
        ({"victory_points": {"win": 100}}, "victory_points.win"),
        ({"victory_points": {"draw": -100}}, "victory_points.draw"),
        ({"victory_points": {"loss": 1.5}}, "victory_points.loss"),
        ({"victory_points": {"unit_destroyed": True}}, "victory_points.unit_destroyed"),
        ({"victory_points": {"unit_destroyed": "1"}}, "victory_points.unit_destroyed"),
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
    "training": {"green": 5, "seasoned": 10, "veteran": 15},
    "items": {"assault-rifle": 2, "grenades": 3, "heavy-machine-gun": 20, "light-cannon": 40},
    "vehicles": {"heavy": 100},
    "bunker": 50,
}
# 1st Section: Sgt. Hale, a veteran leader, 15 + rifle 2 + grenades 3; 5 riflemen 5 × (10 + 2);
# the gunner 10 (no LMG cost). Leopard: seasoned 10 + heavy 100 + cannon 40 + 2 × HMG 20.
# Pillbox: green 5 + bunker 50 (no heavy cannon cost).
SECTION = 15 + 2 + 3 + 5 * (10 + 2) + 10
LEOPARD = 10 + 100 + 40 + 2 * 20
PILLBOX = 5 + 50
KESTREL = SECTION + LEOPARD + PILLBOX


def with_limit(limit, roster=EXAMPLE):
    return replace(roster, points_limit=limit)


def test_without_a_table_forces_are_not_costed_and_never_over_a_limit():
    rules = parse_house_rules(default_house_rules())
    assert campaign_points(with_limit(1), rules) is None
    assert check_roster(with_limit(1), rules) == []


def test_a_table_costs_models_by_training_items_vehicles_and_bunkers():
    assert campaign_points(EXAMPLE, parse_house_rules({"points": TABLE})) == KESTREL == 335


def test_a_group_pays_its_training_and_its_items_for_each_model():
    unit = Unit("Squad", "infantry",
                (Member("Rifleman", "", (Equipment("assault-rifle", 2), Equipment("grenades")),
                        record={"count": 4}),),
                record={"training": "green"})  # fmt: skip
    roster = Roster(CODE, "F", "", (), None, (unit,))
    # 4 models × (green 5 + 2 rifles × 2 + grenades 3)
    assert campaign_points(roster, parse_house_rules({"points": TABLE})) == 4 * (5 + 4 + 3)


def test_a_vehicles_own_weapons_count_per_line_not_per_model():
    unit = Unit("Truck", "vehicle", equipment=(Equipment("heavy-machine-gun", 3),),
                record={"training": "veteran", "armour_class": "unarmoured"})  # fmt: skip
    roster = Roster(CODE, "F", "", (), None, (unit,))
    # veteran 15, unarmoured left out (0), 3 × HMG 20
    assert campaign_points(roster, parse_house_rules({"points": TABLE})) == 15 + 60


def test_codes_and_the_bunker_left_out_cost_nothing():
    rules = parse_house_rules({"points": {"items": {"grenades": 3}}})
    assert campaign_points(EXAMPLE, rules) == 3
    assert campaign_points(EXAMPLE, parse_house_rules({"points": {}})) == 0


def test_over_the_campaign_limit_is_a_force_level_points_over_limit():
    rules = parse_house_rules({"points": TABLE})
    assert check_roster(with_limit(KESTREL), rules) == []
    (violation,) = check_roster(with_limit(KESTREL - 1), rules)
    assert violation.code == "points-over-limit"
    assert violation.member is None
    assert violation.params == {"points": KESTREL, "limit": KESTREL - 1}
    assert violation.message == "The force costs 335 points; the limit is 334."
    assert check_roster(with_limit(None), rules) == []  # a table without a limit


def test_the_points_table_keeps_the_default_vp_and_the_vp_table_keeps_no_costs():
    assert parse_house_rules({"points": TABLE}).vp == DEFAULT_VP_TABLE
    assert parse_house_rules({"victory_points": {"win": 5}}).points is None


@pytest.mark.parametrize(
    ("table", "path"),
    [
        ([], "points"),
        ({"fighters": {}}, "points.fighters"),
        ({"training": []}, "points.training"),
        ({"items": 3}, "points.items"),
        ({"vehicles": []}, "points.vehicles"),
        ({"training": {"rookie": 5}}, "points.training.rookie"),
        ({"items": {"lasgun": 5}}, "points.items.lasgun"),
        ({"vehicles": {"tank": 5}}, "points.vehicles.tank"),
        ({"training": {"green": -1}}, "points.training.green"),
        ({"items": {"rpg": 10000}}, "points.items.rpg"),
        ({"vehicles": {"light": True}}, "points.vehicles.light"),
        ({"vehicles": {"light": 2.5}}, "points.vehicles.light"),
        ({"bunker": -1}, "points.bunker"),
        ({"bunker": {"green": 5}}, "points.bunker"),
        ({"bunker": None}, "points.bunker"),
    ],
)
def test_a_points_table_that_makes_no_sense_is_refused_where_it_is_wrong(table, path):
    with pytest.raises(HouseRuleError) as error:
        parse_house_rules({"points": table})
    assert error.value.path == path


@pytest.mark.parametrize("cost", [0, 9999])
def test_costs_run_from_0_to_9999(cost):
    rules = parse_house_rules({"points": {"bunker": cost, "training": {"elite": cost}}})
    assert rules.points.bunker == cost
    assert rules.points.training == {"elite": cost}


# --- a battle ---------------------------------------------------------------------------------

ENEMY = Roster(CODE, "Red Cell", "", (), None, (
    Unit("Militia", "infantry",
         (Member("Fighter", "", (Equipment("assault-rifle"),), record={"count": 4}),
          Member("RPG gunner", "", (Equipment("rpg"),))),
         record={"training": "green"}),
    Unit("Technical", "vehicle", equipment=(Equipment("heavy-machine-gun"),),
         record={"training": "green", "armour_class": "unarmoured"}),
))  # fmt: skip


def report_document(first, second, first_outcome="win", second_outcome="loss"):
    """A battle-report/1 document of Kestrel against Red Cell, both rosters inline."""
    return {
        "format": "battle-report/1",
        "system": CODE,
        "scenario": "Ridge road",
        "sides": [
            {"roster": roster_to_document(EXAMPLE), "outcome": first_outcome,
             "casualties": [{"unit": u, "lost": n} for u, n in first]},
            {"roster": roster_to_document(ENEMY), "outcome": second_outcome,
             "casualties": [{"unit": u, "lost": n} for u, n in second]},
        ],
    }  # fmt: skip


def battle(first=(), second=(), first_outcome="win", second_outcome="loss", house_rules=None):
    """The report and both sides' results."""
    report = parse_battle_report(report_document(first, second, first_outcome, second_outcome))
    results = [resolve_side(side.roster, side, None, house_rules, report) for side in report.sides]
    return report, results


def test_the_spec_report_resolves():
    report = parse_battle_report(
        json.loads((EXAMPLES / "one-page-modern-battle-report.json").read_text())
    )
    kestrel, red = (resolve_side(s.roster, s, None, None, report) for s in report.sides)

    assert (kestrel.score.mission_vp, kestrel.score.casualty_vp, kestrel.score.total_vp) == (
        3, 0, 3,
    )  # fmt: skip
    assert (kestrel.models_lost, kestrel.units_destroyed) == (3, 0)
    # Militia (5 of 5) and the Technical destroyed; the Gun Crew lost 1 of 2
    assert (red.score.mission_vp, red.score.casualty_vp, red.score.total_vp) == (0, 2, -2)
    assert (red.models_lost, red.units_destroyed) == (7, 2)


@pytest.mark.parametrize(("outcome", "mission"), [("win", 3), ("draw", 1), ("loss", 0)])
def test_mission_vp_less_one_per_own_unit_destroyed(outcome, mission):
    other = {"win": "loss", "draw": "draw", "loss": "win"}[outcome]
    _report, (result, _other) = battle([("Leopard", 1), ("1st Section", 2)], (), outcome, other)

    assert result.score.mission_vp == mission
    assert result.score.casualty_vp == 1  # the Leopard; the section lost only 2 of 7
    assert result.score.total_vp == mission - 1
    assert result.models_lost == 3
    assert result.units_destroyed == 1


def test_the_total_may_be_negative():
    lost = [("1st Section", 7), ("Leopard", 1), ("Pillbox", 1)]
    _report, (result, _other) = battle(lost, (), "loss", "win")

    assert (result.score.mission_vp, result.score.casualty_vp, result.score.total_vp) == (
        0, 3, -3,
    )  # fmt: skip
    assert (result.models_lost, result.units_destroyed) == (9, 3)


def test_the_campaigns_vp_table_scores_the_battle():
    rules = parse_house_rules({"victory_points": {"win": 4, "loss": 1, "unit_destroyed": 3}})
    _report, (win, loss) = battle([("Pillbox", 1)], [("Militia", 5)], house_rules=rules)

    assert (win.score.mission_vp, win.score.casualty_vp, win.score.total_vp) == (4, 3, 1)
    assert (loss.score.mission_vp, loss.score.casualty_vp, loss.score.total_vp) == (1, 3, -2)


def test_an_enemys_losses_do_not_score():
    _report, (result, _other) = battle((), [("Militia", 5), ("Technical", 1)])
    assert (result.score.casualty_vp, result.score.total_vp) == (0, 3)
    assert (result.models_lost, result.units_destroyed) == (0, 0)


def test_every_unit_has_a_result_in_the_forces_order():
    _report, (result, _other) = battle([("Pillbox", 1), ("1st Section", 0)])
    assert result.units == (
        campaign.UnitResult("1st Section", 7, 0, False),
        campaign.UnitResult("Leopard", 1, 0, False),
        campaign.UnitResult("Pillbox", 1, 1, True),
    )


def test_resolve_side_needs_no_die_and_no_house_rules():
    side = Side("draw", EXAMPLE, casualties=(Casualty("Leopard", "", {"lost": 1}),))
    report = BattleReport(CODE, (side, Side("draw", ENEMY)))
    result = resolve_side(EXAMPLE, side, None, None, report)
    assert result.score.total_vp == 0
    assert resolve_side(EXAMPLE, side, None, HouseRules(), report) == result


# --- changes --------------------------------------------------------------------------------


def test_changes_give_the_vp_then_each_unit_that_lost_models_in_the_forces_order():
    report, (result, _other) = battle([("Pillbox", 1), ("1st Section", 3)], (), "draw", "draw")
    side = report.sides[0]

    assert changes(EXAMPLE, side, result) == (
        Change(None, "vp", params={
            "outcome": "draw", "mission_vp": 1, "casualty_vp": 1, "total_vp": 0,
            "models_lost": 4, "units_destroyed": 1,
        }),
        Change(None, "unit-lost", params={"unit": "1st Section", "lost": 3, "models": 7}),
        Change(None, "unit-destroyed", params={"unit": "Pillbox", "models": 1}),
    )  # fmt: skip


def test_untouched_units_give_no_change():
    report, (result, _other) = battle([("1st Section", 0)])
    (vp,) = changes(EXAMPLE, report.sides[0], result)
    assert vp.kind == "vp"
    assert vp.params["total_vp"] == 3


def test_nothing_carries_over_no_member_no_field():
    lost = [("1st Section", 7), ("Leopard", 1), ("Pillbox", 1)]
    report, (result, _other) = battle(lost, (), "loss", "win")
    out = changes(EXAMPLE, report.sides[0], result)

    assert [c.kind for c in out] == ["vp", "unit-destroyed", "unit-destroyed", "unit-destroyed"]
    assert [c.params.get("unit") for c in out[1:]] == ["1st Section", "Leopard", "Pillbox"]
    for change in out:
        assert change.member is None
        assert change.field is None
        assert change.before is None and change.after is None and change.roll is None
        assert len(change.kind) <= 20


def test_changes_without_a_side_have_no_outcome():
    report, (result, _other) = battle()
    assert changes(EXAMPLE, None, result)[0].params["outcome"] is None


# --- check_side -------------------------------------------------------------------------------


def test_a_report_that_fits_the_force_has_no_problem():
    side = Side("win", EXAMPLE, casualties=(Casualty("1st Section", "", {"lost": 7}),
                                            Casualty("Leopard", "", {"lost": 0})))  # fmt: skip
    assert check_side(EXAMPLE, side) == []


def test_check_side_names_each_problem_inside_the_side():
    side = Side("win", None, 3, casualties=(
        Casualty("Bradley", "", {"lost": 1}),
        Casualty("1st Section", "", {"lost": 8}),
        Casualty("1st Section", "", {"lost": 1}),
        Casualty("Leopard", "", {"lost": -1}),
        Casualty("Pillbox", "", {"lost": True}),
        Casualty("Leopard", "", {}),
    ))  # fmt: skip
    problems = check_side(EXAMPLE, side)

    assert [(path, template % params) for path, template, params in problems] == [
        ("casualties[0].unit", "the force has no unit named 'Bradley'"),
        ("casualties[1].lost", "'1st Section' has 7 models: it cannot lose 8"),
        ("casualties[2].unit", "'1st Section' is already listed among this side's casualties"),
        ("casualties[3].lost", "lost is 0 or more, not -1"),
        ("casualties[4].lost", "lost is a whole number of models, not True"),
        ("casualties[5].unit", "'Leopard' is already listed among this side's casualties"),
        ("casualties[5].lost", "lost is a whole number of models, not None"),
    ]


# --- placings, standings ----------------------------------------------------------------------


@pytest.mark.parametrize("outcomes", [("win", "loss"), ("loss", "win"), ("draw", "draw")])
def test_placings_are_the_reported_outcomes_whatever_the_vp(outcomes):
    # the winner loses every unit and ends on fewer VP than the loser
    every = [("1st Section", 7), ("Leopard", 1), ("Pillbox", 1)]
    report, results = battle(every, (), *outcomes)
    assert placings(report.sides, results) == list(outcomes)


def test_the_standings_count_own_units_destroyed_and_models_lost():
    report, (result, other) = battle([("1st Section", 2), ("Leopard", 1)], [("Militia", 5)])
    kestrel, red = report.sides

    assert tallies(kestrel, result) == {"units_destroyed": 1}
    assert tallies(red, other) == {"units_destroyed": 1}
    assert casualties(kestrel, result) == 3
    assert casualties(red, other) == 5


def test_the_standing_column_is_a_count_of_own_units_destroyed():
    (column,) = STANDING_COLUMNS
    assert (column.key, column.label, column.kind, column.default) == (
        "units_destroyed", "Units destroyed", "count", 0,
    )  # fmt: skip
    assert column.help


def test_the_labels():
    assert LABELS["column:casualties"] == "Models lost"
    assert LABELS["column:casualty_vp"] == "VP lost for own units destroyed"
    assert {LABELS[f"outcome:{o}"] for o in ("win", "draw", "loss")} == {"win", "draw", "loss"}
    for key in ("win", "draw", "loss", "unit_destroyed"):
        assert key in LABELS["table:victory_points"]
    for key in ("training", "items", "vehicles", "bunker", "not costed"):
        assert key in LABELS["table:points"]


# --- the history's words ----------------------------------------------------------------------


def word(code, prefix=""):
    return str(code)


def test_every_history_template_formats_with_the_params_changes_give():
    lost = [("1st Section", 3), ("Leopard", 1)]
    report, (result, _other) = battle(lost, (), "draw", "draw")
    out = changes(EXAMPLE, report.sides[0], result)

    assert {c.kind for c in out} == set(HISTORY) == {"vp", "unit-lost", "unit-destroyed"}
    lines = []
    for change in out:
        template, values = HISTORY[change.kind]
        lines.append(template % values(change.params, None, None, word))
    assert lines == [
        "draw: 1 VP for the mission, −1 for own units destroyed, 0 in all",
        "1st Section: lost 3 of 7 models",
        "Leopard: destroyed",
    ]


def test_the_vp_line_words_the_outcome_with_its_label():
    template, values = HISTORY["vp"]
    params = {"outcome": "win", "mission_vp": 3, "casualty_vp": 0, "total_vp": 3}
    labelled = values(params, None, None, lambda code, prefix="": LABELS[f"{prefix}{code}"])
    assert template % labelled == "win: 3 VP for the mission, −0 for own units destroyed, 3 in all"
