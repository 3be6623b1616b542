"""Tokens for clients, the session (with CSRF) for the browser."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.api.conftest import errors

pytestmark = pytest.mark.django_db

LOG_IN = {"username": "mint", "password": "pw-mint-1970"}


def test_a_username_and_password_get_a_token_that_works(anon_api, user, squad):
    response = anon_api.post("/api/auth/token/", LOG_IN, format="json")

    assert response.status_code == 200
    token = response.json()["token"]
    assert token == Token.objects.get(user=user).key
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get("/api/squads/").json()["count"] == 1


def test_asking_twice_gives_the_same_token(anon_api, user):
    first = anon_api.post("/api/auth/token/", LOG_IN, format="json").json()
    second = anon_api.post("/api/auth/token/", LOG_IN, format="json").json()

    assert first == second


def test_a_wrong_password_is_a_401_without_a_token(anon_api, user):
    response = anon_api.post("/api/auth/token/", {**LOG_IN, "password": "guess"}, format="json")

    assert response.status_code == 401  # the credentials, not the body's shape, are wrong
    assert response["WWW-Authenticate"] == "Token"
    assert errors(response) == [{
        "code": "authorization",
        "message": "Unable to log in with provided credentials.",
        "field": None,
    }]  # fmt: skip
    assert not Token.objects.exists()


def test_missing_credentials_are_named(anon_api):
    response = anon_api.post("/api/auth/token/", {}, format="json")

    assert response.status_code == 400
    assert {(e["field"], e["code"]) for e in errors(response)} == {
        ("username", "required"), ("password", "required")}  # fmt: skip


def test_deleting_the_token_logs_the_client_out(owner_api):
    assert owner_api.delete("/api/auth/token/").status_code == 204

    response = owner_api.get("/api/squads/")

    assert response.status_code == 401
    assert errors(response) == [
        {"code": "authentication-failed", "message": "Invalid token.", "field": None}
    ]


def test_the_browser_session_reads_without_csrf_but_writes_only_with_it(user):
    browser = APIClient(enforce_csrf_checks=True)
    browser.force_login(user)
    body = {"name": "Hill 937", "faction": "viet-cong"}

    assert browser.get("/api/squads/").status_code == 200
    refused = browser.post("/api/squads/", body, format="json")
    assert refused.status_code == 403
    assert errors(refused)[0]["code"] == "permission-denied"
    assert "CSRF" in errors(refused)[0]["message"]

    browser.get("/accounts/login/")  # any page with a form sets the CSRF cookie
    csrf = browser.cookies["csrftoken"].value
    accepted = browser.post("/api/squads/", body, format="json", HTTP_X_CSRFTOKEN=csrf)
    assert accepted.status_code == 201
