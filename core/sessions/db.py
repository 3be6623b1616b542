"""Django's database sessions, an existing session saved in one UPDATE (``core.sessions``)."""

from core.sessions import OneStatementSave


class SessionStore(OneStatementSave):
    pass
