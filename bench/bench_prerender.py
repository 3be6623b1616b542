"""A squad sheet downloaded after an edit: rendered ahead by the task worker, or in the request.

``make serve`` (gunicorn, its Redis, one task worker) on a throw-away SQLite file serves one
player, who imports the largest demo Black Sun squad, prints it once (only a squad printed
before is rendered ahead: ``Squad.printed``), then ``EDITS`` times renames it and downloads
its sheet (A4):

- with the queue on (``TASK_QUEUE=database``, the default), the download waits until the
  worker has rendered the new version (the time from the edit to that is printed too), then
  is timed: it is served from the shared cache;
- with the queue off (``TASK_QUEUE=off``), the download straight after the edit is timed: it
  renders in the request, as every download did before.

Run in a child interpreter (``python -m bench.bench_prerender``): it sets Django up with the
served database's settings, to see the task queue, whatever the other bench modules did.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

EDITS = 20
DELAY = "0.2"  # PRERENDER_DELAY_SECONDS: how long after an edit its render starts


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def serve(queue: str, workdir: Path):
    from smoke_serve import Client, free_port, wait_healthy  # scripts/smoke_serve.py

    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{workdir / f'{queue}.sqlite3'}",
        "BIND": f"127.0.0.1:{port}",
        "REDIS_PORT": str(free_port()),
        "STATIC_ROOT": str(workdir / "static"),
        "SECRET_KEY": secrets.token_urlsafe(50),
        "TASK_QUEUE": queue,
        "PRERENDER_DELAY_SECONDS": DELAY,
        "LOG_LEVEL": "WARNING",
    }
    env.pop("REDIS_URL", None)
    log = open(workdir / f"{queue}.log", "w")  # noqa: SIM115  (closed by the caller)
    server = subprocess.Popen(["make", "serve"], cwd=ROOT, env=env, stdout=log,
                              stderr=subprocess.STDOUT, start_new_session=True)  # fmt: skip
    client = Client(f"http://127.0.0.1:{port}")
    wait_healthy(client, server)
    return server, client, env, log


def stop(server: subprocess.Popen, log) -> None:
    os.killpg(server.pid, signal.SIGTERM)
    server.wait(timeout=30)
    log.close()


def squad_of(client) -> str:
    from rules.black_sun.demo import demo_rosters
    from rules.documents import roster_to_document

    password = "Bench-" + secrets.token_urlsafe(12)
    client.get("/accounts/signup/").close()
    client.post("/accounts/signup/", {"username": "bench", "password1": password,
                                      "password2": password}).close()  # fmt: skip
    roster = max(demo_rosters(), key=lambda r: len(r.members))
    client.get("/squads/import/").close()
    with client.post("/squads/import/", {"text": json.dumps(roster_to_document(roster))}) as r:
        return r.url.rstrip("/").rsplit("/", 1)[1]


def timed_download(client, pk: str) -> float:
    start = time.perf_counter()
    with client.get(f"/print/squads/{pk}/sheet.pdf") as response:
        body = response.read()
    elapsed = time.perf_counter() - start
    assert body.startswith(b"%PDF"), body[:20]
    return elapsed * 1000


def first_print(client, pk: str, timeout: float = 30) -> None:
    """The squad's first download: only a squad printed before is rendered ahead
    (``Squad.printed``). With the queue on it answers 202 until the worker has printed it."""
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        with client.get(f"/print/squads/{pk}/sheet.pdf") as response:
            if response.read().startswith(b"%PDF"):
                return
        time.sleep(0.2)
    raise RuntimeError(f"the first print of squad {pk} took more than {timeout} s")


def rendered(pk: str, version: int, timeout: float = 30) -> float:
    """Milliseconds until the worker has rendered ``version`` of the squad."""
    from django_tasks_db.models import DBTaskResult

    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        done = DBTaskResult.objects.filter(
            task_path="printing.tasks.render_sheet", status="SUCCESSFUL", return_value="rendered"
        )
        if any(t.args_kwargs["args"][:2] == [int(pk), version] for t in done):
            return (time.perf_counter() - start) * 1000
        time.sleep(0.02)
    raise RuntimeError(f"the worker did not render version {version} in {timeout} s")


def measure(queue: str, workdir: Path) -> dict[str, list[float]]:
    server, client, env, log = serve(queue, workdir)
    try:
        if queue == "database":  # Django set up on the served database, to see its queue
            os.environ["DATABASE_URL"] = env["DATABASE_URL"]
            os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
            import django

            django.setup()
        from rosters.models import Squad

        pk = squad_of(client)
        first_print(client, pk)
        downloads, waits = [], []
        for i in range(EDITS):
            client.post(f"/squads/{pk}/edit/", {"name": f"Bench squad {i}"}).close()
            if queue == "database":
                version = Squad.objects.values_list("version", flat=True).get(pk=pk)
                waits.append(rendered(pk, version))
            downloads.append(timed_download(client, pk))
        return {"downloads": downloads, "waits": waits}
    finally:
        stop(server, log)


def main() -> None:
    workdir = Path(tempfile.mkdtemp(prefix="bench-prerender-"))
    ahead = measure("database", workdir)
    inline = measure("off", workdir)
    rows = [
        ("sheet after an edit, rendered ahead: download p50", ahead["downloads"], 0.5),
        ("sheet after an edit, rendered ahead: download p95", ahead["downloads"], 0.95),
        ("sheet after an edit, rendered in the request: p50", inline["downloads"], 0.5),
        ("sheet after an edit, rendered in the request: p95", inline["downloads"], 0.95),
        (f"edit to rendered by the worker (delay {DELAY} s): p50", ahead["waits"], 0.5),
    ]
    print(json.dumps([[label, percentile(v, share), "ms"] for label, v, share in rows]))
    print(f"(largest demo Black Sun squad, {EDITS} edits each; mean rendered in the request "
          f"{statistics.mean(inline['downloads']):.0f} ms)", file=sys.stderr)  # fmt: skip


def run() -> list[tuple[str, float, str]]:
    """For ``bench/run.py``: the figures, measured in a child interpreter."""
    done = subprocess.run(
        [sys.executable, "-m", "bench.bench_prerender"], cwd=ROOT, capture_output=True,
        text=True, check=True,
    )  # fmt: skip
    sys.stderr.write(done.stderr)
    return [tuple(row) for row in json.loads(done.stdout.strip().splitlines()[-1])]


if __name__ == "__main__":
    main()
