"""Who may use which campaign endpoint: every role on every endpoint, private and public.

As on the campaign pages (tests/campaigns/test_permissions.py): the organiser; the
participant, whose squad fought battle 1 and who reported it; the opponent, whose squad
fought it too; another player of the campaign; an outsider with an account; an anonymous
client. A private campaign is 404 for outsiders and anonymous clients; a public one is read
by all and written by none of them. Writing takes an account (401), and a reader who may
not do something gets 403. Nothing refused changes anything.
"""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from django.db import transaction
from rest_framework.test import APIClient

from campaigns import services as campaign_services
from campaigns.models import Battle, Campaign, Entry, Player
from rosters import services
from rosters.demo import demo_rosters
from tests.api.conftest import battle_report, errors, token_client

pytestmark = pytest.mark.django_db

ROLES = ["organiser", "participant", "opponent", "other_player", "outsider", "anonymous"]
PLAYERS = {"organiser", "participant", "opponent", "other_player"}

# (name, method, path, body); {pk} the campaign, {member} a model of the participant's
# campaign squad. Battle 1 is pending (the participant against the opponent), battle 2
# confirmed (the same squads).
READS = [
    ("list", "get", "/api/campaigns/", None),
    ("retrieve", "get", "/api/campaigns/{pk}/", None),
    ("standings", "get", "/api/campaigns/{pk}/standings/", None),
    ("report", "get", "/api/campaigns/{pk}/report/", None),
    ("character", "get", "/api/campaigns/{pk}/characters/{member}/", None),
    ("battles", "get", "/api/campaigns/{pk}/battles/", None),
    ("battle", "get", "/api/campaigns/{pk}/battles/1/", None),
]
WRITES = [
    ("join", "post", "/api/campaigns/join/", "code"),
    ("enrol", "post", "/api/campaigns/{pk}/enrol/", "squad"),
    ("submit", "post", "/api/campaigns/{pk}/battles/", "report"),
    ("confirm", "post", "/api/campaigns/{pk}/battles/1/confirm/", None),
    ("reject", "post", "/api/campaigns/{pk}/battles/1/reject/", None),
    ("void", "post", "/api/campaigns/{pk}/battles/2/void/", None),
]
# Who may write, and what they get
ALLOWED = {
    "join": (ROLES, None),  # 201 for a new player, 200 for a player already
    "enrol": (PLAYERS, 201),
    "submit": ({"participant", "opponent"}, 201),
    "confirm": ({"organiser", "opponent"}, 200),
    "reject": ({"organiser", "opponent"}, 200),
    "void": ({"organiser"}, 200),
}


@pytest.fixture
def world(campaign, enrolled, organiser, user, other_user, django_user_model):
    us, vc = enrolled
    other_player = django_user_model.objects.create_user(username="carol", password="x")
    campaign_services.campaign_join(campaign=campaign, user=other_player)
    outsider = django_user_model.objects.create_user(username="stranger", password="x")
    campaign_services.battle_submit(campaign=campaign, user=user, document=battle_report(us, vc))
    second = campaign_services.battle_submit(
        campaign=campaign, user=user, document=battle_report(us, vc)
    ).battle
    campaign_services.battle_confirm(battle=second, user=organiser)
    users = {
        "organiser": organiser, "participant": user, "opponent": other_user,
        "other_player": other_player, "outsider": outsider, "anonymous": None,
    }  # fmt: skip
    return campaign, enrolled, users


def client_for(users, role) -> APIClient:
    return APIClient() if users[role] is None else token_client(users[role])


@contextmanager
def undone():
    """Whatever the block writes is rolled back: each role starts from the same world."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def call(world, role, method, path, body):
    campaign, enrolled, users = world
    us, vc = enrolled
    if body == "code":
        body = {"code": campaign.invite_code}
    elif body == "squad":  # a squad of the caller's own (the participant's for anonymous)
        owner = users[role] or users["participant"]
        body = {"squad_id": services.squad_import(owner=owner, roster=demo_rosters()[2]).pk}
    elif body == "report":
        body = battle_report(us, vc)
    member = us.squad.members.first()
    url = path.format(pk=campaign.pk, member=member.pk)
    return getattr(client_for(users, role), method)(url, body, format="json")


def state(campaign):
    return (
        list(Battle.objects.order_by("number").values_list("number", "status")),
        Entry.objects.filter(campaign=campaign).count(),
        Player.objects.filter(campaign=campaign).count(),
    )


def check_error(response, status, role):
    assert response.status_code == status, (role, response.content[:300])
    code = {401: "not-authenticated", 403: "permission-denied", 404: "not-found"}[status]
    assert errors(response)[0]["code"] == code, role
    if status == 401:
        assert response["WWW-Authenticate"] == "Token"


@pytest.fixture(params=[False, True], ids=["private", "public"])
def public(request, world):
    Campaign.objects.filter(pk=world[0].pk).update(is_public=request.param)
    return request.param


@pytest.mark.parametrize(("name", "method", "path", "body"), READS, ids=[r[0] for r in READS])
def test_reading(world, public, name, method, path, body):
    campaign = world[0]
    for role in ROLES:
        response = call(world, role, method, path, body)

        if role in PLAYERS or public:
            assert response.status_code == 200, (role, response.content[:300])
            if name == "list":
                assert campaign.pk in [c["id"] for c in response.json()["results"]], role
            if name == "report":
                assert response.content.startswith(b"%PDF"), role
        elif name == "list":  # the list is everyone's; a private campaign is not in theirs
            assert response.status_code == 200, role
            assert campaign.pk not in [c["id"] for c in response.json()["results"]], role
        else:
            check_error(response, 404, role)


@pytest.mark.parametrize(("name", "method", "path", "body"), WRITES, ids=[w[0] for w in WRITES])
def test_writing(world, public, name, method, path, body):
    campaign = world[0]
    allowed, success = ALLOWED[name]
    for role in ROLES:
        with undone():
            before = state(campaign)
            response = call(world, role, method, path, body)
            after = state(campaign)

        if role == "anonymous":
            check_error(response, 401, role)
        elif role in allowed:
            if name == "join":
                success = 200 if role in PLAYERS else 201
            assert response.status_code == success, (role, response.content[:300])
            assert after != before or name == "join" and role in PLAYERS, role
            continue
        elif role == "outsider" and not public:
            check_error(response, 404, role)
        else:
            check_error(response, 403, role)
        assert after == before, role


def test_what_each_decision_did(world):
    """The allowed calls of the matrix did what they say."""
    campaign, _enrolled, users = world
    client = token_client(users["opponent"])

    assert client.post(f"/api/campaigns/{campaign.pk}/battles/1/reject/").json()["status"] == (
        "rejected"
    )
    organiser = token_client(users["organiser"])
    voided = organiser.post(f"/api/campaigns/{campaign.pk}/battles/2/void/").json()
    assert (voided["status"], voided["voided_by"]) == ("voided", "orga")


def test_the_messages_say_who_may(world):
    campaign, _enrolled, users = world
    participant = token_client(users["participant"])
    other_player = token_client(users["other_player"])

    confirm = participant.post(f"/api/campaigns/{campaign.pk}/battles/1/confirm/")
    void = participant.post(f"/api/campaigns/{campaign.pk}/battles/2/void/")
    report = other_player.post(
        f"/api/campaigns/{campaign.pk}/battles/", battle_report(*world[1]), format="json"
    )

    assert errors(confirm)[0]["message"] == "only the organiser or an opponent can confirm"
    assert errors(void)[0]["message"] == "only the organiser can void a battle"
    assert errors(report)[0]["message"] == "only a player whose squad fought can report a battle"
