"""Running the migrations to a given state in a test, and back to the latest after it."""

from __future__ import annotations

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets):
    """The database at ``targets`` (``[(app, migration)]``); the apps as they were there."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def latest():
    """Every app's last migration."""
    return MigrationExecutor(connection).loader.graph.leaf_nodes()
