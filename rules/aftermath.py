"""What a battle leaves on a squad after it, under a pack's ``injuries`` and ``experience``
tables (``rules.aftermath_tables``): the whole aftermath of one side in one call, as the
ordered ``Change``\\ s the campaign's history keeps (each with its before and after, so that
voiding the battle reverts them exactly) and the rolls it used.

No game is named here. A model of the side's crew (``Side.crew``, ``rules.crew``; the whole
squad's active models without one) that ended the battle in one of the injury table's
states rolls on it; every model of the crew gains experience (per battle taken part in, per
battle survived, per deed), and rolls on the advance table for each threshold it crosses,
unless its injury killed it. A die is given (rolled at the table: ``rolls`` by key) or
rolled by ``rng`` (the server); ``needed`` lists the keys before anything is rolled.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from rules.aftermath_tables import (
    EXPERIENCE,
    INJURIES,
    ExperienceTable,
    InjuryTable,
    possible,
)
from rules.crew import crew_names
from rules.i18n import gettext_noop as _
from rules.registry import GameSystem, get_system
from rules.types import Change, Member, Roster, Side

TABLE, SERVER = "table", "server"  # who rolled a die
UNKNOWN_ROLL = _("no die of this aftermath is called %(key)r")
IMPOSSIBLE = _("%(roll)r is not a roll of %(dice)s")


class RollRefused(ValueError):
    """A given roll the aftermath cannot take; ``key`` is its place (``rolls.<key>``)."""

    def __init__(self, key: str, template: str, params: dict[str, Any]) -> None:
        super().__init__(template % params)
        self.key, self.template, self.params = key, template, params


@dataclass(frozen=True, slots=True)
class Die:
    """A die the aftermath asks for: its key, the model, what it is for (``"injury"`` or
    ``"advance"``) and the dice (``"2d6"``)."""

    key: str
    member: str
    purpose: str
    dice: str


@dataclass(frozen=True, slots=True)
class Rolled:
    key: str
    value: int
    by: str  # TABLE or SERVER


@dataclass(frozen=True, slots=True)
class Aftermath:
    changes: tuple[Change, ...]
    rolls: tuple[Rolled, ...]


def tables_of(read: Mapping[str, Any]) -> tuple[InjuryTable | None, ExperienceTable | None]:
    """The aftermath's tables of a read pack (``Pack.read``), each None when absent."""
    return read.get(INJURIES), read.get(EXPERIENCE)


def _crew(roster: Roster, side: Side, crew: Iterable[str] | None) -> tuple[str, ...]:
    if crew is not None:
        return tuple(crew)
    return side.crew if side.crew is not None else crew_names(roster)


def _experience(table: ExperienceTable, side: Side, name: str) -> int:
    gained = table.took_part
    if side.state_of(name) not in table.states:
        gained += table.survived
    for deeds in side.deeds:
        if deeds.member == name:
            gained += sum(table.deeds.get(d, 0) * n for d, n in deeds.counts.items())
    return gained


def needed(
    roster: Roster,
    side: Side,
    read: Mapping[str, Any],
    crew: Iterable[str] | None = None,
) -> tuple[Die, ...]:
    """Every die the aftermath may roll, in order (an advance is not rolled for a model its
    injury kills)."""
    injuries, experience = tables_of(read)
    out: list[Die] = []
    for name in _crew(roster, side, crew):
        member = roster.member(name)
        if member is None:
            continue
        if injuries is not None and side.state_of(name) in injuries.states:
            out.append(Die(f"injury:{name}", name, "injury", injuries.dice))
        if experience is not None:
            field = experience.fields.experience
            before = member.record.get(field, 0)
            due = experience.due(before, before + _experience(experience, side, name))
            out.extend(
                Die(f"advance:{name}:{k}", name, "advance", experience.dice)
                for k in range(1, due + 1)
            )
    return tuple(out)


def _roll(dice: str, rng: random.Random) -> int:
    if dice == "d66":
        return rng.randint(1, 6) * 10 + rng.randint(1, 6)
    n = int(dice[0]) if dice[0].isdigit() else 1
    return sum(rng.randint(1, 6) for _ in range(n))


class _Squad:
    """The roster as the changes leave it, one change at a time (each with its before)."""

    def __init__(self, system: GameSystem, roster: Roster) -> None:
        self.system = system
        self.members = {m.name: m for m in roster.members}
        self.changes: list[Change] = []

    def value(self, name: str, field: str) -> Any:
        member = self.members[name]
        if field == "status":
            return member.status
        found = self.system.record_field(field)
        return member.record.get(field, found.default if found is not None else None)

    def note(self, change: Change) -> None:
        self.changes.append(change)

    def set(self, name: str, kind: str, field: str, after: Any, **params: Any) -> None:
        before = self.value(name, field)
        if before == after:
            return
        self.changes.append(Change(name, kind, field, before, after, params=params))
        member = self.members[name]
        if field == "status":
            self.members[name] = replace(member, status=after)
        else:
            record = self.system.sparse_record({**member.record, field: after})
            self.members[name] = replace(member, record=record)

    def adjust(self, name: str, kind: str, field: str, code: str, amount: int) -> None:
        found = self.system.record_field(field)
        low, high = (found.minimum, found.maximum) if found is not None else (-9, 9)
        current = dict(self.value(name, field) or {})
        value = max(low, min(high if high is not None else 9, current.get(code, 0) + amount))
        if value:
            current[code] = value
        else:
            current.pop(code, None)
        self.set(name, kind, field, current, characteristic=code, amount=amount)

    def add_text(self, name: str, kind: str, field: str, text: str) -> None:
        found = self.system.record_field(field)
        if found is None or not text:
            return
        before = self.value(name, field) or ""
        after = f"{before}; {text}" if before else text
        self.set(name, kind, field, after[:200], text=text)


def aftermath(
    *, system: GameSystem, roster: Roster, side: Side, read: Mapping[str, Any],
    rolls: Mapping[str, int], rng: random.Random, crew: Iterable[str] | None = None,
) -> Aftermath:  # fmt: skip
    """The side's aftermath under the pack's tables (``read``: ``Pack.read``): ``roster`` is
    the squad after the battle's own changes; ``rolls`` the dice given, by ``needed``'s
    keys (``RollRefused`` for a key it does not ask for or a roll the dice cannot give);
    the rest rolled by ``rng``."""
    dice = {die.key: die for die in needed(roster, side, read, crew)}
    for key, value in rolls.items():
        if key not in dice:
            raise RollRefused(key, UNKNOWN_ROLL, {"key": key})
        if not isinstance(value, int) or isinstance(value, bool):
            raise RollRefused(key, IMPOSSIBLE, {"roll": value, "dice": dice[key].dice})
        if not possible(dice[key].dice, value):
            raise RollRefused(key, IMPOSSIBLE, {"roll": value, "dice": dice[key].dice})
    used: list[Rolled] = []

    def roll(die: Die) -> Rolled:
        given = die.key in rolls
        value = rolls[die.key] if given else _roll(die.dice, rng)
        used.append(Rolled(die.key, value, TABLE if given else SERVER))
        return used[-1]

    injuries, experience = tables_of(read)
    squad = _Squad(system, roster)
    for name in _crew(roster, side, crew):
        if name not in squad.members:
            continue
        die = dice.get(f"injury:{name}")
        if injuries is not None and die is not None:
            _injury(squad, injuries, name, die, roll(die))
        if experience is None or squad.value(name, "status") == "dead":
            continue
        field = experience.fields.experience
        before = squad.value(name, field) or 0
        gained = _experience(experience, side, name)
        squad.set(name, "experience", field, before + gained, points=gained)
        for k in range(1, experience.due(before, before + gained) + 1):
            die = dice[f"advance:{name}:{k}"]
            _advance(squad, experience, name, die, roll(die))
    return Aftermath(tuple(squad.changes), tuple(used))


def _rolled(squad: _Squad, kind: str, name: str, die: Die, rolled: Rolled, **params) -> None:
    squad.note(Change(name, kind, roll=rolled.value,
                      params={"dice": die.dice, "by": rolled.by, **params}))  # fmt: skip


def _injury(squad: _Squad, table: InjuryTable, name: str, die: Die, rolled: Rolled) -> None:
    row = table.row(rolled.value)
    _rolled(squad, "injury", name, die, rolled, injury=row.name if row is not None else "")
    if row is None:
        return
    if row.characteristic and row.amount:
        squad.adjust(name, "effect", table.fields.adjustments, row.characteristic, row.amount)
    status = row.status or ("recovering" if row.misses else None)
    if status is not None:
        squad.set(name, "effect", "status", status)
    squad.add_text(name, "effect", table.fields.injuries, row.name)


def _advance(squad: _Squad, table: ExperienceTable, name: str, die: Die, rolled: Rolled) -> None:
    row = table.row(rolled.value)
    _rolled(squad, "advance", name, die, rolled, skill=row.skill if row is not None else "",
            characteristic=row.characteristic if row is not None else None,
            adjustments=table.fields.adjustments)  # fmt: skip
    if row is None:
        return
    if row.characteristic:
        squad.adjust(name, "effect", table.fields.adjustments, row.characteristic, 1)
    squad.add_text(name, "effect", table.fields.skills, row.skill)


def revert(roster: Roster, changes: Iterable[Change]) -> Roster:
    """The roster before ``changes`` (applied to it in order): each undone in reverse order
    from its ``before`` (the pure twin of a void)."""
    sparse = get_system(roster.system).sparse_record
    members = {m.name: m for m in roster.members}
    for change in reversed(list(changes)):
        if change.member is None or change.field is None:
            continue
        member: Member = members[change.member]
        if change.field == "abilities":
            kept = list(member.abilities)
            for i in range(len(kept) - 1, -1, -1):
                if kept[i].code == change.after:
                    del kept[i]
                    break
            member = replace(member, abilities=tuple(kept))
        elif change.field == "status":
            member = replace(member, status=change.before)
        else:
            record = {**member.record, change.field: change.before}
            member = replace(member, record=sparse(record))
        members[change.member] = member
    return replace(roster, members=tuple(members[m.name] for m in roster.members))
