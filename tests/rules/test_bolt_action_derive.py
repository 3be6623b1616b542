"""Bolt Action's derived values (bolt-action.md section 2): the spec's JSON example, the
section 3 force, every key at its edges, order dice and the sheet's helpers."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.bolt_action import CODE, data
from rules.bolt_action.demo import EXAMPLE, demo_rosters
from rules.bolt_action.derive import (
    KEYS,
    WeaponLine,
    damage_value,
    derive,
    derive_unit,
    holdings,
    kind_label,
    models,
    mover,
    one_shot_boxes,
    order_dice,
    shots,
    small_unit,
    terrain_row,
    to_hit,
    to_hit_modifier,
    weapon_lines,
)
from rules.bolt_action.validation import validate
from rules.types import Equipment, Member, Roster, Unit


def man(name, *items, n=1, leader=False):
    equipment = tuple(Equipment(i) if isinstance(i, str) else Equipment(*i) for i in items)
    record = {**({"count": n} if n != 1 else {}), **({"leader": True} if leader else {})}
    return Member(name, "", equipment, record=record)


def unit(name, kind, *members, equipment=(), quality="regular", **record):
    items = tuple(Equipment(i) if isinstance(i, str) else Equipment(*i) for i in equipment)
    return Unit(name, kind, tuple(members), items, {"quality": quality, **record})


def force(*units):
    return Roster(CODE, "Force", "", (), None, tuple(units))


FIRST_SQUAD = EXAMPLE.unit("1st Squad")
MG_TEAM = EXAMPLE.unit("MG Team")
PAK = EXAMPLE.unit("Pak 40")
PANZER = EXAMPLE.unit("Panzer IV")
SCOUTS = EXAMPLE.unit("Scouts")


# --- the spec's examples --------------------------------------------------------------------


def test_the_json_example_of_section_2():
    result = derive(force(FIRST_SQUAD, MG_TEAM))

    assert result == {
        "order_dice": 2,
        "derived": {
            "1st Squad": {"models": 9, "morale": 9, "damage_value": 4, "to_hit_modifier": 0,
                          "small_unit": False, "shots": None},
            "MG Team": {"models": 3, "morale": 10, "damage_value": 5, "to_hit_modifier": 0,
                        "small_unit": False, "shots": 4},
        },
    }  # fmt: skip
    assert json.loads(json.dumps(result)) == result


def test_the_example_force_of_section_3():
    result = derive(EXAMPLE)

    assert result["order_dice"] == 5
    assert result["derived"] == {
        "1st Squad": {"models": 9, "morale": 9, "damage_value": 4, "to_hit_modifier": 0,
                      "small_unit": False, "shots": None},
        "MG Team": {"models": 3, "morale": 10, "damage_value": 5, "to_hit_modifier": 0,
                    "small_unit": False, "shots": 4},
        "Pak 40": {"models": 3, "morale": 9, "damage_value": 4, "to_hit_modifier": 0,
                   "small_unit": False, "shots": None},
        "Panzer IV": {"models": 1, "morale": 9, "damage_value": 9, "to_hit_modifier": 0,
                      "small_unit": False, "shots": None},
        "Scouts": {"models": 5, "morale": 10, "damage_value": 5, "to_hit_modifier": 0,
                   "small_unit": False, "shots": None},
    }  # fmt: skip


def test_first_squad_holds_what_the_spec_counts():
    # "1st Squad is 9 models (1 + 1 + 2 + 5): 7 rifles, an SMG, an LMG, 2 one-shot anti-tank
    # weapons."
    assert holdings(FIRST_SQUAD) == {"smg": 1, "lmg": 1, "rifle": 7, "one-shot-anti-tank": 2}


def test_the_demo_is_the_example_and_valid():
    assert demo_rosters() == [EXAMPLE]
    assert EXAMPLE.system == CODE and EXAMPLE.members == ()
    assert EXAMPLE.points_limit is None
    assert PAK.record["notes"] == "Dug in at the crossroads."
    assert "drive" not in PANZER.record  # tracked, the medium tank's default: left out
    assert data.drive(PANZER) == "tracked"
    assert validate(EXAMPLE) == []


def test_derived_holds_exactly_the_six_keys():
    assert KEYS == ("models", "morale", "damage_value", "to_hit_modifier", "small_unit", "shots")
    for values in derive(EXAMPLE)["derived"].values():
        assert tuple(values) == KEYS


# --- models ---------------------------------------------------------------------------------


def test_models_add_up_the_members_counts():
    assert models(unit("Sq", "infantry-squad", man("A", n=3), man("B"), man("C", n=4))) == 8


def test_no_members_is_zero_models():
    assert models(unit("Empty", "artillery")) == 0


@pytest.mark.parametrize("kind", data.VEHICLE_KINDS)
def test_a_vehicle_is_one_model(kind):
    assert models(unit("V", kind, equipment=("mmg",))) == 1
    assert derive_unit(unit("V", kind))["models"] == 1


# --- morale, damage value, to-hit modifier --------------------------------------------------


@pytest.mark.parametrize("quality, morale, damage, modifier", [
    ("inexperienced", 8, 3, -1), ("regular", 9, 4, 0), ("veteran", 10, 5, 0),
])  # fmt: skip
@pytest.mark.parametrize("kind", ["infantry-squad", "infantry-team", "artillery"])
def test_infantry_and_artillery_by_quality(kind, quality, morale, damage, modifier):
    values = derive_unit(unit("U", kind, man("A", n=3), quality=quality))
    assert (values["morale"], values["damage_value"], values["to_hit_modifier"]) == (
        morale, damage, modifier,
    )  # fmt: skip


@pytest.mark.parametrize("kind, damage", [
    ("light-vehicle", 6), ("armoured-car", 7), ("armoured-transport", 7), ("light-tank", 8),
    ("medium-tank", 9), ("heavy-tank", 10), ("super-heavy-tank", 11),
])  # fmt: skip
@pytest.mark.parametrize("quality", ["inexperienced", "veteran"])
def test_a_vehicle_damage_value_by_kind_its_morale_and_to_hit_by_quality(kind, damage, quality):
    tank = unit("V", kind, quality=quality)
    assert damage_value(tank) == damage
    assert derive_unit(tank)["morale"] == data.QUALITIES[quality].morale
    assert to_hit_modifier(tank) == data.QUALITIES[quality].to_hit_modifier


# --- small_unit -----------------------------------------------------------------------------


@pytest.mark.parametrize("n, small", [(0, False), (1, True), (2, True), (3, False)])
@pytest.mark.parametrize("kind", ["infantry-squad", "infantry-team", "artillery"])
def test_small_unit_is_one_or_two_models(kind, n, small):
    members = (man("A", n=n),) if n else ()
    assert small_unit(unit("U", kind, *members)) is small


@pytest.mark.parametrize("kind", data.VEHICLE_KINDS)
def test_a_vehicle_is_never_a_small_unit(kind):
    assert small_unit(unit("V", kind)) is False


# --- shots ----------------------------------------------------------------------------------


def test_shots_add_up_shots_times_number_held():
    sq = unit("Sq", "infantry-squad", man("R", "rifle", n=5), man("G", "lmg"))
    assert shots(sq) == 5 * 1 + 3


def test_one_shot_anti_tank_weapons_are_not_counted():
    sq = unit("Sq", "infantry-squad", man("G", "rifle", "one-shot-anti-tank", n=5))
    assert shots(sq) == 5


def test_a_weapon_without_a_shots_value_makes_shots_null():
    assert shots(FIRST_SQUAD) is None  # its NCO's SMG has no shots value
    assert shots(unit("Sq", "infantry-squad", man("R", "rifle", n=4), man("H", "hmg"))) is None


def test_no_weapon_is_zero_shots():
    assert shots(unit("Truck", "light-vehicle")) == 0
    assert shots(unit("Sq", "infantry-squad", man("G", "one-shot-anti-tank", n=5))) == 0


def test_a_vehicle_entry_counts_as_written():
    halftrack = unit("Hanomag", "armoured-transport", equipment=(("mmg", 2), "lmg"))
    assert shots(halftrack) == 2 * 4 + 3


def test_an_entry_count_multiplies_per_model():
    team = unit("T", "infantry-team", man("Gunners", ("mmg", 2), n=2))
    assert holdings(team) == {"mmg": 4}
    assert shots(team) == 16


def test_derived_values_are_computed_for_an_invalid_unit():
    bad = unit("Bad", "infantry-team", man("Gunner", "rifle", leader=True))
    assert validate(force(bad)) != []
    assert derive_unit(bad) == {"models": 1, "morale": 9, "damage_value": 4,
                                "to_hit_modifier": 0, "small_unit": True, "shots": 1}  # fmt: skip


# --- order dice -----------------------------------------------------------------------------


def test_the_text_example_six_squads_an_mg_team_and_three_tanks_is_ten_dice():
    units = [unit(f"Squad {i}", "infantry-squad", man("R", "rifle", n=6)) for i in range(6)]
    units += [MG_TEAM, *(unit(f"Tank {i}", "medium-tank") for i in range(3))]
    assert order_dice(force(*units)) == 10


def test_artillery_takes_a_die_and_no_unit_none():
    assert order_dice(force(PAK)) == 1
    assert derive(force()) == {"order_dice": 0, "derived": {}}


UNITS = st.lists(
    st.builds(
        lambda kind, quality, counts, items: unit(
            "U", kind, *(man(f"M{i}", *items, n=n) for i, n in enumerate(counts)),
            quality=quality,
        ),
        st.sampled_from(list(data.KINDS)),
        st.sampled_from(list(data.QUALITIES)),
        st.lists(st.integers(1, 9), max_size=4),
        st.lists(st.sampled_from(list(data.WEAPONS)), max_size=3),
    ),
    max_size=6,
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(UNITS)
def test_order_dice_is_the_number_of_units_and_derived_is_json(units):
    named = [Unit(f"U{i}", u.kind, u.members, u.equipment, u.record) for i, u in enumerate(units)]
    result = derive(force(*named))
    assert result["order_dice"] == len(named)
    assert json.loads(json.dumps(result)) == result
    for values in result["derived"].values():
        assert tuple(values) == KEYS
        assert values["shots"] is None or values["shots"] >= 0


# --- the sheet's helpers (section 6) --------------------------------------------------------


def test_to_hit_is_3_or_4_inexperienced():
    assert to_hit(FIRST_SQUAD) == 3
    assert to_hit(unit("Conscripts", "infantry-squad", quality="inexperienced")) == 4


def test_weapon_lines_give_each_item_once_with_its_total_and_labels():
    assert weapon_lines(FIRST_SQUAD) == [
        WeaponLine("smg", 1, ()),
        WeaponLine("lmg", 1, ("MG 42",)),
        WeaponLine("rifle", 7, ()),
        WeaponLine("one-shot-anti-tank", 2, ("Panzerfaust",)),
    ]
    assert weapon_lines(PANZER) == [
        WeaponLine("anti-tank-gun", 1, ("7.5 cm KwK 40",)),
        WeaponLine("mmg", 2, ()),
    ]


def test_one_shot_boxes():
    assert one_shot_boxes(FIRST_SQUAD) == 2
    assert one_shot_boxes(SCOUTS) == 0


def test_kind_label_with_the_drive_for_a_vehicle():
    assert kind_label(PANZER) == ("Medium tank", "tracked")
    assert kind_label(FIRST_SQUAD) == ("Infantry squad", None)


@pytest.mark.parametrize("u, column", [
    (FIRST_SQUAD, "infantry"), (MG_TEAM, "infantry"), (PAK, "artillery"), (PANZER, "tracked"),
    (unit("Jeep", "light-vehicle"), "wheeled"),
    (unit("Sd.Kfz. 251", "armoured-transport", drive="tracked"), "tracked"),
    (unit("M8", "armoured-car", drive="wheeled"), "wheeled"),
])  # fmt: skip
def test_terrain_column(u, column):
    assert mover(u) == column


def test_terrain_row_of_a_tracked_vehicle():
    assert terrain_row(PANZER) == [
        ("Open ground", "yes"),
        ("Rough ground (undergrowth, mud, sand, ruins)", "no Run"),
        ("Obstacle (hedge, stone wall, stream)",
         "yes, unless declared an anti-tank obstacle or impassable hedgerow"),
        ("Building", "no; heavy and super-heavy tanks may, demolishing it"),
        ("Road or track", "×2"),
    ]  # fmt: skip
