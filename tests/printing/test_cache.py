import pytest
from django.core.cache import cache
from django.utils import translation

from printing import pdf


@pytest.fixture
def renders(monkeypatch):
    """Count calls of the render function instead of running WeasyPrint."""
    calls = []

    def fake_render(template_name, context):
        calls.append((template_name, context))
        return f"%PDF-fake {len(calls)}".encode()

    cache.clear()
    monkeypatch.setattr(pdf, "render_pdf", fake_render)
    yield calls
    cache.clear()


def test_repeat_download_of_the_same_version_does_not_render(renders, squad):
    first = pdf.squad_sheet_pdf(squad, owner="mint", version=4, cache_key="squad-12")
    second = pdf.squad_sheet_pdf(squad, owner="mint", version=4, cache_key="squad-12")

    assert first == second
    assert len(renders) == 1


def test_a_new_version_renders_again(renders, squad):
    pdf.squad_sheet_pdf(squad, owner="mint", version=4, cache_key="squad-12")
    pdf.squad_sheet_pdf(squad, owner="mint", version=5, cache_key="squad-12")

    assert len(renders) == 2


def test_options_language_and_squad_have_their_own_entries(renders, squad):
    options = {"owner": "mint", "version": 4}
    pdf.squad_sheet_pdf(squad, cache_key="squad-12", **options)
    pdf.squad_sheet_pdf(squad, cache_key="squad-13", **options)
    pdf.squad_sheet_pdf(squad, cache_key="squad-12", paper="letter", **options)
    pdf.squad_sheet_pdf(squad, cache_key="squad-12", cards=True, **options)
    pdf.squad_sheet_pdf(squad, cache_key="squad-12", include_dead=False, **options)
    with translation.override("fr"):
        pdf.squad_sheet_pdf(squad, cache_key="squad-12", **options)

    assert len(renders) == 6
    assert renders[3][0] == "systems/black-sun/cards.html"


def test_without_a_cache_key_every_call_renders(renders, squad):
    pdf.squad_sheet_pdf(squad, version=4)
    pdf.squad_sheet_pdf(squad, version=4)

    assert len(renders) == 2


def test_reference_card_is_rendered_once_per_paper(renders):
    pdf.reference_card_pdf("black-sun")
    pdf.reference_card_pdf("black-sun")
    pdf.reference_card_pdf("black-sun", paper="letter")

    assert len(renders) == 2


def test_unknown_paper_is_refused(renders, squad):
    with pytest.raises(ValueError, match="unknown paper"):
        pdf.squad_sheet_pdf(squad, paper="a3", cache_key="squad-12")
