#!/usr/bin/env python3
"""A campaign played through the REST API alone (issue #6, "done when").

Two players each import a squad-roster/1 document as a squad, check it against the rules,
join a campaign with its invitation code and enrol the squad. The first player reports a
battle between the two campaign squads (sent twice with one Idempotency-Key, to show that a
retry does not record it twice), the second confirms it, then the standings are read and
the first player's squad sheet and the campaign report are downloaded as PDF.

Standard library only: it speaks HTTP and nothing else, so it runs against any server.

    python scripts/api_walkthrough.py http://localhost:8000 --invite=CODE \\
        --player alice:PASSWORD us-army.json --player bob:PASSWORD viet-cong.json

Write --invite=CODE with "=": an invitation code may start with "-". A player is
USERNAME:PASSWORD or token:KEY. It prints each step, writes standings.json and
the PDFs into --out (the current directory by default), and exits 0 when every step worked,
1 when the server refused one (with the API's errors), 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import json
import sys
import uuid
from dataclasses import dataclass, field
from gettext import gettext as _
from pathlib import Path
from typing import Any
from urllib.error import HTTPError, URLError
from urllib.parse import urljoin
from urllib.request import Request, urlopen

TIMEOUT = 60  # seconds; a PDF takes a moment on a cold cache


class Failed(Exception):
    """A step did not give what it should; the message says which and why."""


@dataclass
class Response:
    status: int
    headers: Any
    body: bytes

    def json(self) -> Any:
        try:
            return json.loads(self.body)
        except ValueError:
            raise Failed(_("not JSON: %(start)r") % {"start": self.body[:80]}) from None


@dataclass
class Client:
    base: str
    token: str = ""

    def call(self, method: str, path: str, body: Any = None, *, expect=(200,), **headers: str):
        """One request; a status not in ``expect`` fails with the API's errors."""
        data = None
        headers = {"Accept": "application/json", **headers}
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if self.token:
            headers["Authorization"] = f"Token {self.token}"
        request = Request(urljoin(self.base, path), data=data, method=method, headers=headers)
        try:
            with urlopen(request, timeout=TIMEOUT) as raw:
                response = Response(raw.status, raw.headers, raw.read())
        except HTTPError as error:
            response = Response(error.code, error.headers, error.read())
        except URLError as error:
            message = _("cannot reach the server (%(reason)s)") % {"reason": error.reason}
            raise Failed(f"{method} {path}: {message}") from None
        if response.status not in expect:
            raise Failed(f"{method} {path}: HTTP {response.status}{describe(response)}")
        return response


def describe(response: Response) -> str:
    """The API's errors, one a line, as ``field: message``."""
    try:
        errors = json.loads(response.body)["errors"]
        lines = [f"{e['field']}: {e['message']}" if e["field"] else e["message"] for e in errors]
    except (ValueError, KeyError, TypeError):
        return ""
    return "".join(f"\n    {line}" for line in lines)


@dataclass
class Player:
    login: str  # USERNAME:PASSWORD or token:KEY
    roster: Path
    client: Client = field(init=False)
    name: str = ""
    squad_id: int = 0  # the squad imported
    campaign_squad_id: int = 0  # its copy in the campaign
    document: dict = field(default_factory=dict)


def step(message: str) -> None:
    print(f"-> {message}", flush=True)


def log_in(player: Player, base: str) -> None:
    user, _sep, secret = player.login.partition(":")
    player.client = Client(base)
    if user == "token":
        player.client.token = secret
        player.name = player.roster.stem
        step(f"{player.name}: " + _("using the token given"))
        return
    step(f"{user}: POST /api/auth/token/")
    reply = player.client.call("POST", "/api/auth/token/", {"username": user, "password": secret})
    player.client.token = reply.json()["token"]
    player.name = user


def import_and_validate(player: Player) -> None:
    player.document = json.loads(player.roster.read_text(encoding="utf-8"))
    step(f"{player.name}: POST /api/squads/import/ ({player.roster.name})")
    squad = player.client.call("POST", "/api/squads/import/", player.document, expect=(201,)).json()
    player.squad_id = squad["id"]
    print("   " + _("squad %(id)s: %(name)s (%(faction)s)") % squad)
    step(f"{player.name}: GET /api/squads/{squad['id']}/validate/")
    result = player.client.call("GET", f"/api/squads/{squad['id']}/validate/").json()
    print("   " + _("%(points)s of %(limit)s points, valid: %(valid)s") % result)
    for violation in result["violations"]:
        print(f"   - {violation['message']}")
    if not result["valid"]:
        raise Failed(_("%(name)s breaks the rules: a campaign would refuse its battles") % squad)


def join_and_enrol(player: Player, invite: str) -> int:
    step(f"{player.name}: POST /api/campaigns/join/")
    reply = player.client.call("POST", "/api/campaigns/join/", {"code": invite}, expect=(200, 201))
    campaign = reply.json()
    joined = _("joined %(name)s") if reply.status == 201 else _("already playing in %(name)s")
    print("   " + joined % campaign)
    path = f"/api/campaigns/{campaign['id']}/enrol/"
    step(f"{player.name}: POST {path}")
    entry = player.client.call("POST", path, {"squad_id": player.squad_id}, expect=(201,)).json()
    player.campaign_squad_id = entry["squad_id"]
    print("   " + _("enrolled: the campaign squad is %(squad_id)s") % entry)
    return campaign["id"]


def battle_report(first: Player, second: Player) -> dict:
    """A win for the first player; the second player's first model is stunned."""
    casualties = []
    if second.document.get("members"):
        casualties.append({"member": second.document["members"][0]["name"], "state": "stunned"})
    deeds = []
    if first.document.get("members"):
        deeds.append({"member": first.document["members"][0]["name"], "out_of_action": 1})
    return {
        "format": "battle-report/1",
        "system": first.document.get("system", "black-sun"),
        "scenario": "Patrol at the river",
        "sides": [
            {"squad_id": first.campaign_squad_id, "outcome": "full", "deeds": deeds},
            {"squad_id": second.campaign_squad_id, "outcome": "failed",
             "casualties": casualties},
        ],
    }  # fmt: skip


def report_battle(first: Player, second: Player, campaign_id: int) -> int:
    path = f"/api/campaigns/{campaign_id}/battles/"
    report = battle_report(first, second)
    key = str(uuid.uuid4())
    step(f"{first.name}: POST {path} (Idempotency-Key {key})")
    battle = first.client.call(
        "POST", path, report, expect=(201,), **{"Idempotency-Key": key}
    ).json()
    print("   " + _("battle %(number)s: %(status)s") % battle)
    step(f"{first.name}: " + _("the same report with the same key again"))
    again = first.client.call("POST", path, report, expect=(200,), **{"Idempotency-Key": key})
    if again.json()["number"] != battle["number"]:
        raise Failed(_("the retry recorded a second battle"))
    print("   " + _("the same battle %(number)s, not a new one") % battle)
    if battle["status"] == "pending":
        confirm = f"{path}{battle['number']}/confirm/"
        step(f"{second.name}: POST {confirm}")
        battle = second.client.call("POST", confirm).json()
    for side in battle["sides"]:
        print("   " + _("%(squad)s: %(outcome)s, %(vp)s VP, %(placing)s") % side)
    if battle["status"] != "confirmed":
        raise Failed(_("battle %(number)s is %(status)s, not confirmed") % battle)
    return battle["number"]


def read_standings(player: Player, campaign_id: int, out: Path) -> list[dict]:
    path = f"/api/campaigns/{campaign_id}/standings/"
    step(f"{player.name}: GET {path}")
    standings = player.client.call("GET", path).json()
    for row in standings:
        line = _(
            "%(rank)s. %(squad)s (%(player)s): %(vp)s VP, %(wins)s won, %(draws)s drawn, "
            "%(losses)s lost"
        )
        print("   " + line % row)
    (out / "standings.json").write_text(json.dumps(standings, indent=2), encoding="utf-8")
    return standings


def download(player: Player, path: str, target: Path) -> None:
    step(f"{player.name}: GET {path}")
    pdf = player.client.call("GET", path, Accept="application/pdf").body
    if not pdf.startswith(b"%PDF"):
        raise Failed(_("%(path)s did not give a PDF") % {"path": path})
    target.write_bytes(pdf)
    print("   " + _("%(size)d bytes: %(file)s") % {"size": len(pdf), "file": target})


def walk(base: str, invite: str, players: list[Player], out: Path) -> list[dict]:
    """Every step in order; raises ``Failed`` at the first that does not work."""
    out.mkdir(parents=True, exist_ok=True)
    for player in players:
        log_in(player, base)
        import_and_validate(player)
    campaign_id = 0
    for player in players:
        campaign_id = join_and_enrol(player, invite)
    first, second = players
    report_battle(first, second, campaign_id)
    standings = read_standings(first, campaign_id, out)
    sheet = f"/api/squads/{first.campaign_squad_id}/sheet/"
    download(first, sheet, out / f"squad-{first.campaign_squad_id}.pdf")
    download(first, f"/api/campaigns/{campaign_id}/report/", out / "campaign-report.pdf")
    return standings


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base_url", help=_("the site, e.g. http://localhost:8000"))
    parser.add_argument(
        "--invite", required=True,
        help=_("the campaign's invitation code; write --invite=CODE, a code may start with -"),
    )  # fmt: skip
    parser.add_argument(
        "--player", nargs=2, action="append", metavar=("LOGIN", "ROSTER"), required=True,
        help=_("USERNAME:PASSWORD (or token:KEY) and a squad-roster/1 file; give two players"),
    )  # fmt: skip
    parser.add_argument("--out", type=Path, default=Path("."), help=_("where to write the files"))
    args = parser.parse_args(argv)
    if len(args.player) != 2:
        parser.error(_("give exactly two --player: a battle needs two sides"))
    for login, roster in args.player:
        if ":" not in login:
            parser.error(
                _("%(login)r: a player is USERNAME:PASSWORD or token:KEY") % {"login": login}
            )
        if not Path(roster).is_file():
            parser.error(_("%(file)s: no such file") % {"file": roster})
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    base = args.base_url.rstrip("/") + "/"
    players = [Player(login, Path(roster)) for login, roster in args.player]
    try:
        walk(base, args.invite, players, args.out)
    except Failed as error:
        print(_("FAILED: %(error)s") % {"error": error}, file=sys.stderr)
        return 1
    print(_("done: every step worked"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
