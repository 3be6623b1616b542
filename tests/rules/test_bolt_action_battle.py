"""After a Bolt Action battle (bolt-action.md section 4): the report's own rules, victory
points, each unit's end state and the standings."""

import pytest

from rules.bolt_action import CODE, battle
from rules.bolt_action.battle import (
    DEFAULT_VP_TABLE,
    SideScore,
    UnitResult,
    VPTable,
    check_casualties,
    check_report,
    check_side,
    destroyed_units,
    enemies_destroyed,
    outcomes_fit,
    resolve_side,
    score,
    score_side,
    standings,
    unit_results,
)
from rules.bolt_action.demo import EXAMPLE
from rules.types import BattleReport, Casualty, Deeds, Equipment, Member, Roster, Side, Unit

ENEMY = Roster(CODE, "Easy Company", "United States", (), None, (
    Unit("Rifle Squad", "infantry-squad",
         (Member("Rifleman", "", (Equipment("rifle"),), record={"count": 8}),),
         record={"quality": "regular"}),
    Unit("Sherman", "medium-tank", equipment=(Equipment("anti-tank-gun"),),
         record={"quality": "regular"}),
))  # fmt: skip


def side(outcome, roster=EXAMPLE, casualties=()):
    return Side(outcome, roster, casualties=tuple(casualties))


def report(*sides):
    return BattleReport(CODE, tuple(sides), "Crossroads", "2026-11-20")


# The spec's report: the Kampfgruppe wins, its enemy loses its Rifle Squad.
SPEC_CASUALTIES = (
    Casualty("1st Squad", "casualties", {"lost": 3, "pins": 2}),
    Casualty("MG Team", "intact", {"pins": 1}),
    Casualty("Panzer IV", "destroyed"),
)
WINNER = side("win", EXAMPLE, SPEC_CASUALTIES)
LOSER = side("loss", ENEMY, [Casualty("Rifle Squad", "destroyed")])
SPEC_REPORT = report(WINNER, LOSER)


def problems(casualties, roster=EXAMPLE):
    return [(path, params) for path, _template, params in check_casualties(roster, casualties)]


# --- the spec's report ----------------------------------------------------------------------


def test_the_spec_report_reads():
    assert check_report(SPEC_REPORT) == []
    assert check_side(EXAMPLE, WINNER) == []
    assert check_side(ENEMY, LOSER) == []


def test_the_spec_report_as_document_objects_reads():
    raw = [
        {"unit": "1st Squad", "state": "casualties", "lost": 3, "pins": 2},
        {"unit": "MG Team", "state": "intact", "pins": 1},
        {"unit": "Panzer IV", "state": "destroyed"},
    ]
    assert check_casualties(EXAMPLE, raw) == []


def test_the_spec_report_scores():
    win = score_side(EXAMPLE, WINNER, SPEC_REPORT)
    loss = score_side(ENEMY, LOSER, SPEC_REPORT)

    assert win.as_dict() == {"squad": "Kampfgruppe Becker", "mission_vp": 3, "casualty_vp": 1,
                             "total_vp": 4}  # fmt: skip
    assert loss.as_dict() == {"squad": "Easy Company", "mission_vp": 0, "casualty_vp": 1,
                              "total_vp": 1}  # fmt: skip
    assert win.text_lines("win") == [
        "Kampfgruppe Becker: win, 3 VP",
        "  enemy units destroyed: 1, +1 VP, total 4 VP",
    ]


# --- sides and outcomes ---------------------------------------------------------------------


@pytest.mark.parametrize("outcomes, fit", [
    (("win", "loss"), True), (("loss", "win"), True), (("draw", "draw"), True),
    (("win", "win"), False), (("loss", "loss"), False), (("win", "draw"), False),
    (("draw", "loss"), False), (("win",), False), (("win", "loss", "loss"), False), ((), False),
])  # fmt: skip
def test_outcomes_fit(outcomes, fit):
    assert outcomes_fit(outcomes) is fit


@pytest.mark.parametrize("count", [1, 3])
def test_a_report_has_exactly_two_sides(count):
    sides = [side("draw") for _ in range(count)]
    (found,) = check_report(report(*sides))
    assert found == ("sides", battle.TWO_SIDES, {"count": count})


def test_outcomes_that_do_not_fit_are_refused():
    (found,) = check_report(report(side("win"), side("draw", ENEMY)))
    assert found[0] == "sides[1].outcome"
    assert found[1] % found[2] == (
        "draw does not fit the other side's win: one side wins and the other loses, or both draw."
    )


def test_an_unknown_outcome_is_refused():
    found = check_report(report(side("victory"), side("loss", ENEMY)))
    assert found == [("sides[0].outcome", battle.UNKNOWN_OUTCOME, {"outcome": "victory"})]


# --- casualties -----------------------------------------------------------------------------


def test_a_unit_the_force_lacks():
    assert problems([Casualty("Tiger", "destroyed")]) == [("casualties[0].unit",
                                                           {"unit": "Tiger"})]  # fmt: skip


def test_a_unit_listed_twice():
    found = problems([Casualty("Scouts", "destroyed"), Casualty("Scouts", "intact")])
    assert found == [("casualties[1].unit", {"unit": "Scouts"})]


def test_unit_and_state_are_required():
    assert problems([{"state": "destroyed"}]) == [("casualties[0].unit", {"key": "unit"})]
    assert problems([{"unit": "Scouts"}]) == [("casualties[0].state", {"key": "state"})]


def test_an_unknown_state():
    found = problems([Casualty("Scouts", "routed")])
    assert found == [("casualties[0].state", {"state": "routed"})]


def test_lost_is_required_with_casualties():
    (found,) = check_casualties(EXAMPLE, [Casualty("Scouts", "casualties")])
    assert found == ("casualties[0].lost", battle.REQUIRED, {"key": "lost"})


@pytest.mark.parametrize("lost", [True, "2", 2.0, None])
def test_lost_is_a_whole_number(lost):
    assert problems([Casualty("Scouts", "casualties", {"lost": lost})]) == [
        ("casualties[0].lost", {"lost": lost})
    ]


@pytest.mark.parametrize("lost, ok", [(0, False), (1, True), (4, True), (5, False), (6, False)])
def test_lost_is_from_1_to_fewer_than_the_units_models(lost, ok):
    # Scouts: 5 models
    assert (problems([Casualty("Scouts", "casualties", {"lost": lost})]) == []) is ok


def test_lost_out_of_range_says_what_fits():
    (found,) = check_casualties(EXAMPLE, [Casualty("1st Squad", "casualties", {"lost": 9})])
    assert found[0] == "casualties[0].lost"
    assert found[1] % found[2] == (
        "'1st Squad': models: 9; a unit still on the table lost at most 8, not 9 "
        "(report it destroyed)"
    )


def test_a_vehicle_cannot_end_with_casualties():
    assert problems([Casualty("Panzer IV", "casualties", {"lost": 1})]) == [
        ("casualties[0].lost", {"unit": "Panzer IV", "models": 1, "most": 0, "lost": 1})
    ]


def test_lost_of_a_unit_the_force_lacks_is_checked_for_its_lower_bound_only():
    found = problems([Casualty("Tiger", "casualties", {"lost": 0})])
    assert found == [("casualties[0].unit", {"unit": "Tiger"}), ("casualties[0].lost", {"lost": 0})]


@pytest.mark.parametrize("state, details, key", [
    ("intact", {"lost": 1}, "lost"),
    ("destroyed", {"lost": 5}, "lost"),
    ("destroyed", {"pins": 2}, "pins"),
])  # fmt: skip
def test_an_extra_key_for_a_state(state, details, key):
    found = problems([Casualty("Scouts", state, details)])
    assert found == [(f"casualties[0].{key}", {"key": key, "state": state})]


@pytest.mark.parametrize("pins, ok", [(0, True), (3, True), (-1, False), (True, False),
                                      ("1", False)])  # fmt: skip
@pytest.mark.parametrize("state, details", [("intact", {}), ("casualties", {"lost": 1})])
def test_pins_are_a_whole_number_from_0(state, details, pins, ok):
    found = problems([Casualty("Scouts", state, {**details, "pins": pins})])
    assert (found == []) is ok


@pytest.mark.parametrize("key", ["member", "treated", "cv_loss"])
def test_a_black_sun_key_on_a_casualty_is_refused(key):
    found = problems([{"unit": "Scouts", "state": "destroyed", key: "x"}])
    assert found == [(f"casualties[0].{key}", {"key": key})]


def test_side_keys_of_black_sun_are_refused():
    deeds = Side("win", EXAMPLE, deeds=(Deeds("Scouts", {"kills": 1}),))
    rolls = Side("win", EXAMPLE, details={"survival_rolls": {"Scouts": 3}})
    assert check_side(EXAMPLE, deeds) == [("deeds", battle.NOT_A_SIDE_KEY, {"key": "deeds"})]
    assert check_side(EXAMPLE, rolls) == [
        ("survival_rolls", battle.NOT_A_SIDE_KEY, {"key": "survival_rolls"})
    ]


def test_check_side_paths_start_at_the_side():
    found = check_side(EXAMPLE, side("win", casualties=[Casualty("Tiger", "destroyed")]))
    assert [path for path, *_ in found] == ["casualties[0].unit"]


# --- victory points -------------------------------------------------------------------------


@pytest.mark.parametrize("outcome, mission", [("win", 3), ("draw", 1), ("loss", 0)])
@pytest.mark.parametrize("enemies", [0, 1, 4])
def test_score_is_the_outcome_plus_one_per_enemy_unit_destroyed(outcome, mission, enemies):
    assert score(outcome, enemies) == {
        "mission_vp": mission, "casualty_vp": enemies, "total_vp": mission + enemies,
    }  # fmt: skip


def test_a_house_rule_table_replaces_the_default():
    table = VPTable({"win": 5, "draw": 2, "loss": 1}, 2)
    assert score("draw", 3, table) == {"mission_vp": 2, "casualty_vp": 6, "total_vp": 8}
    assert DEFAULT_VP_TABLE == VPTable()


def test_a_battles_vp_are_never_negative():
    table = VPTable({"win": 3, "draw": 1, "loss": -2}, 1)
    assert score("loss", 1, table)["total_vp"] == 0


def test_own_losses_cost_nothing_and_intact_or_damaged_enemies_score_nothing():
    enemy = side("loss", ENEMY, [Casualty("Rifle Squad", "casualties", {"lost": 4}),
                                 Casualty("Sherman", "intact", {"pins": 2})])  # fmt: skip
    mine = side("win", EXAMPLE, [Casualty("Scouts", "destroyed"), Casualty("Pak 40", "destroyed")])
    r = report(mine, enemy)
    assert enemies_destroyed(r, mine) == 0
    assert enemies_destroyed(r, enemy) == 2
    assert score_side(EXAMPLE, mine, r) == SideScore("Kampfgruppe Becker", 3, 0, 3, 0)


def test_destroyed_units_in_report_order():
    assert destroyed_units(WINNER) == ["Panzer IV"]
    assert destroyed_units(side("draw")) == []


def test_a_side_not_in_the_report_cannot_be_scored():
    with pytest.raises(ValueError):
        enemies_destroyed(SPEC_REPORT, side("draw"))


def test_a_side_equal_to_one_of_the_report_is_found_by_value():
    copy = side("win", EXAMPLE, SPEC_CASUALTIES)
    assert enemies_destroyed(SPEC_REPORT, copy) == 1


# --- each unit's end state, nothing carried over --------------------------------------------


def test_unit_results_in_the_force_order_unlisted_intact_with_no_pins():
    assert unit_results(EXAMPLE, WINNER) == (
        UnitResult("1st Squad", "casualties", 3, 2),
        UnitResult("MG Team", "intact", 0, 1),
        UnitResult("Pak 40", "intact", 0, 0),
        UnitResult("Panzer IV", "destroyed", None, None),
        UnitResult("Scouts", "intact", 0, 0),
    )


def test_casualties_without_pins_have_zero_pins():
    (first, *_) = unit_results(EXAMPLE, side("win", casualties=[
        Casualty("1st Squad", "casualties", {"lost": 2})]))  # fmt: skip
    assert first == UnitResult("1st Squad", "casualties", 2, 0)


def test_resolve_side_scores_and_logs_each_unit_without_rolling():
    result = resolve_side(EXAMPLE, WINNER, None, SPEC_REPORT)
    assert result.score == score_side(EXAMPLE, WINNER, SPEC_REPORT)
    assert result.units == unit_results(EXAMPLE, WINNER)


# --- standings ------------------------------------------------------------------------------


def test_standings_sum_vp_and_count_outcomes():
    rows = [("Becker", "win", 4), ("Easy", "loss", 1), ("Becker", "draw", 1),
            ("Easy", "draw", 2), ("Becker", "loss", 0)]  # fmt: skip
    assert standings(rows) == {
        "Becker": {"total_vp": 5, "wins": 1, "draws": 1, "losses": 1},
        "Easy": {"total_vp": 3, "wins": 0, "draws": 1, "losses": 1},
    }
    assert standings([]) == {}


def test_the_games_own_refusals_are_told_apart_from_the_documents_shape():
    from rules.documents import DocumentError, parse_battle_report

    def problems(outcomes):
        sides = [{"squad_id": i + 1, "outcome": o} for i, o in enumerate(outcomes)]
        with pytest.raises(DocumentError) as error:
            parse_battle_report({"format": "battle-report/1", "system": "bolt-action",
                                 "sides": sides})  # fmt: skip
        return error.value.problems

    (rule,) = problems(["win", "draw"])  # well shaped: the game's check refuses it
    assert rule.path == "sides[1].outcome" and rule.rule
    shape = problems([7, "loss"])  # not even text: the document's shape
    assert shape and not any(p.rule for p in shape)
