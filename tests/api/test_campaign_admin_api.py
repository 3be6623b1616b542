"""What an organiser does on the campaign pages, through the API (issue #17, part 1):
create a campaign, change its settings and house rules (checked by the game's own rules),
list the players and remove one. The same services as the pages, the same people allowed:
anyone with an account creates; only the organiser changes or removes (403 for the other
readers, 404 for whoever may not read the campaign, 401 without an account)."""

from __future__ import annotations

import pytest

from campaigns import services as campaign_services
from campaigns.models import Campaign, Entry, Player
from rosters.models import Squad
from rules import systems
from tests.api.conftest import battle_report, errors, token_client

pytestmark = pytest.mark.django_db

CAMPAIGN_GAMES = [game for game in systems() if game.campaign is not None]


@pytest.fixture
def organiser_api(organiser):
    return token_client(organiser)


def a_number_to_change(game) -> tuple[str, str, int]:
    """(table, key, default) of the first whole number of the game's house-rule tables."""
    for table, default in game.campaign.default_house_rules().items():
        if isinstance(default, dict):
            for key, value in default.items():
                if type(value) is int:
                    return table, key, value
    raise AssertionError("every campaign game has a table of numbers")


# --- create ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", CAMPAIGN_GAMES, ids=lambda game: game.code)
def test_anyone_with_an_account_creates_a_campaign_of_any_campaign_game(owner_api, user, game):
    response = owner_api.post(
        "/api/campaigns/", {"name": " Night raid ", "system": game.code}, format="json"
    )

    assert response.status_code == 201, response.content
    body = response.json()
    campaign = Campaign.objects.get(pk=body["id"])
    assert response["Location"] == f"http://testserver/api/campaigns/{campaign.pk}/"
    assert (campaign.name, campaign.system, campaign.organiser) == ("Night raid", game.code, user)
    assert campaign.points_limit == game.default_points_limit  # the game's usual one
    assert body["is_organiser"] is True and body["invite_code"] == campaign.invite_code
    assert Player.objects.filter(campaign=campaign, user=user).exists()  # its first player


def test_a_campaign_takes_its_settings_at_creation(owner_api):
    game = CAMPAIGN_GAMES[0]
    response = owner_api.post("/api/campaigns/", {
        "name": "Open league", "system": game.code, "description": "Every Friday",
        "is_public": True, "apply_at_once": True, "require_valid_squads": True,
    }, format="json")  # fmt: skip

    assert response.status_code == 201
    campaign = Campaign.objects.get(pk=response.json()["id"])
    assert campaign.description == "Every Friday"
    assert campaign.is_public and campaign.apply_at_once and campaign.require_valid_squads


def test_creating_refuses_what_the_page_refuses(owner_api):
    blank = owner_api.post("/api/campaigns/", {"name": "  "}, format="json")
    game = owner_api.post("/api/campaigns/", {"name": "X", "system": "no-such"}, format="json")
    typo = owner_api.post("/api/campaigns/", {"name": "X", "pubic": True}, format="json")

    assert blank.status_code == 400 and errors(blank)[0]["field"] == "name"
    assert game.status_code == 400 and errors(game)[0]["field"] == "system"
    assert typo.status_code == 400 and errors(typo)[0]["code"] == "unknown-key"
    assert not Campaign.objects.exists()


def test_creating_takes_an_account(anon_api):
    response = anon_api.post("/api/campaigns/", {"name": "X"}, format="json")

    assert response.status_code == 401
    assert not Campaign.objects.exists()


# --- settings and house rules ---------------------------------------------------------------


def test_the_organiser_changes_the_settings(organiser_api, campaign):
    response = organiser_api.patch(
        f"/api/campaigns/{campaign.pk}/",
        {"name": "Delta, second season", "is_public": True, "description": "New rules"},
        format="json",
    )

    assert response.status_code == 200, response.content
    campaign.refresh_from_db()
    assert (campaign.name, campaign.is_public, campaign.description) == (
        "Delta, second season", True, "New rules",
    )  # fmt: skip
    assert response.json()["name"] == "Delta, second season"


def test_a_new_points_limit_reaches_every_campaign_squad(organiser_api, campaign, enrolled):
    response = organiser_api.patch(
        f"/api/campaigns/{campaign.pk}/", {"points_limit": 250}, format="json"
    )

    assert response.status_code == 200
    limits = set(Squad.objects.filter(campaign_entry__campaign=campaign)
                 .values_list("points_limit", flat=True))  # fmt: skip
    assert limits == {250}


def test_house_rules_are_checked_by_the_game(organiser_api, campaign):
    game = next(g for g in CAMPAIGN_GAMES if g.code == campaign.system)
    table, key, default = a_number_to_change(game)
    url = f"/api/campaigns/{campaign.pk}/"

    changed = organiser_api.patch(url, {"house_rules": {table: {key: default + 1}}}, format="json")
    wrong = organiser_api.patch(url, {"house_rules": {table: {key: "many"}}}, format="json")
    unknown = organiser_api.patch(url, {"house_rules": {"no-such-table": {}}}, format="json")
    not_an_object = organiser_api.patch(url, {"house_rules": [1]}, format="json")

    stored = {table: {**game.campaign.default_house_rules()[table], key: default + 1}}
    assert changed.status_code == 200, changed.content
    assert changed.json()["house_rules"] == stored  # whole, as the settings page stores it
    assert wrong.status_code == 422 and errors(wrong)[0]["field"] == f"house_rules.{table}.{key}"
    assert unknown.status_code == 422  # the campaign's game's tables: no schema knows them
    assert errors(unknown)[0]["field"] == "house_rules.no-such-table"
    assert not_an_object.status_code == 400 and errors(not_an_object)[0]["field"] == "house_rules"
    campaign.refresh_from_db()
    assert campaign.house_rules == stored  # the refused left it so
    back = organiser_api.patch(url, {"house_rules": {table: None}}, format="json")
    assert back.status_code == 200 and back.json()["house_rules"] == {}


def test_only_the_organiser_changes_the_settings(
    campaign, enrolled, owner_api, anon_api, django_user_model
):
    outsider = token_client(django_user_model.objects.create_user("outsider", password="x"))
    url = f"/api/campaigns/{campaign.pk}/"
    body = {"name": "Mine now"}

    assert owner_api.patch(url, body, format="json").status_code == 403  # a player
    assert outsider.patch(url, body, format="json").status_code == 404  # may not read it
    assert anon_api.patch(url, body, format="json").status_code == 401
    campaign.refresh_from_db()
    assert campaign.name == "Mekong Delta 1968"


# --- players --------------------------------------------------------------------------------


def test_the_organiser_lists_the_players_with_their_squads(
    organiser_api, campaign, enrolled, organiser, user, django_assert_max_num_queries
):
    with django_assert_max_num_queries(4):
        response = organiser_api.get(f"/api/campaigns/{campaign.pk}/players/")

    assert response.status_code == 200, response.content
    rows = response.json()
    players = list(Player.objects.filter(campaign=campaign).order_by("joined", "pk"))
    assert [row["id"] for row in rows] == [p.pk for p in players]
    by_name = {row["username"]: row for row in rows}
    assert by_name[organiser.username]["is_organiser"] is True
    assert by_name[user.username]["squads"] == [
        {"squad_id": enrolled[0].squad_id, "name": enrolled[0].squad.name}
    ]


def test_only_the_organiser_lists_the_players(campaign, enrolled, owner_api, anon_api):
    url = f"/api/campaigns/{campaign.pk}/players/"

    assert owner_api.get(url).status_code == 403
    assert anon_api.get(url).status_code == 401


def test_the_organiser_removes_a_player_whose_squads_are_withdrawn(
    organiser_api, campaign, enrolled, user
):
    player = Player.objects.get(campaign=campaign, user=user)

    response = organiser_api.delete(f"/api/campaigns/{campaign.pk}/players/{player.pk}/")

    assert response.status_code == 200, response.content
    assert response.json() == {
        "username": user.username, "withdrawn": [enrolled[0].squad.name], "pending": 0,
    }  # fmt: skip
    assert not Player.objects.filter(pk=player.pk).exists()
    assert Entry.objects.get(pk=enrolled[0].pk).withdrawn is not None


def test_removing_a_player_is_the_organiser_s_alone(
    organiser_api, owner_api, campaign, enrolled, organiser, other_user
):
    other = Player.objects.get(campaign=campaign, user=other_user)
    own = Player.objects.get(campaign=campaign, user=organiser)
    url = f"/api/campaigns/{campaign.pk}/players/"

    by_player = owner_api.delete(f"{url}{other.pk}/")
    themselves = organiser_api.delete(f"{url}{own.pk}/")
    nobody = organiser_api.delete(f"{url}999999/")

    assert by_player.status_code == 403 and errors(by_player)
    assert themselves.status_code == 409 and errors(themselves)[0]["field"] == "player"
    assert nobody.status_code == 404
    assert Player.objects.filter(pk__in=[other.pk, own.pk]).count() == 2


# --- reports waiting for a decision ---------------------------------------------------------


def test_the_reports_waiting_for_you_are_those_the_badge_counts(
    campaign, enrolled, organiser_api, owner_api, other_api, other_user,
    django_assert_max_num_queries,
):  # fmt: skip
    us, them = enrolled
    sent = campaign_services.battle_submit(
        campaign=campaign, user=other_user, document=battle_report(them, us)
    ).battle

    with django_assert_max_num_queries(4):
        response = owner_api.get("/api/campaigns/waiting/")

    assert response.status_code == 200, response.content
    [row] = response.json()
    assert (row["campaign_id"], row["campaign"], row["number"]) == (
        campaign.pk, campaign.name, sent.number,
    )  # fmt: skip
    assert [side["squad_id"] for side in row["sides"]] == [them.squad_id, us.squad_id]
    assert [r["number"] for r in organiser_api.get("/api/campaigns/waiting/").json()] == [
        sent.number
    ]
    assert other_api.get("/api/campaigns/waiting/").json() == []  # they sent it


def test_the_reports_waiting_take_an_account(anon_api):
    assert anon_api.get("/api/campaigns/waiting/").status_code == 401
