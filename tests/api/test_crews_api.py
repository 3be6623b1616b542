# ruff: noqa: F811 (the fixtures shared with another test module are imported)
"""A battle's crew (issue #31, stage 3): a side of battle-report/1 may name the models (the
units) that took part; those left at home are not written into the history as having
fought and gain nothing; a name the squad lacks is refused at sides[i].crew[j]; a report
without crew is read as before (the whole squad)."""

from __future__ import annotations

import pytest

from campaigns.models import HistoryEntry
from rosters.models import Member
from rules import get_system
from tests.api.conftest import battle_report, errors
from tests.campaigns.test_unit_campaigns import war  # noqa: F401

pytestmark = pytest.mark.django_db


def names(entry) -> list[str]:
    return list(
        Member.objects.filter(squad_id=entry.squad_id, status="active")
        .order_by("position", "pk")
        .values_list("name", flat=True)
    )


def send(api, campaign, document):
    return api.post(f"/api/campaigns/{campaign.pk}/battles/", document, format="json")


def test_a_report_naming_a_crew_records_history_only_for_that_crew(
    campaign, enrolled, owner_api, other_api
):
    us, vc = enrolled
    crew = names(us)[:2]
    home = names(us)[2:]
    assert home  # the demo squad has more than two models
    document = battle_report(us, vc, sides=(
        {"crew": crew, "casualties": [{"member": crew[1], "state": "stunned"}]}, {},
    ))  # fmt: skip
    sent = send(owner_api, campaign, document)
    assert sent.status_code == 201, sent.json()
    number = sent.json()["number"]
    confirmed = other_api.post(f"/api/campaigns/{campaign.pk}/battles/{number}/confirm/")
    assert confirmed.status_code == 200, confirmed.json()
    ours = HistoryEntry.objects.filter(entry=us, member__isnull=False)
    fought = set(ours.values_list("member__name", flat=True))
    assert fought and fought <= set(crew)
    assert not fought & set(home)
    theirs = set(
        HistoryEntry.objects.filter(entry=vc, member__isnull=False)
        .values_list("member__name", flat=True)
    )  # fmt: skip
    assert theirs == set(names(vc))  # no crew: the whole squad fought, as before
    read = owner_api.get(f"/api/campaigns/{campaign.pk}/battles/{number}/").json()
    assert not any(name in h["text"] for h in read["history"] for name in home)


def test_a_crew_is_refused_where_it_is_wrong(campaign, enrolled, owner_api):
    us, vc = enrolled
    first, second, third, *_ = names(us)
    stranger = send(owner_api, campaign, battle_report(us, vc, sides=(
        {"crew": [first, "Nobody"]}, {})))  # fmt: skip
    assert stranger.status_code == 422, stranger.json()
    assert [(e["field"], e["message"]) for e in errors(stranger)] == [
        ("sides[0].crew[1]", f"no model or unit named 'Nobody' in {us.squad.name}")
    ]
    twice = send(owner_api, campaign, battle_report(us, vc, sides=({"crew": [first, first]}, {})))
    assert twice.status_code in (400, 422)
    assert errors(twice)[0]["field"] == "sides[0].crew[1]"
    at_home = send(
        owner_api,
        campaign,
        battle_report(
            us,
            vc,
            sides=(
                {"crew": [first, second], "casualties": [{"member": third, "state": "killed"}]},
                {},
            ),
        ),
    )
    assert at_home.status_code == 422, at_home.json()
    assert [(e["field"], e["message"]) for e in errors(at_home)] == [
        ("sides[0].casualties[0].member",
         f"{third!r} is not in this side's crew: it stayed at home")
    ]  # fmt: skip
    empty = send(owner_api, campaign, battle_report(us, vc, sides=({"crew": []}, {})))
    assert empty.status_code == 400 and errors(empty)[0]["field"] == "sides[0].crew"
    Member.objects.filter(squad_id=us.squad_id, name=second).update(status="dead")
    dead = send(owner_api, campaign, battle_report(us, vc, sides=({"crew": [second]}, {})))
    assert dead.status_code == 422
    assert errors(dead)[0]["field"] == "sides[0].crew[0]"
    assert "cannot take part" in errors(dead)[0]["message"]


def test_a_null_crew_is_the_whole_squad(campaign, enrolled, owner_api):
    us, vc = enrolled
    sent = send(owner_api, campaign, battle_report(us, vc, sides=({"crew": None}, {})))
    assert sent.status_code == 201, sent.json()


def test_the_schema_documents_the_crew(owner_api):
    schema = owner_api.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    side = next(
        c for name, c in schema["components"]["schemas"].items()
        if name.endswith("SideDocument") and "crew" in c["properties"]
    )  # fmt: skip
    assert side["properties"]["crew"]["minItems"] == 1


@pytest.mark.parametrize("war", ["bolt-action", "one-page-modern"], indirect=True)
def test_a_force_s_crew_is_its_units_and_those_left_out_gain_nothing(war, user, other_user):
    from rest_framework.test import APIClient

    campaign, (ours, theirs) = war
    units = [unit.name for unit in get_system(campaign.system).demo()[0].units]
    api = APIClient()
    api.force_authenticate(user)
    document = {
        "format": "battle-report/1", "system": campaign.system,
        "sides": [{"squad_id": ours.squad_id, "outcome": "win", "crew": units[:1]},
                  {"squad_id": theirs.squad_id, "outcome": "loss"}],
    }  # fmt: skip
    wrong = {**document, "sides": [
        {**document["sides"][0], "casualties": [{"unit": units[1], "lost": 1,
         **({"state": "casualties"} if campaign.system == "bolt-action" else {})}]},
        document["sides"][1],
    ]}  # fmt: skip
    refused = send(api, campaign, wrong)
    assert refused.status_code == 422
    assert errors(refused)[0]["field"] == "sides[0].casualties[0].unit"
    sent = send(api, campaign, document)
    assert sent.status_code == 201, sent.json()
    number = sent.json()["number"]
    api.force_authenticate(other_user)
    assert api.post(f"/api/campaigns/{campaign.pk}/battles/{number}/confirm/").status_code == 200
    texts = [h.params for h in HistoryEntry.objects.filter(entry=ours)]
    assert not any(name in str(texts) for name in units[1:])


def test_a_player_chooses_the_crew_for_their_table_over_the_api(campaign, enrolled, user):
    from campaigns import services
    from campaigns.models import Seat
    from tests.api.conftest import token_client

    us, vc = enrolled
    organiser = campaign.organiser
    round = services.round_open(campaign=campaign, by=organiser, mode="random", seed=1)
    services.round_publish(round=round, by=organiser)
    ours, theirs = token_client(us.player), token_client(vc.player)
    base = f"/api/campaigns/{campaign.pk}/rounds/1/crew/"
    crew = names(us)[:2]
    chosen = ours.post(base, {"squad_id": us.squad_id, "crew": crew}, format="json")
    assert chosen.status_code == 200, chosen.json()
    seats = {s["squad_id"]: s["crew"] for s in chosen.json()["tables"][0]["squads"]}
    assert seats == {us.squad_id: crew, vc.squad_id: None}
    wrong = ours.post(base, {"squad_id": us.squad_id, "crew": [crew[0], "Nobody"]}, format="json")
    assert wrong.status_code == 422
    assert [e["field"] for e in errors(wrong)] == ["crew[1]"]
    not_yours = theirs.post(base, {"squad_id": us.squad_id, "crew": None}, format="json")
    assert not_yours.status_code == 403 and errors(not_yours)[0]["field"] == "squad_id"
    whole = ours.post(base, {"squad_id": us.squad_id, "crew": None}, format="json")
    assert whole.status_code == 200
    assert Seat.objects.get(entry=us).crew is None
