"""The quick-reference card on the web and in the API with a club's pack (issue #30, item 2):
``?pack=<id>`` of a pack the user may read, ``?campaign=<id>`` the version a campaign plays
with; cached by the pack version; without either, the card as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from campaigns import services as campaign_services
from rosters import services
from rosters.services.packs import latest
from tests.printing.conftest import pdf_text

PACKS = Path(__file__).resolve().parents[2] / "docs" / "packs"
URL = "/print/reference/necromunda.pdf"
FOOTNOTE = "from the pack Example club pack, version 1"
pytestmark = pytest.mark.django_db


def example_version(owner, system: str = "necromunda"):
    document = json.loads((PACKS / f"{system}.json").read_text())
    return latest(services.pack_import(owner=owner, document=document))


@pytest.fixture
def settings_unlimited(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "pdf": None}  # its count: its own queries
    return settings


def test_my_pack_prints_on_the_card_and_is_cached_by_its_version(
    user, client, settings_unlimited, django_assert_max_num_queries
):
    version = example_version(user)
    client.force_login(user)
    plain = client.get(URL)
    first = client.get(URL, {"pack": version.pack_id})
    assert first.status_code == 200 and plain.status_code == 200
    text = pdf_text(first.content)
    assert "†" in text and FOOTNOTE in text and "Stub gun" in text
    assert "†" not in pdf_text(plain.content)  # without a pack: the card as before

    with django_assert_max_num_queries(3):  # session, user, the pack's latest version
        again = client.get(URL, {"pack": version.pack_id})
    assert again.content == first.content

    services.pack_update(pack=version.pack, user=user, name="Thursday club")
    edited = client.get(URL, {"pack": version.pack_id})
    assert "from the pack Thursday club, version 2" in pdf_text(edited.content)


def test_another_s_pack_is_missing_unless_shared_and_another_game_s_is_refused(
    user, other_user, client, settings_unlimited
):
    theirs = example_version(other_user)
    client.force_login(user)
    assert client.get(URL, {"pack": theirs.pack_id}).status_code == 404
    shared = services.pack_share(pack=theirs.pack, user=other_user, shared=True)
    token = {"pack": shared.pk, "token": shared.share_token}
    assert client.get(URL, token).status_code == 200
    assert client.get(URL, {"pack": "x"}).status_code == 400
    mine = example_version(user, "bolt-action")
    refused = client.get(URL, {"pack": mine.pack_id})
    assert refused.status_code == 400 and "Bolt Action" in refused.content.decode()


def test_a_campaign_s_card_prints_its_pack_for_its_readers(
    user, other_user, organiser, client, settings_unlimited
):
    version = example_version(organiser)
    campaign = campaign_services.campaign_create(
        organiser=organiser, name="Underhive", system="necromunda", pack=version.pack
    )
    campaign_services.campaign_join(campaign=campaign, user=user)
    client.force_login(other_user)
    assert client.get(URL, {"campaign": campaign.pk}).status_code == 404  # not a reader
    client.force_login(user)
    response = client.get(URL, {"campaign": campaign.pk})
    assert response.status_code == 200 and FOOTNOTE in pdf_text(response.content)
    both = client.get(URL, {"campaign": campaign.pk, "pack": version.pack_id})
    assert both.status_code == 400


def test_the_api_card_takes_a_pack_and_documents_it(user, settings_unlimited):
    version = example_version(user)
    api = APIClient()
    url = "/api/systems/necromunda/reference/"
    assert api.get(url, {"pack": version.pack_id}).status_code == 404  # anonymous: not theirs
    api.force_authenticate(user)
    response = api.get(url, {"pack": version.pack_id})
    assert response.status_code == 200 and FOOTNOTE in pdf_text(response.content)
    wrong = api.get("/api/systems/bolt-action/reference/", {"pack": version.pack_id})
    assert wrong.status_code == 400

    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    parameters = schema["paths"]["/api/systems/{code}/reference/"]["get"]["parameters"]
    assert {"pack", "token", "campaign"} <= {p["name"] for p in parameters}


def test_the_pack_s_page_links_its_card_when_it_holds_weapons(user, client):
    version = example_version(user)
    black_sun = example_version(user, "black-sun")  # no weapon profiles
    client.force_login(user)
    page = client.get(f"/packs/{version.pack_id}/").content.decode()
    assert f'href="{URL}?pack={version.pack_id}"' in page
    other = client.get(f"/packs/{black_sun.pack_id}/").content.decode()
    assert "/print/reference/" not in other
