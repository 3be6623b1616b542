"""Django's cached database sessions (read from the cache, written through to the database),
an existing session saved in one UPDATE (``core.sessions``)."""

from django.contrib.sessions.backends.cached_db import SessionStore as CachedStore

from core.sessions import OneStatementSave


class SessionStore(CachedStore, OneStatementSave):
    """``CachedStore.save`` writes to the database through ``OneStatementSave.save``, then
    to the cache."""
