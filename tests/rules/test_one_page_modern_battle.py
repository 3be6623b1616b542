"""After a one-page modern battle (one-page-modern.md section 5): casualties a side may
report, outcomes that fit, destroyed units and victory points."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.one_page_modern import battle
from rules.one_page_modern.battle import (
    DEFAULT_VP_TABLE,
    VPTable,
    check_casualties,
    destroyed,
    outcomes_fit,
    score,
)
from rules.one_page_modern.demo import EXAMPLE  # 1st Section: 7 models; Leopard; Pillbox
from rules.types import Roster, Unit


def messages(problems):
    return [(path, template % params) for path, template, params in problems]


# --- victory points ---------------------------------------------------------------------------


def test_the_default_vp_table():
    assert DEFAULT_VP_TABLE.mission == {"win": 3, "draw": 1, "loss": 0}
    assert DEFAULT_VP_TABLE.destroyed == 1


@pytest.mark.parametrize(("outcome", "vp"), [("win", 3), ("draw", 1), ("loss", 0)])
def test_mission_vp_by_outcome_without_losses(outcome, vp):
    assert score(outcome, EXAMPLE, {}) == {"mission_vp": vp, "casualty_vp": 0, "total_vp": vp}


def test_one_vp_off_per_own_unit_destroyed():
    lost = {"1st Section": 7, "Leopard": 1}

    assert score("win", EXAMPLE, lost) == {"mission_vp": 3, "casualty_vp": 2, "total_vp": 1}


def test_the_total_may_be_negative():
    lost = {"1st Section": 7, "Leopard": 1, "Pillbox": 1}

    assert score("loss", EXAMPLE, lost) == {"mission_vp": 0, "casualty_vp": 3, "total_vp": -3}


def test_models_lost_short_of_a_whole_unit_cost_nothing():
    assert score("draw", EXAMPLE, {"1st Section": 6})["casualty_vp"] == 0


def test_a_campaign_may_change_the_table():
    table = VPTable(mission={"win": 5, "draw": 2, "loss": 1}, destroyed=2)

    assert score("loss", EXAMPLE, {"Pillbox": 1}, table) == {
        "mission_vp": 1,
        "casualty_vp": 2,
        "total_vp": -1,
    }


# --- destroyed units --------------------------------------------------------------------------


def test_a_unit_is_destroyed_when_every_model_is_lost():
    assert destroyed(EXAMPLE, {"1st Section": 7}) == ["1st Section"]
    assert destroyed(EXAMPLE, {"1st Section": 6}) == []


def test_a_vehicle_or_bunker_is_destroyed_by_losing_one():
    assert destroyed(EXAMPLE, {"Pillbox": 1, "Leopard": 1}) == ["Leopard", "Pillbox"]
    assert destroyed(EXAMPLE, {"Pillbox": 0}) == []


def test_an_empty_unit_losing_nothing_is_not_destroyed():
    roster = Roster("one-page-modern", "F", "", (), None,
                    (Unit("Empty", "infantry", record={"training": "green"}),))  # fmt: skip

    assert destroyed(roster, {"Empty": 0}) == []


# --- casualties a side may report ---------------------------------------------------------------


def test_a_well_formed_list_has_no_problem():
    casualties = [("1st Section", 3), ("Leopard", 1), ("Pillbox", 0)]

    assert check_casualties(EXAMPLE, casualties) == []


def test_a_unit_the_force_lacks():
    assert messages(check_casualties(EXAMPLE, [("Technical", 1)])) == [
        ("casualties[0].unit", "the force has no unit named 'Technical'")
    ]


def test_the_same_unit_twice():
    problems = check_casualties(EXAMPLE, [("Leopard", 1), ("Pillbox", 1), ("Leopard", 0)])

    assert messages(problems) == [
        ("casualties[2].unit", "'Leopard' is already listed among this side's casualties")
    ]


@pytest.mark.parametrize("lost", ["3", 1.0, True, None, [1]])
def test_lost_must_be_an_integer(lost):
    ((path, template, _params),) = check_casualties(EXAMPLE, [("1st Section", lost)])

    assert path == "casualties[0].lost"
    assert template == battle.LOST_NOT_WHOLE


def test_lost_below_zero():
    assert messages(check_casualties(EXAMPLE, [("Leopard", -1)])) == [
        ("casualties[0].lost", "lost is 0 or more, not -1")
    ]


@pytest.mark.parametrize(("unit", "most"), [("1st Section", 7), ("Leopard", 1), ("Pillbox", 1)])
def test_lost_up_to_the_units_models(unit, most):
    assert check_casualties(EXAMPLE, [(unit, most)]) == []
    assert check_casualties(EXAMPLE, [(unit, 0)]) == []

    ((path, template, params),) = check_casualties(EXAMPLE, [(unit, most + 1)])
    assert path == "casualties[0].lost"
    assert template == battle.LOST_OVER_MODELS
    assert params == {"unit": unit, "models": most, "lost": most + 1}


def test_an_unknown_units_lost_is_still_checked_for_its_type():
    problems = check_casualties(EXAMPLE, [("Technical", -2)])

    assert [p[0] for p in problems] == ["casualties[0].unit", "casualties[0].lost"]


def test_paths_take_the_sides_prefix():
    problems = check_casualties(EXAMPLE, [("Technical", 1)], path="sides[1].casualties")

    assert problems[0][0] == "sides[1].casualties[0].unit"


# --- outcomes ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("outcomes", "fit"),
    [
        (["win", "loss"], True),
        (["loss", "win"], True),
        (["draw", "draw"], True),
        (["win", "loss", "loss"], True),
        (["draw", "draw", "draw"], True),
        (["win", "win"], False),
        (["loss", "loss"], False),
        (["win", "draw"], False),
        (["draw", "loss"], False),
        (["win", "loss", "draw"], False),
        (["win"], True),
        (["draw"], True),
        (["loss"], False),
        ([], False),
    ],
)
def test_outcomes_that_fit_together(outcomes, fit):
    assert outcomes_fit(outcomes) is fit


@given(st.lists(st.sampled_from(["win", "draw", "loss"]), min_size=1, max_size=5))
def test_outcomes_fit_exactly_when_one_wins_and_others_lose_or_all_draw(outcomes):
    one_winner = outcomes.count("win") == 1 and outcomes.count("draw") == 0
    all_draw = set(outcomes) == {"draw"}

    assert outcomes_fit(outcomes) is (one_winner or all_draw)
    assert bool(battle.OUTCOMES_MISFIT)
