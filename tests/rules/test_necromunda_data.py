"""Necromunda's data tables against docs/games/necromunda.md sections 1 and 4.1."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.i18n import gettext_noop
from rules.necromunda import data
from rules.necromunda.data import (
    ALWAYS_FAILS,
    BY_STRENGTH,
    NA,
    TEMPLATE,
    THROWN,
    USER,
    Band,
)
from rules.registry import DocumentLimits
from rules.types import MEMBER_STATUSES

# Section 1.4, as the spec prints it: class, short, long, hit S, hit L, S, save, ammo.
# None is the spec's "—"; NA its "n/a".
SPEC_WEAPONS = {
    "laspistol": ("pistol", (0, 8), (8, 16), 2, -1, 3, None, 2),
    "bolt-pistol": ("pistol", (0, 8), (8, 16), 2, 0, 4, None, 6),
    "autopistol": ("pistol", None, None, None, None, 3, None, 4),
    "plasma-pistol": ("pistol", None, None, 2, -1, None, None, None),
    "light-flamer": ("pistol", None, None, NA, NA, None, None, None),
    "lasgun": ("basic", (0, 12), (12, 24), None, None, 3, None, 2),
    "autogun": ("basic", (0, 12), (12, 24), 1, 0, 3, None, 4),
    "boltgun": ("basic", (0, 12), (12, 24), 1, 0, 4, -1, 6),
    "shotgun": ("basic", (0, 4), (4, 18), 0, -1, None, None, None),
    "meltagun": ("special", (0, 6), (6, 12), None, None, 8, None, None),
    "flamer": ("special", None, None, NA, NA, None, None, 4),
    "heavy-stubber": ("heavy", (0, 20), (20, 40), None, None, 4, None, 4),
    "autocannon": ("heavy", None, None, None, None, 8, None, None),
    "heavy-bolter": ("heavy", None, None, 0, 0, None, None, None),
    "missile-launcher": ("heavy", (0, 20), (20, 72), None, None, None, None, None),
    "lascannon": ("heavy", None, None, None, None, 9, None, None),
    "knife": ("close-combat", None, None, NA, NA, USER, BY_STRENGTH, NA),
    "sword": ("close-combat", None, None, NA, NA, USER, BY_STRENGTH, NA),
    "frag-grenades": ("grenade", None, None, None, None, None, None, ALWAYS_FAILS),
    "krak-grenades": ("grenade", None, None, None, None, None, None, ALWAYS_FAILS),
    "smoke-grenades": ("grenade", None, None, NA, NA, NA, NA, ALWAYS_FAILS),
}
# The classes the spec marks (R): the product's choice, not the text's.
READING_CLASSES = {
    "light-flamer", "lasgun", "autogun", "boltgun", "shotgun", "meltagun", "flamer",
    "missile-launcher", "lascannon",
}  # fmt: skip


def test_codes_are_the_spec_codes_in_its_order():
    assert data.CODE == "necromunda"
    assert data.CHARACTERISTICS == ("m", "ws", "bs", "s", "t", "w", "i", "a", "ld")
    assert tuple(data.FIGHTER_TYPES) == ("leader", "ganger", "kid")
    assert tuple(data.ITEMS) == (*SPEC_WEAPONS, "flak", "mesh", "carapace")
    assert data.MEMBER_STATUSES == MEMBER_STATUSES == ("active", "recovering", "captured", "dead")
    assert data.END_STATES == ("unhurt", "flesh-wound", "down", "out-of-action")
    assert data.OUTCOMES == ("win", "draw", "loss")
    assert data.BOTTLED == ("test", "voluntary")


def test_heavy_juve_and_french_codes_are_unknown():
    assert "heavy" not in data.FIGHTER_TYPES and "juve" not in data.FIGHTER_TYPES
    assert "cc" not in data.CHARACTERISTICS


def test_characteristic_labels_are_the_english_sheet_abbreviations():
    assert [data.CHARACTERISTIC_LABELS[c] for c in data.CHARACTERISTICS] == [
        "M", "WS", "BS", "S", "T", "W", "I", "A", "Ld",
    ]  # fmt: skip
    assert len(set(data.CHARACTERISTIC_LABELS.values())) == 9


@pytest.mark.parametrize(
    "code, values",
    [
        ("ganger", (4, 3, 3, 3, 3, 1, 3, 1, 7)),
        ("leader", (4, 3, 3, 3, 3, 1, 3, 1, 7)),
        ("kid", (4, 2, 2, 3, 3, 1, 3, 1, 7)),
    ],
)
def test_profiles_of_table_1_2(code, values):
    assert tuple(data.FIGHTER_TYPES[code].profile) == values


def test_leader_and_kid_are_completed_from_the_ganger_and_the_kid_has_its_note():
    types = data.FIGHTER_TYPES

    assert [t.completed_from_ganger for t in types.values()] == [True, False, True]
    assert types["kid"].note == "kid: does not steady a pinned friend"
    assert types["leader"].note == types["ganger"].note == ""
    assert [t.label for t in types.values()] == ["Gang leader", "Ganger", "Kid"]


@pytest.mark.parametrize("code", SPEC_WEAPONS)
def test_weapons_of_section_1_4(code):
    w = data.WEAPONS[code]
    cls, short, long, hit_s, hit_l, s, save, ammo = SPEC_WEAPONS[code]

    assert w.weapon_class == cls
    assert w.short == (Band(*short) if short else None)
    assert w.long == (Band(*long) if long else None)
    assert (w.hit_short, w.hit_long) == (hit_s, hit_l)
    assert w.strength == s
    assert w.save_modifier == save
    assert w.ammo == ammo
    assert w.class_reading is (code in READING_CLASSES)


def test_not_applicable_and_not_printed_are_told_apart():
    assert data.WEAPONS["knife"].hit_short == NA
    assert data.WEAPONS["autopistol"].hit_short is None
    assert data.WEAPONS["heavy-bolter"].hit_short == 0  # printed with no modifier
    assert NA != 0 and NA is not None


def test_range_rules_and_max_range():
    assert {c for c, w in data.WEAPONS.items() if w.range_rule == TEMPLATE} == {
        "light-flamer", "flamer",
    }  # fmt: skip
    assert {c for c, w in data.WEAPONS.items() if w.range_rule == THROWN} == {
        "frag-grenades", "krak-grenades", "smoke-grenades",
    }  # fmt: skip
    assert data.WEAPONS["missile-launcher"].max_range == 72
    assert data.WEAPONS["laspistol"].max_range == 16
    assert data.WEAPONS["autocannon"].max_range is None
    assert str(Band(0, 8)) == "0–8"
    assert data.WEAPONS["lasgun"].short_range == "0–12"
    assert data.WEAPONS["lasgun"].long_range == "12–24"
    assert data.WEAPONS["autopistol"].short_range is None
    assert data.WEAPONS["flamer"].long_range is None


def test_high_impact_is_noted_on_every_weapon_of_s_7_or_more_and_only_there():
    noted = {c for c, w in data.WEAPONS.items() if "high-impact" in w.notes}
    strong = {c for c, w in data.WEAPONS.items() if type(w.strength) is int and w.strength >= 7}

    assert noted == strong == {"meltagun", "autocannon", "lascannon"}


def test_weapon_notes_of_section_1_4():
    notes = {c: w.notes for c, w in data.WEAPONS.items() if w.notes}

    assert notes == {
        "light-flamer": ("flamer-template", "one-shot"),
        "shotgun": ("solid-shot",),
        "meltagun": ("high-impact",),
        "flamer": ("flamer-template", "ammo-every-shot"),
        "heavy-stubber": ("sustained-fire",),
        "autocannon": ("sustained-fire", "high-impact"),
        "lascannon": ("high-impact",),
        "knife": ("free",),
        "sword": ("parry",),
        "frag-grenades": ("blast-template",),
        "smoke-grenades": ("smoke",),
    }
    assert all(note in data.NOTES for codes in notes.values() for note in codes)


def test_armour_saves():
    assert {c: a.save for c, a in data.ARMOUR.items()} == {"flak": 6, "mesh": 5, "carapace": 4}
    assert all(data.ITEMS[c].label for c in data.ITEMS)


def test_record_fields():
    advances, experience, injuries, skills = data.MEMBER_RECORD
    (deed,) = data.DEEDS
    (flesh,) = data.CASUALTY_FIELDS
    (bottled,) = data.SIDE_FIELDS

    assert (advances.key, advances.kind, advances.minimum, advances.maximum) == (
        "advances", "adjustments", -9, 9,
    )  # fmt: skip
    assert advances.choices == data.CHARACTERISTICS
    assert advances.default == {} and not advances.default != {}
    # what a club's pack adds after a battle (its injury and experience tables)
    assert (experience.key, experience.kind, experience.default) == ("experience", "count", 0)
    assert [(f.key, f.kind, f.default) for f in (injuries, skills)] == [
        ("injuries", "text", ""), ("skills", "text", ""),
    ]  # fmt: skip
    assert (deed.key, deed.kind, deed.default, deed.maximum) == ("out_of_action", "count", 0, 99)
    assert (flesh.key, flesh.kind, flesh.default, flesh.minimum, flesh.maximum) == (
        "flesh_wounds", "count", None, 1, 99,
    )  # fmt: skip
    assert (bottled.key, bottled.kind, bottled.default, bottled.choices) == (
        "bottled", "code", None, ("test", "voluntary"),
    )  # fmt: skip


def test_document_limits_are_far_above_a_gang():
    limits = data.DOCUMENT_LIMITS

    assert isinstance(limits, DocumentLimits)
    assert limits.members >= 20 and limits.equipment >= 9
    assert limits.abilities == limits.squad_abilities == 0  # no skills in these rules
    assert limits.squad_equipment >= 5 * 20


def test_labels_are_marked_english_strings():
    labels = [
        *data.CHARACTERISTIC_LABELS.values(),
        *(t.label for t in data.FIGHTER_TYPES.values()),
        *(i.label for i in data.ITEMS.values()),
        *data.NOTES.values(),
    ]

    assert all(isinstance(label, str) and label == gettext_noop(label) for label in labels)
    assert all(label.strip() == label and label for label in labels)


# --- the formulas ---------------------------------------------------------------------------


@given(st.integers(min_value=-10, max_value=20))
def test_to_hit_is_seven_minus_bs(bs):
    assert data.to_hit(bs) == 7 - bs


@given(st.integers(min_value=1, max_value=10), st.integers(min_value=1, max_value=10))
def test_wound_roll_is_4_plus_t_minus_s_bounded(s, t):
    need = 4 + t - s
    got = data.wound_roll(s, t)

    if need >= 8:
        assert got is None
    else:
        assert got == min(6, max(2, need))


@given(st.integers(min_value=1, max_value=10), st.integers(min_value=1, max_value=9))
def test_a_tougher_target_is_never_easier_to_wound(s, t):
    easier, harder = data.wound_roll(s, t), data.wound_roll(s, t + 1)

    assert harder is None or (easier is not None and harder >= easier)


def test_grenade_range_and_save_modifier_tables():
    assert [data.grenade_range(s) for s in range(0, 8)] == [None, 4, 6, 8, 10, 12, 12, 12]
    assert [data.strength_save_modifier(s) for s in range(1, 11)] == [
        0, 0, 0, -1, -2, -3, -4, -5, -6, -6,
    ]  # fmt: skip
