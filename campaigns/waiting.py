"""The header's list of what waits for a user: the battle reports they may confirm, and their
tables in a published round with no battle reported yet.

Every page shows its count, so the counts are kept in the default cache (the processes share
it: Redis under ``make serve``, files under ``make run``) and cost one query only when the
cache has none. The services forget a user's counts whenever a report they may decide is sent
or decided, a round they sit in is published or closed, a battle of theirs is voided, or they
leave a campaign; the timeout covers any write made elsewhere (the admin).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.db.models import F, Func, IntegerField, QuerySet, Subquery

from campaigns import selectors
from campaigns.models import Round, Seat

SECONDS = 5 * 60


class Waiting(NamedTuple):
    reports: int  # reports to confirm or reject (``selectors.waiting``)
    tables: int  # tables to play (``selectors.tables_to_play``)

    @property
    def total(self) -> int:
        return self.reports + self.tables


def _key(user_id: int) -> str:
    return f"campaigns:waiting:v2:{user_id}"


def _count(queryset: QuerySet) -> Subquery:
    """``SELECT COUNT(*)`` of ``queryset``, as a subquery (no GROUP BY)."""
    counted = queryset.order_by().annotate(n=Func(F("pk"), function="COUNT")).values("n")
    return Subquery(counted, output_field=IntegerField())


def counts(user: Any) -> Waiting:
    """What waits for ``user``: 0 or 1 query."""
    key = _key(user.pk)
    found = cache.get(key)
    if found is None:
        found = (
            get_user_model()
            .objects.filter(pk=user.pk)
            .values_list(_count(selectors.waiting(user)), _count(selectors.tables_to_play(user)))
            .first()
        ) or (0, 0)
        cache.set(key, tuple(found), SECONDS)
    return Waiting(*found)


def count(user: Any) -> int:
    """How many things wait for ``user`` (``counts``)."""
    return counts(user).total


def forget(user_ids: Iterable[int | None]) -> None:
    """Count again for these users: now, for what this transaction reads next, and once it
    commits, since a request that read the rows before the commit may have kept the old
    count meanwhile."""
    keys = [_key(pk) for pk in set(user_ids) if pk is not None]
    if keys:
        cache.delete_many(keys)
        transaction.on_commit(lambda: cache.delete_many(keys))


def forget_round(round: Round) -> None:
    """Count again for every player seated in ``round`` (1 query)."""
    forget(Seat.objects.filter(round=round).values_list("entry__player_id", flat=True))
