#!/usr/bin/env python3
"""Schemathesis against a live server (issue #17, part 5): every check, a bounded run.

It makes a fresh database (a SQLite file in a temporary folder, or, when --database-url or
DATABASE_URL names a PostgreSQL server, a database of its own there, dropped afterwards),
migrates it, and serves the project under gunicorn on a free local port (DEBUG on, so no
collectstatic; the throttles and log-in limits lifted, as a fuzzer is one client sending
thousands of requests; PDFs printed in the request). It seeds, through the ORM, two accounts
with their API tokens (the fuzzer and a rival) and, over HTTP with the walkthrough's client
(scripts/api_games_walkthrough.py), for every game with campaign rules: two squads of the
fuzzer's built from the game's catalogue (one to read and change, one to delete), a
campaign the fuzzer organises with the rival's squad and one of the fuzzer's enrolled, battle
1 reported by the rival and waiting, battle 2 confirmed, and one squad made public.

Then it runs ``schemathesis run`` on /api/schema/ with the project's ``schemathesis.toml``
(auth, checks and each written exemption), to which it appends the seeded ids as
dictionaries: a path's squad, campaign, battle, model, player or public id, and the squads and
invitation codes of request bodies, are drawn from those (with the schema's own values beside
them), so that requests reach the code behind the 404s. Phases: examples, coverage, fuzzing
and stateful; --max-examples bounds each operation.

    python scripts/fuzz_live.py [--max-examples 5] [--phases examples,coverage,fuzzing,stateful]
        [--database-url postgres://postgres@127.0.0.1:5432/fuzz] [--seed N] [--workers 2]
        [--keep DIR] [any other option of schemathesis run, e.g. --include-path /api/systems/]

It prints schemathesis's output, then the requests the server answered (its access log), the
5xx among them and the failures schemathesis found, and exits 0 when there were none, 1
otherwise (2 when the server could not be set up).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # scripts/
from api_games_walkthrough import Side, battle_report, build_roster  # noqa: E402
from api_walkthrough import Client, Failed  # noqa: E402
from fuzz_server import (  # noqa: E402  (the database and the server)
    PYTHON,
    ROOT,
    database,
    free_port,
    gunicorn,
    manage,
    server_env,
    tail,
)

__all__ = ["database", "free_port", "gunicorn", "manage", "server_env", "tail"]  # as before


CONFIG = ROOT / "schemathesis.toml"
PHASES = "examples,coverage,fuzzing,stateful"
PASSWORD = "fuzz-" + secrets.token_urlsafe(12)
_STATUS = re.compile(r'" (\d{3}) ')  # gunicorn's common log format: "GET /x HTTP/1.1" 200 ...


@dataclass
class Seeded:
    """The ids the fuzzer's requests are aimed at."""

    tokens: dict[str, str]
    squads: list[int] = field(default_factory=list)  # the fuzzer's, to read and change
    doomed: list[int] = field(default_factory=list)  # the fuzzer's, to delete
    campaigns: list[int] = field(default_factory=list)
    campaign_squads: list[int] = field(default_factory=list)
    invites: list[str] = field(default_factory=list)
    players: list[int] = field(default_factory=list)  # the rival, in each campaign
    members: list[int] = field(default_factory=list)  # models of the campaign squads
    public: list[str] = field(default_factory=list)


# --- what the requests aim at -----------------------------------------------------------------

USERS = """
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
import json
tokens = {}
for name in ("fuzzer", "rival"):
    user = get_user_model().objects.create_user(name, password=%r)
    tokens[name] = Token.objects.create(user=user).key
print(json.dumps(tokens))
"""
MEMBERS = """
from rosters.models import Member
import json
print(json.dumps(list(Member.objects.filter(squad_id__in=%r).values_list("pk", flat=True))))
"""


def shell(env: dict[str, str], code: str) -> str:
    """The last line ``code`` prints, run by ``manage.py shell``."""
    return manage(env, "shell", "--no-imports", "-c", code).strip().splitlines()[-1]


def seed(env: dict[str, str], base: str) -> Seeded:
    seeded = Seeded(json.loads(shell(env, USERS % PASSWORD)))
    fuzzer = Client(base + "/", seeded.tokens["fuzzer"])
    rival = Client(base + "/", seeded.tokens["rival"])
    for game in fuzzer.call("GET", "/api/systems/").json():
        if game["campaigns"]:
            seed_game(fuzzer.call("GET", game["url"]).json(), fuzzer, rival, seeded)
    seeded.members = json.loads(shell(env, MEMBERS % seeded.campaign_squads))
    return seeded


def _import(client: Client, catalogue: dict[str, Any], name: str) -> int:
    document = build_roster(catalogue, name)
    return client.call("POST", "/api/squads/import/", document, expect=(201,)).json()["id"]


def seed_game(catalogue: dict[str, Any], fuzzer: Client, rival: Client, seeded: Seeded) -> None:
    """Two squads to keep, one to delete, a campaign with battle 1 waiting and 2 confirmed."""
    kept = [_import(fuzzer, catalogue, f"Fuzzed {n}") for n in (1, 2)]
    seeded.squads += kept
    seeded.doomed.append(_import(fuzzer, catalogue, "Doomed"))
    shared = fuzzer.call("PATCH", f"/api/squads/{kept[0]}/", {"is_public": True}).json()
    seeded.public.append(shared["public_url"].rstrip("/").rsplit("/", 1)[-1])
    rivals = _import(rival, catalogue, "Rivals")
    body = {"name": f"Fuzzed {catalogue['code']}", "system": catalogue["code"]}
    campaign = fuzzer.call("POST", "/api/campaigns/", body, expect=(201,)).json()
    rival.call("POST", "/api/campaigns/join/", {"code": campaign["invite_code"]}, expect=(201,))
    enrol = f"/api/campaigns/{campaign['id']}/enrol/"
    ours = fuzzer.call("POST", enrol, {"squad_id": kept[1]}, expect=(201,)).json()["squad_id"]
    theirs = rival.call("POST", enrol, {"squad_id": rivals}, expect=(201,)).json()["squad_id"]
    sides = [Side("rival", rival, {}, campaign_squad_id=theirs), Side("fuzzer", fuzzer, {})]
    sides[1].campaign_squad_id = ours
    battles = f"/api/campaigns/{campaign['id']}/battles/"
    for _number in (1, 2):
        rival.call("POST", battles, battle_report(catalogue, *sides), expect=(201,))
    fuzzer.call("POST", f"{battles}2/confirm/")
    players = fuzzer.call("GET", f"/api/campaigns/{campaign['id']}/players/").json()
    seeded.campaigns.append(campaign["id"])
    seeded.campaign_squads += [ours, theirs]
    seeded.invites.append(campaign["invite_code"])
    seeded.players += [p["id"] for p in players if not p["is_organiser"]]


def aimed_config(seeded: Seeded) -> str:
    """The project's schemathesis.toml with the seeded ids as dictionaries, bound to the
    parameters that name them (drawn half the time, the schema's values the other half)."""

    def values(name: str, items: list[Any]) -> str:
        return f"[dictionaries.{name}]\nvalues = {json.dumps(items)}\n"

    def aim(regex: str, bindings: dict[str, str]) -> str:
        """``regex`` matches "METHOD /path" (one filter: an entry's filters are or-ed)."""
        rows = ", ".join(
            f'"{key}" = {{ dictionary = "{name}", probability = 0.5 }}'
            for key, name in bindings.items()
        )
        return f"[[operations]]\ninclude-name-regex = '{regex}'\nparameters = {{ {rows} }}\n"

    numbers = [1, 2]
    sections = [
        values("squads", seeded.squads),
        values("doomed", seeded.doomed),
        values("campaigns", seeded.campaigns),
        values("campaign_squads", seeded.campaign_squads),
        values("invites", seeded.invites),
        values("players", seeded.players),
        values("members", seeded.members),
        values("public", seeded.public),
        values("numbers", numbers),
        aim(r"^(GET|PUT|PATCH|POST) /api/squads/\{id\}/", {"path.id": "squads"}),
        aim(r"^DELETE /api/squads/\{id\}/$", {"path.id": "doomed"}),
        aim(r" /api/shared/", {"path.public_id": "public"}),
        aim(
            r" /api/campaigns/\{id\}/",
            {
                "path.id": "campaigns",
                "path.number": "numbers",
                "path.member_id": "members",
                "path.player_id": "players",
                "path.squad_id": "campaign_squads",
                "body.squad_id": "squads",
                "body.sides[*].squad_id": "campaign_squads",
            },
        ),
        aim(r" /api/campaigns/join/$", {"body.code": "invites"}),
    ]
    return (
        CONFIG.read_text(encoding="utf-8")
        + "\n# --- appended by scripts/fuzz_live.py\n\n"
        + ("\n".join(sections))
    )


# --- the run ----------------------------------------------------------------------------------


@dataclass
class Options:
    """One run's bounds (``main``'s arguments)."""

    max_examples: int = 5
    phases: str = PHASES
    database_url: str | None = None
    seed: int | None = None
    workers: int = 2  # schemathesis's and gunicorn's
    keep: Path | None = None  # copy the logs and the report there
    output: Any = None  # where schemathesis writes its report (None: standard output)
    extra: list[str] = field(default_factory=list)  # more of schemathesis's options


@dataclass
class Outcome:
    requests: int  # answered by the server, the seeding's left out
    server_errors: int  # 5xx among them
    failures: list[tuple[str, str]]  # (operation, report) found by schemathesis
    seconds: float  # the whole run, set-up included
    exit_code: int  # schemathesis's

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and not self.server_errors and not self.failures


def run_schemathesis(base: str, config: Path, seeded: Seeded, options: Options, folder: Path):
    env = {**os.environ, "FUZZ_TOKEN": seeded.tokens["fuzzer"]}
    command = [
        str(Path(PYTHON).with_name("schemathesis")), "--config-file", str(config), "run",
        f"{base}/api/schema/", "--phases", options.phases,
        "--max-examples", str(options.max_examples), "--workers", str(options.workers),
        "--report", "junit", "--report-junit-path", str(folder / "junit.xml"), "--no-color",
    ]  # fmt: skip
    if options.seed is not None:
        command += ["--seed", str(options.seed)]
    command += options.extra
    out = options.output
    return subprocess.run(command, cwd=folder, env=env, stdout=out, stderr=out).returncode


_KEPT = re.compile(r"^(\d+\. Test Case ID|- |\[\d{3}\]|\s*`|\s*curl )")


def _gist(text: str, width: int = 400) -> str:
    """A failure's report without its blank lines and advice: each case's check, status,
    body and the curl line that reproduces it, each line cut at ``width``."""
    kept = [line.strip()[:width] for line in text.splitlines() if _KEPT.match(line)]
    return "\n    ".join(kept)


def failures(junit: Path) -> list[tuple[str, str]]:
    """(operation, report) of each failure and error schemathesis reported."""
    try:
        tree = ET.parse(junit)
    except (OSError, ET.ParseError):
        return []
    found = []
    for case in tree.iter("testcase"):
        for problem in [*case.iter("failure"), *case.iter("error")]:
            text = problem.text or problem.get("message") or ""
            found.append((case.get("name", "?"), _gist(text)))
    return found


def statuses(access_log: Path) -> list[int]:
    try:
        lines = access_log.read_text(errors="replace").splitlines()
    except OSError:
        return []
    return [int(m.group(1)) for line in lines if (m := _STATUS.search(line))]


def fuzz(options: Options) -> Outcome:
    """One run on a fresh database; raises ``Failed`` when the server cannot be set up."""
    with tempfile.TemporaryDirectory(prefix="fuzz-") as tmp:
        folder = Path(tmp)
        started = time.monotonic()
        try:
            with database(options.database_url, folder) as url:
                env = server_env(url, folder)
                manage(env, "migrate", "--noinput")
                with gunicorn(env, folder, options.workers) as base:
                    seeded = seed(env, base)
                    config = folder / "schemathesis.toml"
                    config.write_text(aimed_config(seeded), encoding="utf-8")
                    seeding = len(statuses(folder / "access.log"))
                    code = run_schemathesis(base, config, seeded, options, folder)
            answered = statuses(folder / "access.log")[seeding:]
            errors = sum(status >= 500 for status in answered)
            if errors:
                print(tail(folder / "server.log"), file=sys.stderr)
            return Outcome(
                len(answered), errors, failures(folder / "junit.xml"),
                time.monotonic() - started, code,
            )  # fmt: skip
        finally:
            if options.keep:
                options.keep.mkdir(parents=True, exist_ok=True)
                for name in ("access.log", "server.log", "junit.xml", "schemathesis.toml"):
                    if (folder / name).exists():
                        (options.keep / name).write_bytes((folder / name).read_bytes())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-examples", type=int, default=5, help="per operation and phase")
    parser.add_argument("--phases", default=PHASES)
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL"))
    parser.add_argument("--seed", type=int)
    parser.add_argument("--workers", type=int, default=2, help="schemathesis's and gunicorn's")
    parser.add_argument("--keep", type=Path, help="copy the logs and report into this folder")
    args, extra = parser.parse_known_args(argv)  # the rest goes to schemathesis run
    options = Options(**vars(args), extra=extra)
    try:
        outcome = fuzz(options)
    except Failed as error:
        print(f"fuzz_live: could not set up the server: {error}", file=sys.stderr)
        return 2
    print(f"\nrequests: {outcome.requests} in {outcome.seconds:.0f} s")
    print(
        f"5xx: {outcome.server_errors}; schemathesis failures: {len(outcome.failures)} "
        f"(exit {outcome.exit_code})"
    )
    for operation, report in outcome.failures:
        print(f"* {operation}\n    {report}")
    return 0 if outcome.ok else 1


if __name__ == "__main__":
    sys.exit(main())
