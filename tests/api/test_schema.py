"""The OpenAPI document at /api/schema/ and the documentation page at /api/docs/."""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command

from api.serializers import NAME_PATTERN
from rules import systems

pytestmark = pytest.mark.django_db

ERROR_REF = "#/components/schemas/ErrorResponse"


def operations(schema):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            yield f"{method.upper()} {path}", operation


def error_statuses(operation) -> set[str]:
    return {
        code
        for code, response in operation["responses"].items()
        if response.get("content", {}).get("application/json", {}).get("schema", {}).get("$ref")
        == ERROR_REF
    }


def test_the_schema_is_openapi_3_and_generates_without_warnings(schema, tmp_path):
    assert schema["openapi"].startswith("3.")
    # --fail-on-warn: every view, serializer and field resolves to a documented schema
    call_command("spectacular", "--fail-on-warn", "--validate", "--file", tmp_path / "s.yaml")


def test_it_lists_every_squads_endpoint(schema):
    # the campaign operations: tests/api/test_campaigns.py
    names = {name for name, _operation in operations(schema)}
    assert {name for name in names if "/api/campaigns/" not in name} == {
        "POST /api/auth/token/", "DELETE /api/auth/token/",
        "GET /api/squads/", "POST /api/squads/",
        "GET /api/squads/{id}/", "PUT /api/squads/{id}/", "PATCH /api/squads/{id}/",
        "DELETE /api/squads/{id}/",
        "GET /api/squads/{id}/export/", "GET /api/squads/{id}/validate/",
        "GET /api/squads/{id}/sheet/", "GET /api/squads/{id}/text/",
        "POST /api/squads/{id}/duplicate/",
        "POST /api/squads/import/", "POST /api/squads/validate/",
        "GET /api/packs/", "POST /api/packs/", "GET /api/packs/{id}/", "PUT /api/packs/{id}/",
        "DELETE /api/packs/{id}/", "POST /api/packs/import/", "GET /api/packs/{id}/export/",
        "POST /api/packs/{id}/share/", "GET /api/packs/shared/{token}/",
        "POST /api/packs/shared/{token}/copy/",
        "GET /api/shared/{public_id}/", "GET /api/shared/{public_id}/sheet/",
        "GET /api/systems/", "GET /api/systems/{code}/", "GET /api/systems/{code}/reference/",
        "GET /api/account/notifications/", "PUT /api/account/notifications/",
        "PATCH /api/account/notifications/",
    }  # fmt: skip


def test_the_error_shape_is_a_documented_component(schema):
    components = schema["components"]["schemas"]

    assert components["ErrorResponse"]["required"] == ["errors"]
    assert set(components["Error"]["properties"]) == {"code", "message", "field"}
    assert components["Error"]["properties"]["field"]["nullable"] is True


def test_every_operation_documents_its_errors(schema):
    for name, operation in operations(schema):
        statuses = error_statuses(operation)
        assert {"401", "403", "429"} <= statuses, name
        if "requestBody" in operation:
            assert {"400", "415"} <= statuses, name
        if "{id}" in name:
            assert "404" in statuses, name
        assert operation.get("summary"), name
        assert any(code.startswith("2") for code in operation["responses"]), name


def test_the_roster_document_refuses_unknown_keys_as_the_parser_does(schema):
    components = schema["components"]["schemas"]

    for game in systems():
        prefix = "".join(word.capitalize() for word in game.code.split("-"))
        for part in ("RosterDocument", "MemberDocument", "EquipmentDocument"):
            name = f"{prefix}{part}Request"
            assert components[name]["additionalProperties"] is False, name
        document = components[f"{prefix}RosterDocumentRequest"]["properties"]
        assert _enum(components, document["system"]) == [game.code]
        if game.factions is not None:
            assert _enum(components, document["faction"]) == list(game.factions)
        member = components[f"{prefix}MemberDocumentRequest"]["properties"]
        # a member of a unit (a game played with units) has no type, status or abilities
        envelope = ("name", "equipment") if game.units else ("name", "type", "equipment", "status")
        assert set(member) == {
            *envelope, *(("abilities",) if game.abilities and not game.units else ()),
            *(field.key for field in game.member_record),
        }  # fmt: skip
        assert ("units" in document) == (game.units is not None) != ("members" in document)


def test_a_document_says_which_game_it_is(schema):
    """The roster document is one of the games' documents, told apart by ``system``."""
    document = schema["components"]["schemas"]["RosterDocumentRequest"]
    assert document["discriminator"]["propertyName"] == "system"
    assert set(document["discriminator"]["mapping"]) == {game.code for game in systems()}


def _enum(components, prop):
    if "$ref" in prop:
        return components[prop["$ref"].rsplit("/", 1)[1]]["enum"]
    if "allOf" in prop:
        return _enum(components, prop["allOf"][0])
    return prop["enum"]


def test_lists_document_their_paging(schema):
    parameters = {p["name"]: p for p in schema["paths"]["/api/squads/"]["get"]["parameters"]}

    assert parameters["page_size"]["schema"] == {"type": "integer", "minimum": 1, "maximum": 100}
    response = schema["paths"]["/api/squads/"]["get"]["responses"]["200"]
    assert response["content"]["application/json"]["schema"]["$ref"].endswith("PaginatedSquadList")


def test_the_docs_page_works_offline(anon_api):
    response = anon_api.get("/api/docs/")

    assert response.status_code == 200
    page = response.content.decode()
    assert "<script>" not in page  # its start-up script is a file: the CSP allows no inline one
    script = anon_api.get("/api/docs/?script")
    assert script["Content-Type"].startswith("application/javascript")
    assert "/api/schema/" in script.content.decode()
    policy = dict(
        d.strip().split(" ", 1) for d in response["Content-Security-Policy"].split(";")
    )  # directives come in no set order
    assert policy["script-src"] == "'self'"
    assert policy["style-src"] == "'self' 'unsafe-inline'"  # Swagger UI's own style block
    assert not re.search(r"""(src|href)=["']https?:""", page)  # no CDN
    assets = re.findall(r"""(?:src|href)=["']/static/([^"']+)["']""", page)
    assert any(a.endswith("swagger-ui-bundle.js") for a in assets)
    for asset in assets:
        assert finders.find(asset), asset  # shipped by drf-spectacular-sidecar


def test_a_squad_name_may_not_be_empty_in_the_schema_either(schema):
    """Issue #10, item 12: the schema allowed ``"name": ""``, which the server refuses; and
    names with control characters (issue #17: tests/api/test_truthful_schema.py)."""
    components = schema["components"]["schemas"]
    creates = [k for k in components if k.endswith("SquadCreateRequest") and k[0] != "S"]
    assert len(creates) == 4  # one per game: SquadCreateRequest is their oneOf
    for component in (*creates, "PatchedSquadChangeRequest"):
        name = components[component]["properties"]["name"]
        assert (name["minLength"], name["maxLength"], name["pattern"]) == (1, 100, NAME_PATTERN)


def test_the_squad_replacement_documents_if_match_and_its_409(schema):
    operation = schema["paths"]["/api/squads/{id}/"]["put"]
    assert [p["name"] for p in operation["parameters"] if p["in"] == "header"] == ["If-Match"]
    assert {"404", "409"} <= error_statuses(operation)
