"""The ``squad-roster/1`` document: a squad (or a force) read and written.

``docs/formats.md``, "Roster document". Codes are checked against the game system named by
``system``; the game's own reasons for a document to be unreadable (``check_document``) run
once it has the right shape.
"""

from __future__ import annotations

import re
from typing import Any

from rules.documents.members import (
    TOO_MANY_SQUAD_LINES,
    member_document,
    read_member,
)
from rules.documents.reader import (
    MAX_POINTS_LIMIT,
    Reader,
    format_and_system,
    join,
    limited,
    loads,
)
from rules.documents.units import read_units, unit_to_document
from rules.i18n import gettext_noop as _
from rules.registry import GameSystem, get_system
from rules.types import Roster

ROSTER_FORMAT = "squad-roster/1"

# The limits of ``GameSystem.limits``: of this service, not of the game, and said so.
TOO_MANY_MEMBERS = _(
    "at most %(max)d models per squad (a limit of this service, far above any legal squad)"
)

TOO_MANY_SQUAD_ABILITIES = _(
    "at most %(max)d abilities per squad, not %(count)d (a limit of this service, far above "
    "what a campaign gives a squad)"
)


def read_roster(r: Reader, value: Any, path: str) -> Roster | None:
    system = None
    if isinstance(value, dict) and isinstance(value.get("system"), str):
        try:
            system = get_system(value["system"])
        except KeyError:
            pass
    # A game without faction codes takes an optional faction in free text (printed only).
    coded = system is None or system.factions is not None
    lists = "members" if system is None else system.lists  # a game of units lists units
    data = r.object(
        value, path,
        ("format", "system", "name", lists, *(("faction",) if coded else ())),
        ("points_limit", *(() if coded else ("faction",))),
    )  # fmt: skip
    if data is None:
        return None
    system = format_and_system(r, data, path, ROSTER_FORMAT)
    name = r.string(data.get("name"), join(path, "name")) if "name" in data else None
    if system is None:
        return None
    faction = None
    if system.factions is None:
        faction = r.string(data.get("faction", ""), join(path, "faction"), blank=True)
    elif "faction" in data:
        faction = r.code(data["faction"], join(path, "faction"), system.factions, "faction")
    limit = system.default_points_limit
    limit_ok = True
    if "points_limit" in data:
        if data["points_limit"] is None and system.default_points_limit is None:
            limit = None  # a game without points: no limit
        else:
            limit = r.integer(data["points_limit"], join(path, "points_limit"),
                              minimum=1, maximum=MAX_POINTS_LIMIT)  # fmt: skip
            limit_ok = limit is not None
    if system.units is not None:
        units = read_units(r, data.get("units", []), join(path, "units"), system)
        if name is None or faction is None or not limit_ok or units is None:
            return None
        roster = Roster(system.code, name, faction, (), limit, units)
        return _checked(r, roster, path, system)
    members = []
    limits = system.limits
    members_path = join(path, "members")
    raw_members = limited(
        r, data.get("members", []), members_path, limits.members, TOO_MANY_MEMBERS
    )
    for i, raw in enumerate(raw_members):
        members.append(read_member(r, raw, f"{members_path}[{i}]", system))
    read = [m for m in members if m is not None]
    lines = sum(len(m.equipment) for m in read)
    if lines > limits.squad_equipment:
        r.refuse(members_path, TOO_MANY_SQUAD_LINES, max=limits.squad_equipment, count=lines)
    abilities = sum(len(m.abilities) for m in read)
    if abilities > limits.squad_abilities:
        r.refuse(
            members_path, TOO_MANY_SQUAD_ABILITIES, max=limits.squad_abilities, count=abilities
        )
    if name is None or faction is None or not limit_ok or None in members:
        return None
    roster = Roster(system.code, name, faction, tuple(members), limit)
    return _checked(r, roster, path, system)


def _checked(r: Reader, roster: Roster, path: str, system: GameSystem) -> Roster:
    """The game's own reasons for a document to be unreadable (``check_document``)."""
    if system.check_document is not None:
        for where, template, params in system.check_document(roster):
            since = len(r.problems)
            r.refuse(join(path, where), template, **params)
            named = named_path(roster, where)
            if named is not None:
                r.name_problems(since, join(path, named[0]), named[1])
    return roster


_NAMED = re.compile(r"(?:units\[(\d+)\](?:\.members\[(\d+)\])?|members\[(\d+)\])(?=\.)")


def named_path(roster: Roster, path: str) -> tuple[str, str] | None:
    """``(prefix, name)``: the part of a document ``path`` that points at a model or unit of
    ``roster`` (``members[2]``, ``units[0].members[1]``, ``units[0]``) and its name, or
    ``None`` when the path points at no model or unit of it."""
    match = _NAMED.match(path)
    if match is None:
        return None
    unit, in_unit, member = match.groups()
    try:
        if member is not None:
            return match.group(0), roster.members[int(member)].name
        if in_unit is not None:
            return match.group(0), roster.units[int(unit)].members[int(in_unit)].name
        return match.group(0), roster.units[int(unit)].name
    except IndexError:
        return None


def parse_roster(data: Any) -> Roster:
    """A ``squad-roster/1`` document (already decoded from JSON) as a ``Roster``."""
    r = Reader()
    roster = read_roster(r, data, "")
    r.raise_if_failed()
    assert roster is not None
    return roster


def load_roster(text: str | bytes) -> Roster:
    return parse_roster(loads(text))


def roster_to_document(roster: Roster) -> dict[str, Any]:
    """The ``squad-roster/1`` document of a roster; ``parse_roster`` gives it back unchanged."""
    system = get_system(roster.system)
    document: dict[str, Any] = {
        "format": ROSTER_FORMAT,
        "system": roster.system,
        "name": roster.name,
        "faction": roster.faction,
        "points_limit": roster.points_limit,
    }
    if system.units is not None:
        document["units"] = [unit_to_document(system, unit) for unit in roster.units]
    else:
        document["members"] = [member_document(system, m) for m in roster.members]
    if system.factions is None and not roster.faction:
        del document["faction"]  # optional free text, left out when empty
    return document
