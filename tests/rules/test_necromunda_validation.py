"""Necromunda's gang rules (docs/games/necromunda.md section 3)."""

import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.necromunda import data, validation
from rules.necromunda.derive import profile
from rules.necromunda.validation import points_violation, validate
from rules.types import Equipment, Member, Roster

CODES = set(re.findall(r"^([a-z][a-z-]+)\s{2,}", validation.__doc__, re.MULTILINE))


def fighter(name, type_="ganger", *items, advances=None, status="active"):
    equipment = tuple(Equipment(i) if isinstance(i, str) else Equipment(*i) for i in items)
    record = {"advances": advances} if advances else {}
    return Member(name, type_, equipment, status=status, record=record)


def gang(*members, leader=True):
    boss = [fighter("Boss", "leader")] if leader else []
    return Roster("necromunda", "Gang", "", (*boss, *members), None)


def codes(violations):
    return [v.code for v in violations]


def test_the_spec_roster_is_valid():
    rats = Roster("necromunda", "The Rust Rats", "Orlock", (
        fighter("Mak McMadd", "leader", "bolt-pistol", "sword", "carapace",
                advances={"ws": 1, "bs": 1, "ld": 1}),
        fighter("Hollis", "ganger", "heavy-stubber", "laspistol"),
        fighter("Pip", "kid", "autopistol"),
    ), None)  # fmt: skip

    assert validate(rats) == []


def test_the_docstring_lists_the_codes_validate_raises():
    assert CODES == {"characteristic-range", "armour-stacked", "leader-count"}


def test_base_profiles_are_within_range():
    # validate checks only advanced characteristics: this is why that is enough
    for fighter_type in data.FIGHTER_TYPES.values():
        assert all(1 <= value <= 10 for value in fighter_type.profile)


# --- leader-count ---------------------------------------------------------------------------


@pytest.mark.parametrize("leaders", [0, 2, 3])
def test_a_gang_has_exactly_one_leader(leaders):
    members = [fighter(f"Leader {i}", "leader") for i in range(leaders)]
    (violation,) = validate(gang(*members, fighter("Ganger"), leader=False))

    assert violation.code == "leader-count"
    assert violation.member is None
    assert violation.params == {"count": leaders}
    assert violation.message == f"A gang has exactly one leader; this one has {leaders}."


def test_an_empty_gang_has_no_leader():
    assert codes(validate(gang(leader=False))) == ["leader-count"]


def test_a_dead_leader_leaves_the_gang_without_one():
    dead = fighter("Old Boss", "leader", status="dead")

    assert codes(validate(gang(dead, leader=False))) == ["leader-count"]
    assert validate(gang(dead)) == []  # a new leader and the dead one


@pytest.mark.parametrize("status", ["recovering", "captured"])
def test_a_recovering_or_captured_leader_still_leads(status):
    assert validate(gang(fighter("Boss", "leader", status=status), leader=False)) == []


# --- characteristic-range -------------------------------------------------------------------


def test_one_violation_per_fighter_listing_its_characteristics():
    wild = fighter("Wild", "ganger", advances={"ws": -3, "ld": 4, "m": 1, "a": -1})
    (violation,) = validate(gang(wild))

    assert violation.code == "characteristic-range"
    assert violation.member == "Wild"
    assert violation.params["values"] == {"ws": 0, "a": 0, "ld": 11}
    assert violation.message == "Wild has WS 0, A 0, Ld 11: a characteristic is from 1 to 10."


@pytest.mark.parametrize(
    "advances", [{"ws": 7}, {"bs": -1}, {"m": 6}, {"w": 9}, {"s": -2}, {"ld": 3}]
)
def test_in_range_at_the_edges(advances):
    assert validate(gang(fighter("Edge", "kid" if "bs" in advances else "ganger",
                                 advances=advances))) == []  # fmt: skip


@pytest.mark.parametrize("advances", [{"ws": 8}, {"m": -4}, {"w": -1}, {"ld": 4}, {"t": -9}])
def test_out_of_range_just_past_the_edges(advances):
    assert codes(validate(gang(fighter("Edge", advances=advances)))) == ["characteristic-range"]


def test_the_kid_profile_counts():
    # a kid's WS is 2: -2 makes it 0, where a ganger's would be 1
    assert codes(validate(gang(fighter("Pip", "kid", advances={"ws": -2})))) == [
        "characteristic-range"
    ]
    assert validate(gang(fighter("Vance", "ganger", advances={"ws": -2}))) == []


def test_the_leader_is_checked_too():
    boss = fighter("Boss", "leader", advances={"ld": 5})

    assert codes(validate(gang(boss, leader=False))) == ["characteristic-range"]


@given(st.dictionaries(st.sampled_from(data.CHARACTERISTICS), st.integers(-9, 9), max_size=9))
@settings(max_examples=200, deadline=None)
def test_range_violation_iff_a_final_value_is_outside_1_to_10(advances):
    member = fighter("X", "ganger", advances={k: v for k, v in advances.items() if v})
    final = profile(member)

    expected = any(not 1 <= value <= 10 for value in final)
    assert ("characteristic-range" in codes(validate(gang(member)))) is expected


# --- armour-stacked -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "items, count",
    [(("flak", "mesh"), 2), ((("carapace", 2),), 2), (("flak", "flak", "carapace"), 3)],
)
def test_at_most_one_armour(items, count):
    (violation,) = validate(gang(fighter("Tank", "ganger", *items)))

    assert violation.code == "armour-stacked"
    assert violation.member == "Tank"
    assert violation.params == {"member": "Tank", "count": count}


@pytest.mark.parametrize("items", [(), ("flak",), ("carapace", "frag-grenades", "sword")])
def test_one_armour_or_none_is_fine(items):
    assert validate(gang(fighter("Tank", "ganger", *items))) == []


# --- independence, the dead -----------------------------------------------------------------


def test_each_rule_is_independent():
    bad = fighter("Bad", "ganger", "flak", "mesh", advances={"i": 8})

    assert sorted(codes(validate(gang(bad, leader=False)))) == [
        "armour-stacked", "characteristic-range", "leader-count",
    ]  # fmt: skip


def test_the_dead_are_ignored_by_every_rule():
    dead = fighter("Dead", "leader", "flak", "mesh", advances={"ws": -5}, status="dead")

    assert validate(gang(dead)) == []


def test_no_other_rule_no_size_no_type_count_no_weapon_limit():
    many = [fighter(f"Kid {i}", "kid", "lascannon", "autocannon") for i in range(30)]

    assert validate(gang(*many)) == []


# --- points: only with a campaign's points table --------------------------------------------


def test_validate_never_raises_points_over_limit():
    roster = replace(gang(*[fighter(f"G{i}", "ganger", "lascannon") for i in range(20)]),
                     points_limit=1)  # fmt: skip

    assert validate(roster) == []


def test_points_violation_hook():
    assert points_violation(120, None) is None
    assert points_violation(120, 120) is None
    violation = points_violation(121, 120)
    assert violation.code == "points-over-limit"
    assert violation.member is None
    assert violation.message == "The gang costs 121 points; the limit is 120."
