"""Rounds as the services run them (issue #31): the database's own guards, the seed, the bye
in the standings, a voided battle freeing its table."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from campaigns import selectors, services
from campaigns.models import Pairing, Round, Seat
from rosters import services as roster_services
from rosters.demo import demo_rosters
from tests.campaigns.conftest import report

pytestmark = pytest.mark.django_db


@pytest.fixture
def three(campaign, organiser, django_user_model):
    entries = []
    for i in range(3):
        player = django_user_model.objects.create_user(username=f"p{i}", password="x")
        services.campaign_join(campaign=campaign, user=player)
        squad = roster_services.squad_import(owner=player, roster=demo_rosters()[i % 2])
        entries.append(services.enrol(campaign=campaign, user=player, squad=squad))
    return entries


def seats(round):
    return sorted(
        Seat.objects.filter(round=round).values_list("pairing__table", "entry_id", "position"),
        key=repr,
    )


def test_the_database_holds_a_squad_once_per_round(campaign, organiser, three):
    round = services.round_open(campaign=campaign, by=organiser, mode="random", seed=1)
    bye = Pairing.objects.get(round=round, table__isnull=True)
    table = Pairing.objects.get(round=round, table=1)
    seated = table.seats.first().entry
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(round=round, pairing=bye, entry=seated, position=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Pairing.objects.create(round=round, table=None)  # a second bye
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(campaign=campaign, number=1, mode="random", opened_by=organiser)


def test_the_same_seed_draws_the_same_round(campaign, organiser, three):
    first = services.round_open(campaign=campaign, by=organiser, mode="random", seed=42)
    drawn = seats(first)
    services.round_publish(round=first, by=organiser)
    services.round_close(round=first, by=organiser)
    Round.objects.filter(pk=first.pk).delete()  # the same campaign, as before round 1
    again = services.round_open(campaign=campaign, by=organiser, mode="random", seed=42)
    assert seats(again) == drawn


def test_a_bye_is_a_win_with_no_vp_once_its_round_is_published(campaign, organiser, three):
    round = services.round_open(campaign=campaign, by=organiser, mode="standings")
    bye = Pairing.objects.get(round=round, table__isnull=True).seats.get().entry
    row = next(s for s in selectors.standings(campaign) if s.entry == bye)
    assert (row.byes, row.wins, row.vp) == (0, 0, 0)  # a draft's bye counts for nothing yet
    services.round_publish(round=round, by=organiser)
    row = next(s for s in selectors.standings(campaign) if s.entry == bye)
    assert (row.byes, row.wins, row.vp, row.battles) == (1, 1, 0, 0)


def test_a_voided_battle_frees_its_table(campaign, organiser, three):
    round = services.round_open(campaign=campaign, by=organiser, mode="random", seed=9)
    services.round_publish(round=round, by=organiser)
    table = Pairing.objects.get(round=round, table=1)
    first, second = (seat.entry for seat in table.seats.all())
    battle = services.battle_submit(
        campaign=campaign, user=first.player, document=report(first, second)
    ).battle
    assert Pairing.objects.get(pk=table.pk).battle == battle
    services.battle_confirm(battle=battle, user=second.player)
    round.refresh_from_db()
    assert round.status == "closed" and round.closed_by is None  # its one table is played
    services.battle_void(battle=battle, user=organiser)
    assert Pairing.objects.get(pk=table.pk).battle is None


def test_a_battle_outside_the_rounds_is_linked_to_nothing(campaign, organiser, three):
    round = services.round_open(campaign=campaign, by=organiser, mode="random", seed=9)
    services.round_publish(round=round, by=organiser)
    table = Pairing.objects.get(round=round, table=1)
    bye = Pairing.objects.get(round=round, table__isnull=True).seats.get().entry
    seated = table.seats.first().entry
    battle = services.battle_submit(
        campaign=campaign, user=bye.player, document=report(bye, seated)
    ).battle
    assert not Pairing.objects.filter(battle=battle).exists()
