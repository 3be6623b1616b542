"""The "campaign night" load test (issue #13, part 4): a club's players, all at once.

Fifty players (``night01``..``night50``) in ten campaigns of five, each with one Black Sun
squad enrolled in its campaign and one free squad of its own (the one it enrolled: enrolling
copies a squad, the original stays free to edit), use the site together for a minute through
Locust (bench/locustfile_campaign_night.py says what each one does: browse, rename its free
squad and download its sheet, download its campaign squad's sheet, report battles through the
API, confirm the battles its opponents reported, read the standings).

The same scenario runs against ``make serve`` twice, everything identical but the task queue:

- mode A, ``TASK_QUEUE=database``: squads' PDFs are rendered by the task worker (ahead after
  each edit, or when a download finds none); a download that comes first answers 202 and the
  player asks again every 0.5 s;
- mode B, ``TASK_QUEUE=off``: every PDF is rendered inside the web request that asks for it.

For each mode, in a child interpreter of its own (``--mode A``; Django is set up there on that
mode's database), the driver:

1. creates a PostgreSQL database ``night_<mode>_<random>`` and starts ``make serve`` on it
   (``scripts/serve``, as make runs it: its own Redis on a free port, static files in a
   temporary folder, a random SECRET_KEY, ``LOG_LEVEL=WARNING``; two gunicorn workers of
   eight threads and a task worker per core, the defaults);
2. seeds the players, their API tokens, squads and campaigns through the ORM and the services,
   logs each player in with the web form, warms the print engine up (``warm_up``: a few
   sheets downloaded by an account of its own), has each player download its campaign
   squad's sheet, as each did before the night (``print_before_the_night``; all of it before
   Locust starts: not timed),
   and writes the players and their cookies to a JSON plan for the locustfile;
3. runs Locust headless (``-u 50 -r 25 -t 60s``) and reads its CSV statistics;
4. checks the database against what the players were told succeeded (the locustfile writes
   one JSON line per success) and counts the lost updates, per check (``check``);
5. stops the server and drops the database, whatever happened (a failure to start the server,
   or Locust failing, raises with the end of the server's log).

Then it prints, per mode, the requests per second, the percentiles of each kind of request,
the errors and the lost updates, and the ratio of throughput A / B. It also prints the players'
actions per second beside their ceiling: a player waits between two actions (0.5 to 2 s, 1.25
on average), so fifty players ask at most 40 actions a second of a server that answers at once
(``ceiling``). A throughput near its ceiling says the players, not the server, set it; a
shorter ``--wait`` makes them ask more than the server can answer, which measures its capacity.

    .venv/bin/python -m bench.bench_campaign_night [--users 50] [--seconds 60] [--wait 0.5,2]

``run()`` gives ``bench/run.py`` its rows (label, value, unit).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script too

from bench.night import GROUP, MODES, PG, ROOT  # noqa: E402
from bench.night import log as _log  # noqa: E402
from bench.night.checks import check, healthz, read_records, server_log_summary  # noqa: E402
from bench.night.load import read_stats, run_locust, worker_summary  # noqa: E402
from bench.night.report import cpu_name, print_mode, rows, summary_table  # noqa: E402
from bench.night.scenario import (  # noqa: E402
    log_in,
    print_before_the_night,
    seed,
    setup_django,
    warm_up,
)  # fmt: skip
from bench.night.server import psql, serve, stop, tail  # noqa: E402

# --- one mode ----------------------------------------------------------------------------------


def ceiling(users: int, wait: str) -> float:
    """The most actions per second the players can ask of a server that answers at once: each
    waits between two actions, on average the middle of ``wait``, and does nothing else."""
    low, high = (float(x) for x in wait.split(","))
    return users / ((low + high) / 2)


def measure(mode: str, users: int, seconds: int, wait: str) -> dict:
    """Everything of one mode (module docstring, steps 1 to 5): its figures and checks."""
    queue = MODES[mode]
    workdir = Path(tempfile.mkdtemp(prefix=f"bench-night-{mode}-"))
    record_dir = workdir / "records"
    record_dir.mkdir()
    database = f"night_{mode.lower()}_{secrets.token_hex(4)}"
    database_url = f"{PG}/{database}"
    _log(f"mode {mode} (TASK_QUEUE={queue}): database {database}, files in {workdir}")
    psql(f"CREATE DATABASE {database}")
    server = log = None
    django_ready = False
    try:
        server, log, log_path, port = serve(queue, database_url, workdir)  # raises with its log
        try:
            setup_django(database_url, queue)
            django_ready = True
            started = time.perf_counter()
            plan = seed(users, "Night-" + secrets.token_urlsafe(12), record_dir)
            clients = log_in(plan, port)
            warmed = warm_up(plan, port)
            warmed += print_before_the_night(plan, clients)
            plan_path = workdir / "plan.json"
            plan_path.write_text(json.dumps(plan))
            took = time.perf_counter() - started
            _log(f"  {len(plan['players'])} players seeded and logged in, print engine warmed "
                 f"up ({took:.1f} s, of which warm-up {warmed:.1f} s); "
                 f"Locust: {users} users for {seconds} s")  # fmt: skip
            load_before = os.getloadavg()[0]  # another job on the machine skews the figures
            prefix = run_locust(plan_path, port, users, seconds, wait, workdir)
            run_end = log_path.stat().st_size  # the server's log up to the players' end
            load = [load_before, os.getloadavg()[0]]
            stats = read_stats(prefix, seconds)
            health = healthz(port)  # the queue's figures as the workers left them
            checks = check(plan, read_records(record_dir), port)
            worker = worker_summary()
        except Exception as error:  # say what the server said meanwhile
            log.flush()
            raise RuntimeError(f"mode {mode}: {error}\n--- the end of the server's log "
                               f"({log_path}) ---\n{tail(log_path)}") from error  # fmt: skip
        result = {"mode": mode, "queue": queue, "users": users, "seconds": seconds,
                  "wait": wait, "ceiling": ceiling(users, wait), "load": load, **stats,
                  **checks, "worker": worker, "health": health,
                  "workdir": str(workdir)}  # fmt: skip
    finally:
        if server is not None:
            stop(server, log)
        if django_ready:
            from django.db import connections

            connections.close_all()
        psql(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
        shutil.rmtree(workdir / "static", ignore_errors=True)
    result["server"] = server_log_summary(log_path, run_end)  # the shutdown's lines included
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=50, help="players (a multiple of 5)")
    parser.add_argument("--seconds", type=int, default=60, help="how long Locust runs")
    parser.add_argument("--wait", default="0.5,2", help="a player's wait between two actions, "
                        "seconds at random between LOW,HIGH")  # fmt: skip
    parser.add_argument("--mode", choices=sorted(MODES), help="one mode, in this process")
    args = parser.parse_args()
    if args.users < GROUP or args.users % GROUP:
        parser.error(f"--users must be a multiple of {GROUP}")
    if args.mode:  # a child: one mode, its result as JSON on the last line
        print(json.dumps(measure(args.mode, args.users, args.seconds, args.wait)))
        return

    _log(f"Python {platform.python_version()}; CPU: {cpu_name()}, {os.cpu_count()} cores; "
         f"{platform.system()} {platform.release()}")  # fmt: skip
    results = {}
    for mode in MODES:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "bench.bench_campaign_night",
                "--mode",
                mode,
                "--users",
                str(args.users),
                "--seconds",
                str(args.seconds),
                "--wait",
                args.wait,
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )  # fmt: skip  (stderr: straight through, the progress and any traceback)
        if done.returncode != 0:
            raise RuntimeError(f"mode {mode} failed (exit {done.returncode}): see above")
        results[mode] = json.loads(done.stdout.strip().splitlines()[-1])
        print_mode(results[mode])
    a, b = results["A"], results["B"]
    out = sys.stderr
    print(f"\nCPU: {cpu_name()}, {os.cpu_count()} cores", file=out)
    if b["rps_without_polls"]:
        print(f"throughput A / B: {a['rps_without_polls'] / b['rps_without_polls']:.2f}x "
              f"without the polls (target >= 3x); {a['rps'] / b['rps']:.2f}x counting them; "
              f"players' actions/s {a['actions_per_second'] / b['actions_per_second']:.2f}x "
              f"(A and B reach {a['actions_per_second'] / a['ceiling']:.0%} and "
              f"{b['actions_per_second'] / b['ceiling']:.0%} of what the players can ask)",
              file=out)  # fmt: skip
    print(summary_table(a, b), file=out)
    for mode, r in results.items():
        lost = {name: c["lost"] for name, c in r["checks"].items()}
        print(f"lost updates, mode {mode}: {sum(lost.values())} {lost}", file=out)
    print(json.dumps(rows(results)))


def run() -> list[tuple[str, float, str]]:
    """For ``bench/run.py``: the figures, measured in a child interpreter (its report goes to
    standard error as it comes)."""
    done = subprocess.run(
        [sys.executable, "-m", "bench.bench_campaign_night"], cwd=ROOT, stdout=subprocess.PIPE,
        text=True, check=True,
    )  # fmt: skip
    return [tuple(row) for row in json.loads(done.stdout.strip().splitlines()[-1])]


if __name__ == "__main__":
    main()
