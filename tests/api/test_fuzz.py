"""Schemathesis over the whole OpenAPI document, in process against the WSGI app.

Each operation is one test: a few generated requests (valid and invalid), derandomized,
sent with a token, each checked for no 5xx, a documented status code and content type,
and a body that matches the documented schema. Path ids are swapped for the user's own
squad (unless the case is about a bad id), so that requests reach the real code rather
than stop at a 404.
"""

from __future__ import annotations

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    ignored_auth,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
    unsupported_method,
)

from config.wsgi import application
from rosters import services
from rosters.demo import demo_rosters

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


@pytest.mark.django_db
@schema.parametrize()
# The fixtures are made once per operation and shared by its examples, as intended.
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_the_api_keeps_to_its_schema(case, one_connection, token, own_squad):
    if isinstance((case.path_parameters or {}).get("id"), int):  # not a deliberately bad id
        case.path_parameters["id"] = own_squad.pk
    case.call_and_validate(headers={"Authorization": f"Token {token.key}"}, checks=CHECKS)
