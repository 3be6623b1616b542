"""What a game's documents carry beside the common keys: the shape of its records.

A game's ``GameSystem`` (``rules.registry``) declares its documents' bounds
(``DocumentLimits``), the keys of its own a model, a unit, a deed or a report carries
(``RecordField``), and, for a game played with units, its unit kinds (``UnitKind``,
``UnitRules``); the reader of ``docs/formats.md``'s documents (``rules.documents``) reads
every game's records from these declarations.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.types import Member, Unit


@dataclass(frozen=True, slots=True)
class DocumentLimits:
    """How much one roster may hold: limits of this service, not rules of the game.

    The time to print a squad sheet grows with what it lists (WeasyPrint lays out every
    row and paragraph), so a document or a builder edit past these is refused, with a
    message that names the limit: far above any squad a player builds, they keep the
    worst sheet of a legal document near 2 s (``bench/bench_print_limits.py``); the print
    budget (``printing.engine``) stops whatever still runs too long.
    A game states its own (``GameSystem.limits``); these defaults suit a skirmish game.
    """

    members: int = 40  # models per squad, the dead included; members per unit
    equipment: int = 8  # equipment lines per model
    count: int = 99  # the count of one equipment line
    abilities: int = 12  # abilities per model
    squad_equipment: int = 100  # equipment lines of the whole squad
    squad_abilities: int = 50  # abilities of the whole squad
    units: int = 30  # units per force, in a game played with units
    force_members: int = 60  # member entries (models or groups) of a whole force of units
    group: int = 99  # the ``count`` of one member entry of a unit (a group of models)


@dataclass(frozen=True, slots=True)
class RecordField:
    """One entry of the record a game keeps for each model beside the common envelope (name,
    type, status, equipment, abilities): a skirmish game's reputation points, say.

    ``key`` is at once the document's key, the rules ``Member`` field and the field a
    campaign's history names. ``kind`` says what it holds and how the builder edits it:

    - ``"count"``: a whole number from 0 to ``maximum``, a number box;
    - ``"member"``: the name of another model of the squad, or ``None``, a list of the
      squad's other models (a renamed model is renamed there too; a removed one leaves
      ``None``);
    - ``"adjustments"``: an object of whole numbers from ``minimum`` to ``maximum`` keyed by
      ``choices`` (changes to a model's characteristics, say), default ``{}``; an entry of 0
      means nothing and is left out;
    - ``"code"``: one of ``choices``, or ``None`` (a select list);
    - ``"flag"``: true or false (a check box);
    - ``"text"``: free text up to 200 characters, ``""`` for none (a unit's notes).

    The same fields describe the game's own keys of a battle report's casualty and side
    (``ReportRules``), where ``default`` ``None`` means "not given".
    """

    key: str
    label: str  # English, marked for translation
    kind: str  # "count" | "member" | "adjustments" | "code" | "flag" | "text"
    default: Any = None
    maximum: int | None = None  # for a count and adjustments
    help: str = ""  # a longer explanation of the label (a tooltip), English, marked
    minimum: int = 0  # for a count and adjustments
    choices: tuple[str, ...] = ()  # the codes of adjustments and code fields
    # each choice in words (English, marked), where the code is not how a player says it:
    # a characteristic's abbreviation, so the history writes it as the builder does
    choice_labels: Mapping[str, str] = field(default_factory=dict)
    required: bool = False  # a battle report's key that must be given (a unit's models lost)
    # the cell of the game's pack points lists that prices this code field's choices (a
    # unit's training level by the pack's "level" rows): the builder shows each choice's
    # price (``rules.pack_prices``); "" for none
    priced: str = ""


@dataclass(frozen=True, slots=True)
class UnitKind:
    """One kind of unit of a game played with units (``UnitRules.kinds``).

    ``members``: True when the unit lists its models (``members``), False when it is one
    model with weapons of its own (a vehicle, an emplacement: unit-level ``equipment``).
    ``keys``: the unit record's keys (``UnitRules.record``) a unit of this kind may carry;
    ``required``: those it must.
    """

    code: str
    label: str  # English, marked for translation
    members: bool
    keys: tuple[str, ...] = ()
    required: tuple[str, ...] = ()


@dataclass(frozen=True)
class UnitRules:
    """How a game played with units shapes its roster (``GameSystem.units``): the document
    lists ``units``, each with ``name``, ``kind`` and the record keys its kind allows, and
    its ``members`` or its own ``equipment``. A member of a unit has ``name``,
    ``equipment`` and the game's ``member_record`` keys, no type; a ``count`` key there is
    how many identical models the entry stands for (``group``; a unit's ``models``).

    - ``kinds``: code -> ``UnitKind``; ``default_kind``: the kind of a unit that gives none,
      or ``None`` when ``kind`` is required;
    - ``record``: every key of a unit's own record (``RecordField``), its kinds saying which
      a unit may carry; a key a kind does not allow is refused as not belonging to it;
    - ``default(kind, key)``: a default that depends on the kind (a vehicle's drive, say),
      else the field's own;
    - ``labels``: English words, marked for translation, for the codes of the record fields
      of units and members, keyed ``"<key>:<code>"`` (``"training:green"``: "Green"), and
      for the keys of its derived figures, ``"figure:<key>"`` (the builder shows them);
    - ``scores``: the derived figures that are a d6 score, "that or better" (an activation,
      a save): shown "3+", as the sheets print them, not "3".
    """

    kinds: Mapping[str, UnitKind]
    record: tuple[RecordField, ...]
    default_kind: str | None = None
    kind_default: Callable[[str, str], Any] | None = None
    labels: Mapping[str, str] = field(default_factory=dict)
    scores: frozenset[str] = frozenset()

    def group(self, member: Member) -> int:
        """How many identical models a member entry stands for: its record's ``count``."""
        return member.record.get("count", 1)

    def models(self, unit: Unit) -> int:
        """A unit's models: its members' counts, or 1 for a kind with no members."""
        if not self.kinds[unit.kind].members:
            return 1
        return sum(self.group(member) for member in unit.members)

    def label(self, key: str, code: Any) -> str:
        """The English label of a code of record field ``key`` (the code if it has none)."""
        return self.labels.get(f"{key}:{code}", str(code))

    def field(self, key: str) -> RecordField | None:
        for f in self.record:
            if f.key == key:
                return f
        return None

    def default(self, kind: str, key: str) -> Any:
        if self.kind_default is not None:
            value = self.kind_default(kind, key)
            if value is not None:
                return value
        f = self.field(key)
        return None if f is None else f.default

    def sparse(self, kind: str, values: Mapping[str, Any]) -> dict[str, Any]:
        """A unit's record as a rules ``Unit`` holds it: the keys its kind allows that
        differ from their default."""
        allowed = self.kinds[kind].keys
        return {
            key: values[key]
            for key in allowed
            if key in values and values[key] != self.default(kind, key)
        }
