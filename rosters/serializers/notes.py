"""Notes: printed on the sheet, not part of the document."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from rest_framework import serializers

from api.serializers import (
    StrictSerializer,
    stripped_text_pattern,
)
from rosters.services import MAX_MEMBER_NOTES, MAX_SQUAD_NOTES, NOTE_CONTROL


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
