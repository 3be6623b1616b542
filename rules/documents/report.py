"""The ``battle-report/1`` document: a battle's sides, casualties, deeds and dice.

``docs/formats.md``, "Battle report document". A side gives its roster inline or names a
stored squad; the game's own keys of a side and of a casualty come from its
``ReportRules``, and its ``check`` runs once the report has the right shape.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from rules.crew import LEFT_AT_HOME, LISTED_TWICE, crew_problems
from rules.documents.reader import (
    MAX_COUNT,
    MAX_TEXT,
    REFUSED,
    Problem,
    Reader,
    format_and_system,
    join,
    loads,
    record_value,
)
from rules.documents.roster import read_roster
from rules.i18n import gettext_noop as _
from rules.registry import GameSystem, RecordField
from rules.types import BattleReport, Casualty, Deeds, Roster, Side

MAX_ROUND = 1000  # a campaign round's number in a report

BATTLE_FORMAT = "battle-report/1"

_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def parse_battle_report(data: Any) -> BattleReport:
    """A ``battle-report/1`` document as a ``BattleReport``.

    For a side with an inline roster, every model named by a casualty, a deed or a survival
    roll must be in that roster; sides given by ``squad_id`` are checked by the caller,
    which can see the stored squad.
    """
    r = Reader()
    data = r.object(data, "", ("format", "system", "sides"), ("scenario", "played_on", "round"))
    if data is None:
        r.raise_if_failed()
    system = format_and_system(r, data, "", BATTLE_FORMAT)
    scenario = r.string(data.get("scenario", ""), "scenario", maximum=MAX_TEXT, blank=True)
    played_on = None
    if data.get("played_on") is not None:
        played_on = r.string(data["played_on"], "played_on")
        if played_on is not None:
            try:
                # fromisoformat alone also takes "20261120" and week dates since Python 3.11
                if not _ISO_DATE.fullmatch(played_on):
                    raise ValueError(played_on)
                played_on = date.fromisoformat(played_on).isoformat()
            except ValueError:
                r.fail("played_on", _("must be a date written YYYY-MM-DD"))
                played_on = None
    # The campaign round the battle was paired in (optional; the campaign checks it)
    round_number = None
    if data.get("round") is not None:
        round_number = r.integer(data["round"], "round", minimum=1, maximum=MAX_ROUND)
    sides = []
    if system is not None:
        raw_sides = r.list(data.get("sides", []), "sides", maximum=20)
        if "sides" in data and len(raw_sides) < 2 and isinstance(data["sides"], list):
            r.fail("sides", _("a battle has at least two sides"))
        for i, raw in enumerate(raw_sides):
            sides.append(_side(r, raw, f"sides[{i}]", system))
    r.raise_if_failed()
    report = BattleReport(system.code, tuple(sides), scenario or "", played_on, round_number)
    if system.report.check is not None:
        for path, template, params in system.report.check(report):
            r.problems.append(Problem(path, template, params, rule=True))
        r.raise_if_failed()
    return report


def load_battle_report(text: str | bytes) -> BattleReport:
    return parse_battle_report(loads(text))


NO_SUCH_MODEL = _("no model of this side is named %(name)r")


def _a_name(value: str) -> bool:
    """Whether a model could be named ``value`` (``Reader.string``'s rules: not blank, not
    too long, no control character)."""
    return Reader().string(value, "") is not None


def _side(r: Reader, value: Any, path: str, system: GameSystem) -> Side | None:
    own = system.report
    data = r.object(
        value, path, ("outcome",),
        ("roster", "squad_id", "casualties", "crew", *(("deeds",) if system.deeds else ()),
         *(f.key for f in own.side)),
    )  # fmt: skip
    if data is None:
        return None
    outcome = None
    if "outcome" in data:
        outcome = r.code(data["outcome"], f"{path}.outcome", system.outcomes, "outcome")
    roster = squad_id = None
    if ("roster" in data) == ("squad_id" in data):
        r.fail(path, _("give either roster or squad_id"))
    elif "roster" in data:
        roster = read_roster(r, data["roster"], f"{path}.roster")
        if roster is not None and roster.system != system.code:
            r.fail(f"{path}.roster.system", _("must be the report's system %(code)r"),
                   code=system.code)  # fmt: skip
    else:
        squad_id = r.integer(data["squad_id"], f"{path}.squad_id", minimum=1, maximum=2**62)
    # The models (units) that took part, when not the whole squad (``rules.crew``)
    crew = _crew(r, data["crew"], f"{path}.crew", roster) if data.get("crew") is not None else None
    # An inline roster (the command line's): a side may name only the models that fought,
    # as a campaign checks them (docs/formats.md).
    statuses = {m.name: m.status for m in roster.members} if roster is not None else None

    def check_member(value: Any, member_path: str, seen: set[str]) -> str | None:
        name = r.string(value, member_path)
        if name is None:
            return None
        if statuses is not None and name not in statuses:
            r.fail(member_path, _("no model named %(name)r in this side's roster"), name=name)
            return None
        if statuses is not None and statuses[name] != "active":
            r.fail(member_path, _("%(name)r did not fight: the model is %(status)s"),
                   name=name, status=statuses[name])  # fmt: skip
            return None
        if name in seen:
            r.refuse(member_path, _("%(name)r is listed twice"), name=name)
            return None
        if statuses is not None and crew is not None and name not in crew:
            r.refuse(member_path, LEFT_AT_HOME, name=name)
            return None
        seen.add(name)
        return name

    casualties = []
    seen: set[str] = set()
    if system.units is not None:  # a game played with units: a casualty names a unit
        casualties = _unit_casualties(r, data, path, system, roster, crew)
    for i, raw in enumerate(
        r.list(data.get("casualties", []), f"{path}.casualties") if system.units is None else []
    ):
        item_path = f"{path}.casualties[{i}]"
        entry = r.object(raw, item_path, ("member", "state"), tuple(f.key for f in own.casualty))
        if entry is None:
            continue
        name = check_member(entry.get("member"), f"{item_path}.member", seen) if (
            "member" in entry) else None  # fmt: skip
        state = None
        if "state" in entry:
            state = r.code(entry["state"], f"{item_path}.state", system.states, "state")
        details = _details(r, entry, item_path, own.casualty)
        if name is not None and state is not None and details is not None:
            casualties.append(Casualty(name, state, details))
    deeds = []
    seen = set()
    raw_deeds = data.get("deeds", []) if system.deeds else []
    for i, raw in enumerate(r.list(raw_deeds, f"{path}.deeds")):
        item_path = f"{path}.deeds[{i}]"
        entry = r.object(raw, item_path, ("member",), tuple(d.key for d in system.deeds))
        if entry is None:
            continue
        name = check_member(entry.get("member"), f"{item_path}.member", seen) if (
            "member" in entry) else None  # fmt: skip
        counts = {
            d.key: r.integer(
                entry.get(d.key, 0), f"{item_path}.{d.key}", minimum=0,
                maximum=d.maximum if d.maximum is not None else MAX_COUNT,
            )
            for d in system.deeds
        }  # fmt: skip
        if name is not None and None not in counts.values():
            deeds.append(Deeds(name, {key: n for key, n in counts.items() if n}))
    details = _details(r, data, path, own.side)
    for field_ in own.side:  # the dice of a side are rolled for its models, named by key
        if field_.kind == "rolls" and details is not None:
            for name in details.get(field_.key, {}):
                key_path = f"{path}.{field_.key}.{name}"
                if _a_name(name):
                    check_member(name, key_path, set())
                else:  # a schema cannot say what an object's keys may be; the squad can
                    r.refuse(key_path, NO_SUCH_MODEL, name=name)
    if outcome is None or (roster is None and squad_id is None) or details is None:
        return None
    return Side(outcome, roster, squad_id, tuple(casualties), tuple(deeds), details, crew)


def _crew(r: Reader, value: Any, path: str, roster: Roster | None) -> tuple[str, ...] | None:
    """A side's ``crew``: the names of the models (units) that took part, each once; with
    an inline roster, each one of its models that can fight (of its units). A stored squad's
    crew is checked by the campaign, which sees the squad (``rules.crew.side_problems``)."""
    names = []
    for j, raw in enumerate(r.list(value, path)):
        name = r.string(raw, f"{path}[{j}]")
        if name is not None:
            names.append((j, name))
    if roster is not None:
        for problem_path, template, params in crew_problems(roster, [n for _j, n in names]):
            j = names[int(problem_path[5:-1])][0]  # "crew[k]": the k-th name read
            r.refuse(f"{path}[{j}]", template, **params)
    else:
        seen: set[str] = set()
        for j, name in names:
            if name in seen:
                r.refuse(f"{path}[{j}]", LISTED_TWICE, name=name)
            seen.add(name)
    if not names:  # refused: the side's other names are not checked against it
        if isinstance(value, list) and not value:
            r.fail(path, _("a crew names at least one model or unit"))
        return None
    return tuple(dict.fromkeys(n for _j, n in names))


def _unit_casualties(
    r: Reader,
    data: dict[str, Any],
    path: str,
    system: GameSystem,
    roster: Roster | None,
    crew: tuple[str, ...] | None = None,
) -> list[Casualty]:
    """A side's ``casualties`` in a game played with units: one entry per unit, named by
    ``unit`` (in the side's roster, when it is given inline), with the game's own keys."""
    fields = system.report.casualty
    required = tuple(f.key for f in fields if f.required)
    optional = tuple(f.key for f in fields if not f.required)
    units = {u.name for u in roster.units} if roster is not None else None
    out = []
    seen: set[str] = set()
    for i, raw in enumerate(r.list(data.get("casualties", []), f"{path}.casualties")):
        item_path = f"{path}.casualties[{i}]"
        entry = r.object(raw, item_path, ("unit", *required), optional)
        if entry is None or "unit" not in entry:
            continue
        name = r.string(entry["unit"], f"{item_path}.unit")
        if name is not None and units is not None and name not in units:
            r.fail(f"{item_path}.unit", _("no unit named %(name)r in this side's roster"),
                   name=name)  # fmt: skip
            name = None
        elif name is not None and name in seen:
            r.refuse(f"{item_path}.unit", _("%(name)r is listed twice"), name=name)
            name = None
        elif name is not None and units is not None and crew is not None and name not in crew:
            r.refuse(f"{item_path}.unit", LEFT_AT_HOME, name=name)
            name = None
        if name is not None:
            seen.add(name)
        details = _details(r, entry, item_path, fields)
        if name is not None and details is not None and all(k in entry for k in required):
            out.append(Casualty(name, str(details.get("state", "")), details))
    return out


def _details(
    r: Reader, data: dict[str, Any], path: str, fields: tuple[RecordField, ...]
) -> dict[str, Any] | None:
    """The game's own keys of a casualty or a side (``ReportRules``) that are given and not
    at their default, or ``None`` when one is refused."""
    out = {}
    ok = True
    for field_ in fields:
        if field_.key not in data:
            continue
        value = record_value(r, data[field_.key], join(path, field_.key), field_)
        if value is REFUSED:
            ok = False
        elif value != field_.default and value != {}:
            out[field_.key] = value
    return out if ok else None
