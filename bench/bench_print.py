"""Printing: a 15-model squad sheet, its cards and the reference card, beside a one-line page;
then Necromunda's 10-fighter gang sheet, cards and reference card.

WeasyPrint's own time for a one-line page (default fonts, no stylesheet) is measured in the
same run, so the ratios hold on any machine. Targets: the sheet within 3 times the one-line
page; a repeat (cached) download of an unchanged squad within 5 ms, timed through the view
(session, squad query, cache read) on a throw-away test database. WeasyPrint's time grows
with the number of elements it lays out (about half a millisecond each, whatever the layout:
table cell, paragraph, bold word), so a bare 10 x 10 table is timed too, to show what the
boxes of a table cost on the machine. Every print but the command line's runs in a child
process of the print engine, within the print budget (printing/engine.py): the sheet is
timed that way, and once more in this process to show what the child costs.
"""

from __future__ import annotations

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from django.core.cache import cache  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment, teardown_test_environment  # noqa: E402
from weasyprint import HTML  # noqa: E402

from bench.bench_necromunda import ten_fighters  # noqa: E402
from bench.bench_rules import fifteen_models  # noqa: E402
from bench.timing import median_seconds  # noqa: E402
from printing import pdf  # noqa: E402

RENDERS = 7  # each render takes a tenth of a second or more: fewer batches than bench_rules


def cached_download_seconds(roster) -> float:
    """Median time of a repeat download of a stored squad's sheet, through the view (its
    first download renders it in the request: no task worker runs here)."""
    from django.contrib.auth import get_user_model
    from django.test import override_settings
    from django.urls import reverse

    from rosters import services

    with override_settings(PRINT_ON_QUEUE=False, PRERENDER_SHEETS=False):
        return _cached_download_seconds(roster, get_user_model(), reverse, services)


def _cached_download_seconds(roster, user_model, reverse, services) -> float:
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        user = user_model.objects.create_user("bench")
        squad = services.squad_import(owner=user, roster=roster)
        client = Client()
        client.force_login(user)
        url = reverse("print:squad_sheet", args=[squad.pk])
        if client.get(url).status_code != 200:  # renders and caches
            raise RuntimeError("the squad sheet download failed")
        return median_seconds(lambda: client.get(url))
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()


def run() -> list[tuple[str, float, str]]:
    roster = fifteen_models()
    ms = 1e3

    def one_line() -> bytes:
        return HTML(string="<p>One line.</p>").write_pdf()

    # What WeasyPrint takes per box, for scale: a bare 10 x 10 table of one-letter cells.
    bare_table = "<table>" + ("<tr>" + "<td>x</td>" * 10 + "</tr>") * 10 + "</table>"

    def timed(fn) -> float:
        fn()  # warm up: template loading, fonts and stylesheet parsed once per thread
        return median_seconds(fn, repeat=RENDERS, number=1)

    baseline = timed(one_line)
    table = timed(lambda: HTML(string=bare_table).write_pdf())
    sheet = timed(lambda: pdf.squad_sheet_pdf(roster, owner="Mint", version=3))
    with pdf.without_budget():  # the same sheet laid out in this process: the child's cost
        in_process = timed(lambda: pdf.squad_sheet_pdf(roster, owner="Mint", version=3))
    cards = timed(lambda: pdf.squad_sheet_pdf(roster, owner="Mint", version=3, cards=True))
    reference = timed(
        lambda: pdf.render_pdf(
            pdf.reference_cards()["black-sun"], pdf.reference_card_context("black-sun")
        )
    )
    gang = ten_fighters()
    gang_sheet = timed(lambda: pdf.squad_sheet_pdf(gang, owner="Mak", version=1))
    gang_cards = timed(lambda: pdf.squad_sheet_pdf(gang, owner="Mak", version=1, cards=True))
    gang_reference = timed(
        lambda: pdf.render_pdf(
            pdf.reference_cards()["necromunda"], pdf.reference_card_context("necromunda")
        )
    )
    cache.clear()
    download = cached_download_seconds(roster)
    cache.clear()
    return [
        ("one-line page (WeasyPrint alone, default fonts)", baseline * ms, "ms"),
        ("  bare 10 x 10 table / one-line page (for scale)", table / baseline, "x"),
        ("squad sheet, 15 models", sheet * ms, "ms"),
        ("  squad sheet / one-line page (target <= 3)", sheet / baseline, "x"),
        ("  of which the print child process (budgeted print)", (sheet - in_process) * ms, "ms"),
        ("model cards, 15 models", cards * ms, "ms"),
        ("  cards / one-line page", cards / baseline, "x"),
        ("quick-reference card, Black Sun", reference * ms, "ms"),
        ("  reference card / one-line page", reference / baseline, "x"),
        ("repeat sheet download, through the view (target < 5 ms)", download * ms, "ms"),
        ("necromunda: gang sheet, 10 fighters", gang_sheet * ms, "ms"),
        ("necromunda: fighter cards, 10 fighters", gang_cards * ms, "ms"),
        ("necromunda: quick-reference card", gang_reference * ms, "ms"),
    ]
