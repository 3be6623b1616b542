"""The registry of game systems.

Each game lives in its own package (``rules/<game>/``) and registers one ``GameSystem``:
its code tables (used by the document parser to refuse unknown codes) and its functions.
A new game adds a package and one import line in ``rules/__init__.py``; no other game's code
changes.

The contract is in three modules: ``rules.records`` (the shape of a game's records),
``rules.slots`` (the optional parts it declares) and this one (``GameSystem`` and the
registry); every name of the three is importable from here.

What a new game brings, and nothing more (``tests/toy`` is one, registered by the tests):

- its ``rules/<game>/`` package, which registers its ``GameSystem``, and one import line in
  ``rules/__init__.py``;
- its template folder, ``GameSystem.templates`` (``templates/systems/<code>/``): its print
  templates (``Printing.of_game``: ``sheet.html``, ``cards.html``, ``reference.html``) and
  the page parts it gives, each declared in ``GameSystem.parts`` (the names of
  ``TEMPLATE_PARTS``); a part it does not give is the shared fallback's
  (``templates/game_parts/``), empty or generic, so an app includes
  ``GameSystem.part(name)`` and never asks whether the game's file exists. Inside its
  folder a template includes its siblings by relative name (``"./_card.html"``);
- its print stylesheet, ``static/css/systems/<code>.css``.

Every optional slot an app reads is a field of ``GameSystem`` or of its parts
(``rules.slots``), with an empty default that means "the game has none": the apps never
read a game's attribute they did not declare (no ``getattr`` with a default on a game's
data) and never name a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.pack_tables import Pack, PackRules, PackTable
from rules.records import DocumentLimits, RecordField, UnitKind, UnitRules
from rules.slots import (
    FALLBACK_FOLDER,
    MODEL_PARTS,
    RECORD_PARTS,
    TEMPLATE_PARTS,
    BuilderChoices,
    CampaignRules,
    Carry,
    Composition,
    Figure,
    KindShape,
    Price,
    Printing,
    ReportRules,
    Share,
    template_folder,
)
from rules.types import BattleReport, Roster, RosterCost, Side, Violation

__all__ = [
    "FALLBACK_FOLDER",
    "MODEL_PARTS",
    "RECORD_PARTS",
    "TEMPLATE_PARTS",
    "BuilderChoices",
    "CampaignRules",
    "Carry",
    "Composition",
    "DocumentLimits",
    "Figure",
    "GameSystem",
    "KindShape",
    "Pack",
    "PackRules",
    "PackTable",
    "Price",
    "Printing",
    "RecordField",
    "ReportRules",
    "Share",
    "UnitKind",
    "UnitRules",
    "get_system",
    "register",
    "systems",
    "template_folder",
]


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
    - ``packs``: the tables a club's pack (``game-pack/1``) may hold for the game, and how
      its points table costs a roster (``points(roster, pack)``, ``check(roster, pack)``);
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
    packs: PackRules = PackRules()  # no tables: the game's packs hold nothing
    # The page parts the game's template folder gives (names of ``TEMPLATE_PARTS``); the
    # pages include the shared fallback of every other one (``part``).
    parts: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        unknown = set(self.parts) - set(TEMPLATE_PARTS)
        if unknown:
            raise ValueError(f"{self.code}: no page includes the parts {sorted(unknown)}")

    @property
    def templates(self) -> str:
        """The game's template folder, as the template loaders name it (``template_folder``:
        ``templates/systems/<code>/`` in the project): its print templates and the page parts
        it gives are in it."""
        return template_folder(self.code)

    def part(self, name: str) -> str:
        """The template a page includes for the part ``name`` (of ``TEMPLATE_PARTS``): the
        game's own when it gives it (``parts``), else the shared fallback. KeyError for a
        name no page includes."""
        if name not in TEMPLATE_PARTS:
            raise KeyError(f"no page part {name!r} (rules.slots.TEMPLATE_PARTS)")
        folder = self.templates if name in self.parts else FALLBACK_FOLDER
        return f"{folder}/{name}.html"

    @property
    def part_templates(self) -> dict[str, dict[str, str]]:
        """Every part's template, for a page's context: ``{group: {name: template}}``, so a
        template says ``{% include parts.builder.campaign_notice %}``."""
        out: dict[str, dict[str, str]] = {}
        for name in TEMPLATE_PARTS:
            group, _, leaf = name.partition("/")
            out.setdefault(group, {})[leaf] = self.part(name)
        return out

    @property
    def lists(self) -> str:
        """What the roster lists: ``"members"`` (models) or ``"units"``."""
        return "members" if self.units is None else "units"

    def models(self, roster: Roster) -> int:
        """The models the roster fields: a force's by its units' entries
        (``UnitRules.models``), a squad's those not dead."""
        if self.units is not None:
            return sum(self.units.models(unit) for unit in roster.units)
        return sum(1 for member in roster.members if member.status != "dead")

    def points(self, roster: Roster, pack: Pack | None = None) -> int | None:
        """The roster's points, or ``None`` when the game is not costed; with a ``pack``
        whose points table the game reads, the points under that table."""
        table = self._pack_points(pack)
        if table is not None:
            return self.packs.points(roster, table)  # type: ignore[misc]
        return None if self.cost is None else self.cost(roster).points

    def check(self, roster: Roster, pack: Pack | None = None) -> list[Violation]:
        """``validate``, and with a ``pack``, the rules its tables set (``PackTable.check``:
        an army list's bounds) and, when it costs the roster, the game's over-the-limit
        violation when its points pass the roster's limit."""
        if pack is None:
            return self.validate(roster)
        if self._pack_points(pack) is None:
            return [*self.validate(roster), *self._pack_rules(roster, pack)]
        return self.assess(roster, pack)[1]

    def assess(
        self, roster: Roster, pack: Pack | None = None
    ) -> tuple[int | None, list[Violation]]:
        """``points`` and ``check`` at once, the roster costed once."""
        violations = self.validate(roster)
        table = self._pack_points(pack)
        if pack is not None:
            violations = [*violations, *self._pack_rules(roster, pack)]
        if table is None:
            return (None if self.cost is None else self.cost(roster).points), violations
        points = self.packs.points(roster, table)  # type: ignore[misc]
        found = (
            None
            if self.packs.violation is None
            else self.packs.violation(points, roster.points_limit)
        )
        return points, violations if found is None else [*violations, found]

    def _pack_rules(self, roster: Roster, pack: Pack) -> list[Violation]:
        """The violations of the rules the pack's tables set (``PackTable.check``)."""
        return [
            found
            for table in self.packs.tables
            if table.check is not None and table.id in pack.read
            for found in table.check(roster, pack.read[table.id])
        ]

    def _pack_points(self, pack: Pack | None) -> Any:
        """The pack's points table as the game reads it, or None (no pack, or no table)."""
        if pack is None:
            return None
        if pack.system != self.code:
            raise ValueError(f"a {pack.system!r} pack does not cost a {self.code!r} roster")
        if self.packs.points is None:
            return None
        return pack.read.get("points")

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
