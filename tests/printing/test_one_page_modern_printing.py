"""The one-page modern force sheet, unit cards and quick-reference card, read back from the
PDFs (one-page-modern.md sections 6 and 7).

Each PDF is rendered once per module; the tests read its text. The stylesheet sets headings,
kind lines and small labels in capitals, and the text comes out that way. The French
catalogue of this game is not written yet: in French the tests check only that the pages
print, with their numbers.
"""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.template.loader import render_to_string
from django.utils import translation
from pypdf import PdfReader

from core.messages import violation_message
from printing.pdf import (
    reference_card_pdf,
    squad_sheet_context,
    squad_sheet_html,
    squad_sheet_pdf,
)
from rules import get_system
from rules.documents import parse_roster
from rules.one_page_modern import reference
from rules.one_page_modern.demo import EXAMPLE
from tests.printing.conftest import A4, LETTER, page_sizes, pdf_text, write_document

FIRE_HEAD = 'FIRE POINTS 8" 12" 16" 24" 32" 40" 48"'


def kestrel() -> dict:
    """The force of section 8, as a document."""
    return {
        "format": "squad-roster/1",
        "system": "one-page-modern",
        "name": "Task Force Kestrel",
        "faction": "Rapid reaction force (supplement)",
        "units": [
            {"name": "1st Section", "kind": "infantry", "training": "seasoned",
             "members": [
                 {"name": "Sgt. Hale", "leader": "veteran", "armour": "medium",
                  "equipment": [{"item": "assault-rifle"}, {"item": "grenades"}]},
                 {"name": "Rifleman", "count": 5, "armour": "medium",
                  "equipment": [{"item": "assault-rifle"}]},
                 {"name": "Gunner", "armour": "medium",
                  "equipment": [{"item": "light-machine-gun"}]},
             ]},
            {"name": "Leopard", "kind": "vehicle", "training": "seasoned",
             "armour_class": "heavy", "tank": True,
             "equipment": [{"item": "light-cannon"}, {"item": "heavy-machine-gun", "count": 2}]},
            {"name": "Pillbox", "kind": "bunker", "training": "green",
             "equipment": [{"item": "heavy-cannon"}], "notes": "Dug in on the ridge."},
        ],
    }  # fmt: skip


def platoon(number: int) -> dict:
    """A big infantry unit (thirteen member lines) with two faults: a carried cannon and a
    launcher without a rifle."""
    troopers = [
        {"name": f"Trooper {i}", "count": 2, "armour": "medium",
         "equipment": [{"item": "sniper-rifle" if i == 0 else "infantry-rifle"}]}
        for i in range(7)
    ]  # fmt: skip
    return {
        "name": f"Platoon {number}", "kind": "infantry", "training": "veteran",
        "notes": "A long note from the supplement, so that the block has one more line.",
        "members": [
            {"name": "Lt. Ward", "leader": "elite", "armour": "power",
             "equipment": [{"item": "smg"}, {"item": "pistol"}, {"item": "grenades"}]},
            {"name": "HMG gunner", "armour": "light",
             "equipment": [{"item": "heavy-machine-gun"}]},
            {"name": "Grenadier", "count": 2,
             "equipment": [{"item": "assault-rifle"}, {"item": "underslung-launcher"}]},
            {"name": "Odd", "equipment": [{"item": "underslung-launcher"},
                                          {"item": "light-cannon"}]},
            {"name": "Burner", "armour": "battlesuit",
             "equipment": [{"item": "flamethrower"}, {"item": "shotgun", "count": 2}]},
            *troopers,
            {"name": "Unarmed"},
        ],
    }  # fmt: skip


def big_force() -> dict:
    """Nine units, eleven faults: more than a page, on either paper."""
    return {
        "format": "squad-roster/1",
        "system": "one-page-modern",
        "name": "Battlegroup Ward",
        "points_limit": 300,
        "units": [
            *(platoon(i) for i in range(1, 5)),
            {"name": "Technical", "kind": "vehicle", "training": "green",
             "armour_class": "unarmoured",
             "equipment": [{"item": "heavy-machine-gun"}, {"item": "light-cannon"},
                           {"item": "grenades"}]},
            {"name": "APC", "kind": "vehicle", "training": "elite", "armour_class": "light"},
            {"name": "Empty", "kind": "infantry", "training": "green", "members": []},
            {"name": "Blockhouse", "kind": "bunker", "training": "elite",
             "equipment": [{"item": "heavy-machine-gun", "count": 3},
                           {"item": "light-cannon"}]},
            {"name": "Tiger", "kind": "vehicle", "training": "veteran",
             "armour_class": "very-heavy", "tank": True,
             "equipment": [{"item": "heavy-cannon"}, {"item": "rpg"}, {"item": "light-mortar"},
                           {"item": "anti-tank-gun"}, {"item": "heavy-machine-gun", "count": 2}]},
        ],
    }  # fmt: skip


BIG_UNITS = [unit["name"] for unit in big_force()["units"]]


def block_heads(page: str) -> int:
    """How many unit blocks (or cards) begin on a page: a name, then its kind line."""
    return sum(
        page.count(f"{name} {kind} ·")
        for name in BIG_UNITS
        for kind in ("INFANTRY", "VEHICLE", "TANK", "BUNKER")
    )


def page_texts(data: bytes) -> list[str]:
    reader = PdfReader(io.BytesIO(data))
    return [" ".join(page.extract_text().split()) for page in reader.pages]


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    return tmp_path_factory.mktemp("opm-print")


@pytest.fixture(scope="module")
def sheet():
    return squad_sheet_pdf(EXAMPLE, owner="hale", version=3)


@pytest.fixture(scope="module")
def text(sheet):
    return pdf_text(sheet)


@pytest.fixture(scope="module")
def cards(workdir):
    """The section 8 force's cards on letter, printed by ``print_roster --cards``."""
    path = write_document(workdir / "kestrel.json", kestrel())
    output = workdir / "kestrel-cards.pdf"
    call_command("print_roster", str(path), "-o", str(output), "--paper", "letter", "--cards")
    return output.read_bytes()


@pytest.fixture(scope="module")
def big():
    return parse_roster(big_force())


@pytest.fixture(scope="module", params=["a4", "letter"])
def big_sheet(request, big):
    return request.param, squad_sheet_pdf(big, paper=request.param)


@pytest.fixture(scope="module", params=["a4", "letter"])
def big_cards(request, big):
    return request.param, squad_sheet_pdf(big, paper=request.param, cards=True)


@pytest.fixture(scope="module", params=["a4", "letter"])
def card(request, workdir):
    """(paper, PDF, its text) of the reference card, printed by ``print_reference``."""
    output = workdir / f"reference-{request.param}.pdf"
    call_command("print_reference", "one-page-modern", "-o", str(output),
                 "--paper", request.param)  # fmt: skip
    pdf = output.read_bytes()
    return request.param, pdf, pdf_text(pdf)


# --- the force sheet ------------------------------------------------------------------------


def test_the_spec_force_prints_on_one_page_with_its_header(sheet, text):
    assert page_sizes(sheet) == [A4]
    assert "ONE-PAGE MODERN SKIRMISH · FORCE SHEET" in text
    assert "Task Force Kestrel" in text and "Rapid reaction force (supplement)" in text
    assert "commanded by hale" in text
    assert "No points" in text
    assert "3 units · 9 models" in text
    assert "VALID FORCE" in text


def test_the_infantry_block(text):
    assert (
        "1st Section INFANTRY · SEASONED · 7 MODELS ACTIVATION 3+ (4+ without Sgt. Hale) "
        "SKILL 5+ AGAINST COVER Light 6+ · Medium 6+ · Hard 6+ MOST PINNED 2"
    ) in text
    assert (
        "1 × Sgt. Hale LEADER: VETERAN Assault rifle W, Thrown grenades W AV Medium 5+ "
        "5 × Rifleman Assault rifle W Medium 5+ 1 × Gunner Light machine gun W Medium 5+"
    ) in text
    assert f"{FIRE_HEAD} Unit total 16 15 9 9 3 0 0" in text


def test_the_tank_block(text):
    assert (
        "Leopard TANK · SEASONED ACTIVATION 4+ SKILL 5+ AGAINST COVER Light 6+ · Medium 6+ · "
        "Hard 6+ Cannot be pinned ARMOUR CLASS Heavy SAVE 3+ Armoured (immune to small arms "
        "and HMGs)"
    ) in text
    assert (
        'MOVES 12" (30 cm) in the open · 6" (15 cm) through light cover · 6" (15 cm) through '
        "medium cover, without firing"
    ) in text
    assert "MOUNTED WEAPONS MARKS 1 × Light cannon IC AV 2 × Heavy machine gun —" in text
    assert f"{FIRE_HEAD} Stationary 12 12 12 12 12 0 0 Moving 4 4 4 4 4 0 0" in text


def test_the_bunker_block(text):
    assert (
        "Pillbox BUNKER · GREEN ACTIVATION 5+ SKILL 6+ AGAINST COVER Light 6+ · Medium 6+ · "
        "Hard 6+ Cannot be pinned MOUNTED WEAPONS MARKS 1 × Heavy cannon AV"
    ) in text
    assert f"{FIRE_HEAD} All weapons 6 6 6 6 6 6 6" in text
    assert "Hard cover: shooters +3 · Dug in on the ridge." in text


def test_the_weapon_key_at_the_foot(text):
    key = text[text.index("WEAPON KEY") :]

    assert "WEAPON RANGE FP NOTES" in key
    assert 'Assault rifle 24" (60 cm) 1 2 FP at 12" (30 cm) or less' in key
    assert 'Light machine gun 32" (80 cm) 3' in key
    assert (
        'Heavy machine gun 32" (80 cm) 4 carried by infantry: two crew; mounted on a vehicle '
        "or bunker: one"
    ) in key
    assert 'Thrown grenades 8" (20 cm) 3' in key
    assert "Light cannon 32\" (80 cm) 4 tanks and bunkers only; a tank's ignores cover" in key
    assert 'Heavy cannon 48" (120 cm) 6' in key
    assert "Pistol" not in key  # only what the force uses
    assert (
        "W: may fire during a Walk · IC: ignores cover · AV: can harm an armoured vehicle · "
        "2C: needs two crew."
    ) in key


def test_the_section_8_document_prints_as_the_demo_force(workdir, text):
    path = write_document(workdir / "kestrel-sheet.json", kestrel())
    output = workdir / "kestrel.pdf"

    call_command("print_roster", str(path), "-o", str(output))

    printed = pdf_text(output.read_bytes())
    blocks = printed[printed.index("1st Section") : printed.index("Printed")]
    assert blocks == text[text.index("1st Section") : text.index("Printed")]


def test_house_rule_points_replace_no_points():
    context = squad_sheet_context(EXAMPLE, owner=None, version=None)
    context["squad"] = {**context["squad"], "points": 120, "points_limit": 150}

    html = render_to_string("systems/one-page-modern/sheet.html", context)

    assert "<b>120</b> / 150" in html
    assert "No points" not in html


def test_a_force_without_units_still_prints():
    empty = parse_roster({"format": "squad-roster/1", "system": "one-page-modern",
                          "name": "Nobody", "units": []})  # fmt: skip
    text = pdf_text(squad_sheet_pdf(empty))

    assert "This force has no units yet." in text
    assert "This force breaks 1 rule:" in text
    assert "A force has at least one unit; this one has none." in text
    assert "WEAPON KEY" not in text


# --- a larger, invalid force ----------------------------------------------------------------


def test_every_violation_is_printed_at_the_foot_naming_its_unit(big, big_sheet):
    _paper, pdf = big_sheet
    text = pdf_text(pdf)
    violations = get_system("one-page-modern").validate(big)

    assert len(violations) == 11
    assert "NOT VALID" in text
    assert "This force breaks 11 rules:" in text
    for violation in violations:
        assert f"{violation.member}: {violation_message(violation)}" in text
    assert text.index("This force breaks") > text.index("Tiger")  # at the foot


def test_a_unit_block_never_breaks_across_pages(big_sheet):
    paper, pdf = big_sheet
    pages = page_texts(pdf)

    assert set(page_sizes(pdf)) == {A4 if paper == "a4" else LETTER}
    assert len(pages) > 1
    for page in pages:  # each block on a page has its head and its fire-point columns
        assert page.count(FIRE_HEAD) == block_heads(page)
    assert sum(page.count(FIRE_HEAD) for page in pages) == len(BIG_UNITS)


def test_the_big_forces_figures(big_sheet):
    text = pdf_text(big_sheet[1])

    assert "9 units · 88 models" in text
    assert "limit 300: not costed" in text
    assert "1 × Lt. Ward LEADER: ELITE Submachine gun W, Pistol or revolver W, Thrown " in text
    assert "1 × HMG gunner Heavy machine gun 2C Light 6+" in text
    assert "1 × Burner Flamethrower IC AV, Shotgun ×2 W Battlesuit 2+" in text
    assert "1 × Unarmed no weapon None —" in text
    assert "ACTIVATION 2+ (3+ without Lt. Ward)" in text
    assert "Technical VEHICLE · GREEN" in text
    assert "ARMOUR CLASS None SAVE 6+ Not armoured (small arms and HMGs can harm it)" in text
    assert "APC VEHICLE · ELITE" in text and "No mounted weapons." in text
    assert "Empty INFANTRY · GREEN · 0 MODELS" in text and "No models yet." in text
    assert "3 × Heavy machine gun — 1 × Light cannon AV" in text  # a bunker's: no IC
    assert f"{FIRE_HEAD} All weapons 16 16 16 16 16 0 0" in text
    assert f"{FIRE_HEAD} Stationary 23 23 23 23 20 9 6 Moving 6 6 6 6 6 6 6" in text


# --- unit cards -----------------------------------------------------------------------------


def test_one_card_per_unit():
    html = squad_sheet_html(EXAMPLE, owner=None, version=None, cards=True)

    assert html.count('<td class="card">') == 3
    assert html.count('<td class="card blank">') == 1  # the third card's row is filled out


def test_a_card_holds_its_units_block(cards, text):
    printed = pdf_text(cards)

    assert set(page_sizes(cards)) == {LETTER}
    assert "ONE-PAGE MODERN SKIRMISH · UNIT CARDS" in printed
    for name, end in (("1st Section", "Leopard"), ("Leopard", "Pillbox"), ("Pillbox", "WEAPON")):
        block = text[text.index(f"{name} ") : text.index(f"{end} ")]
        assert block in printed, name
    assert "WEAPON KEY" in printed


def test_big_cards_keep_every_card_whole(big_cards):
    paper, pdf = big_cards
    pages = page_texts(pdf)

    assert set(page_sizes(pdf)) == {A4 if paper == "a4" else LETTER}
    assert block_heads(pages[0]) >= 2  # the first row of cards shares the header's page
    for page in pages:
        assert page.count(FIRE_HEAD) == block_heads(page)


# --- the quick-reference card ---------------------------------------------------------------


def test_reference_card_is_two_pages_on_its_paper(card):
    paper, pdf, _text = card

    assert page_sizes(pdf) == [A4 if paper == "a4" else LETTER] * 2


def test_reference_card_prints_every_table_in_order(card):
    text = card[2]
    positions = [text.index(table.title.upper()) for table in reference.TABLES]

    assert positions == sorted(positions)
    assert text.startswith("One-page modern skirmish QUICK REFERENCE")


def test_reference_card_key_cells(card):
    text = card[2]

    assert "DICE Roll Result unmodified 6 always succeeds unmodified 1 always fails" in text
    assert "Level Activation Skill Green 5+ 6+ Seasoned 4+ 5+ Veteran 3+ 4+ Elite 2+ 4+" in text
    assert '+1 no enemy is visible −1 per model more than 3" (8 cm) from the rest' in text
    assert "−2 a vehicle whose crew is stunned (next activation)" in text
    assert 'Walk 6" (15 cm) may fire a small arm, or throw a grenade' in text
    assert 'Run 12" (30 cm) no firing, no grenades' in text
    assert 'On guard 0" may react once in the turn' in text
    assert 'Hit the dirt 3" (8 cm) into the nearest cover; cover one step better' in text
    assert "Most pinned models Green 1 Seasoned 2 Veteran 3 Elite 4" in text
    assert "Light +1 scrub, woods" in text and "Hard +3 bunkers" in text
    assert "never past 6+." in text
    assert 'Some assault rifles carry a grenade launcher: range 16" (40 cm), 3 FP' in text
    assert "Personal armour".upper() in text and "Battlesuit 2+ tactical battlesuit" in text
    assert "Very heavy 2+ heavy tanks" in text
    assert "1–2 crew stunned: −2 on the next activation 3 immobilised" in text


def test_reference_card_prints_every_row_of_the_number_tables(card):
    text = card[2]

    for key in ("training", "actions", "pinning", "cover", "small-arms", "support-weapons",
                "personal-armour", "vehicles", "vehicle-damage"):  # fmt: skip
        for row in reference.BY_KEY[key].english_rows():
            assert " ".join(str(cell) for cell in row).strip() in text, (key, row)


# --- in French ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def french():
    with translation.override("fr"):
        return {
            "sheet": squad_sheet_pdf(EXAMPLE, paper="letter"),
            "cards": squad_sheet_pdf(EXAMPLE, cards=True),
            "card": reference_card_pdf("one-page-modern"),
        }


def test_the_sheet_and_cards_print_in_french_with_their_numbers(french):
    for name in ("sheet", "cards"):
        text = pdf_text(french[name])

        assert "Task Force Kestrel" in text, name
        assert "Sgt. Hale" in text and "3+" in text, name
        assert "16 15 9 9 3 0 0" in text, name
        assert "12 12 12 12 12 0 0" in text and "4 4 4 4 4 0 0" in text, name
        assert "6 6 6 6 6 6 6" in text, name
        assert '24" (60 cm)' in text and '48" (120 cm)' in text, name
    assert set(page_sizes(french["sheet"])) == {LETTER}
    assert len(page_sizes(french["sheet"])) == 1


def test_the_reference_card_prints_in_french_with_its_numbers(french):
    text = pdf_text(french["card"])

    assert page_sizes(french["card"]) == [A4] * 2
    assert "5+ 6+" in text and "2+ 4+" in text
    assert '6" (15 cm)' in text and '12" (30 cm)' in text
    assert '48" (120 cm) 6' in text
