"""Imported once by the print engine's fork server (``printing.engine``), never by the app.

Importing it warms the server the render children are forked from, so that each child starts
where a worker that has printed before would be: WeasyPrint imported, print.css and every
game's stylesheet parsed, the fonts decoded, and the caches a layout fills (compiled
selectors, font metrics, shaped text) filled by real pages. A child that had to fill them
would add most of a tenth of a second to every print (bench/bench_print.py prints what a
child costs).

With Django's settings at hand (the server inherits ``DJANGO_SETTINGS_MODULE``), the pages are
the demo squad's sheet and cards and every reference card, rendered in the server itself; the
database is never touched. Without them, one small page in every face print.css declares.
"""

import logging
import os

from printing.engine import html_to_pdf, preload

SAMPLE = "Warm \u0101\u0151 \u0103\u1ea1"  # Latin, Latin Extended, Vietnamese


def _warm_with_django() -> None:
    import django

    django.setup()
    from printing import pdf
    from rosters.demo import demo_rosters

    roster = demo_rosters()[0]
    warmers = [
        lambda: pdf.squad_sheet_pdf(roster),
        lambda: pdf.squad_sheet_pdf(roster, cards=True),
        *(
            lambda system=system, template=template: pdf.render_pdf(
                template, pdf.reference_card_context(system)
            )
            for system, template in pdf.reference_cards().items()
        ),
    ]
    with pdf.without_budget():
        for warm in warmers:
            try:
                warm()
            except Exception:  # a page that fails here fails in its child too, and says why
                logging.getLogger(__name__).exception("could not warm the print server")


preload()
html_to_pdf(f"<h1>{SAMPLE}</h1><p>{SAMPLE} <b>{SAMPLE}</b></p>")
if os.environ.get("DJANGO_SETTINGS_MODULE"):
    _warm_with_django()
