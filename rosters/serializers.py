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
from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from api.schema import schema_prefix
from api.serializers import (
    DOCUMENT_NAME_PATTERN,
    DocumentString,
    NameField,
    StrictSerializer,
    stripped_text_pattern,
)
from core.messages import violation_message
from printing.pdf import PAPER_SIZES
from rosters.adapters import squad_to_roster
from rosters.models import Squad
from rosters.services import MAX_MEMBER_NOTES, MAX_SQUAD_NOTES, NOTE_CONTROL
from rules import systems
from rules.documents import (
    MAX_NAME,
    MAX_POINTS_LIMIT,
    MAX_TEXT,
    ROSTER_FORMAT,
    roster_to_document,
)
from rules.registry import GameSystem, RecordField
from rules.types import ABILITY_SOURCES, MEMBER_STATUSES, Violation


def _codes(table: str) -> list[str]:
    """Every code of ``table`` (``"factions"``, ``"items"``...) over the game systems."""
    return list(dict.fromkeys(code for s in systems() for code in getattr(s, table) or ()))


SYSTEMS = [s.code for s in systems()]
FACTION_HELP = _(
    "A faction code of the game (%(codes)s), or free text for a game whose rules list none."
) % {"codes": ", ".join(_codes("factions"))}


# --- the squad-roster/1 document (docs/formats.md)--------------------------------------------


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


# --- notes: printed on the sheet, not part of the document ------------------------------------


class NotesSerializer(serializers.Serializer):
    """The player's notes, which the squad-roster/1 document leaves out (docs/formats.md):
    the squad's own, and each model's by name (only those with notes)."""

    squad = serializers.CharField(help_text=_("The squad's notes; empty: none."))
    members = serializers.DictField(
        child=serializers.CharField(),
        help_text=_("A model's notes by its name; a model without notes is left out."),
    )


# Notes as the service takes them (``services._check_notes``): a carriage return becomes a
# line break first, so it is no control character there.
NOTES_PATTERN = stripped_text_pattern(NOTE_CONTROL.replace("\r", ""))


class NotesField(serializers.Field):
    """Notes of at most ``max_length`` characters, blank or not, kept as sent: the service
    strips and checks them, in its own words (``NOTES_PATTERN`` says what it takes). Not a
    ``CharField``: drf-spectacular would make a blank one with a pattern a ``oneOf`` whose two
    branches both take "" (so that neither does)."""

    default_error_messages = serializers.CharField.default_error_messages

    def __init__(self, *, max_length: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.max_length = max_length

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        if len(data) > self.max_length:
            self.fail("max_length", max_length=self.max_length)
        return data

    def to_representation(self, value: str) -> str:
        return value


class NotesFieldExtension(OpenApiSerializerFieldExtension):
    """Registered by being defined, as ``api.serializers``' extensions."""

    target_class = NotesField

    def map_serializer_field(self, auto_schema, direction):
        schema = {"type": "string", "maxLength": self.target.max_length, "pattern": NOTES_PATTERN}
        if self.target.help_text:
            schema["description"] = str(self.target.help_text)
        return schema


class NotesChangeSerializer(StrictSerializer):
    squad = NotesField(
        max_length=MAX_SQUAD_NOTES, required=False,
        help_text=_("Replaces the squad's notes (line breaks kept); empty: none."),
    )  # fmt: skip
    members = serializers.DictField(
        child=NotesField(max_length=MAX_MEMBER_NOTES),
        required=False,
        help_text=_(
            "Replaces the notes of each model named (empty: none); the others keep theirs. "
            "A name the squad has no model of is a 422 (nothing is changed). A game played "
            "with units keeps notes on the squad only."
        ),
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
    notes = serializers.SerializerMethodField()

    class Meta(SquadSerializer.Meta):
        fields = [*SquadSerializer.Meta.fields, "roster", "notes"]
        read_only_fields = fields

    @extend_schema_field(roster_document_schema())
    def get_roster(self, squad: Squad) -> dict[str, Any]:
        return roster_to_document(squad_to_roster(squad))

    @extend_schema_field(NotesSerializer)
    def get_notes(self, squad: Squad) -> dict[str, Any]:
        members = {m.name: m.notes for m in squad.members.all() if m.notes}  # prefetched
        return {"squad": squad.notes, "members": members}


class SquadCreateSerializer(StrictSerializer):
    name = NameField(max_length=MAX_NAME)
    faction = serializers.CharField(
        max_length=MAX_NAME, required=False, allow_blank=True, default="", help_text=FACTION_HELP,
        trim_whitespace=False,  # the service strips it; the schema's maxLength counts it all
    )  # fmt: skip
    system = serializers.ChoiceField(choices=SYSTEMS, default=SYSTEMS[0])
    points_limit = serializers.IntegerField(
        min_value=1, max_value=MAX_POINTS_LIMIT, required=False, allow_null=True,
        help_text=_("Defaults to the game's usual limit (none for a game without points)."),
    )  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["system"].choices = [s.code for s in systems()]  # as registered now


_CREATES: dict[str, type[serializers.Serializer]] = {}


def squad_create_schema() -> PolymorphicProxySerializer:
    """``SquadCreateSerializer`` as the schema tells it, one object per game (a ``oneOf``
    told apart by ``system``, which only the first game may leave out, its default): the
    faction is one of that game's codes, required, or free text for a game that lists none."""
    for game in systems():
        if game.code in _CREATES:
            continue
        if game.factions is None:
            faction = DocumentString(
                max_length=MAX_NAME, required=False, blank=True, stripped=True,
                help_text=FACTION_HELP,
            )  # fmt: skip
        else:
            faction = serializers.ChoiceField(choices=list(game.factions), help_text=FACTION_HELP)
        name = f"{_prefix(game.code)}SquadCreateSerializer"
        _CREATES[game.code] = type(name, (StrictSerializer,), {
            "name": NameField(max_length=MAX_NAME),
            "system": serializers.ChoiceField(
                choices=[game.code], required=game.code != SYSTEMS[0]
            ),
            "faction": faction,
            "points_limit": serializers.IntegerField(
                min_value=1, max_value=MAX_POINTS_LIMIT, required=False, allow_null=True,
                help_text=_("Defaults to the game's usual limit (none for a game without points)."),
            ),
        })  # fmt: skip
    return PolymorphicProxySerializer(
        component_name="SquadCreate",
        serializers=[_CREATES[s.code] for s in systems()],
        resource_type_field_name=None,
    )


class SquadChangeSerializer(StrictSerializer):
    """The squad's own settings; its models change with PUT (the whole document)."""

    name = NameField(max_length=MAX_NAME, required=False)
    faction = serializers.CharField(
        max_length=MAX_NAME, required=False, allow_blank=True, help_text=FACTION_HELP,
        trim_whitespace=False,  # the service strips it; the schema's maxLength counts it all
    )  # fmt: skip
    points_limit = serializers.IntegerField(
        min_value=1, max_value=MAX_POINTS_LIMIT, required=False, allow_null=True
    )
    is_public = serializers.BooleanField(
        required=False, help_text=_("Turns the read-only public link on or off.")
    )
    notes = NotesChangeSerializer(
        required=False,
        help_text=_(
            "The squad's notes, the models' notes by name, or both; what is left out is kept."
        ),
    )


# --- results --------------------------------------------------------------------------------


class ViolationSerializer(serializers.Serializer):
    """A rule broken (``rules.types.Violation``), in the reader's language."""

    code = serializers.CharField(help_text=_("The rule broken, e.g. squad-size, ep-over."))
    message = serializers.SerializerMethodField()
    member = serializers.CharField(
        allow_null=True, help_text=_("The model concerned; null for a squad-wide rule.")
    )

    def get_message(self, violation: Violation) -> str:
        return violation_message(violation)  # the rules' labels (types, items...) included


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
