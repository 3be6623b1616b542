"""Printing the largest roster the document limits allow: the worst render a user can ask for.

Why: a squad sheet's time grows with what it lists, and a render that outlives the server's
worker timeout takes the worker down with it. ``DocumentLimits`` (rules/registry.py, the
numbers in rules/black_sun/data.py) bound what one roster may hold; this bench builds the
largest document they allow and checks that the parser accepts it, then times its sheet and
its cards (worst of a few renders, not the median: the worst is what a worker must survive).
Target: at most 2 s each (not met on a 2-core machine: see the hardening issue's note).

The document is as heavy as the limits let it be: every model at its longest name, a
Recovering status, the most RP and CV lost, and assisting the first model (whose "assisted
by" line lists them all); the squad's equipment lines and abilities, up to the per-squad
limits, spread over the models, each model's lines taking the items with the most weapon
rows first at the largest count, each ability a "Hates enemy" with the longest detail (a
model may list it twice in a document: the sheet then prints the broken rule as well).
"""

from __future__ import annotations

import json
import os
import time

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()


from printing import pdf  # noqa: E402
from rules import get_system  # noqa: E402
from rules.black_sun import data  # noqa: E402
from rules.black_sun.data import MAX_CV_LOSS, MAX_RP  # noqa: E402
from rules.documents import MAX_NAME, parse_roster  # noqa: E402

RENDERS = 3  # each takes seconds: the worst of three


def _spread(total: int, parts: int, each: int) -> list[int]:
    """``total`` shared as evenly as possible over ``parts``, none above ``each``."""
    total = min(total, parts * each)
    return [min(each, total // parts + (i < total % parts)) for i in range(parts)]


def largest_document(system_code: str = "black-sun") -> dict:
    """The heaviest ``squad-roster/1`` document the system's limits allow (see above)."""
    system = get_system(system_code)
    limits = system.limits
    n = limits.members
    # the items that print the most weapon rows first (machine gun, shotgun: two each)
    items = sorted(system.items, key=lambda code: -len(data.ITEMS[code].profiles))
    detail = "enemy " + "Z" * (MAX_NAME - 6)
    types = list(system.model_types)
    names = [f"{i:02d} " + "W" * (MAX_NAME - 3) for i in range(n)]
    lines = _spread(limits.squad_equipment, n, min(limits.equipment, len(items)))
    abilities = _spread(limits.squad_abilities, n, limits.abilities)
    members = []
    for i in range(n):
        member = {
            "name": names[i],
            "type": types[i % len(types)],
            "equipment": [{"item": item, "count": limits.count} for item in items[: lines[i]]],
            "abilities": [
                {"code": "hates-enemy", "detail": detail, "source": "injury" if k else "starting"}
                for k in range(abilities[i])
            ],
            "rp": MAX_RP,
            "cv_loss": MAX_CV_LOSS,
            "status": "recovering",
        }
        if i:
            member["assists"] = names[0]
        members.append(member)
    return {
        "format": "squad-roster/1",
        "system": system_code,
        "name": "S" * MAX_NAME,
        "faction": "viet-cong",
        "points_limit": 100_000,
        "members": members,
    }


def worst_seconds(fn, runs: int = RENDERS) -> float:
    worst = 0.0
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        worst = max(worst, time.perf_counter() - start)
    return worst


def run() -> list[tuple[str, float, str]]:
    document = largest_document()
    roster = parse_roster(document)  # the limits allow it: the parser accepts it
    size = len(json.dumps(document).encode())
    lines = sum(len(m.equipment) for m in roster.members)
    abilities = sum(len(m.abilities) for m in roster.members)
    pdf.squad_sheet_pdf(roster)  # warm up: templates, fonts and stylesheet once per thread
    sheet = worst_seconds(lambda: pdf.squad_sheet_pdf(roster))
    cards = worst_seconds(lambda: pdf.squad_sheet_pdf(roster, cards=True))
    models = len(roster.members)
    return [
        (f"largest roster the limits allow ({models} models), JSON", size / 1e3, "KB"),
        (f"  {lines} equipment lines and {abilities} abilities in all", lines + abilities, "rows"),
        (f"  its squad sheet, worst of {RENDERS} (target <= 2 s)", sheet, "s"),
        (f"  its model cards, worst of {RENDERS} (target <= 2 s)", cards, "s"),
    ]
