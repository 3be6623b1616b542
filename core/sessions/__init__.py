"""The session engines: Django's database ones, whose save of a session that exists already is
its one UPDATE.

Django wraps every save in a transaction, which an UPDATE of one row does not need (the
statement is atomic by itself; the transaction serves a new session's INSERT, whose clash
with another it turns into ``CreateError``): ``BEGIN`` and ``COMMIT`` (a savepoint and its
release inside a transaction) cost two statements more on every request that changes its
session, such as each edit in the builder, which keeps its undo step there (issue #29: a
builder edit in at most 10 queries). ``core.sessions.db`` without Redis,
``core.sessions.cached_db`` with it (read from Redis, written through to the database).
"""

from __future__ import annotations

from django.contrib.sessions.backends.base import UpdateError
from django.contrib.sessions.backends.db import SessionStore as DatabaseStore
from django.db import DatabaseError, router


class OneStatementSave(DatabaseStore):
    """A database session whose update is one UPDATE, with no transaction around it."""

    def save(self, must_create: bool = False) -> None:
        if must_create or self.session_key is None:
            super().save(must_create=must_create)  # a new session: Django's own, in a transaction
            return
        data = self._get_session()
        model = self.model
        using = router.db_for_write(model)
        try:
            updated = (
                model.objects.using(using)
                .filter(session_key=self.session_key)
                .update(session_data=self.encode(data), expire_date=self.get_expiry_date())
            )
        except DatabaseError:
            raise UpdateError from None
        if not updated:  # deleted meanwhile (a log-out in another tab): as Django says it
            raise UpdateError
