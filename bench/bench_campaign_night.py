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
import csv
import json
import os
import platform
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

MODES = {"A": "database", "B": "off"}  # mode -> TASK_QUEUE
GROUP = 5  # players per campaign
PG = "postgres://postgres@127.0.0.1:5432"
LOCUSTFILE = ROOT / "bench" / "locustfile_campaign_night.py"
ASK_AGAIN = ": ask again"  # the polls' names end so (the locustfile's ``pdf``)
ACTION_STARTS = ("my squads", "builder", "campaign page", "edit", "sheet again",
                 "sheet after a battle", "report battle", "battles list",
                 "standings")  # fmt: skip


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


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


# --- seeding (Django, in this mode's child interpreter) -----------------------------------------


def setup_django(database_url: str, queue: str) -> None:
    os.environ["DATABASE_URL"] = database_url
    os.environ["TASK_QUEUE"] = queue
    os.environ.pop("REDIS_URL", None)  # this process needs no shared cache
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def seed(users: int, password: str, record_dir: Path) -> dict:
    """The players, their tokens, squads and campaigns; the plan the locustfile reads, with
    each squad's version now (``start_versions``), for the checks."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from rest_framework.authtoken.models import Token

    from campaigns import services as campaigns
    from rosters import services as rosters
    from rosters.models import Squad
    from rules import get_system

    demo = get_system("black-sun").demo()
    hashed = make_password(password)  # hashed once: the real hasher is slow on purpose
    User = get_user_model()  # noqa: N806
    players = []
    for c in range(users // GROUP):
        accounts = [
            User.objects.create(username=f"night{c * GROUP + j + 1:02d}", password=hashed)
            for j in range(GROUP)
        ]
        campaign = campaigns.campaign_create(
            organiser=accounts[0], name=f"Club night {c + 1}", system="black-sun"
        )
        group = []
        for j, user in enumerate(accounts):
            roster = demo[(c * GROUP + j) % len(demo)]
            campaigns.campaign_join(campaign=campaign, user=user)
            free = rosters.squad_import(owner=user, roster=roster)
            entry = campaigns.enrol(campaign=campaign, user=user, squad=free)
            group.append({
                "username": user.username,
                "token": Token.objects.create(user=user).key,
                "campaign": campaign.pk,
                "campaign_squad": entry.squad_id,
                "members": [m.name for m in roster.members],
                "free_squad": free.pk,
                "free_name": free.name,
                "free_faction": free.faction,
                "free_points_limit": free.points_limit,
            })  # fmt: skip
        for player in group:
            player["opponents"] = [
                {"username": o["username"], "squad_id": o["campaign_squad"],
                 "members": o["members"]}
                for o in group if o is not player
            ]  # fmt: skip
        players += group
    # An account of its own for the warm-up (``warm_up``), so that its downloads count against
    # no player's PDF limit: one squad per demo roster.
    warmer = User.objects.create(username="night-warm-up", password=hashed)
    warm_squads = [rosters.squad_import(owner=warmer, roster=r).pk for r in demo]
    squad_ids = [p[k] for p in players for k in ("free_squad", "campaign_squad")]
    # The players printed their squads' sheets before the night (as each one does after its
    # first download): their edits render ahead (``Squad.printed``, printing/tasks.py).
    Squad.objects.filter(pk__in=squad_ids).update(printed=True)
    versions = dict(Squad.objects.filter(pk__in=squad_ids).values_list("pk", "version"))
    return {
        "password": password,
        "record_dir": str(record_dir),
        "players": players,
        "warm_up": {"username": warmer.username, "squads": warm_squads},
        "start_versions": {str(pk): v for pk, v in versions.items()},
    }


def log_in(plan: dict, port: int) -> dict:
    """Each player logs in with the web form, as at the start of the night (before Locust
    starts: not timed); its cookies (session, CSRF) go in the plan for its Locust user. The
    players' clients, by username."""
    from smoke_serve import Client  # scripts/smoke_serve.py

    clients = {}

    def one(player: dict) -> None:
        client = Client(f"http://127.0.0.1:{port}")
        client.get("/accounts/login/").close()
        form = {"username": player["username"], "password": plan["password"], "next": "/squads/"}
        with client.post("/accounts/login/", form) as response:
            if not response.url.endswith("/squads/"):
                raise RuntimeError(f"{player['username']} could not log in: {response.url}")
        player["cookies"] = [
            {"name": c.name, "value": c.value, "domain": c.domain, "path": c.path}
            for c in client.jar
        ]  # fmt: skip
        clients[player["username"]] = client

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(one, plan["players"]))
    return clients


def print_before_the_night(plan: dict, clients: dict) -> float:
    """Each player downloads its campaign squad's sheet before the night (the seed marks the
    squads printed: the players printed them before), so that the night's "sheet" is a
    repeat download, not a first print. Not timed; seconds it took.

    A repeat download is of the same sheet (issue #32's "the sheet again") only when no
    battle was confirmed on the squad since the player's last download: each confirmed
    battle gives both its squads a new version (a third of the downloads came after one,
    in a run on 28 November). The locustfile tells the two apart ("sheet again", "sheet after a
    battle"); before it did, both were "the sheet again", and its p95 measured renders."""
    started = time.perf_counter()

    def one(player: dict) -> None:
        client = clients[player["username"]]
        path = f"/print/squads/{player['campaign_squad']}/sheet.pdf"
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            try:
                with client.get(path) as response:  # waits for the worker (mode A)
                    if response.status == 200 and response.read().startswith(b"%PDF"):
                        return
            except (TimeoutError, urllib.error.URLError):  # a busy machine: ask again
                pass
            time.sleep(1)
        raise RuntimeError(f"{player['username']}'s campaign sheet did not come in 300 s")

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(one, plan["players"]))
    return time.perf_counter() - started


def warm_up(plan: dict, port: int) -> float:
    """Print a few sheets before the run, as a server that has been up a while has: the first
    print of a process starts the print engine's fork server (printing/engine.py), which
    warms itself by rendering sample pages, several seconds that would otherwise fall on the
    first players' downloads. The sheets are downloaded at once (one per demo squad of the
    warm-up account), so each gunicorn worker (mode B) or the task worker (mode A) prints at
    least one; each is asked for again every 2 s while it is on its way. Seconds it took."""
    from smoke_serve import Client  # scripts/smoke_serve.py

    started = time.perf_counter()
    client = Client(f"http://127.0.0.1:{port}")
    client.get("/accounts/login/").close()
    warm = plan["warm_up"]
    form = {"username": warm["username"], "password": plan["password"], "next": "/squads/"}
    client.post("/accounts/login/", form).close()

    def sheet(pk: int) -> None:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            try:
                with client.get(f"/print/squads/{pk}/sheet.pdf") as response:
                    if response.status == 200 and response.read().startswith(b"%PDF"):
                        return
            except urllib.error.HTTPError as error:  # 429: the account's PDF limit; wait
                if error.code != 429:
                    raise
            except (TimeoutError, urllib.error.URLError):  # a busy machine: ask again
                pass
            time.sleep(2)
        raise RuntimeError(f"warm-up: squad {pk}'s sheet did not come in 180 s")

    with ThreadPoolExecutor(len(warm["squads"])) as pool:
        list(pool.map(sheet, warm["squads"]))
    return time.perf_counter() - started


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


# --- the checks --------------------------------------------------------------------------------


def read_records(record_dir: Path) -> list[dict]:
    records = []
    for path in sorted(record_dir.glob("successes-*.jsonl")):
        records += [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return records


def healthz(port: int) -> dict:
    """``/healthz`` as a load balancer reads it: the checks, and the queue's figures."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=60) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as error:  # 503: it says what fails
        return json.load(error)


def api_get(port: int, path: str, token: str):
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", headers={"Authorization": f"Token {token}"}
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)


def check(plan: dict, records: list[dict], port: int) -> dict:
    """What the players were told succeeded, against the database (and the standings as the
    API serves them). Each check counts its lost updates (0 expected) and, apart, what the
    database holds that no player heard of (a request cut off when Locust stopped, say)."""
    from campaigns.models import Battle, HistoryEntry
    from rosters.models import Squad

    players = plan["players"]
    campaign_ids = sorted({p["campaign"] for p in players})
    start = {int(pk): v for pk, v in plan["start_versions"].items()}
    by_kind = defaultdict(list)
    for r in records:
        by_kind[r["kind"]].append(r)
    battles = {
        (b.campaign_id, b.number): b
        for b in Battle.objects.filter(campaign_id__in=campaign_ids)
        .select_related("submitted_by")
        .prefetch_related("sides__entry")
    }  # fmt: skip
    confirmed = {key: b for key, b in battles.items() if b.status == Battle.Status.CONFIRMED}
    results: dict[str, dict] = {}

    def result(name: str, what: str, checked: int, lost: int, unheard: int = 0) -> None:
        results[name] = {"what": what, "checked": checked, "lost": lost, "unheard": unheard}

    # 1. Every battle report answered 201 is in the database, sent by that player.
    reported = {(r["campaign"], r["number"]): r for r in by_kind["report"]}
    lost = sum(
        1 for key, r in reported.items()
        if key not in battles or battles[key].submitted_by.username != r["player"]
    )  # fmt: skip
    result("battle reports (201)", "each battle a client got 201 for exists, sent by it",
           len(reported), lost, len(set(battles) - set(reported)))  # fmt: skip

    # 2. Every confirm answered 200 left its battle confirmed.
    confirms = {(r["campaign"], r["number"]): r for r in by_kind["confirm"]}
    lost = sum(1 for key in confirms if key not in confirmed)
    result("confirms (200)", "each battle a client confirmed (200) is confirmed",
           len(confirms), lost, len(set(confirmed) - set(confirms)))  # fmt: skip

    # 3. The standings' VP (the API's, as players read them) are the sums of the confirmed
    #    battles' sides' VP, and those the VP the confirms answered.
    side_vp: Counter[int] = Counter()
    for battle in confirmed.values():
        for side in battle.sides.all():
            side_vp[side.entry.squad_id] += side.total_vp
    told_vp: Counter[int] = Counter()
    for r in by_kind["confirm"]:
        for squad_id, vp in r["vp"].items():
            told_vp[int(squad_id)] += vp
    reader = {p["campaign"]: p["token"] for p in players}
    standings = {}
    for campaign_id in campaign_ids:
        for row in api_get(port, f"/api/campaigns/{campaign_id}/standings/", reader[campaign_id]):
            standings[row["squad_id"]] = row["vp"]
    result("standings VP", "each squad's VP in the standings = sum of its confirmed sides' VP",
           len(standings), sum(1 for s, vp in standings.items() if vp != side_vp[s]))  # fmt: skip
    # A squad in a battle confirmed without its player hearing of it (a request cut off) has
    # VP no client was told of, either sign: it is counted apart, not compared.
    unheard = {
        side.entry.squad_id
        for key, battle in confirmed.items() if key not in confirms
        for side in battle.sides.all()
    }  # fmt: skip
    result("standings VP as told", "each squad's VP in the standings = sum of the VP the "
           "confirms (200) answered for it", len(standings),
           sum(1 for s, vp in standings.items() if s not in unheard and vp != told_vp[s]),
           len(unheard & set(standings)))  # fmt: skip

    # 4. History: rows for every confirmed battle (a "vp" row per side, at least), none for
    #    a battle still pending.
    history = Counter(
        HistoryEntry.objects.filter(battle__campaign_id__in=campaign_ids, kind="vp")
        .values_list("battle__campaign_id", "battle__number")
    )  # fmt: skip
    any_history = set(
        HistoryEntry.objects.filter(battle__campaign_id__in=campaign_ids)
        .values_list("battle__campaign_id", "battle__number")
    )  # fmt: skip
    lost = sum(1 for key, b in confirmed.items() if history[key] != len(b.sides.all()))
    result("history of confirmed battles", "a 'vp' history row per side of each confirmed "
           "battle", len(confirmed), lost)  # fmt: skip
    pending = [key for key, b in battles.items() if b.status == Battle.Status.PENDING]
    result("no history for pending battles", "no history row for a battle still pending",
           len(pending), sum(1 for key in pending if key in any_history))  # fmt: skip

    # 5. Free squads: version = start + renames answered with success; the last name stays.
    renames = Counter(r["squad"] for r in by_kind["rename"])
    last_name = {r["squad"]: r["name"] for r in sorted(by_kind["rename"], key=lambda r: r["at"])}
    free = {p["free_squad"]: p for p in players}
    now = {s.pk: s for s in Squad.objects.filter(pk__in=list(free))}
    expected = {pk: start[pk] + renames[pk] for pk in free}
    result("free squads' versions", "version = start + renames answered with success",
           len(free), sum(max(0, expected[pk] - now[pk].version) for pk in free),
           sum(max(0, now[pk].version - expected[pk]) for pk in free))  # fmt: skip
    result(
        "free squads' names",
        "the name is the last one a rename was answered for",
        len(last_name),
        sum(1 for pk, name in last_name.items() if now[pk].name != name),
    )

    # 6. Campaign squads: confirm applies the battle (campaigns.services._apply), whose
    #    roster_services.squads_touch raises the version of each side's squad by one; nothing
    #    else changes a campaign squad here. So version = start + its confirmed battles.
    fought: Counter[int] = Counter()
    told: Counter[int] = Counter()
    for key, battle in confirmed.items():
        for side in battle.sides.all():
            fought[side.entry.squad_id] += 1
            if key in confirms:
                told[side.entry.squad_id] += 1
    enrolled = [p["campaign_squad"] for p in players]
    versions = dict(Squad.objects.filter(pk__in=enrolled).values_list("pk", "version"))
    result("campaign squads' versions", "version = start + confirmed battles it fought in",
           len(enrolled),
           sum(max(0, start[pk] + fought[pk] - versions[pk]) for pk in enrolled),
           sum(max(0, versions[pk] - start[pk] - fought[pk]) for pk in enrolled))  # fmt: skip
    result("campaign squads' versions as told", "version >= start + battles confirmed (200) "
           "with it", len(enrolled),
           sum(max(0, start[pk] + told[pk] - versions[pk]) for pk in enrolled))  # fmt: skip

    moved_on = len(by_kind["confirm-moved-on"])
    return {"checks": results, "confirm_moved_on": moved_on,
            "battles": {"total": len(battles), "confirmed": len(confirmed),
                        "pending": len(pending)}}  # fmt: skip


def server_log_summary(log_path: Path, run_end: int) -> dict:
    """The statuses of the players' requests in gunicorn's access log (Locust's user agent:
    not the driver's health checks and reads), and the lines that say something broke: while
    the players played (before byte ``run_end`` of the log), and after (the checks, the
    shutdown)."""
    statuses: Counter[str] = Counter()
    trouble: dict[str, list[str]] = {"during": [], "after": []}
    access = re.compile(r'"[A-Z]+ \S+ HTTP/[\d.]+" (\d{3}) ')
    broke = re.compile(
        r'"level": ?"(ERROR|CRITICAL)"|Traceback|WORKER TIMEOUT|\[(ERROR|CRITICAL)\]'
    )
    text = log_path.read_bytes()
    for when, part in (("during", text[:run_end]), ("after", text[run_end:])):
        for line in part.decode(errors="replace").splitlines():
            match = access.search(line)
            if match:
                if "python-requests" in line:
                    statuses[match.group(1)] += 1
            elif broke.search(line):
                trouble[when].append(line[:3000])
    return {"statuses": dict(sorted(statuses.items())), "trouble": trouble}


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


# --- both modes, and the report ------------------------------------------------------------------


def cpu_name() -> str:
    from bench.run import cpu_name as name

    return name()


def print_mode(r: dict) -> None:
    out = sys.stderr
    print(f"\n=== mode {r['mode']}: TASK_QUEUE={r['queue']} ({r['users']} users, "
          f"{r['seconds']} s, waits {r['wait']} s; load average {r['load'][0]:.1f} before Locust, "
          f"{r['load'][1]:.1f} after) ===", file=out)  # fmt: skip
    print(f"requests/s over the first {r['window']} s: {r['rps']:.1f} in all, "
          f"{r['rps_without_polls']:.1f} without the 'ask again' polls "
          f"({r['window_requests']} requests, {r['window_polls']} polls); "
          f"errors: {r['errors']} (of {r['requests']} requests in all)", file=out)  # fmt: skip
    print(f"players' actions/s: {r['actions_per_second']:.1f}, of the "
          f"{r['ceiling']:.1f} they would ask of a server answering at once "
          f"({r['actions_per_second'] / r['ceiling']:.0%})", file=out)  # fmt: skip
    print("per kind, over the whole run (the players finishing included):", file=out)
    print(f"{'kind':<34}{'type':>5}{'count':>8}{'fail':>6}{'p50 ms':>9}{'p95 ms':>9}"
          f"{'p99 ms':>9}{'max ms':>9}", file=out)  # fmt: skip
    for name, k in sorted(r["kinds"].items(), key=lambda kv: (kv[1]["type"] == "PDF", kv[0])):
        print(f"{name:<34}{k['type']:>5}{k['count']:>8}{k['failures']:>6}{k['p50']:>9.0f}"
              f"{k['p95']:>9.0f}{k['p99']:>9.0f}{k['max']:>9.0f}", file=out)  # fmt: skip
    for f in r["failures"]:
        print(f"  error: {f['occurrences']} × {f['method']} {f['name']}: {f['error']}", file=out)
    b = r["battles"]
    print(
        f"battles: {b['total']} reported, {b['confirmed']} confirmed, {b['pending']} pending; "
        f"confirms answered 409 battle-state (moved on): {r['confirm_moved_on']}",
        file=out,
    )
    print("lost updates (what the database holds that no client heard of, apart):", file=out)
    for name, c in r["checks"].items():
        extra = f" (+{c['unheard']} unheard)" if c["unheard"] else ""
        print(
            f"  {name:<36}{c['lost']:>4} lost of {c['checked']:<5}{extra}  [{c['what']}]", file=out
        )
    if r["worker"]:
        w = r["worker"]
        print(f"task worker: {w['waiting_at_end']} render tasks still waiting when the players "
              "stopped", file=out)  # fmt: skip
        for origin, o in w["origins"].items():
            print(f"  {origin}: {o['count']} tasks {o['results']}; waited p50 "
                  f"{o['wait_p50']:.0f} ms, p95 {o['wait_p95']:.0f} ms; rendered in p50 "
                  f"{o['render_p50']:.0f} ms", file=out)  # fmt: skip
    print(f"/healthz after the run: {json.dumps(r.get('health'))}", file=out)
    print(f"server's answers to the players, by status: {r['server']['statuses']}", file=out)
    for when, lines in r["server"]["trouble"].items():
        if lines:
            what = "while the players played" if when == "during" else "after (checks, shutdown)"
            print(f"server log, {what}: {len(lines)} lines of trouble, the first:", file=out)
            for line in lines[:10]:
                print("  " + line, file=out)
        else:
            print(f"server log, {when} the run: no error", file=out)
    print(f"(Locust's CSV and the server log are in {r['workdir']})", file=out)


PAGES = ("my squads", "builder", "campaign page", "battles list", "standings")
# Issue #32's table: the same scenario, measured before it (make serve's defaults then: sync
# gunicorn workers, niced task workers, players asking again every 0.5 s).
BEFORE = {
    "requests/s": ("22.7", "12.7"),
    "sheet after an edit, PDF in hand, p50 / p95": ("2.1 s / 2.9 s", "24.3 s / 28.6 s"),
    "the sheet again, PDF in hand, p50 / p95": ("1.9 s / 5.9 s", "115 ms / 26.6 s"),
    "sheet after a battle changed it, PDF in hand, p50 / p95": ("(in the line above)",) * 2,
    "pages p50 / p95 (worst kind)": ("1.9 s / 2.7-5.8 s", "106-178 ms / 1.2-1.6 s"),
    "polls of players waiting for a PDF": ("0", "2,777 in 73 s"),
    "errors / downloads given up": ("0 / 0", "0 / 1"),
    "updates lost (every check)": ("0", "0"),
}
TARGETS = {
    "requests/s": ">= TASK_QUEUE=off's",
    "sheet after an edit, PDF in hand, p50 / p95": "p95 <= 5 s",
    "the sheet again, PDF in hand, p50 / p95": "p95 <= 250 ms",
    "sheet after a battle changed it, PDF in hand, p50 / p95": "(as after an edit)",
    "pages p50 / p95 (worst kind)": "p95 <= 750 ms",
    "polls of players waiting for a PDF": "",
    "errors / downloads given up": "0 / 0",
    "updates lost (every check)": "0",
}


def _ms(value: float) -> str:
    return f"{value / 1000:.1f} s" if value >= 1000 else f"{value:.0f} ms"


def figures(r: dict) -> dict[str, str]:
    """One mode's figures, as issue #32's table names them."""
    kinds = r["kinds"]

    def p50_p95(name: str) -> str:
        k = kinds.get(name)
        return f"{_ms(k['p50'])} / {_ms(k['p95'])}" if k else "-"

    pages = [kinds[n] for n in PAGES if n in kinds]
    given_up = sum(f["occurrences"] for f in r["failures"] if "still on its way" in f["error"])
    return {
        "requests/s": f"{r['rps']:.1f} ({r['rps_without_polls']:.1f} w/o polls)",
        "sheet after an edit, PDF in hand, p50 / p95": p50_p95("edit to PDF in hand"),
        "the sheet again, PDF in hand, p50 / p95": p50_p95("sheet again: PDF in hand"),
        "sheet after a battle changed it, PDF in hand, p50 / p95": p50_p95(
            "sheet after a battle: PDF in hand"
        ),
        "pages p50 / p95 (worst kind)": (
            f"{_ms(min(k['p50'] for k in pages))}-{_ms(max(k['p50'] for k in pages))} / "
            f"{_ms(min(k['p95'] for k in pages))}-{_ms(max(k['p95'] for k in pages))}"
        )
        if pages
        else "-",
        "polls of players waiting for a PDF": f"{r['window_polls']} in {r['window']} s",
        "errors / downloads given up": f"{r['errors']} / {given_up}",
        "updates lost (every check)": str(sum(c["lost"] for c in r["checks"].values())),
    }


def summary_table(a: dict, b: dict) -> str:
    """Both modes' figures beside issue #32's (a Markdown table)."""
    now_a, now_b = figures(a), figures(b)
    lines = [
        f"\nissue #32's table, then this run (load average {b['load'][0]:.1f}/{a['load'][0]:.1f} "
        "before each mode's players, of 2 cores shared: the figures are loaded):",
        "| figure | off, before | off, now | queue, before | queue, now | target |",
        "|---|---|---|---|---|---|",
    ]
    for name, (off_before, queue_before) in BEFORE.items():
        lines.append(f"| {name} | {off_before} | {now_b[name]} | {queue_before} | "
                     f"{now_a[name]} | {TARGETS[name]} |")  # fmt: skip
    return "\n".join(lines)


def rows(results: dict[str, dict]) -> list[list]:
    out = []
    for mode, r in results.items():
        out.append([f"campaign night {mode} ({r['queue']}): requests/s w/o polls",
                    r["rps_without_polls"], "req/s"])  # fmt: skip
        out.append([f"campaign night {mode} ({r['queue']}): requests/s in all", r["rps"],
                    "req/s"])  # fmt: skip
        sheet = r["kinds"].get("sheet after edit", {})
        for p in ("p50", "p95", "p99"):
            out.append([f"campaign night {mode}: sheet after edit {p}", sheet.get(p, 0.0), "ms"])
        out.append([f"campaign night {mode}: sheet after edit max", sheet.get("max", 0.0), "ms"])
        if mode == "A":
            in_hand = r["kinds"].get("edit to PDF in hand", {})
            out.append(["campaign night A: edit to PDF in hand p95", in_hand.get("p95", 0.0),
                        "ms"])  # fmt: skip
        out.append([f"campaign night {mode}: errors", r["errors"], "requests"])
        lost = sum(c["lost"] for c in r["checks"].values())
        out.append([f"campaign night {mode}: lost updates", lost, "updates"])
    if "A" in results and "B" in results and results["B"]["rps_without_polls"]:
        out.append(
            [
                "campaign night: throughput A / B (w/o polls)",
                results["A"]["rps_without_polls"] / results["B"]["rps_without_polls"],
                "x",
            ]
        )
    return out


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
