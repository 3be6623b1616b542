"""The project under gunicorn for a benchmark: ``with gunicorn(env, log_path) as port: ...``.

Starts ``config.wsgi`` with ``WORKERS`` sync workers on a free local port, with the given
environment, its output in ``log_path``; waits until it listens; stops it afterwards. When the
body fails, the log's tail goes to standard error (a worker's traceback says more than a
refused connection).
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKERS = 2
START_TIMEOUT = 30.0  # seconds


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_until_listening(process: subprocess.Popen, port: int) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited with status {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"gunicorn did not listen on 127.0.0.1:{port} in {START_TIMEOUT:.0f} s")


@contextmanager
def gunicorn(env: Mapping[str, str], log_path: Path) -> Iterator[int]:
    """Serve the project under gunicorn while the body runs; yields the port."""
    port = free_port()
    command = [
        sys.executable, "-m", "gunicorn", "config.wsgi", "-w", str(WORKERS),
        "-b", f"127.0.0.1:{port}", "--chdir", str(ROOT), "--log-level", "warning",
    ]  # fmt: skip
    with open(log_path, "wb") as log:
        process = subprocess.Popen(command, cwd=ROOT, env=dict(env), stdout=log, stderr=log)
    try:
        _wait_until_listening(process, port)
        yield port
    except Exception:
        sys.stderr.write(log_path.read_text(errors="replace")[-2000:])
        raise
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
