"""What the roster builder shows: a squad with its points, EP and violations per model.

Views call ``builder_context``; templates only display what it holds (they never compute
points). Three queries load the squad (``adapters.load_squad``; two for its row already
read), whatever its size.

The page must stay fast with 15 models (``bench/bench_rosters.py``), so what is the same for
many cards is prepared once: the ``<option>`` lists of a model type are rendered once per
process and language, and every URL of a card is built from the squad's builder URL (one
``reverse`` per page; ``tests/rosters/test_builder.py`` checks them against ``reverse``).
"""

from __future__ import annotations

import dataclasses
import functools
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import F, QuerySet
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from core.messages import violation_message
from rosters.adapters import StoredSquad, load_squad, load_squads
from rosters.models import Ability, Equipment, Member, Squad
from rosters.services import CAMPAIGN_GAINED, is_fresh_recruit, next_name
from rules import get_system
from rules.i18n import TO_BE_NAMED
from rules.registry import GameSystem
from rules.types import Member as RulesMember
from rules.types import MemberCost, Roster, RosterCost, Violation


@dataclass(frozen=True)
class Shown:
    """A violation as the page shows it, in the reader's language."""

    code: str
    message: str
    member: str | None


@dataclass(frozen=True)
class Refused:
    """An edit the service refused, shown where it was made so the user can fix it: the
    form (``"squad"``, ``"add"``, or a card's ``"card"``, ``"equipment"``, ``"ability"``),
    the field it is about (``ServiceError.field``), the message, and what the form sent,
    shown again (nothing of it was saved)."""

    form: str
    field: str
    message: str
    sent: Mapping[str, str] = dataclasses.field(default_factory=dict)


@dataclass(frozen=True)
class MemberUrls:
    """Where a card's forms post."""

    update: str
    open: str  # the builder with this card open
    duplicate: str
    move_up: str
    move_down: str
    remove: str
    equipment_add: str
    ability_add: str
    ability_draw: str


@dataclass(frozen=True)
class EquipmentLine:
    row: Equipment
    label: str
    remove_url: str


@dataclass(frozen=True)
class AbilityLine:
    row: Ability
    label: str
    effect: str
    remove_url: str
    removable: bool  # False: gained in a campaign, which keeps it

    @property
    def detail(self) -> str:
        """The ability's detail as the reader reads it (a placeholder is translated)."""
        return _(TO_BE_NAMED) if self.row.detail == TO_BE_NAMED else self.row.detail


@dataclass(frozen=True)
class _Page:
    """What every card of one page shares."""

    stored: StoredSquad
    system: GameSystem
    builder_url: str
    models: list[tuple[int, str, str]]  # (pk, name, escaped name): the models a record names
    language: str
    open: int | None  # the model whose card is open (the others show as one line)
    # The models another may name in its record as the one it helps, and those that may
    # name none:
    # see ``_assistance``.
    assisted: frozenset[int] | None
    gunners: frozenset[int]
    # gettext, each message looked up once per page (every line repeats the same labels)
    translate: Callable[[str], str] = dataclasses.field(
        default_factory=lambda: functools.cache(_), compare=False
    )

    @property
    def squad(self) -> Squad:
        return self.stored.squad


class MemberView:
    """One model's card. What only the card shows is worked out when the template first asks
    for it: an htmx answer about one model renders one card, and only the violations of the
    others."""

    def __init__(
        self,
        row: Member,
        cost: MemberCost | None,
        violations: list[Shown],
        page: _Page,
        derived: dict[str, Any] | None = None,
    ):
        self.row = row
        self.cost = cost  # None: the game is not costed
        self.derived = derived  # the game's derived figures for this model, if it has any
        self.violations = violations
        self.refused: Refused | None = None  # an edit of this card refused just now
        self.notice = ""  # what an item just added costs, when it costs nothing
        self._page = page

    @functools.cached_property
    def urls(self) -> MemberUrls:
        return _member_urls(self._page.builder_url, self.row.pk)

    @property
    def line_key(self) -> str:
        """What the model's line (``builder.html#member_line``) shows depends on: the squad's
        version (every change to it or to any of its models makes a new one, and a model's
        line shows the rules the whole squad breaks), the model and the reader's language.
        The squad's public id, random, keeps a line of a deleted squad from being shown for
        a new one that gets its row id."""
        squad = self._page.squad
        return f"{squad.public_id}:{squad.version}:{self.row.pk}:{self._page.language}"

    @property
    def open(self) -> bool:
        """The card is open to edit; the others show as one line."""
        return self.row.pk == self._page.open

    @functools.cached_property
    def type_label(self) -> str:
        return label(self._page.system.model_types, self.row.type)

    @property
    def line_type(self) -> str:
        """The type, and the status when it is not active, as the model's line shows them."""
        if self.row.status == Member.Status.ACTIVE:
            return self.type_label
        return f"{self.type_label} · {self.row.get_status_display()}"

    @property
    def kit_summary(self) -> str:
        """The equipment, then the abilities, on one line ("Pistol, Rope ×3 · Lucky")."""
        items = ", ".join(
            line.label + (f" ×{line.row.count}" if line.row.count > 1 else "")
            for line in self.equipment
        )
        abilities = ", ".join(
            f"{line.label}: {line.detail}" if line.detail else line.label for line in self.abilities
        )
        return " · ".join(part for part in (items, abilities) if part)

    @functools.cached_property
    def equipment(self) -> list[EquipmentLine]:
        items, base = self._page.system.items, self.urls.update
        return [
            EquipmentLine(e, label(items, e.item), f"{base}equipment/{e.pk}/remove/")
            for e in self._page.stored.equipment[self.row.pk]
        ]

    @functools.cached_property
    def abilities(self) -> list[AbilityLine]:
        abilities, base = self._page.system.abilities, self.urls.update
        campaign = self._page.squad.in_campaign
        return [
            AbilityLine(
                a,
                label(abilities, a.code),
                _(abilities[a.code].effect) if a.code in abilities else "",
                f"{base}abilities/{a.pk}/remove/",
                removable=not (campaign and a.gained in CAMPAIGN_GAINED),
            )
            for a in self._page.stored.abilities[self.row.pk]
        ]

    @functools.cached_property
    def allowance(self) -> int:
        """Starting abilities the type may have."""
        offered = self._page.system.builder
        if offered is None or self.row.type not in self._page.system.model_types:
            return 0
        return offered.starting_count(self.row.type)

    # A refused edit: its message at the field it is about (``field_errors``), at the
    # equipment or ability form, or at the foot of the card (``error``); the card's form
    # shows what was sent (``values`` and the selects), so the user can fix it.

    def _refused(self, form: str) -> Refused | None:
        refused = self.refused
        return refused if refused is not None and refused.form == form else None

    @functools.cached_property
    def field_errors(self) -> dict[str, str]:
        """``{field: message}`` for the field of the card's form a refused edit is about,
        when the card shows that field."""
        refused = self._refused("card")
        if refused is None or refused.field not in self._fields_shown:
            return {}
        return {refused.field: refused.message}

    @property
    def _fields_shown(self) -> set[str]:
        """The fields the card's form shows: in a campaign squad, neither the type and
        status nor the numbers of the record, which battles set (``services``)."""
        campaign = self._page.squad.in_campaign
        shown = {"name", "notes"} if campaign else {"name", "notes", "type", "status"}
        return shown | {
            f.key
            for f in self._page.system.member_record
            if not (campaign and f.kind in ("count", "adjustments"))
        }

    @property
    def equipment_error(self) -> str:
        refused = self._refused("equipment")
        return refused.message if refused is not None else ""

    @property
    def ability_error(self) -> str:
        refused = self._refused("ability")
        return refused.message if refused is not None and self._page.system.abilities else ""

    @property
    def error(self) -> str:
        """A refusal about nothing the card shows a field for: at the foot of the card."""
        if self.refused is None or self.field_errors or self.equipment_error:
            return ""
        return "" if self.ability_error else self.refused.message

    @functools.cached_property
    def values(self) -> dict[str, Any]:
        """What the card's form shows: the name and the record as stored, or as sent by a
        refused edit of the card (an adjustments field: ``{code: value}``)."""
        values: dict[str, Any] = {**self.row.record, "name": self.row.name, "notes": self.row.notes}
        refused = self._refused("card")
        if refused is None:
            return values
        sent = refused.sent
        values["name"] = sent.get("name", self.row.name)
        values["notes"] = sent.get("notes", self.row.notes)
        for f in self._page.system.member_record:
            if f.kind == "count" and f.key in sent:
                values[f.key] = sent[f.key]
            elif f.kind == "adjustments":
                typed = {c: sent[f"{f.key}-{c}"] for c in f.choices if f"{f.key}-{c}" in sent}
                values[f.key] = {**values.get(f.key, {}), **typed}
        return values

    def _sent(self, form: str, key: str, stored: Any) -> Any:
        refused = self._refused(form)
        return refused.sent.get(key, stored) if refused is not None else stored

    @property
    def count_value(self) -> str:
        """The equipment form's count: 1, or what a refused add sent."""
        return self._sent("equipment", "count", "1")

    @property
    def detail_value(self) -> str:
        return self._sent("ability", "detail", "")

    @property
    def figures_html(self) -> SafeString:
        """The game's figures of the model (``GameSystem.figures``: "CV 3 / 4 · EP 2 / 4"...),
        one ``<span>`` each, built here rather than by a template per model: with one line
        per model they were a third of the builder page's rendering."""
        figures = self._page.system.figures
        if figures is None:
            return mark_safe("")
        broken = frozenset(v.code for v in self.violations)
        spans = []
        for f in figures(self.cost, self.derived, broken, self._page.translate):
            title = f' title="{escape(f.title)}"' if f.title else ""
            flagged = ' class="violation"' if f.flagged else ""
            text = escape(f.text)
            spans.append(f'<span data-figure="{escape(f.key)}"{title}{flagged}>{text}</span>')
        return mark_safe("\n".join(spans))  # every value escaped above

    @property
    def removable(self) -> bool:
        """False when a campaign squad keeps the model: it has fought."""
        if not self._page.squad.in_campaign:
            return True
        return is_fresh_recruit(self.row, abilities=self._page.stored.abilities[self.row.pk])

    # Rendered <option> lists: the type and status selects (current one selected), the items
    # and starting abilities the type may pick, the models it may assist, how an ability
    # was gained.

    @property
    def type_options(self) -> SafeString:
        page = self._page
        selected = _known(self._sent("card", "type", self.row.type), page.system.model_types)
        counts = _type_counts(page.stored.members)
        return type_options(page.system, selected or self.row.type, counts, page.language)

    @property
    def status_options(self) -> SafeString:
        selected = _known(self._sent("card", "status", self.row.status), Member.Status.values)
        return _status_options(selected or self.row.status, self._page.language)

    @property
    def item_choices(self) -> tuple[tuple[str, str], ...]:
        """The items the type may take, as ``(code, "label · price")``: one button each."""
        squad, page = self._page.squad, self._page
        return _item_choices(squad.system, squad.faction, self.row.type, page.language)

    @property
    def abilities_held(self) -> str:
        """Starting abilities held against the type's allowance ("1/2"), or "" for a type
        that starts with none."""
        if not self.allowance:
            return ""
        starting = sum(1 for a in self._page.stored.abilities[self.row.pk] if a.gained not in
                       CAMPAIGN_GAINED)  # fmt: skip
        return f"{starting}/{self.allowance}"

    @property
    def ability_options(self) -> SafeString:
        """The abilities the type may pick, but those the model holds (the rules let a
        model hold an ability once: ``duplicate-ability``)."""
        squad, page = self._page.squad, self._page
        held = frozenset(a.code for a in page.stored.abilities[self.row.pk])
        choices = _ability_choices(squad.system, squad.faction, self.row.type, page.language)
        selected = self._sent("ability", "code", None)
        return options(((c, text) for c, text in choices if c not in held), selected)

    @property
    def model_options(self) -> dict[str, SafeString]:
        """For each key of the game's record that names another model (``RecordField`` of
        kind "member"), the ``<option>`` list of the models this one may name (see
        ``_assistance``), the named one selected; the game's template shows them."""
        page = self._page
        out = {}
        for f in page.system.member_record:
            if f.kind != "member":
                continue
            named = self.row.record.get(f.key)
            refused = self._refused("card")
            if refused is not None and f.key in refused.sent:
                sent = refused.sent[f.key]
                named = next((name for pk, name, _e in page.models if str(pk) == sent), None)
            if self.row.pk in page.gunners:
                allowed: frozenset[int] | None = frozenset()
            else:
                allowed = page.assisted
            out[f.key] = _model_options(page.models, self.row, named, allowed)
        return out

    @property
    def gained_options(self) -> SafeString:
        return _gained_options(bool(self.allowance), self._page.language)


def shown(violation: Violation) -> Shown:
    return Shown(violation.code, violation_message(violation), violation.member)


def label(table, code: str) -> str:
    entry = table.get(code)
    return _(entry.label) if entry is not None else code


def options(choices: Iterable[tuple[object, str]], selected: object = None) -> SafeString:
    """``<option>`` elements for ``(value, text)`` pairs, ``selected`` marked."""
    return mark_safe(
        "".join(
            f'<option value="{escape(value)}"{" selected" if value == selected else ""}>'
            f"{escape(text)}</option>"
            for value, text in choices
        )
    )


# Option lists that depend only on the game data and the language: rendered once per process.


def _known(code: str, codes) -> str:
    """``code`` if it is one of ``codes``, else "": a value sent by a form, checked before
    it keys a cache of rendered options."""
    return code if code in codes else ""


@functools.cache
def _kit_choices(system_code: str, faction: str, model_type: str, language: str):
    """(items, abilities) as ``(code, label)`` pairs: what a card of this type offers."""
    system = get_system(system_code)
    offered = system.builder
    items = offered.items(faction, model_type) if offered else tuple(system.items)
    starting = offered.starting_abilities(model_type) if offered else tuple(system.abilities)
    return (
        tuple((c, label(system.items, c)) for c in items),
        tuple((c, label(system.abilities, c)) for c in starting),
    )


def _price(price) -> str:
    """A game's price for a picker (``BuilderChoices.type_price``), translated; "" for none."""
    if price is None:
        return ""
    message, params = price
    return _(message) % params


@functools.cache
def _item_choices(
    system_code: str, faction: str, model_type: str, language: str
) -> tuple[tuple[str, str], ...]:
    """``(code, "label · price")`` of the items a model of this type may take."""
    system = get_system(system_code)
    priced = system.builder.item_price if system.builder else None
    return tuple(
        (code, f"{text} · {cost}" if (cost := _price(priced(code) if priced else None)) else text)
        for code, text in _kit_choices(system_code, faction, model_type, language)[0]
    )


@functools.cache
def _ability_choices(
    system_code: str, faction: str, model_type: str, language: str
) -> tuple[tuple[str, str], ...]:
    """``(code, "label — effect")`` of the abilities a model of this type may pick."""
    abilities = get_system(system_code).abilities
    return tuple(
        (code, f"{text} — {_(abilities[code].effect)}" if abilities[code].effect else text)
        for code, text in _kit_choices(system_code, faction, model_type, language)[1]
    )


@functools.cache
def _type_choices(system_code: str, language: str) -> tuple[tuple[str, str, int | None], ...]:
    """``(code, "label · price", most)`` of each model type: most None for any number."""
    system = get_system(system_code)
    offered = system.builder
    out = []
    for code, model_type in system.model_types.items():
        text, cost = _(model_type.label), ""
        if offered is not None and offered.type_price is not None:
            cost = _price(offered.type_price(code))
        most = offered.type_range(code)[1] if offered and offered.type_range else None
        out.append((code, f"{text} · {cost}" if cost else text, most))
    return tuple(out)


def _type_counts(rows: Iterable[Member]) -> dict[str, int]:
    """Models of each type the rules count: the living."""
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        if row.status != Member.Status.DEAD:
            counts[row.type] += 1
    return counts


def type_options(
    system: GameSystem, selected: str, counts: Mapping[str, int], language: str
) -> SafeString:
    """The type select: each type with its price and, where the squad may have only so
    many, how many it has of them ("Top · 25 pts · 2/3")."""
    return options(
        (
            (code, text if most is None else f"{text} · {counts.get(code, 0)}/{most}")
            for code, text, most in _type_choices(system.code, language)
        ),
        selected,
    )


def allowances(system: GameSystem, counts: Mapping[str, int], language: str) -> list[dict]:
    """The types a squad may have only so many of, with how many it has ("Top 2/3"), for the
    line above the add form; ``full`` when no more may be added, ``short`` when the squad
    still needs some."""
    offered = system.builder
    if offered is None or offered.type_range is None:
        return []
    out = []
    for code, model_type in system.model_types.items():
        least, most = offered.type_range(code)
        if most is None:
            continue
        count = counts.get(code, 0)
        out.append({"label": _(model_type.label), "count": count, "most": most,
                    "full": count >= most, "short": count < least})  # fmt: skip
    return out


@functools.cache
def _gained_options(allowance: bool, language: str) -> SafeString:
    """At creation (types with starting abilities only), or later in a campaign."""
    gained = [
        ("chosen", _("at creation")),
        ("advance", _("advance")),
        ("injury", _("injury")),
        ("event", _("event")),
    ]
    return options(gained if allowance else gained[1:])


@functools.cache
def _status_options(selected: str, language: str) -> SafeString:
    return options(Member.Status.choices, selected)


@functools.cache
def _random_table(system_code: str, language: str) -> tuple[tuple[int, str], ...]:
    """(roll, ability) for a physical roll of a random ability."""
    system = get_system(system_code)
    table = system.builder.random_abilities if system.builder else ()
    return tuple((i, label(system.abilities, code)) for i, code in enumerate(table, 1))


def _model_options(
    models: list[tuple[int, str, str]],
    member: Member,
    selected: str | None,
    allowed: frozenset[int] | None = None,
) -> SafeString:
    """The squad's models but ``member`` that are ``allowed`` (None: all), and the one
    named ``selected``, selected (so the card shows what is stored, and the rules say
    beside it what is wrong). ``models``: (pk, name, escaped name)."""
    return mark_safe(
        '<option value="">—</option>'
        + "".join(
            f'<option value="{pk}"{" selected" if name == selected else ""}>{escaped}</option>'
            for pk, name, escaped in models
            if pk != member.pk and (allowed is None or pk in allowed or name == selected)
        )
    )


def _partnered(system: GameSystem) -> frozenset[str]:
    """The items the game's builder choices serve with a crew partner
    (``BuilderChoices.partnered_items``)."""
    return system.builder.partnered_items if system.builder is not None else frozenset()


def changes_assistance(system: GameSystem, items: Iterable[str]) -> bool:
    """Whether a change to these items of a model (added, removed, or the model dead or
    back) changes which models the other cards offer to assist: then they all come back."""
    return not _partnered(system).isdisjoint(items)


def _assistance(
    system: GameSystem, stored: StoredSquad
) -> tuple[frozenset[int] | None, frozenset[int]]:
    """(the models another may assist, the models that may assist none), by pk.

    The spec's reading of an item served by a crew partner (the game's
    ``BuilderChoices.partnered_items``; docs/games/<game>.md): a model names as the one it
    helps another living model of the squad that carries such an item, and a partner carries
    no such item itself. A game without such items lets a model name any other (``None``).
    The game's validation still checks what is stored.
    """
    needs = _partnered(system)
    if not needs:
        return None, frozenset()
    carriers = {pk for pk, lines in stored.equipment.items() if any(e.item in needs for e in lines)}
    living = {m.pk for m in stored.members if m.status != Member.Status.DEAD}
    return frozenset(carriers & living), frozenset(carriers)


def _member_urls(builder_url: str, member_pk: int) -> MemberUrls:
    # rosters/urls.py nests every model action under <builder>/members/<pk>/.
    base = f"{builder_url}members/{member_pk}/"
    return MemberUrls(
        update=base,
        open=f"{builder_url}?open={member_pk}",
        duplicate=f"{base}duplicate/",
        move_up=f"{base}move/up/",
        move_down=f"{base}move/down/",
        remove=f"{base}remove/",
        equipment_add=f"{base}equipment/",
        ability_add=f"{base}abilities/",
        ability_draw=f"{base}abilities/draw/",
    )


def builder_context(
    squad_id: Squad | int,
    *,
    owner=None,
    error_for: int | None = None,
    refused: Refused | None = None,
    added: int | None = None,
    added_item: str = "",
    open: int | None = None,
) -> dict[str, Any]:
    """The builder page's context.

    The card of model ``open`` is open to edit (after a change to a model or an add: that
    model's); the others show as one line each, which is what keeps the page light.

    A refused edit (``refused``) shows where it was made: on the card of model
    ``error_for``, at the squad's form or the add form (``refused.form``), else in the
    summary. After model ``added`` was added, the add form offers its type again and the
    next numbered name; after item ``added_item`` was added to model ``error_for``, its
    card says so if the item costs it nothing.
    """
    stored = load_squad(squad_id, owner=owner)
    squad = stored.squad
    system = get_system(squad.system)
    roster = stored.roster()
    costs = system.cost(roster) if system.cost is not None else None  # None: not costed
    derived = system.derived(roster)
    violations = [shown(v) for v in system.validate(roster)]
    by_member: dict[str, list[Shown]] = {}
    squad_wide = []
    for v in violations:
        if v.member is None:
            squad_wide.append(v)
        else:
            by_member.setdefault(v.member, []).append(v)
    rows = stored.members
    language = get_language()
    builder_url = reverse("rosters:builder", args=[squad.pk])
    models = [(row.pk, row.name, escape(row.name)) for row in rows]
    if open is None:
        open = error_for if error_for is not None else added
    page = _Page(stored, system, builder_url, models, language, open, *_assistance(system, stored))
    member_costs = costs.members if costs is not None else (None,) * len(rows)
    by_name = derived.get("derived", {})
    members = [
        MemberView(row, member_cost, by_member.get(row.name, []), page, by_name.get(row.name))
        for row, member_cost in zip(rows, member_costs, strict=True)
    ]
    for index, m in enumerate(members):
        if m.row.pk != error_for:
            continue
        if refused is not None and refused.form in ("card", "equipment", "ability"):
            m.refused = refused
        if added_item and costs is not None:
            m.notice = _free_notice(system, roster, costs, index, added_item)
    dead = sum(1 for row in rows if row.status == Member.Status.DEAD)
    counts = _type_counts(rows)
    pks = {row.name: row.pk for row in rows}
    shown_elsewhere = refused is not None and (
        refused.form in ("squad", "add") or any(m.refused for m in members)
    )
    return {
        "squad": squad,
        "roster": roster,  # the rules value shown (rosters.undo keeps it after a change)
        "campaign": squad.in_campaign,
        "system": system,
        # the game's parts of the page (its record's fields on a card, the notice above a
        # campaign squad...), or their shared fallbacks
        "parts": system.part_templates,
        "labels": {"duplicate": _("Duplicate")},
        "faction_label": squad.faction_label,
        "points": costs.points if costs is not None else None,
        "derived": derived,
        "valid": not violations,
        "violations": violations,
        "squad_violations": squad_wide,
        # every rule broken, in the summary: a model's links to its card
        "broken": [(v, pks.get(v.member) if v.member else None) for v in violations],
        "allowances": allowances(system, counts, language),
        "members": members,
        "living": len(rows) - dead,  # what the rules count
        "dead": dead,
        "urls": {
            "builder": builder_url,
            "member_add": reverse("rosters:member_add", args=[squad.pk]),
            "edit": reverse("rosters:edit", args=[squad.pk]),
        },
        "add": _add_form(squad, system, rows, counts, language, refused, added),
        # what an empty squad is told to add first
        "first_type": label(system.model_types, system.leader_type) if system.leader_type else "",
        "head": squad_head(squad, system, refused),
        "random_table": _random_table(squad.system, language),
        "error": refused.message if refused is not None and not shown_elsewhere else "",
    }


def squad_head(squad: Squad, system: GameSystem, refused: Refused | None = None) -> dict:
    """The squad's form (name, faction, points limit): the stored values, or those a
    refused edit of it sent, with the message at the field it is about (``errors``; a
    refusal about none of them under ``"form"``)."""
    sent = refused.sent if refused is not None and refused.form == "squad" else {}
    faction = sent.get("faction", squad.faction)
    errors = {}
    if refused is not None and refused.form == "squad":
        shown = ("name", "faction", "points_limit", "notes")
        shown_at = refused.field if refused.field in shown else ""
        errors[shown_at or "form"] = refused.message
    return {
        "name": sent.get("name", squad.name),
        "faction": faction,
        "points_limit": sent.get("points_limit", squad.points_limit),
        "notes": sent.get("notes", squad.notes),
        "faction_options": options(((c, _(f.label)) for c, f in system.factions.items()), faction)
        if system.factions is not None
        else None,
        "errors": errors,
    }


def _add_form(squad, system, rows, counts, language, refused: Refused | None, added: int | None):
    """The add form: at first the game's leader, or its ordinary model once the squad has
    its leader (``_usual_type``); after an add, the type just added and the next numbered
    name ("add another"), unless the squad may have no more of that type (its leader); after
    a refused add, what was sent, with the message at the field it is about (``errors``;
    under ``"form"`` when about neither)."""
    name, model_type, errors = "", _usual_type(system, counts), {}
    row = next((r for r in rows if r.pk == added), None) if added is not None else None
    if refused is not None and refused.form == "add":
        name = refused.sent.get("name", "")
        model_type = _known(refused.sent.get("type", ""), system.model_types)
        errors[refused.field if refused.field in ("name", "type") else "form"] = refused.message
    elif row is not None and not _full(system, row.type, counts):
        name, model_type = next_name(row.name, (r.name for r in rows)), row.type
    return {
        "name": name,
        "type_options": type_options(system, model_type, counts, language),
        "errors": errors,
        "suggested": row is not None,  # the name box takes the focus: Enter adds another
    }


def _usual_type(system: GameSystem, counts: Mapping[str, int]) -> str:
    """The type the add form offers by default: the game's leader while the squad has none
    living, then its ordinary model (``GameSystem.leader_type``, ``ordinary_type``); "" for
    the first type, in a game that declares neither."""
    if system.leader_type and not counts.get(system.leader_type):
        return system.leader_type
    return system.ordinary_type or ""


def _full(system: GameSystem, model_type: str, counts: Mapping[str, int]) -> bool:
    """Whether the squad has as many models of the type as it may have (its one leader)."""
    type_range = system.builder.type_range if system.builder is not None else None
    type_range = type_range or system.composition.type_range
    if type_range is None or model_type not in system.model_types:
        return False
    most = type_range(model_type)[1]
    return most is not None and counts.get(model_type, 0) >= most


def _free_notice(
    system: GameSystem, roster: Roster, costs: RosterCost, index: int, item: str
) -> str:
    """What to say when the model at ``index`` carries ``item`` at no cost, which adding
    more of it does not show (an item a faction gets free is free whether listed or not):
    the rules' costing gives it the same equipment points (``ep_spent``, in a game that has
    them) with and without that line. An item the game's table prices is then free by the
    faction's rule (docs/games/<game>.md); one it does not costs nothing
    anywhere (a knife). Else "": the item costs something."""
    spent = getattr(costs.members[index], "ep_spent", None)
    member = roster.members[index]
    if spent is None or not any(e.item == item for e in member.equipment):
        return ""
    without = dataclasses.replace(
        member, equipment=tuple(e for e in member.equipment if e.item != item)
    )
    members = (*roster.members[:index], without, *roster.members[index + 1 :])
    before = system.cost(dataclasses.replace(roster, members=members)).members[index]
    if before.ep_spent != spent:
        return ""
    text = label(system.items, item)
    if getattr(system.items[item], "ep", 0):
        faction = system.faction_label(roster.faction)
        return _("%(item)s are free for the %(faction)s: they cost no EP.") % {
            "item": text, "faction": _(faction),
        }  # fmt: skip
    return _("%(item)s costs no EP.") % {"item": text}


def free_item_notice(squad_id: int, member_pk: int, item: str, *, owner=None) -> str:
    """``_free_notice`` for a page that is not the builder's (a full-page post)."""
    stored = load_squad(squad_id, owner=owner)
    system = get_system(stored.squad.system)
    index = next((i for i, m in enumerate(stored.members) if m.pk == member_pk), None)
    if system.cost is None or index is None:
        return ""
    roster = stored.roster()
    return _free_notice(system, roster, system.cost(roster), index, item)


# --- "My squads" ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SquadLine:
    """One squad as "My squads" lists it: what a player checks before picking it."""

    squad: Squad
    points: int | None  # None: the game is not costed
    broken: int  # rules broken (0: valid)
    models: int  # the living models (a force of units: its models)
    dead: int
    campaign_id: int | None  # the campaign a copy plays in
    campaign_name: str

    @property
    def valid(self) -> bool:
        return not self.broken


def squad_lines(squads: QuerySet[Squad]) -> list[SquadLine]:
    """Each squad of ``squads`` with its points, the rules it breaks, its models and the
    campaign it plays in: three queries, whatever the number of squads."""
    queryset = squads.select_related("owner").annotate(
        campaign_id=F("campaign_entry__campaign_id"),
        campaign_name=F("campaign_entry__campaign__name"),
    )
    return [_squad_line(stored) for stored in load_squads(queryset)]


def _squad_line(stored: StoredSquad) -> SquadLine:
    squad, roster = stored.squad, stored.roster()
    system = get_system(squad.system)
    if system.units is not None:
        living, dead = sum(system.units.models(unit) for unit in roster.units), 0
    else:
        dead = sum(1 for m in roster.members if m.status == Member.Status.DEAD)
        living = len(roster.members) - dead
    return SquadLine(
        squad,
        system.points(roster),
        len(system.validate(roster)),
        living,
        dead,
        squad.campaign_id,
        squad.campaign_name or "",
    )


# --- plain text -------------------------------------------------------------------------------


def squad_text(squad_id: int, *, owner=None) -> str:
    """The squad as plain text to paste into a chat: a line for the squad (game, faction,
    points, valid or the rules it breaks), then a line per model or unit with its type, its
    points where the game costs them, its equipment and its abilities (three queries). A unit
    lists its own weapons, or each member entry with what each of its models carries."""
    stored = load_squad(squad_id, owner=owner)
    squad, roster = stored.squad, stored.roster()
    system = get_system(squad.system)
    costs = system.cost(roster) if system.cost is not None else None
    broken = system.validate(roster)
    head = [squad.name, system.name]
    if system.factions is not None:
        head.append(_(system.faction_label(roster.faction)))
    if costs is not None:
        limit = f"/{squad.points_limit}" if squad.points_limit else ""
        head.append(_("%(points)s pts") % {"points": f"{costs.points}{limit}"})
    head.append(
        _("valid")
        if not broken
        else ngettext(
            "invalid: %(count)d rule broken", "invalid: %(count)d rules broken", len(broken)
        )
        % {"count": len(broken)}  # fmt: skip
    )
    lines = [" · ".join(head)]
    if system.units is not None:
        for unit in roster.units:
            kind = system.units.kinds.get(unit.kind)
            what = [_(kind.label) if kind is not None else unit.kind]
            models = system.units.models(unit)
            what.append(ngettext("%(count)d model", "%(count)d models", models) % {"count": models})
            kit = _kit_text(system, unit.equipment)
            members = "; ".join(_unit_member_text(system, m) for m in unit.members)
            lines.append(f"- {unit.name} ({', '.join(what)})"
                         + "".join(f": {part}" for part in (members, kit) if part))  # fmt: skip
        return "\n".join(lines) + "\n"
    member_costs = costs.members if costs is not None else (None,) * len(roster.members)
    for m, cost in zip(roster.members, member_costs, strict=True):
        what = [label(system.model_types, m.type)]
        if cost is not None:
            what.append(_("%(points)s pts") % {"points": cost.points})
        if m.status != "active":
            what.append(_(dict(Member.Status.choices)[m.status]))
        kit = _kit_text(system, m.equipment)
        abilities = ", ".join(
            label(system.abilities, a.code) + (f": {_(a.detail)}" if a.detail else "")
            for a in m.abilities
        )
        text = "; ".join(part for part in (kit, abilities) if part)
        lines.append(f"- {m.name} ({', '.join(what)})" + (f": {text}" if text else ""))
    return "\n".join(lines) + "\n"


def _unit_member_text(system: GameSystem, member: RulesMember) -> str:
    """A member entry of a unit: "Rifleman ×5 (each: Rifle)", "Gunner (MG 42)"."""
    assert system.units is not None
    models = system.units.group(member)
    name = f"{member.name} ×{models}" if models > 1 else member.name
    kit = _kit_text(system, member.equipment)
    if not kit:
        return name
    if models > 1:
        kit = _("each: %(kit)s") % {"kit": kit}
    return f"{name} ({kit})"


def _kit_text(system: GameSystem, equipment) -> str:
    return ", ".join(
        (e.label or label(system.items, e.item)) + (f" ×{e.count}" if e.count > 1 else "")
        for e in equipment
    )
