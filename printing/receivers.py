"""What printing does when rosters says something changed (``rosters.signals``): the sheet of
each changed squad that was printed before is rendered ahead by the task worker
(``printing.tasks``), once the change is committed, at the version it then has, in the
language of the request that changed it. A squad nobody printed costs no task.

Renders ahead go below every render a player waits for (``printing.tasks.AHEAD_PRIORITY``).
After each render task, in the worker, its wait in the queue and its time are measured
(``measure_render``).

Connected by ``printing.apps``; the task machinery is imported, never WeasyPrint (the worker
imports it when it prints).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db import transaction
from django.dispatch import receiver
from django.utils import translation
from django_tasks.base import TaskResult
from django_tasks.signals import task_finished

from printing.tasks import ASKED_PRIORITY, FAILED, RENDERS, enqueue_ahead, record_run
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
    enqueue_ahead(versions, language, delay=settings.PRERENDER_DELAY_SECONDS)


@receiver(task_finished, dispatch_uid="printing.queue_wait")
def measure_render(sender: Any, *, task_result: TaskResult, **kwargs: Any) -> None:
    """In the worker, after each render task: its wait in the queue and its time
    (``printing.tasks.record_run``: logged, and shown by ``/healthz``)."""
    task = task_result.task
    started, finished = task_result.started_at, task_result.finished_at
    if task.module_path not in RENDERS or started is None or finished is None:
        return
    ready = task_result.enqueued_at or started
    if task.run_after is not None and task.run_after < started:
        ready = max(ready, task.run_after)
    outcome = task_result.return_value if task_result.status == "SUCCESSFUL" else FAILED
    record_run(
        kind="asked" if task.priority >= ASKED_PRIORITY else "ahead",
        outcome=str(outcome),
        ready_at=ready,
        started_at=started,
        finished_at=finished,
    )
