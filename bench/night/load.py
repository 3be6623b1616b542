"""The campaign night's Locust run and its figures: its CSV statistics read, the task
worker's summary, a percentile."""

from __future__ import annotations

import csv
import os
import subprocess
from collections import Counter, defaultdict
from pathlib import Path

from bench.night import ACTION_STARTS, ASK_AGAIN, LOCUSTFILE, ROOT
from bench.night.server import tail

# --- Locust ------------------------------------------------------------------------------------


def run_locust(
    plan_path: Path, port: int, users: int, seconds: int, wait: str, workdir: Path
) -> Path:
    """Locust headless against the server; the prefix of its CSV files."""
    prefix = workdir / "locust"
    command = [
        str(ROOT / ".venv" / "bin" / "locust"), "-f", str(LOCUSTFILE), "--headless",
        "-u", str(users), "-r", str(min(users, 25)), "-t", f"{seconds}s",
        "--host", f"http://127.0.0.1:{port}", "--only-summary",
        "--csv", str(prefix), "--csv-full-history",  # the history: counts second by second
        "--stop-timeout", "90",  # the players finish what they are doing (a PDF on its way)
        "--exit-code-on-error", "0",  # failed requests are counted, not a crash
        "--loglevel", "WARNING",
    ]  # fmt: skip
    output = workdir / "locust.log"
    env = {**os.environ, "NIGHT_PLAN": str(plan_path), "NIGHT_WAIT": wait}
    with output.open("w") as out:
        done = subprocess.run(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                              timeout=seconds + 300)  # fmt: skip
    if done.returncode != 0 or not Path(f"{prefix}_stats.csv").exists():
        raise RuntimeError(f"Locust failed (exit {done.returncode}):\n{tail(output)}")
    return prefix


def read_stats(prefix: Path, seconds: int) -> dict:
    """Locust's CSV: one row per kind of request (and the custom ``PDF`` rows), over the
    whole run; the requests per second over the run's nominal length (``-t``), from the
    history Locust writes every second, leaving out the seconds after it in which the players
    finish what they were doing (``--stop-timeout``)."""
    with open(f"{prefix}_stats.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    kinds = {
        row["Name"]: {
            "type": row["Type"],
            "count": int(row["Request Count"]),
            "failures": int(row["Failure Count"]),
            "p50": float(row["50%"] or 0),
            "p95": float(row["95%"] or 0),
            "p99": float(row["99%"] or 0),
            "max": float(row["Max Response Time"] or 0),
        }
        for row in rows
        if row["Name"] != "Aggregated"
    }
    # Requests of each kind within the first ``seconds`` (the counts start at 0).
    with open(f"{prefix}_stats_history.csv", newline="") as f:
        history = [r for r in csv.DictReader(f) if r["Name"] != "Aggregated"]
    start = min(int(r["Timestamp"]) for r in history) if history else 0
    within = [r for r in history if int(r["Timestamp"]) <= start + seconds]
    end = max((int(r["Timestamp"]) for r in within), default=start)
    counts = {r["Name"]: int(r["Total Request Count"]) for r in within if r["Type"] != "PDF"}
    window = end - start
    total = sum(counts.values())
    polls = sum(n for name, n in counts.items() if name.endswith(ASK_AGAIN))
    # A player's actions (the locustfile's tasks), each counted by the request it begins
    # with; "campaign page" also ends the standings' action.
    actions = sum(counts.get(name, 0) for name in ACTION_STARTS) - counts.get("standings", 0)
    with open(f"{prefix}_failures.csv", newline="") as f:
        failures = [
            {"method": r["Method"], "name": r["Name"], "error": r["Error"],
             "occurrences": int(r["Occurrences"])}
            for r in csv.DictReader(f)
        ]  # fmt: skip
    return {
        "window": window,
        "window_requests": total,
        "window_polls": polls,
        "rps": total / window if window else 0.0,
        "rps_without_polls": (total - polls) / window if window else 0.0,
        "actions_per_second": actions / window if window else 0.0,
        "requests": sum(v["count"] for v in kinds.values() if v["type"] != "PDF"),
        "errors": sum(v["failures"] for v in kinds.values()),
        "kinds": kinds,
        "failures": failures,
    }


def worker_summary() -> dict | None:
    """What the task worker did (mode A): its render tasks by origin, the wait from when a
    task could run to when the worker took it, the render times, and the tasks still
    waiting when the players stopped. None when no task was enqueued (mode B)."""
    from django_tasks_db.models import DBTaskResult, get_date_max

    never = get_date_max()  # a task enqueued without run_after: asked for by a download
    tasks = list(DBTaskResult.objects.filter(task_path="printing.tasks.render_sheet"))
    if not tasks:
        return None
    by = defaultdict(lambda: {"count": 0, "results": Counter(), "waits": [], "runs": []})
    for t in tasks:
        origin = "on demand (a download)" if t.run_after == never else "ahead (a change)"
        entry = by[origin]
        entry["count"] += 1
        entry["results"][t.return_value or t.status] += 1
        if t.started_at is not None:
            ready = t.enqueued_at if t.run_after == never else max(t.enqueued_at, t.run_after)
            entry["waits"].append((t.started_at - ready).total_seconds() * 1000)
        if t.finished_at is not None and t.return_value == "rendered":
            entry["runs"].append((t.finished_at - t.started_at).total_seconds() * 1000)
    summary = {}
    for origin, e in by.items():
        summary[origin] = {
            "count": e["count"],
            "results": dict(e["results"]),
            "wait_p50": percentile(e["waits"], 0.5),
            "wait_p95": percentile(e["waits"], 0.95),
            "render_p50": percentile(e["runs"], 0.5),
        }
    waiting = sum(1 for t in tasks if t.status == "READY")
    return {"origins": summary, "waiting_at_end": waiting}


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]
