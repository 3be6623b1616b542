"""``StrictSerializer``, the base of every serializer that reads a request body, and the
OpenAPI extension that says so in the schema (``additionalProperties: false``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext
from drf_spectacular.extensions import OpenApiSerializerExtension
from rest_framework import exceptions, serializers


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


class ServiceCheckedName(serializers.CharField):
    """A name the service checks: a blank one reaches it, to be refused in the words the
    pages use (``ServiceError``), not DRF's."""

    def run_validation(self, data: Any = serializers.empty) -> Any:
        if data == "":
            return data
        return super().run_validation(data)


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
