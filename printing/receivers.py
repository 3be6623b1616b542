"""What printing does when rosters says something changed (``rosters.signals``): the sheet of
each changed squad that was printed before is rendered ahead by the task worker
(``printing.tasks``), once the change is committed, at the version it then has, in the
language of the request that changed it. A squad nobody printed costs no task.

Connected by ``printing.apps``; the task machinery is imported, never WeasyPrint (the worker
imports it when it prints).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.dispatch import receiver
from django.utils import timezone, translation

from printing.tasks import render_sheet
from rosters.models import Squad
from rosters.signals import squads_changed


@receiver(squads_changed, dispatch_uid="printing.sheet_ahead")
def sheet_ahead(
    sender: Any, *, squad_ids: list[int], squad: Squad | None = None, **kwargs: Any
) -> None:
    """Enqueue, on commit, the render of the sheet of each squad of ``squad_ids`` that was
    printed before. Given ``squad`` (one squad whose ``version`` and ``printed`` were just
    read under its lock), no query, and no task at all when it was never printed."""
    if not settings.PRERENDER_SHEETS or not squad_ids:
        return
    language = translation.get_language() or settings.LANGUAGE_CODE
    if squad is not None:
        if squad.printed:
            versions = [(squad.pk, squad.version)]
            transaction.on_commit(lambda: _enqueue_ahead(versions, language))
        return

    def enqueue() -> None:
        printed = Squad.objects.filter(pk__in=squad_ids, printed=True)
        _enqueue_ahead(printed.values_list("pk", "version"), language)

    transaction.on_commit(enqueue)


def _enqueue_ahead(versions: Iterable[tuple[int, int]], language: str) -> None:
    run_after = timezone.now() + timedelta(seconds=settings.PRERENDER_DELAY_SECONDS)
    later = render_sheet.using(run_after=run_after)
    for squad_id, version in versions:
        later.enqueue(squad_id, version, language)
