"""The optional parts a game declares in its ``GameSystem`` (``rules.registry``).

Its campaign (``CampaignRules``), its builder's choices (``BuilderChoices``), its report's
own keys (``ReportRules``), its printed sheets (``Printing``), its squad's composition
(``Composition`` and its parts), the figures of a model's card (``Figure``) and the template
parts its folder gives (``TEMPLATE_PARTS``). A game leaves out what it does not have; the
apps read only these slots, never a game's name.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.records import RecordField
from rules.types import BattleReport, Change, Roster, Side, Unit, Violation


def template_folder(code: str) -> str:
    """The folder of the game ``code``'s templates, as the template loaders name it
    (``templates/<folder>/`` in the project, or in a game's own template directory): the one
    place it is spelled (``GameSystem.templates``)."""
    return f"systems/{code}"


# The parts of a page a game may give in its template folder, as ``<folder>/<part>.html``,
# with where the pages include them. A game lists the ones it gives (``GameSystem.parts``);
# for every other one a page includes the shared fallback, ``templates/<FALLBACK_FOLDER>/
# <part>.html``: empty, or what every game shows alike. An app never asks whether a game's
# file exists: it includes ``GameSystem.part(name)``, or ``{% include parts.<group>.<name> %}``
# from ``GameSystem.part_templates`` in a template.
TEMPLATE_PARTS = {
    "builder/campaign_notice": "above a campaign squad's builder (fallback: the generic notice)",
    "builder/record_fields": "a model's card in the builder: the inputs of its record",
    "builder/record_fixed": "a campaign model's card: what its record says, not editable",
    "shared/heads": "the public link's columns of a model, their headings (fallback: figures)",
    "shared/cells": "the public link's columns of a model, its cells (fallback: figures)",
    "campaign/model_facts": "a character's page: its figures (fallback: the generic list)",
    "campaign/record_heads": "a campaign squad's page: the headings of the record's columns",
    "campaign/record_cells": "a campaign squad's page: a model's record cells",
    "campaign/record_summary": "a character's page and a battle's aftermath: its record, inline",
    "campaign/report_note": "the battle report screen: a note under the sides",
    "campaign/aftermath_fields": "a battle's aftermath form: the record's fields recorded by hand",
}
FALLBACK_FOLDER = "game_parts"
# The parts that show a model's record (``GameSystem.member_record``): on the builder's card
# and on the campaign's squad, character and aftermath pages.
RECORD_PARTS = frozenset({
    "builder/record_fields", "builder/record_fixed",
    "campaign/record_heads", "campaign/record_cells", "campaign/record_summary",
})  # fmt: skip
# The parts that show a model's own figures on the public link and the character page, and
# the game's notice above a campaign squad's builder.
MODEL_PARTS = frozenset({
    "shared/heads", "shared/cells", "campaign/model_facts", "builder/campaign_notice",
})  # fmt: skip


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
      field's codes as ``<key>:<code>``; how the battle page words a casualty's own key
      after its state (``note:<key>``, "treated") and a die a side rolled at the table
      (``rolls:<key>``, a template of ``%(name)s`` and ``%(roll)s``), a key with no such
      word left out; and for the columns of the pages: ``column:outcome``
      (what a side's outcome is called; default "Result"), ``column:casualty_vp``...;
    - ``history``: how the history words the kinds of change that are the game's own (the
      apps word ``vp``, ``fought``, ``status``, ``returns``, ``ability`` and ``recorded``
      alike for every game, and a game may word them its own way here):
      kind -> (English template marked for translation, ``values(params, before, after,
      word)``), where ``params`` are the change's, with its die under ``"roll"`` (None
      when none was rolled), and ``word(code, prefix)`` is the translated label of
      ``labels`` (``"ability:"``: the game's ability of that code). A change with a die
      rolled is worded by ``<kind>:rolled`` when the game gives it, else by ``<kind>``.
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
    # The game's own history kinds a campaign's timeline and book show (a unit destroyed...),
    # beside what they show for every game: a change of status, an ability gained, a value
    # recorded by hand after a battle and the ``aftermath_kinds``.
    timeline_kinds: tuple[str, ...] = ()
    aftermath_fields: tuple[str, ...] = ()
    # What the standings' "casualties" column counts for one side of a battle
    # (``casualties(side, result)`` -> n; labelled ``column:casualties`` in ``labels``): by
    # default the models the side reported not unhurt; a game of units counts its own.
    casualties: Callable[[Side, Any], int] | None = None
    # True: squads level on VP and wins rank by the fewest casualties (that column).
    rank_casualties: bool = False
    # How a round's bye scores in the standings (issue #31): a placing (``"win"``,
    # ``"draw"`` or ``"loss"``) and VP; by default a win with no VP.
    bye_placing: str = "win"
    bye_vp: int = 0


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
      with ``for_units``: its members have no type and no abilities;
    - ``partnered_items``: the item codes a model serves with a crew partner (a machine gun
      and its assistant gunner): the builder offers, as the model a member-record field of
      kind ``"member"`` names, the other living models that carry one, and no such model
      partners another; empty: a model may name any other.
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
    partnered_items: frozenset[str] = frozenset()

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

    The templates live in the game's folder (``template_folder``) and extend
    ``print/base.html``; ``Printing.of_game`` names them ``sheet.html``, ``cards.html`` and
    ``reference.html`` there:

    - ``sheet_template``: the squad sheet;
    - ``cards_template``: the model cards, one per model;
    - ``reference_template``: the quick-reference card, or ``None`` when the game has none.

    The rules core imports no Django, so the functions that fill them are given ``translate``
    (the app's ``gettext``) for every label they print:

    - ``squad_context(roster, costs, include_dead, translate, pack)``: the game's part of the
      sheet's and the cards' context: ``models``, one dict per model printed (the dead only with
      ``include_dead``) in the roster's order, and whatever else its templates show. The app
      adds the squad's header (name, owner, points, validity, violations...) and, to each
      model, what every game prints alike: ``name``, ``status``, ``status_label`` and
      ``dead``; the ``source`` of each row of a model's ``abilities`` is given as the
      envelope's code and printed as its label. A game played with units gives ``units``
      instead, one dict per unit (each printed as one card with ``--cards``), and its
      ``model_count`` for the header. ``pack`` is the club's pack the squad is built with
      (``None``: none): the weapon cells the game's data leaves "—" print the pack's, marked
      as the reference card marks them (``rules.reference_packs``: ``pack_note``, the "†"
      footnote, and ``pack_weapons``, the pack's own weapons);
    - ``reference_context(translate)``: the quick-reference card's context, set with (and
      only with) ``reference_template``.
    """

    sheet_template: str
    cards_template: str
    squad_context: Callable[..., dict[str, Any]]
    reference_template: str | None = None
    reference_context: Callable[[Callable[[str], str]], dict[str, Any]] | None = None

    def __post_init__(self) -> None:
        if (self.reference_template is None) != (self.reference_context is None):
            raise ValueError("a reference card needs both its template and its context")

    @classmethod
    def of_game(
        cls,
        code: str,
        *,
        squad_context: Callable[..., dict[str, Any]],
        reference_context: Callable[[Callable[[str], str]], dict[str, Any]] | None = None,
    ) -> Printing:
        """How the game ``code`` prints, from its folder's ``sheet.html``, ``cards.html``
        and, with ``reference_context``, ``reference.html``."""
        folder = template_folder(code)
        return cls(
            sheet_template=f"{folder}/sheet.html",
            cards_template=f"{folder}/cards.html",
            squad_context=squad_context,
            reference_template=None if reference_context is None else f"{folder}/reference.html",
            reference_context=reference_context,
        )


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
    catalogue alone (``games.catalogue`` publishes it); ``GameSystem.validate`` stays the judge
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
