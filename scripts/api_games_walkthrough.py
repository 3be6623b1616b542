#!/usr/bin/env python3
"""Every game played through the REST API from its catalogue alone (issue #17, part 4).

For each game that GET /api/systems/ lists with campaign rules (or the ones given with
--system), it reads the game's catalogue and builds two legal rosters from what it declares
(no game's code is written here: the first faction that sets no share, the fewest models
of each type the rules ask for, units of the default kind with the models and weapons
their kind must have), checks them with POST /api/squads/validate/, and imports them as
two players' squads. The organiser creates a campaign of the game, the player joins it with
its invitation code, both enrol their squad; the organiser reports a battle (a win for the
organiser, one casualty on the other side), the player confirms it, the standings count it,
the organiser voids it and the standings forget it. Then it downloads every PDF: the
organiser's campaign squad's sheet and cards, the campaign report and the game's
quick-reference card, on the paper given.

Standard library only: it speaks HTTP and nothing else, so it runs against any server.

    python scripts/api_games_walkthrough.py http://localhost:8000 \\
        --organiser alice:PASSWORD --player bob:PASSWORD [--system CODE ...] \\
        [--paper letter] [--out DIR] [--no-pdf]

A login is USERNAME:PASSWORD or token:KEY. It prints each step, writes the PDFs into
--out/<game>/ (the current directory by default), and exits 0 when every step of every game
worked, 1 when the server refused one (with the API's errors), 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import sys
import time
import uuid
from dataclasses import dataclass
from gettext import gettext as _
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from api_walkthrough import Client, Failed, step  # noqa: E402  (the script beside this one)

PDF_WAIT = 120  # seconds to wait for a PDF the task worker prints (202 answers)


# --- a legal roster from the catalogue alone --------------------------------------------------


def _first_value(field: dict[str, Any]) -> Any:
    """The plainest value a record field takes: its default, else its first choice or least."""
    if field["default"] is not None:
        return field["default"]
    if field["choices"]:
        return field["choices"][0]["code"]
    if field["kind"] in ("count", "rolls"):
        return field["minimum"] or 0
    return {"flag": False, "text": "", "adjustments": {}}.get(field["kind"])


def _cost(model_type: dict[str, Any]) -> int:
    return sum(model_type["cost"]["values"].values()) if model_type["cost"] else 0


def _faction(catalogue: dict[str, Any]) -> str | None:
    """The first faction whose squads need no share of their models armed one way."""
    factions = catalogue["factions"]
    if not factions:
        return None
    free = [f for f in factions if not any(s["bound"] == "least" for s in f["shares"])]
    return (free or factions)[0]["code"]


def _models(catalogue: dict[str, Any]) -> list[dict[str, Any]]:
    """The fewest of each type the rules ask for, then models of the type with the most room
    (the cheapest first) until the squad is big enough; nobody carries anything."""
    types = catalogue["model_types"]
    counts = dict.fromkeys((t["code"] for t in types), 0)
    members: list[dict[str, Any]] = []

    def add(model_type: dict[str, Any]) -> None:
        counts[model_type["code"]] += 1
        name = f"{model_type['label']} {len(members) + 1}"
        members.append({"name": name, "type": model_type["code"], "equipment": []})

    for model_type in types:
        for _n in range(model_type["least"] or 0):
            add(model_type)
    while len(members) < catalogue["roster_size"]["least"]:
        room = [t for t in types if t["most"] is None or counts[t["code"]] < t["most"]]
        if not room:
            raise Failed(_("the catalogue allows no squad big enough"))
        add(min(room, key=lambda t: (t["most"] is not None, _cost(t))))
    return members


def _carried(kind: dict[str, Any], per: str) -> list[dict[str, Any]]:
    """The equipment lines a model (``per="model"``) or a unit must hold: the least of each
    ``carries`` rule, of its first item the kind may hold."""
    lines = []
    for carry in kind["carries"]:
        if carry["per"] != per or not carry["least"]:
            continue
        allowed = [i for i in carry["items"] if kind["items"] is None or i in kind["items"]]
        if not allowed:
            raise Failed(_("%(kind)s must carry an item it may not hold") % {"kind": kind["code"]})
        lines.append({"item": allowed[0], "count": carry["least"]})
    return lines


def _units(catalogue: dict[str, Any]) -> list[dict[str, Any]]:
    """As few units as a force has, of the default kind (else the first), each with its
    required keys, the fewest models its kind has and what they must carry."""
    declared = catalogue["units"]
    kinds = declared["kinds"]
    kind = next((k for k in kinds if k["code"] == declared["default_kind"]), kinds[0])
    record = {field["key"]: field for field in declared["record"]}
    units = []
    for n in range(max(catalogue["roster_size"]["least"], 1)):
        unit: dict[str, Any] = {"name": f"{kind['label']} {n + 1}", "kind": kind["code"]}
        for key in kind["required"]:
            unit[key] = _first_value(record[key])
        own = _carried(kind, "unit")
        if kind["members"]:
            members = [
                {"name": f"{n + 1}.{i + 1}", "equipment": _carried(kind, "model")}
                for i in range(max(kind["models"]["least"], 1))
            ]
            members[0]["equipment"] += own
            unit["members"] = members
        elif own:
            unit["equipment"] = own
        units.append(unit)
    return units


def build_roster(catalogue: dict[str, Any], name: str) -> dict[str, Any]:
    """A squad-roster/1 document of the catalogue's game that breaks none of its rules."""
    document: dict[str, Any] = {
        "format": "squad-roster/1",
        "system": catalogue["code"],
        "name": name,
    }
    faction = _faction(catalogue)
    if faction is not None:
        document["faction"] = faction
    if catalogue["default_points_limit"] is not None:
        document["points_limit"] = catalogue["default_points_limit"]
    if catalogue["lists"] == "units":
        document["units"] = _units(catalogue)
    else:
        document["members"] = _models(catalogue)
    return document


def _casualty(catalogue: dict[str, Any], document: dict[str, Any]) -> dict[str, Any] | None:
    """The first model (or unit) of a side, in its plainest state but the first (unhurt)."""
    battle = catalogue["battle"]
    if document.get("units"):
        casualty = {"unit": document["units"][0]["name"]}
    elif document.get("members") and len(battle["states"]) > 1:
        casualty = {"member": document["members"][0]["name"], "state": battle["states"][1]["code"]}
    else:
        return None
    for field in battle["casualty"]:
        if field["required"]:
            casualty[field["key"]] = _first_value(field)
    return casualty


def battle_report(catalogue: dict[str, Any], first: Side, second: Side) -> dict[str, Any]:
    """The first side takes the first outcome, the second the last, with one casualty."""
    outcomes = [outcome["code"] for outcome in catalogue["battle"]["outcomes"]]
    losing: dict[str, Any] = {"squad_id": second.campaign_squad_id, "outcome": outcomes[-1]}
    casualty = _casualty(catalogue, second.document)
    if casualty is not None:
        losing["casualties"] = [casualty]
    return {
        "format": "battle-report/1",
        "system": catalogue["code"],
        "scenario": _("Walkthrough"),
        "sides": [{"squad_id": first.campaign_squad_id, "outcome": outcomes[0]}, losing],
    }


# --- the walk ---------------------------------------------------------------------------------


@dataclass
class Side:
    """One player's part in one game: the squad imported and its copy in the campaign."""

    name: str
    client: Client
    document: dict[str, Any]
    squad_id: int = 0
    campaign_squad_id: int = 0


def log_in(base: str, login: str) -> tuple[str, Client]:
    user, _sep, secret = login.partition(":")
    client = Client(base)
    if user == "token":
        client.token = secret
        return secret[:6], client
    step(f"{user}: POST /api/auth/token/")
    reply = client.call("POST", "/api/auth/token/", {"username": user, "password": secret})
    client.token = reply.json()["token"]
    return user, client


def import_squad(side: Side) -> None:
    step(f"{side.name}: POST /api/squads/validate/")
    checked = side.client.call("POST", "/api/squads/validate/", side.document).json()
    for violation in checked["violations"]:
        print(f"   - {violation['message']}")
    if not checked["valid"]:
        raise Failed(_("the roster built from the catalogue breaks the rules"))
    step(f"{side.name}: POST /api/squads/import/")
    squad = side.client.call("POST", "/api/squads/import/", side.document, expect=(201,)).json()
    side.squad_id = squad["id"]
    print("   " + _("squad %(id)s: %(name)s") % squad)


def set_up_campaign(catalogue: dict[str, Any], organiser: Side, player: Side) -> int:
    step(f"{organiser.name}: POST /api/campaigns/")
    body = {"name": _("%(game)s walkthrough") % {"game": catalogue["name"]}}
    campaign = organiser.client.call(
        "POST", "/api/campaigns/", {**body, "system": catalogue["code"]}, expect=(201,)
    ).json()
    print("   " + _("campaign %(id)s, invitation code %(invite_code)s") % campaign)
    step(f"{player.name}: POST /api/campaigns/join/")
    player.client.call(
        "POST", "/api/campaigns/join/", {"code": campaign["invite_code"]}, expect=(200, 201)
    )
    path = f"/api/campaigns/{campaign['id']}/enrol/"
    for side in (organiser, player):
        step(f"{side.name}: POST {path}")
        entry = side.client.call("POST", path, {"squad_id": side.squad_id}, expect=(201,)).json()
        if entry.get("violations"):
            raise Failed(_("squad %(squad_id)s breaks the campaign's rules") % entry)
        side.campaign_squad_id = entry["squad_id"]
    return campaign["id"]


def count_battles(side: Side, campaign_id: int, expected: int) -> None:
    path = f"/api/campaigns/{campaign_id}/standings/"
    step(f"{side.name}: GET {path}")
    rows = side.client.call("GET", path).json()
    for row in rows:
        print("   " + _("%(rank)s. %(squad)s: %(vp)s VP, %(battles)s battles") % row)
    if sorted(row["battles"] for row in rows) != [expected, expected]:
        raise Failed(_("the standings do not count %(n)d battle(s)") % {"n": expected})


def play_battle(catalogue: dict[str, Any], organiser: Side, player: Side, campaign_id: int):
    path = f"/api/campaigns/{campaign_id}/battles/"
    report = battle_report(catalogue, organiser, player)
    step(f"{organiser.name}: POST {path}")
    headers = {"Idempotency-Key": str(uuid.uuid4())}
    battle = organiser.client.call("POST", path, report, expect=(201,), **headers).json()
    number = battle["number"]
    if battle["status"] == "pending":
        step(f"{player.name}: POST {path}{number}/confirm/")
        battle = player.client.call("POST", f"{path}{number}/confirm/").json()
    if battle["status"] != "confirmed":
        raise Failed(_("battle %(number)s is %(status)s, not confirmed") % battle)
    count_battles(organiser, campaign_id, 1)
    step(f"{organiser.name}: POST {path}{number}/void/")
    battle = organiser.client.call("POST", f"{path}{number}/void/").json()
    if battle["status"] != "voided":
        raise Failed(_("battle %(number)s is %(status)s, not voided") % battle)
    count_battles(organiser, campaign_id, 0)


def download(side: Side, path: str, target: Path) -> None:
    """A PDF, asking again while the server answers 202 (its worker prints it)."""
    step(f"{side.name}: GET {path}")
    deadline = time.monotonic() + PDF_WAIT
    reply = side.client.call("GET", path, expect=(200, 202), Accept="application/pdf")
    while reply.status == 202:
        if time.monotonic() > deadline:
            raise Failed(_("%(path)s: still being printed") % {"path": path})
        time.sleep(float(reply.headers.get("Retry-After", "1")))
        location = reply.headers.get("Location") or path
        reply = side.client.call("GET", location, expect=(200, 202), Accept="application/pdf")
    if not reply.body.startswith(b"%PDF"):
        raise Failed(_("%(path)s did not give a PDF") % {"path": path})
    target.write_bytes(reply.body)
    print("   " + _("%(size)d bytes: %(file)s") % {"size": len(reply.body), "file": target})


def download_all(catalogue: dict, side: Side, campaign_id: int, paper: str, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    sheet = f"/api/squads/{side.campaign_squad_id}/sheet/?paper={paper}"
    download(side, sheet, out / "sheet.pdf")
    download(side, f"{sheet}&cards=true", out / "cards.pdf")
    report = f"/api/campaigns/{campaign_id}/report/?paper={paper}"
    download(side, report, out / "campaign-report.pdf")
    if catalogue["reference_card"]:
        download(side, f"{catalogue['reference_card']}?paper={paper}", out / "reference.pdf")


def walk_game(url: str, logins: list[tuple[str, Client]], args: argparse.Namespace) -> None:
    step(f"GET {url}")
    catalogue = logins[0][1].call("GET", url).json()
    print("   " + _("%(name)s: %(lists)s") % catalogue)
    organiser, player = (
        Side(name, client, build_roster(catalogue, f"{catalogue['name']} {i + 1}"))
        for i, (name, client) in enumerate(logins)
    )
    for side in (organiser, player):
        import_squad(side)
    campaign_id = set_up_campaign(catalogue, organiser, player)
    play_battle(catalogue, organiser, player, campaign_id)
    if not args.no_pdf:
        download_all(catalogue, organiser, campaign_id, args.paper, args.out / catalogue["code"])


def walk(args: argparse.Namespace) -> None:
    """Every game in order; raises ``Failed`` at the first step that does not work."""
    base = args.base_url.rstrip("/") + "/"
    logins = [log_in(base, args.organiser), log_in(base, args.player)]
    if args.system:
        urls = [f"/api/systems/{code}/" for code in args.system]
    else:
        step("GET /api/systems/")
        games = logins[0][1].call("GET", "/api/systems/").json()
        urls = [game["url"] for game in games if game["campaigns"]]
    for url in urls:
        walk_game(url, logins, args)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base_url", help=_("the site, e.g. http://localhost:8000"))
    parser.add_argument("--organiser", required=True, help=_("USERNAME:PASSWORD or token:KEY"))
    parser.add_argument("--player", required=True, help=_("USERNAME:PASSWORD or token:KEY"))
    parser.add_argument(
        "--system", action="append", help=_("a game's code (repeat); every game by default")
    )
    parser.add_argument("--paper", default="a4", help=_("the PDFs' paper (a4 or letter)"))
    parser.add_argument("--no-pdf", action="store_true", help=_("download no PDF"))
    parser.add_argument("--out", type=Path, default=Path("."), help=_("where to write the PDFs"))
    args = parser.parse_args(argv)
    for login in (args.organiser, args.player):
        if ":" not in login:
            parser.error(
                _("%(login)r: a login is USERNAME:PASSWORD or token:KEY") % {"login": login}
            )
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        walk(args)
    except Failed as error:
        print(_("FAILED: %(error)s") % {"error": error}, file=sys.stderr)
        return 1
    print(_("every game: every step worked"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
