"""Accounts: the e-mail address a password reset needs, the account page, and what a
password change or reset ends (API tokens, the other browsers' sessions)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

PASSWORD = "pw-mint-1970"  # the user fixture's
NEW_PASSWORD = "pw-mint-2026!"


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def sign_up(client, **extra):
    body = {"username": "newbie", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD, **extra}
    return client.post(reverse("signup"), body)


def token_works(key: str) -> bool:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return api.get("/api/squads/").status_code == 200


def logged_in(client) -> bool:
    return client.get(reverse("profile")).status_code == 200


# --- sign-up and the account page ------------------------------------------------------------


def test_sign_up_asks_an_optional_email_address(client):
    page = client.get(reverse("signup")).content.decode()
    assert 'name="email"' in page
    assert "Optional" in page

    assert sign_up(client, email="newbie@example.com").status_code == 302

    assert get_user_model().objects.get(username="newbie").email == "newbie@example.com"


def test_sign_up_without_an_email_address(client):
    assert sign_up(client).status_code == 302

    assert get_user_model().objects.get(username="newbie").email == ""


def test_sign_up_refuses_a_wrong_email_address(client):
    response = sign_up(client, email="not-an-address")

    assert response.status_code == 200
    assert "Enter a valid email address." in response.content.decode()
    assert not get_user_model().objects.filter(username="newbie").exists()


def test_the_account_page_needs_a_log_in(client):
    response = client.get(reverse("profile"))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_the_account_page_sets_the_email_address_and_leads_to_the_password(client, user):
    client.force_login(user)
    page = client.get(reverse("profile")).content.decode()
    assert reverse("password_change") in page

    response = client.post(reverse("profile"), {"email": "mint@example.com"}, follow=True)

    assert response.redirect_chain == [(reverse("profile"), 302)]
    assert "Your account is saved." in response.content.decode()
    user.refresh_from_db()
    assert user.email == "mint@example.com"
    client.post(reverse("profile"), {"email": ""})
    user.refresh_from_db()
    assert user.email == ""


def test_the_navigation_leads_to_the_account_page(client, user):
    client.force_login(user)

    assert f'href="{reverse("profile")}"' in client.get(reverse("home")).content.decode()


# --- password reset -------------------------------------------------------------------------


def reset_link(client, mailoutbox, email: str) -> str:
    assert client.post(reverse("password_reset"), {"email": email}).status_code == 302
    [mail] = mailoutbox
    assert mail.to == [email]
    return re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", mail.body).group(1)


def reset(client, link: str) -> None:
    set_password = client.get(link)  # Django swaps the token for a session key
    assert set_password.status_code == 302
    done = client.post(
        set_password["Location"], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    )
    assert done.status_code == 302 and done["Location"] == reverse("password_reset_complete")


def test_a_password_reset_reaches_the_address_given_at_sign_up(client, mailoutbox):
    sign_up(client, email="newbie@example.com")
    client.post(reverse("logout"))

    link = reset_link(Client(), mailoutbox, "newbie@example.com")

    assert link.startswith("/accounts/reset/")


def test_a_used_reset_link_says_it_is_no_longer_valid(client, user, mailoutbox):
    user.email = "mint@example.com"
    user.save()
    link = reset_link(client, mailoutbox, "mint@example.com")
    reset(client, link)

    response = Client().get(link, follow=True)

    page = response.content.decode()
    assert "This link is no longer valid" in page
    assert reverse("password_reset") in page
    assert 'name="new_password1"' not in page


def test_a_password_reset_ends_api_tokens_and_every_session(client, user, mailoutbox):
    user.email = "mint@example.com"
    user.save()
    token = Token.objects.create(user=user)
    elsewhere = Client()
    elsewhere.force_login(user)

    reset(client, reset_link(client, mailoutbox, "mint@example.com"))

    assert not Token.objects.filter(user=user).exists()
    assert not token_works(token.key)
    assert not logged_in(elsewhere)
    assert Client().login(username="mint", password=NEW_PASSWORD)


# --- password change ------------------------------------------------------------------------


def test_a_password_change_ends_api_tokens_and_the_other_sessions_only(client, user):
    token = Token.objects.create(user=user)
    assert token_works(token.key)
    client.force_login(user)
    elsewhere = Client()
    elsewhere.force_login(user)

    response = client.post(
        reverse("password_change"),
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )

    assert response.status_code == 302
    assert response["Location"] == reverse("password_change_done")
    assert not Token.objects.filter(user=user).exists()
    assert not token_works(token.key)
    assert logged_in(client)
    assert not logged_in(elsewhere)


def test_a_wrong_old_password_changes_nothing(client, user):
    token = Token.objects.create(user=user)
    client.force_login(user)

    response = client.post(
        reverse("password_change"),
        {"old_password": "guess", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )

    assert response.status_code == 200
    assert Token.objects.filter(key=token.key).exists()


# --- the API token and the API's documentation (issue #28, item 16) ---------------------------


def shown_token(page: str) -> str | None:
    found = re.search(r'<code class="api-token" id="new-api-token">(\w+)</code>', page)
    return found and found.group(1)


def test_every_page_links_the_api_documentation(client, user):
    docs = reverse("api:docs")
    assert f'href="{docs}"' in client.get(reverse("home")).content.decode()
    client.force_login(user)
    page = client.get(reverse("profile")).content.decode()
    assert page.count(f'href="{docs}"') == 2  # the footer, and the token's explanation
    assert client.get(docs).status_code == 200


def test_the_account_page_makes_an_api_token_and_shows_it_once(client, user):
    client.force_login(user)
    page = client.get(reverse("profile")).content.decode()
    assert "You have no API token." in page and shown_token(page) is None
    assert "Authorization: Token" in page

    made = client.post(reverse("api_token_create"))

    assert made.status_code == 302 and made["Location"] == reverse("profile")
    key = shown_token(client.get(reverse("profile")).content.decode())
    assert key == Token.objects.get(user=user).key
    assert token_works(key)
    again = client.get(reverse("profile")).content.decode()
    assert shown_token(again) is None  # once
    assert "You have an API token." in again and "Revoke your API token" in again


def test_a_new_api_token_replaces_the_old_one(client, user):
    old = Token.objects.create(user=user)
    client.force_login(user)

    client.post(reverse("api_token_create"))

    new = shown_token(client.get(reverse("profile")).content.decode())
    assert new and new != old.key
    assert token_works(new) and not token_works(old.key)


def test_the_account_page_revokes_the_api_token(client, user):
    token = Token.objects.create(user=user)
    client.force_login(user)

    response = client.post(reverse("api_token_revoke"), follow=True)

    assert not Token.objects.filter(user=user).exists()
    assert not token_works(token.key)
    page = response.content.decode()
    assert "Your API token is revoked" in page and "You have no API token." in page


def test_the_api_token_forms_are_posts_of_a_logged_in_player_with_csrf(user):
    anonymous = Client().post(reverse("api_token_create"))
    assert anonymous.status_code == 302 and anonymous["Location"].startswith(reverse("login"))
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(user)
    assert browser.get(reverse("api_token_create")).status_code == 405
    assert browser.post(reverse("api_token_create")).status_code == 403  # no CSRF token
    assert browser.post(reverse("api_token_revoke")).status_code == 403
    page = browser.get(reverse("profile")).content.decode()
    assert page.count('name="csrfmiddlewaretoken"') >= 3  # the account's form, make, language
    assert not Token.objects.filter(user=user).exists()
