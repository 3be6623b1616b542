"""The cache every worker shares (throttle and limit counts): the database's table, which
every ``migrate`` creates; the PDFs keep their per-process cache."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.cache import cache, caches
from django.core.management.sql import emit_post_migrate_signal
from django.db import connection

pytestmark = pytest.mark.django_db

TABLE = "shared_cache"  # settings.CACHES[settings.SHARED_CACHE]["LOCATION"]


def tables() -> list[str]:
    return connection.introspection.table_names()


def test_the_shared_cache_is_the_database_and_the_pdfs_keep_theirs():
    assert settings.CACHES[settings.SHARED_CACHE]["BACKEND"].endswith(".db.DatabaseCache")
    assert settings.CACHES["default"]["BACKEND"].endswith(".locmem.LocMemCache")
    assert settings.RATELIMIT_USE_CACHE == settings.SHARED_CACHE

    caches[settings.SHARED_CACHE].set("answer", 42)

    assert caches[settings.SHARED_CACHE].get("answer") == 42
    assert cache.get("answer") is None


def test_migrate_creates_the_cache_table():
    assert settings.CACHES[settings.SHARED_CACHE]["LOCATION"] == TABLE
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE {connection.ops.quote_name(TABLE)}")
    assert TABLE not in tables()

    emit_post_migrate_signal(verbosity=0, interactive=False, db="default")

    assert TABLE in tables()
