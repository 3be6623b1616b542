"""What the builder shows for a game played with units (``GameSystem.units``): one card per
unit with its own values, its members (a model or a group with a count) or its weapons,
its derived figures and the rules it breaks.

Views call ``unit_builder_context``; templates only display what it holds. The force is
stored on the squad row (``Squad.units``), so one query loads it, whatever its size. Every
field a card offers comes from the game's declarations (``UnitRules``, ``member_record``):
the apps name no game's words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q, QuerySet
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from rosters.adapters import units_to_rules
from rosters.builder import Refused, Shown, options, shown, squad_head
from rosters.builder.choices import pack_price, priced
from rosters.models import COSTING_RELATED, Squad
from rules import get_system
from rules.army_lists import allowed_kinds
from rules.pack_prices import Prices, pack_prices, within
from rules.registry import GameSystem, RecordField, UnitRules
from rules.types import Equipment, Member, Roster, Unit


@dataclass(frozen=True)
class Field:
    """One editable value of a unit or a member, as its form shows it."""

    key: str
    label: str
    kind: str  # a RecordField kind: "code", "flag", "count", "text"
    value: Any
    options: str = ""  # the <option> list of a code field
    minimum: int = 0
    maximum: int | None = None


@dataclass(frozen=True)
class Line:
    """An equipment line with its words and the URL that removes it. On a member entry
    ``count`` is what each of its models carries, and the unit holds ``held`` of it by this
    line, count × the entry's models, as the game's rules count it; ``each`` when the entry
    is a group, so the count is per model."""

    label: str
    count: int
    own_label: str | None
    remove_url: str
    held: int
    each: bool


@dataclass
class MemberCard:
    index: int
    member: Member
    models: int  # how many identical models the entry stands for
    fields: list[Field]
    equipment: list[Line]
    urls: dict[str, str]


@dataclass
class UnitCard:
    index: int
    unit: Unit
    kind_label: str
    holds_members: bool
    fields: list[Field]
    members: list[MemberCard]
    equipment: list[Line]
    urls: dict[str, str]
    figures: list[tuple[str, str]]
    violations: list[Shown] = field(default_factory=list)
    item_options: str = ""  # the weapons its add pickers offer (``_offers``)


def _field(
    system: GameSystem, f: RecordField, value: Any, prices: Prices | None = None, kind: str = ""
) -> Field:
    """A value's form field; a code field the pack prices (``RecordField.priced``) shows
    each choice's price, a unit's own ``kind``'s where the pack costs them together."""
    shape = system.units
    assert shape is not None
    choices = ""
    if f.kind == "code":
        empty = [] if f.default is not None or f.key in _required(system) else [("", "—")]
        prices = prices or {}
        cell = within(f.priced, kind) if within(f.priced, kind) in prices else f.priced
        choices = options(
            [*empty, *((c, priced(_(shape.label(f.key, c)), pack_price(prices, cell, c)))
                       for c in f.choices)],
            "" if value is None else value,
        )  # fmt: skip
    return Field(f.key, _(f.label), f.kind, value, choices, f.minimum, f.maximum)


def _required(system: GameSystem) -> set[str]:
    shape = system.units
    assert shape is not None
    return {key for kind in shape.kinds.values() for key in kind.required}


def _figure_label(shape: UnitRules, key: str) -> str:
    """A derived figure's key in words: the game's label (``UnitRules.labels``,
    ``"figure:<key>"``), translated, or the key itself (a range in inches, say)."""
    label = shape.labels.get(f"figure:{key}")
    return _(label) if label else key.replace("_", " ")


def _text(shape: UnitRules, value: Any, score: bool = False) -> str:
    """A derived figure in a few words: numbers ("3+" for a d6 score, ``UnitRules.scores``),
    yes/no, "—", and objects as key value."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, dict):
        return " · ".join(
            _("%(label)s: %(value)s")
            % {"label": _figure_label(shape, k), "value": _text(shape, v, score)}
            for k, v in value.items()
        )
    return f"{value}+" if score and isinstance(value, int) else str(value)


def _figures(
    shape: UnitRules, derived: dict[str, Any] | None, shown: set[str]
) -> list[tuple[str, str]]:
    """The unit's derived figures (``validate_roster --json``'s ``derived``): those that
    apply to it (not null), less what its form shows already and its members' own."""
    if not derived:
        return []
    return [
        (_figure_label(shape, key), _text(shape, v, key in shape.scores))
        for key, v in derived.items()
        if v is not None and key not in shown and key != "members"
    ]


def _lines(
    system: GameSystem, lines: tuple[Equipment, ...], remove: str, models: int = 1
) -> list[Line]:
    """The lines of a unit's own equipment, or of a member entry of ``models`` models."""
    return [
        Line(_(system.items[e.item].label) if e.item in system.items else e.item, e.count,
             e.label, f"{remove}{i}/remove/", e.count * models, models > 1)
        for i, e in enumerate(lines)
    ]  # fmt: skip


def _offers(system: GameSystem, prices: Prices) -> Callable[[Unit], SafeString]:
    """The add-weapon picker of a unit: the items the game offers it
    (``BuilderChoices.unit_items``), every item when it says nothing, each with what the
    force's pack charges for it (``prices``); each list rendered once."""
    offered = system.builder.unit_items if system.builder is not None else None
    rendered: dict[tuple[str, ...], SafeString] = {}

    def of(unit: Unit) -> SafeString:
        codes = tuple(system.items) if offered is None else offered(unit)
        if codes not in rendered:
            rendered[codes] = options(
                (code, priced(_(system.items[code].label), pack_price(prices, "item", code)))
                for code in codes
            )
        return rendered[codes]

    return of


def _kind_options(shape: UnitRules, prices: Prices, allowed: frozenset[str] | None) -> SafeString:
    """The add-unit kind picker: the kinds the force's army list lets it take (``allowed``;
    None: every kind), each with what its pack charges for it."""
    return options(
        (code, priced(_(kind.label), pack_price(prices, "kind", code)))
        for code, kind in shape.kinds.items()
        if allowed is None or code in allowed
    )


def editable_forces(user) -> QuerySet[Squad]:
    """The forces of units ``user`` may edit: their own, and, between battles, the forces
    of the campaigns they organise (each such edit is kept with its author by the campaign,
    ``rosters.signals.units_changed``)."""
    return Squad.objects.filter(
        Q(owner=user) | Q(in_campaign=True, campaign_entry__campaign__organiser=user)
    )


def unit_builder_context(
    squad_id: Squad | int, *, owner=None, refused: Refused | None = None
) -> dict[str, Any]:
    """The unit builder's context (one query; none for a row already read, which the
    caller read as ``owner`` may edit it); a refused edit (``refused``) shows at the squad
    form's field, or else in the summary. With ``owner``, only a force that user may edit
    (``editable_forces``)."""
    if isinstance(squad_id, Squad):
        squad = squad_id
    else:
        squads = (Squad.objects if owner is None else editable_forces(owner)).filter(pk=squad_id)
        squad = squads.select_related("owner", *COSTING_RELATED).get()
    system = get_system(squad.system)
    shape = system.units
    assert shape is not None
    roster = Roster(squad.system, squad.name, squad.faction, (), squad.points_limit,
                    units_to_rules(squad, system))  # fmt: skip
    pack = squad.costing_pack  # the force's pack costs it, over its limit a violation
    points, found = system.assess(roster, pack)
    prices = pack_prices(pack)
    allowed = allowed_kinds(pack, roster.faction)
    violations = [shown(v) for v in found]
    derived = system.derived(roster)
    by_unit: dict[str, list[Shown]] = {}
    force_wide = []
    for v in violations:
        (by_unit.setdefault(v.member, []) if v.member else force_wide).append(v)
    base = reverse("rosters:builder", args=[squad.pk])
    offers = _offers(system, prices)
    cards = []
    for i, unit in enumerate(roster.units):
        kind = shape.kinds[unit.kind]
        unit_url = f"{base}units/{i}/"
        fields = [
            _field(
                system,
                f,
                unit.record.get(f.key, shape.default(unit.kind, f.key)),
                prices,
                unit.kind,
            )
            for f in shape.record
            if f.key in kind.keys
        ]
        members = [
            MemberCard(
                j,
                member,
                shape.group(member),
                [
                    _field(system, f, member.record.get(f.key, f.default), prices)
                    for f in system.member_record
                ],
                _lines(
                    system,
                    member.equipment,
                    f"{unit_url}members/{j}/equipment/",
                    shape.group(member),
                ),
                {
                    "update": f"{unit_url}members/{j}/",
                    "remove": f"{unit_url}members/{j}/remove/",
                    "equipment_add": f"{unit_url}members/{j}/equipment/add/",
                },
            )  # fmt: skip
            for j, member in enumerate(unit.members)
        ]
        cards.append(UnitCard(
            i, unit, _(kind.label), kind.members, fields, members,
            _lines(system, unit.equipment, f"{unit_url}equipment/"),
            {"update": unit_url, "remove": f"{unit_url}remove/",
             "member_add": f"{unit_url}members/add/",
             "equipment_add": f"{unit_url}equipment/add/"},
            _figures(shape, derived.get("derived", {}).get(unit.name), {"kind", *kind.keys}),
            by_unit.get(unit.name, []),
            offers(unit),
        ))  # fmt: skip
    return {
        "roster": roster,  # the rules value shown (rosters.undo keeps it after a change)
        "squad": squad,
        "campaign": squad.in_campaign,
        "system": system,
        "version": squad.version,
        "faction_label": squad.faction_label,
        "points": points,
        "pack": squad.costing_version if pack is not None else None,  # named beside the points
        "force_figures": [
            (_figure_label(shape, k), _text(shape, v)) for k, v in derived.items() if k != "derived"
        ],  # fmt: skip
        "valid": not violations,
        "violations": violations,
        "squad_violations": force_wide,
        "units": cards,
        "models": system.models(roster),
        "kind_options": _kind_options(shape, prices, allowed),
        "army_list": allowed is not None,  # the picker holds only what the pack's list allows
        "labels_allowed": system.equipment_labels,
        "member_fields": [_field(system, f, f.default, prices) for f in system.member_record],
        "urls": {
            "builder": base,
            "unit_add": f"{base}units/add/",
            "edit": reverse("rosters:edit", args=[squad.pk]),
        },
        "head": squad_head(squad, system, refused),
        "error": refused.message if refused and refused.form != "squad" else "",
        # the organiser of the force's campaign, not its owner: the units, not the squad's tools
        "organiser_view": owner is not None and squad.owner_id != owner.pk,
    }
