"""Rounds and pairings through the API alone (issue #31): five squads, round 1 at random,
results reported and confirmed, round 2 by standings pairs no one twice, one bye each; the
refusals, each naming its place."""

from __future__ import annotations

import pytest

from campaigns.models import Pairing, Round, Seat, Withdrawal
from tests.api.conftest import battle_report, enrol_demo, errors, token_client

pytestmark = pytest.mark.django_db


def url(campaign, tail: str = "") -> str:
    return f"/api/campaigns/{campaign.pk}/{tail}"


@pytest.fixture
def five(campaign, organiser, django_user_model):
    """Five squads of five players (the organiser among them), alternating the two demo
    squads, each with its player's API client."""
    users = [organiser] + [
        django_user_model.objects.create_user(username=f"player{i}", password="x")
        for i in range(1, 5)
    ]
    entries = [enrol_demo(campaign, u, i % 2) for i, u in enumerate(users)]
    clients = {entry.squad_id: token_client(u) for entry, u in zip(entries, users, strict=True)}
    return entries, clients


@pytest.fixture
def organiser_api(organiser):
    return token_client(organiser)


def table_squads(round_data) -> list[tuple[int, int]]:
    return [tuple(s["squad_id"] for s in t["squads"]) for t in round_data["tables"]]


def play(campaign, round_data, entries, clients) -> None:
    """Each table reports its battle (the first squad wins) and the opponent confirms it."""
    by_squad = {e.squad_id: e for e in entries}
    for first, second in table_squads(round_data):
        document = battle_report(by_squad[first], by_squad[second])
        sent = clients[first].post(url(campaign, "battles/"), document, format="json")
        assert sent.status_code == 201, sent.json()
        number = sent.json()["number"]
        confirmed = clients[second].post(url(campaign, f"battles/{number}/confirm/"))
        assert confirmed.status_code == 200, confirmed.json()


def test_two_rounds_over_the_api_pair_no_one_twice(campaign, five, organiser_api):
    entries, clients = five
    opened = organiser_api.post(
        url(campaign, "rounds/"), {"mode": "random", "seed": 7}, format="json"
    )
    assert opened.status_code == 201, opened.json()
    first = opened.json()
    assert opened["Location"].endswith(url(campaign, "rounds/1/"))
    assert (first["number"], first["status"], first["mode"], first["seed"]) == (
        1,
        "draft",
        "random",
        7,
    )
    assert len(first["tables"]) == 2 and first["bye"] is not None
    seated = [s for t in table_squads(first) for s in t] + [first["bye"]["squad_id"]]
    assert sorted(seated) == sorted(e.squad_id for e in entries)

    published = organiser_api.post(url(campaign, "rounds/1/publish/"))
    assert published.json()["status"] == "published"
    play(campaign, first, entries, clients)
    after = organiser_api.get(url(campaign, "rounds/1/")).json()
    assert after["status"] == "closed"  # every battle confirmed: the round closed itself
    assert all(t["battle"]["status"] == "confirmed" for t in after["tables"])

    standings = organiser_api.get(url(campaign, "standings/")).json()
    rows = standings["results"] if isinstance(standings, dict) else standings
    bye_row = next(r for r in rows if r["squad_id"] == first["bye"]["squad_id"])
    assert (bye_row["byes"], bye_row["wins"], bye_row["battles"]) == (1, 1, 0)

    second = organiser_api.post(url(campaign, "rounds/"), {"mode": "standings"}, format="json")
    assert second.status_code == 201, second.json()
    second = second.json()
    met_before = {frozenset(pair) for pair in table_squads(first)}
    assert not met_before & {frozenset(pair) for pair in table_squads(second)}
    assert second["bye"]["squad_id"] != first["bye"]["squad_id"]
    assert not any(t["forced_rematch"] for t in second["tables"])
    listed = organiser_api.get(url(campaign, "rounds/")).json()
    assert [r["number"] for r in listed] == [2, 1]


def test_only_the_organiser_opens_a_round(campaign, five, owner_api, user, anon_api):
    entries, clients = five
    player = clients[entries[1].squad_id]
    refused = player.post(url(campaign, "rounds/"), {"mode": "random"}, format="json")
    assert refused.status_code == 403
    assert [(e["field"], e["message"]) for e in errors(refused)] == [
        ("round", "only the organiser runs the rounds")
    ]
    assert Round.objects.count() == 0
    assert anon_api.post(
        url(campaign, "rounds/"), {"mode": "random"}, format="json"
    ).status_code in (401, 403)


def test_a_player_cannot_publish_swap_withdraw_or_close(campaign, five, organiser_api):
    entries, clients = five
    organiser_api.post(url(campaign, "rounds/"), {"mode": "random", "seed": 1}, format="json")
    player = clients[entries[1].squad_id]
    for action, body in [
        ("publish", None),
        ("close", None),
        ("withdraw", {"squad_id": entries[2].squad_id}),
        ("swap", {"first": entries[1].squad_id, "second": entries[2].squad_id}),
    ]:
        response = player.post(url(campaign, f"rounds/1/{action}/"), body, format="json")
        assert response.status_code == 403, action
        assert errors(response)[0]["field"] == "round"
    assert Round.objects.get().status == "draft"


def test_a_withdrawn_squad_is_paired_no_more_and_cannot_be_swapped(campaign, five, organiser_api):
    entries, _clients = five
    organiser_api.post(url(campaign, "rounds/"), {"mode": "random", "seed": 3}, format="json")
    out = entries[4].squad_id
    withdrawn = organiser_api.post(
        url(campaign, "rounds/1/withdraw/"), {"squad_id": out}, format="json"
    )
    assert withdrawn.status_code == 200, withdrawn.json()
    body = withdrawn.json()
    assert [w["squad_id"] for w in body["withdrawn"]] == [out]
    assert len(body["tables"]) == 2 and body["bye"] is None  # four left: no bye
    assert out not in {s for t in table_squads(body) for s in t}

    swap = organiser_api.post(
        url(campaign, "rounds/1/swap/"),
        {"first": out, "second": entries[0].squad_id},
        format="json",
    )
    assert swap.status_code == 422
    assert [(e["field"], e["message"]) for e in errors(swap)] == [
        ("first", f"{entries[4].squad.name} is withdrawn from this round")
    ]
    again = organiser_api.post(
        url(campaign, "rounds/1/withdraw/"), {"squad_id": out}, format="json"
    )
    assert again.status_code == 422 and errors(again)[0]["field"] == "squad_id"
    assert Withdrawal.objects.count() == 1


def test_a_swap_before_publishing_and_none_after(campaign, five, organiser_api):
    entries, _clients = five
    opened = organiser_api.post(
        url(campaign, "rounds/"), {"mode": "random", "seed": 5}, format="json"
    ).json()
    (a, b), (c, d) = table_squads(opened)
    swapped = organiser_api.post(
        url(campaign, "rounds/1/swap/"), {"first": b, "second": c}, format="json"
    )
    assert swapped.status_code == 200, swapped.json()
    assert {frozenset(p) for p in table_squads(swapped.json())} == {
        frozenset((a, c)),
        frozenset((b, d)),
    }
    bye = opened["bye"]["squad_id"]
    moved = organiser_api.post(
        url(campaign, "rounds/1/swap/"), {"first": bye, "second": a}, format="json"
    ).json()
    assert moved["bye"]["squad_id"] == a

    organiser_api.post(url(campaign, "rounds/1/publish/"))
    late = organiser_api.post(
        url(campaign, "rounds/1/swap/"), {"first": b, "second": d}, format="json"
    )
    assert late.status_code == 409
    assert [(e["field"], e["code"]) for e in errors(late)] == [("round", "round-state")]
    assert organiser_api.post(url(campaign, "rounds/1/publish/")).status_code == 409


def test_the_next_round_waits_for_this_one_to_close(campaign, five, organiser_api):
    organiser_api.post(url(campaign, "rounds/"), {"mode": "random"}, format="json")
    early = organiser_api.post(url(campaign, "rounds/"), {"mode": "standings"}, format="json")
    assert early.status_code == 409 and errors(early)[0]["field"] == "round"
    assert organiser_api.post(url(campaign, "rounds/1/close/")).status_code == 409  # a draft
    organiser_api.post(url(campaign, "rounds/1/publish/"))
    closed = organiser_api.post(url(campaign, "rounds/1/close/"))
    assert closed.json()["status"] == "closed" and closed.json()["closed"]
    assert (
        organiser_api.post(
            url(campaign, "rounds/"), {"mode": "standings"}, format="json"
        ).status_code
        == 201
    )


def test_a_report_names_its_round(campaign, five, organiser_api):
    entries, clients = five
    opened = organiser_api.post(
        url(campaign, "rounds/"), {"mode": "random", "seed": 2}, format="json"
    ).json()
    by_squad = {e.squad_id: e for e in entries}
    (a, b), (c, _d) = table_squads(opened)
    document = {**battle_report(by_squad[a], by_squad[b]), "round": 1}
    draft = clients[a].post(url(campaign, "battles/"), document, format="json")
    assert draft.status_code == 422 and errors(draft)[0]["field"] == "round"  # not published
    organiser_api.post(url(campaign, "rounds/1/publish/"))
    wrong = {**battle_report(by_squad[a], by_squad[c]), "round": 1}
    refused = clients[a].post(url(campaign, "battles/"), wrong, format="json")
    assert refused.status_code == 422
    assert errors(refused)[0]["message"] == "these squads are not paired together in round 1"
    sent = clients[a].post(url(campaign, "battles/"), document, format="json")
    assert sent.status_code == 201, sent.json()
    pairing = Pairing.objects.get(battle__number=sent.json()["number"])
    assert {s.entry.squad_id for s in Seat.objects.filter(pairing=pairing)} == {a, b}
    twice = clients[a].post(url(campaign, "battles/"), document, format="json")
    assert twice.status_code == 422
    assert "has its battle already" in errors(twice)[0]["message"]
    # rejected: the table is free again for the report played again
    number = sent.json()["number"]
    clients[b].post(url(campaign, f"battles/{number}/reject/"))
    assert Pairing.objects.get(pk=pairing.pk).battle is None


def test_three_rounds_give_five_squads_three_byes_and_no_rematch(campaign, five, organiser_api):
    """Round 1 at random, rounds 2 and 3 by standings: every battle reported and confirmed,
    no two squads meet twice, and nobody sits out twice."""
    entries, clients = five
    met: set[frozenset] = set()
    byes = []
    for number, mode in ((1, "random"), (2, "standings"), (3, "standings")):
        opened = organiser_api.post(url(campaign, "rounds/"), {"mode": mode}, format="json")
        assert opened.status_code == 201, opened.json()
        round_data = opened.json()
        assert round_data["number"] == number
        pairs = {frozenset(pair) for pair in table_squads(round_data)}
        assert not pairs & met and len(pairs) == 2
        met |= pairs
        byes.append(round_data["bye"]["squad_id"])
        organiser_api.post(url(campaign, f"rounds/{number}/publish/"))
        play(campaign, round_data, entries, clients)
        assert organiser_api.get(url(campaign, f"rounds/{number}/")).json()["status"] == "closed"
    assert len(set(byes)) == 3
    rows = organiser_api.get(url(campaign, "standings/")).json()
    rows = rows["results"] if isinstance(rows, dict) else rows
    assert sorted(r["byes"] for r in rows) == [0, 0, 1, 1, 1]
    assert sum(r["battles"] for r in rows) == 2 * 6
