"""The server ``scripts/fuzz_live.py`` fuzzes: a fresh database (a SQLite file, or a
PostgreSQL database of its own, dropped afterwards), the environment that lifts the
throttles, ``manage.py`` run in it, and gunicorn on a free local port."""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from api_walkthrough import Failed

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
UNLIMITED = "1000000/minute"
START_TIMEOUT = 60.0  # seconds for gunicorn to listen


@contextmanager
def database(url: str | None, folder: Path) -> Iterator[str]:
    """A fresh database: a SQLite file in ``folder``, or a new PostgreSQL database on the
    server ``url`` names (dropped afterwards)."""
    if not url or url.startswith("sqlite"):
        yield f"sqlite:///{folder / 'fuzz.sqlite3'}"
        return
    import psycopg  # the project's PostgreSQL driver

    parts = urlsplit(url)
    name = f"{parts.path.strip('/') or 'fuzz'}_{secrets.token_hex(4)}"
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def server_env(database_url: str, folder: Path) -> dict[str, str]:
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DEBUG": "1",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "TASK_QUEUE": "off",  # a PDF is printed in its request: no worker to wait for
        "PDF_CACHE_DIR": str(folder / "pdf"),
        "LOG_LEVEL": "WARNING",
        **dict.fromkeys(("API_RATE_ANON", "API_RATE_USER", "API_RATE_TOKEN"), UNLIMITED),
        "API_RATE_PDF": UNLIMITED,
        **dict.fromkeys(("LOGIN_RATE_IP", "LOGIN_RATE_ACCOUNT", "SIGNUP_RATE"), "1000000/h"),
    }
    env.pop("REDIS_URL", None)  # the counts and the sessions in the database
    return env


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [PYTHON, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise Failed(f"manage.py {args[0]}: {done.stderr.strip()[-2000:]}")
    return done.stdout


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def gunicorn(env: dict[str, str], folder: Path, workers: int) -> Iterator[str]:
    """The project under gunicorn while the body runs; yields its base URL."""
    port = free_port()
    command = [
        PYTHON, "-m", "gunicorn", "config.wsgi", "-w", str(workers), "--timeout", "120",
        "-b", f"127.0.0.1:{port}", "--access-logfile", str(folder / "access.log"),
        "--error-logfile", str(folder / "server.log"),
    ]  # fmt: skip
    process = subprocess.Popen(command, cwd=ROOT, env=env, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if process.poll() is not None or time.monotonic() > deadline:
                raise Failed(f"gunicorn did not start:\n{tail(folder / 'server.log')}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def tail(path: Path, chars: int = 3000) -> str:
    try:
        return path.read_text(errors="replace")[-chars:]
    except OSError:
        return ""
