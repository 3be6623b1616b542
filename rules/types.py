"""Plain values shared by every game system: rosters, violations, battle reports.

These mirror the two public documents of ``docs/formats.md`` (``squad-roster/1`` and
``battle-report/1``). They are frozen, hold codes (``"grunt"``, ``"assault-rifle"``) rather
than objects, and know nothing of storage. Game systems interpret the codes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

ABILITY_SOURCES = ("starting", "injury", "advance", "event")
MEMBER_STATUSES = ("active", "recovering", "captured", "dead")


@dataclass(frozen=True, slots=True)
class Equipment:
    item: str
    count: int = 1
    label: str | None = None  # the player's own name for it ("MG 42"), where the game has one


@dataclass(frozen=True, slots=True)
class Ability:
    code: str
    source: str = "starting"
    detail: str | None = None


@dataclass(frozen=True, slots=True)
class Member:
    name: str
    type: str
    equipment: tuple[Equipment, ...] = ()
    abilities: tuple[Ability, ...] = ()
    status: str = "active"
    # The game's own values (``GameSystem.member_record``), by key; a key at its default is
    # left out (``GameSystem.sparse_record``), so two equal models compare equal.
    record: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=True)


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit of a game played with units (``GameSystem.lists == "units"``): what takes an
    activation or an order die. ``members`` are its models, each one named model or a group
    of identical ones (the game's member record holds ``count``); a vehicle or an emplacement
    has no members and carries ``equipment`` of its own. ``record`` holds the game's own
    values of the unit (training or quality, armour class, notes...), a key at its default
    left out, as for a member."""

    name: str
    kind: str
    members: tuple[Member, ...] = ()
    equipment: tuple[Equipment, ...] = ()
    record: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=True)

    def member(self, name: str) -> Member | None:
        for member in self.members:
            if member.name == name:
                return member
        return None


@dataclass(frozen=True, slots=True)
class Roster:
    system: str
    name: str
    faction: str
    members: tuple[Member, ...] = ()
    points_limit: int | None = 200  # None: no limit (a game whose text prints no points)
    # A game played with units lists them here, and no ``members`` at the top level.
    units: tuple[Unit, ...] = ()

    def unit(self, name: str) -> Unit | None:
        for unit in self.units:
            if unit.name == name:
                return unit
        return None

    def member(self, name: str) -> Member | None:
        for member in self.members:
            if member.name == name:
                return member
        return None


@dataclass(frozen=True, slots=True)
class Violation:
    """A roster rule broken. ``template % params`` is the English message.

    ``template`` is marked for translation, so a caller that speaks another language shows
    ``gettext(v.template) % v.params``. ``member`` is ``None`` for squad-wide rules.
    """

    code: str
    template: str
    params: dict[str, Any] = field(default_factory=dict, hash=False, compare=True)
    member: str | None = None

    @property
    def message(self) -> str:
        return self.template % self.params if self.params else self.template

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "member": self.member}


# Results built on every edit are NamedTuples: as immutable as a frozen dataclass, and five
# times faster to create (bench/bench_rules.py), which keeps validation under 30 us.


class MemberCost(Protocol):
    """What every game's costing says of a model; a game's own row (a NamedTuple in its
    package, ``rules/<game>/costs.py``) adds its figures, which the game's
    templates show."""

    @property
    def name(self) -> str: ...

    @property
    def type(self) -> str: ...

    @property
    def points(self) -> int: ...

    @property
    def counts(self) -> bool: ...  # False for a dead model: it no longer counts


class RosterCost(NamedTuple):
    points: int
    points_limit: int | None
    members: tuple[MemberCost, ...]

    def member(self, name: str) -> MemberCost | None:
        for cost in self.members:
            if cost.name == name:
                return cost
        return None


# --- battle reports -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Casualty:
    member: str
    state: str
    # The game's own keys of a casualty (``GameSystem.report.casualty``), by key; a key at
    # its default is left out.
    details: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=True)


@dataclass(frozen=True, slots=True)
class Deeds:
    """What one model did in a battle: a count per deed the game declares
    (``GameSystem.deeds``); a deed not listed counts 0 (the parser leaves zeros out)."""

    member: str
    counts: Mapping[str, int] = field(default_factory=dict, hash=False, compare=True)

    def count(self, deed: str) -> int:
        return self.counts.get(deed, 0)


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a battle report: an inline roster or a stored squad's id."""

    outcome: str
    roster: Roster | None = None
    squad_id: int | None = None
    casualties: tuple[Casualty, ...] = ()
    deeds: tuple[Deeds, ...] = ()
    # The game's own keys of a side (``GameSystem.report.side``), by key; a key at its
    # default is left out.
    details: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=True)
    # The names of the models (units) that took part (``rules.crew``); None: the whole squad
    crew: tuple[str, ...] | None = None

    def state_of(self, name: str) -> str:
        for casualty in self.casualties:
            if casualty.member == name:
                return casualty.state
        return "unhurt"


@dataclass(frozen=True, slots=True)
class BattleReport:
    system: str
    sides: tuple[Side, ...]
    scenario: str = ""
    played_on: str | None = None  # ISO date
    round: int | None = None  # the campaign round it was paired in, if the sender said so


# --- campaign changes -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Change:
    """One thing a battle did to a squad, as the campaign history records it.

    ``member`` is ``None`` for the squad itself (its VP). ``field`` names what changed:
    ``"status"``, ``"abilities"`` or a key of the game's member record, or is ``None`` for a
    record that changes nothing (the state a model ended the battle in, a survival roll).
    ``before``/``after`` are the field's values (for ``"abilities"``: ``after`` is the code of
    the ability gained, with ``source``). ``kind`` and ``params`` make the history's message;
    ``roll`` is the die used, if any. Applied in order, the changes turn the squad before the
    battle into the squad after it; undone in reverse order, they give it back exactly.
    """

    member: str | None
    kind: str
    field: str | None = None
    before: Any = None
    after: Any = None
    roll: int | None = None
    source: str | None = None
    params: dict[str, Any] = dataclasses.field(default_factory=dict, hash=False, compare=True)
