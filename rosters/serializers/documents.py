"""The squad-roster/1 document (docs/formats.md), one serializer per game."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from api.schema import schema_prefix
from api.serializers import (
    DOCUMENT_NAME_PATTERN,
    DocumentString,
    StrictSerializer,
)
from rules import systems
from rules.documents import (
    MAX_NAME,
    MAX_POINTS_LIMIT,
    MAX_TEXT,
    ROSTER_FORMAT,
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


def ability_schema(system: GameSystem) -> dict[str, Any]:
    """A model's ability in ``system``'s documents: a bare code, or ``{"code", "source"}``;
    an ability that needs a detail (hates-enemy: which enemy) only as ``{"code", "detail",
    "source"}``, with its detail."""
    plain = [code for code, a in system.abilities.items() if not a.needs_detail]
    detailed = [code for code, a in system.abilities.items() if a.needs_detail]
    source = {"type": "string", "enum": list(ABILITY_SOURCES)}
    variants: list[dict[str, Any]] = [
        {"type": "string", "enum": plain, "description": "a starting ability"},
        {
            "type": "object",
            "properties": {"code": {"type": "string", "enum": plain}, "source": source},
            "required": ["code"],
            "additionalProperties": False,
        },
    ]
    if detailed:
        detail = {
            "type": "string", "minLength": 1, "maxLength": MAX_NAME,
            "pattern": DOCUMENT_NAME_PATTERN, "description": "which enemy, for instance",
        }  # fmt: skip
        variants.append({
            "type": "object",
            "properties": {
                "code": {"type": "string", "enum": detailed}, "detail": detail, "source": source,
            },
            "required": ["code", "detail"],
            "additionalProperties": False,
        })  # fmt: skip
    return {"oneOf": variants}


def ability_field(system: GameSystem) -> type[serializers.JSONField]:
    """A bare ability code, or ``{"code", "detail", "source"}`` (``ability_schema``): a class
    per game, as the decorator marks the class it is given."""
    field = type(f"{_prefix(system.code)}AbilityField", (serializers.JSONField,), {})
    return extend_schema_field(ability_schema(system))(field)


def _adjustments_schema(field: RecordField) -> dict[str, Any]:
    number = {"type": "integer", "minimum": field.minimum, "maximum": field.maximum}
    return {
        "type": "object",
        "properties": {code: number for code in field.choices},
        "additionalProperties": False,
    }


def record_serializer_field(
    field: RecordField, *, required: bool = False, nullable: bool = True
) -> serializers.Field:
    """The schema of one of a game's own keys (``rules.registry.RecordField``): optional and,
    for a model's or a code, nullable unless told otherwise (passed to the constructor: DRF
    copies a declared field by calling it again, so an attribute set later is lost)."""
    help_text = _(field.help or field.label)
    common = {"required": required, "help_text": help_text}
    if field.kind == "count":
        return serializers.IntegerField(min_value=field.minimum, max_value=field.maximum, **common)
    if field.kind == "member":
        return DocumentString(max_length=MAX_NAME, allow_null=nullable, **common)
    if field.kind == "code":
        return serializers.ChoiceField(choices=list(field.choices), allow_null=nullable, **common)
    if field.kind == "flag":
        return serializers.BooleanField(**common)
    if field.kind == "text":
        return DocumentString(max_length=MAX_TEXT, blank=True, **common)
    # a subclass per field: the decorator marks the class it is given
    adjustments = type("AdjustmentsField", (serializers.JSONField,), {})
    return extend_schema_field(_adjustments_schema(field))(adjustments)(**common)


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
        **({"label": DocumentString(
            max_length=MAX_NAME, required=False,
            help_text=_("The player's own name for it, printed beside the item."),
        )} if system.equipment_labels else {}),
    })  # fmt: skip
    in_unit = system.units is not None
    member_fields: dict[str, Any] = {
        "name": DocumentString(
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
            child=ability_field(system)(), required=False, max_length=system.limits.abilities
        )
    for field in system.member_record:  # null where the reader takes it: no default
        member_fields[field.key] = record_serializer_field(field, nullable=field.default is None)
    member = type(f"{prefix}MemberDocumentSerializer", (StrictSerializer,), member_fields)
    if system.factions is None:
        faction = DocumentString(
            max_length=MAX_NAME, required=False, blank=True,
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
        "name": DocumentString(max_length=MAX_NAME),
        "faction": faction,
        "points_limit": serializers.IntegerField(
            min_value=1, max_value=MAX_POINTS_LIMIT, required=False,
            allow_null=system.default_points_limit is None, help_text=limit_help,
        ),
        **({"units": _unit_serializer(
            system, prefix, member, equipment, max_length=system.limits.units
        )} if in_unit else {"members": member(many=True, max_length=system.limits.members)}),
    })  # fmt: skip


def _unit_serializer(system: GameSystem, prefix: str, member, equipment, **kwargs: Any):
    """The force's ``units``: a unit is one of its kinds, the kind saying which record keys
    it may and must carry and whether it lists ``members`` or its own ``equipment`` (a
    ``oneOf`` of one object per kind, told apart by ``kind``)."""
    shape = system.units
    assert shape is not None
    variants = {}
    for kind in shape.kinds.values():
        default = kind.code == shape.default_kind
        fields: dict[str, Any] = {
            "name": DocumentString(max_length=MAX_NAME, help_text=_("Unique within the force.")),
            "kind": serializers.ChoiceField(
                choices=[kind.code], required=not default,
                help_text=_("Defaults to %(kind)s.") % {"kind": kind.code} if default else "",
            ),
        }  # fmt: skip
        for key in kind.keys:
            field = shape.field(key)
            assert field is not None
            fields[key] = record_serializer_field(
                field,
                required=key in kind.required,
                # null only where the reader takes it: not required and no default
                nullable=key not in kind.required and shape.default(kind.code, key) is None,
            )
        if kind.members:
            fields["members"] = member(many=True, max_length=system.limits.members)
        else:
            fields["equipment"] = equipment(
                many=True, required=False, max_length=system.limits.equipment
            )
        name = f"{prefix}{schema_prefix(kind.code)}UnitDocumentSerializer"
        variants[kind.code] = type(name, (StrictSerializer,), fields)
    unit = PolymorphicProxySerializer(
        component_name=f"{prefix}UnitDocument",
        serializers=list(variants.values()),
        resource_type_field_name=None,
    )
    return serializers.ListField(child=unit, **kwargs)


def roster_document_schema() -> PolymorphicProxySerializer:
    """Every game's document, told apart by ``system`` (the schema is built when asked, so
    a game registered later is in it)."""
    return PolymorphicProxySerializer(
        component_name="RosterDocument",
        serializers={s.code: roster_document_serializer(s) for s in systems()},
        resource_type_field_name="system",
    )
