"""Throttling: anonymous clients per IP, users per account, and the scoped endpoints."""

from __future__ import annotations

import pytest

from config.settings import REST_FRAMEWORK
from tests.api.conftest import document, errors

pytestmark = pytest.mark.django_db

LIMITS = {"anon": "2/minute", "user": "2/minute", "token": "2/minute", "pdf": "1/minute"}


@pytest.fixture
def small_rates(settings, no_throttling):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": LIMITS}


def assert_throttled(response):
    assert response.status_code == 429
    [error] = errors(response)
    assert error["code"] == "throttled" and error["field"] is None
    assert error["message"].startswith("Request was throttled.")
    assert 0 < int(response["Retry-After"]) <= 60


def test_the_settings_throttle_every_kind_of_client():
    rates = REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    assert set(rates) == {"anon", "user", "token", "pdf"}
    assert all(rate and rate.endswith("/minute") for rate in rates.values())


def test_an_anonymous_client_is_throttled_with_a_429(small_rates, anon_api):
    # DRF checks permissions first: what anonymous clients may call is what gets throttled
    for _ in range(2):
        assert anon_api.post("/api/squads/validate/", document(), format="json").status_code == 200

    assert_throttled(anon_api.post("/api/squads/validate/", document(), format="json"))


def test_a_user_is_throttled_per_account(small_rates, owner_api, other_api):
    for _ in range(2):
        assert owner_api.get("/api/squads/").status_code == 200

    assert_throttled(owner_api.get("/api/squads/"))
    assert other_api.get("/api/squads/").status_code == 200


def test_password_guessing_is_throttled(small_rates, anon_api, user):
    guess = {"username": "mint", "password": "guess"}
    for _ in range(2):
        assert anon_api.post("/api/auth/token/", guess, format="json").status_code == 400

    assert_throttled(anon_api.post("/api/auth/token/", guess, format="json"))


def test_pdf_downloads_have_their_own_rate(small_rates, owner_api, squad):
    assert owner_api.get(f"/api/squads/{squad.pk}/sheet/").status_code == 200

    response = owner_api.get(f"/api/squads/{squad.pk}/sheet/")

    assert_throttled(response)
    assert response["Content-Type"] == "application/json"
