"""Work done off the request path, on the task queue (django-tasks; settings ``TASKS``).

A squad's PDFs are rendered by the task worker, never in a web request (with the queue on,
``settings.PRINT_ON_QUEUE``):

- **Ahead.** Each time a squad that was printed before (``Squad.printed``, set by its first
  download) changes, ``rosters`` says so (``rosters.signals.squads_changed``) and, once the
  change is committed, ``printing.receivers`` enqueues ``render_sheet`` a moment later
  (``PRERENDER_DELAY_SECONDS``) for the version it saw, so that the download that follows an
  edit is served from the cache every process shares. A burst of edits enqueues one task
  each, but only the one that still sees its version renders: the others find a newer
  version and stop (the debounce). A squad nobody has printed costs the worker nothing, and
  its edits no task.
- **On demand.** A download that finds no PDF in the cache (``squad_pdf_or_on_its_way``)
  enqueues its render at once, unless one is already on its way, and answers that it is
  coming (the page polls with htmx, the API answers 202 with where to fetch it).

A campaign's report (``render_report``) is printed on demand the same way, through the same
machinery (``_pdf_or_on_its_way`` asks, ``_render_into_cache`` renders); it is never printed
ahead: its key is the campaign's state (``selectors.report_stamp``), which any change moves on.

The render runs in the worker under the print budget (``printing.engine``), like any
other; a render stopped by the budget is remembered until a download has said why (instead of
waiting for ever); the download after that asks again. With the queue off (``TASK_QUEUE=off``)
a download renders in its request.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.utils import translation
from django.utils.translation import gettext
from django_tasks import task

from campaigns import selectors
from campaigns.models import Campaign
from printing import report
from printing.pdf import (
    NotPrintable,
    PrintTooLong,
    require_printing,
    stored_squad_key,
    stored_squad_pdf,
)
from rosters.models import Squad

STALE, GONE, RENDERED, NOT_PRINTABLE, FAILED = (
    "stale",
    "gone",
    "rendered",
    "not printable",
    "failed",
)

# A render a player waits for runs before the renders ahead (the worker takes the highest
# priority first; among equals, the earliest run_after, and an immediate task has none).
ASKED_PRIORITY = 10
# A render asked for by a download is "on its way" this long: past it, if no worker took it
# (none runs, or it died), the next download asks again.
ON_ITS_WAY_SECONDS = 60
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
    try:
        return render() or RENDERED
    except NotPrintable:  # a game with no sheet
        return NOT_PRINTABLE
    except PrintTooLong as error:
        cache.set(failed, error.message, FAILED_SECONDS)
        return FAILED
    except Exception:
        cache.set(failed, gettext("This PDF could not be printed."), ON_ITS_WAY_SECONDS)
        raise
    finally:
        cache.delete(on_its_way)


def _on_its_way(key: str) -> bool:
    """Whether a download already asked the worker for the PDF cached under ``key``, which
    is not there yet: a request that asks again costs nothing (no render, no count against
    the PDF limit)."""
    if not settings.PRINT_ON_QUEUE:
        return False
    return cache.get(_marks(key)[0]) is not None and cache.get(key) is None


def _pdf_or_on_its_way(key: str, ask: Callable[[str], object]) -> bytes | None:
    """The PDF cached under ``key``, or ``None`` when it is on its way: the render is asked
    of the worker (``ask(language)`` enqueues it) once, unless one is already on its way or
    the backend ran it at once (the tests' immediate backend). Raises ``PrintTooLong`` for a
    render the budget stopped in the worker, with the message it left (said once: the next
    download asks the worker again)."""
    pdf = cache.get(key)
    if pdf is not None:
        return pdf
    on_its_way, failed = _marks(key)
    if cache.get(failed) is None and cache.add(on_its_way, True, ON_ITS_WAY_SECONDS):
        ask(translation.get_language() or settings.LANGUAGE_CODE)
        pdf = cache.get(key)  # there already if the backend ran the task at once
    message = cache.get(failed)
    if message is not None:
        cache.delete(failed)
        raise PrintTooLong("", message)
    return pdf


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
    squad = Squad.objects.select_related("owner").filter(pk=squad_id).first()
    if squad is None:
        return GONE
    if squad.version != version:
        return STALE
    options = {"paper": paper, "cards": cards, "include_dead": include_dead}

    def render() -> None:
        stored_squad_pdf(squad, **options)

    with translation.override(language):
        return _render_into_cache(stored_squad_key(squad, **options), render)


def on_its_way(
    squad: Squad, *, paper: str = "a4", cards: bool = False, include_dead: bool = True
) -> bool:
    """Whether a download already asked the worker for this squad's PDF (``_on_its_way``)."""
    return _on_its_way(stored_squad_key(squad, paper=paper, cards=cards, include_dead=include_dead))


def squad_pdf_or_on_its_way(
    squad: Squad, *, paper: str = "a4", cards: bool = False, include_dead: bool = True
) -> bytes | None:
    """The squad's PDF at its current version, or ``None`` when it is on its way.

    From the shared cache when it is there. Otherwise, with the queue on, the render is
    enqueued for the worker (``_pdf_or_on_its_way``); with the queue off it is rendered
    here. Raises ``NotPrintable`` for a game with no sheet and ``PrintTooLong`` for a render
    the budget stopped (in the worker: the message it left).
    """
    options = {"paper": paper, "cards": cards, "include_dead": include_dead}
    if not settings.PRINT_ON_QUEUE:
        return stored_squad_pdf(squad, **options)[0]
    if not squad.printed:  # printed from now on: its changes render it ahead
        Squad.objects.filter(pk=squad.pk).update(printed=True)
        squad.printed = True
    key = stored_squad_key(squad, **options)
    if cache.get(key) is None:
        require_printing(squad.system)  # NotPrintable: no worker needed to say so
    return _pdf_or_on_its_way(
        key,
        lambda language: render_sheet.using(priority=ASKED_PRIORITY).enqueue(
            squad.pk, squad.version, language, **options
        ),
    )


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
    campaign: Campaign, *, stamp: str, paper: str = "a4", page_url: str = ""
) -> bytes | None:
    """The campaign's report in the state ``stamp`` (``selectors.report_stamp``), or
    ``None`` when the worker is printing it (``_pdf_or_on_its_way``). With the queue off it
    is rendered here. Raises ``PrintTooLong`` for a render the budget stopped (in the
    worker: the message it left)."""
    if not settings.PRINT_ON_QUEUE:
        return report.report_pdf(campaign, paper=paper, stamp=stamp, page_url=page_url)
    return _pdf_or_on_its_way(
        report.report_key(campaign, stamp=stamp, paper=paper),
        lambda language: render_report.using(priority=ASKED_PRIORITY).enqueue(
            campaign.pk, stamp, language, paper=paper, page_url=page_url
        ),
    )
