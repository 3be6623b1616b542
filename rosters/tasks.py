"""Work done off the request path, on the task queue (django-tasks; settings ``TASKS``).

A squad's PDFs are rendered by the task worker, never in a web request (with the queue on,
``settings.PRINT_ON_QUEUE``):

- **Ahead.** Each time a squad that was printed before (``Squad.printed``, set by its first
  download) changes, ``rosters.services`` calls ``sheet_ahead`` once the edit is committed:
  it enqueues ``render_sheet`` a moment later (``PRERENDER_DELAY_SECONDS``) for the version
  it saw, so that the download that follows an edit is served from the cache every process
  shares. A burst of edits enqueues one task each, but only the one that still sees its
  version renders: the others find a newer version and stop (the debounce). A squad nobody
  has printed costs the worker nothing, and its edits no task.
- **On demand.** A download that finds no PDF in the cache (``squad_pdf_or_on_its_way``)
  enqueues its render at once, unless one is already on its way, and answers that it is
  coming (the page polls with htmx, the API answers 202 with where to fetch it).

The render runs in the worker under the print budget (``rosters.print_engine``), like any
other; a render stopped by the budget is remembered until a download has said why (instead of
waiting for ever); the download after that asks again. With the queue off (``TASK_QUEUE=off``)
a download renders in its request.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext
from django_tasks import task

from rosters.models import Squad
from rosters.pdf import (
    NotPrintable,
    PrintTooLong,
    require_printing,
    stored_squad_key,
    stored_squad_pdf,
)

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


def _marks(key: str) -> tuple[str, str]:
    return f"on-its-way:{key}", f"failed:{key}"


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
    with translation.override(language):
        on_its_way, failed = _marks(stored_squad_key(squad, **options))
        try:
            stored_squad_pdf(squad, **options)
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
    return RENDERED


def on_its_way(
    squad: Squad, *, paper: str = "a4", cards: bool = False, include_dead: bool = True
) -> bool:
    """Whether a download already asked the worker for this PDF, which is not there yet: a
    request that asks again costs nothing (no render, no count against the PDF limit)."""
    if not settings.PRINT_ON_QUEUE:
        return False
    key = stored_squad_key(squad, paper=paper, cards=cards, include_dead=include_dead)
    return cache.get(_marks(key)[0]) is not None and cache.get(key) is None


def squad_pdf_or_on_its_way(
    squad: Squad, *, paper: str = "a4", cards: bool = False, include_dead: bool = True
) -> bytes | None:
    """The squad's PDF at its current version, or ``None`` when it is on its way.

    From the shared cache when it is there. Otherwise, with the queue on, the render is
    enqueued for the worker (once: a download that finds it already on its way waits for
    it) and ``None`` returned, unless the render was immediate (a backend that runs tasks
    at once, as the tests' does); with the queue off it is rendered here. Raises
    ``NotPrintable`` for a game with no sheet and ``PrintTooLong`` for a render the budget
    stopped (in the worker: the message it left).
    """
    options = {"paper": paper, "cards": cards, "include_dead": include_dead}
    if not settings.PRINT_ON_QUEUE:
        return stored_squad_pdf(squad, **options)[0]
    if not squad.printed:  # printed from now on: its changes render it ahead
        Squad.objects.filter(pk=squad.pk).update(printed=True)
        squad.printed = True
    key = stored_squad_key(squad, **options)
    pdf = cache.get(key)
    if pdf is not None:
        return pdf
    require_printing(squad.system)  # NotPrintable: no worker needed to say so
    on_its_way, failed = _marks(key)
    if cache.get(failed) is None and cache.add(on_its_way, True, ON_ITS_WAY_SECONDS):
        render_sheet.using(priority=ASKED_PRIORITY).enqueue(
            squad.pk, squad.version, translation.get_language() or settings.LANGUAGE_CODE,
            **options,
        )  # fmt: skip
        pdf = cache.get(key)  # there already if the backend ran the task at once
    message = cache.get(failed)
    if message is not None:  # said once: the next download asks the worker again
        cache.delete(failed)
        raise PrintTooLong("", message)
    return pdf


def sheet_ahead(squad_ids: list[int]) -> None:
    """Once the current transaction commits, enqueue a render of the sheet of each squad
    that was printed before, at the version it then has, in the language of the request
    that changed it."""
    if not settings.PRERENDER_SHEETS or not squad_ids:
        return
    language = translation.get_language() or settings.LANGUAGE_CODE

    def enqueue() -> None:
        printed = Squad.objects.filter(pk__in=squad_ids, printed=True)
        _enqueue_ahead(printed.values_list("pk", "version"), language)

    transaction.on_commit(enqueue)


def sheet_ahead_of(squad: Squad) -> None:
    """``sheet_ahead`` for a squad whose ``version`` and ``printed`` were just read (under
    its lock): no query, and no task at all when it was never printed."""
    if not settings.PRERENDER_SHEETS or not squad.printed:
        return
    language = translation.get_language() or settings.LANGUAGE_CODE
    versions = [(squad.pk, squad.version)]
    transaction.on_commit(lambda: _enqueue_ahead(versions, language))


def _enqueue_ahead(versions: Iterable[tuple[int, int]], language: str) -> None:
    run_after = timezone.now() + timedelta(seconds=settings.PRERENDER_DELAY_SECONDS)
    later = render_sheet.using(run_after=run_after)
    for squad_id, version in versions:
        later.enqueue(squad_id, version, language)
