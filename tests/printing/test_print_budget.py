"""The print budget: a render that outlives ``PRINT_BUDGET_SECONDS`` is stopped in its child
process and answered with a clear 503; the worker that asked goes on serving."""

from __future__ import annotations

import multiprocessing

import pytest
from django.core.cache import cache
from django.urls import reverse

from printing.engine import RenderTooLong, render
from rosters import services
from rules.documents import parse_roster
from tests.printing.conftest import pdf_text, squad_document, write_document

# Far more than any budget below lets a render reach: about a second and a half of layout.
HEAVY = "<table>" + "<tr><td>cell</td><td>cell</td></tr>" * 3000 + "</table>"
NO_TIME = 0.01  # seconds: no real page is laid out in time


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


def test_a_render_within_the_budget_is_the_pdf():
    pdf = render("<h1>Mint's Marauders</h1>", budget=10)

    assert pdf.startswith(b"%PDF")
    assert "Mint's Marauders" in pdf_text(pdf)


def test_a_render_past_the_budget_is_stopped_and_leaves_no_process():
    with pytest.raises(RenderTooLong) as raised:
        render(HEAVY, budget=NO_TIME)

    assert raised.value.seconds == NO_TIME
    assert multiprocessing.active_children() == []  # the child was killed and reaped
    assert "Next" in pdf_text(render("<p>Next</p>", budget=10))  # and printing goes on


def test_no_budget_renders_in_this_process():
    assert "Here" in pdf_text(render("<p>Here</p>", budget=None))


@pytest.mark.django_db
def test_a_sheet_past_the_budget_is_a_503_page_and_the_next_print_works(client, user, settings):
    squad = services.squad_import(owner=user, roster=parse_roster(squad_document()))
    client.force_login(user)
    url = reverse("print:squad_sheet", args=[squad.pk])
    settings.PRINT_BUDGET_SECONDS = NO_TIME

    response = client.get(url)

    assert response.status_code == 503
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    text = response.content.decode()
    assert "took longer than 0.01 seconds to print" in text
    assert "Leave the dead out (dead=0)" in text
    settings.PRINT_BUDGET_SECONDS = 20
    response = client.get(url)
    assert response.status_code == 200
    assert "Capt. Steven Mint" in pdf_text(response.content)


@pytest.mark.django_db
def test_the_campaign_report_past_the_budget_is_a_503(client, campaign, organiser, settings):
    settings.PRINT_BUDGET_SECONDS = NO_TIME
    client.force_login(organiser)

    response = client.get(reverse("campaigns:report_pdf", args=[campaign.pk]))

    assert response.status_code == 503
    assert "took longer than" in response.content.decode()


@pytest.mark.django_db
def test_the_reference_card_past_the_budget_is_a_503_and_not_cached(client, settings):
    settings.PRINT_BUDGET_SECONDS = NO_TIME
    url = reverse("print:reference_card", args=["black-sun"])

    assert client.get(url, {"paper": "letter"}).status_code == 503

    settings.PRINT_BUDGET_SECONDS = 20
    assert client.get(url, {"paper": "letter"}).status_code == 200


def test_the_command_line_has_no_budget(settings, tmp_path):
    """It prints on the player's own machine: there is no worker to keep alive."""
    from django.core.management import call_command

    settings.PRINT_BUDGET_SECONDS = NO_TIME
    source = write_document(tmp_path / "squad.json", squad_document())
    output = tmp_path / "squad.pdf"

    call_command("print_roster", str(source), "-o", str(output))

    assert "Capt. Steven Mint" in pdf_text(output.read_bytes())


def test_a_process_prints_through_one_child_until_it_is_old(monkeypatch):
    """One child lays out one document after another (forking one per document cost a sheet
    a seventh of its CPU); it is replaced after ``RENDERS_PER_CHILD`` documents, and after
    the budget stopped it (above)."""
    from printing import engine

    if engine._printer is not None:  # an earlier test's child: start with a new one
        engine._printer.stop()
        engine._printer = None
    monkeypatch.setattr(engine, "RENDERS_PER_CHILD", 3)
    render("<p>One</p>", budget=10)
    child = engine._printer
    render("<p>Two</p>", budget=10)
    assert engine._printer is child and child.process.pid in {
        p.pid for p in multiprocessing.active_children()
    }
    assert "Three" in pdf_text(render("<p>Three</p>", budget=10))
    assert engine._printer is None  # its third: stopped
    assert multiprocessing.active_children() == []
    render("<p>Four</p>", budget=10)
    assert engine._printer is not child
