"""Clients, squads and campaigns for the REST API tests.

Throttling is off here (every rate None), so that no test is throttled by the requests of
the tests before it; tests/api/test_throttling.py turns it on with small rates.
"""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from campaigns import services as campaign_services
from rosters import services
from rosters.demo import demo_rosters
from rules.documents import roster_to_document

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="session")
def served_schema(django_db_setup, django_db_blocker) -> str:
    """The OpenAPI document ``/api/schema/`` serves an anonymous client, as JSON text,
    generated once per run (a second or more each time): ``schema`` hands each test its own
    copy."""
    with django_db_blocker.unblock():
        response = APIClient().get("/api/schema/")
    assert response.status_code == 200
    return json.dumps(response.json())


@pytest.fixture
def schema(served_schema) -> dict:
    """The OpenAPI document as an anonymous client reads it (a fresh copy: a test may
    change it)."""
    return json.loads(served_schema)


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """Users are made before each test; the real hasher is slow on purpose."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def no_throttling(settings):
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": dict.fromkeys(rates),
    }
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "pdf": None}  # the PDFs' shared counter
    cache.clear()
    yield
    cache.clear()


def token_client(user) -> APIClient:
    client = APIClient()
    token, _created = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture
def owner_api(user):
    return token_client(user)


@pytest.fixture
def other_api(other_user):
    return token_client(other_user)


@pytest.fixture
def anon_api():
    return APIClient()


@pytest.fixture
def make_squad(user):
    """A stored squad from a roster value (the US Army demo squad by default)."""

    def make(roster=None, owner=None):
        return services.squad_import(owner=owner or user, roster=roster or demo_rosters()[0])

    return make


@pytest.fixture
def squad(make_squad):
    return make_squad()


def document(index: int = 0) -> dict:
    """A legal demo squad as a squad-roster/1 document (0: US Army, 1: Viet Cong...)."""
    return roster_to_document(demo_rosters()[index])


def errors(response) -> list[dict]:
    """The errors of a response, checking that they have the API's one shape."""
    body = response.json()
    assert set(body) == {"errors"}, body
    assert body["errors"], body
    for error in body["errors"]:
        assert set(error) == {"code", "message", "field"}, error
        assert isinstance(error["code"], str) and isinstance(error["message"], str)
        assert error["field"] is None or isinstance(error["field"], str)
    return body["errors"]


# --- campaigns (the campaign endpoints, their permission matrix and the fuzzing) -------------


def enrol_demo(campaign, player, index: int = 0):
    """Join ``campaign`` and enrol a new copy of a demo squad (0: US Army, 1: Viet Cong)."""
    campaign_services.campaign_join(campaign=campaign, user=player)
    squad = services.squad_import(owner=player, roster=demo_rosters()[index])
    return campaign_services.enrol(campaign=campaign, user=player, squad=squad)


@pytest.fixture
def enrolled(campaign, user, other_user):
    """[us, vc]: the user's US Army squad and the other user's Viet Cong squad, enrolled."""
    return [enrol_demo(campaign, user, 0), enrol_demo(campaign, other_user, 1)]


def battle_report(first, second, *, outcomes=("full", "failed"), sides=({}, {})) -> dict:
    """A battle-report/1 document between two entries; ``sides`` adds to each side."""
    return {
        "format": "battle-report/1",
        "system": "black-sun",
        "scenario": "Patrol at the river",
        "played_on": "2026-11-20",
        "sides": [
            {"squad_id": entry.squad_id, "outcome": outcome, **extra}
            for entry, outcome, extra in zip((first, second), outcomes, sides, strict=True)
        ],
    }
