"""One rule for every JSON body (issue #28, item 25): UTF-8, with no byte order mark, and a
Content-Type whose charset, if it names one, is UTF-8 — as ``docs/formats.md`` requires of
the documents. Every operation of the schema that takes a body is tried, so a new one is
covered as soon as it is documented."""

from __future__ import annotations

import codecs
import json

import pytest

from api.parsers import StrictJSONParser
from campaigns import services as campaign_services
from rosters import services
from rosters.demo import demo_rosters
from tests.api.conftest import errors, token_client
from tests.api.test_campaign_squads_api import fought  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db

BODY = json.dumps({"name": "Zoé"}, ensure_ascii=False)
NOT_UTF8 = {"field": None, "code": "invalid-document", "message": "not UTF-8 text"}
BOM = {
    "field": None,
    "code": "invalid-document",
    "message": "starts with a byte order mark: send UTF-8 without one",
}
REFUSED = {
    "utf-16 with its byte order mark": (BODY.encode("utf-16"), "application/json", NOT_UTF8),
    "utf-16 without one": (BODY.encode("utf-16-le"), "application/json", NOT_UTF8),
    "utf-32": (BODY.encode("utf-32"), "application/json", NOT_UTF8),
    "latin-1 bytes": (BODY.encode("latin-1"), "application/json", NOT_UTF8),
    "utf-8 with a byte order mark": (codecs.BOM_UTF8 + BODY.encode(), "application/json", BOM),
}
OTHER_CHARSETS = ["latin-1", "utf-16", "iso-8859-15", "no-such-charset"]


def operations_with_a_body(client) -> list[tuple[str, str]]:
    schema = client.get("/api/schema/").json()
    return [
        (method, path)
        for path, item in schema["paths"].items()
        for method, operation in item.items()
        if "requestBody" in operation
    ]


@pytest.fixture
def calls(fought, organiser):  # noqa: F811
    """(client, method, url) for every operation with a body, with ids that exist: the
    organiser may call each of them (a campaign he organises, his squad outside it)."""
    campaign, battle, hurt, _entries = fought
    squad = services.squad_import(owner=organiser, roster=demo_rosters()[0])
    pack = services.pack_create(owner=organiser, system="black-sun", name="Ours")
    # a round 1 beside battle 1: "{number}" names both (issue #31)
    round = campaign_services.round_open(campaign=campaign, by=organiser, mode="random", seed=1)
    assert round.number == battle.number
    ids = {"number": battle.number, "member_id": hurt.pk}
    client = token_client(organiser)
    found = []
    for method, path in operations_with_a_body(client):
        own = {"id": squad.pk if path.startswith("/api/squads/") else campaign.pk}
        if path.startswith("/api/packs/"):
            own = {"id": pack.pk, "token": pack.share_token}
        found.append((client, method, path.format(**ids, **own)))
    assert len(found) >= 12  # every JSON endpoint the issue names, and the others
    return found


@pytest.mark.parametrize("case", REFUSED)
def test_every_body_that_is_not_utf8_is_refused_the_same_way(calls, case):
    body, content_type, error = REFUSED[case]
    for client, method, url in calls:
        response = getattr(client, method)(url, body, content_type=content_type)

        assert response.status_code == 400, (method, url, response.content)
        assert errors(response) == [error], (method, url)


@pytest.mark.parametrize("charset", OTHER_CHARSETS)
def test_a_charset_other_than_utf8_is_a_415_naming_it(calls, charset):
    for client, method, url in calls:
        content_type = f"application/json; charset={charset}"
        response = getattr(client, method)(url, b"{}", content_type=content_type)

        assert response.status_code == 415, (method, url, response.content)
        [error] = errors(response)
        assert error["code"] == "unsupported-media-type"
        assert f'charset "{charset}"' in error["message"] and "UTF-8" in error["message"]


@pytest.mark.parametrize("charset", ["utf-8", "UTF-8", "utf8"])
def test_utf8_named_as_such_is_read(owner_api, squad, charset):
    body = json.dumps({"name": "Zoé"}, ensure_ascii=False).encode()
    content_type = f"application/json; charset={charset}"

    response = owner_api.patch(f"/api/squads/{squad.pk}/", body, content_type=content_type)

    assert response.status_code == 200, response.content
    assert response.json()["name"] == "Zoé"


def test_no_view_of_the_api_reads_its_body_with_another_parser():
    from django.urls import get_resolver

    def views(patterns, prefix=""):
        for pattern in patterns:
            if hasattr(pattern, "url_patterns"):
                yield from views(pattern.url_patterns, prefix + str(pattern.pattern))
            elif (prefix + str(pattern.pattern)).startswith("api/"):
                yield pattern.callback

    found = [v for v in views(get_resolver().url_patterns) if hasattr(v, "cls")]
    assert found
    for view in found:
        parsers = view.cls.parser_classes
        assert list(parsers) == [StrictJSONParser], view.cls
