"""Locust players of the "campaign night" load test (issue #13): see bench/bench_campaign_night.py.

A club night: every simulated player (one ``Player``, a Locust ``HttpUser``) is one of the
seeded accounts ``night01``, ``night02``..., logged in on the web before the run (the driver
posts the log-in form; its session cookie serves the pages and the PDFs), and speaking to the
REST API with its token. Between two actions it
waits 0.5 to 2 s (``NIGHT_WAIT``). Its actions, by weight (out of 100):

- browse (50): "My squads" (``/squads/``), one of its squads' builders, its campaign's page;
- edit (15): renames its free squad with the builder's form (posted as a browser without
  JavaScript posts it: the answer redirects to the builder, which shows the name now stored;
  "edit" times both) and downloads that squad's sheet at once: "sheet after edit". With the
  task queue on, the request waits for the PDF (the server answers it the moment the worker
  has stored it) and may still answer 202 (the page saying the PDF is on its way) past its
  wait: the player then asks again after the answer's ``Retry-After``, as the page's htmx
  does ("sheet after edit: ask again"), until the PDF comes. The time
  from the edit's answer to the PDF in hand is reported as a request of type ``PDF`` named
  "edit to PDF in hand" (in both modes: with the queue off it is the download's time);
- sheet (10): downloads its campaign squad's sheet, same 202 handling. A campaign squad
  changes with every battle confirmed on it (its opponents confirm theirs): a third of the
  downloads came after one (a run on 28 November), so a download is told apart by what
  happened since the player's last one: "sheet again" when no battle was confirmed on the squad
  since (the same sheet: the shared cache should answer at once; "sheet again: PDF in
  hand"), "sheet after a battle" when one was or is being confirmed (a new version, which
  the worker renders ahead or on demand; "sheet after a battle: PDF in hand");
- report (10): posts a ``battle-report/1`` document through the API against another player of
  its campaign (stunned or wounded casualties only, so that no squad ever loses a model and
  becomes unfit to fight);
- confirm (10): lists its campaign's battles through the API and confirms each one that waits
  for it (a pending battle on which it has a side and that another player reported);
- standings (5): the campaign's standings through the API, then the campaign's page.

This file speaks HTTP only (no Django: Locust runs on gevent). It reads the seeded accounts,
squads and campaigns from the JSON file named by ``NIGHT_PLAN`` (written by the driver), and
appends one JSON line per action that succeeded to ``successes-<pid>.jsonl`` in the plan's
``record_dir``, for the driver to check against the database afterwards.

What counts as a failure (an error in Locust's stats): any answer but the expected one, i.e.
a 4xx or 5xx, a PDF whose body does not start with ``%PDF``, a rename whose answer does not
show the new name, a battle report not answered 201, a confirm not answered 200 with the
battle confirmed. Two answers that are not failures: a 202 for a PDF (on its way: the player
asks again), and a 409 ``battle-state`` to a confirm (the API's documented answer when the
battle is no longer waiting; here only the battle's one opponent confirms, so none is
expected, and each is recorded for the driver to count).
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import time
import uuid
from pathlib import Path

import gevent
from locust import HttpUser, between, task

from bench.night_sheets import SheetChanges

PLAN = json.loads(Path(os.environ["NIGHT_PLAN"]).read_text())
RECORDS = Path(PLAN["record_dir"]) / f"successes-{os.getpid()}.jsonl"
_records = RECORDS.open("a", buffering=1)  # one line per success, written at once
_next_player = itertools.count()  # the users take the seeded players in order
# Whether a campaign squad's sheet changed since its player's last download (all the
# players run in this one process).
_sheets = SheetChanges()

TIMEOUT = 60  # seconds: one HTTP request
# Seconds between two requests for a PDF on its way: the 202's Retry-After, as the page's htmx
# follows it (issue #32); NIGHT_ASK_AGAIN, when set, asks every so many seconds instead (issue
# #13 asked every 0.5 s), and is the fallback for an answer without Retry-After.
ASK_AGAIN = os.environ.get("NIGHT_ASK_AGAIN")
# Seconds a player waits between two actions, at random between the two: "0.5,2" (a player at
# the table); the driver's --wait changes it to find the server's capacity.
WAIT = tuple(float(x) for x in os.environ.get("NIGHT_WAIT", "0.5,2").split(","))
PDF_PATIENCE = 60  # seconds: a PDF still on its way after this is a failure
OUTCOMES = ("full", "partial", "failed")
HARMLESS = ("stunned", "wounded")  # casualties that recover: every model stays fit to fight


def record(kind: str, **fields) -> None:
    """One success, as a JSON line the driver reads (a file per Locust process)."""
    _records.write(json.dumps({"kind": kind, "at": time.time(), **fields}) + "\n")


class Player(HttpUser):
    wait_time = between(*WAIT)

    def on_start(self) -> None:
        index = next(_next_player)
        if index >= len(PLAN["players"]):
            raise RuntimeError(f"more Locust users than seeded players ({len(PLAN['players'])})")
        self.me = PLAN["players"][index]
        self.renames = 0
        self.api = {"Authorization": f"Token {self.me['token']}"}
        # Logged in on the web already (the driver posted the log-in form before the run):
        # the session and CSRF cookies it got, as the server set them.
        for c in self.me["cookies"]:
            self.client.cookies.set(c["name"], c["value"], domain=c["domain"], path=c["path"])

    # --- helpers ------------------------------------------------------------------------------

    def form_post(self, path: str, data: dict, *, name: str):
        """A web form's post: the CSRF token (the csrftoken cookie) in the form, and the page
        it came from as Referer, as a browser sends it; redirects are followed."""
        csrf = self.client.cookies.get("csrftoken", "")
        headers = {"Referer": self.host + path}
        return self.client.post(
            path, data={**data, "csrfmiddlewaretoken": csrf}, headers=headers, name=name,
            catch_response=True, timeout=TIMEOUT,
        )  # fmt: skip

    def page(self, path: str, name: str) -> None:
        with self.client.get(path, name=name, catch_response=True, timeout=TIMEOUT) as response:
            if response.status_code == 200:
                response.success()
            else:
                response.failure(_what(response))

    def fire_pdf(self, name: str, started: float, length: int) -> None:
        """A custom entry of Locust's stats: the time until the PDF was in hand."""
        self.environment.events.request.fire(
            request_type="PDF", name=name, response_time=(time.perf_counter() - started) * 1000,
            response_length=length, exception=None, context={},
        )  # fmt: skip

    def pdf(self, pk: int, name: str) -> bytes | None:
        """The squad's sheet: asked once (``name``), then, while the answer is 202 (on its
        way), again after its Retry-After (``name: ask again``; ``ASK_AGAIN``). The PDF, or
        None after a failure."""
        url = f"/print/squads/{pk}/sheet.pdf"
        deadline = time.monotonic() + PDF_PATIENCE
        label = name
        while True:
            with self.client.get(url, name=label, catch_response=True, timeout=TIMEOUT) as r:
                if r.status_code == 200 and r.content.startswith(b"%PDF"):
                    r.success()
                    return r.content
                if r.status_code == 200:
                    r.failure(f"200 but not a PDF: {r.content[:40]!r}")
                    return None
                if r.status_code != 202:
                    r.failure(_what(r))
                    return None
                if time.monotonic() > deadline:
                    r.failure(f"still on its way after {PDF_PATIENCE} s")
                    return None
                r.success()  # on its way: ask again
                pause = _ask_again_after(r)
            label = f"{name}: ask again"
            gevent.sleep(pause)

    def campaign_url(self, rest: str = "") -> str:
        return f"/api/campaigns/{self.me['campaign']}/{rest}"

    # --- browse (50) ---------------------------------------------------------------------------

    @task(20)
    def my_squads(self) -> None:
        self.page("/squads/", "my squads")

    @task(15)
    def builder(self) -> None:
        pk = random.choice([self.me["free_squad"], self.me["campaign_squad"]])
        self.page(f"/squads/{pk}/", "builder")

    @task(15)
    def campaign_page(self) -> None:
        self.page(f"/campaigns/{self.me['campaign']}/", "campaign page")

    # --- edit, then the sheet (15) ---------------------------------------------------------------

    @task(15)
    def edit_then_sheet(self) -> None:
        pk = self.me["free_squad"]
        self.renames += 1
        new_name = f"{self.me['username']} free squad {self.renames}"
        form = {"name": new_name, "faction": self.me["free_faction"],
                "points_limit": str(self.me["free_points_limit"])}  # fmt: skip
        with self.form_post(f"/squads/{pk}/edit/", form, name="edit") as response:
            # Redirected to the builder, whose form shows the name stored now (after an
            # error: the old name, and the error as a message).
            if response.status_code == 200 and f'value="{new_name}"' in response.text:
                response.success()
            else:
                response.failure(f"rename not shown: {_what(response)}")
                return
        record("rename", player=self.me["username"], squad=pk, name=new_name)
        edited = time.perf_counter()
        body = self.pdf(pk, "sheet after edit")
        if body is not None:
            self.fire_pdf("edit to PDF in hand", edited, len(body))

    # --- the campaign squad's sheet (10) -----------------------------------------------------

    @task(10)
    def sheet(self) -> None:
        pk = self.me["campaign_squad"]
        name = _sheets.download(self.me["username"], pk)  # "sheet again" or "... after a battle"
        started = time.perf_counter()
        body = self.pdf(pk, name)
        if body is not None:
            self.fire_pdf(f"{name}: PDF in hand", started, len(body))

    # --- battles (10 + 10) ---------------------------------------------------------------------

    def side(self, squad_id: int, members: list[str]) -> dict:
        """A side of a report: an outcome, up to two casualties that recover, maybe a deed."""
        hurt = random.sample(members, random.randint(0, 2))
        side = {
            "squad_id": squad_id,
            "outcome": random.choice(OUTCOMES),
            "casualties": [{"member": m, "state": random.choice(HARMLESS)} for m in hurt],
        }
        if random.random() < 0.5:
            side["deeds"] = [{"member": random.choice(members), "out_of_action": 1}]
        return side

    @task(10)
    def report_battle(self) -> None:
        opponent = random.choice(self.me["opponents"])
        document = {
            "format": "battle-report/1",
            "system": "black-sun",
            "scenario": "Club night",
            "played_on": time.strftime("%Y-%m-%d"),
            "sides": [
                self.side(self.me["campaign_squad"], self.me["members"]),
                self.side(opponent["squad_id"], opponent["members"]),
            ],
        }
        headers = {**self.api, "Idempotency-Key": uuid.uuid4().hex}
        with self.client.post(
            self.campaign_url("battles/"), json=document, headers=headers, name="report battle",
            catch_response=True, timeout=TIMEOUT,
        ) as response:  # fmt: skip
            if response.status_code != 201:
                response.failure(f"{response.status_code}: {response.text[:300]}")
                return
            response.success()
            battle = response.json()
        record("report", player=self.me["username"], campaign=self.me["campaign"],
               number=battle["number"],
               squads=[s["squad_id"] for s in battle["sides"]])  # fmt: skip

    @task(10)
    def confirm_pending(self) -> None:
        with self.client.get(
            self.campaign_url("battles/?page_size=100"), headers=self.api, name="battles list",
            catch_response=True, timeout=TIMEOUT,
        ) as response:  # fmt: skip
            if response.status_code != 200:
                response.failure(_what(response))
                return
            response.success()
            battles = response.json()["results"]
        me = self.me["username"]
        waiting = [
            (b["number"], [side["squad_id"] for side in b["sides"]]) for b in battles
            if b["status"] == "pending" and b["submitted_by"] != me
            and any(side["player"] == me for side in b["sides"])
        ]  # fmt: skip
        for number, squad_ids in waiting:
            with _sheets.confirming_battle(squad_ids):
                self.confirm(number)

    def confirm(self, number: int) -> None:
        with self.client.post(
            self.campaign_url(f"battles/{number}/confirm/"), headers=self.api, name="confirm",
            catch_response=True, timeout=TIMEOUT,
        ) as response:  # fmt: skip
            if response.status_code == 409 and _error_code(response) == "battle-state":
                response.success()  # decided meanwhile: the documented answer
                record("confirm-moved-on", player=self.me["username"],
                       campaign=self.me["campaign"], number=number)  # fmt: skip
                return
            body = response.json() if response.status_code == 200 else {}
            if body.get("status") != "confirmed":
                response.failure(f"{response.status_code}: {response.text[:300]}")
                return
            response.success()
        record("confirm", player=self.me["username"], campaign=self.me["campaign"],
               number=number,
               vp={str(s["squad_id"]): s["vp"] for s in body["sides"]})  # fmt: skip

    # --- standings (5) -------------------------------------------------------------------------

    @task(5)
    def standings(self) -> None:
        with self.client.get(
            self.campaign_url("standings/"), headers=self.api, name="standings",
            catch_response=True, timeout=TIMEOUT,
        ) as response:  # fmt: skip
            if response.status_code == 200 and isinstance(response.json(), list):
                response.success()
            else:
                response.failure(_what(response))
        self.page(f"/campaigns/{self.me['campaign']}/", "campaign page")


def _ask_again_after(response) -> float:
    """Seconds before asking again for a PDF on its way: ``NIGHT_ASK_AGAIN`` when set, else
    the answer's Retry-After (1 s without one)."""
    if ASK_AGAIN:
        return float(ASK_AGAIN)
    try:
        return float(response.headers.get("Retry-After", "1"))
    except ValueError:
        return 1.0


def _what(response) -> str:
    """A failed answer in a few words, the same for the same kind of failure (Locust groups
    its errors by their text): its status, and its page's title or its text's start; no
    answer at all (status 0): the client's error (a connection refused, reset or timed out)."""
    if not response.status_code:
        error = getattr(response, "error", None)
        return f"0 no answer: {type(error).__name__}: {str(error)[:200]}"
    title = re.search(r"<title>(.*?)</title>", response.text, re.S)
    return f"{response.status_code} {title.group(1).strip() if title else response.text[:200]}"


def _error_code(response) -> str | None:
    try:
        return response.json()["errors"][0]["code"]
    except (ValueError, KeyError, IndexError, TypeError):
        return None
