"""The Bolt Action quick-reference card against bolt-action.md section 5: one table per
subsection 5.1-5.14, in order, with the spec's cells ("—" where it leaves one empty)."""

import importlib
import re

import pytest

from rules.bolt_action import data, reference, reference_data
from rules.bolt_action.reference import BY_KEY, TABLES

SPEC_ORDER = [
    "dice", "order-dice", "orders", "order-test", "fubar", "quality-morale", "terrain",
    "shooting", "to-hit", "damage", "cover", "ambush", "morale-test", "weapons",
]  # fmt: skip


def rows(key):
    """A table's English rows, every cell as text."""
    return [[str(cell) for cell in row] for row in BY_KEY[key].english_rows()]


def notes(key):
    return " ".join(BY_KEY[key].english_notes())


def test_one_table_per_subsection_in_card_order():
    assert [t.key for t in TABLES] == SPEC_ORDER
    assert len(BY_KEY) == len(TABLES) == 14


def test_every_row_has_as_many_cells_as_columns():
    for table in TABLES:
        assert table.title and all(table.columns), table.key
        assert table.rows, table.key
        for row in table.rows:
            assert len(row) == len(table.columns), table.key


def test_no_placeholder_is_left_unfilled():
    for table in TABLES:
        printed = [str(c) for row in table.english_rows() for c in row]
        printed += list(table.english_notes())
        assert not [text for text in printed if re.search(r"%\(\w+\)", text)], table.key


# --- the spec's tables, cell for cell -------------------------------------------------------


def test_5_3_the_six_orders():
    assert rows("orders") == [
        ["1", "Fire", "stays put and shoots at full effect"],
        ["2", "Advance", "moves, then shoots (less accurate; some weapons cannot fire)"],
        ["3", "Run", "moves twice as far, no shooting"],
        ["4", "Ambush", "neither moves nor shoots; waits to fire at an enemy that moves"],
        ["5", "Rally", "neither moves nor shoots; removes D6 pins"],
        ["6", "Down", "neither moves nor shoots; goes to ground: −1 to hit it"],
    ]


def test_5_4_the_order_test():
    assert rows("order-test") == [
        ["≤ modified morale", "pass: remove 1 pin, carry out the order"],
        ["> modified morale", "fail: the unit goes Down instead"],
        ["double 6", "no order; roll on the FUBAR table"],
        ["2", "always a pass"],
        ["11 or 12", "always a fail (12 is a double 6: FUBAR as well)"],
    ]
    assert "D6 + 1 pins" in notes("order-test")
    assert "some heavy weapons: 2" in notes("order-test")


def test_5_5_fubar():
    assert rows("fubar") == [
        ["1–2", 'Friendly fire: the unit does not move and shoots (Fire die) at a friendly unit '
                'within 12" (24 cm) of an enemy unit, chosen by the opponent; if there is none, '
                "it goes Down"],
        ["3–6", "Panic: the unit Runs away from the nearest visible enemy; if none is visible, "
                "it goes Down"],
    ]  # fmt: skip


def test_5_6_quality_and_morale():
    assert rows("quality-morale") == [
        ["Inexperienced", "8", "3+"],
        ["Regular", "9", "4+"],
        ["Veteran", "10", "5+"],
    ]
    text = notes("quality-morale")
    assert "each pin −1; the squad's NCO killed −1; a team or gun crew down to one model −1" in (
        text
    )
    assert "never goes above 10 nor below 2" in text
    assert "Regular 9 with 2 pins tests on 7; with 5 pins, on 4." in text


def test_5_7_terrain():
    assert BY_KEY["terrain"].columns[1:] == (
        "infantry", "artillery", "wheeled vehicles", "tracked vehicles",
    )  # fmt: skip
    assert rows("terrain") == [
        ["Open ground", "yes", "yes", "yes", "yes"],
        ["Rough ground (undergrowth, mud, sand, ruins)", "no Run", "no, but may deploy there",
         "no", "no Run"],
        ["Obstacle (hedge, stone wall, stream)", "no Run", "no", "no",
         "yes, unless declared an anti-tank obstacle or impassable hedgerow"],
        ["Building", "yes", "no, but may deploy there", "no",
         "no; heavy and super-heavy tanks may, demolishing it"],
        ["Road or track", "yes", "yes", "×2", "×2"],
    ]  # fmt: skip
    assert 'Advance 6" (12 cm), Run 12" (24 cm)' in notes("terrain")
    assert 'within 1" (2 cm) of each other' in notes("terrain")


def test_5_9_to_hit():
    assert rows("to-hit") == [
        ['point blank (target within 6" / 12 cm)', "+1"],
        ["each pin on the shooting unit", "−1"],
        ["long range (farther half of the weapon's range)", "−1"],
        ["shooter inexperienced", "−1"],
        ["shooting after moving (Advance order)", "−1"],
        ["target is infantry or artillery on Down", "−1"],
        ["target is a small unit (1 or 2 models left)", "−1"],
        ["target in light cover", "−1"],
        ["target in hard cover", "−2"],
    ]
    assert "3+" in notes("to-hit")


def test_5_10_damage():
    assert rows("damage") == [
        ["Inexperienced infantry or artillery", "3+"],
        ["Regular infantry or artillery", "4+"],
        ["Veteran infantry or artillery", "5+"],
        ["Any light vehicle", "6+"],
        ["Armoured car or armoured transport", "7+"],
        ["Light tank", "8+"],
        ["Medium tank", "9+"],
        ["Heavy tank", "10+"],
        ["Super-heavy tank", "11+"],
    ]
    assert "heavy machine gun (.50 cal) +1" in notes("damage")
    assert "never score above 6" in notes("damage")
    assert "natural 1 always fails" in notes("damage")


def test_5_11_cover_with_the_empty_cell_printed_as_a_dash():
    assert rows("cover") == [
        ["Light (hides, does not stop bullets)", "−1",
         "woods, hedges, crops, undergrowth, camouflage nets, wooden barricades, infantry of "
         "either side, guns"],
        ["Hard (hides and protects)", "−2",
         "stone or brick walls, ruins, rocky ground, foxholes, embankments, trenches, sandbags, "
         "an armoured vehicle of either side"],
        ["Unsure? roll a D6", "—", "1–3 in cover, 4–6 not"],
    ]  # fmt: skip


def test_5_14_weapons_is_the_table_of_1_3():
    assert rows("weapons") == [
        ["Rifle", "1", "none", "—", "small arms"],
        ["Submachine gun", "—", "none", "—", "small arms; the text's squad NCO carries one"],
        ["Light machine gun", "3", "none", "—", "small arms"],
        ["Medium machine gun", "4", "none", "—", "small arms; crew-served"],
        ["Heavy machine gun (e.g. .50 cal Browning)", "—", "+1", "—", "crew-served"],
        ["One-shot anti-tank weapon (e.g. Panzerfaust)", "1", "—", "—",
         "may fire at another target than the rest of its squad"],
        ["Bazooka", "—", "—", "—", "crew-served anti-tank weapon"],
        ["Mortar", "—", "—", "—", "crew-served; fires over friendly troops"],
        ["Anti-tank gun", "—", "—", "—", "also a tank's or armoured car's main gun"],
        ["Howitzer", "—", "—", "—", "fires over friendly troops; also an assault gun's gun"],
    ]  # fmt: skip
    assert 'Point blank: within 6" (12 cm)' in notes("weapons")


# --- the text tables ------------------------------------------------------------------------


def cells(key):
    return dict((row[0], row[1]) for row in rows(key))


def test_5_1_dice_and_measuring():
    dice = cells("dice")
    assert dice["D2"] == "a D6: 1–3 counts 1, 4–6 counts 2"
    assert dice["D3"] == "a D6 halved, rounded up"
    assert dice["2D6"] == "two dice added (2–12)"
    assert dice["D6+1"] == "2–7"
    assert dice["Re-roll"] == "the second result stands, always"
    assert dice["Scale"] == '1" = 2 cm'


def test_5_2_order_dice_and_the_turn():
    turn = cells("order-dice")
    assert "one per unit (squad, team, gun, vehicle), reserves included" in turn["Dice"]
    assert "units on Ambush or Down may keep theirs" in turn["End phase"]


def test_5_8_shooting():
    shooting = cells("shooting")
    assert "one-shot anti-tank weapons, which may pick their own" in shooting["Target"]
    assert 'within 1" of its models' in shooting["Line of fire"]
    assert shooting["Dice"] == "the weapon's shots per model"


def test_5_12_ambush():
    assert "Advance or Run" in cells("ambush")["When"]


def test_5_13_morale_test_after_shooting():
    test = cells("morale-test")
    assert (
        test["When"] == "the unit loses half or more of the models it had when the shooting began"
    )
    assert test["Fail"] == "the unit is destroyed"
    assert test["Example"] == "6 models: 2 lost, no test; 3 lost, test"


# --- built from data.py ---------------------------------------------------------------------


@pytest.fixture
def reloaded(monkeypatch):
    """``reference`` (and its tables, ``reference_data``) rebuilt after the test patches
    ``data``; rebuilt again afterwards."""

    def reload():
        importlib.reload(reference_data)
        return importlib.reload(reference)

    yield reload
    monkeypatch.undo()
    reload()


def test_tables_read_their_numbers_from_data(monkeypatch, reloaded):
    from dataclasses import replace

    veteran = replace(data.QUALITIES["veteran"], morale=11)
    monkeypatch.setattr(data, "QUALITIES", {**data.QUALITIES, "veteran": veteran})
    monkeypatch.setattr(data, "FRIENDLY_FIRE_INCHES", 18)
    monkeypatch.setattr(data, "ADVANCE_INCHES", 5)
    card = reloaded()

    assert card.BY_KEY["quality-morale"].english_rows()[2] == ("Veteran", 11, "5+")
    assert '18" (36 cm)' in card.BY_KEY["fubar"].english_rows()[0][1]
    assert 'Advance 5" (10 cm)' in card.BY_KEY["terrain"].english_notes()[0]


def test_the_card_uses_the_same_labels_as_the_data():
    assert [row[1] for row in BY_KEY["orders"].rows] == [o.label for o in data.ORDERS.values()]
    assert [row[0] for row in BY_KEY["to-hit"].rows] == [m.label for m in data.TO_HIT_MODIFIERS]
    assert [row[0] for row in BY_KEY["weapons"].rows] == [
        w.card_label for w in data.WEAPONS.values()
    ]


# --- the helpers ----------------------------------------------------------------------------


@pytest.mark.parametrize("value, text", [(1, "+1"), (0, "0"), (-2, "−2")])
def test_signed(value, text):
    assert reference.signed(value) == text


@pytest.mark.parametrize("value, text", [(None, "—"), (0, "none"), (1, "+1")])
def test_damage_bonus(value, text):
    assert reference.damage_bonus(value) == text


def test_inches_and_span():
    assert reference.inches(1) == '1"'
    assert reference.span(1, 2) == "1–2"
