"""Every error, whatever its status, has the one shape {"errors": [{code, message, field}]}."""

from __future__ import annotations

import pytest
from django.db.models import ProtectedError

from api.errors import exception_handler
from api.parsers import MAX_BODY
from tests.api.conftest import document, errors

pytestmark = pytest.mark.django_db


def test_401_for_no_credentials(anon_api):
    response = anon_api.get("/api/squads/")

    assert response.status_code == 401
    assert errors(response) == [{
        "code": "not-authenticated",
        "message": "Authentication credentials were not provided.",
        "field": None,
    }]  # fmt: skip


def test_401_for_a_wrong_token(anon_api):
    anon_api.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)

    response = anon_api.get("/api/squads/")

    assert response.status_code == 401
    assert errors(response)[0]["code"] == "authentication-failed"


@pytest.mark.parametrize("method", ["get", "post", "put", "patch", "delete", "options"])
def test_404_for_any_other_api_url_and_method(owner_api, method):
    response = getattr(owner_api, method)("/api/no-such-thing/")

    assert response.status_code == 404
    assert errors(response) == [{"code": "not-found", "message": "Not found.", "field": None}]


def test_404_for_an_id_that_is_not_a_number(owner_api):
    response = owner_api.get("/api/squads/abc/")

    assert response.status_code == 404
    assert errors(response)[0]["code"] == "not-found"


def test_405_for_a_method_an_endpoint_lacks(owner_api, squad):
    response = owner_api.delete("/api/squads/")

    assert response.status_code == 405
    assert errors(response) == [{
        "code": "method-not-allowed", "message": 'Method "DELETE" not allowed.', "field": None,
    }]  # fmt: skip


def test_415_for_a_form_instead_of_json(owner_api):
    response = owner_api.post("/api/squads/", {"name": "X", "faction": "us-army"})

    assert response.status_code == 415
    assert errors(response)[0]["code"] == "unsupported-media-type"


def test_413_for_a_body_over_512_kb(owner_api):
    body = '{"name": "' + "x" * MAX_BODY + '"}'

    response = owner_api.post("/api/squads/import/", body, content_type="application/json")

    assert response.status_code == 413
    assert errors(response)[0]["code"] == "too-large"


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ('{"name": "A", "name": "B"}', "name", "key 'name' appears twice"),
        ('{"points_limit": NaN}', "points_limit", "NaN is not valid JSON"),
        ('{"name": ', None, "not valid JSON: Expecting value (line 1, column 10)"),
    ],
)
def test_400_for_json_that_the_documents_refuse(owner_api, body, field, message):
    response = owner_api.post("/api/squads/import/", body, content_type="application/json")

    assert response.status_code == 400
    assert errors(response) == [{"code": "invalid-document", "message": message, "field": field}]


@pytest.mark.parametrize(
    ("text", "message"),
    [("Ling\\u0000", "must not contain NUL characters"), ("\\ud800", "is not valid Unicode text")],
)
def test_400_for_text_no_database_can_store(owner_api, text, message):
    body = '{"format": "squad-roster/1", "members": [{"name": "' + text + '"}]}'

    response = owner_api.post("/api/squads/import/", body, content_type="application/json")

    assert response.status_code == 400
    assert errors(response) == [
        {"code": "invalid-document", "message": message, "field": "members[0].name"}
    ]


def test_an_empty_body_lists_what_the_document_needs(owner_api):
    response = owner_api.post("/api/squads/import/", content_type="application/json")

    assert response.status_code == 400
    assert {e["field"] for e in errors(response)} == {
        "format", "system", "name", "faction", "members"}  # fmt: skip


def test_a_document_that_is_not_an_object(owner_api):
    response = owner_api.post("/api/squads/validate/", [document()], format="json")

    assert response.status_code == 400
    assert errors(response) == [{
        "code": "invalid-document", "message": "must be an object, not a list", "field": None,
    }]  # fmt: skip


def test_messages_follow_the_requests_language(anon_api, owner_api):
    unauthorised = anon_api.get("/api/squads/", HTTP_ACCEPT_LANGUAGE="fr")
    missing = owner_api.get("/api/squads/999/", HTTP_ACCEPT_LANGUAGE="fr")

    assert errors(unauthorised)[0]["message"] == "Informations d'authentification non fournies."
    assert errors(missing)[0]["message"] == "Non trouvé."
    assert unauthorised["Content-Language"] == "fr"


def test_a_record_others_depend_on_is_a_409_and_a_bug_stays_a_500():
    protected = exception_handler(ProtectedError("protected", set()), {})

    assert protected.status_code == 409
    assert protected.data["errors"][0]["code"] == "protected"
    assert exception_handler(KeyError("a bug"), {}) is None  # Django's 500, not hidden
