"""Reading the settings from the environment: yes/no flags and the database's URL
(``config/settings.py``)."""

import os
from pathlib import Path
from typing import Any

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool) -> bool:
    """A yes/no setting: ``1``, ``true`` or ``yes`` (any case) is yes; unset, the default."""
    value = os.environ.get(name)
    return default if value is None else value.strip().lower() in ("1", "true", "yes")


# WAL lets readers work while one request writes; IMMEDIATE takes the write lock when a
# transaction begins, so two writers wait (busy_timeout) instead of failing with
# "database is locked" half-way through.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "init_command": (
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=5000;"
    ),
}


def database_config(url: str | None) -> dict[str, Any]:
    """The default database for a DATABASE_URL; no URL means db.sqlite3 in BASE_DIR."""
    config = dj_database_url.parse(url or f"sqlite:///{BASE_DIR / 'db.sqlite3'}")
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = {**config.get("OPTIONS", {}), **SQLITE_OPTIONS}
    return config
