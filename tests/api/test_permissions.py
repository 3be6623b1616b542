"""Who may use which endpoint: the owner, another user and an anonymous client, everywhere.

As on the web pages: a squad is its owner's; anyone else gets 404 and changes nothing.
"""

from __future__ import annotations

import pytest

from rosters.models import Squad
from tests.api.conftest import document, errors

pytestmark = pytest.mark.django_db

# (name, method, url, body); "{pk}" is the owner's squad.
SQUAD_ENDPOINTS = [
    ("retrieve", "get", "/api/squads/{pk}/", None),
    ("replace", "put", "/api/squads/{pk}/", "document"),
    ("change", "patch", "/api/squads/{pk}/", {"name": "Renamed"}),
    ("export", "get", "/api/squads/{pk}/export/", None),
    ("validate", "get", "/api/squads/{pk}/validate/", None),
    ("sheet", "get", "/api/squads/{pk}/sheet/", None),
    ("delete", "delete", "/api/squads/{pk}/", None),
]
COLLECTION_ENDPOINTS = [
    ("list", "get", "/api/squads/", None, 200),
    ("create", "post", "/api/squads/", {"name": "New", "faction": "us-army"}, 201),
    ("import", "post", "/api/squads/import/", "document", 201),
]
IDS = [e[0] for e in SQUAD_ENDPOINTS]


def call(client, method, url, body, squad):
    if body == "document":
        body = document(2)
    return getattr(client, method)(url.format(pk=squad.pk), body, format="json")


@pytest.mark.parametrize(("name", "method", "url", "body"), SQUAD_ENDPOINTS, ids=IDS)
def test_the_owner_can_use_every_squad_endpoint(owner_api, squad, name, method, url, body):
    response = call(owner_api, method, url, body, squad)

    assert response.status_code in (200, 204), response.content[:300]


@pytest.mark.parametrize(("name", "method", "url", "body"), SQUAD_ENDPOINTS, ids=IDS)
def test_another_user_gets_404_and_changes_nothing(other_api, squad, name, method, url, body):
    response = call(other_api, method, url, body, squad)

    assert response.status_code == 404
    assert errors(response) == [{"code": "not-found", "message": "Not found.", "field": None}]
    stored = Squad.objects.get(pk=squad.pk)
    assert (stored.version, stored.name) == (squad.version, squad.name)


@pytest.mark.parametrize(("name", "method", "url", "body"), SQUAD_ENDPOINTS, ids=IDS)
def test_anonymous_gets_401_on_every_squad_endpoint(anon_api, squad, name, method, url, body):
    response = call(anon_api, method, url, body, squad)

    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert errors(response)[0]["code"] == "not-authenticated"
    assert Squad.objects.get(pk=squad.pk).version == squad.version


@pytest.mark.parametrize(
    ("name", "method", "url", "body", "expected"),
    COLLECTION_ENDPOINTS,
    ids=[e[0] for e in COLLECTION_ENDPOINTS],
)
def test_anonymous_gets_401_on_the_collection(anon_api, squad, name, method, url, body, expected):
    response = call(anon_api, method, url, body, squad)

    assert response.status_code == 401
    assert errors(response)[0]["code"] == "not-authenticated"
    assert Squad.objects.count() == 1


@pytest.mark.parametrize(
    ("name", "method", "url", "body", "expected"),
    COLLECTION_ENDPOINTS,
    ids=[e[0] for e in COLLECTION_ENDPOINTS],
)
def test_any_user_works_on_their_own_collection(
    owner_api, other_api, other_user, squad, name, method, url, body, expected
):
    for client in (owner_api, other_api):
        response = call(client, method, url, body, squad)
        assert response.status_code == expected, response.content[:300]
    if method == "post":  # the other user's new squad is theirs
        assert Squad.objects.filter(owner=other_user).count() == 1


def test_the_list_holds_only_your_own_squads(owner_api, other_api, make_squad, other_user):
    mine = make_squad()
    theirs = make_squad(owner=other_user)

    assert [s["id"] for s in owner_api.get("/api/squads/").json()["results"]] == [mine.pk]
    assert [s["id"] for s in other_api.get("/api/squads/").json()["results"]] == [theirs.pk]


@pytest.mark.parametrize("client_name", ["owner_api", "other_api", "anon_api"])
def test_anyone_may_validate_a_posted_document(request, client_name):
    client = request.getfixturevalue(client_name)

    response = client.post("/api/squads/validate/", document(), format="json")

    assert response.status_code == 200
    assert response.json()["valid"] is True


def test_deleting_your_token_needs_a_login(anon_api, owner_api):
    assert anon_api.delete("/api/auth/token/").status_code == 401
    assert owner_api.delete("/api/auth/token/").status_code == 204


@pytest.mark.parametrize("client_name", ["owner_api", "other_api", "anon_api"])
def test_anyone_may_read_the_schema_and_the_docs(request, client_name):
    client = request.getfixturevalue(client_name)

    assert client.get("/api/schema/").status_code == 200
    assert client.get("/api/docs/").status_code == 200
