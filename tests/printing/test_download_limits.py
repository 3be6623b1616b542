"""The web PDF routes of stored squads and campaign reports are limited like the API's
(``RATE_LIMITS["pdf"]``, per user or, for anonymous visitors, per address): over the limit,
a 429 page instead of another render. The reference card is not: each process renders it
once per paper and language."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from rosters import services
from rules.documents import parse_roster
from tests.printing.conftest import squad_document

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def one_pdf_an_hour(settings):
    # An hour, not a minute: the counters use fixed windows, and two requests a second apart
    # on either side of a window's end would each be the first of theirs.
    settings.RATE_LIMITS = {**getattr(settings, "RATE_LIMITS", {}), "pdf": "1/h"}


def assert_limited(response):
    assert response.status_code == 429
    assert "Too many requests: please wait" in response.content.decode()
    assert 0 < int(response["Retry-After"]) <= 3600


def test_squad_sheets_and_cards_share_one_limit_per_user(client, user, other_user):
    squad = services.squad_import(owner=user, roster=parse_roster(squad_document()))
    client.force_login(user)

    assert client.get(reverse("print:squad_sheet", args=[squad.pk])).status_code == 200

    assert_limited(client.get(reverse("print:squad_cards", args=[squad.pk])))
    other = Client()
    other.force_login(other_user)
    mine = services.squad_import(owner=other_user, roster=parse_roster(squad_document()))
    assert other.get(reverse("print:squad_cards", args=[mine.pk])).status_code == 200


def test_public_downloads_are_limited_per_address(user):
    squad = services.squad_set_public(
        squad=services.squad_import(owner=user, roster=parse_roster(squad_document())),
        public=True,
    )
    url = reverse("print:shared_sheet", args=[squad.public_id])

    assert Client(REMOTE_ADDR="127.0.0.10").get(url).status_code == 200

    assert_limited(Client(REMOTE_ADDR="127.0.0.10").get(url, HTTP_X_FORWARDED_FOR="127.0.1.1"))
    assert Client(REMOTE_ADDR="127.0.0.11").get(url).status_code == 200


def test_the_campaign_report_is_limited(client, campaign, organiser):
    client.force_login(organiser)
    url = reverse("campaigns:report_pdf", args=[campaign.pk])

    assert client.get(url).status_code == 200

    assert_limited(client.get(url))


def test_no_limit_when_the_rate_is_none(settings, client, campaign, organiser):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "pdf": None}
    client.force_login(organiser)
    url = reverse("campaigns:report_pdf", args=[campaign.pk])

    assert [client.get(url).status_code for _ in range(3)] == [200, 200, 200]


def test_the_reference_card_is_not_limited(client):
    """Rendered once per paper and language in each process, then served from memory."""
    url = reverse("print:reference_card", args=["black-sun"])

    assert [client.get(url).status_code for _ in range(3)] == [200, 200, 200]
