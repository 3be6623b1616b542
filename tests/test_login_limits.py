"""Brute-force limits on the web log-in, the admin log-in and sign-up; whose address counts.

Failed log-ins count per client address and per account (the account's limit higher), in
the shared cache; over a limit the answer is a 429 page that says why and when to retry.
"""

from __future__ import annotations

import re
from unittest.mock import patch

import pytest
from django.test import Client, RequestFactory
from django.urls import reverse

pytestmark = pytest.mark.django_db

LIMITS = {"login-ip": "3/h", "login-account": "5/h", "signup": "2/h", "pdf": None}
PASSWORD = "pw-mint-1970"  # the user fixture's


@pytest.fixture(autouse=True)
def small_limits(settings):
    settings.RATE_LIMITS = LIMITS
    settings.TRUSTED_PROXY_COUNT = 0
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def log_in(password: str, *, ip: str = "127.0.0.10", url: str = "/accounts/login/", **meta):
    """One log-in from a fresh browser at ``ip`` (REMOTE_ADDR)."""
    return Client().post(url, {"username": "mint", "password": password}, REMOTE_ADDR=ip, **meta)


def assert_log_ins_paused(response):
    assert response.status_code == 429
    assert 0 < int(response["Retry-After"]) <= 3600
    text = response.content.decode()
    assert "Too many failed log-ins from your network or for this account" in text
    assert "Please try again in" in text


def test_wrong_passwords_on_the_web_log_in_are_limited_with_a_429(user):
    for _ in range(3):
        response = log_in("guess")
        assert response.status_code == 200  # the form again, with its error
        assert "Please enter a correct username and password" in response.content.decode()

    # over the limit, even the right password is not tried from this address
    assert_log_ins_paused(log_in(PASSWORD))


def test_the_admin_log_in_is_limited_too(user):
    for _ in range(3):
        assert log_in("guess", url="/admin/login/").status_code == 200

    assert_log_ins_paused(log_in("guess", url="/admin/login/"))


def test_successful_log_ins_do_not_count(user):
    for _ in range(5):
        assert log_in(PASSWORD).status_code == 302

    assert log_in("guess").status_code == 200


def test_a_spoofed_forwarded_for_does_not_make_a_new_client(user):
    for n in range(3):
        log_in("guess", HTTP_X_FORWARDED_FOR=f"127.0.1.{n}")

    assert_log_ins_paused(log_in("guess", HTTP_X_FORWARDED_FOR="127.0.1.99"))


def test_one_address_cannot_lock_a_real_user_out(user):
    for _ in range(3):
        log_in("guess", ip="127.0.0.66")
    assert_log_ins_paused(log_in("guess", ip="127.0.0.66"))

    assert log_in(PASSWORD, ip="127.0.0.10").status_code == 302


def assert_account_paused(response):
    """The account's limit: its owner is told how to get in at once."""
    assert response.status_code == 429
    assert 0 < int(response["Retry-After"]) <= 3600
    text = response.content.decode()
    assert "Too many failed log-ins for this account" in text
    assert "If it is yours and has an e-mail address, reset your password" in text
    assert f'<a href="{reverse("password_reset")}">Reset your password</a>' in text


def test_an_account_is_limited_across_addresses(user, other_user):
    for n in range(5):  # each address stays under its own limit
        assert log_in("guess", ip=f"127.0.0.{20 + n}").status_code == 200

    assert_account_paused(log_in(PASSWORD, ip="127.0.0.40"))
    # another account from a fresh address is not concerned
    other = Client().post(
        "/accounts/login/",
        {"username": "charlie", "password": "pw-charlie-1970"},
        REMOTE_ADDR="127.0.0.41",
    )
    assert other.status_code == 302


def test_a_password_reset_lets_the_owner_of_a_locked_account_in_at_once(user, mailoutbox):
    """Issue #28, item 23: 100 failures from 100 addresses kept the owner's right password
    out for up to an hour. The account's limit stays; a reset through its e-mail ends it."""
    user.email = "mint@example.com"
    user.save()
    for n in range(6):  # others' guesses, each address under its own limit
        log_in("guess", ip=f"127.0.0.{20 + n}")
    assert_account_paused(log_in(PASSWORD, ip="127.0.0.40"))

    owner = Client(REMOTE_ADDR="127.0.0.40")
    assert owner.post(reverse("password_reset"), {"email": user.email}).status_code == 302
    [mail] = mailoutbox
    link = re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", mail.body).group(1)
    form = owner.get(link)["Location"]
    new = {"new_password1": "pw-mint-2026!", "new_password2": "pw-mint-2026!"}
    assert owner.post(form, new).status_code == 302

    assert log_in("pw-mint-2026!", ip="127.0.0.40").status_code == 302
    # the limit still holds for the guessers: it counts afresh
    for n in range(5):
        assert log_in("guess", ip=f"127.0.0.{50 + n}").status_code == 200
    assert_account_paused(log_in("guess", ip="127.0.0.60"))


def test_an_address_over_its_limit_is_not_told_to_reset(user):
    for _ in range(3):
        log_in("guess")

    response = log_in(PASSWORD)

    assert_log_ins_paused(response)
    assert "reset your password" not in response.content.decode()


# --- password reset requests (issue #28, item 22) -------------------------------------------


def ask_reset(email: str, ip: str = "127.0.0.10"):
    return Client().post(reverse("password_reset"), {"email": email}, REMOTE_ADDR=ip)


def test_password_reset_mails_are_limited_per_email_address(settings, user, mailoutbox):
    settings.RATE_LIMITS = {**LIMITS, "password-reset-email": "2/h"}
    user.email = "mint@example.com"
    user.save()
    for n in range(2):
        assert ask_reset("mint@example.com", ip=f"127.0.0.{20 + n}").status_code == 302

    response = ask_reset("Mint@Example.com ", ip="127.0.0.30")  # another address, same mail

    assert response.status_code == 429
    assert "Too many requests: please wait" in response.content.decode()
    assert 0 < int(response["Retry-After"]) <= 3600
    assert len(mailoutbox) == 2
    assert ask_reset("other@example.com", ip="127.0.0.30").status_code == 302  # not this one
    assert Client().get(reverse("password_reset"), REMOTE_ADDR="127.0.0.30").status_code == 200


def test_password_reset_requests_are_limited_per_address(settings, user, mailoutbox):
    settings.RATE_LIMITS = {**LIMITS, "password-reset-ip": "3/h"}
    user.email = "mint@example.com"
    user.save()
    for n in range(3):
        assert ask_reset(f"someone{n}@example.com").status_code == 302

    assert ask_reset("mint@example.com").status_code == 429
    assert mailoutbox == []
    assert ask_reset("mint@example.com", ip="127.0.0.11").status_code == 302
    assert len(mailoutbox) == 1


def test_the_settings_limit_password_resets():
    from config.settings import RATE_LIMITS

    assert RATE_LIMITS["password-reset-ip"] == "10/h"
    assert RATE_LIMITS["password-reset-email"] == "3/h"


def test_behind_a_trusted_proxy_the_address_it_saw_counts(settings, user):
    settings.TRUSTED_PROXY_COUNT = 1
    proxy = {"ip": "127.0.0.1"}
    for n in range(3):  # the client writes the left part, the proxy appends what it saw
        log_in("guess", HTTP_X_FORWARDED_FOR=f"127.0.1.{n}, 127.0.0.66", **proxy)

    assert_log_ins_paused(log_in("guess", HTTP_X_FORWARDED_FOR="127.0.0.66", **proxy))
    assert log_in(PASSWORD, HTTP_X_FORWARDED_FOR="127.0.0.10", **proxy).status_code == 302


def test_sign_up_is_limited_per_address():
    def sign_up(n):
        body = {"username": f"new{n}", "password1": "pw-new-1970!", "password2": "pw-new-1970!"}
        return Client().post(reverse("signup"), body, REMOTE_ADDR="127.0.0.10")

    assert sign_up(1).status_code == 302
    assert sign_up(2).status_code == 302

    response = sign_up(3)

    assert response.status_code == 429
    assert "Too many requests: please wait" in response.content.decode()
    assert int(response["Retry-After"]) > 0
    assert Client().get(reverse("signup"), REMOTE_ADDR="127.0.0.10").status_code == 200


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (0, "127.0.1.1", "127.0.0.5"),  # never read without a proxy of ours
        (1, None, "127.0.0.5"),
        (1, "127.0.1.1", "127.0.1.1"),
        (1, "127.0.1.9, 127.0.1.1", "127.0.1.1"),  # the left part is the client's to write
        (2, "127.0.1.9, 127.0.1.2, 127.0.1.1", "127.0.1.2"),
        (2, "127.0.1.1", "127.0.1.1"),  # fewer addresses than proxies: the first
        (1, "not an address", "127.0.0.5"),
        (1, " ::1 ", "::1"),
    ],
)
def test_the_client_address(settings, proxies, forwarded, expected):
    from core.limits import client_ip

    settings.TRUSTED_PROXY_COUNT = proxies
    meta = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded else {}
    request = RequestFactory().get("/", REMOTE_ADDR="127.0.0.5", **meta)

    assert client_ip(request) == expected


def test_tries_in_flight_together_count_before_their_passwords_are_checked(user):
    """Guesses sent at once must not all pass the check while the first is still hashing
    its password: each counts when it starts. Here, while the first try's password is being
    checked, three more tries from the same address come in; with a limit of 3, two are
    checked and the third is refused unchecked."""
    from django.contrib.auth import authenticate
    from django.contrib.auth.models import User

    checked: list[str] = []
    inner: list[str] = []
    real_check = User.check_password

    def check_password(self, raw_password):
        checked.append(raw_password)
        if raw_password == "first":
            for n in range(3):
                request = RequestFactory().post("/accounts/login/", REMOTE_ADDR="127.0.0.10")
                authenticate(request, username="mint", password=f"inner-{n}")
                inner.append("refused" if hasattr(request, "login_blocked") else "checked")
        return real_check(self, raw_password)

    request = RequestFactory().post("/accounts/login/", REMOTE_ADDR="127.0.0.10")
    with patch.object(User, "check_password", check_password):
        assert authenticate(request, username="mint", password="first") is None

    assert inner == ["checked", "checked", "refused"]
    assert checked == ["first", "inner-0", "inner-1"]
    # and the account's right password, once the window is spent, is refused too
    refused = RequestFactory().post("/", REMOTE_ADDR="127.0.0.10")
    assert authenticate(refused, username="mint", password=PASSWORD) is None
    assert refused.login_blocked > 0


def test_a_right_password_gives_its_reservation_back(user):
    from django.contrib.auth import authenticate

    for _ in range(10):
        request = RequestFactory().post("/accounts/login/", REMOTE_ADDR="127.0.0.10")
        assert authenticate(request, username="mint", password=PASSWORD) == user
    for n in range(3):
        request = RequestFactory().post("/accounts/login/", REMOTE_ADDR="127.0.0.10")
        assert authenticate(request, username="mint", password=f"guess-{n}") is None
    refused = RequestFactory().post("/", REMOTE_ADDR="127.0.0.10")
    assert authenticate(refused, username="mint", password="guess") is None
    assert refused.login_blocked > 0
