"""``StrictSerializer``, the base of every serializer that reads a request body, and the
OpenAPI extension that says so in the schema (``additionalProperties: false``); ``NameField``,
a squad's or a campaign's name, whose schema says exactly which names the services take."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext
from drf_spectacular.extensions import OpenApiSerializerExtension, OpenApiSerializerFieldExtension
from rest_framework import exceptions, serializers

from rules.documents import UNPRINTABLE


def _kind(value: Any) -> str:
    """As the document parser names a JSON value's type in its messages."""
    kinds = {bool: "a boolean", int: "a number", float: "a decimal number", str: "a string",
             list: "a list", dict: "an object"}  # fmt: skip
    return kinds.get(type(value), type(value).__name__)


def _wrong_type(field: serializers.Field, value: Any) -> str | None:
    """What the document parser would say of ``value`` for this field; DRF itself would
    take 7 for a name or "7" for a number."""
    if value is None:
        return None  # the field says whether null is allowed
    if isinstance(field, serializers.CharField | serializers.ChoiceField):
        if not isinstance(value, str):
            return gettext("must be a string, not %(kind)s") % {"kind": _kind(value)}
    elif isinstance(field, serializers.BooleanField):
        if type(value) is not bool:
            return gettext("must be true or false, not %(kind)s") % {"kind": _kind(value)}
    elif isinstance(field, serializers.IntegerField):
        if type(value) is not int:
            return gettext("must be a whole number, not %(kind)s") % {"kind": _kind(value)}
    return None


def _class(chars: Iterable[str]) -> str:
    """The characters as the inside of a regular expression's class, in ranges of ``\\uXXXX``
    escapes, which ECMAScript (the schema's dialect) and Python (the fuzzer's) both read."""
    points = sorted({ord(c) for c in chars})
    assert points[-1] <= 0xFFFF
    ranges: list[list[int]] = []
    for point in points:
        if ranges and point == ranges[-1][1] + 1:
            ranges[-1][1] = point
        else:
            ranges.append([point, point])
    return "".join(f"\\u{a:04x}" if a == b else f"\\u{a:04x}-\\u{b:04x}" for a, b in ranges)


# What ``str.strip()`` takes off a name's ends, and the control characters a name may not
# hold once stripped (``rules.documents.UNPRINTABLE``, lone surrogates aside: no JSON text
# the parser takes holds one).
_SPACE = _class(c for c in map(chr, range(0x110000)) if c.isspace())
_CONTROL = _class([*map(chr, range(0x20)), "\x7f"])
NAME_PATTERN = (
    rf"^[{_SPACE}]*[^{_SPACE}{_CONTROL}](?:[^{_CONTROL}]*[^{_SPACE}{_CONTROL}])?[{_SPACE}]*$"
)


# Free text a service strips and checks as a name, but which may be blank (a faction of a
# game whose rules list none).
FREE_TEXT_PATTERN = (
    rf"^[{_SPACE}]*(?:[^{_SPACE}{_CONTROL}](?:[^{_CONTROL}]*[^{_SPACE}{_CONTROL}])?)?"
    rf"[{_SPACE}]*$"
)


def stripped_text_pattern(refused: Iterable[str]) -> str:
    """Text a service strips and then refuses if it holds any of ``refused``, blank or not
    (a squad's notes: line breaks kept inside, other control characters refused)."""
    bad = _class(refused)
    return rf"^[{_SPACE}]*(?:[^{bad}]*[^{_SPACE}{bad}])?[{_SPACE}]*$"


# A string of a document as ``rules.documents`` reads it: no control character anywhere
# (not only inside the stripped name), and, unless it may be blank, something besides spaces.
DOCUMENT_TEXT_PATTERN = rf"^[^{_CONTROL}]*$"
DOCUMENT_NAME_PATTERN = rf"^[^{_CONTROL}]*[^{_SPACE}{_CONTROL}][^{_CONTROL}]*$"


class DocumentString(serializers.Field):
    """A name or a text of a document, for the schema only (the document's reader checks
    it): not a ``CharField``, whose ``allow_blank`` drf-spectacular would turn into a
    ``minLength`` or a ``oneOf`` beside the pattern. ``blank``: it may be empty or spaces."""

    def __init__(
        self, *, max_length: int, blank: bool = False, stripped: bool = False, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.max_length = max_length
        self.blank = blank
        self.stripped = stripped  # the service strips it first: a name's pattern


class DocumentStringExtension(OpenApiSerializerFieldExtension):
    """Registered by being defined, as ``StrictSerializerExtension``."""

    target_class = DocumentString
    match_subclasses = True

    def map_serializer_field(self, auto_schema, direction):
        field = self.target
        blank = field.blank
        schema: dict[str, Any] = {"type": "string", "maxLength": field.max_length}
        if not blank:
            schema["minLength"] = 1
        if field.stripped:
            schema["pattern"] = FREE_TEXT_PATTERN if blank else NAME_PATTERN
        else:
            schema["pattern"] = DOCUMENT_TEXT_PATTERN if blank else DOCUMENT_NAME_PATTERN
        if field.allow_null:
            schema["nullable"] = True
        if field.help_text:
            schema["description"] = str(field.help_text)
        return schema


# No JSON body may hold NUL in a string (``api.parsers``: PostgreSQL refuses it); a string
# of a request with no pattern of its own says so. A blank one may be "" (drf-spectacular's
# ``oneOf`` adds that), so its pattern wants a character: "" matches one branch only.
NO_NUL_PATTERN = r"^[^\u0000]*$"
NO_NUL_NOT_EMPTY_PATTERN = r"^[^\u0000]+$"
# A CharField that trims (DRF's default) refuses what is blank once stripped.
NO_NUL_NOT_BLANK_PATTERN = rf"^[^\u0000]*[^{_SPACE}\u0000][^\u0000]*$"


class NoNulStringExtension(OpenApiSerializerFieldExtension):
    """Every ``CharField`` of a request without a pattern, an enum or a format of its own
    (the more specific extensions, as ``NameField``'s, come first)."""

    target_class = serializers.CharField
    match_subclasses = True
    priority = -1

    def map_serializer_field(self, auto_schema, direction):
        schema = auto_schema._map_serializer_field(self.target, direction, bypass_extensions=True)
        if (
            direction == "request"
            and schema.get("type") == "string"
            and not schema.keys() & {"pattern", "enum", "format"}
        ):
            if getattr(self.target, "allow_blank", False):
                schema["pattern"] = NO_NUL_NOT_EMPTY_PATTERN
            elif getattr(self.target, "trim_whitespace", False):  # spaces only: blank
                schema["pattern"] = NO_NUL_NOT_BLANK_PATTERN
            else:
                schema["pattern"] = NO_NUL_PATTERN
        return schema


class ServiceCheckedName(serializers.CharField):
    """A name the service checks: a blank one reaches it, to be refused in the words the
    pages use (``ServiceError``), not DRF's."""

    def run_validation(self, data: Any = serializers.empty) -> Any:
        if data == "":
            return data
        return super().run_validation(data)


class NameField(ServiceCheckedName):
    """A squad's or a campaign's name: at most ``max_length`` characters as sent; the
    service strips it, refuses a blank one in the pages' words, and so are control
    characters refused (the squads' service says it too). The schema says the same
    (``NAME_PATTERN``), so a client knows which names are taken before it sends one."""

    def __init__(self, *, max_length: int, **kwargs: Any) -> None:
        super().__init__(max_length=max_length, trim_whitespace=False, **kwargs)

    def run_validation(self, data: Any = serializers.empty) -> Any:
        value = super().run_validation(data)
        if isinstance(value, str) and UNPRINTABLE.search(value.strip()):
            raise serializers.ValidationError(gettext("Names cannot hold control characters."))
        return value


class NameFieldExtension(OpenApiSerializerFieldExtension):
    """Registered by being defined, as ``StrictSerializerExtension``."""

    target_class = NameField
    match_subclasses = True

    def map_serializer_field(self, auto_schema, direction):
        schema = {"type": "string", "minLength": 1, "maxLength": self.target.max_length,
                  "pattern": NAME_PATTERN}  # fmt: skip
        if self.target.help_text:
            schema["description"] = str(self.target.help_text)
        return schema


class StrictSerializer(serializers.Serializer):
    """A JSON body read as strictly as the documents: a key it does not know is refused (a
    typo must not be silently ignored; the schema says ``additionalProperties: false``), and
    so is a value of the wrong JSON type."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            problems = {}
            for key, value in data.items():
                field = self.fields.get(key)
                if field is None or field.read_only:
                    message = gettext("unknown key %(key)r") % {"key": key}
                    problems[key] = [exceptions.ErrorDetail(message, code="unknown-key")]
                elif (message := _wrong_type(field, value)) is not None:
                    problems[key] = [exceptions.ErrorDetail(message, code="invalid")]
            if problems:
                raise serializers.ValidationError(problems)
        return super().to_internal_value(data)


class StrictSerializerExtension(OpenApiSerializerExtension):
    """Registered by being defined: importing ``StrictSerializer`` brings it along."""

    target_class = StrictSerializer
    match_subclasses = True

    def map_serializer(self, auto_schema, direction):
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        schema["additionalProperties"] = False
        if not type(self.target).__doc__:  # not StrictSerializer's docstring, inherited
            schema.pop("description", None)
        return schema
