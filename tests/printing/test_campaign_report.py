import datetime
import io

import pytest
from django.core.cache import cache
from django.template.loader import render_to_string
from pypdf import PdfReader

from printing import pdf
from printing.pdf import campaign_report_context, campaign_report_pdf
from tests.printing.conftest import A4, LETTER, page_sizes, pdf_text

GENERATED = datetime.date(2026, 11, 22)
STATUSES = ["confirmed", "voided", "pending", "confirmed", "rejected"]


def standings(count: int) -> list[dict]:
    return [
        {"rank": i + 1, "squad": f"Squad {i + 1}", "player": f"player{i + 1}", "vp": 90 - i,
         "battles": 7, "wins": 4, "draws": 1, "losses": 2, "casualties": 10 + i}
        for i in range(count)
    ]  # fmt: skip


def battles(count: int) -> list[dict]:
    return [
        {
            "number": n,
            "date": datetime.date(2026, 3, 1) + datetime.timedelta(days=n),
            "scenario": f"Patrol {n}",
            "sides": [
                {"squad": "Squad 1", "player": "player1", "outcome": "full success", "vp": 11},
                {"squad": "Squad 2", "player": "player2", "outcome": "failed", "vp": 3},
            ],
            "status": STATUSES[(n - 1) % len(STATUSES)],
        }
        for n in range(1, count + 1)
    ]


def report(**changes) -> bytes:
    arguments = {
        "campaign_name": "Operation Black Sun",
        "system_label": "Black Sun",
        "organiser": "mint",
        "standings": standings(3),
        "battles": battles(3),
        "generated": GENERATED,
    }
    return campaign_report_pdf(**{**arguments, **changes})


def page_texts(data: bytes) -> list[str]:
    reader = PdfReader(io.BytesIO(data))
    return [" ".join(page.extract_text().split()) for page in reader.pages]


@pytest.fixture(scope="module")
def short():
    return report()


@pytest.fixture(scope="module")
def long():
    return report(standings=standings(24), battles=battles(70), paper="letter")


def test_header_names_campaign_organiser_and_counts(short):
    text = pdf_text(short)

    assert "BLACK SUN · CAMPAIGN REPORT Operation Black Sun" in text
    assert "organised by mint · 3 squads · 1 battle confirmed" in text
    assert "Printed 2026-11-22 · page 1 / 1" in text
    assert page_sizes(short) == [A4]


def test_standings_rows_in_order(short):
    text = pdf_text(short)

    assert "RANK SQUAD PLAYER VP BATTLES WON DRAWN LOST CASUALTIES" in text
    assert "1 Squad 1 player1 90 7 4 1 2 10" in text
    assert "3 Squad 3 player3 88 7 4 1 2 12" in text
    assert text.index("Squad 1 player1 90") < text.index("Squad 2 player2 89")


def test_battle_log_rows_with_sides_and_status(short):
    text = pdf_text(short)

    assert (
        "1 2026-03-02 Patrol 1 Squad 1 (player1): full success, 11 VP "
        "Squad 2 (player2): failed, 3 VP CONFIRMED"
    ) in text
    assert "WAITING FOR CONFIRMATION" in text


def test_voided_and_rejected_battles_are_struck_through(short):
    html = render_to_string(
        "print/campaign_report.html",
        campaign_report_context(
            campaign_name="C", system_label="Black Sun", organiser="mint", standings=[],
            battles=battles(5), generated=GENERATED,
        ),
    )  # fmt: skip

    assert '<tr class="voided struck even">' in html
    assert '<tr class="rejected struck">' in html
    assert '<tr class="confirmed">' in html
    assert "VOIDED" in pdf_text(short)


def test_many_rows_run_over_pages_with_the_header_row_repeated(long):
    pages = page_texts(long)

    assert len(pages) >= 3
    assert set(page_sizes(long)) == {LETTER}
    log_pages = [page for page in pages if "Patrol 70" in page or "Patrol 40" in page]
    assert log_pages
    for page in pages[1:]:
        assert "NO. DATE SCENARIO SQUADS: OUTCOME, VP STATUS" in page
    for number in (1, 35, 70):
        assert f"Patrol {number} " in " ".join(pages)
    assert f"page {len(pages)} / {len(pages)}" in pages[-1]


def test_names_are_escaped():
    html = render_to_string(
        "print/campaign_report.html",
        campaign_report_context(
            campaign_name="<script>", system_label="Black Sun", organiser='Bob & "Al"',
            standings=[{**standings(1)[0], "squad": "<b>Bold</b>"}],
            battles=[{**battles(1)[0], "scenario": "<i>x</i>"}], generated=GENERATED,
        ),
    )  # fmt: skip

    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "&lt;b&gt;Bold&lt;/b&gt;" in html
    assert "&lt;i&gt;x&lt;/i&gt;" in html
    assert "Bob &amp; &quot;Al&quot;" in html


def test_empty_campaign_and_missing_date_and_scenario():
    text = pdf_text(report(standings=[], battles=[{**battles(1)[0], "date": None, "scenario": ""}]))

    assert "No squad has enrolled yet." in text
    assert "1 – – Squad 1 (player1)" in text


def test_the_cache_key_spares_a_repeat_render(monkeypatch):
    calls = []
    monkeypatch.setattr(pdf, "render_pdf", lambda name, context, **_: calls.append(name) or b"%PDF")
    cache.clear()

    report(cache_key="campaign-3-v1")
    report(cache_key="campaign-3-v1")
    report(cache_key="campaign-3-v1", paper="letter")
    report(cache_key="campaign-3-v2")
    report(cache_key="campaign-3-v2", generated=GENERATED + datetime.timedelta(days=1))
    report()
    cache.clear()

    assert len(calls) == 5


def test_unknown_paper_is_refused():
    with pytest.raises(ValueError, match="unknown paper"):
        report(paper="a3")
