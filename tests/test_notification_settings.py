"""Each player turns the campaign e-mails on or off (``accounts.models.Notifications``): the
page under the account pages, ``/accounts/notifications/``."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.models import Notifications, recipients

pytestmark = pytest.mark.django_db


def test_every_mail_is_on_until_turned_off(client, user):
    user.email = "mint@example.com"
    user.save()
    assert set(recipients([user.pk], "pairings")) == {user.pk}
    client.force_login(user)
    page = client.get(reverse("notifications"))
    assert page.status_code == 200
    assert page.content.count(b"checked") == 3
    assert b"mint@example.com" in page.content
    answer = client.post(reverse("notifications"), {"reports": "on", "voided": "on"})
    assert answer.status_code == 302
    saved = Notifications.objects.get(user=user)
    assert (saved.reports, saved.pairings, saved.voided) == (True, False, True)
    assert recipients([user.pk], "pairings") == {}
    assert set(recipients([user.pk], "reports")) == {user.pk}
    assert client.get(reverse("notifications")).content.count(b"checked") == 2


def test_the_page_says_when_no_address_is_given(client, user):
    client.force_login(user)
    page = client.get(reverse("notifications"))
    assert reverse("profile").encode() in page.content
    assert b"no e-mail address" in page.content
    assert recipients([user.pk], "reports") == {}


def test_the_account_page_links_to_it(client, user):
    client.force_login(user)
    assert reverse("notifications").encode() in client.get(reverse("profile")).content


def test_a_visitor_is_sent_to_log_in(client):
    answer = client.get(reverse("notifications"))
    assert answer.status_code == 302 and "login" in answer["Location"]


def test_the_api_reads_and_writes_them(client, user):
    from rest_framework.authtoken.models import Token

    url = "/api/account/notifications/"
    assert client.get(url).status_code == 401
    auth = {"HTTP_AUTHORIZATION": f"Token {Token.objects.create(user=user).key}"}
    everything = {"reports": True, "pairings": True, "voided": True}
    assert client.get(url, **auth).json() == everything
    answer = client.patch(url, {"pairings": False}, content_type="application/json", **auth)
    assert answer.status_code == 200
    assert answer.json() == {**everything, "pairings": False}
    assert Notifications.objects.get(user=user).pairings is False
    answer = client.put(url, {"reports": False}, content_type="application/json", **auth)
    assert answer.status_code == 400 and "pairings" in answer.content.decode()
    answer = client.put(
        url, {**everything, "reports": False}, content_type="application/json", **auth
    )
    assert answer.json() == {**everything, "reports": False}
    answer = client.patch(url, {"mails": False}, content_type="application/json", **auth)
    assert answer.status_code == 400 and "mails" in answer.content.decode()
    answer = client.patch(url, {"voided": "no"}, content_type="application/json", **auth)
    assert answer.status_code == 400
