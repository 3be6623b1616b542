"""Password guessing with a spoofed X-Forwarded-For: how many guesses are answered.

Under ``gunicorn -w 2`` on 127.0.0.1 (two worker processes, so a count kept in one
worker's memory would let twice the quota through), ``GUESSES`` wrong passwords for one
account, each with another made-up X-Forwarded-For (loopback addresses), sent to the API's
token endpoint and to the web log-in form, one after the other, then again from
``THREADS`` threads at once. A guess is answered when the password was checked (401 from
the token endpoint, 200 for the log-in form), and refused with a 429 otherwise.
``TRUSTED_PROXY_COUNT`` is 0, so the header names no client: the target is the quota of one
address, not more. The quota is the smaller of the token endpoint's rate and the failed
log-ins an address may make (``RATE_LIMITS["login-ip"]``); the web log-in has only the
latter. The shared cache is emptied between runs. Each guess counts before its password is
checked (accounts/limits.py), so guesses in flight together cannot all pass the check; the
database cache's increment is a read then a write, so two guesses meeting in those
milliseconds could still count once (Redis's is atomic).

Django is set up with ``bench/settings.py`` on a throw-away SQLite file, in a child
interpreter (``python -m bench.bench_throttle``), so the other bench modules may set Django
up as they like.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

from bench.server import gunicorn

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = "bench.settings"
GUESSES = 60
THREADS = 4


def _request(port: int, method: str, path: str, body: bytes = b"", headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.getheader("Set-Cookie") or "", response.read()
    finally:
        connection.close()


def _spoofed(n: int) -> str:
    return f"127.{n // 250 + 1}.{n % 250}.{n % 7 + 1}"


def _token_guess(port: int, n: int) -> int:
    body = json.dumps({"username": "mint", "password": f"guess-{n}"}).encode()
    headers = {"Content-Type": "application/json", "X-Forwarded-For": _spoofed(n)}
    return _request(port, "POST", "/api/auth/token/", body, headers)[0]


def _web_guesser(port: int):
    status, set_cookie, _body = _request(port, "GET", "/accounts/login/")
    if status != 200:
        raise RuntimeError(f"GET /accounts/login/ answered {status}")
    csrf = SimpleCookie(set_cookie)["csrftoken"].value

    def guess(_port: int, n: int) -> int:
        body = urlencode(
            {"username": "mint", "password": f"guess-{n}", "csrfmiddlewaretoken": csrf}
        ).encode()
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"csrftoken={csrf}",
            "X-Forwarded-For": _spoofed(n),
        }
        return _request(port, "POST", "/accounts/login/", body, headers)[0]

    return guess


def _answered(port: int, guess, threads: int) -> int:
    """How many of GUESSES guesses were checked rather than refused with a 429."""
    lock = threading.Lock()
    statuses: list[int] = []

    def send(n: int) -> None:
        status = guess(port, n)
        with lock:
            statuses.append(status)

    with ThreadPoolExecutor(max_workers=threads) as pool:
        list(pool.map(send, range(GUESSES)))
    unexpected = set(statuses) - {200, 401, 429}
    if unexpected:
        raise RuntimeError(f"unexpected answers: {sorted(unexpected)}")
    return sum(status != 429 for status in statuses)


def _count(rate: str | None) -> float:
    return float("inf") if rate is None else int(re.match(r"\d+", rate).group())


def _measure() -> list[tuple[str, float, str]]:
    with tempfile.TemporaryDirectory(prefix="bench-throttle-") as folder:
        db_path = Path(folder) / "bench.sqlite3"
        env = dict(
            os.environ, DJANGO_SETTINGS_MODULE=SETTINGS, DATABASE_URL=f"sqlite:///{db_path}",
            TRUSTED_PROXY_COUNT="0",
        )  # fmt: skip
        os.environ.update(env)
        import django

        django.setup()
        from django.conf import settings
        from django.contrib.auth import get_user_model
        from django.core.cache import caches
        from django.core.management import call_command
        from django.db import connections

        call_command("migrate", interactive=False, verbosity=0)  # creates the cache table too
        get_user_model().objects.create_user("mint", password="pw-mint-1970")
        shared = caches[settings.SHARED_CACHE]
        login_ip = _count(settings.RATE_LIMITS["login-ip"])
        token = _count(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["token"])
        quotas = {"API token endpoint": min(token, login_ip), "web log-in": login_ip}

        rows = []
        with gunicorn(os.environ, Path(folder) / "gunicorn.log") as port:
            for threads in (1, THREADS):
                for name, quota in quotas.items():
                    shared.clear()
                    guess = _token_guess if name.startswith("API") else _web_guesser(port)
                    answered = _answered(port, guess, threads)
                    how = "one at a time" if threads == 1 else f"{threads} at once"
                    label = f"{GUESSES} spoofed-XFF guesses, {how}: {name}"
                    rows.append((label, float(answered), f"answered (quota {quota:g})"))
        connections.close_all()
    return rows


def run() -> list[tuple[str, float, str]]:
    child = subprocess.run(
        [sys.executable, "-m", "bench.bench_throttle"],
        cwd=ROOT, stdout=subprocess.PIPE, text=True, timeout=600, check=True,
    )  # fmt: skip
    return [(name, value, unit) for name, value, unit in json.loads(child.stdout)]


if __name__ == "__main__":
    json.dump(_measure(), sys.stdout)
