"""What the squads API reads and writes, as DRF serializers.

The ``squad-roster/1`` serializers *describe* the document for the OpenAPI schema; the API
reads documents with ``rules.documents.parse_roster``, the same strict parser as the web
import and the command line, so the three can never disagree. Codes (factions, types,
items, abilities) are listed from the registered game systems.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from api.schema import schema_prefix
from api.serializers import ServiceCheckedName, StrictSerializer
from rosters.adapters import squad_to_roster
from rosters.models import Squad
from rosters.pdf import PAPER_SIZES
from rules import systems
from rules.documents import (
    MAX_NAME,
    MAX_POINTS_LIMIT,
    MAX_TEXT,
    ROSTER_FORMAT,
    roster_to_document,
)
from rules.registry import GameSystem, RecordField
from rules.types import ABILITY_SOURCES, MEMBER_STATUSES


def _codes(table: str) -> list[str]:
    """Every code of ``table`` (``"factions"``, ``"items"``...) over the game systems."""
    return list(dict.fromkeys(code for s in systems() for code in getattr(s, table) or ()))


SYSTEMS = [s.code for s in systems()]
FACTION_HELP = _(
    "A faction code of the game (%(codes)s), or free text for a game whose rules list none."
) % {"codes": ", ".join(_codes("factions"))}


# --- the squad-roster/1 document (docs/formats.md)--------------------------------------------

ABILITY_SCHEMA = {
    "oneOf": [
        {"type": "string", "enum": _codes("abilities"), "description": "a starting ability"},
        {
            "type": "object",
            "properties": {
                "code": {"type": "string", "enum": _codes("abilities")},
                "detail": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": MAX_NAME,
                    "description": "required for hates-enemy (which enemy), refused elsewhere",
                },
                "source": {"type": "string", "enum": list(ABILITY_SOURCES)},
            },
            "required": ["code"],
            "additionalProperties": False,
        },
    ]
}


@extend_schema_field(ABILITY_SCHEMA)
class AbilityField(serializers.JSONField):
    """A bare ability code, or ``{"code", "detail", "source"}``."""


def _adjustments_schema(field: RecordField) -> dict[str, Any]:
    number = {"type": "integer", "minimum": field.minimum, "maximum": field.maximum}
    return {
        "type": "object",
        "properties": {code: number for code in field.choices},
        "additionalProperties": False,
    }


def record_serializer_field(field: RecordField) -> serializers.Field:
    """The schema of one of a game's own keys (``rules.registry.RecordField``)."""
    help_text = _(field.help or field.label)
    if field.kind == "count":
        return serializers.IntegerField(
            min_value=field.minimum, max_value=field.maximum, required=False, help_text=help_text
        )
    if field.kind == "member":
        return serializers.CharField(
            max_length=MAX_NAME, required=False, allow_null=True, help_text=help_text
        )
    if field.kind == "code":
        return serializers.ChoiceField(
            choices=list(field.choices), required=False, allow_null=True, help_text=help_text
        )
    if field.kind == "flag":
        return serializers.BooleanField(required=False, help_text=help_text)
    if field.kind == "text":
        return serializers.CharField(
            max_length=MAX_TEXT, required=False, allow_blank=True, help_text=help_text
        )
    # a subclass per field: the decorator marks the class it is given
    adjustments = type("AdjustmentsField", (serializers.JSONField,), {})
    return extend_schema_field(_adjustments_schema(field))(adjustments)(
        required=False, help_text=help_text
    )


def _prefix(code: str) -> str:
    """``"some-game"`` -> ``"SomeGame"``: the game's part of its components' names."""
    return schema_prefix(code)


_DOCUMENTS: dict[str, type[serializers.Serializer]] = {}


def roster_document_serializer(system: GameSystem) -> type[serializers.Serializer]:
    """The ``squad-roster/1`` document of one game, for the schema: its codes, its own keys
    (one class per game, made once: the schema names a component after its class)."""
    if system.code not in _DOCUMENTS:
        _DOCUMENTS[system.code] = _roster_document_serializer(system)
    return _DOCUMENTS[system.code]


def _roster_document_serializer(system: GameSystem) -> type[serializers.Serializer]:
    prefix = _prefix(system.code)
    equipment = type(f"{prefix}EquipmentDocumentSerializer", (StrictSerializer,), {
        "item": serializers.ChoiceField(choices=list(system.items)),
        "count": serializers.IntegerField(
            min_value=1, max_value=system.limits.count, required=False,
            help_text=_("Defaults to 1."),
        ),
        **({"label": serializers.CharField(
            max_length=MAX_NAME, required=False,
            help_text=_("The player's own name for it, printed beside the item."),
        )} if system.equipment_labels else {}),
    })  # fmt: skip
    in_unit = system.units is not None
    member_fields: dict[str, Any] = {
        "name": serializers.CharField(
            max_length=MAX_NAME,
            help_text=_("Unique within its unit.") if in_unit else _("Unique within the squad."),
        ),
        "equipment": equipment(many=True, required=False, max_length=system.limits.equipment),
    }
    if not in_unit:
        member_fields["type"] = serializers.ChoiceField(choices=list(system.model_types))
        member_fields["status"] = serializers.ChoiceField(
            choices=list(MEMBER_STATUSES), required=False
        )
    if system.abilities and not in_unit:
        member_fields["abilities"] = serializers.ListField(
            child=AbilityField(), required=False, max_length=system.limits.abilities
        )
    for field in system.member_record:
        member_fields[field.key] = record_serializer_field(field)
    member = type(f"{prefix}MemberDocumentSerializer", (StrictSerializer,), member_fields)
    if system.factions is None:
        faction = serializers.CharField(
            max_length=MAX_NAME, required=False, allow_blank=True,
            help_text=_("Free text, printed only: the game's rules list no factions."),
        )  # fmt: skip
    else:
        faction = serializers.ChoiceField(choices=list(system.factions))
    limit_help = (
        _("Defaults to the game's usual limit.")
        if system.default_points_limit is not None
        else _("Optional: the game's rules print no points (null: no limit).")
    )
    return type(f"{prefix}RosterDocumentSerializer", (StrictSerializer,), {
        "__doc__": f"A {system.name} squad as a squad-roster/1 document (docs/formats.md).",
        "format": serializers.ChoiceField(choices=[ROSTER_FORMAT]),
        "system": serializers.ChoiceField(choices=[system.code]),
        "name": serializers.CharField(max_length=MAX_NAME),
        "faction": faction,
        "points_limit": serializers.IntegerField(
            min_value=1, max_value=MAX_POINTS_LIMIT, required=False,
            allow_null=system.default_points_limit is None, help_text=limit_help,
        ),
        **({"units": _unit_serializer(system, prefix, member, equipment)(
            many=True, max_length=system.limits.units
        )} if in_unit else {"members": member(many=True, max_length=system.limits.members)}),
    })  # fmt: skip


def _unit_serializer(system: GameSystem, prefix: str, member, equipment):
    """A unit of a game played with units: every key of its record, its kind saying which
    it may carry (the help texts say so; the document's reader enforces it)."""
    shape = system.units
    assert shape is not None
    fields: dict[str, Any] = {
        "name": serializers.CharField(max_length=MAX_NAME, help_text=_("Unique within the force.")),
        "kind": serializers.ChoiceField(
            choices=list(shape.kinds), required=shape.default_kind is None,
            help_text=_("Defaults to %(kind)s.") % {"kind": shape.default_kind}
            if shape.default_kind else "",
        ),
    }  # fmt: skip
    for field in shape.record:
        kinds = [k.code for k in shape.kinds.values() if field.key in k.keys]
        needed = [k.code for k in shape.kinds.values() if field.key in k.required]
        serializer_field = record_serializer_field(field)
        words = _("Only for: %(kinds)s.") % {"kinds": ", ".join(kinds)}
        if needed:
            words += " " + _("Required for: %(kinds)s.") % {"kinds": ", ".join(needed)}
        serializer_field.help_text = f"{serializer_field.help_text} {words}"
        fields[field.key] = serializer_field
    with_members = [k.code for k in shape.kinds.values() if k.members]
    fields["members"] = member(
        many=True, required=False, max_length=system.limits.members,
        help_text=_("The unit's models, for: %(kinds)s.") % {"kinds": ", ".join(with_members)},
    )  # fmt: skip
    fields["equipment"] = equipment(
        many=True, required=False, max_length=system.limits.equipment,
        help_text=_("The unit's own weapons, for the other kinds."),
    )  # fmt: skip
    return type(f"{prefix}UnitDocumentSerializer", (StrictSerializer,), fields)


def roster_document_schema() -> PolymorphicProxySerializer:
    """Every game's document, told apart by ``system`` (the schema is built when asked, so
    a game registered later is in it)."""
    return PolymorphicProxySerializer(
        component_name="RosterDocument",
        serializers={s.code: roster_document_serializer(s) for s in systems()},
        resource_type_field_name="system",
    )


# --- stored squads --------------------------------------------------------------------------


class SquadSerializer(serializers.ModelSerializer):
    """A stored squad, without its models (the lists)."""

    public_url = serializers.SerializerMethodField(
        help_text=_("The read-only public page, while the public link is on.")
    )

    class Meta:
        model = Squad
        fields = [
            "id", "name", "system", "faction", "points_limit", "version", "in_campaign",
            "is_public", "public_url", "created", "updated",
        ]  # fmt: skip
        read_only_fields = fields

    @extend_schema_field(serializers.URLField(allow_null=True))
    def get_public_url(self, squad: Squad) -> str | None:
        if not squad.is_public:
            return None
        url = reverse("squad_shared", args=[squad.public_id])
        request = self.context.get("request")
        return request.build_absolute_uri(url) if request is not None else url


class SquadDetailSerializer(SquadSerializer):
    """A stored squad with its models, as the squad-roster/1 document its export gives."""

    # The squad must come from rosters.adapters.squads_with_members (4 queries in all).

    roster = serializers.SerializerMethodField()

    class Meta(SquadSerializer.Meta):
        fields = [*SquadSerializer.Meta.fields, "roster"]
        read_only_fields = fields

    @extend_schema_field(roster_document_schema())
    def get_roster(self, squad: Squad) -> dict[str, Any]:
        return roster_to_document(squad_to_roster(squad))


@extend_schema_field({"type": "string", "minLength": 1, "maxLength": MAX_NAME, "pattern": r"\S"})
class NameField(ServiceCheckedName):
    """A squad's name. The schema says what the service accepts (not blank, at most 100
    characters); a refused name gets the service's own message, as on the pages."""

    def __init__(self, **kwargs) -> None:
        super().__init__(max_length=None, trim_whitespace=False, **kwargs)


class SquadCreateSerializer(StrictSerializer):
    name = NameField()
    faction = serializers.CharField(
        max_length=MAX_NAME, required=False, allow_blank=True, default="", help_text=FACTION_HELP
    )
    system = serializers.ChoiceField(choices=SYSTEMS, default=SYSTEMS[0])
    points_limit = serializers.IntegerField(
        min_value=1, max_value=100_000, required=False, allow_null=True,
        help_text=_("Defaults to the game's usual limit (none for a game without points)."),
    )  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["system"].choices = [s.code for s in systems()]  # as registered now


class SquadChangeSerializer(StrictSerializer):
    """The squad's own settings; its models change with PUT (the whole document)."""

    name = NameField(required=False)
    faction = serializers.CharField(
        max_length=MAX_NAME, required=False, allow_blank=True, help_text=FACTION_HELP
    )
    points_limit = serializers.IntegerField(
        min_value=1, max_value=100_000, required=False, allow_null=True
    )
    is_public = serializers.BooleanField(
        required=False, help_text=_("Turns the read-only public link on or off.")
    )


# --- results --------------------------------------------------------------------------------


class ViolationSerializer(serializers.Serializer):
    code = serializers.CharField(help_text=_("The rule broken, e.g. squad-size, ep-over."))
    message = serializers.CharField()
    member = serializers.CharField(
        allow_null=True, help_text=_("The model concerned; null for a squad-wide rule.")
    )


class ValidationResultSerializer(serializers.Serializer):
    """As ``manage.py validate_roster --json`` prints it, with the points limit."""

    valid = serializers.BooleanField()
    points = serializers.IntegerField(
        allow_null=True, help_text=_("null for a game whose rules print no points.")
    )
    limit = serializers.IntegerField(allow_null=True, help_text=_("null: no points limit."))
    violations = ViolationSerializer(many=True)
    derived = serializers.DictField(
        required=False,
        help_text=_(
            "For a game that derives figures from a roster: an object keyed by model (or "
            "unit) name; the game may add other figures of the squad beside it."
        ),
    )


class SheetOptionsSerializer(serializers.Serializer):
    paper = serializers.ChoiceField(choices=sorted(PAPER_SIZES), default="a4")
    cards = serializers.BooleanField(
        default=False, help_text=_("One cut-out card per model instead of the sheet.")
    )
    include_dead = serializers.BooleanField(default=True, help_text=_("Print dead models too."))


class PrintingSerializer(serializers.Serializer):
    """The answer to a PDF download that comes before the worker has printed it (202)."""

    detail = serializers.CharField(help_text=_("What is happening, in the reader's language."))
    location = serializers.URLField(help_text=_("Where to fetch the PDF: GET it again."))
