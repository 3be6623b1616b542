"""The campaign endpoints: campaigns, enrolment, battle reports, standings, history, the PDF."""

from __future__ import annotations

import json

import pytest
from django.db import transaction

from campaigns import services as campaign_services
from campaigns.models import Battle, Entry, HistoryEntry
from campaigns.services import house_rules_write
from rosters.models import Member, Squad
from rules import get_system, systems
from tests.api.conftest import battle_report, document, enrol_demo, errors, token_client
from tests.printing.conftest import page_sizes, pdf_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser_api(organiser):
    return token_client(organiser)


def url(campaign, tail: str = "") -> str:
    return f"/api/campaigns/{campaign.pk}/{tail}"


def submit(client, campaign, document, key=None):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key is not None else {}
    return client.post(url(campaign, "battles/"), document, format="json", **headers)


def fields(response) -> list[tuple[str | None, str]]:
    return [(e["field"], e["code"]) for e in errors(response)]


# --- campaigns ------------------------------------------------------------------------------


def test_the_list_holds_what_you_organise_play_in_and_the_public_ones(
    owner_api, anon_api, user, organiser, django_user_model
):
    stranger = django_user_model.objects.create_user(username="stranger", password="x")
    playing = campaign_services.campaign_create(organiser=organiser, name="Playing")
    campaign_services.campaign_join(campaign=playing, user=user)
    campaign_services.campaign_create(organiser=user, name="Mine")
    public = campaign_services.campaign_create(organiser=stranger, name="Public", is_public=True)
    campaign_services.campaign_create(organiser=stranger, name="Private")

    names = [c["name"] for c in owner_api.get("/api/campaigns/").json()["results"]]
    anonymous = anon_api.get("/api/campaigns/").json()

    assert names == ["Mine", "Playing", "Public"]  # yours first, newest first
    assert [c["id"] for c in anonymous["results"]] == [public.pk]
    assert anonymous["results"][0] == {
        "id": public.pk, "name": "Public", "system": "black-sun", "organiser": "stranger",
        "points_limit": 200, "is_public": True, "created": anonymous["results"][0]["created"],
    }  # fmt: skip


def test_the_list_is_paged(owner_api, user):
    for i in range(3):
        campaign_services.campaign_create(organiser=user, name=f"Campaign {i}")

    first = owner_api.get("/api/campaigns/", {"page_size": 2}).json()
    second = owner_api.get(first["next"]).json()

    assert first["count"] == 3
    assert [c["name"] for c in first["results"] + second["results"]] == [
        "Campaign 2", "Campaign 1", "Campaign 0"
    ]  # fmt: skip
    assert owner_api.get("/api/campaigns/", {"page": 9}).status_code == 404


def test_a_campaign_with_its_settings_players_and_squads(organiser_api, owner_api, campaign,
                                                         enrolled):  # fmt: skip
    with transaction.atomic():
        house_rules_write(campaign=campaign, house_rules={"reputation": {"took-part": 2}})
    campaign.description = "Rice paddies."
    campaign.save()
    us, vc = enrolled

    body = organiser_api.get(url(campaign)).json()

    assert body["name"] == "Mekong Delta 1968" and body["points_limit"] == 200
    assert body["description"] == "Rice paddies." and body["apply_at_once"] is False
    assert body["house_rules"] == {"reputation": {"took-part": 2}}
    assert [p["username"] for p in body["players"]] == ["orga", "mint", "charlie"]
    assert body["entries"] == [
        {"id": us.pk, "squad_id": us.squad_id, "squad": "Mint's Marauders", "faction": "us-army",
         "player": "mint", "enrolled": body["entries"][0]["enrolled"]},
        {"id": vc.pk, "squad_id": vc.squad_id, "squad": "Kang Thang's Cell",
         "faction": "viet-cong", "player": "charlie", "enrolled": body["entries"][1]["enrolled"]},
    ]  # fmt: skip
    assert (body["is_organiser"], body["is_player"]) == (True, True)
    assert body["invite_code"] == campaign.invite_code
    as_player = owner_api.get(url(campaign)).json()
    assert (as_player["is_organiser"], as_player["is_player"]) == (False, True)
    assert as_player["invite_code"] is None  # the organiser's to give


def test_join_with_the_invitation_code(owner_api, campaign, user):
    first = owner_api.post("/api/campaigns/join/", {"code": campaign.invite_code}, format="json")
    again = owner_api.post("/api/campaigns/join/", {"code": campaign.invite_code}, format="json")

    assert first.status_code == 201 and again.status_code == 200
    assert first.json()["id"] == campaign.pk and first.json()["is_player"] is True
    assert first["Location"].endswith(url(campaign))
    assert campaign.players.filter(user=user).count() == 1


def test_join_with_a_wrong_code_is_a_404(owner_api, campaign):
    wrong = owner_api.post("/api/campaigns/join/", {"code": "nope"}, format="json")
    typo = owner_api.post("/api/campaigns/join/", {"cod": campaign.invite_code}, format="json")

    assert wrong.status_code == 404  # the code names no campaign; the typo is the body's
    assert errors(wrong) == [{
        "code": "unknown-code", "message": "No campaign has this invitation code.",
        "field": "code",
    }]  # fmt: skip
    assert typo.status_code == 400
    assert fields(typo) == [("cod", "unknown-key")]
    assert not campaign.players.filter(user__username="mint").exists()


def test_enrol_copies_your_squad_into_the_campaign(owner_api, campaign, user, squad):
    campaign_services.campaign_join(campaign=campaign, user=user)

    response = owner_api.post(url(campaign, "enrol/"), {"squad_id": squad.pk}, format="json")

    assert response.status_code == 201
    body = response.json()
    entry = Entry.objects.get(campaign=campaign)
    assert body["id"] == entry.pk and body["squad_id"] == entry.squad_id != squad.pk
    assert (body["squad"], body["player"]) == ("Mint's Marauders", "mint")
    assert response["Location"].endswith(f"/api/squads/{entry.squad_id}/")
    copy = owner_api.get(response["Location"]).json()  # the owner reads it with the squads API
    assert copy["in_campaign"] is True and len(copy["roster"]["members"]) == 12


def test_enrol_refuses_what_the_web_refuses(owner_api, campaign, user, other_user, make_squad):
    campaign_services.campaign_join(campaign=campaign, user=user)
    theirs = make_squad(owner=other_user)
    entry = enrol_demo(campaign, user)

    for squad_id, status, code, message in [
        (theirs.pk, 422, "unknown-squad", "Choose one of your squads."),
        (entry.squad_id, 409, "conflict", "this squad already belongs to a campaign"),
        (entry.original_id, 409, "conflict", "this squad is already enrolled in this campaign"),
        (10**15, 422, "unknown-squad", "Choose one of your squads."),
    ]:
        response = owner_api.post(url(campaign, "enrol/"), {"squad_id": squad_id}, format="json")
        assert response.status_code == status
        assert errors(response) == [{"code": code, "message": message, "field": "squad_id"}]
    wrong_type = owner_api.post(url(campaign, "enrol/"), {"squad_id": "1"}, format="json")
    assert fields(wrong_type) == [("squad_id", "invalid")]
    assert Entry.objects.filter(campaign=campaign).count() == 1


def test_enrolling_takes_a_player(other_api, campaign, other_user, make_squad):
    campaign.is_public = True
    campaign.save()
    squad = make_squad(owner=other_user)

    response = other_api.post(url(campaign, "enrol/"), {"squad_id": squad.pk}, format="json")

    assert response.status_code == 403
    assert errors(response) == [{
        "code": "permission-denied", "message": "join the campaign before enrolling a squad",
        "field": None,
    }]  # fmt: skip


# --- battles --------------------------------------------------------------------------------


def test_a_report_waits_for_an_opponent_who_confirms_it(owner_api, other_api, campaign, enrolled):
    us, vc = enrolled
    document = battle_report(us, vc, sides=(
        {"casualties": [{"member": "Ling", "state": "killed"}],
         "deeds": [{"member": "Capt. Steven Mint", "out_of_action": 2}]},
        {"casualties": [{"member": "Manh", "state": "seriously-wounded"}],
         "survival_rolls": {"Manh": 1}},
    ))  # fmt: skip

    response = submit(owner_api, campaign, document)

    assert response.status_code == 201
    battle = response.json()
    assert response["Location"].endswith(url(campaign, "battles/1/"))
    assert (battle["number"], battle["status"], battle["submitted_by"]) == (1, "pending", "mint")
    assert battle["report"] == document and battle["history"] == []
    assert [(s["squad_id"], s["outcome"], s["vp"], s["placing"]) for s in battle["sides"]] == [
        (us.squad_id, "full", None, None), (vc.squad_id, "failed", None, None),
    ]  # fmt: skip
    assert Member.objects.get(squad=us.squad_id, name="Ling").status == "active"

    confirmed = other_api.post(url(campaign, "battles/1/confirm/"))

    assert confirmed.status_code == 200
    battle = confirmed.json()
    assert (battle["status"], battle["decided_by"]) == ("confirmed", "charlie")
    assert [(s["squad"], s["mission_vp"], s["casualty_vp"], s["vp"], s["placing"],
             s["casualties"]) for s in battle["sides"]] == [
        ("Mint's Marauders", 50, 4, 46, "win", 1),  # Ling: a grunt, experienced, dead
        ("Kang Thang's Cell", 0, 8, -8, "loss", 1),
    ]  # fmt: skip
    survival = [h for h in battle["history"] if h["kind"] == "survival"]
    assert [(h["member"], h["roll"], h["squad_id"]) for h in survival] == [("Manh", 1, vc.squad_id)]
    assert survival[0]["text"].startswith("survival roll 1")
    vp = [h for h in battle["history"] if h["kind"] == "vp"]
    assert vp[0]["member"] is None and vp[0]["field"] is None
    assert "50 VP for the mission" in vp[0]["text"]
    assert Member.objects.get(squad=us.squad_id, name="Ling").status == "dead"


def test_a_campaign_that_applies_at_once(owner_api, campaign, enrolled):
    campaign.apply_at_once = True
    campaign.save()

    response = submit(owner_api, campaign, battle_report(*enrolled))

    assert response.status_code == 201
    assert response.json()["status"] == "confirmed" and response.json()["history"]


def test_the_same_key_and_report_give_the_same_battle(owner_api, campaign, enrolled):
    document = battle_report(*enrolled)

    first = submit(owner_api, campaign, document, key="battle-7f3a")
    again = submit(owner_api, campaign, document, key="battle-7f3a")

    assert first.status_code == 201 and again.status_code == 200
    assert first.json()["number"] == again.json()["number"] == 1
    assert Battle.objects.count() == 1
    assert submit(owner_api, campaign, document, key="battle-other").status_code == 201
    assert submit(owner_api, campaign, document).status_code == 201  # no key: a new battle
    assert Battle.objects.count() == 3


def test_the_same_key_with_another_report_is_a_409(owner_api, campaign, enrolled):
    submit(owner_api, campaign, battle_report(*enrolled), key="k1")

    response = submit(owner_api, campaign, battle_report(*enrolled, outcomes=("partial", "full")),
                      key="k1")  # fmt: skip

    assert response.status_code == 409
    assert errors(response) == [{
        "code": "idempotency-key-reused",
        "message": "this key was already used for another battle report",
        "field": "Idempotency-Key",
    }]  # fmt: skip
    assert Battle.objects.count() == 1


def test_a_key_is_one_users(owner_api, other_api, campaign, enrolled):
    """Two players may pick the same key: each has their own."""
    document = battle_report(*enrolled)

    assert submit(owner_api, campaign, document, key="same").status_code == 201
    assert submit(other_api, campaign, document, key="same").status_code == 201


def test_a_key_over_100_characters_is_refused(owner_api, campaign, enrolled):
    response = submit(owner_api, campaign, battle_report(*enrolled), key="k" * 101)

    assert response.status_code == 400
    assert fields(response) == [("Idempotency-Key", "invalid")]
    assert not Battle.objects.exists()


def test_a_broken_document_names_every_path(owner_api, campaign, enrolled):
    document = battle_report(*enrolled, sides=(
        {"casualties": [{"member": "Ling", "state": "dead-ish"}]}, {"bonus": 1},
    ))  # fmt: skip
    document["played_on"] = "20 Nov"

    response = submit(owner_api, campaign, document)

    assert response.status_code == 400
    assert fields(response) == [
        ("played_on", "invalid-document"),
        ("sides[0].casualties[0].state", "invalid-document"),
        ("sides[1].bonus", "invalid-document"),
    ]
    assert errors(response)[2]["message"] == "unknown key 'bonus'"


def test_the_campaigns_objections_name_their_path(owner_api, campaign, enrolled):
    us, vc = enrolled
    Member.objects.filter(squad=us.squad_id, name="Ling").update(status="recovering")
    document = battle_report(us, vc, sides=(
        {"casualties": [{"member": "Song", "state": "stunned"},
                        {"member": "Ling", "state": "killed"},
                        {"member": "Nobody", "state": "killed"}]},
        {},
    ))  # fmt: skip

    response = submit(owner_api, campaign, document)

    assert response.status_code == 422  # the stored squad's models: no schema knows them
    assert [(e["field"], e["code"], e["message"]) for e in errors(response)] == [
        ("sides[0].casualties[1].member", "invalid-report",
         "'Ling' did not fight: the model is recovering"),
        ("sides[0].casualties[2].member", "invalid-report", errors(response)[1]["message"]),
    ]  # fmt: skip
    assert "Nobody" in errors(response)[1]["message"]
    assert not Battle.objects.exists()


def test_a_squad_outside_the_campaign_is_refused(owner_api, campaign, enrolled, make_squad):
    us, _vc = enrolled
    outsider = make_squad()
    document = battle_report(us, us)
    document["sides"][1]["squad_id"] = outsider.pk

    response = submit(owner_api, campaign, document)

    assert response.status_code == 422
    assert errors(response) == [{
        "code": "invalid-report", "message": f"squad {outsider.pk} is not in this campaign",
        "field": "sides[1].squad_id",
    }]  # fmt: skip


def test_an_invalid_squad_cannot_report(owner_api, campaign, enrolled):
    us, vc = enrolled
    Member.objects.create(squad_id=us.squad_id, name="Extra", type="veteran", position=99)

    response = submit(owner_api, campaign, battle_report(us, vc))

    assert response.status_code == 422  # the stored squad breaks a rule: no schema knows it
    assert errors(response)[0]["field"] == "sides[0].squad_id"
    assert "is not valid" in errors(response)[0]["message"]


def test_reject_then_confirm_is_a_409(other_api, owner_api, campaign, enrolled):
    submit(owner_api, campaign, battle_report(*enrolled))

    rejected = other_api.post(url(campaign, "battles/1/reject/"))
    confirmed = other_api.post(url(campaign, "battles/1/confirm/"))

    assert rejected.status_code == 200 and rejected.json()["status"] == "rejected"
    assert confirmed.status_code == 409
    assert errors(confirmed) == [{
        "code": "battle-state", "message": "this battle is rejected", "field": "battle",
    }]  # fmt: skip
    assert owner_api.get(url(campaign, "battles/")).json()["count"] == 0  # the log leaves it out
    assert owner_api.get(url(campaign, "battles/1/")).json()["status"] == "rejected"


def test_void_undoes_the_latest_battle_first(organiser_api, owner_api, campaign, enrolled):
    campaign.apply_at_once = True
    campaign.save()
    us, vc = enrolled
    for _ in range(2):
        submit(owner_api, campaign, battle_report(us, vc, sides=(
            {"deeds": [{"member": "Capt. Steven Mint", "malice": 1}]}, {})))  # fmt: skip

    too_early = organiser_api.post(url(campaign, "battles/1/void/"))
    latest = organiser_api.post(url(campaign, "battles/2/void/"))
    first = organiser_api.post(url(campaign, "battles/1/void/"))
    twice = organiser_api.post(url(campaign, "battles/1/void/"))

    assert too_early.status_code == 409
    assert errors(too_early)[0]["message"] == (
        "battle 2 was fought later by the same squads: void it first"
    )
    assert latest.status_code == first.status_code == 200
    assert first.json()["status"] == "voided" and first.json()["voided_by"] == "orga"
    assert twice.status_code == 409
    assert Member.objects.get(squad=us.squad_id, name="Capt. Steven Mint").record["rp"] == 0


def test_the_battle_log_is_paged_and_sorted(owner_api, campaign, enrolled):
    for scenario in ("B", "C", "A"):
        document = battle_report(*enrolled)
        document["scenario"] = scenario
        submit(owner_api, campaign, document)

    newest = owner_api.get(url(campaign, "battles/"), {"page_size": 2}).json()
    by_scenario = owner_api.get(url(campaign, "battles/"), {"sort": "scenario"}).json()
    bad = owner_api.get(url(campaign, "battles/"), {"sort": "vp"})
    unknown = owner_api.get(url(campaign, "battles/"), {"order": "number"})

    assert newest["count"] == 3 and [b["number"] for b in newest["results"]] == [3, 2]
    assert [b["scenario"] for b in by_scenario["results"]] == ["A", "B", "C"]
    assert by_scenario["results"][0]["sides"][0]["squad"] == "Mint's Marauders"
    assert fields(bad) == [("sort", "invalid-choice")]
    assert fields(unknown) == [("order", "unknown-parameter")]


def test_a_battle_that_does_not_exist_is_a_404(owner_api, campaign, enrolled):
    for path in ("battles/1/", "battles/99999999999999999999/", "battles/x/"):
        response = owner_api.get(url(campaign, path))
        assert response.status_code == 404
        assert fields(response) == [(None, "not-found")]
    assert owner_api.post(url(campaign, "battles/1/confirm/")).status_code == 404


def test_a_battle_of_another_campaign_is_not_this_ones(owner_api, campaign, enrolled, user):
    submit(owner_api, campaign, battle_report(*enrolled))
    other = campaign_services.campaign_create(organiser=user, name="Other")

    assert owner_api.get(url(other, "battles/1/")).status_code == 404


# --- standings, characters, the report ------------------------------------------------------


@pytest.fixture
def fought(campaign, enrolled, owner_api):
    """Two confirmed battles: the US Army wins the first, the Viet Cong the second."""
    campaign.apply_at_once = True
    campaign.save()
    us, vc = enrolled
    submit(owner_api, campaign, battle_report(us, vc, outcomes=("full", "failed"), sides=(
        {"casualties": [{"member": "Grunt 5", "state": "killed"}]}, {})))  # fmt: skip
    submit(owner_api, campaign, battle_report(us, vc, outcomes=("failed", "partial")))
    return enrolled


def test_the_standings(anon_api, owner_api, campaign, fought):
    us, vc = fought

    response = owner_api.get(url(campaign, "standings/"))

    assert response.status_code == 200
    assert response.json() == [
        {"rank": 1, "squad_id": us.squad_id, "squad": "Mint's Marauders", "player": "mint",
         "vp": 46, "battles": 2, "wins": 1, "draws": 0, "losses": 1, "casualties": 1,
         "tallies": {}, "byes": 0},
        {"rank": 2, "squad_id": vc.squad_id, "squad": "Kang Thang's Cell", "player": "charlie",
         "vp": 25, "battles": 2, "wins": 1, "draws": 0, "losses": 1, "casualties": 0,
         "tallies": {}, "byes": 0},
    ]  # fmt: skip
    assert anon_api.get(url(campaign, "standings/")).status_code == 404  # private


@pytest.mark.parametrize(
    ("sort", "squads"),
    [
        ("rank", ["Mint's Marauders", "Kang Thang's Cell"]),
        ("-rank", ["Kang Thang's Cell", "Mint's Marauders"]),
        ("squad", ["Kang Thang's Cell", "Mint's Marauders"]),
        ("player", ["Kang Thang's Cell", "Mint's Marauders"]),
        ("-vp", ["Kang Thang's Cell", "Mint's Marauders"]),
        ("casualties", ["Mint's Marauders", "Kang Thang's Cell"]),
    ],
)
def test_the_standings_sort_as_the_web_page_does(owner_api, campaign, fought, sort, squads):
    response = owner_api.get(url(campaign, "standings/"), {"sort": sort})

    assert [row["squad"] for row in response.json()] == squads


def test_a_sort_the_standings_lack_is_a_400(owner_api, campaign, fought):
    response = owner_api.get(url(campaign, "standings/"), {"sort": "name"})

    assert response.status_code == 400
    assert fields(response) == [("sort", "invalid-choice")]


def test_a_characters_history(anon_api, owner_api, campaign, fought):
    us, _vc = fought
    grunt = Member.objects.get(squad=us.squad_id, name="Grunt 5")

    response = owner_api.get(url(campaign, f"characters/{grunt.pk}/"))

    assert response.status_code == 200
    body = response.json()
    assert (body["id"], body["name"], body["type"], body["status"]) == (
        grunt.pk,
        "Grunt 5",
        "grunt",
        "dead",
    )
    assert (body["squad_id"], body["squad"], body["player"]) == (
        us.squad_id,
        "Mint's Marauders",
        "mint",
    )
    assert body["record"] == grunt.record and set(body["record"]) == {
        f.key for f in get_system("black-sun").member_record
    }
    timeline = body["timeline"]
    assert {h["battle"] for h in timeline} == {1}  # dead: no second battle
    assert all(h["battle_status"] == "confirmed" and h["text"] for h in timeline)
    history = HistoryEntry.objects.filter(member=grunt).order_by("battle__applied_seq", "seq")
    assert [h["kind"] for h in timeline] == [h.kind for h in history]
    status = next(h for h in timeline if h["field"] == "status")
    assert (status["before"], status["after"], status["text"]) == (
        "active",
        "dead",
        "status active → dead",
    )


def test_a_model_outside_the_campaign_has_no_history_here(owner_api, campaign, fought, squad):
    own = squad.members.first()  # the player's own squad, not the campaign's copy

    response = owner_api.get(url(campaign, f"characters/{own.pk}/"))

    assert response.status_code == 404


def test_the_campaign_report_is_a_pdf(owner_api, campaign, fought):
    response = owner_api.get(url(campaign, "report/"), HTTP_ACCEPT="application/json")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == (
        'attachment; filename="mekong-delta-1968-report.pdf"'
    )
    assert response.content.startswith(b"%PDF")
    text = pdf_text(response.content)
    assert "Mekong Delta 1968" in text and "Mint's Marauders" in text
    assert page_sizes(response.content)[0] == (595, 842)  # A4
    letter = owner_api.get(url(campaign, "report/"), {"paper": "letter"})
    assert page_sizes(letter.content)[0] == (612, 792)


def test_an_unknown_paper_is_a_json_400(organiser_api, campaign):
    response = organiser_api.get(url(campaign, "report/"), {"paper": "a3"})

    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert fields(response) == [("paper", "invalid-choice")]


def test_a_campaign_id_that_is_not_a_number_is_a_404(owner_api):
    for path in ("/api/campaigns/abc/", "/api/campaigns/99999999999999999999/standings/"):
        response = owner_api.get(path)
        assert response.status_code == 404
        assert fields(response) == [(None, "not-found")]


def test_the_campaign_squads_of_a_battle_stay_unchangeable_through_the_squads_api(
    owner_api, campaign, fought
):
    us, _vc = fought

    response = owner_api.put(f"/api/squads/{us.squad_id}/", document(), format="json")

    assert response.status_code == 409
    assert Squad.objects.get(pk=us.squad_id).in_campaign


# --- queries, throttling, schema ------------------------------------------------------------


@pytest.mark.parametrize("battles", [1, 5])
def test_reading_takes_the_same_queries_whatever_the_campaigns_size(
    organiser_api, campaign, enrolled, user, battles, django_assert_max_num_queries
):
    campaign.apply_at_once = True
    campaign.save()
    for _ in range(battles):
        stunned = {"casualties": [{"member": "Grunt 1", "state": "stunned"}]}
        campaign_services.battle_submit(
            campaign=campaign, user=user, document=battle_report(*enrolled, sides=(stunned, {}))
        )
    grunt = Member.objects.get(squad=enrolled[0].squad_id, name="Grunt 1")
    # the token, the campaign, then the selector's own queries
    for path, queries in [
        ("", 4), ("battles/", 5), ("battles/1/", 5), ("standings/", 4),  # sums, entries
        (f"characters/{grunt.pk}/", 4),
    ]:  # fmt: skip
        with django_assert_max_num_queries(queries):
            assert organiser_api.get(url(campaign, path)).status_code == 200


def test_the_campaign_report_has_the_pdf_rate(settings, organiser_api, campaign):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "pdf": "1/minute"}

    assert organiser_api.get(url(campaign, "report/")).status_code == 200
    response = organiser_api.get(url(campaign, "report/"))

    assert response.status_code == 429
    assert response["Content-Type"] == "application/json"
    assert fields(response) == [(None, "throttled")]


CAMPAIGN_OPERATIONS = {
    "GET /api/campaigns/", "GET /api/campaigns/{id}/", "POST /api/campaigns/join/",
    "GET /api/campaigns/{id}/pack/", "PUT /api/campaigns/{id}/pack/",
    "POST /api/campaigns/{id}/enrol/", "GET /api/campaigns/{id}/standings/",
    "GET /api/campaigns/{id}/report/", "GET /api/campaigns/{id}/characters/{member_id}/",
    # issue #31: the campaign book and the timeline
    "GET /api/campaigns/{id}/book/", "GET /api/campaigns/{id}/timeline/",
    "GET /api/campaigns/{id}/battles/", "POST /api/campaigns/{id}/battles/",
    "GET /api/campaigns/{id}/battles/{number}/",
    "POST /api/campaigns/{id}/battles/{number}/confirm/",
    "POST /api/campaigns/{id}/battles/{number}/reject/",
    "POST /api/campaigns/{id}/battles/{number}/void/",
    # issue #17: what the organiser's and the players' other pages do
    "POST /api/campaigns/", "PATCH /api/campaigns/{id}/", "GET /api/campaigns/waiting/",
    "GET /api/campaigns/{id}/players/", "DELETE /api/campaigns/{id}/players/{player_id}/",
    "GET /api/campaigns/{id}/squads/{squad_id}/",
    "POST /api/campaigns/{id}/battles/{number}/aftermath/{member_id}/",
    "GET /api/campaigns/{id}/battles/{number}/aftermath/",
    "POST /api/campaigns/{id}/battles/{number}/aftermath/",
    "POST /api/campaigns/{id}/invite-code/",
    # issue #31: rounds and pairings
    "GET /api/campaigns/{id}/rounds/", "POST /api/campaigns/{id}/rounds/",
    "GET /api/campaigns/{id}/rounds/{number}/",
    "POST /api/campaigns/{id}/rounds/{number}/publish/",
    "POST /api/campaigns/{id}/rounds/{number}/swap/",
    "POST /api/campaigns/{id}/rounds/{number}/withdraw/",
    "POST /api/campaigns/{id}/rounds/{number}/close/",
    "POST /api/campaigns/{id}/rounds/{number}/challenge/",
    "POST /api/campaigns/{id}/rounds/{number}/accept/",
    "POST /api/campaigns/{id}/rounds/{number}/refuse/",
    "POST /api/campaigns/{id}/rounds/{number}/crew/",
    "POST /api/campaigns/{id}/rounds/{number}/scenario/",
    "GET /api/campaigns/{id}/rounds/{number}/pairings/",
    "GET /api/campaigns/{id}/rounds/{number}/crew-sheet/", "GET /api/campaigns/waiting/tables/",
}  # fmt: skip


def test_the_schema_documents_every_campaign_operation(anon_api):
    schema = anon_api.get("/api/schema/").json()
    operations = {
        f"{method.upper()} {path}": operation
        for path, item in schema["paths"].items()
        if path.startswith("/api/campaigns/")
        for method, operation in item.items()
    }

    assert set(operations) == CAMPAIGN_OPERATIONS
    for name, operation in operations.items():
        documented = {
            status for status, response in operation["responses"].items()
            if "ErrorResponse" in json.dumps(response)
        }  # fmt: skip
        assert {"401", "403", "429"} <= documented, name
        assert "{id}" not in name or "404" in documented, name
        assert "requestBody" not in operation or {"400", "415"} <= documented, name
        assert operation["summary"], name
    submit = operations["POST /api/campaigns/{id}/battles/"]
    assert {"200", "201", "409"} <= set(submit["responses"])
    [key] = [p for p in submit["parameters"] if p["in"] == "header"]
    assert (key["name"], key.get("required", False), key["schema"]["maxLength"]) == (
        "Idempotency-Key",
        False,
        100,
    )
    components = schema["components"]["schemas"]
    campaign_games = [game for game in systems() if game.campaign is not None]
    for game in campaign_games:
        prefix = "".join(word.capitalize() for word in game.code.split("-"))
        for part in ("BattleReportDocument", "SideDocument", "CasualtyDocument"):
            name = f"{prefix}{part}Request"
            assert components[name]["additionalProperties"] is False, name
        side = components[f"{prefix}SideDocumentRequest"]["properties"]
        assert set(side) == {
            "squad_id", "outcome", "casualties", "crew", *(("deeds",) if game.deeds else ()),
            *(f.key for f in game.report.side),
        }  # fmt: skip
    report = components["BattleReportDocumentRequest"]
    assert set(report["discriminator"]["mapping"]) == {g.code for g in campaign_games}
    assert components["BattleStatusEnum"]["enum"] == ["pending", "confirmed", "rejected", "voided"]
