"""What the roster builder shows: a squad with its points, EP and violations per model.

Views call ``builder_context``; templates only display what it holds (they never compute
points). Four queries load the squad (``Stored.load``), whatever its size.

The page must stay fast with 15 models (``bench/bench_rosters.py``), so what is the same for
many cards is prepared once: the ``<option>`` lists of a model type are rendered once per
process and language, and every URL of a card is built from the squad's builder URL (one
``reverse`` per page; ``tests/rosters/test_builder.py`` checks them against ``reverse``).
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rosters.adapters import rows_to_roster
from rosters.messages import violation_message
from rosters.models import Ability, Equipment, Member, Squad
from rosters.services import CAMPAIGN_GAINED, is_fresh_recruit
from rules import get_system
from rules.registry import GameSystem
from rules.types import MemberCost, Roster, Violation


@dataclass(frozen=True)
class Shown:
    """A violation as the page shows it, in the reader's language."""

    code: str
    message: str
    member: str | None


@dataclass(frozen=True)
class MemberUrls:
    """Where a card's forms post."""

    update: str
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


@dataclass(frozen=True)
class Stored:
    """A squad as stored: its models in order, and their equipment and abilities in order."""

    squad: Squad
    members: list[Member]
    equipment: dict[int, list[Equipment]]  # by member pk
    abilities: dict[int, list[Ability]]

    @classmethod
    def load(cls, squad_id: int, owner=None) -> Stored:
        """Four queries, like ``adapters.squads_with_members``, without the queryset per model
        that ``prefetch_related`` builds (they took a third of an htmx update)."""
        squads = Squad.objects.select_related("owner").filter(pk=squad_id)
        squad = (squads if owner is None else squads.filter(owner=owner)).get()
        members = list(Member.objects.filter(squad=squad).order_by("position", "pk"))
        equipment, abilities = defaultdict(list), defaultdict(list)
        for line in Equipment.objects.filter(member__squad=squad).order_by("position", "pk"):
            equipment[line.member_id].append(line)
        for ability in Ability.objects.filter(member__squad=squad).order_by("position", "pk"):
            abilities[ability.member_id].append(ability)
        return cls(squad, members, equipment, abilities)

    def roster(self) -> Roster:
        """The rules value, made by the adapter ``squad_to_roster`` uses."""
        return rows_to_roster(self.squad, self.members, self.equipment, self.abilities)


@dataclass(frozen=True)
class _Page:
    """What every card of one page shares."""

    stored: Stored
    system: GameSystem
    builder_url: str
    models: list[tuple[int, str, str]]  # (pk, name, escaped name): the models a record names
    language: str

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
        self.error = ""
        self._page = page

    @functools.cached_property
    def urls(self) -> MemberUrls:
        return _member_urls(self._page.builder_url, self.row.pk)

    @functools.cached_property
    def type_label(self) -> str:
        return label(self._page.system.model_types, self.row.type)

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

    @property
    def ep_over(self) -> bool:
        """The rules flagged this model's EP."""
        return any(v.code == "ep-over" for v in self.violations)

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
        return _type_options(self._page.squad.system, self.row.type, self._page.language)

    @property
    def status_options(self) -> SafeString:
        return _status_options(self.row.status, self._page.language)

    @property
    def item_options(self) -> SafeString:
        squad = self._page.squad
        return _kit_options(squad.system, squad.faction, self.row.type, self._page.language)[0]

    @property
    def ability_options(self) -> SafeString:
        squad = self._page.squad
        return _kit_options(squad.system, squad.faction, self.row.type, self._page.language)[1]

    @property
    def model_options(self) -> dict[str, SafeString]:
        """For each key of the game's record that names another model (``RecordField`` of
        kind "member"), the ``<option>`` list of the squad's other models, the named one
        selected; the game's template shows them."""
        return {
            f.key: _model_options(self._page.models, self.row, self.row.record.get(f.key))
            for f in self._page.system.member_record
            if f.kind == "member"
        }

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


@functools.cache
def _kit_options(system_code: str, faction: str, model_type: str, language: str):
    """(items, abilities): what a card of this type offers to add."""
    system = get_system(system_code)
    offered = system.builder
    items = offered.items(faction, model_type) if offered else tuple(system.items)
    starting = offered.starting_abilities(model_type) if offered else tuple(system.abilities)
    return (
        options((c, label(system.items, c)) for c in items),
        options((c, label(system.abilities, c)) for c in starting),
    )


@functools.cache
def _type_options(system_code: str, selected: str, language: str) -> SafeString:
    system = get_system(system_code)
    return options(((c, _(t.label)) for c, t in system.model_types.items()), selected)


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
    models: list[tuple[int, str, str]], member: Member, selected: str | None
) -> SafeString:
    """The squad's models but ``member``, the one named ``selected`` selected.
    ``models``: (pk, name, escaped name)."""
    return mark_safe(
        '<option value="">—</option>'
        + "".join(
            f'<option value="{pk}"{" selected" if name == selected else ""}>{escaped}</option>'
            for pk, name, escaped in models
            if pk != member.pk
        )
    )


def _member_urls(builder_url: str, member_pk: int) -> MemberUrls:
    # rosters/urls.py nests every model action under <builder>/members/<pk>/.
    base = f"{builder_url}members/{member_pk}/"
    return MemberUrls(
        update=base,
        move_up=f"{base}move/up/",
        move_down=f"{base}move/down/",
        remove=f"{base}remove/",
        equipment_add=f"{base}equipment/",
        ability_add=f"{base}abilities/",
        ability_draw=f"{base}abilities/draw/",
    )


def builder_context(squad_id: int, *, owner=None, error_for: int | None = None, error: str = ""):
    """The builder page's context; ``error`` shows beside model ``error_for``, or in the
    summary when ``error_for`` is None."""
    stored = Stored.load(squad_id, owner)
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
    page = _Page(stored, system, builder_url, models, language)
    member_costs = costs.members if costs is not None else (None,) * len(rows)
    by_name = derived.get("derived", {})
    members = [
        MemberView(row, member_cost, by_member.get(row.name, []), page, by_name.get(row.name))
        for row, member_cost in zip(rows, member_costs, strict=True)
    ]
    for m in members:
        if m.row.pk == error_for:
            m.error = error
    return {
        "squad": squad,
        "campaign": squad.in_campaign,
        "system": system,
        # the game's own parts of a card: its record's fields, its costing's figures
        "game_dir": f"systems/{system.code}",
        "faction_label": squad.faction_label,
        "points": costs.points if costs is not None else None,
        "derived": derived,
        "valid": not violations,
        "violations": violations,
        "squad_violations": squad_wide,
        "members": members,
        "urls": {
            "builder": builder_url,
            "member_add": reverse("rosters:member_add", args=[squad.pk]),
            "edit": reverse("rosters:edit", args=[squad.pk]),
        },
        "type_options": _type_options(squad.system, "", language),
        "faction_options": options(
            ((c, _(f.label)) for c, f in system.factions.items()), squad.faction
        )
        if system.factions is not None
        else None,
        "random_table": _random_table(squad.system, language),
        "error": error if error_for is None else "",
    }
