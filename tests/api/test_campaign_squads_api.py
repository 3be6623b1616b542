"""A campaign squad as its campaign's readers see it, and a model's fate recorded by hand
after a battle (issue #17, part 1): the campaign squad page and the battle page's "after
the battle" form, through the API, for the same people."""

from __future__ import annotations

import pytest

from campaigns import services as campaign_services
from campaigns.models import HistoryEntry
from rosters import services
from rules import systems
from tests.api.conftest import battle_report, errors, token_client

pytestmark = pytest.mark.django_db


def test_a_campaign_squad_is_read_by_the_campaign_s_readers(
    campaign, enrolled, owner_api, other_api, anon_api, organiser, django_assert_max_num_queries
):
    us, _them = enrolled
    url = f"/api/campaigns/{campaign.pk}/squads/{us.squad_id}/"

    with django_assert_max_num_queries(9):
        response = other_api.get(url)  # another player reads it too, as on the page

    assert response.status_code == 200, response.content
    body = response.json()
    own = owner_api.get(f"/api/squads/{us.squad_id}/").json()
    assert body["roster"] == own["roster"]
    assert (body["squad_id"], body["player"], body["withdrawn"]) == (
        us.squad_id, us.player.username, None,
    )  # fmt: skip
    assert body["valid"] is True and body["violations"] == [] and body["battles"] == []
    assert body["limit"] == campaign.points_limit
    assert anon_api.get(url).status_code == 404  # a private campaign
    assert other_api.get(f"/api/campaigns/{campaign.pk}/squads/999999/").status_code == 404


def test_a_campaign_squad_lists_its_battles(campaign, enrolled, owner_api, other_user):
    us, them = enrolled
    battle = campaign_services.battle_submit(
        campaign=campaign, user=other_user, document=battle_report(us, them)
    ).battle

    body = owner_api.get(f"/api/campaigns/{campaign.pk}/squads/{us.squad_id}/").json()

    assert [(b["number"], b["status"], b["vp"]) for b in body["battles"]] == [
        (battle.number, "pending", None)
    ]


# --- after the battle -----------------------------------------------------------------------

GAME = next(g for g in systems() if g.campaign is not None and g.campaign.aftermath_kinds)


@pytest.fixture
def fought(organiser, user, other_user):
    """A campaign of the game that asks for a record by hand after a battle: the user's
    squad lost its first model in the worst state, and the battle is confirmed."""
    campaign = campaign_services.campaign_create(
        organiser=organiser, name="After", system=GAME.code
    )
    entries = []
    roster = GAME.demo()[0]
    for player in (user, other_user):
        campaign_services.campaign_join(campaign=campaign, user=player)
        squad = services.squad_import(owner=player, roster=roster)
        entries.append(campaign_services.enrol(campaign=campaign, user=player, squad=squad))
    hurt = entries[0].squad.members.order_by("position").first()
    document = {
        "format": "battle-report/1", "system": GAME.code,
        "sides": [
            {"squad_id": entries[0].squad_id, "outcome": GAME.outcomes[-1],
             "casualties": [{"member": hurt.name, "state": GAME.states[-1]}]},
            {"squad_id": entries[1].squad_id, "outcome": GAME.outcomes[0]},
        ],
    }  # fmt: skip
    sent = campaign_services.battle_submit(campaign=campaign, user=user, document=document)
    battle = campaign_services.battle_confirm(battle=sent.battle, user=other_user)
    assert campaign_services.aftermath_members(battle)  # the battle asks for a record
    return campaign, battle, hurt, entries


def a_record_change() -> dict:
    """A value of the first record key the game lets a player set after a battle."""
    key = next(k for k in GAME.campaign.aftermath_fields if k != "status")
    field = GAME.record_field(key)
    return {key: {field.choices[0]: 1} if field.kind == "adjustments" else 1}


def test_the_player_records_a_model_s_fate_after_the_battle(fought, owner_api):
    campaign, battle, hurt, _entries = fought
    url = f"/api/campaigns/{campaign.pk}/battles/{battle.number}/aftermath/{hurt.pk}/"
    record = a_record_change()

    response = owner_api.post(url, {"status": "recovering", "record": record}, format="json")

    assert response.status_code == 200, response.content
    hurt.refresh_from_db()
    assert hurt.status == "recovering"
    [(key, value)] = record.items()
    assert hurt.record[key] == value
    recorded = HistoryEntry.objects.filter(battle=battle, kind="recorded")
    assert {h.field for h in recorded} == {"status", key}
    assert {h["kind"] for h in response.json()["history"]} >= {"recorded"}


def test_a_fate_is_recorded_by_the_organiser_or_the_player_only(
    fought, other_api, organiser, django_user_model
):
    campaign, battle, hurt, entries = fought
    base = f"/api/campaigns/{campaign.pk}/battles/{battle.number}/aftermath/"
    unmarked = entries[0].squad.members.exclude(pk=hurt.pk).first()
    organiser_api = token_client(organiser)

    opponent = other_api.post(f"{base}{hurt.pk}/", {"status": "dead"}, format="json")
    nothing_asked = organiser_api.post(f"{base}{unmarked.pk}/", {"status": "dead"}, format="json")
    unknown_key = organiser_api.post(f"{base}{hurt.pk}/", {"stat": "dead"}, format="json")
    elsewhere = organiser_api.post(f"{base}999999/", {"status": "dead"}, format="json")

    assert opponent.status_code == 403 and errors(opponent)
    assert nothing_asked.status_code == 422 and errors(nothing_asked)[0]["field"] == "member"
    assert unknown_key.status_code == 400 and errors(unknown_key)[0]["code"] == "unknown-key"
    assert elsewhere.status_code == 404
    hurt.refresh_from_db()
    assert hurt.status == "active"


def test_no_fate_is_recorded_once_the_squad_fought_again(fought, owner_api, user):
    campaign, battle, hurt, entries = fought
    outcomes = (GAME.outcomes[-1], GAME.outcomes[0])  # a loss and a win
    document = {
        "format": "battle-report/1", "system": GAME.code,
        "sides": [{"squad_id": e.squad_id, "outcome": outcome}
                  for e, outcome in zip(entries, outcomes, strict=True)],
    }  # fmt: skip
    again = campaign_services.battle_submit(campaign=campaign, user=user, document=document)
    campaign_services.battle_confirm(battle=again.battle, user=campaign.organiser)
    url = f"/api/campaigns/{campaign.pk}/battles/{battle.number}/aftermath/{hurt.pk}/"

    response = owner_api.post(url, {"status": "dead"}, format="json")

    assert response.status_code == 409 and errors(response)[0]["code"] == "battle-state"
    hurt.refresh_from_db()
    assert hurt.status == "active"
