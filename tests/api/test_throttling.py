"""Throttling: anonymous clients per IP, users per account, and the scoped endpoints."""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings
from django.core.cache import caches
from rest_framework.test import APIClient

from config.settings import RATE_LIMITS, REST_FRAMEWORK
from tests.api.conftest import document, errors
from tests.api.test_auth import LOG_IN

pytestmark = pytest.mark.django_db

LIMITS = {"anon": "2/minute", "user": "2/minute", "token": "2/minute"}


@pytest.fixture
def small_rates(settings, no_throttling):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": LIMITS}
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "pdf": "1/minute"}  # the web's counter too


def assert_throttled(response):
    assert response.status_code == 429
    [error] = errors(response)
    assert error["code"] == "throttled" and error["field"] is None
    assert error["message"].startswith("Request was throttled.")
    assert 0 < int(response["Retry-After"]) <= 60


def test_the_settings_throttle_every_kind_of_client():
    rates = REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    assert set(rates) == {"anon", "user", "token"}  # "pdf": RATE_LIMITS, shared with the web
    assert all(rate and rate.endswith("/minute") for rate in rates.values())
    assert RATE_LIMITS["pdf"] == "30/minute"


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
        assert anon_api.post("/api/auth/token/", guess, format="json").status_code == 401

    assert_throttled(anon_api.post("/api/auth/token/", guess, format="json"))


def test_pdf_downloads_have_their_own_rate(small_rates, settings, owner_api, squad):
    # One an hour: the count is kept in fixed windows (django-ratelimit), and a first render
    # slowed by a busy machine could end in the next minute's window, where it is not counted.
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "pdf": "1/h"}
    assert owner_api.get(f"/api/squads/{squad.pk}/sheet/").status_code == 200

    response = owner_api.get(f"/api/squads/{squad.pk}/sheet/")

    assert response.status_code == 429
    [error] = errors(response)
    assert error["code"] == "throttled" and error["field"] is None
    assert 0 < int(response["Retry-After"]) <= 3600
    assert response["Content-Type"] == "application/json"


# --- who a client is, where the counts live (hardening: shared cache, trusted proxies) -------

GUESS = {"username": "mint", "password": "guess"}


def test_a_spoofed_forwarded_for_gets_no_more_guesses(small_rates, anon_api, user):
    statuses = [
        anon_api.post(
            "/api/auth/token/", GUESS, format="json", HTTP_X_FORWARDED_FOR=f"127.0.1.{n}"
        ).status_code
        for n in range(5)
    ]

    assert statuses == [401, 401, 429, 429, 429]


def test_an_attacker_cannot_use_up_a_real_users_quota(small_rates, user):
    attacker, victim = APIClient(REMOTE_ADDR="127.0.0.66"), APIClient(REMOTE_ADDR="127.0.0.10")
    for _ in range(3):  # naming the victim's address does not make it the victim's quota
        attacker.post("/api/auth/token/", GUESS, format="json", HTTP_X_FORWARDED_FOR="127.0.0.10")

    assert victim.post("/api/auth/token/", LOG_IN, format="json").status_code == 200


def test_behind_a_trusted_proxy_the_throttles_count_the_address_it_saw(settings, small_rates, user):
    settings.TRUSTED_PROXY_COUNT = 1
    proxy = APIClient(REMOTE_ADDR="127.0.0.1")
    for n in range(2):
        proxy.post(
            "/api/auth/token/", GUESS, format="json",
            HTTP_X_FORWARDED_FOR=f"127.0.1.{n}, 127.0.0.66",
        )  # fmt: skip

    throttled = proxy.post(
        "/api/auth/token/", GUESS, format="json", HTTP_X_FORWARDED_FOR="127.0.1.9, 127.0.0.66"
    )
    assert_throttled(throttled)
    other = proxy.post("/api/auth/token/", LOG_IN, format="json", HTTP_X_FORWARDED_FOR="127.0.0.10")
    assert other.status_code == 200


def test_failed_log_ins_are_limited_per_account_on_the_token_endpoint(settings, user):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "login-ip": "3/h", "login-account": "5/h"}
    for n in range(5):  # five addresses, each under its own limit
        guesser = APIClient(REMOTE_ADDR=f"127.0.0.{20 + n}")
        assert guesser.post("/api/auth/token/", GUESS, format="json").status_code == 401

    response = APIClient(REMOTE_ADDR="127.0.0.40").post("/api/auth/token/", LOG_IN, format="json")

    assert response.status_code == 429
    [error] = errors(response)
    assert error["code"] == "throttled"
    # issue #28, item 23: the owner is told how to get in at once
    reset = "http://testserver/accounts/password_reset/"
    assert error["message"].startswith("Too many failed log-ins for this account.")
    assert f"reset your password at {reset}: you can then log in at once." in error["message"]
    assert 0 < int(response["Retry-After"]) <= 3600  # the window of the log-in limits


def test_throttle_counts_are_shared_by_every_worker(small_rates, anon_api, user):
    shared = django_settings.CACHES[django_settings.SHARED_CACHE]
    assert shared["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"
    for _ in range(2):
        anon_api.post("/api/auth/token/", GUESS, format="json")

    caches["default"].clear()  # what a worker keeps to itself: another worker has none of it

    assert_throttled(anon_api.post("/api/auth/token/", GUESS, format="json"))
