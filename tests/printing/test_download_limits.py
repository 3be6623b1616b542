"""The web PDF routes (stored squads, campaign reports, reference cards) are limited
(``RATE_LIMITS["pdf"]``, per user or, for anonymous visitors, per address), on the same
counter as the API's PDFs: over the limit, a 429 page (or the API's 429) instead of another
render."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

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


def test_the_reference_card_is_limited_like_the_other_pdfs(client):
    """Issue #28, item 22: 40 of 40 were rendered."""
    url = reverse("print:reference_card", args=["black-sun"])

    assert client.get(url).status_code == 200

    assert_limited(client.get(url))
    assert Client(REMOTE_ADDR="127.0.0.11").get(url).status_code == 200  # per address


def test_the_web_and_the_api_count_a_users_pdfs_together(client, user, other_user):
    """Issue #28, item 22: the web's and the API's counts were apart (30 + 30 a minute)."""
    squad = services.squad_import(owner=user, roster=parse_roster(squad_document()))
    client.force_login(user)
    api = APIClient()
    api.force_authenticate(user)

    assert client.get(reverse("print:squad_sheet", args=[squad.pk])).status_code == 200

    for url in (f"/api/squads/{squad.pk}/sheet/", "/api/systems/black-sun/reference/"):
        response = api.get(url)
        assert response.status_code == 429, url
        assert response.json()["errors"][0]["code"] == "throttled"
        assert 0 < int(response["Retry-After"]) <= 3600
    other = APIClient()
    other.force_authenticate(other_user)
    assert other.get("/api/systems/black-sun/reference/").status_code == 200


def test_an_api_download_counts_on_the_web_too(client, user):
    api = APIClient()
    api.force_authenticate(user)
    assert api.get("/api/systems/black-sun/reference/").status_code == 200
    client.force_login(user)

    assert_limited(client.get(reverse("print:reference_card", args=["black-sun"])))


def test_anonymous_pdfs_count_per_address_on_the_web_and_the_api():
    url = reverse("print:reference_card", args=["black-sun"])
    assert Client(REMOTE_ADDR="127.0.0.12").get(url).status_code == 200

    response = APIClient(REMOTE_ADDR="127.0.0.12").get("/api/systems/black-sun/reference/")

    assert response.status_code == 429
    assert (
        APIClient(REMOTE_ADDR="127.0.0.13").get("/api/systems/black-sun/reference/").status_code
        == 200
    )
