"""Work done off the request path, on the task queue (django-tasks; settings ``TASKS``).

A squad's sheet is rendered ahead each time the squad changes, so that the download that
follows an edit is served from the cache every process shares instead of waiting on
WeasyPrint. ``sheet_ahead`` is called by ``rosters.services`` once an edit is committed: it
enqueues ``render_sheet`` a moment later (``PRERENDER_DELAY_SECONDS``), carrying the version
it saw. A burst of edits enqueues one task each, but only the one that still sees its
version renders: the others find a newer version and stop (the debounce). The render runs
in the worker under the print budget (``rosters.print_engine``), like any other.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation
from django_tasks import task

from rosters.models import Squad
from rosters.pdf import NotPrintable, stored_squad_pdf

STALE, GONE, RENDERED, NOT_PRINTABLE = "stale", "gone", "rendered", "not printable"


@task()
def render_sheet(squad_id: int, version: int, language: str) -> str:
    """Render the squad's sheet (A4, as a download asks by default) into the shared cache,
    unless the squad changed again since (``stale``: a later task renders it) or is gone."""
    squad = Squad.objects.select_related("owner").filter(pk=squad_id).first()
    if squad is None:
        return GONE
    if squad.version != version:
        return STALE
    try:
        with translation.override(language):
            stored_squad_pdf(squad)
    except NotPrintable:  # a game with no sheet
        return NOT_PRINTABLE
    return RENDERED


def sheet_ahead(squad_ids: list[int]) -> None:
    """Once the current transaction commits, enqueue a render of each squad's sheet at the
    version it then has, in the language of the request that changed it."""
    if not settings.PRERENDER_SHEETS or not squad_ids:
        return
    language = translation.get_language() or settings.LANGUAGE_CODE

    def enqueue() -> None:
        run_after = timezone.now() + timedelta(seconds=settings.PRERENDER_DELAY_SECONDS)
        later = render_sheet.using(run_after=run_after)
        for squad_id, version in Squad.objects.filter(pk__in=squad_ids).values_list(
            "pk", "version"
        ):
            later.enqueue(squad_id, version, language)

    transaction.on_commit(enqueue)
