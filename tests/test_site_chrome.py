"""The site's frame around every page (issue #14): the language menu in the footer, where a
log-in or a sign-up lands (an invitation kept through the sign-up), and the favicon.

Every step of the invitation test follows what the previous page shows (a link's href, a
form's hidden field), as a new player's browser would, instead of building the URLs itself.
"""

from __future__ import annotations

import mimetypes
import re
from html import unescape
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.urls import reverse

pytestmark = pytest.mark.django_db

PASSWORD = "Hill-937-Ap-Bia"
FAVICON = "img/favicon.svg"


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def link_to(html: str, text: str) -> str:
    """The href of the (first) link whose text is ``text``."""
    match = re.search(rf'<a href="([^"]*)">{re.escape(text)}</a>', html)
    assert match, f"no link {text!r} on the page"
    return unescape(match.group(1))


def path_and_next(url: str) -> tuple[str, str]:
    parts = urlsplit(url)
    return parts.path, parse_qs(parts.query).get("next", [""])[0]


def main_part(html: str) -> str:
    """The page's own content: the header's links and the footer's language form aside."""
    return html.split("<main")[1].split("</main>")[0]


def sign_up(client, url: str, username: str = "newbie"):
    """Submit the sign-up form found at ``url`` with its hidden ``next``, as a browser does."""
    form = main_part(client.get(url).content.decode())
    body = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    hidden = re.search(r'<input type="hidden" name="next" value="([^"]*)"', form)
    if hidden:
        body["next"] = unescape(hidden.group(1))
    return client.post(url, body)


# --- 1. the language menu ---------------------------------------------------------------------


def test_the_footer_offers_each_other_language_as_a_button(client):
    """A button per language, not a select: Enter on a focused button submits its form,
    Enter on a select does nothing (and there is no script to make it)."""
    footer = client.get("/").content.decode().split('<footer class="site-footer')[1]

    assert re.search(r'<button[^>]* name="language" value="fr"[^>]*>Français</button>', footer)
    assert 'value="en"' not in footer  # the current language is shown, not offered
    assert "<select" not in footer


def test_the_footer_offers_english_on_a_french_page(client):
    client.post(reverse("set_language"), {"language": "fr", "next": "/"})
    footer = client.get("/").content.decode().split('<footer class="site-footer')[1]

    assert re.search(r'<button[^>]* name="language" value="en"[^>]*>English</button>', footer)
    assert 'value="fr"' not in footer


# --- 2. an invitation followed by a new player ------------------------------------------------


def test_a_new_player_signs_up_from_an_invitation_and_joins(client, campaign):
    invitation = reverse("campaigns:join_link", args=[campaign.invite_code])

    to_login = client.get(invitation)
    assert to_login.status_code == 302
    login_page = client.get(to_login["Location"]).content.decode()

    for text in ("Create an account", "Sign up"):  # the page's link and the header's
        assert path_and_next(link_to(login_page, text)) == (reverse("signup"), invitation)
    signed_up = sign_up(client, link_to(login_page, "Create an account"))

    assert signed_up.status_code == 302
    assert signed_up["Location"] == invitation
    assert "Join the campaign" in client.get(invitation).content.decode()
    client.post(invitation)
    assert campaign.players.filter(user__username="newbie").exists()


def test_the_sign_up_page_keeps_the_invitation_on_its_log_in_link(client, campaign):
    """A player who finds they have an account after all goes back to log in, still invited."""
    invitation = reverse("campaigns:join_link", args=[campaign.invite_code])
    html = client.get(reverse("signup"), {"next": invitation}).content.decode()

    login = link_to(html, "Log in")
    assert path_and_next(login) == (reverse("login"), invitation)
    response = client.post(login, {"username": "orga", "password": "pw-orga-1970"})
    assert response["Location"] == invitation


@pytest.mark.parametrize(
    "elsewhere",
    ["https://evil.example/", "//evil.example/", "https:evil.example", "javascript:alert(1)"],
)
def test_sign_up_never_sends_a_player_to_another_site(client, elsewhere):
    html = client.get(reverse("signup"), {"next": elsewhere}).content.decode()
    assert "evil.example" not in main_part(html) and "javascript:" not in main_part(html)
    assert path_and_next(link_to(html, "Log in")) == (reverse("login"), "")

    response = client.post(
        reverse("signup"),
        {"username": "newbie", "password1": PASSWORD, "password2": PASSWORD, "next": elsewhere},
    )

    assert response.status_code == 302
    assert response["Location"] == reverse("rosters:list")


def test_a_logged_in_player_sent_to_sign_up_goes_on_to_next(client, user, campaign):
    client.force_login(user)
    invitation = reverse("campaigns:join_link", args=[campaign.invite_code])

    response = client.get(reverse("signup"), {"next": invitation})

    assert response["Location"] == invitation


# --- 3. where a log-in and a sign-up land -----------------------------------------------------


def test_log_in_and_sign_up_both_land_on_my_squads(client, user):
    """Needs ``LOGIN_REDIRECT_URL = "rosters:list"`` in config/settings.py."""
    assert sign_up(client, reverse("signup"))["Location"] == reverse("rosters:list")

    client.logout()
    response = client.post(reverse("login"), {"username": "mint", "password": "pw-mint-1970"})

    assert response.status_code == 302
    assert response["Location"] == reverse("rosters:list")


# --- 4. the favicon ---------------------------------------------------------------------------


def test_every_page_links_the_favicon(client):
    html = client.get("/").content.decode()

    assert f'<link rel="icon" href="{static(FAVICON)}" type="image/svg+xml">' in html


def test_favicon_ico_leads_to_the_icon(client):
    """Needs ``path("favicon.ico", accounts_views.favicon)`` in config/urls.py."""
    response = client.get("/favicon.ico")

    assert response.status_code == 302
    assert response["Location"] == static(FAVICON)
    icon = finders.find(FAVICON)  # the test client serves no static files: the browser test
    assert icon and mimetypes.guess_type(icon)[0] == "image/svg+xml"
    assert Path(icon).read_text().startswith("<svg")


def test_the_content_security_policy_lets_the_icon_load(client):
    """The icon is an image of this site: ``img-src 'self'`` lets the browser fetch it."""
    policy = client.get("/")["Content-Security-Policy"]

    img_src = next(d for d in policy.split(";") if d.strip().startswith("img-src")).split()
    assert "'self'" in img_src
    assert static(FAVICON).startswith("/")  # same origin, not a data: or another host
