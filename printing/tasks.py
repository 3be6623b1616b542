"""Work done off the request path, on the task queue (django-tasks; settings ``TASKS``).

A squad's PDFs are rendered by the task worker, never in a web request (with the queue on,
``settings.PRINT_ON_QUEUE``):

- **Ahead.** Each time a squad that was printed before (``Squad.printed``, set by its first
  download) changes, ``rosters`` says so (``rosters.signals.squads_changed``) and, once the
  change is committed, ``printing.receivers`` enqueues ``render_sheet`` a moment later
  (``PRERENDER_DELAY_SECONDS``) for the version it saw, so that the download that follows an
  edit is served from the cache every process shares. A burst of edits enqueues one task
  each, but only the one that still sees its version renders: the others find a newer
  version and stop (the debounce), at the cost of one query, saying so on Redis like any
  render's end. A squad nobody has printed costs the worker nothing, and its edits no task.
- **On demand.** A download that finds no PDF in the cache (``squad_pdf_or_on_its_way``)
  enqueues its render at once, unless one is already on its way, then waits for it: the
  worker says on Redis when it has stored a PDF (``printing.waiting``), and the waiting request
  (a thread of its web worker, never more of them than ``PDF_WAITERS`` per process) answers
  with the PDF that very moment. When the worker finds that the squad changed again while
  the download waited (a battle confirmed on a campaign squad), it says so the same way, and
  the download asks for the new version at once, within the same wait (before, it waited
  the whole ``PDF_WAIT_SECONDS`` for nothing: issue #32's slow "sheet again"). Past
  ``PDF_WAIT_SECONDS``, with no thread to spare, or
  with no Redis to tell it (``make run``, the tests), it answers that the PDF is coming
  (the page asks again with htmx, the API answers 202) and when to ask again:
  ``retry_after``, from the queue's length and the render time the workers measured.

Priorities (django-tasks' own ``priority``; the worker takes the highest first): a render a
player waits for (``ASKED_PRIORITY``) runs before every render ahead (``AHEAD_PRIORITY``),
which runs when no player waits. Each render's wait in the queue and its time are measured in
the worker (``record_run``), logged, and shown by ``/healthz`` (``queue_health``).

A campaign's report (``render_report``) is printed on demand the same way, through the same
machinery (``_pdf_or_on_its_way`` asks, ``_render_into_cache`` renders); it is never printed
ahead: its key is the campaign's state (``selectors.report_stamp``), which any change moves on.

The render runs in the worker under the print budget (``printing.engine``), like any
other; a render stopped by the budget is remembered until a download has said why (instead of
waiting for ever); the download after that asks again. With the queue off (``TASK_QUEUE=off``)
a download renders in its request, one at a time in a process (``_rendered_here``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.utils import timezone, translation
from django.utils.translation import gettext
from django_tasks import task

from campaigns import selectors
from campaigns.models import Campaign
from printing import report, waiting
from printing.pdf import (
    NotPrintable,
    PrintTooLong,
    renders_in_line,
    require_printing,
    stored_squad_key,
    stored_squad_pdf,
)
from printing.queue_stats import (
    AHEAD_PRIORITY,
    ASKED_PRIORITY,
    FAILED,
    GONE,
    NOT_PRINTABLE,
    RENDERED,
    RENDERS,
    STALE,
    queue_health,
    record_run,
    render_seconds,
    retry_after,
)
from printing.waiting import wait_seconds
from rosters.models import COSTING_RELATED, Squad

# Callers read these here: the download's wait, the queue's words and figures are this
# module's (printing/queue_stats.py keeps the figures, printing/waiting.py the wait).
__all__ = [
    "AHEAD_PRIORITY", "ASKED_PRIORITY", "FAILED", "GONE", "NOT_PRINTABLE", "RENDERED",
    "RENDERS", "STALE", "queue_health", "record_run", "render_seconds", "retry_after",
    "wait_seconds",
]  # fmt: skip

log = logging.getLogger(__name__)

# A render asked for by a download is "on its way" this long: past it, if no worker took it
# (none runs, or it died), the next download asks again.
ON_ITS_WAY_SECONDS = 60
# A download whose squad moves on while it waits asks for the new version, this many times
# in all within its wait (a squad edited faster than it prints ends with a 202).
MOVED_ON_ATTEMPTS = 3
# Why a render failed waits this long for the download that asked for it, which says it once
# (the next download tries again: the budget may have been hit by a busy moment).
FAILED_SECONDS = 10 * 60


# --- one machinery for every PDF a download waits for ---------------------------------------


def _marks(key: str) -> tuple[str, str]:
    return f"on-its-way:{key}", f"failed:{key}"


def _render_into_cache(key: str, render: Callable[[], str | None]) -> str:
    """In the worker: ``render()`` puts the PDF cached under ``key`` there (or answers why
    not: ``STALE``); a failure is remembered for the download that asked to tell, and the
    "on its way" mark goes in any case."""
    on_its_way, failed = _marks(key)
    outcome = FAILED
    try:
        outcome = render() or RENDERED
        return outcome
    except NotPrintable:  # a game with no sheet
        outcome = NOT_PRINTABLE
        return outcome
    except PrintTooLong as error:
        cache.set(failed, error.message, FAILED_SECONDS)
        return FAILED
    except Exception:
        cache.set(failed, gettext("This PDF could not be printed."), ON_ITS_WAY_SECONDS)
        raise
    finally:
        cache.delete(on_its_way)
        waiting.announce(key, outcome)


def _on_its_way(key: str) -> bool:
    """Whether a download already asked the worker for the PDF cached under ``key``, which
    is not there yet: a request that asks again costs nothing (no render, no count against
    the PDF limit)."""
    if not settings.PRINT_ON_QUEUE:
        return False
    return cache.get(_marks(key)[0]) is not None and not cache.has_key(key)


def _pdf_or_on_its_way(
    key: str, ask: Callable[[str], object], *, wait: float = 0, pdf: bytes | None = None
) -> bytes | None:
    """The PDF cached under ``key`` (``pdf``, when the caller has just read it), or ``None``
    when it is on its way: the render is asked of the worker (``ask(language)`` enqueues
    it) once, unless one is already on its way or the backend ran it at once (the tests'
    immediate backend); then this request waits up to ``wait`` seconds for it
    (``printing.waiting.wait``).
    Raises ``PrintTooLong`` for a render the budget stopped in the worker, with the message
    it left (said once: the next download asks the worker again)."""
    if pdf is None:
        pdf = cache.get(key)
    if pdf is not None:
        return pdf
    on_its_way, failed = _marks(key)
    if cache.get(failed) is None and cache.add(on_its_way, True, ON_ITS_WAY_SECONDS):
        waiting.forget_announcement(key)
        ask(translation.get_language() or settings.LANGUAGE_CODE)
        pdf = cache.get(key)  # there already if the backend ran the task at once
    if pdf is None and wait > 0 and waiting.wait(key, wait):
        pdf = cache.get(key)
    message = cache.get(failed)
    if message is not None:
        cache.delete(failed)
        raise PrintTooLong("", message)
    return pdf


def _rendered_here(key: str, render: Callable[[], bytes]) -> bytes | None:
    """With the queue off: the PDF cached under ``key``, or ``render()`` in this request,
    when its turn comes (a process renders one PDF at a time: ``printing.pdf``); ``None``
    (on its way: the download asks again after Retry-After) when ``PDF_WAITERS`` downloads
    of this process already render or wait their turn, so that its other threads are left
    for the pages."""
    pdf = cache.get(key)
    if pdf is not None:
        return pdf
    if renders_in_line() >= max(1, settings.PDF_WAITERS):
        return None
    return render()


# --- squads' sheets and cards ---------------------------------------------------------------


@task()
def render_sheet(
    squad_id: int,
    version: int,
    language: str,
    paper: str = "a4",
    cards: bool = False,
    include_dead: bool = True,
) -> str:
    """Render a squad's PDF (by default the sheet as a download asks for it: A4, the dead
    included) into the shared cache, unless the squad changed again since (``stale``: a
    later task renders it) or is gone. A failure is remembered for the download to tell."""
    squad = Squad.objects.select_related("owner", *COSTING_RELATED).filter(pk=squad_id).first()
    if squad is None:
        return GONE
    options = {"paper": paper, "cards": cards, "include_dead": include_dead}

    def render() -> str | None:
        if squad.version != version:
            return STALE  # said like any end of a render: a download waiting for it asks anew
        stored_squad_pdf(squad, **options)
        return None

    with translation.override(language):
        return _render_into_cache(stored_squad_key(squad, **options, version=version), render)


def on_its_way(
    squad: Squad, *, paper: str = "a4", cards: bool = False, include_dead: bool = True
) -> bool:
    """Whether a download already asked the worker for this squad's PDF (``_on_its_way``)."""
    return _on_its_way(stored_squad_key(squad, paper=paper, cards=cards, include_dead=include_dead))


def squad_pdf_or_on_its_way(
    squad: Squad,
    *,
    paper: str = "a4",
    cards: bool = False,
    include_dead: bool = True,
    wait: float = 0,
) -> bytes | None:
    """The squad's PDF at its current version, or ``None`` when it is on its way.

    From the shared cache when it is there (one read). Otherwise, with the queue on, the
    render is enqueued for the worker and waited for up to ``wait`` seconds
    (``_pdf_or_on_its_way``); with the queue off it is rendered here. Raises
    ``NotPrintable`` for a game with no sheet and ``PrintTooLong`` for a render the budget
    stopped (in the worker: the message it left).
    """
    options = {"paper": paper, "cards": cards, "include_dead": include_dead}
    if not settings.PRINT_ON_QUEUE:
        return _rendered_here(
            stored_squad_key(squad, **options), lambda: stored_squad_pdf(squad, **options)[0]
        )
    if not squad.printed:  # printed from now on: its changes render it ahead
        Squad.objects.filter(pk=squad.pk).update(printed=True)
        squad.printed = True
    deadline = time.monotonic() + wait
    for _attempt in range(MOVED_ON_ATTEMPTS):
        key = stored_squad_key(squad, **options)
        pdf = cache.get(key)
        if pdf is not None:
            return pdf
        require_printing(squad.system)  # NotPrintable: no worker needed to say so
        pdf = _pdf_or_on_its_way(
            key,
            lambda language: render_sheet.using(priority=ASKED_PRIORITY).enqueue(
                squad.pk, squad.version, language, **options
            ),
            wait=max(0.0, deadline - time.monotonic()),
        )
        if pdf is not None or time.monotonic() >= deadline or not _moved_on(squad, key):
            return pdf
    return None


def _moved_on(squad: Squad, key: str) -> bool:
    """Whether the worker found the render of ``key`` stale (the squad changed again while
    the download waited: a battle confirmed on a campaign squad, an edit in another
    window); then ``squad`` is read again (its version, name and pack), for the download to
    ask for its new version. No query unless the worker said so."""
    if waiting.announced(key) != STALE:
        return False
    squad.refresh_from_db(fields=["version", "name", "pack"])
    return True


def enqueue_ahead(versions: Any, language: str, *, delay: float) -> None:
    """Renders ahead of any download (``printing.receivers``): the sheet of each
    ``(squad_id, version)``, ``delay`` seconds from now, below every render a player waits
    for (``AHEAD_PRIORITY``)."""
    later = render_sheet.using(
        priority=AHEAD_PRIORITY, run_after=timezone.now() + timedelta(seconds=delay)
    )
    for squad_id, version in versions:
        later.enqueue(squad_id, version, language)


# --- campaign reports -----------------------------------------------------------------------


@task()
def render_report(
    campaign_id: int, stamp: str, language: str, paper: str = "a4", page_url: str = ""
) -> str:
    """Render a campaign's report into the shared cache, unless the campaign changed since
    the download asked (``stale``: the next download asks for the new one) or is gone. A
    failure is remembered for the download to tell."""
    campaign = Campaign.objects.select_related("organiser").filter(pk=campaign_id).first()
    if campaign is None:
        return GONE

    def render() -> str | None:
        if selectors.report_stamp(campaign) != stamp:
            return STALE
        report.report_pdf(campaign, paper=paper, stamp=stamp, page_url=page_url)
        return None

    with translation.override(language):
        return _render_into_cache(report.report_key(campaign, stamp=stamp, paper=paper), render)


def report_on_its_way(campaign: Campaign, *, stamp: str, paper: str = "a4") -> bool:
    """Whether a download already asked the worker for this report (``_on_its_way``)."""
    return _on_its_way(report.report_key(campaign, stamp=stamp, paper=paper))


def report_pdf_or_on_its_way(
    campaign: Campaign, *, stamp: str, paper: str = "a4", page_url: str = "", wait: float = 0
) -> bytes | None:
    """The campaign's report in the state ``stamp`` (``selectors.report_stamp``), or
    ``None`` when the worker is printing it (``_pdf_or_on_its_way``, which waits up to
    ``wait`` seconds for it). With the queue off it
    is rendered here. Raises ``PrintTooLong`` for a render the budget stopped (in the
    worker: the message it left)."""
    if not settings.PRINT_ON_QUEUE:
        return _rendered_here(
            report.report_key(campaign, stamp=stamp, paper=paper),
            lambda: report.report_pdf(campaign, paper=paper, stamp=stamp, page_url=page_url),
        )
    return _pdf_or_on_its_way(
        report.report_key(campaign, stamp=stamp, paper=paper),
        lambda language: render_report.using(priority=ASKED_PRIORITY).enqueue(
            campaign.pk, stamp, language, paper=paper, page_url=page_url
        ),
        wait=wait,
    )
