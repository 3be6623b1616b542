"""Who may see and do what on every campaign page: organiser, the player whose squad fought
(alice), the opponent (bob), a player of the campaign with no squad in the battle (carol), a
user outside the campaign (stranger) and anonymous visitors."""

import pytest
from django.urls import reverse

from campaigns import services
from campaigns.models import Battle
from core.errors import NotAllowed
from tests.campaigns.conftest import report

pytestmark = pytest.mark.django_db

ROLES = ["organiser", "alice", "bob", "carol", "stranger", "anonymous"]


@pytest.fixture
def world(campaign, enrolled, organiser, django_user_model):
    us, vc = enrolled
    carol = django_user_model.objects.create_user(username="carol", password="x")
    services.campaign_join(campaign=campaign, user=carol)
    stranger = django_user_model.objects.create_user(username="stranger", password="x")
    services.battle_submit(campaign=campaign, user=us.player, document=report(us, vc))
    users = {"organiser": organiser, "alice": us.player, "bob": vc.player, "carol": carol,
             "stranger": stranger, "anonymous": None}  # fmt: skip
    return campaign, enrolled, users


def as_role(client, users, role):
    client.logout()
    if users[role] is not None:
        client.force_login(users[role])
    return client


READ_VIEWS = ["detail", "battle", "entry", "character"]


def read_url(name, campaign, enrolled):
    args = {
        "detail": [campaign.pk],
        "battle": [campaign.pk, 1],
        "entry": [campaign.pk, enrolled[0].pk],
        "character": [campaign.pk, enrolled[0].squad.members.first().pk],
    }[name]
    return reverse(f"campaigns:{name}", args=args)


@pytest.mark.parametrize("public", [False, True])
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("view", READ_VIEWS)
def test_reading(client, world, role, view, public):
    campaign, enrolled, users = world
    campaign.is_public = public
    campaign.save()
    outsider = role in ("stranger", "anonymous")
    status = as_role(client, users, role).get(read_url(view, campaign, enrolled)).status_code
    assert status == (404 if outsider and not public else 200)


@pytest.mark.parametrize("role", ROLES)
def test_settings_are_the_organisers(client, world, role):
    campaign, _enrolled, users = world
    url = reverse("campaigns:settings", args=[campaign.pk])
    response = as_role(client, users, role).post(url, {"name": "Renamed", "points_limit": 300})
    campaign.refresh_from_db()
    if role == "organiser":
        assert response.status_code == 302 and campaign.name == "Renamed"
    else:
        assert response.status_code == (302 if role == "anonymous" else 404)
        assert campaign.name == "Mekong Delta 1968"
        if role == "anonymous":
            assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize(
    ("action", "allowed", "after"),
    [
        ("battle_confirm", {"organiser", "bob"}, "confirmed"),
        ("battle_reject", {"organiser", "bob"}, "rejected"),
    ],
)
@pytest.mark.parametrize("role", ROLES)
def test_deciding_a_report(client, world, role, action, allowed, after):
    campaign, _enrolled, users = world
    url = reverse(f"campaigns:{action}", args=[campaign.pk, 1])
    response = as_role(client, users, role).post(url)
    status = Battle.objects.get().status
    assert status == (after if role in allowed else "pending")
    if role == "stranger":
        assert response.status_code == 404
    if role == "anonymous":
        assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("role", ROLES)
def test_voiding_is_the_organisers(client, world, role):
    campaign, _enrolled, users = world
    services.battle_confirm(battle=Battle.objects.get(), user=users["organiser"])
    as_role(client, users, role).post(reverse("campaigns:battle_void", args=[campaign.pk, 1]))
    assert Battle.objects.get().status == ("voided" if role == "organiser" else "confirmed")


@pytest.mark.parametrize("role", ROLES)
def test_only_a_player_whose_squad_fought_reports(client, world, role):
    campaign, enrolled, users = world
    us, vc = enrolled
    url = reverse("campaigns:battle_new", args=[campaign.pk])
    data = {"side": [us.pk, vc.pk], "s0-outcome": "full", "s1-outcome": "failed",
            "idempotency_key": f"k-{role}"}  # fmt: skip
    response = as_role(client, users, role).post(url, data)
    created = Battle.objects.count() == 2
    assert created == (role in ("alice", "bob"))
    if role in ("organiser", "carol"):  # players of the campaign, but not in this battle
        assert response.status_code == 400
        assert "only a player whose squad fought" in response.content.decode()
    elif role == "stranger":
        assert response.status_code == 404


@pytest.mark.parametrize("role", ROLES)
def test_enrolling_takes_a_player_and_their_own_squad(client, world, role, make_squad_for):
    campaign, _enrolled, users = world
    user = users[role]
    squad = make_squad_for(user if user is not None else users["alice"])
    before = campaign.entries.count()
    as_role(client, users, role).post(
        reverse("campaigns:enrol", args=[campaign.pk]), {"squad": squad.pk}
    )
    enrolled_now = campaign.entries.count() - before
    assert enrolled_now == (1 if role in ("organiser", "alice", "bob", "carol") else 0)


@pytest.mark.parametrize("role", ["organiser", "carol", "stranger"])
def test_the_service_refuses_a_report_not_the_senders_with_a_403(world, role):
    """The service says 403 itself (``NotAllowed``), so the API asks nothing before it
    (#29 item 3): a stranger, even with a document it cannot read; a player of the campaign
    whose squad did not fight."""
    campaign, (us, vc), users = world
    document = {"not": "a report"} if role == "stranger" else report(us, vc)
    with pytest.raises(NotAllowed) as refused:
        services.battle_submit(campaign=campaign, user=users[role], document=document)
    assert refused.value.status == 403
    assert refused.value.message == "only a player whose squad fought can report a battle"
    assert Battle.objects.count() == 1


def test_a_report_the_rules_cannot_read_keeps_their_refusal(world):
    campaign, _enrolled, users = world
    with pytest.raises(services.ReportRefused) as refused:
        services.battle_submit(campaign=campaign, user=users["alice"], document={"sides": 3})
    assert refused.value.document_error is not None
    assert refused.value.problems == [(p.path, p.message)
                                      for p in refused.value.document_error.problems]  # fmt: skip
