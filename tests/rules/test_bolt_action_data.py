"""Bolt Action's data (bolt-action.md sections 1.1-1.3, 4, 5 and 7): every table's numbers,
the record readers and the small rule formulas."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.bolt_action import CODE, data
from rules.bolt_action.data import (
    KINDS,
    ORDERS,
    QUALITIES,
    TERRAIN,
    TERRAIN_CELLS,
    WEAPONS,
    base_morale,
    count,
    destroyed_by_pins,
    distance,
    drive,
    fubar,
    is_leader,
    losses_to_test,
    modified_morale,
    morale_test_after_shooting,
    notes,
    order_test,
    plus,
    quality,
)
from rules.types import Member, Unit

# --- codes (section 7) ----------------------------------------------------------------------


def test_the_system_code():
    assert CODE == "bolt-action"
    assert data.NAME == "Bolt Action"


def test_unit_kind_codes_in_the_spec_order():
    assert list(KINDS) == [
        "infantry-squad", "infantry-team", "artillery", "light-vehicle", "armoured-car",
        "armoured-transport", "light-tank", "medium-tank", "heavy-tank", "super-heavy-tank",
    ]  # fmt: skip


def test_quality_drive_item_order_outcome_and_state_codes():
    assert list(QUALITIES) == ["inexperienced", "regular", "veteran"]
    assert list(data.DRIVES) == ["wheeled", "tracked"]
    assert list(WEAPONS) == [
        "rifle", "smg", "lmg", "mmg", "hmg", "one-shot-anti-tank", "bazooka", "mortar",
        "anti-tank-gun", "howitzer",
    ]  # fmt: skip
    assert data.ITEMS is WEAPONS
    assert list(ORDERS) == ["fire", "advance", "run", "ambush", "rally", "down"]
    assert data.OUTCOMES == ("win", "draw", "loss")
    assert data.END_STATES == ("intact", "casualties", "destroyed")


def test_every_label_is_a_non_empty_string():
    rows = [*KINDS.values(), *QUALITIES.values(), *WEAPONS.values(), *ORDERS.values()]
    for row in rows:
        assert isinstance(row.label, str) and row.label, row.code
    assert all(data.DRIVES.values()) and all(data.PLACES.values())


# --- unit kinds (1.1) -----------------------------------------------------------------------

SIZES = {
    "infantry-squad": (5, 10),
    "infantry-team": (2, 4),
    "artillery": (2, None),
    **{code: (1, 1) for code in data.VEHICLE_KINDS},
}
DAMAGE_BY_KIND = {
    "infantry-squad": None, "infantry-team": None, "artillery": None, "light-vehicle": 6,
    "armoured-car": 7, "armoured-transport": 7, "light-tank": 8, "medium-tank": 9,
    "heavy-tank": 10, "super-heavy-tank": 11,
}  # fmt: skip


def test_the_last_seven_kinds_are_the_vehicles():
    assert data.VEHICLE_KINDS == tuple(list(KINDS)[3:])
    assert [k.vehicle for k in KINDS.values()] == [False] * 3 + [True] * 7


@pytest.mark.parametrize("code", list(KINDS))
def test_unit_sizes(code):
    kind = KINDS[code]
    assert (kind.min_models, kind.max_models) == SIZES[code]


@pytest.mark.parametrize("code", list(KINDS))
def test_damage_value_by_kind_none_meaning_by_quality(code):
    assert KINDS[code].damage_value == DAMAGE_BY_KIND[code]


def test_armoured_cars_and_transports_share_one_damage_row():
    assert KINDS["armoured-car"].damage_value == KINDS["armoured-transport"].damage_value == 7


def test_only_a_squad_has_a_leader_model():
    assert [c for c, k in KINDS.items() if k.leader_allowed] == ["infantry-squad"]


def test_default_drives():
    drives = {code: k.default_drive for code, k in KINDS.items()}
    assert drives == {
        "infantry-squad": None, "infantry-team": None, "artillery": None,
        "light-vehicle": "wheeled", "armoured-car": "wheeled", "armoured-transport": "tracked",
        "light-tank": "tracked", "medium-tank": "tracked", "heavy-tank": "tracked",
        "super-heavy-tank": "tracked",
    }  # fmt: skip


def test_kind_places():
    places = {code: k.place for code, k in KINDS.items()}
    assert places["infantry-squad"] == "squad"
    assert places["infantry-team"] == "team"
    assert places["artillery"] == "artillery"
    assert {places[code] for code in data.VEHICLE_KINDS} == {"vehicle"}


def test_kinds_the_spec_leaves_undescribed_stay_blank():
    blank = [code for code, k in KINDS.items() if not k.description]
    assert blank == ["armoured-car", "light-tank", "medium-tank", "heavy-tank", "super-heavy-tank"]


# --- qualities (1.2) ------------------------------------------------------------------------


def test_qualities():
    rows = {c: (q.morale, q.damage_value, q.to_hit_modifier) for c, q in QUALITIES.items()}
    assert rows == {"inexperienced": (8, 3, -1), "regular": (9, 4, 0), "veteran": (10, 5, 0)}


# --- weapons (1.3) --------------------------------------------------------------------------

# code: (shots, damage bonus, allowed in)
SPEC_WEAPONS = {
    "rifle": (1, 0, {"squad"}),
    "smg": (None, 0, {"squad"}),
    "lmg": (3, 0, {"squad", "vehicle"}),
    "mmg": (4, 0, {"team", "vehicle"}),
    "hmg": (None, 1, {"team", "vehicle"}),
    "one-shot-anti-tank": (1, None, {"squad"}),
    "bazooka": (None, None, {"team"}),
    "mortar": (None, None, {"team"}),
    "anti-tank-gun": (None, None, {"artillery", "vehicle"}),
    "howitzer": (None, None, {"artillery", "vehicle"}),
}


@pytest.mark.parametrize("code", list(SPEC_WEAPONS))
def test_weapon_profiles(code):
    w = WEAPONS[code]
    assert (w.shots, w.damage_bonus, set(w.allowed_in)) == SPEC_WEAPONS[code]


def test_no_weapon_has_a_range_the_source_does_not_give():
    assert [w.range for w in WEAPONS.values()] == [None] * len(WEAPONS)
    assert WEAPONS["rifle"].long_range_from is None


def test_long_range_is_the_farther_half_when_a_group_gives_a_range():
    from dataclasses import replace

    assert replace(WEAPONS["rifle"], range=24).long_range_from == 12


def test_weapon_roles():
    assert data.FIREARMS == {"rifle", "smg", "lmg"}
    assert data.ONE_SHOTS == {"one-shot-anti-tank"}
    assert data.CREW_SERVED_WEAPONS == {"mmg", "hmg", "bazooka", "mortar"}
    assert data.GUNS == {"anti-tank-gun", "howitzer"}


def test_small_arms_have_no_damage_bonus():
    small = {c for c, w in WEAPONS.items() if w.small_arms}
    assert small == {"rifle", "smg", "lmg", "mmg"}
    assert all(WEAPONS[c].damage_bonus == 0 for c in small)
    assert data.SMALL_ARMS_MAX_DAMAGE == 6


def test_indirect_weapons_fire_over_friendly_troops():
    assert {c for c, w in WEAPONS.items() if w.indirect} == {"mortar", "howitzer"}


def test_heavy_weapon_flags_are_off_for_every_weapon():
    for w in WEAPONS.values():
        assert (w.fire_order_only, w.no_advance_fire, w.two_pins) == (False, False, False)
    assert (data.PINS_PER_HIT, data.TWO_PINS) == (1, 2)


def test_the_text_examples_are_in_the_card_labels():
    assert WEAPONS["hmg"].card_label == "Heavy machine gun (e.g. .50 cal Browning)"
    assert WEAPONS["one-shot-anti-tank"].card_label == (
        "One-shot anti-tank weapon (e.g. Panzerfaust)"
    )
    assert WEAPONS["rifle"].card_label == WEAPONS["rifle"].label == "Rifle"


# --- orders, the order test, FUBAR (5.3-5.5) ------------------------------------------------


def test_order_die_faces():
    assert {o.code: o.face for o in ORDERS.values()} == {
        "fire": 1, "advance": 2, "run": 3, "ambush": 4, "rally": 5, "down": 6,
    }  # fmt: skip


@pytest.mark.parametrize(
    "dice, morale, result",
    [
        ((6, 6), 10, "fubar"),
        ((1, 1), 2, "pass"),  # a 2 always passes
        ((5, 6), 10, "fail"),  # 11 always fails
        ((3, 4), 7, "pass"),  # within morale
        ((4, 4), 7, "fail"),  # one above
        ((1, 2), 2, "fail"),  # 3 against the lowest morale
    ],
)
def test_order_test(dice, morale, result):
    assert order_test(*dice, morale) == result


@pytest.mark.parametrize("roll, code", [(1, "friendly-fire"), (2, "friendly-fire"),
                                        (3, "panic"), (6, "panic")])  # fmt: skip
def test_fubar(roll, code):
    assert fubar(roll).code == code


@pytest.mark.parametrize("roll", [0, 7])
def test_fubar_refuses_a_roll_off_the_die(roll):
    with pytest.raises(ValueError):
        fubar(roll)


# --- morale (5.6, 5.13) ---------------------------------------------------------------------


def test_the_spec_morale_examples():
    assert modified_morale(9, 2) == 7
    assert modified_morale(9, 5) == 4


def test_morale_stays_within_2_and_10():
    assert modified_morale(8, 9) == 2
    assert modified_morale(10, 0) == 10
    assert base_morale(8, nco_killed=True, one_model_left=True) == 6
    assert base_morale(2 + 1, nco_killed=True, one_model_left=True) == 2


@given(st.integers(2, 10), st.integers(0, 20), st.booleans(), st.booleans())
def test_modified_morale_is_always_between_2_and_10(morale, pins, nco, one):
    assert 2 <= modified_morale(morale, pins, nco, one) <= 10
    assert 2 <= base_morale(morale, nco, one) <= 10


def test_destroyed_at_as_many_pins_as_morale():
    assert not destroyed_by_pins(9, 8)
    assert destroyed_by_pins(9, 9)
    assert destroyed_by_pins(9, 8, nco_killed=True)
    assert not destroyed_by_pins(9, 7, nco_killed=True)


def test_morale_test_after_shooting_at_half_or_more():
    assert losses_to_test(6) == 3
    assert losses_to_test(5) == 3
    assert not morale_test_after_shooting(6, 2)
    assert morale_test_after_shooting(6, 3)
    assert not morale_test_after_shooting(5, 2)
    assert morale_test_after_shooting(5, 3)
    assert not morale_test_after_shooting(1, 0)
    assert morale_test_after_shooting(1, 1)


# --- terrain, shooting, cover (5.7-5.11) ----------------------------------------------------


def test_terrain_columns():
    cells = {t.code: tuple(t.moves[m] for m in data.MOVERS) for t in TERRAIN.values()}
    assert cells == {
        "open": ("yes", "yes", "yes", "yes"),
        "rough": ("no-run", "deploy-only", "no", "no-run"),
        "obstacle": ("no-run", "no", "no", "obstacle-tracked"),
        "building": ("yes", "deploy-only", "no", "building-tracked"),
        "road": ("yes", "yes", "double", "double"),
    }
    assert set(TERRAIN_CELLS) == {cell for t in TERRAIN.values() for cell in t.moves.values()}


def test_movement_and_shooting_numbers():
    assert (data.ADVANCE_INCHES, data.RUN_INCHES) == (6, 12)
    assert (data.COHERENCY_INCHES, data.UNIT_GAP_INCHES) == (1, 1)
    assert (data.BASE_TO_HIT, data.POINT_BLANK_INCHES) == (3, 6)
    assert (data.SMALL_UNIT_MAX_MODELS, data.SMALL_UNIT_TO_HIT) == (2, -1)
    assert data.FRIENDLY_FIRE_INCHES == 12


def test_to_hit_modifiers():
    assert {m.code: m.value for m in data.TO_HIT_MODIFIERS} == {
        "point-blank": 1, "pin": -1, "long-range": -1, "inexperienced": -1, "advance": -1,
        "down": -1, "small-unit": -1, "light-cover": -1, "hard-cover": -2,
    }  # fmt: skip


def test_cover():
    assert {c: v.modifier for c, v in data.COVER.items()} == {"light": -1, "hard": -2}
    assert data.COVER_ROLL_IN_COVER == 3


def test_distances_print_at_two_centimetres_an_inch():
    assert distance(12) == '12" (24 cm)'
    assert distance(1) == '1" (2 cm)'


def test_scores_and_blanks():
    assert plus(4) == "4+"
    assert plus(None) == "—"
    assert data.dash(None) == "—"
    assert data.dash(3) == 3


# --- battles (section 4) --------------------------------------------------------------------


def test_default_victory_points():
    assert dict(data.DEFAULT_MISSION_VP) == {"win": 3, "draw": 1, "loss": 0}
    assert data.DEFAULT_DESTROYED_ENEMY_VP == 1


def test_keys_each_end_state_takes():
    assert {s: set(k) for s, k in data.STATE_KEYS.items()} == {
        "intact": {"pins"}, "casualties": {"lost", "pins"}, "destroyed": set(),
    }  # fmt: skip


# --- record readers -------------------------------------------------------------------------


def test_member_record_defaults():
    plain = Member("Rifleman", "")
    assert (count(plain), is_leader(plain)) == (1, False)
    nco = Member("NCO", "", record={"leader": True, "count": 1})
    assert (count(nco), is_leader(nco)) == (1, True)
    assert count(Member("Rifleman", "", record={"count": 5})) == 5


def test_unit_record_readers():
    tank = Unit("Tiger", "heavy-tank", record={"quality": "veteran"})
    assert quality(tank) is QUALITIES["veteran"]
    assert drive(tank) == "tracked"  # absent: the kind's default
    assert drive(Unit("Kübel", "light-vehicle", record={"quality": "regular"})) == "wheeled"
    assert drive(Unit("M3", "armoured-car", record={"quality": "regular",
                                                    "drive": "tracked"})) == "tracked"  # fmt: skip
    squad = Unit("1st", "infantry-squad", record={"quality": "regular"})
    assert drive(squad) is None
    assert notes(squad) == ""
    assert notes(Unit("Pak", "artillery", record={"quality": "regular", "notes": "Dug in."})) == (
        "Dug in."
    )
    assert data.kind(squad) is KINDS["infantry-squad"]
