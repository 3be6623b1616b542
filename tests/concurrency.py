"""Real concurrent transactions for the tests: ``race`` and the ``shared_database`` fixture.

Each call of ``race`` runs in its own thread, so on its own database connection, and the
threads start together at a ``threading.Barrier``; each closes its connection when it is
done. Tests that race must be transactional (``django_db(transaction=True)``): what a thread
commits is what the others see, as in production.

The database: on PostgreSQL (``DATABASE_URL=postgres://...``), pytest-django's test
database as it is. On SQLite, pytest-django's test database is in memory
(``file:memorydb_default?mode=memory&cache=shared``): other connections can open it only in
shared-cache mode, where a writer locks whole tables and a waiting connection fails at once
("database table is locked") instead of waiting out ``busy_timeout``, and there is no WAL,
so it is not what production runs. Its name cannot be changed for one module: pytest-django
creates the test database once per session. Instead, ``shared_database`` (import it into a
test module, where it is autouse), for each test: copies the migrated in-memory test
database into a file in ``tmp_path`` (``sqlite3`` backup, the way Django clones test
databases), points the ``default`` connection settings at that file (threads open their
connections from those settings, with the project's OPTIONS: WAL, IMMEDIATE transactions,
busy_timeout 5000 ms), and puts the in-memory database back afterwards.
"""

import sqlite3
import threading

import pytest
from django.db import connections

START_TIMEOUT = 30  # seconds for every thread to reach the barrier or finish


@pytest.fixture(autouse=True)
def shared_database(transactional_db, tmp_path):
    """The ``default`` database in a file every thread can open (SQLite); nothing to do for
    a database server."""
    memory = connections["default"]
    if memory.vendor != "sqlite":
        yield
        return
    memory.ensure_connection()
    path = tmp_path / "concurrency.sqlite3"
    target = sqlite3.connect(path)
    memory.connection.backup(target)
    target.close()
    in_memory = connections.settings["default"]
    connections.settings["default"] = {**in_memory, "NAME": str(path)}
    connections["default"] = connections.create_connection("default")
    try:
        yield
    finally:
        connections["default"].close()
        connections["default"] = memory
        connections.settings["default"] = in_memory


def race(*calls, reraise: bool = True):
    """Run each call in its own thread, released together; their results, in order.

    An exception raised in a thread is raised again here (the first one), so that, say, a
    "database is locked" error fails the test with its own message; with ``reraise=False``
    the exception takes the call's place in the results instead.
    """
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)
    errors: list = [None] * len(calls)

    def run(i, call):
        try:
            barrier.wait(START_TIMEOUT)
            results[i] = call()
        except BaseException as error:  # noqa: BLE001 - handed to the main thread
            errors[i] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(START_TIMEOUT * 4)
    assert not any(thread.is_alive() for thread in threads), "a thread is stuck"
    for i, error in enumerate(errors):
        if error is not None:
            if reraise:
                raise error
            results[i] = error
    return results
