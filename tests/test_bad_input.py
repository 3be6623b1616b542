"""Ordinary bad input gets a located error, never a 500 (issue #10, items 5 and 6).

Each case here answered 500 before: integers longer than Python converts (4,300 digits) in
any JSON body, numbers and text no database column holds sent through the pages' forms,
house rules nested deeper than the JSON reader recurses.
"""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from campaigns import services as campaign_services
from rosters import services
from rosters.models import Ability, Member, Pack, Squad
from tests.campaigns.conftest import report
from tests.rosters.conftest import grunts_roster

pytestmark = pytest.mark.django_db

HUGE = "9" * 5000


@pytest.fixture(autouse=True)
def no_throttling(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_CLASSES": []}


def roster_text(points_limit: str) -> str:
    return (
        '{"format": "squad-roster/1", "system": "black-sun", "name": "A", '
        f'"faction": "us-army", "points_limit": {points_limit}, "members": []}}'
    )


# --- 5. huge integers in JSON ---------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    ["/api/squads/validate/", "/api/auth/token/"],
    ids=["validate-anonymous", "token-anonymous"],
)
def test_a_5000_digit_number_is_a_located_json_error(url):
    body = roster_text(HUGE) if "validate" in url else f'{{"username": {HUGE}, "password": "x"}}'

    response = APIClient().post(url, body, content_type="application/json")

    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    [error] = response.json()["errors"]
    assert error["code"] == "invalid-document"
    assert error["field"] in ("points_limit", "username")
    assert "number too large" in error["message"]


def test_a_huge_number_in_a_stored_squad_replacement_changes_nothing(user):
    squad = services.squad_import(owner=user, roster=grunts_roster(2))
    client = APIClient()
    client.force_authenticate(user)

    response = client.put(
        f"/api/squads/{squad.pk}/", roster_text(HUGE), content_type="application/json"
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "points_limit"
    assert Squad.objects.get(pk=squad.pk).version == squad.version


def test_an_imported_file_with_a_huge_number_says_where(user, client):
    client.force_login(user)

    response = client.post(reverse("rosters:import"), {"text": roster_text(HUGE)})

    assert response.status_code == 400
    assert "points_limit: number too large" in response.content.decode()


# --- 6. form input ----------------------------------------------------------------------------


@pytest.fixture
def squad(user):
    return services.squad_import(owner=user, roster=grunts_roster(2))


@pytest.fixture
def owner_client(client, user):
    client.force_login(user)
    return client


@pytest.mark.parametrize(
    "data, message",
    [
        ({"name": "x" * 101, "points_limit": "200"}, "A name has at most 100 characters."),
        ({"name": "Ok", "points_limit": "2147483648"}, "The points limit is a whole number"),
        ({"name": "Ok", "points_limit": "1" + "0" * 30}, "The points limit is a whole number"),
        ({"name": "Ok", "points_limit": "²"}, "points_limit must be a whole number."),
    ],
    ids=["long-name", "int32-overflow", "30-zeros", "superscript"],
)
def test_squad_settings_refuse_what_no_column_holds(owner_client, squad, data, message):
    url = reverse("rosters:edit", args=[squad.pk])

    response = owner_client.post(url, {"faction": "us-army", **data}, HTTP_HX_REQUEST="true")

    assert response.status_code == 200  # the builder's roster, with the error in it
    assert message in response.content.decode()
    stored = Squad.objects.get(pk=squad.pk)
    assert (stored.name, stored.points_limit, stored.version) == (
        squad.name, squad.points_limit, squad.version,
    )  # fmt: skip


def test_an_ability_detail_with_a_control_character_is_refused(owner_client, squad):
    """A stored ``vc\\x01x`` made the squad's own export unreadable (no round trip)."""
    boss = squad.members.get(name="Boss")
    url = reverse("rosters:ability_add", args=[squad.pk, boss.pk])

    for detail in ("vc\x01x", "vc\x00x"):
        response = owner_client.post(url, {"code": "hates-enemy", "detail": detail})
        assert response.status_code == 302

    assert not Ability.objects.filter(member=boss).exists()
    good = owner_client.post(url, {"code": "hates-enemy", "detail": "Charlie"})
    assert good.status_code == 302 and Ability.objects.filter(member=boss).count() == 1
    export = owner_client.get(reverse("rosters:export", args=[squad.pk]))
    assert json.loads(export.content)["members"][0]["name"] == "Boss"


@pytest.fixture
def player_client(client, campaign, user, make_squad_for):
    campaign_services.campaign_join(campaign=campaign, user=user)
    make_squad_for(user)
    client.force_login(user)
    return client


@pytest.mark.parametrize("squad", ["abc", "²", "1" + "0" * 30, ""])
def test_enrolling_a_squad_that_is_not_a_number_says_choose(player_client, campaign, squad):
    url = reverse("campaigns:enrol", args=[campaign.pk])

    response = player_client.post(url, {"squad": squad}, follow=True)

    assert response.status_code == 200
    assert "Choose one of your squads." in response.content.decode()
    assert not campaign.entries.exists()


@pytest.mark.parametrize("side", ["²", "1" + "0" * 30, "-1", "x"])
def test_a_report_screen_with_a_side_that_is_not_a_squad_asks_again(player_client, campaign, side):
    url = reverse("campaigns:battle_new", args=[campaign.pk])

    response = player_client.get(url, {"side": [side, side]})

    assert response.status_code == 200
    assert "Choose at least two squads." in response.content.decode()


@pytest.mark.parametrize(
    "reputation, message",
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"took-part": ' + HUGE + "}", "number too large"),
        ('{"took-part": 1, "took-part": 2}', "appears twice"),
    ],
    ids=["deep", "huge-number", "duplicate-key"],
)
def test_a_pack_file_the_json_reader_cannot_take_is_a_form_error(
    client, organiser, reputation, message
):
    """A campaign's house rules are its pack's tables (issue #30): JSON reaches the site only
    as a pack file, read by the documents' strict reader."""
    client.force_login(organiser)
    text = ('{"format": "game-pack/1", "system": "black-sun", "name": "x", "version": "1", '
            '"tables": {"reputation": ' + reputation + "}}")  # fmt: skip

    response = client.post(
        reverse("packs:import"), {"file": SimpleUploadedFile("pack.json", text.encode())}
    )

    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Pack.objects.exists()


def test_a_report_with_a_nul_in_its_idempotency_key_is_a_form_error(
    client, campaign, enrolled, user
):
    us, vc = enrolled
    client.force_login(user)
    url = reverse("campaigns:battle_new", args=[campaign.pk])
    data = {"side": [us.pk, vc.pk], "scenario": "x", "idempotency_key": "a\x00b",
            "s0-outcome": "full", "s1-outcome": "failed"}  # fmt: skip

    response = client.post(url, data)

    assert response.status_code == 400
    assert "idempotency key is at most 100 printable characters" in response.content.decode()
    assert not campaign.battles.exists()


def test_the_service_refuses_a_nul_in_an_idempotency_key(campaign, enrolled, user):
    us, vc = enrolled
    with pytest.raises(campaign_services.ServiceError) as refused:
        campaign_services.battle_submit(
            campaign=campaign, user=user, document=report(us, vc), idempotency_key="k\x00"
        )
    assert refused.value.field == "Idempotency-Key"


def test_a_model_count_with_thirty_zeros_is_refused(owner_client, squad):
    boss = squad.members.get(name="Boss")
    url = reverse("rosters:equipment_add", args=[squad.pk, boss.pk])

    response = owner_client.post(url, {"item": "pistol", "count": "1" + "0" * 30})

    assert response.status_code == 302
    assert not Member.objects.get(pk=boss.pk).equipment.filter(item="pistol", count__gt=99)
