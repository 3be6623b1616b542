"""Each PDF kind of each game laid out "before" and "after" the per-game stylesheets (#29, #32).

Before: one stylesheet for every PDF, ``bench/print_before.css`` (print.css as it was, with all
four games' rules: every element of every PDF was matched against them). After: what the
print engine does now, print.css (what every PDF shares) plus the PDF's own game's stylesheet
(``static/css/systems/<code>.css``), each parsed once per process (``printing.engine``).

The same HTML (each document's template rendered once, outside the timing) is laid out both
ways in this process, before and after in turn so that a load on the machine weighs on both
alike; the figure is the median CPU time of the layout (``time.process_time``: WeasyPrint
runs in one thread), not the wall clock, which other processes on the machine stretch.
Documents: each game's demo squad's sheet and cards, its quick-reference card, the campaign
report (a hundred battles: the most a report prints), the 13-model Black Sun sheet (goal:
after <= 60 % of before) and each game's largest legal document (the document limits'
worst sheet: bench_print_limits and bench_units build them).

Run alone: ``.venv/bin/python bench/bench_print_styles.py``.

What the profile says (#32 item 4, a session's cProfile and ablations of the 13-model sheet,
CPU ms on this machine, each variant timed in turn with the others): WeasyPrint's cost is
the number of boxes, about 0.15 ms each in every document, and a table cell with its text
about 0.35 ms. The 13-model sheet (~110 ms) is 83 % its roster table (header and footer
alone: 19 ms; an empty page: 11 ms); its time goes to parsing (6 %), the cascade (12 %),
building boxes (4 %), layout (about half, a fifth of it Pango shaping each text) and
drawing (20 %). What does not pay: the other documents' rules in the stylesheets (all of them
removed from the sheet's: 1.5 %; Bolt Action's ``:is()``/``nth-child`` reference rules cost
its sheet nothing), whitespace between tags, fewer font faces, ``full_fonts`` (10 % slower)
or an uncompressed PDF (same), ``overflow-wrap: normal`` everywhere, collapsed borders (2 %),
the rows' lines drawn as backgrounds instead of one-sided cell borders (3 %; no borders at
all: 7-9 %), floats made blocks (noise). What would: fewer cells per model (the four stats in
one cell: 6 %; a weapon's five figures in one cell: 10 %), which moves the text on the page:
a change of the sheet's design, not of its cost. Reusing unchanged model cards does not
pay either: a card is laid out inside a page of ten (a table of two columns), so a reused
card still needs its page laid out again. What paid, outside this bench (which lays out in
this process): the print engine's child prints one document after another instead of being
forked for each (``printing.engine``), 140-146 -> 118 ms of CPU for the 13-model sheet.

A second session (#29 item 7, #32 item 4; loaded machine, load average 4-7 on two cores, so
only differences of several per cent over 9-21 interleaved renders count) tried the roster
table without an HTML table, and WeasyPrint's table is the cheapest layout it has: with the
same columns, each model a block whose cells are floats, 11 % slower; inline-blocks, 48 %;
a CSS grid per model, 58 %; a flex row per model, 154 %. Keeping the table with three cells
per model (model, abilities and, between them, the stats and each weapon's figures as floats
or inline-blocks of the columns' widths): 10 % and 20 % slower. A float, an inline-block or a
grid item is one box like a cell and costs more. Within the table, nothing that keeps the
page as it is pays: one row group for all the models (each model a ``<tr>`` with its
classes) instead of a ``<tbody>`` each is 10 % slower; the models' top rules as rows of
their own (0.75 pt high, a background) instead of each cell's top border, 1-3 % faster
(noise; no borders at all: 2-5 %); the model cell's name, type and facts as inline boxes
and ``<br>`` instead of blocks makes as many boxes (inline instead of block), no faster.
The sheets hold no empty or hidden element to remove (their empty cells are the blank rows
and the cards' cut lines).
WeasyPrint's options change nothing for these documents: ``presentational_hints`` is off
already, there are no images (``optimize_images``, ``dpi``, ``jpeg_quality``), ``hinting``
is off, ``full_fonts`` and an uncompressed PDF are slower or the same (above), ``pdf_variant``
and ``pdf_tags`` add work; the fonts and stylesheets are parsed once per thread already.
What paid: reading the HTML. WeasyPrint parses it with tinyhtml5, an HTML5 parser in Python
that looks at each character: 16-20 ms of the 13-model sheet (8 KB), a tenth of its render.
The engine reads our templates' HTML with ``printing.markup`` (the standard library's
tokenizer into the same tree) and leaves to WeasyPrint what HTML5 would mend: 4-6 times
faster for every document here (a demo sheet or card 13-30 -> 3-8 ms, a reference card
13-21 -> 4-7 ms, the report 52 -> 16 ms, the largest documents 137-205 -> 22-44 ms), the
PDFs' text and pixels unchanged. "Before" here still parses with tinyhtml5, as the engine
did; two runs of this bench at load 4.5-7 gave the 13-model sheet 82-83 % (before the
parser: 87 % in the last session's run, 78 % in a 7-render check of this one: the load
moves the ratio by several points), most other sheets and cards 75-85 %. The 13-model
sheet's goal (<= 60 %) is out of reach without fewer cells, that is without moving its text
(above: the four stats in one cell, a weapon's figures in one cell).
"""

from __future__ import annotations

import dataclasses
import datetime
import gc
import os
import statistics
import sys
import time
from pathlib import Path

if __name__ == "__main__":  # run as a script: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import django  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from django.template.loader import render_to_string  # noqa: E402
from weasyprint import CSS, HTML  # noqa: E402
from weasyprint.text.fonts import FontConfiguration  # noqa: E402

from printing import contexts, engine  # noqa: E402
from printing.styles import game_stylesheet  # noqa: E402
from rules import get_system, systems  # noqa: E402
from rules.documents import MAX_NAME, parse_roster  # noqa: E402
from rules.types import Roster  # noqa: E402

BEFORE_CSS = Path(__file__).resolve().parent / "print_before.css"
RENDERS = 5  # of each document, each way: the median
WORST_RENDERS = 3  # the largest documents take seconds each


class Before:
    """The old single stylesheet, parsed once with its fonts, as the engine parsed print.css."""

    def __init__(self) -> None:
        self.fonts = FontConfiguration()
        self.css = CSS(
            string=BEFORE_CSS.read_text(), base_url=engine.STYLESHEET_URL,
            url_fetcher=engine.FETCHER, font_config=self.fonts,
        )  # fmt: skip

    def pdf(self, html: str) -> bytes:
        collecting = gc.isenabled()
        gc.disable()  # as the engine does
        try:
            document = HTML(string=html, base_url=engine.BASE_URL, url_fetcher=engine.FETCHER)
            return document.write_pdf(stylesheets=[self.css], font_config=self.fonts)
        finally:
            if collecting:
                gc.enable()


def cpu_seconds(fn) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def before_after(before: Before, html: str, code: str | None, renders: int) -> tuple[float, float]:
    """Median CPU seconds of laying ``html`` out before and after, in turn."""
    game = game_stylesheet(code)
    old, new = [], []
    before.pdf(html)  # warm: fonts, caches
    engine.html_to_pdf(html, game)
    for _ in range(renders):
        old.append(cpu_seconds(lambda: before.pdf(html)))
        new.append(cpu_seconds(lambda: engine.html_to_pdf(html, game)))
    return statistics.median(old), statistics.median(new)


def sheet_html(roster: Roster, *, cards: bool = False) -> str:
    context = contexts.squad_sheet_context(
        roster, owner="Bench", version=1, cards=cards, today=datetime.date(2026, 1, 1)
    )
    return render_to_string(contexts.squad_template(roster.system, cards), context)


def reference_html(code: str) -> str:
    return render_to_string(contexts.reference_cards()[code], contexts.reference_card_context(code))


def report_html(system_label: str) -> str:
    """A twelve-squad campaign's report with the hundred battles a report prints at most."""
    squads = [(f"Squad {i}", f"player{i}") for i in range(12)]
    standings = [
        {"rank": i + 1, "squad": squad, "player": player, "vp": 40 - i, "battles": 16,
         "wins": 8, "draws": 2, "losses": 6, "casualties": 11, "tallies": []}
        for i, (squad, player) in enumerate(squads)
    ]  # fmt: skip
    battles = [
        {"number": n, "date": datetime.date(2026, 1, 1) + datetime.timedelta(days=n // 6),
         "scenario": "Hold the crossing",
         "sides": [{"squad": squads[(n + k) % 12][0], "player": squads[(n + k) % 12][1],
                    "outcome": "win" if k == 0 else "loss", "vp": 3 - 3 * k} for k in (0, 1)],
         "status": ("confirmed", "confirmed", "pending", "voided")[n % 4]}
        for n in range(100, 0, -1)
    ]  # fmt: skip
    context = contexts.campaign_report_context(
        campaign_name="Bench campaign", system_label=system_label, organiser="Bench",
        standings=standings, battles=battles, generated=datetime.date(2026, 1, 1),
        casualties_label="Casualties", left_out=40, page_url="https://example.org/c/1",
    )  # fmt: skip
    return render_to_string("print/campaign_report.html", context)


def thirteen_models() -> Roster:
    from bench.bench_rules import fifteen_models

    roster = fifteen_models()
    return dataclasses.replace(roster, members=roster.members[:13])


def largest_gang() -> Roster:
    """Necromunda's largest legal gang: as many fighters as the limits allow, every name at its
    longest, the gang's equipment lines spread over them (the parser accepts it)."""
    game = get_system("necromunda")
    limits = game.limits
    items = list(game.items)
    types = list(game.model_types)
    per = min(limits.equipment, -(-limits.squad_equipment // limits.members))
    left = limits.squad_equipment
    members = []
    for i in range(limits.members):
        take = min(per, left)
        left -= take
        members.append({
            "name": f"{i:02d} " + "W" * (MAX_NAME - 3),
            "type": types[i % len(types)],
            "equipment": [{"item": items[(i + k) % len(items)], "count": limits.count}
                          for k in range(take)],
        })  # fmt: skip
    return parse_roster({
        "format": "squad-roster/1", "system": "necromunda", "name": "G" * MAX_NAME,
        "members": members,
    })  # fmt: skip


def largest(code: str) -> Roster:
    if code == "black-sun":
        from bench.bench_print_limits import largest_document

        return parse_roster(largest_document())
    if code == "necromunda":
        return largest_gang()
    from bench.bench_units import worst_force

    return worst_force(code)


def documents() -> list[tuple[str, str, str | None, int]]:
    """(label, html, game code, renders) of every document timed."""
    docs = []
    demos = {}
    from rosters.demo import demo_rosters

    for roster in demo_rosters():
        demos.setdefault(roster.system, roster)
    for game in systems():
        code = game.code
        if game.printing is None:
            continue
        if code in demos:
            docs.append((f"{code}: demo squad's sheet", sheet_html(demos[code]), code, RENDERS))
            docs.append((f"{code}: demo squad's cards", sheet_html(demos[code], cards=True),
                         code, RENDERS))  # fmt: skip
        if code in contexts.reference_cards():
            docs.append((f"{code}: quick-reference card", reference_html(code), code, RENDERS))
        docs.append((f"{code}: largest legal document's sheet", sheet_html(largest(code)),
                     code, WORST_RENDERS))  # fmt: skip
    docs.append(("black-sun: 13-model sheet (goal: after <= 60 % of before)",
                 sheet_html(thirteen_models()), "black-sun", RENDERS))  # fmt: skip
    docs.append(("campaign report, 100 battles (print.css alone after)",
                 report_html("Black Sun"), None, RENDERS))  # fmt: skip
    return docs


def timed_rows():
    """The rows of ``run``, one document at a time (``main`` prints each as it comes)."""
    before = Before()
    for label, html, code, renders in documents():
        old, new = before_after(before, html, code, renders)
        yield (label, old * 1e3, "ms before")
        yield ("  after (print.css + the game's own)", new * 1e3, "ms")
        yield ("  after / before", new / old * 100, "%")


def run() -> list[tuple[str, float, str]]:
    return list(timed_rows())


def main() -> None:
    import platform

    from bench.run import cpu_name

    print(f"Python {platform.python_version()}; CPU: {cpu_name()}, {os.cpu_count()} cores; "
          f"load average {os.getloadavg()[0]:.1f}")  # fmt: skip
    for label, value, unit in timed_rows():
        print(f"{label:<62} {value:>10.2f} {unit}", flush=True)


if __name__ == "__main__":
    main()
