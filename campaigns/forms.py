"""Campaign forms, and the battle-report screen turned into a ``battle-report/1`` document.

The report screen posts one row per model that fought (per unit, in a game of units);
``report_document`` writes the same document a client would send to the API, and the same
service checks it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaigns.models import Campaign, Entry
from rosters.models import Member, Pack
from rules import systems
from rules.registry import GameSystem, RecordField
from rules.types import Unit


def _campaign_systems():
    return [(system.code, _(system.name)) for system in systems() if system.campaign is not None]


LIMIT_LEFT_EMPTY = gettext_lazy(
    "Leave empty for the game's usual limit (none for a game whose rules print no points)."
)


class CampaignForm(forms.ModelForm):
    """A new campaign: its game (one with campaign rules) and settings; a points limit left
    empty is the game's usual one (none for a game whose rules print no points)."""

    system = forms.ChoiceField(
        label=gettext_lazy("Game"), choices=_campaign_systems, required=False
    )

    class Meta:
        model = Campaign
        fields = ["name", "description", "points_limit", "is_public", "apply_at_once"]
        widgets = {"description": forms.Textarea(attrs={"rows": 3})}

    def __init__(self, *args, user: Any = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.packs: dict[int, Pack] = {}
        if self.instance.pk is None and "system" in self.fields:
            first = next(s for s in systems() if s.campaign is not None)
            self.fields["system"].initial = first.code
            # Empty, not the first game's limit: a game without points would keep it.
            self.fields["points_limit"].help_text = LIMIT_LEFT_EMPTY
            if user is not None and user.is_authenticated:
                self._pack_field(user)

    def _pack_field(self, user: Any) -> None:
        """A new campaign may start with one of the organiser's packs (of its game)."""
        packs = Pack.objects.filter(owner=user, house_rules=False).order_by("name", "pk")
        self.packs = {pack.pk: pack for pack in packs}
        self.fields["pack"] = forms.TypedChoiceField(
            label=gettext_lazy("Pack"), coerce=int, empty_value=None, required=False,
            choices=[("", _("None: the game's defaults"))] + [
                (pack.pk, f"{pack.name} ({pack.game_name})") for pack in packs],
            help_text=gettext_lazy("Its numbers (victory points, points...): a pack of its game."),
        )  # fmt: skip

    def created_with(self) -> dict[str, Any]:
        """What ``services.campaign_create`` takes of the form (the pack as a row)."""
        data = dict(self.cleaned_data)
        data["pack"] = self.packs.get(data.pop("pack", None) or 0)
        return data


class JoinForm(forms.Form):
    code = forms.CharField(label=gettext_lazy("Invitation code"), max_length=20)


class SettingsForm(CampaignForm):
    """A campaign's settings. Its house rules are its pack's tables (issue #30), edited on
    the pack's pages one table at a time (``campaigns:pack``): no JSON to type here."""

    system = None  # a campaign keeps its game

    class Meta(CampaignForm.Meta):
        fields = [*CampaignForm.Meta.fields, "require_valid_squads"]

    def setting_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.Meta.fields]

    def add_service_error(self, field: str, message: str) -> None:
        """A refusal of ``services.campaign_update`` at the field it is about."""
        self.add_error(field if field in self.fields else None, f"{field}: {message}")


class CampaignPackForm(forms.Form):
    """The pack a campaign plays with: one of the organiser's packs of its game, or none."""

    pack = forms.TypedChoiceField(label=gettext_lazy("Pack"), coerce=int, empty_value=None,
                                  required=False)  # fmt: skip

    def __init__(self, *args: Any, campaign: Campaign, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        packs = Pack.objects.filter(owner=user, system=campaign.system).order_by("name", "pk")
        self.packs = {pack.pk: pack for pack in packs}
        none = _("None: the game's defaults")
        self.fields["pack"].choices = [("", none)] + [
            (pack.pk, f"{pack.name} (v{pack.version})") for pack in packs
        ]
        version = campaign.pack_version
        self.fields["pack"].initial = version.pack_id if version is not None else ""


# --- the battle report screen ---------------------------------------------------------------


@dataclass
class ReportSide:
    """One squad on the report screen, with the models that can fight (active ones, or its
    crew's), and
    the game's own fields of a report (``GameSystem.deeds`` and ``GameSystem.report``).
    In a game played with units the screen has a row per unit (``units``) instead."""

    index: int
    entry: Entry
    members: list[Member]
    game: GameSystem
    units: tuple[Unit, ...] = ()
    # The crew (``rules.crew``): the names that take part, the screen's rows narrowed to
    # them; None: the whole squad. ``names``: every name that could.
    crew: tuple[str, ...] | None = None
    names: tuple[str, ...] = ()

    def prefix(self, member: Member | None = None) -> str:
        return f"s{self.index}-m{member.pk}" if member else f"s{self.index}"

    def unit_prefix(self, position: int) -> str:
        return f"s{self.index}-u{position}"

    def unit_rows(self, data: Any) -> list[dict[str, Any]]:
        """The screen's values for each unit, as posted (or empty): its casualty fields,
        a code field as a list of its choices (the first, "intact" say, chosen at first)."""
        labels = self.game.campaign.labels if self.game.campaign else {}
        rows = []
        for position, unit in enumerate(self.units):
            p = self.unit_prefix(position)
            cells = []
            for f in self.casualty_fields:
                value = data.get(f"{p}-{f.key}", "")
                cells.append({
                    "field": f, "name": f"{p}-{f.key}", "value": value,
                    "choices": [(c, labels.get(c, c)) for c in f.choices],
                })  # fmt: skip
            rows.append({
                "unit": unit,
                "kind": self.game.units.kinds[unit.kind].label,
                "models": self.game.units.models(unit),
                "cells": cells,
            })  # fmt: skip
        return rows

    def outcome(self, data: Any) -> str:
        return data.get(f"{self.prefix()}-outcome", "")

    @property
    def casualty_fields(self) -> tuple[RecordField, ...]:
        return self.game.report.casualty

    @property
    def roll_fields(self) -> tuple[RecordField, ...]:
        """The side's dice rolled at the table, one box per model."""
        return tuple(f for f in self.game.report.side if f.kind == "rolls")

    def side_fields(self, data: Any) -> list[dict[str, Any]]:
        """The side's own choices (how its battle ended, say), as posted."""
        labels = self.game.campaign.labels if self.game.campaign else {}
        return [
            {
                "field": f,
                "name": f"{self.prefix()}-{f.key}",
                "value": data.get(f"{self.prefix()}-{f.key}", ""),
                "choices": [(c, labels.get(f"{f.key}:{c}", c)) for c in f.choices],
            }
            for f in self.game.report.side
            if f.kind == "code"
        ]

    def rows(self, data: Any) -> list[dict[str, Any]]:
        """The screen's values for each model, as posted (or empty)."""
        rows = []
        for member in self.members:
            p = self.prefix(member)

            def cells(fields: tuple[RecordField, ...], p: str = p) -> list[dict[str, Any]]:
                return [
                    {"field": f, "name": f"{p}-{f.key}", "value": data.get(f"{p}-{f.key}", "")}
                    for f in fields
                ]

            rows.append({
                "member": member,
                "prefix": p,
                "state": data.get(f"{p}-state", "unhurt"),
                "casualty": cells(self.casualty_fields),
                "deeds": cells(self.game.deeds),
                "rolls": cells(self.roll_fields),
            })  # fmt: skip
        return rows


def report_document(
    data: Any, *, system: str, sides: list[ReportSide], round: int | None = None
) -> tuple[dict[str, Any], list[str]]:
    """The posted screen as a ``battle-report/1`` document, and what could not be read (the
    parser checks the rest: a number out of range, a key the state does not allow); with
    ``round``, the report names the round whose table it plays."""
    errors: list[str] = []
    document_sides = []
    for side in sides:
        squad = side.entry.squad.name
        if side.game.units is not None:
            document_sides.append(_units_side(data, side, errors))
            continue

        def number(text: str, member: Member, field: RecordField, squad: str = squad) -> int | None:
            value = _number(text)
            if value is None:
                errors.append(
                    _("%(squad)s, %(name)s: %(field)s must be a whole number")
                    % {"squad": squad, "name": member.name, "field": _(field.label)}
                )
            return value

        casualties, deeds = [], []
        rolls: dict[str, dict[str, int]] = {}
        for member in side.members:
            p = side.prefix(member)
            state = data.get(f"{p}-state", "unhurt")
            casualty: dict[str, Any] = {"member": member.name, "state": state}
            numbered = False  # a number given with "unhurt" goes to the parser, which refuses it
            for field in side.casualty_fields:
                raw = data.get(f"{p}-{field.key}", "")
                if field.kind == "flag":
                    if raw:
                        casualty[field.key] = True
                elif raw.strip():
                    value = number(raw, member, field)
                    if value is not None:
                        casualty[field.key] = value
                        numbered = True
            if state != "unhurt" or numbered:
                casualties.append(casualty)
            counts = {}
            for deed in side.game.deeds:
                value = number(data.get(f"{p}-{deed.key}", ""), member, deed)
                if value:
                    counts[deed.key] = value
            if counts:
                deeds.append({"member": member.name, **counts})
            for field in side.roll_fields:
                raw = data.get(f"{p}-{field.key}", "").strip()
                value = number(raw, member, field) if raw else None
                if value is not None:
                    rolls.setdefault(field.key, {})[member.name] = value
        entry: dict[str, Any] = {
            "squad_id": side.entry.squad_id,
            "outcome": data.get(f"{side.prefix()}-outcome", ""),
            "casualties": casualties,
            "deeds": deeds,
            **rolls,
        }
        if side.crew is not None:
            entry["crew"] = list(side.crew)
        for choice in side.side_fields(data):
            if choice["value"]:
                entry[choice["field"].key] = choice["value"]
        document_sides.append(entry)
    document: dict[str, Any] = {
        "format": "battle-report/1",
        "system": system,
        "scenario": data.get("scenario", "").strip(),
        "sides": document_sides,
    }
    played_on = data.get("played_on", "").strip()
    if played_on:
        document["played_on"] = played_on
    if round is not None:
        document["round"] = round
    return document, errors


def _units_side(data: Any, side: ReportSide, errors: list[str]) -> dict[str, Any]:
    """A side of a game played with units: a casualty for each unit that did not come
    through untouched (a code field left at its first choice, numbers empty or 0); what
    does not fit its state goes to the parser, which refuses it and says where."""
    casualties = []
    for position, unit in enumerate(side.units):
        p = side.unit_prefix(position)
        casualty: dict[str, Any] = {"unit": unit.name}
        touched = False
        for field in side.casualty_fields:
            raw = data.get(f"{p}-{field.key}", "").strip()
            if field.kind == "code":
                casualty[field.key] = raw or (field.choices[0] if field.choices else "")
                touched |= bool(raw) and field.choices[:1] != (raw,)
            elif raw:
                value = _number(raw)
                if value is None:
                    errors.append(
                        _("%(squad)s, %(name)s: %(field)s must be a whole number")
                        % {"squad": side.entry.squad.name, "name": unit.name,
                           "field": _(field.label)}
                    )  # fmt: skip
                elif value:
                    casualty[field.key] = value
                    touched = True
        if touched:
            casualties.append(casualty)
    return {
        "squad_id": side.entry.squad_id,
        "outcome": data.get(f"{side.prefix()}-outcome", ""),
        "casualties": casualties,
        **({"crew": list(side.crew)} if side.crew is not None else {}),
    }


def _number(text: str) -> int | None:
    text = text.strip()
    if not text:
        return 0
    try:
        return int(text)
    except ValueError:
        return None
