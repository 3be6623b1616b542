"""The Necromunda quick-reference card's cells against docs/games/necromunda.md section 7."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.necromunda import reference
from rules.necromunda.reference import BY_KEY, TABLES

SPEC_ORDER = [
    "profiles", "phases", "movement", "terrain", "to-hit", "seven-plus", "shooting-modifiers",
    "weapon-ranges", "range-modifiers", "weapon-strength", "ammo-rolls", "wound-chart",
    "injury", "armour-save", "strength-save-modifier", "grenade-range", "templates",
    "sustained-fire", "pinned", "shoot-into-combat", "line-of-sight", "close-combat",
    "combat-modifiers", "leadership", "bottle-test", "overwatch",
]  # fmt: skip

# Section 7's wound chart, as printed there (N = cannot wound).
N = "N"
SPEC_WOUND_CHART = [
    [4, 5, 6, 6, N, N, N, N, N, N],
    [3, 4, 5, 6, 6, N, N, N, N, N],
    [2, 3, 4, 5, 6, 6, N, N, N, N],
    [2, 2, 3, 4, 5, 6, 6, N, N, N],
    [2, 2, 2, 3, 4, 5, 6, 6, N, N],
    [2, 2, 2, 2, 3, 4, 5, 6, 6, N],
    [2, 2, 2, 2, 2, 3, 4, 5, 6, 6],
    [2, 2, 2, 2, 2, 2, 3, 4, 5, 6],
    [2, 2, 2, 2, 2, 2, 2, 3, 4, 5],
    [2, 2, 2, 2, 2, 2, 2, 2, 3, 4],
]


def rows(key):
    return [list(row) for row in BY_KEY[key].english_rows()]


def test_every_table_of_section_7_in_its_order():
    assert [t.key for t in TABLES] == SPEC_ORDER
    assert len(BY_KEY) == len(TABLES)


def test_every_row_has_as_many_cells_as_columns():
    for table in TABLES:
        assert table.title and table.columns, table.key
        for row in table.rows:
            assert len(row) == len(table.columns), table.key


def test_profiles():
    assert rows("profiles") == [
        ["Ganger", 4, 3, 3, 3, 3, 1, 3, 1, 7, "printed (Mak McMadd)"],
        ["Gang leader", 4, 3, 3, 3, 3, 1, 3, 1, 7, "not in these rules: the Ganger's"],
        ["Kid", 4, 2, 2, 3, 3, 1, 3, 1, 7,
         "WS and BS from the text's examples, the rest the Ganger's"],
    ]  # fmt: skip
    assert BY_KEY["profiles"].columns[1:10] == ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")
    assert BY_KEY["profiles"].starred == {1, 2}  # leader and kid: completed from the Ganger


def test_movement():
    assert rows("movement") == [
        ["walk", "M", "climbing included; may shoot"],
        ["run", "2 × M", 'no shooting; stop on coming within 8" of a seen enemy; cannot hide'],
        ["charge", "2 × M",
         "declare first; ends in base contact; short: full move toward, nothing else"],
        ["down", '2" crawl', "nothing else"],
        ["follow-up", '2"', "after all foes out of action"],
        ["broken", '2D6"', "away from the enemy, toward cover"],
        ["hidden", "—", "spotted by any enemy within its I in inches"],
    ]  # fmt: skip


def test_to_hit_table():
    table = BY_KEY["to-hit"]

    assert table.columns == ("BS", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10")
    assert rows("to-hit") == [["d6", 6, 5, 4, 3, 2, 1, 0, "−1", "−2", "−3"]]
    assert "A 1 always misses." in table.notes


def test_seven_plus():
    assert rows("seven-plus") == [
        [7, "6 then 4+"], [8, "6 then 5+"], [9, "6 then 6+"], [10, "miss"],
    ]  # fmt: skip


def test_shooting_modifiers():
    assert [row[1] for row in rows("shooting-modifiers")] == [
        "−1", "−2", "−1", "−1", "−1", "+1", "the weapon's range modifier",
    ]  # fmt: skip


def test_weapon_ranges():
    assert rows("weapon-ranges") == [
        ["Laspistol", "0–8", "8–16", 16],
        ["Bolt pistol", "0–8", "8–16", 16],
        ["Autogun", "0–12", "12–24", 24],
        ["Lasgun", "0–12", "12–24", 24],
        ["Boltgun", "0–12", "12–24", 24],
        ["Meltagun", "0–6", "6–12", 12],
        ["Shotgun", "0–4", "4–18", 18],
        ["Missile launcher", "0–20", "20–72", 72],
        ["Heavy stubber", "0–20", "20–40", 40],
    ]


def test_range_modifiers():
    assert rows("range-modifiers") == [
        ["Laspistol", "+2", "−1"],
        ["Bolt pistol", "+2", "0"],
        ["Plasma pistol", "+2", "−1"],
        ["Autogun", "+1", "0"],
        ["Boltgun", "+1", "0"],
        ["Heavy bolter", "0", "0"],
        ["Shotgun (solid shot)", "0", "−1"],
    ]


def test_weapon_strength():
    assert rows("weapon-strength") == [
        ["Laspistol", 3], ["Bolt pistol", 4], ["Autopistol", 3], ["Autogun", 3],
        ["Lasgun", 3], ["Boltgun", 4], ["Meltagun", 8], ["Lascannon", 9], ["Autocannon", 8],
        ["Heavy stubber", 4],
    ]  # fmt: skip


def test_ammo_rolls():
    assert [row[:2] for row in rows("ammo-rolls")] == [
        ["Laspistol", "2+"], ["Autopistol", "4+"], ["Bolt pistol", "6+"], ["Lasgun", "2+"],
        ["Autogun", "4+"], ["Boltgun", "6+"], ["Flamer", "4+"], ["Heavy stubber", "4+"],
        ["Grenades", "always fails"],
    ]  # fmt: skip
    assert rows("ammo-rolls")[6][2] == "after every shot"


def test_wound_chart_is_section_7s():
    table = BY_KEY["wound-chart"]

    assert table.columns == ("S \\ T", *(str(t) for t in range(1, 11)))
    assert [row[0] for row in rows("wound-chart")] == list(range(1, 11))
    assert [row[1:] for row in rows("wound-chart")] == SPEC_WOUND_CHART


@given(st.integers(min_value=1, max_value=10), st.integers(min_value=1, max_value=10))
def test_every_wound_chart_cell_is_4_plus_t_minus_s(s, t):
    cell = BY_KEY["wound-chart"].rows[s - 1][t]
    need = max(2, 4 + t - s)

    assert cell == ("N" if need >= 8 else min(need, 6))


def test_injury():
    assert [row[:2] for row in rows("injury")] == [
        [1, "flesh wound: −1 WS, −1 BS for the battle; pinned"],
        ["2–5", "down"],
        [6, "out of action"],
    ]
    assert [row[2] for row in rows("injury")] == [
        "recovers with a flesh wound, pinned a turn", "stays down", "out of action",
    ]  # fmt: skip


def test_armour_saves():
    assert rows("armour-save") == [["Flak", "6+"], ["Mesh", "5+"], ["Carapace", "4+"]]


def test_strength_save_modifier():
    table = BY_KEY["strength-save-modifier"]

    assert table.columns == ("S", "3 or less", "4", "5", "6", "7", "8", "9 or more")
    assert rows("strength-save-modifier") == [
        ["modifier", 0, "−1", "−2", "−3", "−4", "−5", "−6"],
    ]


def test_grenade_range():
    assert rows("grenade-range") == [
        [1, '4"'], [2, '6"'], [3, '8"'], [4, '10"'], ["5 or more", '12"'],
    ]  # fmt: skip


def test_shoot_into_combat_and_line_of_sight():
    assert rows("shoot-into-combat") == [[2, "1–3 / 4–6"], [3, "1–2 / 3–4 / 5–6"]]
    assert rows("line-of-sight") == [["1–3", "no"], ["4–6", "yes"]]


def test_combat_modifiers():
    assert [row[0] for row in rows("combat-modifiers")] == ["+1", "+1", "+1", "+1", "−1", "−1"]


def test_numbers_read_from_the_data_are_filled_in():
    assert rows("leadership")[-1][1] == (
        "within 6\": use the leader's Ld (leader not down or broken)"
    )
    assert rows("bottle-test")[-1][1] == "with 2 or more down or out of action"
    assert "%(" not in str([rows(t.key) for t in TABLES])


@pytest.mark.parametrize("value, text", [(2, "+2"), (0, "0"), (-1, "−1")])
def test_signed(value, text):
    assert reference.signed(value) == text
