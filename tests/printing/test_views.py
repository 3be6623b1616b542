import pytest
from django.test import Client
from django.urls import reverse

from tests.printing.conftest import LETTER, page_sizes, pdf_text

# The web PDFs count against the PDF limit, kept in the shared cache (a database table here).
pytestmark = pytest.mark.django_db


def test_reference_card_download_on_letter_paper_fits_two_pages():
    url = reverse("print:reference_card", args=["black-sun"])
    letter_card = Client().get(url, {"paper": "letter"})

    assert letter_card.status_code == 200
    assert letter_card["Content-Type"] == "application/pdf"
    assert letter_card["Content-Disposition"] == (
        'attachment; filename="black-sun-reference-letter.pdf"'
    )
    sizes = page_sizes(letter_card.content)

    assert len(sizes) <= 2
    assert set(sizes) == {LETTER}
    assert "WEAPONS" in pdf_text(letter_card.content)


def test_reference_card_url():
    assert reverse("print:reference_card", args=["black-sun"]) == "/print/reference/black-sun.pdf"


def test_unknown_system_is_404(client):
    assert client.get("/print/reference/chess.pdf").status_code == 404


def test_unknown_paper_is_refused(client):
    assert client.get("/print/reference/black-sun.pdf", {"paper": "a3"}).status_code == 400


def test_home_page_links_to_the_reference_card(client):
    html = client.get(reverse("home")).content.decode()

    assert '<a href="/print/reference/black-sun.pdf">Quick-reference card (PDF)</a>' in html
