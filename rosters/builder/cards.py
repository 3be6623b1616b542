"""One model's card (``MemberView``): what the builder shows of a model, worked out when
the template first asks for it."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from rosters.adapters import StoredSquad
from rosters.builder.choices import (
    _ability_choices,
    _gained_options,
    _item_choices,
    _known,
    _model_options,
    _status_options,
    _type_counts,
    label,
    options,
    type_options,
)
from rosters.builder.refusals import Refused, Shown
from rosters.models import Ability, Equipment, Member, Squad
from rosters.services import CAMPAIGN_GAINED, is_fresh_recruit
from rules.i18n import TO_BE_NAMED
from rules.pack_prices import Prices
from rules.registry import GameSystem
from rules.types import MemberCost


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
    # what the squad's pack charges for each choice (``rules.pack_prices``): {} without one
    prices: Prices = dataclasses.field(default_factory=dict)
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
            if f.kind in ("count", "text") and f.key in sent:
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
        return type_options(
            page.system, selected or self.row.type, counts, page.language, page.prices
        )

    @property
    def status_options(self) -> SafeString:
        selected = _known(self._sent("card", "status", self.row.status), Member.Status.values)
        return _status_options(selected or self.row.status, self._page.language)

    @property
    def item_choices(self) -> tuple[tuple[str, str], ...]:
        """The items the type may take, as ``(code, "label · price")``: one button each."""
        squad, page = self._page.squad, self._page
        return _item_choices(squad.system, squad.faction, self.row.type, page.language, page.prices)

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
