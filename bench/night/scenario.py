"""The campaign night's players before Locust starts: Django set up on the mode's database,
the players seeded, logged in, the print engine warmed up and each campaign sheet
downloaded once (not timed)."""

from __future__ import annotations

import os
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench.night import GROUP

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
