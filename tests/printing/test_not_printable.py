"""A game registered without ``printing`` prints nothing: every print is ``NotPrintable``."""

import dataclasses

import pytest

from printing import pdf
from rules import registry
from rules.registry import get_system, register


@pytest.fixture
def toy():
    """A throwaway game like Black Sun but with no printing, registered for one test."""
    system = register(
        dataclasses.replace(get_system("black-sun"), code="toy", name="Toy", printing=None)
    )
    yield system
    del registry._SYSTEMS[system.code]


@pytest.fixture
def toy_roster(toy, squad):
    return dataclasses.replace(squad, system=toy.code)


@pytest.mark.parametrize("cards", [False, True])
def test_sheet_and_cards_of_a_game_without_printing_are_not_printable(toy_roster, cards):
    with pytest.raises(pdf.NotPrintable):
        pdf.squad_sheet_pdf(toy_roster, cards=cards)
    with pytest.raises(pdf.NotPrintable):
        pdf.squad_sheet_html(toy_roster, owner=None, version=None, cards=cards)


def test_reference_card_of_a_game_without_printing_is_not_printable(toy):
    assert "toy" not in pdf.reference_cards()
    with pytest.raises(pdf.NotPrintable):
        pdf.reference_card_context("toy")
    with pytest.raises(pdf.NotPrintable):
        pdf.reference_card_pdf("toy")
