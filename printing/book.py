"""The campaign book (issue #31): one PDF of the whole campaign, rendered by the task worker
as the campaign report is (``printing.tasks``' machinery: asked by a download, waited for,
202 past the wait): a cover (the campaign, its game, organiser, dates, the pack it plays
with and its version), the standings, every round with its tables and results, and each
squad's current roster with its story (its latest battles, its injuries, deaths and
advancement).

The book extends the report (``printing.report``), which stays what it is: a page or two,
quick to print, of the standings and the latest battles. The book is the long read.

Bounded whatever the campaign's length, as the report is (each part says what it leaves out
and where the rest is): the latest ``BOOK_ROUNDS`` rounds, each with its first
``ROUND_TABLES`` tables; the first ``BOOK_SQUADS`` squads of the standings (the standings
themselves are whole, as the report's), each with its latest ``SQUAD_BATTLES`` battles and
``SQUAD_EVENTS`` notable history entries (``campaigns.selectors.happenings``). A roster is a
compact list of its models (or units) with their status, not the game's sheet: a sheet is a
page or more for each squad (half a millisecond per element laid out), forty of them would
outlast the print budget; each squad's sheet is its own download.

Each squad's roster, battles and changes are a paragraph each, not tables: WeasyPrint's time
grows with the elements it lays out. With every bound full (8 rounds of 24 tables, 30 squads
of 12 models with 8 battles and 10 changes each, 40 squads in the standings), the book took
9-14 s on a loaded two-core machine (load average 9), within the 20-second print budget; laid
out as tables at larger bounds (12 rounds of 40 tables, 40 squads) it took 48 s. The
standings are whole, as the report's.

Cached under the campaign's state (``book_stamp``: the report's stamp, the rounds, their
tables' scenarios and battles, and the pack), the paper, the language and the day.
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db.models import Count, Max, Min
from django.utils import timezone, translation
from django.utils.text import slugify
from django.utils.translation import gettext
from django_tasks import task

from campaigns import selectors
from campaigns.models import Battle, Campaign, Pairing, Round
from campaigns.selectors.happenings import side_line, squad_stories
from printing import report, tasks
from printing.contexts import BATTLE_STATUS_LABELS, STATUS_LABELS, STRUCK_STATUSES, paper_size
from printing.pdf import CACHE_SECONDS, campaign_report_key, render_pdf
from rosters.adapters import squad_to_roster, squads_with_members
from rosters.models import Squad
from rules import get_system

BOOK_ROUNDS = 8  # the latest rounds the book prints
ROUND_TABLES = 24  # the tables of each round it prints
BOOK_SQUADS = 30  # the squads (first in the standings) whose roster and story it prints
SQUAD_BATTLES = 8  # each squad's latest battles
SQUAD_EVENTS = 10  # each squad's latest injuries, deaths and advancement


def _too_long() -> str:
    return gettext(
        "This campaign book took longer than %(seconds)s seconds to print, the most one "
        "print may take, and was stopped: the service is busy. Try again in a few minutes; "
        "the campaign report is shorter, and everything is on the campaign's pages."
    )


def book_filename(campaign: Campaign, *, paper: str = "a4") -> str:
    return f"{slugify(campaign.name) or 'campaign'}-book-{paper}.pdf"


def book_stamp(campaign: Campaign) -> str:
    """Changes whenever the book would: what moves the report's stamp
    (``selectors.report_stamp``), a round opened, published or closed, a table's scenario
    typed or its battle reported, a bye, and the pack (3 queries)."""
    rounds = Round.objects.filter(campaign=campaign).aggregate(
        count=Count("pk"), published=Max("published"), closed=Max("closed"),
        created=Max("created"),
    )  # fmt: skip
    tables = hashlib.sha256()
    for row in (
        Pairing.objects.filter(round__campaign=campaign)
        .order_by("pk")
        .values_list("pk", "table", "scenario", "battle_id")
    ):
        tables.update(repr(row).encode())
    parts = (selectors.report_stamp(campaign), rounds, tables.hexdigest(),
             campaign.pack_version_id)  # fmt: skip
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]


def book_key(campaign: Campaign, *, stamp: str, paper: str = "a4") -> str:
    """Where the book of ``campaign`` in the state ``stamp`` is cached (the active
    language, today)."""
    return campaign_report_key(
        f"campaign-book-{campaign.pk}-{stamp}", paper=paper, generated=timezone.localdate()
    )


# --- what the book prints -------------------------------------------------------------------


def _cover(campaign: Campaign) -> dict[str, Any]:
    dates = Battle.objects.filter(campaign=campaign, status=Battle.Status.CONFIRMED).aggregate(
        first=Min("played_on"), last=Max("played_on")
    )
    version = campaign.pack_version
    return {
        "name": campaign.name,
        "organiser": campaign.organiser.get_username(),
        "started": timezone.localdate(campaign.created),
        "first_battle": dates["first"],
        "last_battle": dates["last"],
        "pack": version.document.get("name", "") if version is not None else "",
        "pack_version": version.number if version is not None else None,
    }


def _rounds(campaign: Campaign, labels: dict) -> tuple[list[dict[str, Any]], int]:
    """The latest ``BOOK_ROUNDS`` rounds, oldest first, and how many come before them."""
    rounds = list(selectors.campaign_rounds(campaign)[:BOOK_ROUNDS])
    total = Round.objects.filter(campaign=campaign).count() if len(rounds) == BOOK_ROUNDS else 0
    battles = {}
    ids = [t.battle_id for r in rounds for t in selectors.tables(r) if t.battle_id]
    if ids:
        battles = selectors.battles(campaign).filter(pk__in=ids).in_bulk()
    printed = []
    for round in reversed(rounds):
        tables = selectors.tables(round)
        rows = []
        for table in tables[:ROUND_TABLES]:
            battle = battles.get(table.battle_id)
            rows.append({
                "table": table.table,
                "scenario": table.scenario or (battle.scenario if battle else ""),
                "seats": [{"squad": s.entry.squad.name, "player": s.entry.player.get_username()}
                          for s in table.seats.all()],
                "battle": battle.number if battle else None,
                "status": BATTLE_STATUS_LABELS.get(battle.status, "") if battle else "",
                "struck": battle is not None and battle.status in STRUCK_STATUSES,
                "sides": [side_line(s, labels) for s in battle.sides.all()] if battle else [],
            })  # fmt: skip
        bye = selectors.bye(round)
        bye_seat = bye.seats.all()[0] if bye is not None else None
        printed.append({
            "number": round.number,
            "mode": str(round.get_mode_display()),
            "status": str(round.get_status_display()),
            "tables": rows,
            "more_tables": max(0, len(tables) - ROUND_TABLES),
            "bye": {"squad": bye_seat.entry.squad.name,
                    "player": bye_seat.entry.player.get_username()} if bye_seat else None,
            "withdrawn": [w.entry.squad.name for w in round.withdrawals.all()],
        })  # fmt: skip
    return printed, max(0, total - len(rounds))


def _roster_lines(squad: Squad) -> list[dict[str, Any]]:
    """A squad's models (or units), compact: name, type or kind, status."""
    system = get_system(squad.system)
    roster = squad_to_roster(squad)
    if system.units is not None:
        kinds = system.units.kinds
        return [
            {"name": unit.name,
             "type": gettext(kinds[unit.kind].label) if unit.kind in kinds else unit.kind,
             "count": sum(m.record.get("count", 1) for m in unit.members) or None,
             "status": "", "dead": False}
            for unit in roster.units
        ]  # fmt: skip
    return [
        {"name": m.name, "type": m.type, "count": None,
         "status": STATUS_LABELS.get(m.status, m.status), "dead": m.status == "dead"}
        for m in roster.members
    ]  # fmt: skip


def _squads(campaign: Campaign, standings: list) -> list[dict[str, Any]]:
    printed = standings[:BOOK_SQUADS]
    entry_ids = [s.entry.pk for s in printed]
    stories = squad_stories(campaign, entry_ids, battles=SQUAD_BATTLES, events=SQUAD_EVENTS)
    squads = squads_with_members(Squad.objects.filter(pk__in=[s.entry.squad_id for s in printed]))
    by_id = {squad.pk: squad for squad in squads}
    out = []
    for standing in printed:
        story = stories[standing.entry.pk]
        out.append({
            "rank": standing.rank,
            "squad": standing.squad,
            "player": standing.player,
            "withdrawn": standing.entry.withdrawn is not None,
            "roster": _roster_lines(by_id[standing.entry.squad_id]),
            "battles": [{**b, "status_label": BATTLE_STATUS_LABELS.get(b["status"], ""),
                         "struck": b["status"] in STRUCK_STATUSES} for b in story.battles],
            "battles_left_out": story.battles_left_out,
            "events": story.events,
            "events_left_out": story.events_left_out,
        })  # fmt: skip
    return out


def book_context(
    campaign: Campaign, *, paper: str = "a4", page_url: str = "", generated: datetime.date
) -> dict[str, Any]:
    """What ``print/campaign_book.html`` shows (a fixed number of queries whatever the
    campaign's length: its parts are bounded, see the module)."""
    game = get_system(campaign.system)
    rules = game.campaign
    labels = dict(rules.labels) if rules else {}
    standings = selectors.standings(campaign)
    rounds, rounds_left_out = _rounds(campaign, labels)
    return {
        "paper": paper_size(paper),
        "campaign_name": campaign.name,
        "system_name": gettext(game.name),
        "cover": _cover(campaign),
        "standings": [
            {
                "rank": s.rank,
                "squad": s.squad,
                "player": s.player,
                "vp": s.vp,
                "battles": s.battles,
                "wins": s.wins,
                "draws": s.draws,
                "losses": s.losses,
                "casualties": s.casualties,
                "tallies": s.tally_values,
            }
            for s in standings
        ],  # fmt: skip
        "casualties_label": gettext(labels["column:casualties"])
        if "column:casualties" in labels
        else "",
        "columns": [gettext(c.label) for c in (rules.standing_columns if rules else ())],
        "rounds": rounds,
        "rounds_left_out": rounds_left_out,
        "squads": _squads(campaign, standings),
        "squads_left_out": max(0, len(standings) - BOOK_SQUADS),
        "bounds": {
            "rounds": BOOK_ROUNDS,
            "tables": ROUND_TABLES,
            "squads": BOOK_SQUADS,
            "battles": SQUAD_BATTLES,
            "events": SQUAD_EVENTS,
        },  # fmt: skip
        "page_url": page_url,
        "printed_on": generated.isoformat(),
    }


def book_pdf(
    campaign: Campaign, *, paper: str = "a4", stamp: str | None = None, page_url: str = ""
) -> bytes:
    """The book's PDF, cached under ``book_key``; rendered when the cache lacks it (the
    task worker's work, or the request's with the queue off)."""
    if stamp is None:
        stamp = book_stamp(campaign)
    key = book_key(campaign, stamp=stamp, paper=paper)
    pdf = cache.get(key)
    if pdf is None:
        context = book_context(
            campaign, paper=paper, page_url=page_url, generated=timezone.localdate()
        )
        pdf = render_pdf("print/campaign_book.html", context, too_long=_too_long)
        cache.set(key, pdf, CACHE_SECONDS)
    return pdf


# --- printed by the task worker, as the report is -------------------------------------------


@task()
def render_book(
    campaign_id: int, stamp: str, language: str, paper: str = "a4", page_url: str = ""
) -> str:
    """Render a campaign's book into the shared cache, unless the campaign changed since
    the download asked (``stale``) or is gone."""
    campaign = (
        Campaign.objects.select_related("organiser", "pack_version").filter(pk=campaign_id).first()
    )
    if campaign is None:
        return tasks.GONE

    def render() -> str | None:
        if book_stamp(campaign) != stamp:
            return tasks.STALE
        book_pdf(campaign, paper=paper, stamp=stamp, page_url=page_url)
        return None

    with translation.override(language):
        return tasks._render_into_cache(book_key(campaign, stamp=stamp, paper=paper), render)


def book_on_its_way(campaign: Campaign, *, stamp: str, paper: str = "a4") -> bool:
    """Whether a download already asked the worker for this book."""
    return tasks._on_its_way(book_key(campaign, stamp=stamp, paper=paper))


def book_pdf_or_on_its_way(
    campaign: Campaign, *, stamp: str, paper: str = "a4", page_url: str = "", wait: float = 0
) -> bytes | None:
    """The campaign's book in the state ``stamp``, or ``None`` when the worker is printing
    it (waited for up to ``wait`` seconds); rendered here with the queue off."""
    key = book_key(campaign, stamp=stamp, paper=paper)
    if not settings.PRINT_ON_QUEUE:
        return tasks._rendered_here(
            key, lambda: book_pdf(campaign, paper=paper, stamp=stamp, page_url=page_url)
        )
    return tasks._pdf_or_on_its_way(
        key,
        lambda language: render_book.using(priority=tasks.ASKED_PRIORITY).enqueue(
            campaign.pk, stamp, language, paper=paper, page_url=page_url
        ),
        wait=wait,
    )


# --- the campaign's two PDFs, as a download and the API ask for them ------------------------


@dataclass(frozen=True)
class CampaignPrint:
    """How a download asks for one of a campaign's PDFs: its stamp (the campaign's state it
    prints), whether it is on its way, the PDF or ``None`` while the worker prints it, and
    its file name."""

    stamp: Callable[[Campaign], str]
    on_its_way: Callable[..., bool]
    pdf_or_on_its_way: Callable[..., bytes | None]
    filename: Callable[..., str]


REPORT = CampaignPrint(
    selectors.report_stamp,
    tasks.report_on_its_way,
    tasks.report_pdf_or_on_its_way,
    report.report_filename,
)
BOOK = CampaignPrint(book_stamp, book_on_its_way, book_pdf_or_on_its_way, book_filename)
