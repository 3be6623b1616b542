"""Campaign awareness (issue #14, part 4): the header's badge of reports waiting for the
user's confirmation, the organiser's player list and what removing a player does."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import RequestFactory
from django.urls import reverse

from campaigns import selectors, services
from campaigns.context_processors import waiting_reports
from campaigns.models import Battle, Entry, Player
from tests.campaigns.conftest import report

pytestmark = pytest.mark.django_db


@pytest.fixture
def pending(campaign, enrolled):
    """Battle 1, sent by the first player (user) against the second (other_user): pending."""
    us, vc = enrolled
    return services.battle_submit(campaign=campaign, user=us.player, document=report(us, vc)).battle


def waiting(user) -> int:
    return selectors.waiting(user).count()


def request_of(user):
    request = RequestFactory().get("/")
    request.user = user
    return request


# --- the badge ------------------------------------------------------------------------------


def test_the_opponent_and_the_organiser_are_waited_for_but_not_the_sender(
    pending, user, other_user, organiser
):
    assert waiting(other_user) == 1
    assert waiting(organiser) == 1
    assert waiting(user) == 0


def test_a_decided_report_waits_no_more(pending, other_user, organiser):
    services.battle_confirm(battle=pending, user=other_user)
    assert waiting(other_user) == 0
    assert waiting(organiser) == 0


def test_the_badge_costs_one_query_at_most(pending, other_user, django_assert_max_num_queries):
    context = waiting_reports(request_of(other_user))
    with django_assert_max_num_queries(1):
        assert context["waiting_reports"].count == 1


def test_the_badge_costs_nothing_for_a_visitor(django_assert_num_queries):
    with django_assert_num_queries(0):
        assert waiting_reports(request_of(AnonymousUser())) == {}


def test_the_badge_follows_a_decision_made_since_it_was_counted(
    pending, other_user, django_capture_on_commit_callbacks
):
    assert waiting_reports(request_of(other_user))["waiting_reports"].count == 1  # kept
    with django_capture_on_commit_callbacks(execute=True):
        services.battle_reject(battle=pending, user=other_user)
    assert waiting_reports(request_of(other_user))["waiting_reports"].count == 0


def test_the_badge_counts_a_report_sent_since(campaign, enrolled, organiser):
    assert waiting_reports(request_of(organiser))["waiting_reports"].count == 0  # kept
    us, vc = enrolled
    services.battle_submit(campaign=campaign, user=vc.player, document=report(us, vc))
    assert waiting_reports(request_of(organiser))["waiting_reports"].count == 1


def test_the_header_shows_the_badge_and_it_leads_to_the_reports(client, pending, other_user):
    client.force_login(other_user)
    html = client.get(reverse("rosters:list")).content.decode()
    assert 'class="waiting-badge"' in html
    assert "1 report waits for your confirmation" in html
    waiting = client.get(reverse("campaigns:waiting")).content.decode()
    url = reverse("campaigns:battle", args=[pending.campaign_id, pending.number])
    assert url in waiting and "Mekong Delta 1968" in waiting


def test_no_badge_when_nothing_waits(client, pending, user):
    client.force_login(user)
    assert 'class="waiting-badge"' not in client.get(reverse("rosters:list")).content.decode()


# --- the player list ------------------------------------------------------------------------


def test_the_organiser_sees_the_players_with_a_remove_button(client, campaign, enrolled, organiser):
    client.force_login(organiser)
    html = client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
    assert 'id="players"' in html
    for player in Player.objects.filter(campaign=campaign).exclude(user=organiser):
        assert reverse("campaigns:player_remove", args=[campaign.pk, player.pk]) in html


def test_a_player_sees_no_player_list(client, campaign, enrolled, user):
    client.force_login(user)
    html = client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
    assert 'id="players"' not in html


def test_removing_a_player_withdraws_their_squads_and_keeps_every_battle(
    campaign, enrolled, organiser, user, other_user
):
    us, vc = enrolled
    campaign.apply_at_once = True
    campaign.save()
    confirmed = services.battle_submit(campaign=campaign, user=user, document=report(us, vc)).battle
    player = Player.objects.get(campaign=campaign, user=other_user)

    removed = services.player_remove(campaign=campaign, by=organiser, player=player)

    assert removed.withdrawn == [vc.squad.name]
    assert not Player.objects.filter(campaign=campaign, user=other_user).exists()
    vc.refresh_from_db()
    assert vc.withdrawn is not None and Entry.objects.filter(pk=vc.pk).exists()
    confirmed.refresh_from_db()
    assert confirmed.status == Battle.Status.CONFIRMED
    rows = {row.entry.pk: row for row in selectors.standings(campaign)}
    assert rows[vc.pk].battles == 1 and rows[us.pk].battles == 1  # the battle still counts


def test_a_withdrawn_squad_cannot_fight_again(campaign, enrolled, organiser, user, other_user):
    us, vc = enrolled
    player = Player.objects.get(campaign=campaign, user=other_user)
    services.player_remove(campaign=campaign, by=organiser, player=player)
    with pytest.raises(services.ServiceError) as refused:
        services.battle_submit(campaign=campaign, user=user, document=report(us, vc))
    assert "left the campaign" in refused.value.message
    assert not Battle.objects.exists()


def test_a_removed_player_no_longer_confirms_but_the_organiser_still_does(
    pending, campaign, organiser, other_user
):
    player = Player.objects.get(campaign=campaign, user=other_user)
    services.player_remove(campaign=campaign, by=organiser, player=player)
    assert waiting(other_user) == 0
    with pytest.raises(services.NotAllowed):
        services.battle_confirm(battle=pending, user=other_user)
    assert services.battle_confirm(battle=pending, user=organiser).status == "confirmed"


def test_only_the_organiser_removes_and_never_themselves(campaign, enrolled, organiser, user):
    other = Player.objects.get(campaign=campaign, user=enrolled[1].player)
    with pytest.raises(services.NotAllowed):
        services.player_remove(campaign=campaign, by=user, player=other)
    own = Player.objects.get(campaign=campaign, user=organiser)
    with pytest.raises(services.Conflict):  # the campaign's state forbids it: a 409
        services.player_remove(campaign=campaign, by=organiser, player=own)
    assert Player.objects.filter(campaign=campaign).count() == 3


def test_the_remove_button_asks_first_without_javascript(client, campaign, enrolled, organiser):
    player = Player.objects.get(campaign=campaign, user=enrolled[1].player)
    url = reverse("campaigns:player_remove", args=[campaign.pk, player.pk])
    client.force_login(organiser)
    page = client.get(url)
    assert page.status_code == 200 and "Remove charlie?" in page.content.decode()
    assert Player.objects.filter(pk=player.pk).exists()
    response = client.post(url)
    assert response.status_code == 302
    assert not Player.objects.filter(pk=player.pk).exists()


def test_a_player_cannot_remove_another(client, campaign, enrolled, user):
    player = Player.objects.get(campaign=campaign, user=enrolled[1].player)
    client.force_login(user)
    url = reverse("campaigns:player_remove", args=[campaign.pk, player.pk])
    assert client.post(url).status_code == 404
    assert Player.objects.filter(pk=player.pk).exists()
