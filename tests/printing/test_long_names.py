"""A name of 100 letters with no space (the longest a document or a form takes) breaks where
it must: every printed box stays within its page and its table cell, in every PDF of every
game (#28 item 21). The layout is read from WeasyPrint's boxes (tests/printing/layout.py).

The squads are each game's demo squad with every name, label and note made long, and a
fault or two that names a model or unit, so the violation lines are printed too.
"""

from __future__ import annotations

import dataclasses
import datetime
import importlib
import re

import pytest
from django.template.loader import render_to_string

from printing.pdf import (
    campaign_report_context,
    reference_card_context,
    reference_cards,
    squad_sheet_context,
    squad_sheet_html,
)
from rules import get_system
from rules.types import Equipment, Member, Roster, Unit
from tests.printing.conftest import pdf_text
from tests.printing.layout import laid_out, strays

GAMES = {
    "black-sun": "black_sun",
    "necromunda": "necromunda",
    "one-page-modern": "one_page_modern",
    "bolt-action": "bolt_action",
}
WORD = "Wolfsschanzenkommandantur"


def long_word(number: int, length: int = 100) -> str:
    """``length`` letters with no space, told apart by their first digits."""
    return (f"{number:02d}" + WORD * (length // len(WORD) + 1))[:length]


class _Namer:
    def __init__(self) -> None:
        self.count = 0

    def __call__(self, length: int = 100) -> str:
        self.count += 1
        return long_word(self.count, length)


def _member(member: Member, name: _Namer) -> Member:
    kit = tuple(
        dataclasses.replace(e, label=name()) if e.label is not None else e for e in member.equipment
    )
    return dataclasses.replace(member, name=name(), equipment=kit)


def _unit(unit: Unit, name: _Namer) -> Unit:
    return dataclasses.replace(
        unit,
        name=name(),
        members=tuple(_member(m, name) for m in unit.members),
        equipment=tuple(dataclasses.replace(e, label=name()) for e in unit.equipment),
        record={**unit.record, "notes": name(200)},
    )


def _faulty(roster: Roster, name: _Namer) -> Roster:
    """``roster`` with a rule broken that names a model or unit (the violation lines)."""
    if roster.system == "black-sun":  # two models of one name
        first, second, *rest = roster.members
        return dataclasses.replace(
            roster, members=(first, dataclasses.replace(second, name=first.name), *rest)
        )
    if roster.system == "necromunda":  # two suits of armour on the leader
        leader, *rest = roster.members
        worn = dataclasses.replace(leader, equipment=(*leader.equipment, Equipment("flak")))
        return dataclasses.replace(roster, members=(worn, *rest))
    empty = dataclasses.replace(roster.units[0], name=name(), members=())  # infantry: no models
    return dataclasses.replace(roster, units=(*roster.units, empty))


def long_named(system: str) -> Roster:
    """The game's demo squad with every name, label and note 100 letters long, unspaced."""
    demo = importlib.import_module(f"rules.{GAMES[system]}.demo").demo_rosters()[0]
    name = _Namer()
    roster = dataclasses.replace(
        demo,
        name=name(),
        faction=demo.faction if system == "black-sun" else name(),  # Black Sun's is a code
        members=tuple(_member(m, name) for m in demo.members),
        units=tuple(_unit(u, name) for u in demo.units),
    )
    return _faulty(roster, name)


def sheet_options(roster: Roster) -> dict:
    return {
        "owner": long_word(98, 150),  # a user name may be 150 characters
        "version": 3,
        "notes": long_word(97, 300),
        "member_notes": {m.name: long_word(96, 300) for m in roster.members},
    }


@pytest.mark.parametrize("system", GAMES)
def test_the_long_named_squads_break_rules_that_name_them(system):
    roster = long_named(system)
    violations = squad_sheet_context(roster, **sheet_options(roster))["violations"]

    assert any(v["member"] and len(v["member"]) == 100 for v in violations)


@pytest.mark.parametrize("layout", ["sheet", "cards"])
@pytest.mark.parametrize("system", GAMES)
def test_long_names_stay_within_the_sheet_and_cards(system, layout):
    roster = long_named(system)
    html = squad_sheet_html(roster, cards=layout == "cards", **sheet_options(roster))

    assert strays(laid_out(html, system)) == []


@pytest.mark.parametrize("system", GAMES)
def test_the_reference_cards_stay_within_their_pages(system):
    html = render_to_string(reference_cards()[system], reference_card_context(system))

    assert strays(laid_out(html, system)) == []


@pytest.mark.parametrize("system", GAMES)
def test_long_names_stay_within_the_campaign_report(system):
    rules = get_system(system).campaign
    standings = [
        {"rank": i, "squad": long_word(i), "player": long_word(50 + i, 150), "vp": 9,
         "battles": 3, "wins": 1, "draws": 1, "losses": 1, "casualties": 4,
         "tallies": [2 for _ in rules.standing_columns]}
        for i in range(1, 4)
    ]  # fmt: skip
    sides = [
        {"squad": long_word(i), "player": long_word(50 + i, 150), "outcome": long_word(70 + i),
         "vp": 5}
        for i in (1, 2)
    ]  # fmt: skip
    battles = [
        {"number": 1, "date": None, "scenario": long_word(80, 200), "sides": sides,
         "status": "confirmed"}
    ]  # fmt: skip
    context = campaign_report_context(
        campaign_name=long_word(90), system_label=get_system(system).name,
        organiser=long_word(91, 150), standings=standings, battles=battles,
        generated=datetime.date(2026, 11, 28), casualties_label=long_word(92, 40),
        columns=[c.label for c in rules.standing_columns],
    )  # fmt: skip

    assert strays(laid_out(render_to_string("print/campaign_report.html", context))) == []


def _demo_sheet_text(system: str) -> str:
    roster = get_system(system).demo()[0]
    html = squad_sheet_html(roster, cards=False, owner="mint", version=1, notes="", member_notes={})
    return pdf_text(laid_out(html, system).write_pdf())


def test_a_column_heading_keeps_its_word_whole():
    """Breaking long words everywhere let a table squeeze a short column to a letter or two:
    Black Sun's "GREN." printed as "GRE" over "N.", Necromunda's "WS" as "W" over "S"."""
    sheet = _demo_sheet_text("black-sun")
    card = render_to_string(reference_cards()["necromunda"], reference_card_context("necromunda"))
    reference = pdf_text(laid_out(card, "necromunda").write_pdf())

    assert "GREN." in sheet
    assert re.search(r"\bM\s+WS\s+BS\s+S\s+T\b", reference)
