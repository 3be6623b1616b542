"""A campaign's points table (necromunda.md 1.6): the text prints no costs, so gangs are
costed only where a campaign sets a table as house-rule data."""

from __future__ import annotations

import pytest

from rules.house_rules import HouseRuleError
from rules.necromunda.campaign import (
    HouseRules,
    campaign_points,
    check_roster,
    default_house_rules,
    parse_house_rules,
)
from rules.types import Equipment, Member, Roster

TABLE = {"fighters": {"leader": 120, "ganger": 50}, "items": {"lasgun": 25, "frag-grenades": 30}}


def gang(points_limit=None, *extra: Member) -> Roster:
    return Roster(
        "necromunda", "Rust Rats", "Orlock", points_limit=points_limit,
        members=(
            Member("Mak", "leader", (Equipment("lasgun"), Equipment("frag-grenades", 2))),
            Member("Hollis", "ganger", (Equipment("lasgun"),)),
            Member("Pip", "kid", (Equipment("knife"),)),  # the kid and the knife are not in it
            Member("Old Tam", "ganger", (Equipment("lasgun"),), status="dead"),
            *extra,
        ),
    )  # fmt: skip


def test_without_a_table_gangs_are_not_costed_and_never_over_a_limit():
    assert default_house_rules()["points"] is None
    rules = parse_house_rules(default_house_rules())
    assert rules == HouseRules()
    assert campaign_points(gang(1), rules) is None
    assert check_roster(gang(1), rules) == []


def test_a_table_costs_types_and_item_lines_of_fighters_not_dead():
    rules = parse_house_rules({"points": TABLE})
    # Mak 120 + 25 + 2 × 30, Hollis 50 + 25, Pip 0 (kid and knife absent), Old Tam dead
    assert campaign_points(gang(), rules) == 120 + 25 + 60 + 50 + 25


def test_over_the_campaign_limit_is_a_gang_level_points_over_limit():
    rules = parse_house_rules({"points": TABLE})
    assert check_roster(gang(280), rules) == []
    (violation,) = check_roster(gang(279), rules)
    assert violation.code == "points-over-limit"
    assert violation.member is None
    assert violation.params == {"points": 280, "limit": 279}
    assert check_roster(gang(None), rules) == []  # a table without a limit: no violation


def test_the_table_keeps_the_default_victory_points_and_the_vp_table_keeps_no_costs():
    assert parse_house_rules({"points": TABLE}).vp == HouseRules().vp
    assert parse_house_rules({"victory_points": {"win": 5}}).points is None


@pytest.mark.parametrize(
    ("table", "path"),
    [
        ([], "points"),
        ({"credits": {}}, "points.credits"),
        ({"fighters": []}, "points.fighters"),
        ({"fighters": {"heavy": 100}}, "points.fighters.heavy"),
        ({"items": {"lasgun": -1}}, "points.items.lasgun"),
        ({"items": {"lasgun": 10000}}, "points.items.lasgun"),
        ({"items": {"lasgun": True}}, "points.items.lasgun"),
        ({"items": {"lasgun": 2.5}}, "points.items.lasgun"),
    ],
)
def test_a_table_that_makes_no_sense_is_refused_where_it_is_wrong(table, path):
    with pytest.raises(HouseRuleError) as error:
        parse_house_rules({"points": table})
    assert error.value.path == path
