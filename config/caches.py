"""The caches (``config/settings.py``'s ``CACHES``): the PDFs, the limits' shared counts and
the rendered parts of pages, with or without a Redis server."""

from typing import Any


def shared_cache_config() -> dict[str, Any]:
    """The one store that every worker process shares, for counts that must add up across
    them (API throttles, log-in, sign-up and PDF limits): the database's table for now,
    created by every ``migrate`` (accounts/apps.py). Its timeout outlives the longest limit
    window, since the database cache's ``incr`` resets a key's expiry to it."""
    return {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "shared_cache",
        "TIMEOUT": 24 * 60 * 60,
        "OPTIONS": {"MAX_ENTRIES": 100_000},
    }


SHARED_CACHE = "shared"
FRAGMENT_CACHE = "fragments"  # the {% cache %} tags' using=


def cache_config(redis_url: str | None, pdf_dir: str | None = None) -> dict[str, dict[str, Any]]:
    """The caches. With a Redis server (``REDIS_URL``, Django's own ``RedisCache``) every
    process of every machine shares both: the rendered PDFs and the limits' counts, whose
    ``incr`` is then atomic. Without one the counts are in the database's table, shared by
    every process, and the PDFs in files under ``pdf_dir`` (``PDF_CACHE_DIR``: ``make run``,
    whose task worker renders sheets for its web process) or, with none, in each process's
    memory (the tests). Rendered parts of pages (``FRAGMENT_CACHE``: a builder's model lines)
    stay in each process whatever the server: their keys name the version they show, so no
    process can serve a stale one, and a Redis round trip would cost as much as rendering a
    line again."""
    fragments = {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "fragments",
        "TIMEOUT": 60 * 60,
        "OPTIONS": {"MAX_ENTRIES": 5000},  # about 1 KB each
    }
    if not redis_url:
        pdfs = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
        if pdf_dir:
            pdfs = {
                "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
                "LOCATION": pdf_dir,
                "OPTIONS": {"MAX_ENTRIES": 2000},
            }
        return {"default": pdfs, SHARED_CACHE: shared_cache_config(), FRAGMENT_CACHE: fragments}
    redis = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": redis_url}
    return {
        "default": {**redis, "KEY_PREFIX": "pdf"},
        SHARED_CACHE: {**redis, "KEY_PREFIX": "shared", "TIMEOUT": 24 * 60 * 60},
        FRAGMENT_CACHE: fragments,
    }
