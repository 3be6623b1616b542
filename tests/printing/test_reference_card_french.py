"""The Black Sun quick-reference card fits two pages in French as in English, on A4 and
Letter, without making its text smaller (issue #14: the French card ran to three pages)."""

from __future__ import annotations

import io
from collections import Counter

import pytest
from django.utils import translation
from pypdf import PdfReader

from printing.pdf import reference_card_pdf
from tests.printing.conftest import A4, LETTER, page_sizes, pdf_text

PAPERS = {"a4": A4, "letter": LETTER}
FOOTER_PT = 7  # the footer's size (print.css .footer): the only text allowed under 8 pt


@pytest.fixture(scope="module", params=[(lang, paper) for lang in ("fr", "en") for paper in PAPERS])
def card(request) -> tuple[str, str, bytes]:
    lang, paper = request.param
    with translation.override(lang):
        return lang, paper, reference_card_pdf("black-sun", paper=paper)


def text_sizes(data: bytes) -> Counter:
    """Characters of text per font size in points, as the PDF sets them."""
    sizes: Counter = Counter()

    def count(text, cm, tm, font, size):
        if text.strip():
            sizes[round(size * tm[3] * cm[3], 1)] += len(text.strip())

    for page in PdfReader(io.BytesIO(data)).pages:
        page.extract_text(visitor_text=count)
    return sizes


def test_card_fits_two_pages(card):
    lang, paper, pdf = card

    assert page_sizes(pdf) == [PAPERS[paper]] * 2, (lang, paper)


def test_french_card_is_in_french():
    with translation.override("fr"):
        text = pdf_text(reference_card_pdf("black-sun", paper="letter"))

    assert "RÉFÉRENCE RAPIDE" in text
    assert "ACTIVATION (LANCEZ UN D6 PAR TOUR)" in text
    assert "RÉSULTAT DU TEST DE CRAN" in text  # the last table of the second page
    assert "Quick reference" not in text


def test_card_text_keeps_its_size(card):
    """Fitting two pages must not shrink the text: tables at 9 pt, nothing but the footer
    under 8 pt."""
    lang, paper, pdf = card
    sizes = text_sizes(pdf)
    body_size, _count = sizes.most_common(1)[0]

    assert body_size >= 9, (lang, paper, sizes)
    assert min(size for size in sizes if size != FOOTER_PT) >= 8, (lang, paper, sizes)
