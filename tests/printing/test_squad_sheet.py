import datetime

import pytest
from django.utils import timezone

from printing.pdf import BLANK_ROWS, squad_sheet_html, squad_sheet_pdf
from rules.black_sun.data import ABILITIES, WEAPON_PROFILES
from rules.documents import parse_roster
from tests.printing.conftest import (
    A4,
    LETTER,
    font_names,
    full_squad_document,
    page_sizes,
    pdf_text,
)


@pytest.fixture(scope="module")
def sheet(squad):
    return squad_sheet_pdf(squad, owner="mint", version=7)


@pytest.fixture(scope="module")
def text(sheet):
    return pdf_text(sheet)


@pytest.fixture(scope="module")
def hostile_sheet(hostile):
    return squad_sheet_pdf(hostile, owner='Bob & "Al"', version=2, paper="letter")


@pytest.fixture(scope="module")
def hostile_text(hostile_sheet):
    return pdf_text(hostile_sheet)


def test_sheet_is_a4_by_default(sheet):
    assert set(page_sizes(sheet)) == {A4}


def test_sheet_on_letter_paper(hostile_sheet):
    assert set(page_sizes(hostile_sheet)) == {LETTER}


def test_sheet_uses_the_fonts_shipped_with_the_project(sheet):
    names = font_names(sheet)

    assert {"Plex-Condensed,-Condensed", "Saira-Stencil"} <= names
    assert not any("DejaVu" in name for name in names)


def test_header_names_squad_faction_owner_and_points(text):
    assert "Mint's Marauders" in text
    assert "US Army" in text
    assert "commanded by mint" in text
    assert "140 / 200" in text  # the dead grunt's points are freed
    assert "VALID SQUAD" in text  # the stylesheet sets it in capitals


def test_faction_rules_and_communication(text):
    assert "Superior firepower" in text
    assert "Normal (may become inspired or demoralised)" in text


def test_every_model_with_type_and_cv(text):
    for name in ("Capt. Steven Mint", "Sgt. Pierce", "Chavez", "Doc Holloway", "Ling", "Song"):
        assert name in text
    assert "BOSS · 50 PTS" in text
    assert "base 4" in text  # Pierce lost 1 CV for good
    assert "Injured: CV −1 for good" in text


@pytest.mark.parametrize(
    "code",
    ["pistol", "assault-rifle", "bolt-action-rifle", "light-machine-gun", "heavy-machine-gun",
     "shotgun-slug", "shotgun-shot"],
)  # fmt: skip
def test_weapon_profiles_are_printed_in_full(text, code):
    profile = WEAPON_PROFILES[code]
    row = f"{profile.range} {profile.impact} {profile.dice_stationary} {profile.dice_moving}"

    assert row in text


def test_machine_gun_prints_saw_and_mg_and_shotgun_slug_and_shot(text):
    assert "Light machine gun (SAW)*" in text
    assert "Heavy machine gun (MG)*" in text
    assert "Combat shotgun, slug" in text
    assert "Combat shotgun, shot" in text


def test_us_army_models_count_their_free_grenades(text):
    # CV, armour, grenades, RP: the free pair is counted whether or not it is listed.
    assert "Hicks RECRUIT · 5 PTS 2 1 2 –" in text
    assert "Ling GRUNT · 10 PTS Assisted by Song 3 1 4 –" in text  # 4 listed, 2 of them free
    assert "Superior firepower: 2 free grenades per model" in text
    assert 'Grenades: Hand grenade (thrown), range 9", impact 1' in text


def test_abilities_with_their_effects(text):
    for code in ("aggressive", "good-walker", "lucky", "bad-shot", "fast"):
        assert f"{ABILITIES[code].label} – {ABILITIES[code].effect}" in text


def test_hates_enemy_names_the_enemy(text):
    assert "Hates enemy: Viet Cong / NVA (injury)" in text


def test_reputation_for_key_characters_only(squad):
    html = squad_sheet_html(squad, owner=None, version=None)

    assert '<td class="m-stat" rowspan="1">7</td>' in html  # Mint's RP
    assert html.count('">&ndash;</td>') == 5  # veteran, grunts and recruit: no RP column


def test_assistant_gunner_links_both_ways(text):
    assert "Assisted by Song" in text
    assert "Assists Ling" in text


def test_status_of_recovering_and_dead_models(text):
    assert "Recovering: misses the next battle" in text
    assert "Dubois" in text and "Dead" in text


def test_blank_rows_and_footer_with_date_and_version(squad, text):
    today = timezone.localdate().isoformat()
    html = squad_sheet_html(squad, owner=None, version=None)

    assert html.count('<tr><td class="m-model"></td>') == BLANK_ROWS
    assert "Blank rows: recruits and notes." in text
    assert f"Printed {today} · squad version 7 · page 1 / 1" in text


def test_a_full_squad_fits_one_page_with_its_blank_rows():
    sheet = squad_sheet_pdf(parse_roster(full_squad_document()), owner="mint", version=1)

    assert page_sizes(sheet) == [A4]
    assert "Recruit 2" in pdf_text(sheet)


def test_leaving_out_the_dead(squad):
    html = squad_sheet_html(squad, owner=None, version=None, include_dead=False)

    assert "Dubois" not in html
    assert "Hicks" in html


def test_invalid_squad_prints_every_violation_with_its_member(hostile_text):
    assert "NOT VALID" in hostile_text
    assert "This squad breaks 3 rules:" in hostile_text
    assert "A squad has 6 to 15 models; this one has 3." in hostile_text
    assert 'Bob & "Al": Bob & "Al" needs an assistant gunner' in hostile_text
    assert "Grunt <b>: Grunt <b> is a Grunt" in hostile_text


def test_names_are_printed_as_text_not_markup(hostile_text):
    assert "<script>" in hostile_text
    assert 'commanded by Bob & "Al"' in hostile_text


def test_names_are_escaped_in_the_html(hostile):
    html = squad_sheet_html(hostile, owner='Bob & "Al"', version=2)

    assert "<script>" not in html
    assert "&lt;script&gt;" in html
    assert "Bob &amp; &quot;Al&quot;" in html
    assert "Grunt &lt;b&gt;" in html


def test_footer_date_is_the_printing_day(squad):
    html = squad_sheet_html(squad, owner=None, version=3, today=datetime.date(2026, 1, 31))

    assert "Printed 2026-01-31" in html
    assert "squad version 3" in html
