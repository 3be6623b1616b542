"""Schemathesis over the whole OpenAPI document, in process against the WSGI app.

Each operation is one test: a few generated requests (valid and invalid), derandomized,
sent with a token, each checked for no 5xx, a documented status code and content type,
and a body that matches the documented schema. Path ids are swapped for the user's own
squad (unless the case is about a bad id), so that requests reach the real code rather
than stop at a 404.

The campaign operations get a campaign of the user's, with two squads enrolled, battle 1
waiting for the user to confirm it and battle 2 confirmed: the campaign, battle and model
ids in their paths are swapped for those; so are, in the bodies of valid requests, the
invitation code, the squad to enrol and the squads of a battle report.
"""

from __future__ import annotations

import pytest
import schemathesis
from django.conf import settings as django_settings
from django.core import signals
from django.db import close_old_connections
from django.test import override_settings
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    ignored_auth,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
    unsupported_method,
)

from campaigns import services as campaign_services
from config.wsgi import application
from rosters import services
from rosters.demo import demo_rosters
from tests.api.conftest import enrol_demo

CONFIG = schemathesis.Config.from_dict({
    "seed": 6,
    "generation": {
        "mode": "all",  # valid requests and invalid ones
        "max-examples": 5,
        "deterministic": True,
        "database": "none",
    },
})  # fmt: skip
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    negative_data_rejection,
    ignored_auth,
    unsupported_method,
]

# Loaded while the tests are collected, before any database: unthrottled, since the
# throttles count in the shared cache, a table of the database.
_UNTHROTTLED = dict.fromkeys(django_settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"])
with override_settings(
    REST_FRAMEWORK={**django_settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": _UNTHROTTLED}
):
    schema = schemathesis.openapi.from_wsgi("/api/schema/", application, config=CONFIG)


@pytest.fixture
def one_connection():
    """Keep the test's database connection open between requests, as Django's test client
    does: the WSGI app closes it when a request ends, which would end the test's transaction
    on PostgreSQL."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def token(user):
    return Token.objects.create(user=user)


@pytest.fixture
def own_squad(user):
    return services.squad_import(owner=user, roster=demo_rosters()[0])


@pytest.fixture
def fuzz_campaign(user, other_user):
    """The user's campaign: their squad and the other user's enrolled, battle 1 (the other
    user's report) pending, battle 2 confirmed by the user."""
    campaign = campaign_services.campaign_create(organiser=user, name="Fuzzed")
    entries = [enrol_demo(campaign, user, 0), enrol_demo(campaign, other_user, 1)]
    document = {
        "format": "battle-report/1", "system": "black-sun",
        "sides": [{"squad_id": e.squad_id, "outcome": "partial"} for e in entries],
    }  # fmt: skip
    for _number in (1, 2):
        battle = campaign_services.battle_submit(
            campaign=campaign, user=other_user, document=document
        ).battle
    campaign_services.battle_confirm(battle=battle, user=user)
    return campaign, entries


def is_id(value) -> bool:
    """A number, not a deliberately bad one ("0.5", true); the coverage phase sends "0"."""
    return type(value) is int or isinstance(value, str) and value.isascii() and value.isdigit()


def aim_at_the_campaign(case, campaign, entries, own_squad) -> None:
    """Real ids in the path and, for a valid request, in the body."""
    path = case.path_parameters or {}
    if is_id(path.get("id")):
        path["id"] = campaign.pk
    if is_id(path.get("number")):
        path["number"] = 2 if case.path.endswith("/void/") else 1
    if is_id(path.get("member_id")):
        path["member_id"] = entries[0].squad.members.first().pk
    body = case.body
    if case.meta.generation.mode != GenerationMode.POSITIVE or not isinstance(body, dict):
        return  # an invalid request must stay invalid
    if isinstance(body.get("code"), str):
        body["code"] = campaign.invite_code
    if isinstance(body.get("squad_id"), int):
        body["squad_id"] = own_squad.pk
    for i, side in enumerate(body.get("sides") or []):
        if isinstance(side, dict) and isinstance(side.get("squad_id"), int):
            side["squad_id"] = entries[i % 2].squad_id


@pytest.mark.django_db
@schema.parametrize()
# The fixtures are made once per operation and shared by its examples, as intended.
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_the_api_keeps_to_its_schema(request, case, one_connection, token, own_squad):
    if case.path.startswith("/api/campaigns/"):
        campaign, entries = request.getfixturevalue("fuzz_campaign")
        aim_at_the_campaign(case, campaign, entries, own_squad)
    elif isinstance((case.path_parameters or {}).get("id"), int):  # not a deliberately bad id
        case.path_parameters["id"] = own_squad.pk
    case.call_and_validate(headers={"Authorization": f"Token {token.key}"}, checks=CHECKS)
