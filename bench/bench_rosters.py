"""Roster builder: an htmx update and the builder page (issue #14's targets: htmx edit <= 10 ms
median; builder page <= 40 KB, and its throughput >= 0.5x the baseline: a logged-in page that
loads the same squad and lists its members in a plain table).

(a) In this process, through ``django.test.Client`` on a file SQLite database in a temporary
folder: the median time of an htmx equipment add and remove on a 15-model squad (alternated,
so the squad does not grow), of both together (issue #29's "htmx edit", goal <= 6 ms), and
of the full builder page GET.

(b) Under ``gunicorn -w 2`` on 127.0.0.1, in the same run: requests per second of the builder
page and of the baseline ``bench/squad/<pk>/`` (``bench/bare_urls.py``), both logged in,
loaded by a few
``http.client`` threads for a bounded number of requests and seconds. The load comes from
this machine too, so on a small machine it takes CPU from the workers.

Django is set up with ``bench/settings.py`` on a throw-away database, in a child interpreter
(``python -m bench.bench_rosters``), so the other bench modules may set Django up as they like.
"""

from __future__ import annotations

import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench.server import WORKERS, gunicorn

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = "bench.settings"
WARMUP = 5
SAMPLES = 61  # per timed request kind
LOAD_THREADS = 4
LOAD_ROUNDS = 2  # baseline and builder pages alternate, LOAD_ROUNDS times each
LOAD_SECONDS = 2.5  # per page and round
LOAD_MAX_REQUESTS = 5000  # per page and round


def _setup_django(db_path: Path) -> None:
    from django.apps import apps

    if apps.ready:
        raise RuntimeError("bench_rosters sets up Django itself, on its own database")
    os.environ["DJANGO_SETTINGS_MODULE"] = SETTINGS
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)


def _fifteen_model_squad():
    from django.contrib.auth import get_user_model

    from bench.bench_rules import fifteen_models
    from rosters import services

    user = get_user_model().objects.create_user("bench")  # no password: force_login only
    squad = services.squad_import(owner=user, roster=fifteen_models())
    assert squad.members.count() == 15
    return user, squad


def _check(response, status: int = 200, text: str = "") -> None:
    if response.status_code != status or text.encode() not in response.content:
        raise RuntimeError(f"unexpected response {response.status_code} (wanted {text!r})")


def _in_process(client, squad) -> list[tuple[str, float, str]]:
    from django.urls import reverse

    boss = squad.members.get(name="Mint")
    add_url = reverse("rosters:equipment_add", args=[squad.pk, boss.pk])
    builder_url = reverse("rosters:builder", args=[squad.pk])
    htmx = {"HX-Request": "true"}
    adds, removes, pages = [], [], []
    for i in range(WARMUP + SAMPLES):
        start = time.perf_counter()
        response = client.post(add_url, {"item": "smg", "count": "1"}, headers=htmx)
        added = time.perf_counter()
        _check(response, text="Submachine gun (SMG)")
        line = boss.equipment.get(item="smg")
        remove_url = reverse("rosters:equipment_remove", args=[squad.pk, boss.pk, line.pk])
        start_remove = time.perf_counter()
        response = client.post(remove_url, headers=htmx)
        removed = time.perf_counter()
        _check(response, text='id="summary"')
        start_page = time.perf_counter()
        response = client.get(builder_url)
        paged = time.perf_counter()
        _check(response, text="Valid squad")
        if i >= WARMUP:
            adds.append(added - start)
            removes.append(removed - start_remove)
            pages.append(paged - start_page)
    ms = 1e3
    edit = statistics.median(adds + removes)  # issue #29's "htmx edit", either kind
    return [
        ("htmx edit: add or remove an item, 15 models (median, goal <= 6)", edit * ms, "ms"),
        ("htmx: add an item, 15-model squad (median)", statistics.median(adds) * ms, "ms"),
        ("htmx: remove an item, 15-model squad (median)", statistics.median(removes) * ms, "ms"),
        ("builder page GET, 15-model squad (median)", statistics.median(pages) * ms, "ms"),
        ("  builder page size (target <= 40)", len(response.content) / 1024, "KB"),
    ]


# --- gunicorn -------------------------------------------------------------------------------


def _get(port: int, path: str, cookie: str) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path, headers={"Cookie": cookie})
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def _load(port: int, path: str, cookie: str) -> tuple[int, float]:
    """(requests answered 200, seconds): at most LOAD_MAX_REQUESTS in about LOAD_SECONDS."""
    lock = threading.Lock()
    budget = [LOAD_MAX_REQUESTS]
    deadline = time.perf_counter() + LOAD_SECONDS

    def worker(_: int) -> int:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        done = 0
        try:
            while time.perf_counter() < deadline:
                with lock:
                    if budget[0] == 0:
                        break
                    budget[0] -= 1
                # gunicorn's sync workers close each connection; http.client reopens it.
                connection.request("GET", path, headers={"Cookie": cookie})
                response = connection.getresponse()
                response.read()
                if response.status != 200:
                    raise RuntimeError(f"GET {path} answered {response.status}")
                done += 1
        finally:
            connection.close()
        return done

    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=LOAD_THREADS) as pool:
        done = sum(pool.map(worker, range(LOAD_THREADS)))
    return done, time.perf_counter() - start


def _under_gunicorn(db_path: Path, user, squad, log_path: Path) -> list[tuple[str, float, str]]:
    from django.conf import settings
    from django.test import Client
    from django.urls import reverse

    client = Client()
    client.force_login(user)
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    pages = {
        "builder": (reverse("rosters:builder", args=[squad.pk]), squad.name),
        "baseline": (reverse("bench_squad_table", args=[squad.pk]), "<td>Mint</td>"),
    }
    env = dict(os.environ, DJANGO_SETTINGS_MODULE=SETTINGS, DATABASE_URL=f"sqlite:///{db_path}")
    with gunicorn(env, log_path) as port:
        for path, text in pages.values():
            for _ in range(10 * WORKERS):  # every worker has loaded the app and its templates
                status, body = _get(port, path, cookie)
                if status != 200 or text.encode() not in body:
                    raise RuntimeError(f"GET {path} answered {status} without {text!r}")
        totals = {name: [0, 0.0] for name in pages}
        for _ in range(LOAD_ROUNDS):
            for name, (path, _text) in pages.items():
                done, seconds = _load(port, path, cookie)
                totals[name][0] += done
                totals[name][1] += seconds
    builder = totals["builder"][0] / totals["builder"][1]
    baseline = totals["baseline"][0] / totals["baseline"][1]
    label = f"gunicorn -w {WORKERS}, {LOAD_THREADS} client threads:"
    return [
        (f"{label} builder page, 15 models", builder, "req/s"),
        (f"{label} baseline: the squad's members in a table", baseline, "req/s"),
        ("builder page throughput / baseline throughput (target >= 0.5)", builder / baseline, "x"),
    ]


def run() -> list[tuple[str, float, str]]:
    child = subprocess.run(
        [sys.executable, "-m", "bench.bench_rosters"],
        cwd=ROOT, stdout=subprocess.PIPE, text=True, timeout=300, check=True,
    )  # fmt: skip
    return [(name, value, unit) for name, value, unit in json.loads(child.stdout)]


def _measure() -> list[tuple[str, float, str]]:
    with tempfile.TemporaryDirectory(prefix="bench-rosters-") as folder:
        db_path = Path(folder) / "bench.sqlite3"
        _setup_django(db_path)
        from django.db import connections
        from django.test import Client

        try:
            user, squad = _fifteen_model_squad()
            client = Client(SERVER_NAME="127.0.0.1")  # ALLOWED_HOSTS has no "testserver"
            client.force_login(user)
            rows = _in_process(client, squad)
            rows += _under_gunicorn(db_path, user, squad, Path(folder) / "gunicorn.log")
        finally:
            connections.close_all()
    return rows


if __name__ == "__main__":
    json.dump(_measure(), sys.stdout)
