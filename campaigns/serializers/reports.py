"""The ``battle-report/1`` document as a campaign takes it (docs/formats.md), described
for the OpenAPI schema."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers

from api.schema import schema_prefix
from api.serializers import DocumentString, StrictSerializer
from rosters.serializers import (
    record_serializer_field,
)
from rules import systems
from rules.documents import (
    BATTLE_FORMAT,
    MAX_COUNT,
    MAX_MEMBERS,
    MAX_NAME,
    MAX_TEXT,
)
from rules.documents.report import MAX_ROUND
from rules.registry import GameSystem, RecordField

# --- the battle-report/1 document, as a campaign takes it (docs/formats.md)-------------------


_REPORTS: dict[str, type[serializers.Serializer]] = {}


def battle_report_serializer(system: GameSystem) -> type[serializers.Serializer]:
    """The ``battle-report/1`` document of one game as a campaign takes it, for the schema:
    its states and outcomes, its deeds and its own keys (one class per game, made once)."""
    if system.code not in _REPORTS:
        _REPORTS[system.code] = _battle_report_serializer(system)
    return _REPORTS[system.code]


def _report_field(field: RecordField) -> serializers.Field:
    if field.kind == "rolls":
        return serializers.DictField(
            child=serializers.IntegerField(min_value=field.minimum, max_value=field.maximum),
            required=False, help_text=_(field.help or field.label),
        )  # fmt: skip
    return record_serializer_field(field, required=field.required)


def _battle_report_serializer(system: GameSystem) -> type[serializers.Serializer]:
    prefix = schema_prefix(system.code)
    if system.units is not None:  # a game played with units: a casualty names a unit
        named = {"unit": DocumentString(
            max_length=MAX_NAME, help_text=_("A unit of the side's force, listed once."),
        )}  # fmt: skip
    else:
        named = {
            "member": DocumentString(
                max_length=MAX_NAME, help_text=_("A model of the side's squad that fought.")
            ),
            "state": serializers.ChoiceField(choices=list(system.states)),
        }
    own = {f.key: _report_field(f) for f in system.report.casualty}
    casualty = type(f"{prefix}CasualtyDocumentSerializer", (StrictSerializer,), {**named, **own})
    deeds = type(f"{prefix}DeedsDocumentSerializer", (StrictSerializer,), {
        "__doc__": "What one model did in the battle: a count per deed of the game.",
        "member": DocumentString(max_length=MAX_NAME),
        **{
            d.key: serializers.IntegerField(
                min_value=0, max_value=d.maximum or MAX_COUNT, required=False,
                help_text=_(d.help or d.label),
            )
            for d in system.deeds
        },
    })  # fmt: skip
    side = type(f"{prefix}SideDocumentSerializer", (StrictSerializer,), {
        "squad_id": serializers.IntegerField(
            min_value=1, max_value=2**62,
            help_text=_(
                "The id of the campaign squad (an entry's squad_id), not of the player's own "
                "squad."
            ),
        ),
        "outcome": serializers.ChoiceField(choices=list(system.outcomes)),
        "crew": serializers.ListField(
            child=DocumentString(max_length=MAX_NAME), required=False, allow_null=True,
            min_length=1, max_length=MAX_MEMBERS,
            help_text=_(
                "The units of the force that took part, each once (optional; absent or null: "
                "the whole force). Units left out gain and lose nothing."
            ) if system.units is not None else _(
                "The models of the squad that took part, each once and each able to fight "
                "(optional; absent or null: every model that can fight). The others stayed at "
                "home: the history records nothing for them and they gain nothing."
            ),
        ),
        "casualties": serializers.ListField(
            child=casualty(), required=False, max_length=MAX_MEMBERS,
            help_text=_("A unit not listed lost nothing.") if system.units is not None
            else _("A model that fought and is not listed ended the battle unhurt."),
        ),
        **({"deeds": serializers.ListField(
            child=deeds(), required=False, max_length=MAX_MEMBERS
        )} if system.deeds else {}),
        **{f.key: _report_field(f) for f in system.report.side},
    })  # fmt: skip
    return type(f"{prefix}BattleReportDocumentSerializer", (StrictSerializer,), {
        "__doc__": f"A {system.name} battle as a battle-report/1 document (docs/formats.md).",
        "format": serializers.ChoiceField(choices=[BATTLE_FORMAT]),
        "system": serializers.ChoiceField(choices=[system.code]),
        "scenario": DocumentString(max_length=MAX_TEXT, blank=True, required=False),
        "played_on": serializers.DateField(required=False, allow_null=True),
        "round": serializers.IntegerField(
            min_value=1, max_value=MAX_ROUND, required=False, allow_null=True,
            help_text=_(
                "The campaign round whose pairing this battle plays (optional): the two squads "
                "must sit at one table of that published round. Without it, a battle between "
                "two squads paired in a published round is linked to their table."
            ),
        ),
        "sides": serializers.ListField(child=side(), min_length=2, max_length=20),
    })  # fmt: skip


def battle_report_schema() -> PolymorphicProxySerializer:
    """Every campaign game's report, told apart by ``system``."""
    return PolymorphicProxySerializer(
        component_name="BattleReportDocument",
        serializers={
            s.code: battle_report_serializer(s) for s in systems() if s.campaign is not None
        },
        resource_type_field_name="system",
    )


def _report_example() -> dict[str, Any]:
    """A report of the first game with campaign rules, built from its codes."""
    game = next(s for s in systems() if s.campaign is not None)
    first = {
        "squad_id": 12,
        "outcome": game.outcomes[0],
        "casualties": [{"member": "Ling", "state": game.states[-1]}],
    }
    if game.deeds:
        first["deeds"] = [{"member": "Mint", game.deeds[0].key: 2}]
    return {
        "format": BATTLE_FORMAT,
        "system": game.code,
        "scenario": "Patrol at the river",
        "played_on": "2026-11-20",
        "sides": [first, {"squad_id": 13, "outcome": game.outcomes[-1], "casualties": []}],
    }


BATTLE_REPORT_EXAMPLE = _report_example()
