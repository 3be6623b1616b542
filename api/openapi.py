"""Response ``links`` in the OpenAPI document, which drf-spectacular does not write itself.

A link tells a client (a generator, a stateful fuzzer) which operation comes next and where
its parameters come from: the squad a ``POST /api/squads/`` created is read, replaced,
changed and deleted with the ``id`` of its answer (``$response.body#/id``); a battle just
reported is confirmed or rejected with the campaign of the request and the ``number`` of
the answer. An operation lists them with ``LinkedResponse`` in
``extend_schema(responses=...)``; ``LinkedAutoSchema`` (the schema class of every API view,
``api.mixins.ApiViewSet``) writes them into the response object (OpenAPI 3.0, Link Object).

drf-spectacular is imported here, not in ``api.schema`` (read while the settings load).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse, PolymorphicProxySerializer
from rest_framework.serializers import ListSerializer


class LinkedResponse(OpenApiResponse):
    """An ``OpenApiResponse`` with the operations that follow it, by link name."""

    def __init__(
        self,
        response: Any = None,
        description: str = "",
        examples: list | None = None,
        links: dict[str, dict[str, Any]] | None = None,
    ) -> None:
        super().__init__(response, description, examples)
        self.links = links or {}


def link(operation_id: str, **parameters: str) -> dict[str, Any]:
    """A Link Object: the operation, and each of its parameters as a runtime expression
    (``$response.body#/id``, ``$request.path.id``)."""
    return {"operationId": operation_id, "parameters": parameters}


def links(operations: Iterable[tuple[str, str]], **parameters: str) -> dict[str, dict]:
    """Links by name to ``operations`` (name, operationId), all with the same parameters."""
    return {name: link(operation_id, **parameters) for name, operation_id in operations}


class LinkedAutoSchema(AutoSchema):
    """drf-spectacular's ``AutoSchema``, writing the links of a ``LinkedResponse``; a body
    that is one of several objects (a document per game) is required, as each of them is; a
    list of objects (``many=True``) states its ``max_length`` and ``min_length``, which
    drf-spectacular writes for a ``ListField`` only."""

    def _map_serializer_field(self, field, direction, bypass_extensions=False):
        schema = super()._map_serializer_field(field, direction, bypass_extensions)
        if isinstance(field, ListSerializer) and schema and schema.get("type") == "array":
            if field.max_length is not None:
                schema["maxItems"] = field.max_length
            if field.min_length is not None:
                schema["minItems"] = field.min_length
        return schema

    def _get_request_for_media_type(self, serializer, direction="request"):
        schema, required = super()._get_request_for_media_type(serializer, direction)
        if isinstance(serializer, PolymorphicProxySerializer):
            required = True  # every variant has required keys: no body is none of them
        return schema, required

    def _get_response_for_code(
        self, serializer, status_code, media_types=None, direction="response"
    ):
        response = super()._get_response_for_code(serializer, status_code, media_types, direction)
        found = getattr(serializer, "links", None)
        if found:
            response["links"] = {name: dict(value) for name, value in found.items()}
        return response
