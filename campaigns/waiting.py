"""The header's badge: how many battle reports wait for a user's confirmation.

Every page shows it, so its count is kept in the default cache (the processes share it:
Redis under ``make serve``, files under ``make run``) and costs one query only when the cache
has none. The services forget a user's count whenever a report they may decide is sent or
decided, or they leave a campaign; the timeout covers any write made elsewhere (the admin).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.cache import cache
from django.db import transaction

from campaigns import selectors

SECONDS = 5 * 60


def _key(user_id: int) -> str:
    return f"campaigns:waiting:{user_id}"


def count(user: Any) -> int:
    """The reports ``user`` may confirm now (``selectors.waiting``): 0 or 1 query."""
    key = _key(user.pk)
    found = cache.get(key)
    if found is None:
        found = selectors.waiting(user).count()
        cache.set(key, found, SECONDS)
    return found


def forget(user_ids: Iterable[int | None]) -> None:
    """Count again for these users: now, for what this transaction reads next, and once it
    commits, since a request that read the rows before the commit may have kept the old
    count meanwhile."""
    keys = [_key(pk) for pk in set(user_ids) if pk is not None]
    if keys:
        cache.delete_many(keys)
        transaction.on_commit(lambda: cache.delete_many(keys))
