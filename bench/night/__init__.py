"""The campaign-night load test's parts (``bench/bench_campaign_night.py`` is its driver and
says what it does): the server and its database (``server``), the players seeded and logged
in (``scenario``), Locust and its figures (``load``), the checks after the night
(``checks``) and the report (``report``). Here: what they share."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "scripts"))  # scripts/smoke_serve.py

MODES = {"A": "database", "B": "off"}  # mode -> TASK_QUEUE
GROUP = 5  # players per campaign
PG = "postgres://postgres@127.0.0.1:5432"
LOCUSTFILE = ROOT / "bench" / "locustfile_campaign_night.py"
ASK_AGAIN = ": ask again"  # the polls' names end so (the locustfile's ``pdf``)
ACTION_STARTS = ("my squads", "builder", "campaign page", "edit", "sheet again",
                 "sheet after a battle", "report battle", "battles list",
                 "standings")  # fmt: skip


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
