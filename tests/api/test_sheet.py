"""The squad sheet and cards as PDF downloads, rendered by printing.pdf."""

from __future__ import annotations

import pytest

from tests.api.conftest import errors
from tests.printing.conftest import page_sizes, pdf_text

pytestmark = pytest.mark.django_db


def test_the_sheet_is_a_pdf_of_the_squad(owner_api, squad, user):
    response = owner_api.get(f"/api/squads/{squad.pk}/sheet/", HTTP_ACCEPT="application/json")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'attachment; filename="Mint\'s Marauders.pdf"'
    text = pdf_text(response.content)
    assert "Mint's Marauders" in text and "Capt. Steven Mint" in text
    assert user.username in text  # the owner's name is on the sheet
    assert page_sizes(response.content)[0] == (595, 842)  # A4


def test_the_cards_on_letter_paper(owner_api, squad):
    response = owner_api.get(f"/api/squads/{squad.pk}/sheet/", {"cards": "true", "paper": "letter"})

    assert response.status_code == 200
    assert "cards.pdf" in response["Content-Disposition"]
    assert set(page_sizes(response.content)) == {(612, 792)}
    assert "Capt. Steven Mint" in pdf_text(response.content)


def test_an_unknown_paper_is_a_json_400(owner_api, squad):
    response = owner_api.get(f"/api/squads/{squad.pk}/sheet/", {"paper": "a3"})

    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert [(e["field"], e["code"]) for e in errors(response)] == [("paper", "invalid-choice")]


def test_a_sheet_past_the_print_budget_is_a_json_503(owner_api, squad, settings):
    settings.PRINT_BUDGET_SECONDS = 0.01

    response = owner_api.get(f"/api/squads/{squad.pk}/sheet/")

    assert response.status_code == 503
    assert response["Content-Type"] == "application/json"
    [error] = errors(response)
    assert error["code"] == "print-too-long" and error["field"] is None
    assert "took longer than 0.01 seconds to print" in error["message"]
