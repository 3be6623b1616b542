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
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.serializers import StrictSerializer
from rosters.adapters import squad_to_roster
from rosters.models import Squad
from rosters.pdf import PAPER_SIZES
from rules import systems
from rules.documents import MAX_NAME, ROSTER_FORMAT, roster_to_document
from rules.types import ABILITY_SOURCES, MEMBER_STATUSES


def _codes(table: str) -> list[str]:
    """Every code of ``table`` (``"factions"``, ``"items"``...) over the game systems."""
    return list(dict.fromkeys(code for s in systems() for code in getattr(s, table)))


SYSTEMS = [s.code for s in systems()]


def _limit(name: str) -> int:
    """The largest of the games' ``DocumentLimits.<name>``, for the schema; each document is
    held to its own game's limits by the parser."""
    return max(getattr(system.limits, name) for system in systems())


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


class EquipmentDocumentSerializer(StrictSerializer):
    item = serializers.ChoiceField(choices=_codes("items"))
    count = serializers.IntegerField(
        min_value=1, max_value=_limit("count"), required=False,
        help_text=_("Defaults to 1; grenades are counted one by one."),
    )  # fmt: skip


class MemberDocumentSerializer(StrictSerializer):
    name = serializers.CharField(max_length=MAX_NAME, help_text=_("Unique within the squad."))
    type = serializers.ChoiceField(choices=_codes("model_types"))
    equipment = EquipmentDocumentSerializer(
        many=True, required=False, max_length=_limit("equipment")
    )
    abilities = serializers.ListField(
        child=AbilityField(), required=False, max_length=_limit("abilities")
    )
    rp = serializers.IntegerField(min_value=0, max_value=10_000, required=False)
    cv_loss = serializers.IntegerField(min_value=0, max_value=10, required=False)
    status = serializers.ChoiceField(choices=list(MEMBER_STATUSES), required=False)
    assists = serializers.CharField(
        max_length=MAX_NAME, required=False, allow_null=True,
        help_text=_("The model whose machine gun or flamethrower this one serves."),
    )  # fmt: skip


class RosterDocumentSerializer(StrictSerializer):
    """A squad as a ``squad-roster/1`` document (docs/formats.md)."""

    format = serializers.ChoiceField(choices=[ROSTER_FORMAT])
    system = serializers.ChoiceField(choices=SYSTEMS)
    name = serializers.CharField(max_length=MAX_NAME)
    faction = serializers.ChoiceField(choices=_codes("factions"))
    points_limit = serializers.IntegerField(min_value=1, max_value=100_000, required=False)
    members = MemberDocumentSerializer(many=True, max_length=_limit("members"))


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

    @extend_schema_field(RosterDocumentSerializer)
    def get_roster(self, squad: Squad) -> dict[str, Any]:
        return roster_to_document(squad_to_roster(squad))


@extend_schema_field({"type": "string", "minLength": 1, "maxLength": MAX_NAME, "pattern": r"\S"})
class NameField(serializers.CharField):
    """A squad's name. The schema says what the service accepts (not blank, at most 100
    characters); a refused name gets the service's own message, as on the pages."""

    def __init__(self, **kwargs) -> None:
        super().__init__(max_length=None, trim_whitespace=False, **kwargs)

    def run_validation(self, data: Any = serializers.empty) -> Any:
        if data == "":  # the service refuses it, in the words the pages use
            return data
        return super().run_validation(data)


class SquadCreateSerializer(StrictSerializer):
    name = NameField()
    faction = serializers.ChoiceField(choices=_codes("factions"))
    system = serializers.ChoiceField(choices=SYSTEMS, default=SYSTEMS[0])
    points_limit = serializers.IntegerField(
        min_value=1, max_value=100_000, required=False,
        help_text=_("Defaults to the game's usual limit."),
    )  # fmt: skip


class SquadChangeSerializer(StrictSerializer):
    """The squad's own settings; its models change with PUT (the whole document)."""

    name = NameField(required=False)
    faction = serializers.ChoiceField(choices=_codes("factions"), required=False)
    points_limit = serializers.IntegerField(min_value=1, max_value=100_000, required=False)
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
    points = serializers.IntegerField()
    limit = serializers.IntegerField()
    violations = ViolationSerializer(many=True)


class SheetOptionsSerializer(serializers.Serializer):
    paper = serializers.ChoiceField(choices=sorted(PAPER_SIZES), default="a4")
    cards = serializers.BooleanField(
        default=False, help_text=_("One cut-out card per model instead of the sheet.")
    )
    include_dead = serializers.BooleanField(default=True, help_text=_("Print dead models too."))
