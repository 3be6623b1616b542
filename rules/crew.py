"""A battle's crew (issue #31, "Battle set-up"): the models, or the units in a game played
with units, of a squad that take part in one battle. The rest stay at home: the battle
names none of them, and what it leaves on the squad (history, experience, injuries) is for
the crew alone.

Every game reads a crew the same way, so this module names none: a model can take part
when its status is ``active`` (recovering, captured or dead ones sit every battle out); a
unit always can. No game's text (the specs of the four games) bounds a crew's size, so no
bound is set here; a game or pack that sets one would check it beside ``crew_problems``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from rules.i18n import gettext_noop as _
from rules.types import Roster, Side

# (path inside the side, English template, its parameters): as ``check_side`` answers
Problem = tuple[str, str, dict[str, Any]]

NOT_IN_SQUAD = _("no model or unit named %(name)r in %(squad)s")
CANNOT_FIGHT = _("%(name)r cannot take part: the model is %(status)s")
LISTED_TWICE = _("%(name)r is listed twice")
LEFT_AT_HOME = _("%(name)r is not in this side's crew: it stayed at home")


def crew_names(roster: Roster) -> tuple[str, ...]:
    """The names that may take part, in the roster's order: its units in a game played with
    units, else its active models."""
    if roster.units:
        return tuple(unit.name for unit in roster.units)
    return tuple(member.name for member in roster.members if member.status == "active")


def crew_problems(roster: Roster, crew: Iterable[str]) -> list[Problem]:
    """What is wrong with ``crew`` for ``roster``, each at ``crew[j]``: a name the squad
    lacks, a model that cannot take part, a name listed twice."""
    problems: list[Problem] = []
    able = set(crew_names(roster))
    statuses = {member.name: member.status for member in roster.members}
    seen: set[str] = set()
    for j, name in enumerate(crew):
        path = f"crew[{j}]"
        if name in seen:
            problems.append((path, LISTED_TWICE, {"name": name}))
        elif name not in able and name in statuses:
            problems.append((path, CANNOT_FIGHT, {"name": name, "status": statuses[name]}))
        elif name not in able:
            problems.append((path, NOT_IN_SQUAD, {"name": name, "squad": roster.name}))
        seen.add(name)
    return problems


def side_problems(roster: Roster, side: Side) -> list[Problem]:
    """A side with a crew (``Side.crew``) against its squad: the crew itself
    (``crew_problems``), then each casualty and deed naming a model or unit that stayed at
    home, at its path."""
    if side.crew is None:
        return []
    problems = crew_problems(roster, side.crew)
    if problems:
        return problems
    crew = set(side.crew)
    key = "unit" if roster.units else "member"
    for k, casualty in enumerate(side.casualties):
        if casualty.member not in crew:
            problems.append((f"casualties[{k}].{key}", LEFT_AT_HOME, {"name": casualty.member}))
    for k, deeds in enumerate(side.deeds):
        if deeds.member not in crew:
            problems.append((f"deeds[{k}].member", LEFT_AT_HOME, {"name": deeds.member}))
    return problems


def crew_roster(roster: Roster, crew: Iterable[str] | None) -> Roster:
    """``roster`` with only its crew (``None``: the whole squad, as it is): the squad the
    battle's rules see, so that those left at home neither fight nor gain anything."""
    if crew is None:
        return roster
    names = set(crew)
    return replace(
        roster,
        members=tuple(m for m in roster.members if m.name in names),
        units=tuple(u for u in roster.units if u.name in names),
    )
