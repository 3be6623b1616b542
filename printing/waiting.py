"""Waiting for a render: Redis tells the web worker when the PDF is stored (issue #32).

The task worker, once a render is over (the PDF stored in the shared cache, or why not left
there), writes one entry on a Redis stream of that PDF's own (``announce``); a download
waiting for it (``wait``: a thread of its web worker blocked on Redis, holding no CPU, never
more of them than ``PDF_WAITERS`` per process) wakes up at once and answers with the PDF.
Without Redis (``make run``'s files, the tests' memory) nothing is announced or waited for:
the download answers that the PDF is on its way. ``wait_seconds`` reads how long a client
is willing to wait (``Prefer``, RFC 7240). Used by ``printing.tasks``, which asks for the
renders and says when to ask again.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from django.conf import settings
from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCache

log = logging.getLogger(__name__)

# An announcement is kept as long as a render asked for is "on its way"
# (``printing.tasks.ON_ITS_WAY_SECONDS``): a download that comes later still finds it.
ANNOUNCED_SECONDS = 60

# A request waits for its PDF in a thread of its web worker (gunicorn's gthread), never in
# more than PDF_WAITERS threads of a process at once: the others are left for the pages.
_waiters_lock = threading.Lock()
_waiters: dict[int, threading.BoundedSemaphore] = {}


def redis_client() -> Any:
    """The Redis client behind the PDF cache, or ``None`` when the cache is not Redis
    (``make run``'s files, the tests' memory): then nothing is announced or waited for."""
    pdfs = caches["default"]
    if not isinstance(pdfs, RedisCache):
        return None
    return pdfs._cache.get_client(write=True)


def _stream(key: str) -> str:
    return cache.make_key(f"stored:{key}")


def announce(key: str, outcome: str) -> None:
    """In the worker, once the render of ``key`` is over (the PDF stored, or why not left in
    the cache): one entry on a Redis stream of its own, which every request waiting for it
    reads at once (``wait``), and any that comes later finds there."""
    client = redis_client()
    if client is None:
        return
    try:
        stream = _stream(key)
        with client.pipeline() as pipe:
            pipe.xadd(stream, {"outcome": outcome}, maxlen=1)
            pipe.expire(stream, ANNOUNCED_SECONDS)
            pipe.execute()
    except Exception:  # the waiting requests ask again after their wait: nothing is lost
        log.exception("could not announce the render of %s", key)


def announced(key: str) -> str | None:
    """How the latest render of ``key`` ended, as the worker announced it (``None``: not
    announced, or no Redis)."""
    client = redis_client()
    if client is None:
        return None
    try:
        entries = client.xrevrange(_stream(key), count=1)
    except Exception:  # the download answers 202 and is asked again
        log.exception("could not read how the render of %s ended", key)
        return None
    if not entries:
        return None
    outcome = entries[0][1].get(b"outcome")
    return outcome.decode() if outcome is not None else None


def forget_announcement(key: str) -> None:
    """Before a new render of ``key`` is asked for: an earlier render's entry says nothing
    of this one."""
    client = redis_client()
    if client is not None:
        client.delete(_stream(key))


def _slots() -> threading.BoundedSemaphore:
    with _waiters_lock:
        count = settings.PDF_WAITERS
        if count not in _waiters:
            _waiters[count] = threading.BoundedSemaphore(count)
        return _waiters[count]


_waiting_clients: dict[tuple[str, float], Any] = {}


def _waiting_client() -> Any:
    """A Redis client of the PDF cache's server whose reads outlast the longest wait (the
    cache's own give up after a few seconds): one per process, its connections pooled."""
    location = settings.CACHES["default"]["LOCATION"]
    timeout = settings.PDF_WAIT_SECONDS + 5
    with _waiters_lock:
        if (location, timeout) not in _waiting_clients:
            import redis

            _waiting_clients[(location, timeout)] = redis.Redis.from_url(
                location, socket_timeout=timeout
            )
        return _waiting_clients[(location, timeout)]


def wait(key: str, seconds: float) -> bool:
    """Wait (blocking on Redis, holding a thread and no CPU) up to ``seconds`` for the
    worker to announce the end of the render of ``key``. False at once when there is no
    Redis or no thread to spare (``PDF_WAITERS``), or at the end of the wait."""
    if redis_client() is None or settings.PDF_WAITERS <= 0:
        return False
    slots = _slots()
    if not slots.acquire(blocking=False):
        return False
    try:
        block = max(1, int(min(seconds, settings.PDF_WAIT_SECONDS) * 1000))
        return bool(_waiting_client().xread({_stream(key): "0-0"}, count=1, block=block))
    except Exception:  # Redis gone: the download answers 202 and is asked again
        log.exception("could not wait for the render of %s", key)
        return False
    finally:
        slots.release()


def wait_seconds(prefer: str | None) -> float:
    """How long a download waits for its PDF: ``PDF_WAIT_SECONDS``, or less when the client
    says so in a ``Prefer`` header (RFC 7240): ``respond-async`` (no wait: 202 at once) or
    ``wait=N``."""
    longest = settings.PDF_WAIT_SECONDS
    for preference in (prefer or "").lower().replace(" ", "").split(","):
        name, _equals, value = preference.partition("=")
        if name == "respond-async":
            return 0
        if name == "wait" and value.isdigit():
            longest = min(longest, int(value))
    return longest
