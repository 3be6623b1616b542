"""A render that runs past its time budget is stopped with a clear error, not left to run
until the server kills the worker. The budget is set far too low here, so that any render
outlives it: no test depends on how fast the machine is."""

from __future__ import annotations

import os
import threading
import time

import pytest
from django.core.management import call_command
from django.urls import reverse

from rosters import pdf, services
from rules.documents import parse_roster
from tests.printing.conftest import squad_document, write_document

TINY = 0.001  # seconds: every render takes longer


@pytest.fixture
def tiny_budget(settings):
    settings.PDF_RENDER_BUDGET = TINY


def test_a_render_past_the_budget_is_stopped(tiny_budget, squad):
    with pytest.raises(pdf.RenderTooLong) as error:
        pdf.squad_sheet_pdf(squad)

    assert error.value.budget == TINY
    assert error.value.message == (
        "This PDF took more than 0.001 seconds to print, so it was stopped. Try again later, "
        "or print it without the dead models."
    )


def test_the_thread_renders_normally_after_a_stopped_render(settings, squad):
    settings.PDF_RENDER_BUDGET = TINY
    with pytest.raises(pdf.RenderTooLong):
        pdf.squad_sheet_pdf(squad, cards=True)
    settings.PDF_RENDER_BUDGET = 60

    assert pdf.squad_sheet_pdf(squad).startswith(b"%PDF-")
    time.sleep(0.05)  # no stop left pending for later code
    assert pdf.squad_sheet_pdf(squad, cards=True).startswith(b"%PDF-")


def test_a_runaway_loop_in_pure_python_is_stopped():
    def forever() -> str:
        give_up = time.monotonic() + 30  # only if the budget failed: the test then fails
        while time.monotonic() < give_up:
            pass
        return "ran to the end"

    with pytest.raises(pdf.RenderTooLong):
        pdf.within_budget(forever, 0.05)


def test_a_render_in_another_thread_is_stopped_too(squad):
    """runserver renders in its request threads, where ``signal.alarm`` cannot reach."""
    outcome = []

    def render() -> None:
        try:
            pdf.within_budget(lambda: pdf.squad_sheet_pdf(squad), TINY)
        except pdf.RenderTooLong:
            outcome.append("stopped")
        else:
            outcome.append("finished")

    thread = threading.Thread(target=render)
    thread.start()
    thread.join(60)

    assert outcome == ["stopped"]


def test_a_render_within_the_budget_is_not_touched(squad):
    assert pdf.within_budget(lambda: "done", 60) == "done"
    time.sleep(0.05)
    assert pdf.squad_sheet_pdf(squad).startswith(b"%PDF-")


def test_no_budget_when_it_is_zero(settings):
    settings.PDF_RENDER_BUDGET = 0

    assert pdf.within_budget(lambda: "done") == "done"


def test_the_budget_is_the_setting(settings):
    settings.PDF_RENDER_BUDGET = 2.5
    assert pdf.render_budget() == 2.5


def test_the_setting_comes_from_the_environment_with_10_seconds_by_default():
    import subprocess
    import sys

    def budget(value: str | None) -> str:
        env = {k: v for k, v in os.environ.items() if k != "PDF_RENDER_BUDGET"}
        if value is not None:
            env["PDF_RENDER_BUDGET"] = value
        code = "import config.settings as s; print(s.PDF_RENDER_BUDGET)"
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
        return done.stdout.strip()

    assert (budget(None), budget("2.5")) == ("10.0", "2.5")


@pytest.mark.django_db
@pytest.mark.parametrize("route", ["print:squad_sheet", "print:squad_cards"])
def test_the_web_download_answers_503_with_a_message(tiny_budget, client, user, route):
    squad = services.squad_import(owner=user, roster=parse_roster(squad_document()))
    client.force_login(user)

    response = client.get(reverse(route, args=[squad.pk]))

    assert response.status_code == 503
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert "took more than 0.001 seconds to print, so it was stopped" in response.content.decode()


@pytest.mark.django_db
def test_a_stopped_render_is_not_cached(settings, client, user):
    squad = services.squad_import(owner=user, roster=parse_roster(squad_document()))
    client.force_login(user)
    url = reverse("print:squad_sheet", args=[squad.pk])
    settings.PDF_RENDER_BUDGET = TINY
    assert client.get(url).status_code == 503

    settings.PDF_RENDER_BUDGET = 60

    assert client.get(url).status_code == 200


def test_print_roster_exits_2_with_a_message(tiny_budget, tmp_path, capsys):
    path = write_document(tmp_path / "squad.json", squad_document())

    with pytest.raises(SystemExit) as exit_info:
        call_command("print_roster", str(path), "-o", str(tmp_path / "out.pdf"))

    assert exit_info.value.code == 2
    assert "took more than 0.001 seconds to print" in capsys.readouterr().err
    assert not (tmp_path / "out.pdf").exists()


@pytest.mark.django_db
def test_the_campaign_report_answers_503_on_the_page_and_in_the_api(
    tiny_budget, client, campaign, organiser
):
    from rest_framework.test import APIClient

    client.force_login(organiser)
    page = client.get(reverse("campaigns:report_pdf", args=[campaign.pk]))
    api = APIClient()
    api.force_authenticate(organiser)
    response = api.get(f"/api/campaigns/{campaign.pk}/report/")

    assert page.status_code == 503 and "stopped" in page.content.decode()
    assert response.status_code == 503
    assert response.json()["errors"][0]["code"] == "render-too-long"
