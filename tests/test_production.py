"""The production profile (issue #13): settings from the environment, HTTPS and the
Content-Security-Policy, WhiteNoise's static files, Redis as the shared cache, /healthz."""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
import uuid
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.cache.backends.redis import RedisCache
from django.urls import reverse
from django.utils import timezone

from config import views as config_views
from config.settings import BASE_DIR, FRAGMENT_CACHE, SHARED_CACHE, cache_config

REDIS_TEST_URL = os.environ.get("REDIS_TEST_URL", "redis://127.0.0.1:6379/13")  # our own db


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    """``manage.py`` in a process of its own, with ``env`` on top of a clean environment:
    settings are read once, at start-up, from the environment."""
    base = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DEBUG"))}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=BASE_DIR, env={**base, **env},
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip


NOT_SERVED_DIRECTORIES = ("drf_spectacular_sidecar/redoc/", "rest_framework/", "django_htmx/")

PRODUCTION = {
    "DEBUG": "0", "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "club.example",
}  # fmt: skip


def test_check_deploy_is_clean_with_https_and_says_what_is_missing_without():
    clean = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION, HTTPS="1")
    assert clean.returncode == 0, clean.stderr
    assert "no issues" in clean.stdout
    bare = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert bare.returncode != 0
    for warning in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert warning in bare.stderr, warning


@pytest.fixture(scope="module")
def collected(tmp_path_factory) -> Path:
    """``collectstatic`` as ``make serve`` runs it, once for the tests that read its output."""
    root = tmp_path_factory.mktemp("static")
    done = manage("collectstatic", "--noinput", **PRODUCTION, STATIC_ROOT=str(root))
    assert done.returncode == 0, done.stderr
    return root


def test_collectstatic_writes_hashed_compressed_files(collected: Path):
    tmp_path = collected
    names = {p.name for p in (tmp_path / "css").iterdir()}
    hashed = [n for n in names if re.fullmatch(r"site\.[0-9a-f]{12}\.css", n)]
    assert hashed, sorted(names)
    assert {f"{hashed[0]}.gz", f"{hashed[0]}.br"} <= names
    assert (tmp_path / "staticfiles.json").exists()


def test_collectstatic_ships_only_what_the_site_serves(collected: Path):
    """Issue #28, item 17: no source maps, no Redoc (the docs are Swagger UI), no browsable
    API, no second htmx, no unhashed copies; what the API docs page loads is there."""
    tmp_path = collected
    files = [p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()]
    originals = [f for f in files if not f.endswith((".gz", ".br"))]
    assert not [f for f in originals if f.endswith(".map")]
    assert not [f for f in files if f.startswith(NOT_SERVED_DIRECTORIES)]
    manifest = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]
    sidecar = "drf_spectacular_sidecar/swagger-ui-dist/"
    for name in ("swagger-ui-bundle.js", "swagger-ui.css", "swagger-ui-standalone-preset.js"):
        assert (tmp_path / manifest[sidecar + name]).exists(), name
    unhashed = {"css/site.css", "js/htmx.min.js", sidecar + "swagger-ui-bundle.js"}
    assert not unhashed & set(files)  # every page names the hashed file
    assert sum((tmp_path / f).stat().st_size for f in files) < 15 * 1024 * 1024  # was 43 MB


@pytest.mark.django_db
def test_every_page_gets_a_policy_that_allows_no_inline_script(client):
    response = client.get(reverse("home"))
    policy = response["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    page = response.content.decode()
    scripts = re.findall(r"<script([^>]*)>", page)
    assert scripts and all("src=" in attributes for attributes in scripts)
    assert "includeIndicatorStyles" in page  # htmx adds no <style> of its own


@pytest.mark.django_db
def test_healthz_says_ok_when_the_database_and_the_cache_answer(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    checks = {"database": "ok", "cache": "ok", "queue": "ok"}
    queue = {"asked_waiting": 0, "renders_running": 0, "oldest_wait_seconds": 0.0}
    assert response.json() == {"status": "ok", "checks": checks, "queue": queue}
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_healthz_answers_503_naming_what_fails(client, monkeypatch, caplog):
    def broken() -> None:
        raise ConnectionError("redis is down")

    monkeypatch.setitem(config_views.HEALTH_CHECKS, "cache", broken)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"] == {"database": "ok", "cache": "failing", "queue": "ok"}
    assert "redis is down" in caplog.text


@pytest.mark.django_db
def test_healthz_says_the_queue_fails_when_tasks_wait_long_past_their_time(client, database_queue):
    """No worker runs them: a render enqueued long ago still waits."""
    from django_tasks_db.models import DBTaskResult

    from printing.tasks import render_sheet

    result = render_sheet.enqueue(1, 1, "en")
    assert client.get("/healthz").status_code == 200  # just enqueued: a worker has time
    long_ago = timezone.now() - timedelta(seconds=config_views.QUEUE_LATE_SECONDS + 1)
    DBTaskResult.objects.filter(pk=result.id).update(enqueued_at=long_ago)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"]["queue"] == "failing"


@pytest.mark.django_db
def test_healthz_lets_renders_ahead_wait_while_players_wait_for_others(client, database_queue):
    """A render ahead (low priority) waits as long as the workers render what players asked
    for: that is no sign of a missing worker."""
    from django_tasks_db.models import DBTaskResult

    from printing.tasks import enqueue_ahead

    enqueue_ahead([(1, 1)], "en", delay=0)
    long_ago = timezone.now() - timedelta(seconds=config_views.QUEUE_LATE_SECONDS + 1)
    DBTaskResult.objects.update(enqueued_at=long_ago, run_after=long_ago)
    assert client.get("/healthz").status_code == 200


def test_without_redis_the_caches_need_no_server():
    caches = cache_config(None)
    assert caches["default"]["BACKEND"].endswith("LocMemCache")
    assert caches[SHARED_CACHE]["BACKEND"].endswith("DatabaseCache")
    # make run: its worker's renders reach its web process through files
    files = cache_config(None, "/tmp/pdfs")["default"]
    assert files["BACKEND"].endswith("FileBasedCache") and files["LOCATION"] == "/tmp/pdfs"


def test_with_redis_every_process_shares_the_pdfs_and_the_counts():
    caches = cache_config(REDIS_TEST_URL)
    shared_ones = {name: c for name, c in caches.items() if name != FRAGMENT_CACHE}
    assert {c["BACKEND"] for c in shared_ones.values()} == {
        "django.core.cache.backends.redis.RedisCache"
    }
    # the builder's lines stay in each process: their keys name the version they show
    assert caches[FRAGMENT_CACHE]["BACKEND"].endswith("LocMemCache")
    assert caches["default"]["KEY_PREFIX"] != caches[SHARED_CACHE]["KEY_PREFIX"]
    shared = RedisCache(REDIS_TEST_URL, {"KEY_PREFIX": caches[SHARED_CACHE]["KEY_PREFIX"]})
    try:
        shared.get("ping")
    except Exception as error:  # noqa: BLE001  (whatever the client raises)
        if os.environ.get("CI"):
            raise  # .ci/run starts Redis: CI never passes this test without it
        pytest.skip(f"no Redis at {REDIS_TEST_URL}: {error}")
    key = f"count-{uuid.uuid4().hex}"
    shared.set(key, 0, 60)
    assert [shared.incr(key) for _ in range(3)] == [1, 2, 3]  # atomic on the server
    other_process = RedisCache(REDIS_TEST_URL, {"KEY_PREFIX": "shared"})
    assert other_process.get(key) == 3
    pdfs = RedisCache(REDIS_TEST_URL, {"KEY_PREFIX": caches["default"]["KEY_PREFIX"]})
    assert pdfs.get(key) is None  # the PDFs' keys are apart
    shared.delete(key)


def test_the_test_live_server_serves_the_pages_scripts(live_server):
    """The browser tests' pages need their scripts: pytest-django's live server serves
    static files only while ``django.contrib.staticfiles`` is named in INSTALLED_APPS as such
    (an app config of our own for it left every browser test without htmx)."""
    from urllib.request import urlopen

    with urlopen(f"{live_server.url}/static/js/htmx.min.js") as response:
        assert response.status == 200
        assert b"htmx" in response.read(2000)
