"""One-page modern's data tables against one-page-modern.md sections 1, 3.2, 5 and 8."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import one_page_modern
from rules.one_page_modern import data
from rules.one_page_modern.data import (
    ALWAYS,
    ANYWHERE,
    ARMOUR,
    CARRIED_ONLY,
    KINDS,
    NEVER,
    ON_TANK,
    RANGES,
    TANK_OR_BUNKER,
    TRAINING,
    VEHICLE_ARMOUR,
    WEAPONS,
    distance,
    plus,
)
from rules.types import Equipment, Member, Unit

# Table 1.1: activation, skill, most pinned.
SPEC_TRAINING = {
    "green": (5, 6, 1),
    "seasoned": (4, 5, 2),
    "veteran": (3, 4, 3),
    "elite": (2, 4, 4),
}
# Table 1.2: inches, centimetres, FP, small arm.
SPEC_WEAPONS = {
    "pistol": (8, 20, 1, True),
    "infantry-rifle": (24, 60, 1, True),
    "assault-rifle": (24, 60, 1, True),
    "sniper-rifle": (32, 80, 2, True),
    "smg": (16, 40, 3, True),
    "light-machine-gun": (32, 80, 3, True),
    "shotgun": (8, 20, 3, True),
    "underslung-launcher": (16, 40, 3, True),
    "heavy-machine-gun": (32, 80, 4, False),
    "flamethrower": (8, 20, 4, False),
    "grenades": (8, 20, 3, False),
    "rpg": (24, 60, 3, False),
    "anti-tank-gun": (32, 80, 3, False),
    "light-mortar": (40, 100, 3, False),
    "light-cannon": (32, 80, 4, False),
    "heavy-cannon": (48, 120, 6, False),
}
SPEC_ARMOUR = {"none": None, "light": 6, "medium": 5, "heavy": 4, "power": 3, "battlesuit": 2}
SPEC_VEHICLE_ARMOUR = {"unarmoured": 6, "light": 5, "medium": 4, "heavy": 3, "very-heavy": 2}
SMALL_ARMS = {code for code, row in SPEC_WEAPONS.items() if row[3]}
CANNONS = {"light-cannon", "heavy-cannon"}


def test_the_package_names_its_code_and_registers_its_system():
    from rules import get_system

    assert one_page_modern.CODE == "one-page-modern"
    assert get_system("one-page-modern") is one_page_modern.SYSTEM
    assert one_page_modern.SYSTEM.lists == "units"


def test_training_levels_are_table_1_1():
    assert {
        code: (t.activation, t.skill, t.max_pinned) for code, t in TRAINING.items()
    } == SPEC_TRAINING
    assert list(TRAINING) == ["green", "seasoned", "veteran", "elite"]
    assert [t.label for t in TRAINING.values()] == ["Green", "Seasoned", "Veteran", "Elite"]


def test_weapons_are_table_1_2_in_its_order():
    assert {
        code: (w.inches, w.cm, w.fp, w.small_arm) for code, w in WEAPONS.items()
    } == SPEC_WEAPONS
    assert list(WEAPONS) == list(SPEC_WEAPONS)
    assert data.SMALL_ARMS == tuple(c for c in SPEC_WEAPONS if c in SMALL_ARMS)
    assert len(data.SMALL_ARMS) == 8 and len(data.SUPPORT_WEAPONS) == 8


def test_the_assault_rifle_has_two_fp_at_12_inches_or_less():
    rifle = WEAPONS["assault-rifle"]

    assert rifle.close == (12, 2)
    assert [rifle.fp_at(r) for r in (1, 12, 13, 24, 25)] == [2, 2, 1, 1, 0]
    assert rifle.note_params() == {"fp": 2, "distance": '12" (30 cm)'}
    assert all(w.close is None for c, w in WEAPONS.items() if c != "assault-rifle")


def test_the_integrated_launcher_is_a_reading():
    launcher = WEAPONS["underslung-launcher"]

    assert launcher.fp_reading and launcher.fp == WEAPONS["grenades"].fp == 3
    assert launcher.small_arm and launcher.walk and not launcher.harms_armoured
    assert [c for c, w in WEAPONS.items() if w.fp_reading] == ["underslung-launcher"]


def test_w_mark_small_arms_and_thrown_grenades():
    assert {c for c, w in WEAPONS.items() if w.walk} == SMALL_ARMS | {"grenades"}


def test_av_mark_every_weapon_but_small_arms_and_the_hmg():
    assert {c for c, w in WEAPONS.items() if w.harms_armoured} == (
        set(SPEC_WEAPONS) - SMALL_ARMS - {"heavy-machine-gun"}
    )


def test_ic_mark_inputs():
    ignores = {c: w.ignores_cover for c, w in WEAPONS.items() if w.ignores_cover != NEVER}

    assert ignores == {"flamethrower": ALWAYS, "light-cannon": ON_TANK, "heavy-cannon": ON_TANK}


def test_only_the_hmg_needs_two_crew_when_carried():
    assert {c: w.infantry_crew for c, w in WEAPONS.items() if w.infantry_crew != 1} == {
        "heavy-machine-gun": 2
    }


def test_where_each_weapon_may_sit():
    assert {c for c, w in WEAPONS.items() if w.mounts == TANK_OR_BUNKER} == CANNONS
    assert {c for c, w in WEAPONS.items() if w.mounts == CARRIED_ONLY} == {
        "grenades",
        "underslung-launcher",
    }
    others = set(SPEC_WEAPONS) - CANNONS - {"grenades", "underslung-launcher"}
    assert all(WEAPONS[c].mounts == ANYWHERE for c in others)


def test_every_weapon_note_is_known_and_formats():
    for weapon in WEAPONS.values():
        for note in weapon.notes:
            assert (data.NOTES[note] % weapon.note_params()).strip()
    assert WEAPONS["heavy-machine-gun"].notes == ("two-crew",)
    assert WEAPONS["flamethrower"].notes == ("ignores-cover",)
    assert WEAPONS["light-cannon"].notes == ("tank-or-bunker", "tank-ignores-cover")


@given(st.sampled_from(list(SPEC_WEAPONS)), st.integers(min_value=1, max_value=60))
def test_a_weapons_fp_at_a_range_follows_3_2(code, r):
    inches, _cm, fp, _small = SPEC_WEAPONS[code]
    expected = 0 if r > inches else (2 if code == "assault-rifle" and r <= 12 else fp)

    assert WEAPONS[code].fp_at(r) == expected


def test_range_columns_are_every_distance_where_an_fp_changes():
    changes = {w.inches for w in WEAPONS.values()} | {
        w.close.inches for w in WEAPONS.values() if w.close
    }

    assert RANGES == (8, 12, 16, 24, 32, 40, 48) == tuple(sorted(changes))


def test_personal_armour_is_table_1_3():
    assert {code: a.save for code, a in ARMOUR.items()} == SPEC_ARMOUR
    assert data.DEFAULT_ARMOUR == "none"
    assert ARMOUR["light"].examples == "ballistic vest, police armour"


def test_vehicle_armour_is_table_1_4_and_its_readings():
    assert {code: v.save for code, v in VEHICLE_ARMOUR.items()} == SPEC_VEHICLE_ARMOUR
    assert [c for c, v in VEHICLE_ARMOUR.items() if not v.armoured] == ["unarmoured"]
    assert [c for c, v in VEHICLE_ARMOUR.items() if v.tank_crosses_medium_cover] == [
        "heavy",
        "very-heavy",
    ]
    assert data.VEHICLE_MOVES == {"open": 12, "light-cover": 6, "medium-cover": 6}


def test_unit_kinds():
    assert {c: (k.has_members, k.pinnable) for c, k in KINDS.items()} == {
        "infantry": (True, True),
        "vehicle": (False, False),
        "bunker": (False, False),
    }
    assert data.DEFAULT_KIND == "infantry"


def test_cover_modifiers_and_skill_cap():
    assert {c: cover.modifier for c, cover in data.COVER.items()} == {
        "light": 1,
        "medium": 2,
        "hard": 3,
    }
    assert data.SKILL_CAP == 6
    assert data.BUNKER_COVER == "hard"


def test_actions_and_their_moves():
    assert {c: a.inches for c, a in data.ACTIONS.items()} == {
        "walk": 6, "run": 12, "sneak": 8, "on-guard": 0, "hit-the-dirt": 3,
        "aimed-fire": 0, "assault": 8,
    }  # fmt: skip


def test_default_victory_points():
    assert data.OUTCOMES == ("win", "draw", "loss")
    assert data.DEFAULT_MISSION_VP == {"win": 3, "draw": 1, "loss": 0}
    assert data.DEFAULT_DESTROYED_VP == 1


def test_section_8_codes_are_the_data_codes():
    assert list(KINDS) == ["infantry", "vehicle", "bunker"]
    assert list(TRAINING) == ["green", "seasoned", "veteran", "elite"]
    assert list(data.ITEMS) == list(SPEC_WEAPONS)
    assert list(ARMOUR) == ["none", "light", "medium", "heavy", "power", "battlesuit"]
    assert list(VEHICLE_ARMOUR) == ["unarmoured", "light", "medium", "heavy", "very-heavy"]


@pytest.mark.parametrize(
    ("score", "text"), [(2, "2+"), (4, "4+"), (6, "6+"), (None, "—")]
)  # fmt: skip
def test_plus_prints_a_d6_score(score, text):
    assert plus(score) == text


@pytest.mark.parametrize(
    ("inches", "text"),
    [(0, '0"'), (3, '3" (8 cm)'), (6, '6" (15 cm)'), (8, '8" (20 cm)'), (48, '48" (120 cm)')],
)
def test_distance_prints_the_texts_centimetres(inches, text):
    assert distance(inches) == text


def test_every_label_is_a_non_empty_string():
    tables = (TRAINING, WEAPONS, ARMOUR, VEHICLE_ARMOUR, KINDS, data.COVER, data.ACTIONS)
    for table in tables:
        for row in table.values():
            assert isinstance(row.label, str) and row.label.strip(), row
    assert all(text.strip() for text in data.MARKS.values())
    assert list(data.MARKS) == ["W", "IC", "AV", "2C"]


def test_record_readers_give_the_defaults_of_a_sparse_record():
    bare = Member("Rifleman", "")
    unit = Unit("Truck", "vehicle", record={"training": "green", "armour_class": "unarmoured"})

    assert data.count(bare) == 1
    assert data.leader(bare) is None
    assert data.armour(bare).code == "none"
    assert data.is_tank(unit) is False
    assert data.notes(unit) == ""
    assert data.training(unit).code == "green"
    assert data.vehicle_armour(unit).code == "unarmoured"
    assert data.vehicle_armour(Unit("Squad", "infantry", record={"training": "green"})) is None


def test_record_readers_read_given_values():
    member = Member(
        "Sgt", "", (Equipment("pistol"),), record={"count": 3, "leader": "elite", "armour": "power"}
    )
    unit = Unit("Pillbox", "bunker", record={"training": "elite", "notes": "On the ridge."})

    assert data.count(member) == 3
    assert data.leader(member).code == "elite"
    assert data.armour(member).save == 3
    assert data.notes(unit) == "On the ridge."
    assert data.is_tank(Unit("T", "vehicle", record={"tank": True})) is True
