"""Campaigns: apply a battle report, and read the standings of a big campaign (targets: a
report applied at once <= 30 ms; the campaign page of 50 squads and 1,000 battles <= 50 ms).

(a) ``services.battle_submit`` of a report applied at once (``Campaign.apply_at_once``)
between two 12-model squads (the US Army and Viet Cong demo squads), with four casualties,
one given survival roll and a few deeds. Each applied battle is then voided (timed apart), so
every sample applies the same report to the same squads. The same again between two squads
of the big campaign below, to show what its size costs a report.

(b) A campaign of 50 enrolled squads and 1,000 battles (``build_campaign``: the first two
battles applied by the services from real reports, the others copied from them with
``bulk_create``, so each has its sides and its full history; 1 in 10 voided, a few pending or
rejected): the campaign page (standings and the first page of the battle log) through
``django.test.Client`` logged in as the organiser, the standings selector alone, and the
queries the page runs.

Every time is the median of 41 calls (after warm-up), wall-clock, then for the main figures
the CPU time of this process too: on a shared machine the wall-clock time also counts the
time other processes had the core. Django is set up with ``bench/settings.py`` (DEBUG
off) on a file SQLite database in a temporary folder (WAL, as in production), in a child
interpreter (``python -m bench.bench_campaigns``), like ``bench_rosters``.
The campaigns it measures are ``bench/campaign_data.py``'s (shared with ``bench_rounds`` and
``tests/campaigns/test_queries.py``); importing this module does not set Django up.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from bench.campaign_data import (  # read from here by bench_rounds and the tests
    apply_report,
    build_campaign,
    copied_report,
    copied_status,
    real_reports,
)

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = "bench.settings"
WARMUP = 5
SAMPLES = 41  # timed calls of each kind, after the warm-up
BIG_SQUADS = 50
BIG_BATTLES = 1000

__all__ = [
    "SAMPLES", "apply_report", "bench_database", "build_campaign", "copied_report",
    "copied_status", "in_child", "real_reports", "run",
]  # fmt: skip

# --- measures -------------------------------------------------------------------------------


def _setup_django(db_path: Path) -> None:
    from django.apps import apps

    if apps.ready:
        raise RuntimeError("bench_campaigns sets up Django itself, on its own database")
    os.environ["DJANGO_SETTINGS_MODULE"] = SETTINGS
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)


def _clocks() -> tuple[float, float]:
    return time.perf_counter(), time.process_time()


def _rows(label: str, samples: list[tuple[float, float]]) -> list[tuple[str, float, str]]:
    """The median wall-clock time, then the median CPU time of this process (what the
    call costs when it has a core to itself: the machine may be shared)."""
    ms = 1e3
    wall = statistics.median(w for w, _c in samples) * ms
    cpu = statistics.median(c for _w, c in samples) * ms
    return [(label, wall, "ms"), ("    the same, CPU time of this process", cpu, "ms")]


def _apply_and_void(label: str, campaign, us, vc, target: str = "") -> list[tuple[str, float, str]]:
    from campaigns import services
    from campaigns.models import Battle

    document = apply_report(us, vc)
    rng = random.Random(4)
    applies, voids = [], []
    for i in range(WARMUP + SAMPLES):
        wall, cpu = _clocks()
        battle = services.battle_submit(
            campaign=campaign, user=us.player, document=document, rng=rng
        ).battle
        applied_wall, applied_cpu = _clocks()
        if battle.status != Battle.Status.CONFIRMED:
            raise RuntimeError(f"battle {battle.number} is {battle.status}, not applied")
        services.battle_void(battle=battle, user=campaign.organiser)
        voided_wall, voided_cpu = _clocks()
        if i >= WARMUP:
            applies.append((applied_wall - wall, applied_cpu - cpu))
            voids.append((voided_wall - applied_wall, voided_cpu - applied_cpu))
    return [
        *_rows(f"apply a report at once, {label}{target}", applies),
        *_rows(f"  void that battle, {label}", voids)[:1],
    ]


def _timed(fn, repeat: int) -> list[tuple[float, float]]:
    fn()  # warm up
    samples = []
    for _ in range(repeat):
        wall, cpu = _clocks()
        fn()
        end_wall, end_cpu = _clocks()
        samples.append((end_wall - wall, end_cpu - cpu))
    return samples


def _standings(campaign) -> list[tuple[str, float, str]]:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from campaigns import selectors

    client = Client(SERVER_NAME="127.0.0.1")  # ALLOWED_HOSTS has no "testserver"
    client.force_login(campaign.organiser)
    url = reverse("campaigns:detail", args=[campaign.pk])

    def page() -> None:
        response = client.get(url)
        if response.status_code != 200 or b"Battle log" not in response.content:
            raise RuntimeError(f"GET {url} answered {response.status_code}")

    page()
    with CaptureQueriesContext(connection) as captured:
        page()
    queries = len(captured)  # now: the next request empties the log (reset_queries)
    rows = selectors.standings(campaign)
    if len(rows) != BIG_SQUADS or sum(r.battles for r in rows) == 0:
        raise RuntimeError("the standings miss squads or battles")
    size = f"{BIG_SQUADS} squads, {BIG_BATTLES:,} battles"
    return [
        *_rows(f"campaign page GET, {size} (target <= 50 ms)", _timed(page, SAMPLES)),
        *_rows(
            f"standings selector alone, {size}",
            _timed(lambda: selectors.standings(campaign), SAMPLES),
        ),
        ("  queries the campaign page runs (whatever the size)", queries, "queries"),
    ]


def in_child(module: str, timeout: int) -> list[tuple[str, float, str]]:
    """The rows ``module``'s ``_measure`` prints, run in a child interpreter (Django set up
    there on its own database)."""
    child = subprocess.run(
        [sys.executable, "-m", module],
        cwd=ROOT, stdout=subprocess.PIPE, text=True, timeout=timeout, check=True,
    )  # fmt: skip
    return [(name, value, unit) for name, value, unit in json.loads(child.stdout)]


def run() -> list[tuple[str, float, str]]:
    return in_child("bench.bench_campaigns", 600)


@contextmanager
def bench_database(prefix: str):
    """Django set up on a file SQLite database in a temporary folder (named ``prefix``...),
    its connections closed at the end."""
    with tempfile.TemporaryDirectory(prefix=prefix) as folder:
        _setup_django(Path(folder) / "bench.sqlite3")
        from django.db import connections

        try:
            yield
        finally:
            connections.close_all()


def _measure() -> list[tuple[str, float, str]]:
    with bench_database("bench-campaigns-"):
        from django.contrib.auth import get_user_model

        users = get_user_model().objects
        small, (us, vc) = build_campaign(
            users.create_user("small-orga"), squads=2, battles=2, prefix="small"
        )
        small.apply_at_once = True
        small.save(update_fields=["apply_at_once"])
        rows = _apply_and_void("2 squads of 12", small, us, vc, " (target <= 30 ms)")
        started = time.perf_counter()
        big, entries = build_campaign(
            users.create_user("big-orga"), squads=BIG_SQUADS, battles=BIG_BATTLES, prefix="big"
        )
        built = time.perf_counter() - started
        rows += _standings(big)
        big.apply_at_once = True
        big.save(update_fields=["apply_at_once"])
        rows += _apply_and_void(f"in that campaign of {BIG_SQUADS} squads", big, *entries[:2])
        rows.append(("  (building that campaign, once)", built, "s"))
    return rows


if __name__ == "__main__":
    json.dump(_measure(), sys.stdout)
