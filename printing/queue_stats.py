"""The print queue's words and figures: what a render's end says (``STALE``, ``RENDERED``…),
the priorities of a render a player waits for and of a render ahead, and how long a render
waits in the queue and takes, measured by the workers (``record_run``), read back by the
downloads' ``Retry-After`` (``retry_after``) and by ``/healthz`` (``queue_health``).
``printing.tasks`` re-exports every name: its callers read them there."""

from __future__ import annotations

import logging
import math
from datetime import datetime
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db.models import Count, Min, Q
from django.utils import timezone

from printing import waiting
from printing.pdf import render_seconds_here, renders_in_line

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
AHEAD_PRIORITY = -10

log = logging.getLogger("printing.tasks")  # the queue's log, as before the split

# --- how long a render takes, how long it waits: measured by the worker ----------------------

STATS_KEY = "printing:queue-stats"
RENDERS = (
    "printing.tasks.render_sheet", "printing.tasks.render_report", "printing.book.render_book",
)  # fmt: skip
DEFAULT_RENDER_SECONDS = 1.0  # until a worker has measured one
LATEST_WEIGHT = 0.2  # each new measure's share of the running averages
LONGEST_RETRY_AFTER = 30


def record_run(
    *, kind: str, outcome: str, ready_at: datetime, started_at: datetime, finished_at: datetime
) -> dict[str, float]:
    """In the worker, after a render task: its wait in the queue (from when it could run to
    when a worker took it) and its time, logged and folded into the running averages that
    ``retry_after`` and ``/healthz`` read (shared cache). ``kind``: ``asked`` or ``ahead``."""
    waited = max(0.0, (started_at - ready_at).total_seconds())
    took = max(0.0, (finished_at - started_at).total_seconds())
    stats = cache.get(STATS_KEY) or {}
    averages = stats.get(kind, {})
    for name, value in (("wait_seconds", waited), ("render_seconds", took)):
        if name == "render_seconds" and outcome != RENDERED:
            continue  # a stale or failed render says nothing of a render's time
        old = averages.get(name)
        averages[name] = value if old is None else old + LATEST_WEIGHT * (value - old)
    averages["count"] = averages.get("count", 0) + 1
    stats[kind] = averages
    cache.set(STATS_KEY, stats, None)
    log.info("render (%s) waited %.2f s in the queue, took %.2f s: %s", kind, waited, took, outcome)
    return {"waited": waited, "took": took}


def render_seconds() -> float:
    """The time of a render, as the workers measured it lately (asked-for ones first)."""
    stats = cache.get(STATS_KEY) or {}
    for kind in ("asked", "ahead"):
        seconds = stats.get(kind, {}).get("render_seconds")
        if seconds:
            return seconds
    return DEFAULT_RENDER_SECONDS


def _queue_counts() -> dict[str, Any]:
    from django_tasks_db.models import DBTaskResult

    return DBTaskResult.objects.filter(task_path__in=RENDERS).aggregate(
        waiting=Count("pk", filter=Q(status="READY", priority__gte=ASKED_PRIORITY)),
        running=Count("pk", filter=Q(status="RUNNING")),
        oldest=Min("enqueued_at", filter=Q(status="READY", priority__gte=ASKED_PRIORITY)),
    )


def retry_after(*, wait: float = 0) -> int:
    """Seconds before asking again for a PDF asked for now: when it is likely stored (the
    renders players wait for that are still in the queue, shared among the workers rendering
    now, plus one render, each as long as the workers measured lately: ``render_seconds``),
    less the ``wait`` the next request will do for it (on Redis: ``printing.waiting.wait``),
    so that it is waiting when the PDF comes. One query. With the queue off: the renders in
    line in this process and its own, as long as its renders lately (no wait to take off)."""
    seconds = render_seconds()
    if not settings.PRINT_ON_QUEUE:  # rendered in the requests, one at a time per process
        seconds = (render_seconds_here() or seconds) * (1 + renders_in_line())
        return max(1, min(LONGEST_RETRY_AFTER, math.ceil(seconds)))
    if settings.TASK_QUEUE == "database":
        counts = _queue_counts()
        seconds *= 1 + counts["waiting"] / max(1, counts["running"])
    if wait > 0 and waiting.redis_client() is not None and settings.PDF_WAITERS > 0:
        seconds -= min(wait, settings.PDF_WAIT_SECONDS)
    return max(1, min(LONGEST_RETRY_AFTER, math.ceil(seconds)))


def queue_health() -> dict[str, Any]:
    """For ``/healthz``: the renders players wait for, still in the queue now, and how long
    the oldest has waited; the workers' running averages of a render's wait in the queue
    and of its time, for renders asked for and renders ahead."""
    health: dict[str, Any] = {}
    if settings.TASK_QUEUE == "database":
        counts = _queue_counts()
        oldest = counts["oldest"]
        health["asked_waiting"] = counts["waiting"]
        health["renders_running"] = counts["running"]
        health["oldest_wait_seconds"] = (
            round((timezone.now() - oldest).total_seconds(), 2) if oldest else 0.0
        )
    stats = cache.get(STATS_KEY) or {}
    for kind in ("asked", "ahead"):
        averages = stats.get(kind, {})
        for name in ("wait_seconds", "render_seconds"):
            if averages.get(name) is not None:
                health[f"{kind}_{name}"] = round(averages[name], 3)
    return health
