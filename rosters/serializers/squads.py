"""Stored squads, and the results the API gives about them (validation, printing)."""

from __future__ import annotations

from typing import Any, ClassVar

from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from api.serializers import (
    DocumentString,
    NameField,
    StrictSerializer,
)
from core.messages import violation_message
from printing.pdf import PAPER_SIZES
from rosters.adapters import squad_to_roster
from rosters.models import Squad
from rosters.serializers.documents import FACTION_HELP, SYSTEMS, _prefix, roster_document_schema
from rosters.serializers.notes import NotesChangeSerializer, NotesSerializer
from rules import systems
from rules.documents import (
    MAX_NAME,
    MAX_POINTS_LIMIT,
    roster_to_document,
)
from rules.types import Violation

PACK_HELP = _(
    "The id of the pack version the squad is built with (its points cost the squad: the "
    "builder, the sheet, validate), or null: the game's own costs. A version of one of your "
    "packs of the squad's game, or of a pack shared by link with its pack_token; a campaign "
    "squad has none (its campaign's pack costs it). Not part of the squad-roster/1 document."
)
PACK_TOKEN_HELP = _("The share link's token of the pack, when it is not yours.")


def pack_fields() -> dict[str, serializers.Field]:
    """The ``pack`` and ``pack_token`` a squad is created or changed with."""
    return {"pack": pack_field(), "pack_token": pack_token_field()}


def pack_field() -> serializers.IntegerField:
    return serializers.IntegerField(
        min_value=1, max_value=2**31 - 1, required=False, allow_null=True, help_text=PACK_HELP
    )


def pack_token_field() -> serializers.CharField:
    return serializers.CharField(max_length=40, required=False, help_text=PACK_TOKEN_HELP)


class SquadSerializer(serializers.ModelSerializer):
    """A stored squad, without its models (the lists)."""

    public_url = serializers.SerializerMethodField(
        help_text=_("The read-only public page, while the public link is on.")
    )

    class Meta:
        model = Squad
        fields = [
            "id", "name", "system", "faction", "points_limit", "pack", "version", "in_campaign",
            "is_public", "public_url", "created", "updated",
        ]  # fmt: skip
        read_only_fields = fields
        extra_kwargs: ClassVar = {"pack": {"help_text": PACK_HELP}}

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
    pack = pack_field()
    pack_token = pack_token_field()

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
            **pack_fields(),
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
    pack = pack_field()
    pack_token = pack_token_field()
    notes = NotesChangeSerializer(
        required=False,
        help_text=_(
            "The squad's notes, the models' notes by name, or both; what is left out is kept."
        ),
    )


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
