import subprocess
import sys

import pytest

from printing.pdf import NotPrintable, reference_card_context, reference_card_pdf
from rules.black_sun import reference
from rules.black_sun.data import OFF_TABLE_WEAPONS, WEAPON_PROFILES
from rules.black_sun.tables import CASUALTY_VP, MISSION_VP
from tests.printing.conftest import A4, page_sizes, pdf_text


@pytest.fixture(scope="module")
def card():
    return reference_card_pdf("black-sun")


@pytest.fixture(scope="module")
def text(card):
    return pdf_text(card)


def test_card_is_two_a4_pages_at_most(card):
    sizes = page_sizes(card)

    assert 1 <= len(sizes) <= 2
    assert set(sizes) == {A4}


def test_card_prints_every_table_of_the_reference_data(text):
    for table in reference.TABLES:
        assert table.title.upper() in text  # titles are set in capitals


@pytest.mark.parametrize("code", reference.WEAPON_CODES)
def test_weapon_table_gives_each_profile(text, code):
    p = WEAPON_PROFILES[code]
    star = "*" if p.suppression else ""

    assert f"{p.label}{star} {p.range} {p.impact} {p.dice_stationary} {p.dice_moving}" in text


def test_off_table_weapons(text):
    for weapon in OFF_TABLE_WEAPONS:
        assert f"{weapon.label} {weapon.range} {weapon.impact} {weapon.template}" in text


def test_victory_point_tables(text):
    assert f"full success {MISSION_VP['full']}" in text
    assert f"partial success (opponent concedes) {MISSION_VP['partial']}" in text
    rows = {"veteran": "Veteran 4–5", "experienced": "Experienced 3", "blue": "Blue 2"}
    for quality, start in rows.items():
        vp = CASUALTY_VP[quality]
        assert f"{start} {vp['dead']} {vp['seriously-wounded']} {vp['wounded']}" in text
    assert "Losses of leaders (Boss and Top) count ×2." in text


def test_turn_tables(text):
    assert (
        "5 all groups groups led by a Top or above 1 group 1 group with a seasoned leader" in text
    )
    assert "Run 3d6, two highest no shooting, no spotting" in text
    assert "in the open 5" in text and "hard to spot 2" in text
    assert "target running +2" in text and "target in ambush −1" in text
    assert "in a fortified position −3" in text and "easy target +1" in text


def test_damage_and_close_combat_tables(text):
    assert "6+ out of action wounded −2 out of action out of action" in text
    assert "aimed shot (good shots and snipers only) +1" in text
    assert "4–5 Killed in action. Dead. Dead." in text
    assert "wounds inflicted +1 per CV lost" in text
    assert "3 to 1 CV −2" in text


def test_unknown_system_has_no_card():
    with pytest.raises(NotPrintable):
        reference_card_context("chess")


def test_every_table_row_has_one_cell_per_column():
    for table in reference.TABLES:
        for row in table.rows:
            assert len(row) == len(table.columns), table.key


def test_reference_data_is_pure_python():
    code = "import sys, rules.black_sun.reference; print('django' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )

    assert result.stdout.strip() == "False"
    assert "Fiche de référence rapide" in reference.__doc__
