"""Each game prints with print.css and its own stylesheet only (#29 stage 4, #32 item 4)."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest
from django.test import override_settings

from printing import engine, pdf
from printing.styles import game_stylesheet, game_stylesheet_path
from rules import get_system, systems

STATIC = Path(engine.STATIC_DIR)
GAMES = [system.code for system in systems() if system.printing is not None]


def test_print_css_names_no_game():
    text = (STATIC / "css" / "print.css").read_text().lower()

    for system in systems():
        words = {system.code, system.code.replace("-", " "), str(system.name).lower()}
        assert not [word for word in words if word in text], system.code


@pytest.mark.parametrize("system", GAMES)
def test_each_shipped_game_has_its_own_stylesheet(system):
    found = game_stylesheet(system)

    assert found == str((STATIC / "css" / "systems" / f"{system}.css").resolve())


def test_a_game_without_a_stylesheet_prints_with_print_css_alone():
    assert game_stylesheet("no-such-game") is None
    assert game_stylesheet(None) is None
    fonts, sheets = engine.stylesheets(None)
    assert len(sheets) == 1


def test_a_game_may_ship_its_stylesheet_in_a_static_folder_of_its_own(tmp_path):
    (tmp_path / "css" / "systems").mkdir(parents=True)
    own = tmp_path / "css" / "systems" / "elsewhere.css"
    own.write_text("p { color: red; }")

    with override_settings(STATICFILES_DIRS=[STATIC, tmp_path]):
        found = game_stylesheet("elsewhere")

    assert found == str(own.resolve())
    assert game_stylesheet_path("elsewhere") == "css/systems/elsewhere.css"


@pytest.fixture
def stylesheet_of(monkeypatch):
    """The game stylesheet each render was given, instead of rendering."""
    given = []

    def render(html, *, budget, game_stylesheet=None):
        given.append(game_stylesheet)
        return b"%PDF-fake"

    monkeypatch.setattr(engine, "render", render)
    return given


@pytest.mark.parametrize("system", GAMES)
def test_a_games_pdfs_load_its_stylesheet(system, stylesheet_of):
    roster = get_system(system).demo()[0]
    own = str((STATIC / "css" / "systems" / f"{system}.css").resolve())

    pdf.squad_sheet_pdf(roster)
    pdf.squad_sheet_pdf(roster, cards=True)
    pdf.render_pdf(pdf.reference_cards()[system], pdf.reference_card_context(system))

    assert stylesheet_of == [own, own, own]


def test_the_campaign_report_is_no_games_and_loads_print_css_alone(stylesheet_of):
    pdf.campaign_report_pdf(
        generated=datetime.date(2026, 11, 28), campaign_name="C", system_label="Black Sun",
        organiser="o", standings=[], battles=[],
    )  # fmt: skip

    assert stylesheet_of == [None]


def test_each_stylesheet_is_parsed_once_per_thread(tmp_path):
    own = tmp_path / "once.css"
    own.write_text("h1 { color: red; }")

    fonts, first = engine.stylesheets(str(own))
    own.write_text("h1 { color: blue; }")  # not read again
    again_fonts, again = engine.stylesheets(str(own))

    assert first[0] is again[0] and first[1] is again[1] and fonts is again_fonts


def test_a_games_rules_apply_to_its_pdf(tmp_path):
    """A game's stylesheet comes after print.css: its rules win over print.css's."""
    own = tmp_path / "wide.css"
    own.write_text("h1 { font-size: 60pt; }")
    html = "<h1>Title</h1>"

    def height(game):
        fonts, sheets = engine.stylesheets(game)
        from weasyprint import HTML

        document = HTML(string=html, base_url=engine.BASE_URL).render(
            stylesheets=sheets, font_config=fonts
        )
        body = document.pages[0]._page_box.children[0].children[0]
        return body.children[0].height

    assert height(str(own)) > 2 * height(None)


def test_no_game_stylesheet_names_another_game():
    """Each game's file holds its own rules: no rule of it is under another game's classes."""
    texts = {
        code: (STATIC / "css" / "systems" / f"{code}.css").read_text().lower() for code in GAMES
    }
    for code, text in texts.items():
        for other in GAMES:
            if other != code:
                assert not re.search(rf"\b{re.escape(other)}\b", text), (code, other)
