"""The Bolt Action force sheet, unit cards and quick-reference card, read back from the PDFs
(bolt-action.md sections 5 and 6).

Each PDF is rendered once per module; the tests read its text. The stylesheet sets headings,
kind lines and small labels in capitals, and the text comes out that way. The French
catalogue of this game is not written yet: in French the tests check only that the pages
print, with their numbers.

"""

from __future__ import annotations

import copy
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
    without_budget,
)
from rules import get_system
from rules.bolt_action import reference
from rules.bolt_action.demo import EXAMPLE
from rules.documents import parse_roster
from tests.printing.conftest import A4, LETTER, page_sizes, pdf_text, write_document
from tests.printing.layout import laid_out, strays
from tests.test_bolt_action import BECKER


def print_sheet(roster, **options) -> bytes:
    with without_budget():
        return squad_sheet_pdf(roster, **options)


def becker() -> dict:
    """The force of section 3, as a document (a fresh copy)."""
    return copy.deepcopy(BECKER)


def krause() -> dict:
    """Ten units, six faults: every vehicle kind but one, a small team, conscripts, a truck
    with no weapon, an empty squad. More than a page, on either paper."""
    return {
        "format": "squad-roster/1",
        "system": "bolt-action",
        "name": "Kampfgruppe Krause",
        "faction": "Germany, 1944",
        "units": [
            {"name": "Volksgrenadiere", "kind": "infantry-squad", "quality": "inexperienced",
             "notes": "Hold the church.",
             "members": [
                 {"name": "NCO", "leader": True, "equipment": [{"item": "smg"}]},
                 {"name": "Grenadier", "count": 9,
                  "equipment": [{"item": "rifle"},
                                {"item": "one-shot-anti-tank", "label": "Panzerfaust"}]},
                 {"name": "Extra", "count": 2, "equipment": [{"item": "rifle"}, {"item": "mmg"}]},
             ]},
            {"name": "HMG pair", "kind": "infantry-team", "quality": "veteran",
             "members": [{"name": "Loader", "leader": True,
                          "equipment": [{"item": "hmg", "label": ".50 cal"}]}]},
            {"name": "Mortar team", "kind": "infantry-team", "quality": "regular",
             "members": [{"name": "Gunner",
                          "equipment": [{"item": "mortar", "label": "8 cm GrW 34"}]},
                         {"name": "Loader"}]},
            {"name": "leFH 18", "kind": "artillery", "quality": "regular",
             "members": [{"name": "Crew", "count": 4, "equipment": [{"item": "howitzer"}]}]},
            {"name": "Opel Blitz", "kind": "light-vehicle", "quality": "inexperienced"},
            {"name": "Sd.Kfz. 251", "kind": "armoured-transport", "quality": "regular",
             "equipment": [{"item": "mmg", "count": 2, "label": "MG 34"}, {"item": "lmg"}]},
            {"name": "Puma", "kind": "armoured-car", "quality": "veteran",
             "equipment": [{"item": "anti-tank-gun", "label": "5 cm KwK 39"}, {"item": "mmg"}]},
            {"name": "Tiger", "kind": "heavy-tank", "quality": "veteran",
             "equipment": [{"item": "anti-tank-gun", "label": "8.8 cm KwK 36"},
                           {"item": "mmg", "count": 2, "label": "MG 34"}, {"item": "hmg"}]},
            {"name": "Maus", "kind": "super-heavy-tank", "quality": "inexperienced",
             "drive": "wheeled"},
            {"name": "Empty", "kind": "infantry-squad", "quality": "regular", "members": []},
        ],
    }  # fmt: skip


KRAUSE_HEADS = {
    "Volksgrenadiere": "INFANTRY SQUAD · INEXPERIENCED",
    "HMG pair": "INFANTRY TEAM · VETERAN",
    "Mortar team": "INFANTRY TEAM · REGULAR",
    "leFH 18": "ARTILLERY · REGULAR",
    "Opel Blitz": "LIGHT VEHICLE, WHEELED · INEXPERIENCED",
    "Sd.Kfz. 251": "ARMOURED TRANSPORT, TRACKED · REGULAR",
    "Puma": "ARMOURED CAR, WHEELED · VETERAN",
    "Tiger": "HEAVY TANK, TRACKED · VETERAN",
    "Maus": "SUPER-HEAVY TANK, WHEELED · INEXPERIENCED",
    "Empty": "INFANTRY SQUAD · REGULAR",
}


def heads(page: str) -> int:
    """How many of the large force's unit blocks (or cards) begin on a page."""
    return sum(page.count(f"{name} {kind}") for name, kind in KRAUSE_HEADS.items())


def page_texts(data: bytes) -> list[str]:
    reader = PdfReader(io.BytesIO(data))
    return [" ".join(page.extract_text().split()) for page in reader.pages]


def block(text: str, name: str, end: str) -> str:
    """A unit's block of a PDF's text: from its name to the next one's."""
    return text[text.index(f"{name} ") : text.index(f"{end} ")]


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    return tmp_path_factory.mktemp("bolt-action-print")


@pytest.fixture(scope="module")
def sheet():
    return print_sheet(EXAMPLE, owner="becker", version=2)


@pytest.fixture(scope="module")
def text(sheet):
    return pdf_text(sheet)


@pytest.fixture(scope="module", params=["a4", "letter"])
def cards(request, workdir):
    """(paper, PDF) of the section 3 force's cards, printed by ``print_roster --cards``."""
    path = write_document(workdir / "becker.json", becker())
    output = workdir / f"becker-cards-{request.param}.pdf"
    call_command("print_roster", str(path), "-o", str(output), "--paper", request.param,
                 "--cards")  # fmt: skip
    return request.param, output.read_bytes()


@pytest.fixture(scope="module")
def big():
    return parse_roster(krause())


@pytest.fixture(scope="module", params=["a4", "letter"])
def big_sheet(request, big):
    return request.param, print_sheet(big, paper=request.param)


@pytest.fixture(scope="module", params=["a4", "letter"])
def big_cards(request, big):
    return request.param, print_sheet(big, paper=request.param, cards=True)


@pytest.fixture(scope="module", params=["a4", "letter"])
def card(request, workdir):
    """(paper, PDF, its text) of the reference card, printed by ``print_reference``."""
    output = workdir / f"reference-{request.param}.pdf"
    call_command("print_reference", "bolt-action", "-o", str(output),
                 "--paper", request.param)  # fmt: skip
    pdf = output.read_bytes()
    return request.param, pdf, pdf_text(pdf)


# --- the force sheet ------------------------------------------------------------------------


def test_the_spec_force_prints_with_its_header(sheet, text):
    assert page_sizes(sheet) == [A4, A4]  # the units on the first page, the foot on the next
    assert "BOLT ACTION · FORCE SHEET" in text
    assert "Kampfgruppe Becker" in text and "Germany · commanded by becker" in text
    assert "Order dice: 5 One per unit Points: not costed 5 units · 21 models VALID FORCE" in text


def test_the_squad_block(text):
    squad = block(text, "1st Squad", "MG Team")

    assert squad.startswith(
        "1st Squad INFANTRY SQUAD · REGULAR · 9 MODELS MORALE 9 destroyed at 9 pins "
        "DAMAGE VALUE 4+ TO HIT 3+ PINS"
    )
    assert (
        "9 MODELS EACH CARRIES 1 × Uffz. Becker NCO Submachine gun 1 × MG gunner Light machine "
        "gun MG 42 2 × Grenadier Rifle, One-shot anti-tank weapon Panzerfaust 5 × Rifleman Rifle"
    ) in squad
    assert (
        "WEAPONS SHOTS DAMAGE BONUS NOTES 1 × Submachine gun — none small arms 1 × Light "
        "machine gun MG 42 3 none small arms 7 × Rifle 1 none small arms 2 × One-shot "
        "anti-tank weapon Panzerfaust 1 — one-shot: tick each when fired; may pick its own "
        "target Total shots —"
    ) in squad


def test_the_team_and_gun_blocks(text):
    assert (
        "MG Team INFANTRY TEAM · VETERAN · 3 MODELS MORALE 10 destroyed at 10 pins "
        "DAMAGE VALUE 5+ TO HIT 3+ PINS 3 MODELS EACH CARRIES 1 × Gunner Medium machine gun "
        "MG 42 on tripod 2 × Crewman nothing listed"
    ) in text
    assert (
        "1 × Medium machine gun MG 42 on tripod 4 none small arms; crew-served Total shots 4"
    ) in text
    assert (
        "Pak 40 ARTILLERY · REGULAR · 3 MODELS MORALE 9 destroyed at 9 pins DAMAGE VALUE 4+ "
        "TO HIT 3+ PINS 3 MODELS EACH CARRIES 1 × Gun layer Anti-tank gun 7.5 cm Pak 40 "
        "2 × Crewman nothing listed WEAPONS SHOTS DAMAGE BONUS NOTES 1 × Anti-tank gun "
        "7.5 cm Pak 40 — — Total shots — NOTES Dug in at the crossroads."
    ) in text


def test_the_tank_block_gives_its_drive_and_terrain_row(text):
    tank = block(text, "Panzer IV", "Scouts")

    assert tank.startswith(
        "Panzer IV MEDIUM TANK, TRACKED · REGULAR · 1 MODEL MORALE 9 destroyed at 9 pins "
        "DAMAGE VALUE 9+ TO HIT 3+ PINS"
    )
    assert (
        "TERRAIN TRACKED VEHICLES Open ground yes Rough ground (undergrowth, mud, sand, ruins) "
        "no Run Obstacle (hedge, stone wall, stream) yes, unless declared an anti-tank obstacle "
        "or impassable hedgerow Building no; heavy and super-heavy tanks may, demolishing it "
        "Road or track ×2"
    ) in tank
    assert (
        "1 × Anti-tank gun 7.5 cm KwK 40 — — 2 × Medium machine gun 4 none small arms; "
        "crew-served Total shots —"
    ) in tank
    assert "MODELS" not in tank.split("·", 2)[-1]  # a vehicle lists no member lines


def test_boxes_for_pins_one_shots_and_order_dice():
    html = squad_sheet_html(EXAMPLE, owner=None, version=None)

    assert html.count('class="ba-die-box"') == 5  # one order die per unit
    # Pin tracks of 9, 10, 9, 9 and 10 boxes; two Panzerfausts to tick.
    assert html.count('<span class="ba-box"></span>') == 9 + 10 + 9 + 9 + 10 + 2


def test_the_foot_gives_the_morale_modifiers_and_the_order_test(sheet, text):
    foot = page_texts(sheet)[1]

    assert text.index("QUALITY AND MORALE") > text.index("Ebert")  # after the last unit
    assert (
        "QUALITY AND MORALE Morale modifiers: each pin −1; the squad's NCO killed −1; a team or "
        "gun crew down to one model −1. Morale never goes above 10 nor below 2. A unit with as "
        "many pins as its morale, or more, is destroyed."
    ) in foot
    assert (
        "PINS AND THE ORDER TEST 2D6 RESULT ≤ modified morale pass: remove 1 pin, carry out the "
        "order > modified morale fail: the unit goes Down instead double 6 no order; roll on "
        "the FUBAR table 2 always a pass 11 or 12 always a fail (12 is a double 6: FUBAR as "
        "well)"
    ) in foot
    assert "Order test: 2D6 against morale − pins (and other modifiers)." in foot
    assert "—: the source gives no number; a gaming group may fill it in as a house rule." in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_foot_lies_within_the_page(paper):
    """The morale and order-test panel ends at the content's edge, not 3 mm from the paper's
    (#28 item 10): its cells' padding is inside their widths."""
    html = squad_sheet_html(EXAMPLE, owner="becker", version=2, paper=paper)

    assert strays(laid_out(html, EXAMPLE.system)) == []


def test_the_section_3_document_prints_as_the_demo_force(workdir, text):
    path = write_document(workdir / "becker-sheet.json", becker())
    output = workdir / "becker.pdf"

    call_command("print_roster", str(path), "-o", str(output))

    printed = pdf_text(output.read_bytes())
    units = printed[printed.index("1st Squad") : printed.index("Printed")]
    assert units == text[text.index("1st Squad") : text.index("Printed")]


def test_a_points_table_replaces_not_costed():
    context = squad_sheet_context(EXAMPLE, owner=None, version=None)
    context["squad"] = {**context["squad"], "points": 120, "points_limit": 150}

    html = render_to_string("systems/bolt-action/sheet.html", context)

    assert "<b>120</b> / 150" in html
    assert "not costed" not in html


def test_a_force_without_units_still_prints():
    empty = parse_roster({"format": "squad-roster/1", "system": "bolt-action",
                          "name": "Nobody", "units": []})  # fmt: skip
    text = pdf_text(print_sheet(empty))

    assert "This force has no units yet." in text
    assert "Order dice: 0" in text
    assert "This force breaks 1 rule:" in text
    assert "PINS AND THE ORDER TEST" in text


# --- a larger, invalid force ----------------------------------------------------------------


def test_every_violation_is_printed_at_the_foot_naming_its_unit(big, big_sheet):
    _paper, pdf = big_sheet
    text = pdf_text(pdf)
    violations = get_system("bolt-action").validate(big)

    assert len(violations) == 6
    assert "NOT VALID 6 rules broken: see the foot" in text
    assert "This force breaks 6 rules:" in text
    for violation in violations:
        assert f"{violation.member}: {violation_message(violation)}" in text
    assert text.index("This force breaks") > text.index("Empty INFANTRY SQUAD")  # at the foot
    assert text.index("This force breaks") < text.index("QUALITY AND MORALE")


def test_a_unit_block_never_breaks_across_pages(big_sheet):
    paper, pdf = big_sheet
    pages = page_texts(pdf)

    assert set(page_sizes(pdf)) == {A4 if paper == "a4" else LETTER}
    assert len(pages) > 1
    for page in pages:  # each block on a page has its head and its total shots
        assert page.count("Total shots") == heads(page)
    assert sum(heads(page) for page in pages) == len(KRAUSE_HEADS)


def test_the_big_forces_figures(big_sheet):
    text = pdf_text(big_sheet[1])

    assert "Order dice: 10" in text and "10 units · 24 models" in text
    assert "Germany, 1944" in text
    assert (
        "Volksgrenadiere INFANTRY SQUAD · INEXPERIENCED · 12 MODELS MORALE 8 destroyed at 8 "
        "pins DAMAGE VALUE 3+ TO HIT 4+, inexperienced PINS"
    ) in text
    assert "9 × One-shot anti-tank weapon Panzerfaust 1 —" in text
    assert "NOTES Hold the church." in text
    assert (
        "HMG pair INFANTRY TEAM · VETERAN · 1 MODEL MORALE 10 destroyed at 10 pins DAMAGE VALUE "
        "5+ TO HIT 3+ Small unit: −1 to hit it PINS"
    ) in text
    assert "1 × Loader NCO Heavy machine gun .50 cal" in text
    assert "1 × Heavy machine gun .50 cal — +1 crew-served Total shots —" in text
    assert "1 × Mortar 8 cm GrW 34 — — crew-served; fires over friendly troops" in text
    assert "4 × Howitzer — — fires over friendly troops" in text
    assert (
        "Opel Blitz LIGHT VEHICLE, WHEELED · INEXPERIENCED · 1 MODEL MORALE 8 destroyed at 8 "
        "pins DAMAGE VALUE 6+ TO HIT 4+, inexperienced PINS TERRAIN WHEELED VEHICLES Open "
        "ground yes Rough ground (undergrowth, mud, sand, ruins) no Obstacle (hedge, stone "
        "wall, stream) no Building no Road or track ×2"
    ) in text
    assert "No weapons. Total shots 0" in text
    half_track = "2 × Medium machine gun MG 34 4 none small arms; crew-served 1 × Light machine gun"
    assert half_track in text
    assert "Total shots 11" in text  # the half-track: 2 × 4 + 3
    assert "DAMAGE VALUE 7+" in text and "DAMAGE VALUE 10+" in text
    assert "Maus SUPER-HEAVY TANK, WHEELED · INEXPERIENCED · 1 MODEL" in text
    assert "DAMAGE VALUE 11+" in text
    assert "Empty INFANTRY SQUAD · REGULAR · 0 MODELS" in text and "No models yet." in text


# --- unit cards -----------------------------------------------------------------------------


def test_one_card_per_unit_and_one_for_the_foot():
    html = squad_sheet_html(EXAMPLE, owner=None, version=None, cards=True)
    even = squad_sheet_html(parse_roster(krause()), owner=None, version=None, cards=True)

    assert html.count('<td class="card">') == 5
    assert html.count('<td class="card ba-rules-card">') == 1  # beside the fifth card
    assert html.count('<td class="card blank">') == 0
    assert even.count('<td class="card">') == 10
    assert even.count('<td class="card ba-rules-card">') == 1  # on a row of its own
    assert even.count('<td class="card blank">') == 1


def test_the_cards_hold_the_sheets_blocks_on_one_page(cards, text):
    paper, pdf = cards
    printed = pdf_text(pdf)

    assert page_sizes(pdf) == [A4 if paper == "a4" else LETTER]
    assert "BOLT ACTION · UNIT CARDS" in printed
    assert "Order dice: 5 One per unit Points: not costed 5 units · 21 models" in printed
    names = ["1st Squad", "MG Team", "Pak 40", "Panzer IV", "Scouts", "—: the source"]
    for name, end in zip(names, names[1:], strict=False):
        assert block(text, name, end) in printed, name
    assert "PINS AND THE ORDER TEST 2D6 RESULT ≤ modified morale" in printed


def test_big_cards_keep_every_card_whole(big_cards):
    paper, pdf = big_cards
    pages = page_texts(pdf)

    assert set(page_sizes(pdf)) == {A4 if paper == "a4" else LETTER}
    assert heads(pages[0]) >= 2  # the first row of cards shares the header's page
    for page in pages:
        assert page.count("Total shots") == heads(page)
    assert sum(heads(page) for page in pages) == len(KRAUSE_HEADS)
    assert "This force breaks 6 rules:" in pages[-1]


# --- the quick-reference card ---------------------------------------------------------------


def test_reference_card_is_two_pages_on_its_paper(card):
    paper, pdf, _text = card

    assert page_sizes(pdf) == [A4 if paper == "a4" else LETTER] * 2


def test_reference_card_prints_every_table_in_order(card):
    text = card[2]
    positions = [text.index(table.title.upper()) for table in reference.TABLES]

    assert text.startswith("Bolt Action QUICK REFERENCE")
    assert len(positions) == 14
    assert positions == sorted(positions)


def test_reference_card_key_cells(card):
    text = card[2]

    assert "D2 a D6: 1–3 counts 1, 4–6 counts 2 D3 a D6 halved, rounded up" in text
    assert 'Scale 1" = 2 cm' in text
    assert "Dice one per unit (squad, team, gun, vehicle), reserves included" in text
    assert "1 Fire stays put and shoots at full effect 2 Advance moves, then shoots" in text
    assert "6 Down neither moves nor shoots; goes to ground: −1 to hit it" in text
    assert "≤ modified morale pass: remove 1 pin, carry out the order" in text
    assert "11 or 12 always a fail (12 is a double 6: FUBAR as well)" in text
    assert "1–2 Friendly fire: the unit does not move and shoots (Fire die) at a friendly" in text
    assert 'unit within 12" (24 cm) of an enemy unit' in text
    assert "Inexperienced 8 3+ Regular 9 4+ Veteran 10 5+" in text
    assert "Regular 9 with 2 pins tests on 7; with 5 pins, on 4." in text
    assert "Open ground yes yes yes yes" in text and "Road or track yes yes ×2 ×2" in text
    assert 'Infantry: Advance 6" (12 cm), Run 12" (24 cm), turning freely.' in text
    assert 'point blank (target within 6" / 12 cm) +1' in text
    assert "target in hard cover −2 Hits on 3+, modified." in text
    assert "Medium tank 9+ Heavy tank 10+ Super-heavy tank 11+" in text
    assert "Unsure? roll a D6 — 1–3 in cover, 4–6 not" in text
    assert "Example 6 models: 2 lost, no test; 3 lost, test" in text
    assert "Rifle 1 none — small arms" in text
    assert "Light machine gun 3 none — small arms" in text
    assert "Heavy machine gun (e.g. .50 cal Browning) — +1 — crew-served" in text
    assert "Bazooka — — —" in text


def test_reference_card_prints_every_row_of_the_number_tables(card):
    text = card[2]

    for key in ("orders", "order-test", "quality-morale", "to-hit", "damage"):
        for row in reference.BY_KEY[key].english_rows():
            assert " ".join(str(cell) for cell in row) in text, (key, row)


# --- in French (its catalogue is not written yet: the pages print, with their numbers) ------


FRENCH_FIGURES = ("1 × Uffz. Becker", "5 × Rifleman", "7 × ", "2 × Crewman", "7.5 cm KwK 40",
                  "MG 42 on tripod", "Dug in at the crossroads.")  # fmt: skip


@pytest.fixture(scope="module")
def french(workdir):
    path = write_document(workdir / "becker-fr.json", becker())
    output = workdir / "becker-fr-cards.pdf"
    with translation.override("fr"):
        sheet = print_sheet(EXAMPLE, paper="letter")
        call_command("print_roster", str(path), "-o", str(output), "--cards")
        with without_budget():
            card = reference_card_pdf("bolt-action")
    return {"sheet": sheet, "cards": output.read_bytes(), "card": card}


def test_the_french_sheet_and_cards_print_with_their_numbers(french):
    assert set(page_sizes(french["sheet"])) == {LETTER}
    assert set(page_sizes(french["cards"])) == {A4}
    for pdf in (french["sheet"], french["cards"]):
        text = pdf_text(pdf)
        assert "Kampfgruppe Becker" in text
        for figure in FRENCH_FIGURES:
            assert figure in text, figure
        for label in ("4+", "5+", "9+", "3+"):
            assert label in text
        assert ": 5" in text  # the order dice
        assert "11" in text and "12" in text  # the order test


def test_the_french_reference_card_prints_with_its_numbers(french):
    pdf = french["card"]
    text = pdf_text(pdf)

    assert set(page_sizes(pdf)) == {A4}
    assert text.startswith("Bolt Action")
    for figure in ('12" (24 cm)', '6" (12 cm)', "1–2", "3–6", "10+", "11+", "−2", "+1", "×2"):
        assert figure in text, figure
