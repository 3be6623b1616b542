"""A whole campaign night through the API alone, for Bolt Action (issue #31, "Done when"):
the organiser makes the campaign, four players join it by its code and enrol the game's
demo force, each through the API; round 1 is opened at random (the answer names its
pairings and its bye), crews and a scenario are set, each battle is reported with its
``round`` and a side's ``crew`` and confirmed; rounds 2 and 3 are opened by the standings.
Over three rounds of five squads the byes go to three different squads (no second bye
before everybody had one), nobody meets twice, a report naming a crew records history for
that crew alone, a crew sheet downloads and the campaign book (printed by the task worker:
the tests' immediate backend) names every round's scenario."""

from __future__ import annotations

import pytest

from rules import get_system
from rules.documents.roster import roster_to_document
from tests.api.conftest import token_client
from tests.printing.conftest import pdf_text

pytestmark = pytest.mark.django_db

BA = "bolt-action"
SCENARIOS = {1: "Hold the <bridge>", 2: "Night raid", 3: "Breakout"}


def force_document(name: str) -> dict:
    """The game's demo force under another name, as a player imports it."""
    document = roster_to_document(get_system(BA).demo()[0])
    return {**document, "name": name}


@pytest.fixture
def night(organiser, django_user_model):
    """The campaign and five squads, one per player (the organiser's among them), made
    through the API: ``(campaign id, {squad_id: (client, username)}, organiser's client)``."""
    organiser_api = token_client(organiser)
    made = organiser_api.post("/api/campaigns/", {"name": "Normandy 44", "system": BA},
                              format="json")  # fmt: skip
    assert made.status_code == 201, made.json()
    campaign_id, code = made.json()["id"], made.json()["invite_code"]
    users = [organiser] + [
        django_user_model.objects.create_user(username=f"ba{i}", password="x") for i in range(1, 5)
    ]
    squads = {}
    for user in users:
        api = organiser_api if user == organiser else token_client(user)
        if user != organiser:
            joined = api.post("/api/campaigns/join/", {"code": code}, format="json")
            assert joined.status_code == 201, joined.json()
        imported = api.post("/api/squads/import/", force_document(f"Kampfgruppe {user.username}"),
                            format="json")  # fmt: skip
        assert imported.status_code == 201, imported.json()
        enrolled = api.post(f"/api/campaigns/{campaign_id}/enrol/",
                            {"squad_id": imported.json()["id"]}, format="json")  # fmt: skip
        assert enrolled.status_code == 201, enrolled.json()
        squads[enrolled.json()["squad_id"]] = (api, user.username)
    return campaign_id, squads, organiser_api


def units(api, campaign_id: int, squad_id: int) -> list[str]:
    squad = api.get(f"/api/campaigns/{campaign_id}/squads/{squad_id}/").json()
    return [unit["name"] for unit in squad["roster"]["units"]]


def after_the_battle(campaign_id: int, battle: int, players: dict) -> None:
    """Each side's aftermath through the API: what the confirmed battle asks of it. Bolt
    Action's pack tables hold no injuries or experience, and the game records nothing by hand
    after a battle (its losses are the report's): each player is asked nothing, no side
    waits."""
    url = f"/api/campaigns/{campaign_id}/battles/{battle}/aftermath/"
    for api in players.values():
        sides = api.get(url).json()["sides"]
        assert [(side["state"], side["dice"]) for side in sides] == [("none", [])] * 2, sides


def play_round(campaign_id, number, round_data, squads, organiser_api) -> dict[int, list[str]]:
    """Set the round's crews (each table's first squad takes two units) and scenarios, then
    report (the first squad wins) and confirm each battle: the crews by table."""
    base = f"/api/campaigns/{campaign_id}/rounds/{number}/"
    crews = {}
    for table in round_data["tables"]:
        first, second = (seat["squad_id"] for seat in table["squads"])
        api = squads[first][0]
        crew = units(api, campaign_id, first)[:2]
        chosen = api.post(base + "crew/", {"squad_id": first, "crew": crew}, format="json")
        assert chosen.status_code == 200, chosen.json()
        typed = organiser_api.post(base + "scenario/", {"table": table["table"],
                                   "scenario": SCENARIOS[number]}, format="json")  # fmt: skip
        assert typed.status_code == 200, typed.json()
        crews[table["table"]] = crew
    waiting = squads[first][0].get("/api/campaigns/waiting/tables/").json()
    assert [(t["round"], t["scenario"]) for t in waiting] == [(number, SCENARIOS[number])]
    for table in organiser_api.get(base).json()["tables"]:
        (first, first_crew), (second, _crew) = (
            (seat["squad_id"], seat["crew"]) for seat in table["squads"]
        )
        assert first_crew == crews[table["table"]]  # as chosen
        report = {
            "format": "battle-report/1", "system": BA, "scenario": table["scenario"],
            "round": number,
            "sides": [
                {"squad_id": first, "outcome": "win", "crew": first_crew, "casualties": [
                    {"unit": first_crew[0], "state": "casualties", "lost": 1, "pins": 1}]},
                {"squad_id": second, "outcome": "loss", "casualties": [
                    {"unit": "Scouts", "state": "destroyed"}]},
            ],
        }  # fmt: skip
        sent = squads[first][0].post(f"/api/campaigns/{campaign_id}/battles/", report,
                                     format="json")  # fmt: skip
        assert sent.status_code == 201, sent.json()
        battle = sent.json()["number"]
        confirmed = squads[second][0].post(
            f"/api/campaigns/{campaign_id}/battles/{battle}/confirm/"
        )
        assert confirmed.status_code == 200, confirmed.json()
        after_the_battle(campaign_id, battle, {first: squads[first][0], second: squads[second][0]})
        read = organiser_api.get(f"/api/campaigns/{campaign_id}/battles/{battle}/").json()
        ours = [h["text"] for h in read["history"] if h["squad_id"] == first]
        home = set(units(organiser_api, campaign_id, first)) - set(first_crew)
        assert any(first_crew[0] in text for text in ours), ours
        assert not any(name in text for text in ours for name in home), ours
    return crews


def test_three_rounds_of_five_bolt_action_forces_through_the_api(night):
    campaign_id, squads, organiser_api = night
    rounds = f"/api/campaigns/{campaign_id}/rounds/"
    byes, meetings = [], []
    for number, mode in ((1, "random"), (2, "standings"), (3, "standings")):
        opened = organiser_api.post(rounds, {"mode": mode, "seed": 11}, format="json")
        assert opened.status_code == 201, opened.json()
        round_data = opened.json()
        assert (round_data["number"], round_data["mode"]) == (number, mode)
        assert len(round_data["tables"]) == 2 and round_data["bye"] is not None
        seated = [s["squad_id"] for t in round_data["tables"] for s in t["squads"]]
        assert sorted([*seated, round_data["bye"]["squad_id"]]) == sorted(squads)
        byes.append(round_data["bye"]["squad_id"])
        meetings += [frozenset(s["squad_id"] for s in t["squads"]) for t in round_data["tables"]]
        published = organiser_api.post(f"{rounds}{number}/publish/")
        assert published.status_code == 200, published.json()
        crews = play_round(campaign_id, number, round_data, squads, organiser_api)
        closed = organiser_api.get(f"{rounds}{number}/").json()
        assert closed["status"] == "closed"  # every battle confirmed
        assert all(t["battle"]["status"] == "confirmed" for t in closed["tables"])

    assert len(set(byes)) == 3  # no second bye before everybody had one
    assert len(set(meetings)) == len(meetings) == 6  # no rematch

    # the crew sheet of a table of the last round, for its player
    table = closed["tables"][0]
    squad_id = table["squads"][0]["squad_id"]
    api = squads[squad_id][0]
    sheet = api.get(f"{rounds}3/crew-sheet/?squad_id={squad_id}")
    assert sheet.status_code == 200, sheet.content[:300]
    text = pdf_text(sheet.content)
    assert SCENARIOS[3] in text and all(name in text for name in crews[table["table"]])
    assert "Pak 40" not in text  # left at home

    # the book, printed by the worker (the tests run its tasks at once)
    book = organiser_api.get(f"/api/campaigns/{campaign_id}/book/")
    assert book.status_code == 200, book.content[:300]
    text = pdf_text(book.content)
    assert "Normandy 44" in text and "CAMPAIGN BOOK" in text
    assert all(scenario in text for scenario in SCENARIOS.values())  # "<bridge>" as text
    assert all(f"Kampfgruppe {name}" in text for _api, name in squads.values())
