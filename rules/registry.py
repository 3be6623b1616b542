"""The registry of game systems.

Each game lives in its own package (``rules/<game>/``) and registers one ``GameSystem``:
its code tables (used by the document parser to refuse unknown codes) and its functions.
A new game adds a package and one import line in ``rules/__init__.py``; no other game's code
changes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.types import BattleReport, Change, Member, Roster, RosterCost, Side, Unit, Violation


@dataclass(frozen=True)
class CampaignRules:
    """What a game system needs to run a campaign.

    - ``default_house_rules()``: the campaign tables as JSON (shown beside the organiser's);
    - ``parse_house_rules(data)``: a campaign's tables from that JSON (missing keys take the
      defaults); raises ``ValueError`` with ``.path`` and ``.message`` for a bad table;
    - ``resolve_side(roster, side, rng, house_rules, report)``: the result of one side's
      battle (``report`` is the whole ``BattleReport``: a side may score its enemies'
      casualties), with ``.score.mission_vp``, ``.score.casualty_vp`` and ``.score.total_vp``;
    - ``changes(roster, side, result)``: what the battle did to the squad, in order;
    - ``check_side(roster, side)``: ``(path, template, params)`` for every model a side of a
      report names that is not in the squad or did not fight (paths inside the side);
    - ``labels``: English words, marked for translation, for the codes of reports and history:
      end states by code, ``outcome:<code>``, ``deed:<code>``, ``result:<code>``, a side
      field's codes as ``<key>:<code>``; and for the columns of the pages: ``column:outcome``
      (what a side's outcome is called; default "Result"), ``column:casualty_vp``...;
    - ``history``: how the history words the kinds of change that are the game's own (every
      game shares ``vp``, ``fought``, ``survival``, ``status``, ``returns``, ``ability``, and
      may word them its own way here):
      kind -> (English template marked for translation, ``values(params, before, after,
      word)``), where ``word(code, prefix)`` is the translated label of ``labels``.
    """

    default_house_rules: Callable[[], dict[str, Any]]
    parse_house_rules: Callable[[Any], Any]
    resolve_side: Callable[..., Any]
    changes: Callable[[Roster, Side, Any], tuple[Change, ...]]
    check_side: Callable[[Roster, Side], list[tuple[str, str, dict[str, Any]]]]
    labels: Mapping[str, str]
    history: Mapping[str, tuple[str, Callable[..., dict[str, Any]]]] = field(default_factory=dict)
    # Win, draw or loss for each side of one battle, from the sides and their results; by
    # default from the VP (``rules.campaign.placings``), for a game whose outcomes say it.
    placings: Callable[[Sequence[Side], Sequence[Any]], list[str]] | None = None
    # The game's own columns of the standings (key, label): counts a battle gives each side
    # (``tallies(side, result)`` -> ``{key: n}``), summed over the confirmed battles.
    standing_columns: tuple[RecordField, ...] = ()
    tallies: Callable[[Side, Any], dict[str, int]] | None = None
    # What a player records by hand after a battle for a model it marked with one of
    # ``aftermath_kinds`` (a history kind: an injury whose table the rules do not print):
    # ``"status"`` and keys of the member record, each written as a history entry of that
    # battle (undone with it).
    # A campaign that costs squads its own way (a house-rule points table, where the game's
    # text prints no costs): ``points(roster, house_rules)`` -> the total, or None when it
    # costs nothing; ``check_roster(roster, house_rules)`` -> the violations it adds to the
    # game's ``validate`` in that campaign (``points-over-limit``).
    points: Callable[[Roster, Any], int | None] | None = None
    check_roster: Callable[[Roster, Any], list[Violation]] | None = None
    aftermath_kinds: tuple[str, ...] = ()
    aftermath_fields: tuple[str, ...] = ()
    # What the standings' "casualties" column counts for one side of a battle
    # (``casualties(side, result)`` -> n; labelled ``column:casualties`` in ``labels``): by
    # default the models the side reported not unhurt; a game of units counts its own.
    casualties: Callable[[Side, Any], int] | None = None
    # True: squads level on VP and wins rank by the fewest casualties (that column).
    rank_casualties: bool = False


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


# A price as the builder's pickers show it: a message marked for translation and its params.
Price = tuple[str, Mapping[str, Any]]


@dataclass(frozen=True)
class BuilderChoices:
    """What the roster builder offers a model (the rules still check whatever it holds).

    - ``items(faction, type)``: the item codes a model of this type may take in the faction;
    - ``starting_abilities(type)``: the ability codes it may pick at creation;
    - ``starting_count(type)``: how many starting abilities the type has (0: none);
    - ``starting_drawn(type)``: True when the type draws its starting abilities at random
      rather than choosing them (a stored starting ability is then "random", not "chosen");
    - ``random_abilities``: the random-ability table, the ability of roll 1 first (empty: the
      game draws none);
    - ``draw_ability(rng, held)``: ``(code, roll)`` drawn from that table, or ``("", 0)``
      when the model holds them all;
    - ``type_price(type)`` and ``item_price(item)``: what the pickers say a type or an item
      costs, as ``(message, params)`` (an English message marked for translation, like a
      violation's: "%(points)d pts"), or None to say nothing (a game whose text prints no
      costs has neither);
    - ``type_range(type)``: ``(least, most)`` models of the type a squad may have (most None:
      any number), which the builder shows as an allowance ("Top 2/3");
    - ``unit_items(unit)``: in a game played with units, the item codes the builder offers
      a unit (to its members, or to a kind without members, the unit itself), from its kind
      and record, in the order offered; None: every item. Such a game declares its choices
      with ``for_units``: its members have no type and no abilities.
    """

    items: Callable[[str, str], tuple[str, ...]]
    starting_abilities: Callable[[str], tuple[str, ...]]
    starting_count: Callable[[str], int]
    starting_drawn: Callable[[str], bool]
    random_abilities: tuple[str, ...] = ()
    draw_ability: Callable[[random.Random, frozenset[str]], tuple[str, int]] | None = None
    type_price: Callable[[str], Price | None] | None = None
    item_price: Callable[[str], Price | None] | None = None
    type_range: Callable[[str], tuple[int, int | None]] | None = None
    unit_items: Callable[[Unit], tuple[str, ...]] | None = None

    @classmethod
    def for_units(cls, unit_items: Callable[[Unit], tuple[str, ...]]) -> BuilderChoices:
        """The choices of a game played with units: what each unit is offered
        (``unit_items``); no model type, so no item or ability by type."""
        return cls(
            items=lambda faction, model_type: (),
            starting_abilities=lambda model_type: (),
            starting_count=lambda model_type: 0,
            starting_drawn=lambda model_type: False,
            unit_items=unit_items,
        )

    def ability_for_roll(self, roll: int) -> str:
        """The ability numbered ``roll`` (1-based) in the random table; ValueError if none."""
        table = self.random_abilities
        if not 1 <= roll <= len(table):
            raise ValueError(f"a random-ability roll is from 1 to {len(table)}")
        return table[roll - 1]


@dataclass(frozen=True)
class ReportRules:
    """A game's own keys of a battle report (``battle-report/1``) beside the common ones.

    - ``casualty``: the keys a casualty may carry beside ``member`` and ``state`` (a model
      treated by a medic, the wounds a model took), read into ``Casualty.details``. In a
      game played with units a casualty names a ``unit`` instead, and every other key is
      the game's own (``required`` ones must be given): ``Casualty.member`` is then the
      unit's name, ``Casualty.state`` its ``state`` detail if the game has one, else "";
    - ``side``: the keys a side may carry beside ``roster``/``squad_id``, ``outcome``,
      ``casualties`` and ``deeds`` (how a side gave up, the dice rolled at the table),
      read into ``Side.details``;
    - ``check(report)``: ``(path, template, params)`` for every rule of a whole report the
      parser cannot know (how many sides, outcomes that fit together); run once the report
      reads;
    - ``disagreements(report)``: ``(side index, template, params)`` for what one side says
      that another side's report does not bear out, though no rule is broken (the enemies
      a side's models claim to have put out of action, against the casualties the other
      side reported): the report stands, and whoever confirms it is told.

    Their ``RecordField`` kinds are those of a member record, plus ``"rolls"``: an object of
    whole numbers from ``minimum`` to ``maximum`` keyed by the names of models of the side.
    """

    casualty: tuple[RecordField, ...] = ()
    side: tuple[RecordField, ...] = ()
    check: Callable[[BattleReport], list[tuple[str, str, dict[str, Any]]]] | None = None
    disagreements: Callable[[BattleReport], list[tuple[int, str, dict[str, Any]]]] | None = None


@dataclass(frozen=True)
class Printing:
    """How a game prints its squads and its quick-reference card (``printing.pdf`` lays them out).

    The templates live under ``templates/systems/<code>/`` and extend ``print/base.html``:

    - ``sheet_template``: the squad sheet, e.g. ``"systems/<code>/sheet.html"``;
    - ``cards_template``: the model cards, one per model;
    - ``reference_template``: the quick-reference card, or ``None`` when the game has none.

    The rules core imports no Django, so the functions that fill them are given ``translate``
    (the app's ``gettext``) for every label they print:

    - ``squad_context(roster, costs, include_dead, translate)``: the game's part of the sheet's
      and the cards' context: ``models``, one dict per model printed (the dead only with
      ``include_dead``) in the roster's order, and whatever else its templates show. The app
      adds the squad's header (name, owner, points, validity, violations...) and, to each
      model, what every game prints alike: ``name``, ``status``, ``status_label`` and
      ``dead``; the ``source`` of each row of a model's ``abilities`` is given as the
      envelope's code and printed as its label. A game played with units gives ``units``
      instead, one dict per unit (each printed as one card with ``--cards``), and its
      ``model_count`` for the header;
    - ``reference_context(translate)``: the quick-reference card's context, set with (and
      only with) ``reference_template``.
    """

    sheet_template: str
    cards_template: str
    squad_context: Callable[[Roster, RosterCost, bool, Callable[[str], str]], dict[str, Any]]
    reference_template: str | None = None
    reference_context: Callable[[Callable[[str], str]], dict[str, Any]] | None = None

    def __post_init__(self) -> None:
        if (self.reference_template is None) != (self.reference_context is None):
            raise ValueError("a reference card needs both its template and its context")


@dataclass(frozen=True, slots=True)
class Carry:
    """What a model or a unit must (or may at most) hold, for a client that builds a legal
    roster (``Composition``): from ``least`` to ``most`` (None: any number) of ``items`` in
    all, counted on each model of a member entry (``per="model"``) or over the whole unit,
    its members' models and its own equipment together (``per="unit"``)."""

    items: tuple[str, ...]
    least: int = 0
    most: int | None = None
    per: str = "model"  # "model" | "unit"


@dataclass(frozen=True, slots=True)
class KindShape:
    """What a legal unit of one kind is made of (``Composition.kinds``): ``least`` to
    ``most`` models (None: no maximum; a kind without members is one model), the items it
    may hold (``None``: any of the game's), and what it must carry (``carries``)."""

    least: int
    most: int | None
    items: tuple[str, ...] | None = None
    carries: tuple[Carry, ...] = ()


@dataclass(frozen=True, slots=True)
class Share:
    """A faction's rule on the share of a squad's models that carry ``item``: at least
    (``bound="least"``) or at most (``"most"``) ``numerator``/``denominator`` of them."""

    item: str
    bound: str  # "least" | "most"
    numerator: int
    denominator: int


@dataclass(frozen=True)
class Composition:
    """What a legal roster is made of, declared for a client that builds one from the
    catalogue alone (``api.catalogue`` publishes it); ``GameSystem.validate`` stays the judge
    and checks more than this says (a client that carries only what is declared here keeps
    clear of the rest).

    - ``size``: ``(least, most)`` living models of a squad, or units of a force in a game
      played with units (most None: only the service's ``DocumentLimits``);
    - ``type_range(type)``: ``(least, most)`` models of a type, for a game whose builder
      declares none (``BuilderChoices.type_range`` comes first);
    - ``kinds``: unit kind -> ``KindShape``, in a game played with units;
    - ``shares(faction)``: the faction's ``Share`` rules, or ``None`` for a game without.
    """

    size: tuple[int, int | None] = (0, None)
    type_range: Callable[[str], tuple[int, int | None]] | None = None
    kinds: Mapping[str, KindShape] = field(default_factory=dict)
    shares: Callable[[str], tuple[Share, ...]] | None = None


@dataclass(frozen=True, slots=True)
class Figure:
    """One figure of a model as the builder's line and card show it ("CV 3 / 4"), from the
    game's ``GameSystem.figures``: ``text`` as shown (translated by the ``translate`` the
    builder passes), ``title`` what it means (shown on hover; "" for none), ``key`` what it
    is (``data-figure`` on the page), ``flagged`` when a rule broken is about it."""

    key: str
    text: str
    title: str = ""
    flagged: bool = False


@dataclass(frozen=True)
class GameSystem:
    """One game, as the apps see it: its codes, its rules, what its pages and sheets show.

    - ``name``: the game's name, in English, marked for translation (the pages translate it);
    - ``factions``: faction code -> row with a ``.label``; ``None`` when the game has no
      faction codes, and a roster's ``faction`` is then optional free text, printed only;
    - ``abilities``: ability code -> row with ``.label`` and ``.needs_detail``; empty when
      the game's models carry none (a roster's ``abilities`` key is then unknown);
    - ``default_points_limit``: the limit of a new squad or campaign whose player or
      organiser gives none, ``None`` for no limit (a game whose text prints no points);
    - ``cost(roster)``: the squad's points, or ``cost`` is ``None`` when the game's text
      prints no costs (a roster's points are then ``null``, "not costed");
    - ``derive(roster)``: the figures the game computes for its sheet beyond points, as
      top-level keys of ``validate_roster --json`` (``{"derived": {...}, ...}``), or ``None``;
    - ``score_side(roster, side, report)``: one side's VP, an object with ``.as_dict()`` and,
      for ``score_battle``'s plain output, ``.text_lines(outcome)`` (else a generic line).
    """

    code: str
    name: str
    factions: Mapping[str, Any] | None
    model_types: Mapping[str, Any]
    items: Mapping[str, Any]
    abilities: Mapping[str, Any]
    states: tuple[str, ...]  # end-of-battle states
    outcomes: tuple[str, ...]  # mission outcomes
    default_points_limit: int | None
    validate: Callable[[Roster], list[Violation]]
    cost: Callable[[Roster], RosterCost] | None
    score_side: Callable[[Roster, Side, BattleReport], Any]
    derive: Callable[[Roster], dict[str, Any]] | None = None
    report: ReportRules = ReportRules()
    # The rules that make a roster document unreadable rather than invalid, beyond its codes
    # and types: ``(path, template, params)`` for each (a name given twice, in a game that
    # says so), run once the document reads.
    check_document: Callable[[Roster], list[tuple[str, str, dict[str, Any]]]] | None = None
    demo: Callable[[], list[Roster]] | None = None  # legal squads for the demo account
    campaign: CampaignRules | None = None  # None: the game has no campaign rules yet
    limits: DocumentLimits = DocumentLimits()  # how much one roster may hold
    member_record: tuple[RecordField, ...] = ()  # what a model carries beside the envelope
    builder: BuilderChoices | None = None  # None: the builder offers every code
    printing: Printing | None = None  # None: the game prints no sheet or card
    # The counts a battle report's side gives each model (``deeds`` of battle-report/1), as
    # count fields: key, label, maximum.
    deeds: tuple[RecordField, ...] = ()
    # A game played with units: how its units are shaped; None: the roster lists members.
    units: UnitRules | None = None
    # The types the builder's add form offers: the squad's leader while it has none living
    # (an empty squad is told "add the <leader> first"), then the game's ordinary model
    # (its rank and file), and after a model of a type the squad may have no more of.
    # None: the form offers the first type, and the type just added.
    leader_type: str | None = None
    ordinary_type: str | None = None
    # Whether an equipment line may carry the player's own ``label`` for it ("MG 42").
    equipment_labels: bool = False
    # What a legal roster is made of, for a client that builds one (the catalogue).
    composition: Composition = Composition()
    # A model's figures on its line and card in the builder: ``figures(cost, derived,
    # broken, translate)`` with the model's costing row (``cost``'s, or None), its derived
    # figures (``derive``'s, or None), the codes of the rules it breaks, and gettext.
    figures: (
        Callable[[Any, Mapping[str, Any] | None, frozenset[str], Callable[[str], str]],
                 tuple[Figure, ...]] | None
    ) = None  # fmt: skip

    @property
    def lists(self) -> str:
        """What the roster lists: ``"members"`` (models) or ``"units"``."""
        return "members" if self.units is None else "units"

    def points(self, roster: Roster) -> int | None:
        """The roster's points, or ``None`` when the game is not costed."""
        return None if self.cost is None else self.cost(roster).points

    def derived(self, roster: Roster) -> dict[str, Any]:
        """The game's derived figures (``derive``) as top-level keys, ``{}`` when it has none."""
        return {} if self.derive is None else self.derive(roster)

    def faction_label(self, faction: str) -> str:
        """The English label of a faction code, or the free text of a game without codes."""
        if self.factions is None:
            return faction
        row = self.factions.get(faction)
        return row.label if row is not None else faction

    def record_defaults(self) -> dict[str, Any]:
        """A new model's record: every key at its default (a fresh copy of a mapping)."""
        return {
            f.key: dict(f.default) if isinstance(f.default, Mapping) else f.default
            for f in self.member_record
        }

    def sparse_record(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """``values`` as a rules ``Member`` holds them: the declared keys that differ from
        their default."""
        return {
            f.key: values[f.key]
            for f in self.member_record
            if f.key in values and values[f.key] != f.default
        }

    def record_field(self, key: str) -> RecordField | None:
        for f in self.member_record:
            if f.key == key:
                return f
        return None


_SYSTEMS: dict[str, GameSystem] = {}


def register(system: GameSystem) -> GameSystem:
    if system.code in _SYSTEMS:
        raise ValueError(f"game system {system.code!r} is registered twice")
    _SYSTEMS[system.code] = system
    return system


def get_system(code: str) -> GameSystem:
    """The system registered under ``code``; KeyError if there is none."""
    return _SYSTEMS[code]


def systems() -> tuple[GameSystem, ...]:
    """Every registered system, in registration order (the first is the default game)."""
    return tuple(_SYSTEMS.values())
