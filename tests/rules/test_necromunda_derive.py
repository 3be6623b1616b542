"""Necromunda's derived values (docs/games/necromunda.md section 2): the spec's example, and
every key at its edges."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.necromunda import data
from rules.necromunda.derive import (
    bottle_at,
    derive,
    derive_member,
    gear,
    profile,
    profile_dict,
    target_label,
    two_hand_weapons,
)
from rules.types import Equipment, Member, Roster

FAST = settings(max_examples=200, deadline=None)
KEYS = {
    "profile",
    "to_hit",
    "run",
    "charge",
    "grenade_range",
    "attack_dice",
    "cc_save_modifier",
    "save",
    "encumbered",
    "weapon_to_hit",
}


def fighter(name="Vance", type_="ganger", *items, advances=None, status="active"):
    equipment = tuple(Equipment(i) if isinstance(i, str) else Equipment(*i) for i in items)
    record = {"advances": advances} if advances else {}
    return Member(name, type_, equipment, status=status, record=record)


def gang(*members):
    return Roster("necromunda", "The Rust Rats", "Orlock", tuple(members), None)


def rust_rats():
    """The roster of section 4.2."""
    return gang(
        fighter("Mak McMadd", "leader", "bolt-pistol", "sword", "carapace",
                advances={"ws": 1, "bs": 1, "ld": 1}),
        fighter("Hollis", "ganger", "heavy-stubber", "laspistol"),
        fighter("Pip", "kid", "autopistol"),
    )  # fmt: skip


def one(*items, type_="ganger", advances=None):
    return derive_member(fighter("X", type_, *items, advances=advances))


# --- the spec's example ---------------------------------------------------------------------


def test_the_spec_example_comes_out_exactly():
    result = derive(rust_rats())

    assert result["bottle_at"] == 1
    assert json.loads(json.dumps(result["derived"]["Mak McMadd"])) == {
        "profile": {"m": 4, "ws": 4, "bs": 4, "s": 3, "t": 3, "w": 1, "i": 3, "a": 1, "ld": 8},
        "to_hit": 3,
        "run": 8,
        "charge": 8,
        "grenade_range": 8,
        "attack_dice": 2,
        "cc_save_modifier": 0,
        "save": 4,
        "encumbered": False,
        "weapon_to_hit": {"bolt-pistol": {"short": 1, "long": 3}},
    }


def test_the_other_fighters_of_the_example():
    derived = derive(rust_rats())["derived"]

    hollis, pip = derived["Hollis"], derived["Pip"]
    assert hollis["to_hit"] == 4
    assert hollis["encumbered"] is True
    assert hollis["attack_dice"] == 1  # a heavy weapon rules out the two-weapon die
    assert hollis["save"] is None
    assert hollis["weapon_to_hit"] == {
        "heavy-stubber": {"short": None, "long": None},
        "laspistol": {"short": 2, "long": 5},  # the spec: 4 - 2 = 2, 4 + 1 = 5
    }
    assert pip["profile"]["ws"] == 2 and pip["profile"]["bs"] == 2
    assert pip["to_hit"] == 5
    assert pip["attack_dice"] == 2  # an autopistol and the free knife
    assert pip["weapon_to_hit"] == {"autopistol": {"short": None, "long": None}}


def test_derived_holds_exactly_the_ten_keys_for_every_fighter():
    derived = derive(rust_rats())["derived"]

    assert list(derived) == ["Mak McMadd", "Hollis", "Pip"]
    assert all(set(values) == KEYS for values in derived.values())
    assert json.loads(json.dumps(derived)) == derived  # plain JSON values


def test_the_dead_are_derived_too_and_an_invalid_gang_as_well():
    dead = fighter("Old Jeb", "ganger", "lasgun", status="dead")
    broken = fighter("Too Good", "ganger", advances={"ws": 9})  # WS 12: a violation
    derived = derive(gang(dead, broken))["derived"]  # no leader either

    assert derived["Old Jeb"]["to_hit"] == 4
    assert derived["Too Good"]["profile"]["ws"] == 12


def test_the_profile_is_the_types_plus_advances():
    member = fighter("X", "kid", advances={"ws": 1, "t": -1, "ld": 2})

    assert profile(member) == data.Profile(m=4, ws=3, bs=2, s=3, t=2, w=1, i=3, a=1, ld=9)
    assert profile_dict(member) == profile(member)._asdict()
    assert derive_member(member)["profile"] == profile(member)._asdict()
    assert profile(fighter("Y", "leader")) == data.GANGER_PROFILE


def test_derive_does_not_share_or_change_the_type_profile():
    first = derive_member(fighter("A", "ganger", advances={"m": 1}))
    first["profile"]["ws"] = 99

    assert derive_member(fighter("B", "ganger"))["profile"]["ws"] == 3
    assert data.FIGHTER_TYPES["ganger"].profile.ws == 3


# --- to hit ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bs, to_hit", [(1, 6), (2, 5), (3, 4), (6, 1), (7, 0), (8, -1), (10, -3), (0, 7), (-2, 9)]
)
def test_to_hit_is_seven_minus_bs_raw(bs, to_hit):
    assert one(advances={"bs": bs - 3})["to_hit"] == to_hit


@pytest.mark.parametrize(
    "n, label",
    [(-3, "2+"), (0, "2+"), (1, "2+"), (2, "2+"), (3, "3+"), (6, "6+"), (7, "6 then 4+"),
     (8, "6 then 5+"), (9, "6 then 6+"), (10, "cannot hit"), (14, "cannot hit")],
)  # fmt: skip
def test_target_labels(n, label):
    assert target_label(n) == label


def test_target_labels_are_translated():
    french = {"6 then 5+": "6 puis 5+", "cannot hit": "impossible"}.get

    assert target_label(8, lambda s: french(s) or s) == "6 puis 5+"
    assert target_label(11, lambda s: french(s) or s) == "impossible"
    assert target_label(4, lambda s: "never used") == "4+"


# --- weapon to hit --------------------------------------------------------------------------


def test_weapon_to_hit_subtracts_each_bands_modifier():
    values = one("laspistol", "bolt-pistol", "autogun", "boltgun", "shotgun", "heavy-bolter",
                 "plasma-pistol")["weapon_to_hit"]  # fmt: skip

    assert values == {
        "laspistol": {"short": 2, "long": 5},
        "bolt-pistol": {"short": 2, "long": 4},
        "autogun": {"short": 3, "long": 4},
        "boltgun": {"short": 3, "long": 4},
        "shotgun": {"short": 4, "long": 5},
        "heavy-bolter": {"short": 4, "long": 4},
        "plasma-pistol": {"short": 2, "long": 5},
    }


def test_weapon_to_hit_is_null_where_the_modifier_is_not_printed():
    values = one("lasgun", "meltagun", "autopistol", "missile-launcher", "lascannon",
                 "autocannon")["weapon_to_hit"]  # fmt: skip

    assert values == {code: {"short": None, "long": None} for code in values}
    assert len(values) == 6


def test_flamers_grenades_armour_and_close_combat_weapons_have_no_weapon_to_hit():
    values = one("flamer", "light-flamer", "frag-grenades", "krak-grenades", "smoke-grenades",
                 "knife", "sword", "mesh")["weapon_to_hit"]  # fmt: skip

    assert values == {}


def test_weapon_to_hit_is_raw_for_a_great_shot():
    values = one("laspistol", "bolt-pistol", advances={"bs": 5})["weapon_to_hit"]  # BS 8

    assert values["laspistol"] == {"short": -3, "long": 0}
    assert values["bolt-pistol"] == {"short": -3, "long": -1}


def test_a_weapon_listed_twice_has_one_entry():
    values = one(("laspistol", 2), "laspistol")["weapon_to_hit"]

    assert values == {"laspistol": {"short": 2, "long": 5}}


# --- movement, grenades, close combat -------------------------------------------------------


@pytest.mark.parametrize("m", [1, 4, 6, 0, -1])
def test_run_and_charge_are_twice_m(m):
    values = one(advances={"m": m - 4})

    assert values["run"] == values["charge"] == 2 * m


@pytest.mark.parametrize(
    "s, reach", [(1, 4), (2, 6), (3, 8), (4, 10), (5, 12), (7, 12), (10, 12), (12, 12)]
)
def test_grenade_range_by_strength(s, reach):
    assert one(advances={"s": s - 3})["grenade_range"] == reach


@pytest.mark.parametrize("s", [0, -1, -6])
def test_grenade_range_is_null_below_strength_1(s):
    assert one(advances={"s": s - 3})["grenade_range"] is None


@pytest.mark.parametrize(
    "s, modifier",
    [(-1, 0), (1, 0), (3, 0), (4, -1), (5, -2), (6, -3), (7, -4), (8, -5), (9, -6), (12, -6)],
)
def test_cc_save_modifier_by_strength(s, modifier):
    assert one(advances={"s": s - 3})["cc_save_modifier"] == modifier


@given(st.integers(min_value=-20, max_value=30))
@FAST
def test_grenade_range_and_save_modifier_follow_the_data_formulas(s):
    values = one(advances={"s": s - 3} if s != 3 else None)

    assert values["grenade_range"] == data.grenade_range(s)
    assert values["cc_save_modifier"] == data.strength_save_modifier(s)


# --- two hand weapons -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "items, dice",
    [
        ((), 1),  # the free knife alone
        (("knife",), 1),  # one knife listed: still one
        ((("knife", 2),), 2),  # two knives
        (("knife", "knife"), 2),  # two lines add up
        (("laspistol",), 2),  # a pistol and the free knife
        (("sword",), 2),  # a sword and the free knife
        (("laspistol", "sword"), 2),  # +1 however many hand weapons
        ((("autopistol", 2), "sword", ("knife", 3)), 2),
        (("laspistol", "frag-grenades", "carapace"), 2),  # grenades and armour do not stop it
        (("laspistol", "lasgun"), 1),  # a basic weapon does
        (("sword", "meltagun"), 1),  # a special weapon does
        (("sword", "heavy-stubber"), 1),  # a heavy weapon does
        (("light-flamer",), 2),  # a pistol by class
        (("flamer", "laspistol"), 1),  # a special weapon
        (("frag-grenades",), 1),  # grenades are no hand weapon
    ],
)
def test_two_hand_weapons_add_one_attack_die(items, dice):
    assert one(*items)["attack_dice"] == dice
    assert two_hand_weapons(fighter("X", "ganger", *items)) is (dice == 2)


def test_the_bonus_is_added_to_an_advanced_attacks():
    assert one("laspistol", advances={"a": 2})["attack_dice"] == 4
    assert one("lasgun", advances={"a": 2})["attack_dice"] == 3


# --- armour, encumbrance --------------------------------------------------------------------


@pytest.mark.parametrize(
    "items, save",
    [((), None), (("flak",), 6), (("mesh",), 5), (("carapace",), 4),
     (("flak", "carapace"), 4), (("mesh", "flak"), 5), ((("flak", 2),), 6)],
)  # fmt: skip
def test_save_is_the_armour_score_the_better_one_when_stacked(items, save):
    assert one(*items)["save"] == save


@pytest.mark.parametrize(
    "items, encumbered",
    [
        (("heavy-stubber",), True),
        (("autocannon",), True),
        (("heavy-bolter", "laspistol"), True),
        (("missile-launcher",), True),
        (("lascannon",), True),
        (("meltagun", "lasgun", "boltgun", "flamer"), False),
        (("carapace", "frag-grenades", "sword"), False),
    ],
)
def test_encumbered_with_a_heavy_weapon(items, encumbered):
    assert one(*items)["encumbered"] is encumbered


def test_gear_sums_up_the_equipment():
    g = gear(fighter("X", "ganger", "laspistol", ("knife", 2), "flak", "mesh", "frag-grenades"))

    assert g.save == 5
    assert g.armour == ("flak", "mesh")
    assert g.armour_count == 2
    assert g.hand_weapons == 3
    assert (g.big, g.encumbered, g.grenades) == (False, False, True)


# --- bottle test ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "active, expected", [(0, 0), (1, 1), (3, 1), (4, 1), (5, 2), (8, 2), (9, 3), (10, 3), (13, 4)]
)
def test_bottle_at_is_a_quarter_of_the_active_fighters_rounded_up(active, expected):
    members = [fighter(f"F{i}") for i in range(active)]

    assert derive(gang(*members))["bottle_at"] == expected
    assert bottle_at(gang(*members)) == expected


def test_bottle_at_counts_only_active_fighters():
    members = [fighter(f"F{i}") for i in range(8)] + [
        fighter("Dead", status="dead"),
        fighter("Hurt", status="recovering"),
        fighter("Held", status="captured"),
    ]

    assert derive(gang(*members))["bottle_at"] == 2


def test_an_empty_gang():
    assert derive(gang()) == {"bottle_at": 0, "derived": {}}
