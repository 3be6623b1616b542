# ruff: noqa: F811 (the fixtures shared with another test module are imported)
"""Rounds paired by challenge through the API (issue #31, stage 3): each player proposes an
opponent for their squad, the organiser accepts or refuses; the accepted pairs sit at their
tables, the rest are paired by the standings; every refusal names its place."""

from __future__ import annotations

import pytest

from campaigns.models import Challenge, Round
from tests.api.conftest import errors
from tests.api.test_rounds_api import five, organiser_api, table_squads, url  # noqa: F401

pytestmark = pytest.mark.django_db


def open_challenge(campaign, organiser_api):
    opened = organiser_api.post(url(campaign, "rounds/"), {"mode": "challenge"}, format="json")
    assert opened.status_code == 201, opened.json()
    return opened.json()


def propose(campaign, clients, squad_id, opponent_id):
    return clients[squad_id].post(
        url(campaign, "rounds/1/challenge/"),
        {"squad_id": squad_id, "opponent_id": opponent_id}, format="json",
    )  # fmt: skip


def test_accepted_challenges_sit_together_and_the_rest_by_standings(
    campaign,
    five,
    organiser_api,
):
    entries, clients = five
    a, b, c, d, e = (entry.squad_id for entry in entries)
    first = open_challenge(campaign, organiser_api)
    assert (first["mode"], first["status"], first["challenges"]) == ("challenge", "draft", [])
    assert len(first["tables"]) == 2 and first["bye"] is not None  # paired by standings

    sent = propose(campaign, clients, a, e)
    assert sent.status_code == 200, sent.json()
    assert [(x["squad_id"], x["opponent_id"], x["status"]) for x in sent.json()["challenges"]] == [
        (a, e, "proposed")
    ]
    assert propose(campaign, clients, c, d).status_code == 200
    assert propose(campaign, clients, c, b).status_code == 200  # replaces its proposal
    assert Challenge.objects.filter(entry__squad_id=c).get().opponent.squad_id == b

    accepted = organiser_api.post(url(campaign, "rounds/1/accept/"), {"squad_id": a},
                                  format="json")  # fmt: skip
    assert accepted.status_code == 200, accepted.json()
    pairs = {frozenset(p) for p in table_squads(accepted.json())}
    assert frozenset((a, e)) in pairs
    seated = [s for p in table_squads(accepted.json()) for s in p]
    assert sorted([*seated, accepted.json()["bye"]["squad_id"]]) == sorted([a, b, c, d, e])
    assert accepted.json()["bye"]["squad_id"] not in (a, e)

    # the accepted challenge stands: its player cannot change it
    stands = propose(campaign, clients, a, b)
    assert stands.status_code == 409
    assert errors(stands)[0]["field"] == "squad_id"
    # a squad already in an accepted pair cannot be accepted into another
    assert propose(campaign, clients, d, e).status_code == 200
    taken = organiser_api.post(url(campaign, "rounds/1/accept/"), {"squad_id": d}, format="json")
    assert taken.status_code == 422
    assert errors(taken)[0]["field"] == "squad_id"
    assert "already plays an accepted challenge" in errors(taken)[0]["message"]

    refused = organiser_api.post(url(campaign, "rounds/1/refuse/"), {"squad_id": a},
                                 format="json")  # fmt: skip
    assert refused.status_code == 200
    statuses = {x["squad_id"]: x["status"] for x in refused.json()["challenges"]}
    assert statuses[a] == "refused"
    published = organiser_api.post(url(campaign, "rounds/1/publish/"))
    assert published.json()["status"] == "published"
    late = propose(campaign, clients, b, c)
    assert late.status_code == 409 and errors(late)[0]["field"] == "round"


def test_challenge_refusals_name_their_place(campaign, five, organiser_api):
    entries, clients = five
    a, b, c, _d, _e = (entry.squad_id for entry in entries)
    organiser_api.post(url(campaign, "rounds/"), {"mode": "standings"}, format="json")
    not_challenge = propose(campaign, clients, a, b)
    assert not_challenge.status_code == 409
    assert errors(not_challenge)[0]["field"] == "round"
    Round.objects.all().delete()  # the same campaign, now paired by challenge
    open_challenge(campaign, organiser_api)
    itself = propose(campaign, clients, a, a)
    assert itself.status_code == 422
    assert [(x["field"], x["message"]) for x in errors(itself)] == [
        ("opponent_id", "a squad cannot challenge itself")
    ]
    not_yours = clients[a].post(
        url(campaign, "rounds/1/challenge/"), {"squad_id": b, "opponent_id": c}, format="json"
    )
    assert not_yours.status_code == 403 and errors(not_yours)[0]["field"] == "squad_id"
    stranger = propose(campaign, clients, a, 10**9)
    assert stranger.status_code == 422 and errors(stranger)[0]["field"] == "opponent_id"
    nothing = organiser_api.post(url(campaign, "rounds/1/accept/"), {"squad_id": b},
                                 format="json")  # fmt: skip
    assert nothing.status_code == 422
    assert errors(nothing)[0]["field"] == "squad_id"
    assert "has proposed no opponent" in errors(nothing)[0]["message"]
    assert propose(campaign, clients, b, c).status_code == 200
    player = clients[c].post(url(campaign, "rounds/1/accept/"), {"squad_id": b}, format="json")
    assert player.status_code == 403 and errors(player)[0]["field"] == "round"


def test_a_withdrawn_squad_takes_its_challenges_with_it(campaign, five, organiser_api):
    entries, clients = five
    a, b, *_ = (entry.squad_id for entry in entries)
    open_challenge(campaign, organiser_api)
    propose(campaign, clients, a, b)
    organiser_api.post(url(campaign, "rounds/1/accept/"), {"squad_id": a}, format="json")
    out = organiser_api.post(url(campaign, "rounds/1/withdraw/"), {"squad_id": b}, format="json")
    assert out.status_code == 200
    assert out.json()["challenges"] == []
    assert len(out.json()["tables"]) == 2 and out.json()["bye"] is None
