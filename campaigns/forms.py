"""Campaign forms, and the battle-report screen turned into a ``battle-report/1`` document.

The report screen posts one row per model that fought; ``report_document`` writes the same
document a client would send to the API, and the same service checks it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaigns.models import Campaign, Entry
from rosters.messages import problem_message
from rosters.models import Member
from rules import systems
from rules.documents import DocumentError, loads
from rules.registry import RecordField


def _campaign_systems():
    return [(system.code, system.name) for system in systems() if system.campaign is not None]


class CampaignForm(forms.ModelForm):
    """A new campaign: its game (one with campaign rules) and settings; the points limit
    starts at the game's usual one."""

    system = forms.ChoiceField(
        label=gettext_lazy("Game"), choices=_campaign_systems, required=False
    )

    class Meta:
        model = Campaign
        fields = ["name", "description", "points_limit", "is_public", "apply_at_once"]
        widgets = {"description": forms.Textarea(attrs={"rows": 3})}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is None and "system" in self.fields:
            first = next(s for s in systems() if s.campaign is not None)
            self.fields["system"].initial = first.code
            self.fields["points_limit"].initial = first.default_points_limit


class JoinForm(forms.Form):
    code = forms.CharField(label=gettext_lazy("Invitation code"), max_length=20)


class SettingsForm(CampaignForm):
    system = None  # a campaign keeps its game
    survival = forms.CharField(
        label=gettext_lazy("Survival table (JSON)"), widget=forms.Textarea(attrs={"rows": 12}),
        required=False, help_text=gettext_lazy("Leave empty for the default table."),
    )  # fmt: skip
    reputation = forms.CharField(
        label=gettext_lazy("Reputation awards (JSON)"), widget=forms.Textarea(attrs={"rows": 10}),
        required=False, help_text=gettext_lazy("Leave empty for the default awards."),
    )  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        rules = self.instance.house_rules or {}
        for key in ("survival", "reputation"):
            if key in rules:
                self.initial.setdefault(key, json.dumps(rules[key], indent=2))

    def _table(self, key: str) -> Any:
        text = self.cleaned_data.get(key, "").strip()
        if not text:
            return None
        try:  # the documents' strict reader: no duplicated key, NaN, huge number or deep nest
            return loads(text)
        except DocumentError as error:
            raise forms.ValidationError(
                [problem_message(problem) for problem in error.problems[:10]]
            ) from None

    def clean_survival(self) -> Any:
        return self._table("survival")

    def clean_reputation(self) -> Any:
        return self._table("reputation")

    def house_rules(self) -> dict[str, Any]:
        return {k: self.cleaned_data[k] for k in ("survival", "reputation")
                if self.cleaned_data.get(k) is not None}  # fmt: skip


# --- the battle report screen ---------------------------------------------------------------


@dataclass
class ReportSide:
    """One squad on the report screen, with the models that can fight (active ones)."""

    index: int
    entry: Entry
    members: list[Member]
    deeds: tuple[RecordField, ...] = ()  # the game's (``GameSystem.deeds``), in its order

    def prefix(self, member: Member | None = None) -> str:
        return f"s{self.index}-m{member.pk}" if member else f"s{self.index}"

    def outcome(self, data: Any) -> str:
        return data.get(f"{self.prefix()}-outcome", "")

    def rows(self, data: Any) -> list[dict[str, Any]]:
        """The screen's values for each model, as posted (or empty)."""
        rows = []
        for member in self.members:
            p = self.prefix(member)
            row = {
                "member": member,
                "prefix": p,
                "state": data.get(f"{p}-state", "unhurt"),
                "treated": bool(data.get(f"{p}-treated")),
                "roll": data.get(f"{p}-roll", ""),
            }
            row["deeds"] = [
                {"key": d.key, "label": d.label, "value": data.get(f"{p}-{d.key}", "")}
                for d in self.deeds
            ]
            rows.append(row)
        return rows  # fmt: skip


def report_document(
    data: Any, *, system: str, sides: list[ReportSide]
) -> tuple[dict[str, Any], list[str]]:
    """The posted screen as a ``battle-report/1`` document, and what could not be read."""
    errors: list[str] = []
    document_sides = []
    for side in sides:
        squad = side.entry.squad.name
        casualties, deeds, rolls = [], [], {}
        for member in side.members:
            p = side.prefix(member)
            state = data.get(f"{p}-state", "unhurt")
            if state != "unhurt":
                casualty: dict[str, Any] = {"member": member.name, "state": state}
                if data.get(f"{p}-treated"):
                    casualty["treated"] = True
                casualties.append(casualty)
            counts = {}
            for deed in side.deeds:
                value = _number(data.get(f"{p}-{deed.key}", ""))
                if value is None:
                    errors.append(
                        _("%(squad)s, %(name)s: %(field)s must be a whole number")
                        % {"squad": squad, "name": member.name, "field": _(deed.label)}
                    )
                elif value:
                    counts[deed.key] = value
            if counts:
                deeds.append({"member": member.name, **counts})
            roll = data.get(f"{p}-roll", "").strip()
            if roll:
                number = _number(roll)
                if number is None:
                    errors.append(
                        _("%(squad)s, %(name)s: the survival roll must be a number from 1 to 6")
                        % {"squad": squad, "name": member.name}
                    )
                else:
                    rolls[member.name] = number
        entry: dict[str, Any] = {
            "squad_id": side.entry.squad_id,
            "outcome": data.get(f"{side.prefix()}-outcome", ""),
            "casualties": casualties,
            "deeds": deeds,
        }
        if rolls:
            entry["survival_rolls"] = rolls
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
    return document, errors


def _number(text: str) -> int | None:
    text = text.strip()
    if not text:
        return 0
    try:
        return int(text)
    except ValueError:
        return None
