"""After a Necromunda battle (docs/games/necromunda.md sections 4.3 and 5): victory points,
the report's own rules, the campaign's history and house rules."""

import json
import random

import pytest

from rules.house_rules import HouseRuleError
from rules.necromunda import battle, campaign
from rules.necromunda.battle import check_report, flesh_wounds, score_side
from rules.necromunda.campaign import (
    HISTORY,
    LABELS,
    changes,
    check_side,
    default_house_rules,
    parse_house_rules,
    resolve_side,
)
from rules.types import BattleReport, Casualty, Change, Deeds, Equipment, Member, Roster, Side


def fighter(name, type_="ganger", status="active"):
    return Member(name, type_, (Equipment("lasgun"),), status=status)


RATS = Roster("necromunda", "The Rust Rats", "Orlock", (
    fighter("Mak McMadd", "leader"), fighter("Hollis"), fighter("Pip", "kid"),
    fighter("Sleepy", status="recovering"), fighter("Held", status="captured"),
    fighter("Gone", status="dead"),
), None)  # fmt: skip
GOLIATHS = Roster("necromunda", "Iron Skulls", "Goliath", (
    fighter("Krug", "leader"), fighter("Brak"), fighter("Vorn"),
), None)  # fmt: skip


def side(outcome, roster=RATS, casualties=(), deeds=(), **details):
    return Side(outcome, roster, casualties=tuple(casualties), deeds=tuple(deeds),
                details=details)  # fmt: skip


def report(*sides):
    return BattleReport("necromunda", tuple(sides), "Gang fight", "2026-11-20")


def ooa(name):
    return Casualty(name, "out-of-action")


# --- victory points -------------------------------------------------------------------------


def test_the_spec_report_scores_as_section_5_says():
    rats = side("win", RATS, [ooa("Hollis"), Casualty("Pip", "flesh-wound", details={
        "flesh_wounds": 2})], [Deeds("Mak McMadd", {"out_of_action": 2})])  # fmt: skip
    skulls = side("loss", GOLIATHS, [ooa("Brak"), ooa("Vorn"), Casualty("Krug", "down")],
                  bottled="test")  # fmt: skip
    r = report(rats, skulls)

    assert score_side(RATS, rats, r).as_dict() == {
        "squad": "The Rust Rats", "mission_vp": 3, "casualty_vp": 2, "total_vp": 5,
    }  # fmt: skip
    assert score_side(GOLIATHS, skulls, r).as_dict() == {
        "squad": "Iron Skulls", "mission_vp": 0, "casualty_vp": 1, "total_vp": 1,
    }  # fmt: skip
    assert score_side(GOLIATHS, skulls, r).bottled == "test"


@pytest.mark.parametrize("outcome, vp", [("win", 3), ("draw", 1), ("loss", 0)])
def test_mission_vp_by_outcome(outcome, vp):
    mine = side(outcome)
    score = score_side(RATS, mine, report(mine, side("draw", GOLIATHS)))

    assert (score.mission_vp, score.casualty_vp, score.total_vp) == (vp, 0, vp)


def test_casualty_vp_counts_the_other_sides_out_of_action_fighters_only():
    mine = side("draw", RATS, [ooa("Hollis"), ooa("Pip")])
    theirs = side("draw", GOLIATHS, [ooa("Brak"), Casualty("Vorn", "down"),
                                     Casualty("Krug", "flesh-wound")])  # fmt: skip
    r = report(mine, theirs)

    assert score_side(RATS, mine, r).casualty_vp == 1
    assert score_side(RATS, mine, r).enemies_out_of_action == 1
    assert score_side(GOLIATHS, theirs, r).casualty_vp == 2


def test_two_equal_sides_are_told_apart():
    a = side("draw", RATS, [ooa("Hollis")])
    b = side("draw", RATS, [ooa("Hollis")])  # equal values, another object
    r = report(a, b)

    assert score_side(RATS, a, r).casualty_vp == 1
    assert score_side(RATS, b, r).casualty_vp == 1
    assert score_side(RATS, side("draw", RATS, [ooa("Hollis")]), r).casualty_vp == 1


def test_a_side_not_in_the_report_is_refused():
    with pytest.raises(ValueError):
        score_side(RATS, side("win"), report(side("loss", GOLIATHS), side("draw", GOLIATHS)))


def test_a_house_rule_table_changes_the_score_and_the_total_is_never_negative():
    table = battle.VPTable({"win": 5, "draw": 2, "loss": -4}, 2)
    mine = side("loss")
    theirs = side("win", GOLIATHS, [ooa("Brak")])
    r = report(mine, theirs)

    assert score_side(RATS, mine, r, table).as_dict()["total_vp"] == 0  # -4 + 2 = -2 -> 0
    assert score_side(RATS, mine, r, table).casualty_vp == 2
    assert score_side(GOLIATHS, theirs, r, table).total_vp == 5


# --- the report's own rules -----------------------------------------------------------------


@pytest.mark.parametrize("a, b", [("win", "loss"), ("loss", "win"), ("draw", "draw")])
def test_outcomes_that_fit(a, b):
    assert check_report(report(side(a), side(b, GOLIATHS))) == []


@pytest.mark.parametrize(
    "a, b", [("win", "win"), ("loss", "loss"), ("win", "draw"), ("draw", "loss")]
)
def test_outcomes_that_do_not_fit(a, b):
    ((path, template, params),) = check_report(report(side(a), side(b, GOLIATHS)))

    assert path == "sides[1].outcome"
    assert params == {"outcome": b, "other": a}
    assert "one side wins and the other loses, or both draw" in template % params


@pytest.mark.parametrize("count", [0, 1, 3])
def test_exactly_two_sides(count):
    sides = [side("draw", RATS)] * count
    problems = check_report(report(*sides))

    assert problems[0] == ("sides", battle.TWO_SIDES, {"count": count})
    assert f"exactly two sides; this report has {count}." in battle.TWO_SIDES % {"count": count}


@pytest.mark.parametrize("bottled", ["test", "voluntary"])
def test_a_bottled_side_has_lost(bottled):
    assert check_report(report(side("loss", bottled=bottled), side("win", GOLIATHS))) == []

    problems = check_report(report(side("draw", bottled=bottled), side("draw", GOLIATHS)))

    assert problems == [("sides[0].outcome", battle.BOTTLED_LOST, {"outcome": "draw"})]


def test_flesh_wounds_are_refused_on_an_unhurt_fighter_and_allowed_elsewhere():
    fine = [
        Casualty("Pip", "flesh-wound", details={"flesh_wounds": 3}),
        Casualty("Hollis", "down", details={"flesh_wounds": 1}),
        Casualty("Mak McMadd", "out-of-action", details={"flesh_wounds": 2}),
        Casualty("Sleepy", "unhurt"),
    ]
    wrong = [Casualty("Krug", "down"), Casualty("Brak", "unhurt", details={"flesh_wounds": 1})]

    problems = check_report(report(side("win", RATS, fine), side("loss", GOLIATHS, wrong)))

    assert problems == [
        ("sides[1].casualties[1].flesh_wounds", battle.UNHURT_FLESH_WOUNDS, {}),
    ]


def test_every_problem_is_reported():
    problems = check_report(report(
        side("win", bottled="test",
             casualties=[Casualty("Pip", "unhurt", details={"flesh_wounds": 2})]),
        side("win", GOLIATHS),
    ))  # fmt: skip

    assert [path for path, _t, _p in problems] == [
        "sides[1].outcome", "sides[0].outcome", "sides[0].casualties[0].flesh_wounds",
    ]  # fmt: skip


@pytest.mark.parametrize(
    "state, details, wounds",
    [("flesh-wound", {}, 1), ("flesh-wound", {"flesh_wounds": 3}, 3), ("down", {}, 0),
     ("down", {"flesh_wounds": 2}, 2), ("out-of-action", {}, 0), ("unhurt", {}, 0)],
)  # fmt: skip
def test_flesh_wounds_default(state, details, wounds):
    assert flesh_wounds(Casualty("Pip", state, details=details)) == wounds


# --- the campaign's history -----------------------------------------------------------------


def resolved(mine, r, house=None):
    return resolve_side(RATS, mine, random.Random(1), parse_house_rules(house), r)


def test_changes_in_order_vp_then_fighter_by_fighter():
    mine = side("loss", RATS, [ooa("Hollis"),
                               Casualty("Pip", "flesh-wound", details={"flesh_wounds": 2})],
                bottled="voluntary")  # fmt: skip
    theirs = side("win", GOLIATHS, [ooa("Brak")])
    result = resolved(mine, report(mine, theirs))

    assert changes(RATS, mine, result) == (
        Change(None, "vp", params={
            "outcome": "loss", "bottled": "voluntary", "mission_vp": 0, "casualty_vp": 1,
            "total_vp": 1, "enemies_out_of_action": 1,
        }),
        Change("Mak McMadd", "fought", params={"state": "unhurt", "flesh_wounds": 0}),
        Change("Hollis", "fought", params={"state": "out-of-action", "flesh_wounds": 0}),
        Change("Hollis", "serious-injury", params={"result": "serious-injury"}),
        Change("Pip", "fought", params={"state": "flesh-wound", "flesh_wounds": 2}),
        Change("Sleepy", "returns", "status", "recovering", "active"),
        Change("Held", "returns", "status", "captured", "active"),
    )  # fmt: skip


def test_by_default_nothing_lasts():
    mine = side("win", RATS, [ooa("Hollis"), Casualty("Pip", "down")])
    result = resolved(mine, report(mine, side("loss", GOLIATHS)))
    lasting = [c for c in changes(RATS, mine, result) if c.field is not None]

    # only the fighters who sat the battle out change: they come back
    assert [(c.member, c.field, c.after) for c in lasting] == [
        ("Sleepy", "status", "active"), ("Held", "status", "active"),
    ]  # fmt: skip
    assert not any(c.member == "Gone" for c in changes(RATS, mine, result))


def test_the_serious_injury_note_is_only_for_out_of_action_fighters():
    mine = side("draw", RATS, [Casualty("Hollis", "down"), ooa("Pip"), ooa("Mak McMadd")])
    result = resolved(mine, report(mine, side("draw", GOLIATHS)))

    noted = [c.member for c in changes(RATS, mine, result) if c.kind == "serious-injury"]
    assert noted == ["Mak McMadd", "Pip"]
    assert all(r.serious_injury == (r.state == "out-of-action") for r in result.fighters)


def test_resolve_side_scores_with_the_campaign_table():
    mine = side("win")
    theirs = side("loss", GOLIATHS, [ooa("Brak"), ooa("Vorn")])
    house = {"victory_points": {"win": 10, "out_of_action": 3}}
    result = resolved(mine, report(mine, theirs), house)

    assert (result.score.mission_vp, result.score.casualty_vp, result.score.total_vp) == (
        10, 6, 16,
    )  # fmt: skip
    assert resolve_side(RATS, mine, None, None, report(mine, theirs)).score.total_vp == 5


def test_resolve_side_lists_every_fighter_that_fought():
    mine = side("win", RATS, [Casualty("Pip", "flesh-wound")])
    result = resolved(mine, report(mine, side("loss", GOLIATHS)))

    assert [(f.member, f.state, f.flesh_wounds) for f in result.fighters] == [
        ("Mak McMadd", "unhurt", 0), ("Hollis", "unhurt", 0), ("Pip", "flesh-wound", 1),
    ]  # fmt: skip


def test_changes_without_a_side():
    mine = side("win")
    result = resolved(mine, report(mine, side("loss", GOLIATHS)))

    assert changes(RATS, None, result)[0].params["outcome"] is None


# --- naming fighters ------------------------------------------------------------------------


def test_check_side_refuses_strangers_and_fighters_who_did_not_fight():
    mine = side(
        "win",
        RATS,
        [Casualty("Nobody", "down"), Casualty("Sleepy", "down"), Casualty("Pip", "down")],
        [Deeds("Gone", {"out_of_action": 1}), Deeds("Hollis", {"out_of_action": 1})],
    )
    problems = check_side(RATS, mine)

    assert [(path, template % params) for path, template, params in problems] == [
        ("casualties[0].member", "no fighter named 'Nobody' in The Rust Rats"),
        ("casualties[1].member", "'Sleepy' did not fight: the fighter is recovering"),
        ("deeds[0].member", "'Gone' did not fight: the fighter is dead"),
    ]


# --- words ----------------------------------------------------------------------------------


def test_labels_cover_every_code_a_report_and_the_history_use():
    for code in ("unhurt", "flesh-wound", "down", "out-of-action", "outcome:win",
                 "outcome:draw", "outcome:loss", "deed:out_of_action", "bottled:test",
                 "bottled:voluntary", "result:serious-injury"):  # fmt: skip
        assert LABELS[code]
    assert LABELS["out-of-action"] == "out of action"


def test_history_words_the_serious_injury():
    template, values = HISTORY["serious-injury"]

    assert template % values({}, None, None, lambda code, prefix="": code) == (
        "out of action: serious injury — table not in these rules, record it by hand"
    )


# --- house rules ----------------------------------------------------------------------------


def test_default_house_rules_round_trip_through_json():
    default = default_house_rules()

    assert default == {
        "victory_points": {"win": 3, "draw": 1, "loss": 0, "out_of_action": 1},
        "points": None,  # gangs are not costed unless a campaign sets a table (1.6)
    }
    assert parse_house_rules(json.loads(json.dumps(default))) == campaign.HouseRules()
    assert parse_house_rules({}) == parse_house_rules(None) == campaign.HouseRules()


def test_missing_keys_take_the_defaults():
    rules = parse_house_rules({"victory_points": {"draw": 2}})

    assert dict(rules.vp.mission) == {"win": 3, "draw": 2, "loss": 0}
    assert rules.vp.out_of_action == 1


@pytest.mark.parametrize(
    "data, path",
    [
        ([], ""),
        ("victory_points", ""),
        ({"survival": {}}, "survival"),
        ({"victory_points": []}, "victory_points"),
        ({"victory_points": {"bottled": 1}}, "victory_points.bottled"),
        ({"victory_points": {"win": "3"}}, "victory_points.win"),
        ({"victory_points": {"win": 2.5}}, "victory_points.win"),
        ({"victory_points": {"win": True}}, "victory_points.win"),
        ({"victory_points": {"loss": None}}, "victory_points.loss"),
        ({"victory_points": {"out_of_action": 100}}, "victory_points.out_of_action"),
        ({"victory_points": {"draw": -100}}, "victory_points.draw"),
    ],
)
def test_bad_house_rules_are_refused_naming_the_field(data, path):
    with pytest.raises(HouseRuleError) as caught:
        parse_house_rules(data)

    assert isinstance(caught.value, ValueError)
    assert caught.value.path == path
    assert caught.value.message
