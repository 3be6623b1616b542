"""The campaign night's server: ``make serve`` on a database of its own, started, stopped and
its log read; ``psql`` for the database."""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import time
from pathlib import Path

from bench.night import ROOT

# --- PostgreSQL and the server ----------------------------------------------------------------


def psql(sql: str) -> None:
    done = subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-v", "ON_ERROR_STOP=1",
                           "-qc", sql], capture_output=True, text=True)  # fmt: skip
    if done.returncode != 0:
        raise RuntimeError(f"psql -c {sql!r} failed: {done.stderr.strip()}")


def serve(queue: str, database_url: str, workdir: Path):
    """``make serve`` on the database, in its own process group; answers once healthy."""
    from smoke_serve import Client, free_port, wait_healthy  # scripts/smoke_serve.py

    port, redis_port = free_port(), free_port()
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "BIND": f"127.0.0.1:{port}",
        "REDIS_PORT": str(redis_port),
        "STATIC_ROOT": str(workdir / "static"),
        "SECRET_KEY": secrets.token_urlsafe(50),
        "TASK_QUEUE": queue,
        "LOG_LEVEL": "WARNING",
    }
    env.pop("REDIS_URL", None)  # make serve starts its own Redis
    log_path = workdir / "serve.log"
    log = log_path.open("w")
    # scripts/serve is what ``make serve`` runs, without make's install step (which would
    # reinstall the virtual environment when pyproject.toml is newer than it).
    server = subprocess.Popen([str(ROOT / "scripts" / "serve")], cwd=ROOT, env=env, stdout=log,
                              stderr=subprocess.STDOUT, start_new_session=True)  # fmt: skip
    try:
        wait_healthy(Client(f"http://127.0.0.1:{port}"), server)
    except (SystemExit, Exception) as error:  # wait_healthy says it with SystemExit
        stop(server, log)
        raise RuntimeError(f"make serve did not start ({error}):\n{tail(log_path)}") from None
    return server, log, log_path, port


def stop(server: subprocess.Popen, log) -> None:
    """Stop ``make serve`` and everything it started: the script first, which stops gunicorn
    and the task workers (each ends the render it is doing), then its Redis; then whatever
    of its process group is left (everything at once would take Redis from under the last
    renders, and fill the log with their failures)."""
    try:
        server.terminate()
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            pass
        os.killpg(server.pid, signal.SIGTERM)
        time.sleep(1)
        os.killpg(server.pid, signal.SIGKILL)
    except ProcessLookupError:  # the group is gone already
        pass
    finally:
        server.wait(timeout=30)
        log.close()


def tail(path: Path, chars: int = 4000) -> str:
    try:
        return path.read_text(errors="replace")[-chars:]
    except OSError:
        return f"({path} unreadable)"
