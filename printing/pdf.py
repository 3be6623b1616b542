"""PDF printing with WeasyPrint: squad sheets, model cards, reference cards, campaign reports.

Every function takes plain values (a rules ``Roster``, an owner's name, a version number,
rows of dicts), so the command line prints a file with no database and the web views print
stored squads and campaigns the same way. What each PDF shows is its template's context
(``printing.contexts``); HTML comes from Django templates (autoescaped); the print engine
(``printing.engine``) lays it out with ``static/css/print.css`` and, for a game's PDF, that
game's own stylesheet (``printing.styles``), in a child process, within
``settings.PRINT_BUDGET_SECONDS``.

A game's own part of its sheet, cards and quick-reference card, and their templates (under
``templates/systems/<code>/``), are its ``GameSystem.printing`` (``rules.registry.Printing``);
a game without one is ``NotPrintable``. The generic templates are under ``templates/print/``.

Rendering costs a tenth of a second or more, so a stored squad's PDF is cached by its
version (``squad_sheet_pdf(..., cache_key=...)``), a campaign report by the key its caller
builds from the campaign's state, and a reference card by system, paper and language.

WeasyPrint spends about half a millisecond on each element it lays out, whatever the layout
(table cell, paragraph, bold word): the templates keep the markup lean and the stylesheets
say how (see bench/bench_print.py for the figures).
"""

from __future__ import annotations

import contextlib
import contextvars
import datetime
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import get_language, gettext

from core.errors import ServiceError
from printing.contexts import (  # noqa: F401 - importable from here, as before the split
    BATTLE_STATUS_LABELS,
    BLANK_ROWS,
    PAPER_SIZES,
    SOURCE_LABELS,
    STATUS_LABELS,
    STRUCK_STATUSES,
    NotPrintable,
    campaign_report_context,
    paper_size,
    reference_card_context,
    reference_cards,
    require_printing,
    safe_filename,
    squad_sheet_context,
    squad_sheet_html,
    squad_template,
)
from printing.styles import game_stylesheet
from rules.registry import Pack
from rules.types import Roster

CACHE_SECONDS = 24 * 60 * 60


class PrintTooLong(ServiceError):
    """The render outlived the print budget and was stopped (503: the service, not the
    request, is at its limit; the message says what to print instead)."""

    status = 503
    code = "print-too-long"


_budgeted = contextvars.ContextVar("budgeted", default=True)


@contextlib.contextmanager
def without_budget() -> Iterator[None]:
    """Render in this process, with no time limit: for the command line, which prints on the
    player's own machine and has no worker to keep alive."""
    token = _budgeted.set(False)
    try:
        yield
    finally:
        _budgeted.reset(token)


# One render at a time in a process. A render lays its PDF out in a child process that takes
# a core; a web worker renders in its requests with the queue off (TASK_QUEUE=off), and its
# threads (gunicorn's gthread) rendering at once would share the two cores among eight
# children until each outlived the budget (503). So a download waits its turn, holding a
# thread and no CPU (the child runs, the thread waits on its pipe), while the process's other
# threads serve the pages; ``renders_in_line`` lets a download that would wait behind too
# many answer "on its way" instead (``printing.tasks``). The task worker renders one at a
# time anyway.
_turn = threading.Lock()
_line_lock = threading.Lock()
_in_line = 0
_render_seconds: float | None = None  # this process's renders lately (a running average)


@contextlib.contextmanager
def _one_at_a_time() -> Iterator[None]:
    global _in_line, _render_seconds
    with _line_lock:
        _in_line += 1
    try:
        with _turn:
            started = time.monotonic()
            yield
            took = time.monotonic() - started
            old = _render_seconds
            _render_seconds = took if old is None else old + 0.2 * (took - old)
    finally:
        with _line_lock:
            _in_line -= 1


def renders_in_line() -> int:
    """The renders of this process running or waiting for their turn now."""
    return _in_line


def render_seconds_here() -> float | None:
    """How long a render of this process took lately (``None`` before the first)."""
    return _render_seconds


def _sheet_too_long() -> str:
    return gettext(
        "This PDF took longer than %(seconds)s seconds to print, the most one print may "
        "take, and was stopped. Leave the dead out (dead=0) or print fewer models."
    )


def render_pdf(
    template_name: str, context: dict[str, Any], *, too_long: Callable[[], str] = _sheet_too_long
) -> bytes:
    """Render a print template (``templates/print/``, ``templates/systems/<code>/``) to PDF
    bytes, within the print budget, with print.css and, when the context is a game's
    (``system_code``, see ``printing.contexts``), the game's own stylesheet.

    The page is laid out by the print engine in a child process (``printing.engine``);
    past ``settings.PRINT_BUDGET_SECONDS`` the child is stopped and ``PrintTooLong`` raised
    with the message ``too_long()`` gives (``%(seconds)s``: the budget), the squad sheet's by
    default.
    """
    from printing import engine  # WeasyPrint: imported by what prints, not by what links

    html = render_to_string(template_name, context)
    budget = settings.PRINT_BUDGET_SECONDS if _budgeted.get() else None
    try:
        with _one_at_a_time():
            return engine.render(
                html, budget=budget, game_stylesheet=game_stylesheet(context.get("system_code"))
            )
    except engine.RenderTooLong:
        raise PrintTooLong("", too_long() % {"seconds": f"{budget:g}"}) from None


# --- squad sheets and cards -----------------------------------------------------------------


def squad_pdf_key(
    cache_key: str, *, version: int | str | None, paper: str, cards: bool, include_dead: bool
) -> str:
    """Where ``squad_sheet_pdf`` caches a squad's PDF: its key, version, options, the active
    language and today's date (the footer prints it)."""
    layout = "cards" if cards else "sheet"
    dead = "all" if include_dead else "living"
    return (
        f"print:{cache_key}:v{version}:{paper_size(paper)}:{layout}:{dead}:"
        f"{get_language()}:{timezone.localdate().isoformat()}"
    )


def squad_sheet_pdf(
    roster: Roster | Callable[[], Roster],
    *,
    owner: str | None = None,
    version: int | str | None = None,
    cache_key: str | None = None,
    paper: str = "a4",
    cards: bool = False,
    include_dead: bool = True,
    notes: Callable[[], tuple[str, Mapping[str, str]]] | None = None,
    pack: Pack | Callable[[], Pack | None] | None = None,
) -> bytes:
    """The squad sheet (or one card per model) of ``roster`` as PDF bytes; ``notes``, when
    given, returns the squad's notes and its models' by name (called after ``roster``).

    With a ``cache_key`` (e.g. ``f"squad-{squad.pk}"``), the PDF is cached under that key,
    the version, the options, the language and the day (the footer prints the date), so a
    repeat download of an unchanged squad does not render again. ``roster`` may be a
    function that loads it: it is then called only when the cache does not hold the PDF, so
    a repeat download costs no query for the members. A squad costed by a club's ``pack``
    (a ``Pack``, or a function that reads it, called after ``roster``) is cached only under
    a ``cache_key`` that names the pack's version (``stored_squad_key``).
    """
    today = timezone.localdate()
    key = None
    if cache_key is not None:
        key = squad_pdf_key(
            cache_key, version=version, paper=paper, cards=cards, include_dead=include_dead
        )
        cached = cache.get(key)
        if cached is not None:
            return cached
    if callable(roster):
        roster = roster()
    if callable(pack):
        pack = pack()
    squad_notes, member_notes = notes() if notes is not None else ("", {})
    context = squad_sheet_context(
        roster, owner=owner, version=version, paper=paper, cards=cards,
        include_dead=include_dead, today=today, notes=squad_notes, member_notes=member_notes,
        pack=pack,
    )  # fmt: skip
    pdf = render_pdf(squad_template(roster.system, cards), context)
    if key is not None:
        cache.set(key, pdf, CACHE_SECONDS)
    return pdf


# --- quick-reference cards ------------------------------------------------------------------


def reference_card_pdf(
    system_code: str, *, paper: str = "a4", pack: Pack | None = None, pack_key: str | None = None
) -> bytes:
    """The quick-reference card of a game system; ``NotPrintable`` if it has none. With a
    club's ``pack``, its weapon profiles printed and marked: cached under ``pack_key`` (its
    stored version's, ``reference_pack_key``: an edit of the pack is a new version, a new
    key), or, without one (the command line), rendered each time and not kept."""
    context = reference_card_context(system_code, paper=paper, pack=pack)
    key = f"print:reference:{system_code}:{context['paper']}:{get_language()}"
    if pack is not None:
        if pack_key is None:
            return render_pdf(reference_cards()[system_code], context)
        key = f"{key}:{pack_key}"
    cached = cache.get(key)
    if cached is None:
        cached = render_pdf(reference_cards()[system_code], context)
        cache.set(key, cached, CACHE_SECONDS)
    return cached


def reference_pack_key(version) -> str:
    """A stored pack version's part of its reference card's cache key."""
    return f"pack-{version.pk}"


def reference_cards_ahead() -> list[tuple[str, str, str]]:
    """Every game's quick-reference card, on every paper and in every language, rendered
    into the PDF cache (which every process shares) unless it is there already: they change
    only with a release, so the task worker renders them as it starts (``print_worker``) and
    the first download of each is instant. Gives the (system, paper, language) of each."""
    done = []
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            for system in reference_cards():
                for paper in PAPER_SIZES:
                    reference_card_pdf(system, paper=paper)
                    done.append((system, paper, language))
    return done


# --- campaign reports -----------------------------------------------------------------------


def _report_too_long() -> str:
    return gettext(
        "This campaign report took longer than %(seconds)s seconds to print, the most one "
        "print may take, and was stopped: the service is busy. Try again in a few minutes; "
        "the standings and every battle are on the campaign page."
    )


def campaign_report_key(cache_key: str, *, paper: str, generated: datetime.date) -> str:
    """Where ``campaign_report_pdf`` caches a report: its caller's key (which changes with
    the campaign), the paper, the active language and the day (the footer prints it)."""
    return f"print:{cache_key}:{paper_size(paper)}:{get_language()}:{generated.isoformat()}"


def campaign_report_pdf(
    *,
    generated: datetime.date,
    cache_key: str | None = None,
    paper: str = "a4",
    **rows: Any,
) -> bytes:
    """A campaign's standings and battle log as PDF bytes; ``rows`` are the keyword
    arguments of ``campaign_report_context`` (``campaign_name``, ``standings``, ``battles``...).

    ``standings`` rows hold ``rank, squad, player, vp, battles, wins, draws, losses,
    casualties`` and ``tallies`` (values of ``columns``, see ``campaign_report_context``);
    ``battles`` rows hold ``number, date`` (a date or None), ``scenario``,
    ``sides`` (dicts of ``squad, player, outcome, vp``; ``outcome`` printed as given) and
    ``status`` (``confirmed``, ``pending``, ``voided`` or ``rejected``: the last two are struck
    through). With a ``cache_key`` that changes whenever the campaign does, the PDF is cached
    under ``campaign_report_key``. A render past the budget raises ``PrintTooLong`` with the
    report's own message.
    """
    key = None
    if cache_key is not None:
        key = campaign_report_key(cache_key, paper=paper, generated=generated)
        cached = cache.get(key)
        if cached is not None:
            return cached
    context = campaign_report_context(generated=generated, paper=paper, **rows)
    pdf = render_pdf("print/campaign_report.html", context, too_long=_report_too_long)
    if key is not None:
        cache.set(key, pdf, CACHE_SECONDS)
    return pdf


def stored_squad_key(
    squad,
    *,
    paper: str = "a4",
    cards: bool = False,
    include_dead: bool = True,
    version: int | None = None,
) -> str:
    """The cache key of a stored squad's PDF, as ``stored_squad_pdf`` stores it: at the
    squad's version, or at ``version`` when given (a render asked for an earlier one); with
    the pack version that costs it, if one does (``Squad.costing_version``)."""
    return squad_pdf_key(
        _stored_name(squad), version=squad.version if version is None else version,
        paper=paper, cards=cards, include_dead=include_dead,
    )  # fmt: skip


def _stored_name(squad) -> str:
    """A stored squad's name in the cache: its id, and the pack version that costs and
    prints it (``Squad.costing_version``: its own, or its campaign's while enrolled), so a
    pack's edit (a new version) or a campaign's change of pack is a new key."""
    pack = squad.costing_version_id
    return f"squad-{squad.pk}" if pack is None else f"squad-{squad.pk}-pack-{pack}"


def stored_squad_filename(squad, *, cards: bool = False) -> str:
    """The file name a stored squad's sheet or cards download under."""
    stem = gettext("%(squad)s cards") % {"squad": squad.name} if cards else squad.name
    return safe_filename(stem)


def stored_squad_pdf(
    squad, *, paper: str = "a4", cards: bool = False, include_dead: bool = True
) -> tuple[bytes, str]:
    """A stored squad's sheet or cards and its file name; web download and API share the cache.

    The members are loaded (4 queries) only when the cache does not hold the PDF yet.
    """
    from rosters.adapters import squad_to_roster, squads_with_members
    from rosters.models import Squad

    loaded: list[Squad] = []

    def roster() -> Roster:
        loaded.append(squads_with_members(Squad.objects.filter(pk=squad.pk)).get())
        return squad_to_roster(loaded[0])

    def notes() -> tuple[str, dict[str, str]]:
        row = loaded[0]  # its models are loaded with it
        return row.notes, {m.name: m.notes for m in row.members.all() if m.notes}

    pdf = squad_sheet_pdf(
        roster, owner=squad.owner.get_username(), version=squad.version,
        cache_key=_stored_name(squad), paper=paper, cards=cards, include_dead=include_dead,
        notes=notes, pack=lambda: loaded[0].costing_pack,
    )  # fmt: skip
    return pdf, stored_squad_filename(squad, cards=cards)
