"""The players' e-mails (issue #31, item 5; ``campaigns.notify``): a report waiting for your
confirmation, a round's pairings, a battle of yours voided. Sent by the task worker once the
change commits (the tests run each task as it is enqueued), to the right players only,
never to one who turned it off, never for a change rolled back; user text never breaks a
header."""

from __future__ import annotations

import pytest
from django.db import transaction

from accounts.services import notifications_write
from campaigns import notify, services
from campaigns.models import Campaign, Seat
from rosters import services as roster_services
from rosters.demo import demo_rosters
from rosters.models import Squad
from tests.campaigns.conftest import report

pytestmark = pytest.mark.django_db(transaction=True)  # on_commit runs as in production

HOSTILE = "Bad\r\nBcc: victim@example.com\nSubject: pwned"


@pytest.fixture
def mailed(user, other_user, organiser):
    for person in (user, other_user, organiser):
        person.email = f"{person.username}@example.com"
        person.save(update_fields=["email"])


def addressees(mails):
    return sorted(address for mail in mails for address in mail.to)


def submit(campaign, sender, us, vc):
    return services.battle_submit(campaign=campaign, user=sender, document=report(us, vc)).battle


def test_a_report_mails_its_opponent_only(campaign, enrolled, user, mailed, mailoutbox):
    us, vc = enrolled
    battle = submit(campaign, user, us, vc)
    [mail] = mailoutbox
    assert mail.to == ["charlie@example.com"]
    assert "waits for your confirmation" in mail.subject
    assert f"http://testserver-site/campaigns/{campaign.pk}/battles/{battle.number}/" in mail.body
    assert "http://testserver-site/accounts/notifications/" in mail.body
    assert "Patrol at the river" in mail.body


@pytest.fixture(autouse=True)
def _site(settings):
    settings.SITE_URL = "http://testserver-site"


def test_a_report_applied_at_once_mails_nobody(campaign, enrolled, user, mailed, mailoutbox):
    Campaign.objects.filter(pk=campaign.pk).update(apply_at_once=True)
    campaign.refresh_from_db()
    us, vc = enrolled
    submit(campaign, user, us, vc)
    assert mailoutbox == []


def test_an_opted_out_player_gets_nothing(campaign, enrolled, user, other_user, mailed, mailoutbox):
    notifications_write(user=other_user, reports=False)
    us, vc = enrolled
    submit(campaign, user, us, vc)
    assert mailoutbox == []
    # the other kinds stay on: a void still reaches them
    battle = submit(campaign, other_user, vc, us)
    assert addressees(mailoutbox) == ["mint@example.com"]
    mailoutbox.clear()
    services.battle_confirm(battle=battle, user=user)
    services.battle_void(battle=battle, user=campaign.organiser)
    assert addressees(mailoutbox) == ["charlie@example.com", "mint@example.com"]


def test_a_player_without_an_address_gets_nothing(campaign, enrolled, user, other_user, mailoutbox):
    us, vc = enrolled
    submit(campaign, user, us, vc)
    assert mailoutbox == []


def test_nothing_is_sent_when_the_change_rolls_back(campaign, enrolled, user, mailed, mailoutbox):
    us, vc = enrolled

    class Undone(Exception):
        pass

    with pytest.raises(Undone), transaction.atomic():
        submit(campaign, user, us, vc)
        raise Undone
    assert mailoutbox == []


def test_a_voided_battle_mails_its_players_not_the_organiser(
    campaign, enrolled, user, other_user, organiser, mailed, mailoutbox
):
    us, vc = enrolled
    battle = submit(campaign, user, us, vc)
    services.battle_confirm(battle=battle, user=other_user)
    mailoutbox.clear()
    services.battle_void(battle=battle, user=organiser)
    assert addressees(mailoutbox) == ["charlie@example.com", "mint@example.com"]
    assert all("is voided" in mail.subject for mail in mailoutbox)


def test_the_pairings_mail_each_seated_player_their_table(
    campaign, organiser, django_user_model, mailoutbox
):
    players = []
    for i in range(3):
        player = django_user_model.objects.create_user(
            username=f"p{i}", password="x", email=f"p{i}@example.com"
        )
        services.campaign_join(campaign=campaign, user=player)
        squad = roster_services.squad_import(owner=player, roster=demo_rosters()[i % 2])
        services.enrol(campaign=campaign, user=player, squad=squad)
        players.append(player)
    notifications_write(user=players[2], pairings=False)
    round = services.round_open(campaign=campaign, by=organiser, mode="random", seed=1)
    assert mailoutbox == []  # a draft mails nobody
    services.round_publish(round=round, by=organiser)
    seats = {
        s.entry.player_id: s
        for s in Seat.objects.filter(round=round).select_related("pairing", "entry__squad")
    }
    wanted = sorted(f"p{i}@example.com" for i in range(2))
    assert addressees(mailoutbox) == wanted
    for mail in mailoutbox:
        player = django_user_model.objects.get(email=mail.to[0])
        seat = seats[player.pk]
        assert "\n" not in mail.subject
        if seat.pairing.table is None:
            assert "bye" in mail.subject and "bye" in mail.body
        else:
            assert f"table {seat.pairing.table}" in mail.subject
            assert f"table {seat.pairing.table}" in mail.body
        assert f"/campaigns/{campaign.pk}/rounds/{round.number}/" in mail.body


def test_a_hostile_squad_name_cannot_break_the_subject(
    campaign, organiser, enrolled, user, other_user, mailed, mailoutbox
):
    us, vc = enrolled
    Squad.objects.filter(pk=vc.squad_id).update(name=HOSTILE)
    Campaign.objects.filter(pk=campaign.pk).update(name=HOSTILE)
    round = services.round_open(campaign=campaign, by=organiser, mode="random", seed=1)
    services.round_publish(round=round, by=organiser)
    mails = {mail.to[0]: mail for mail in mailoutbox}
    mine = mails["mint@example.com"]
    assert "Bad Bcc: victim@example.com Subject: pwned" in mine.subject
    message = mine.message()
    assert message["Bcc"] is None and message["To"] == "mint@example.com"
    assert mine.recipients() == ["mint@example.com"]
    assert "victim" not in "".join(mail.to[0] for mail in mailoutbox)


def test_a_task_finding_its_event_undone_sends_nothing(
    campaign, enrolled, user, other_user, mailed, mailoutbox
):
    us, vc = enrolled
    battle = submit(campaign, user, us, vc)
    services.battle_confirm(battle=battle, user=other_user)
    mailoutbox.clear()
    assert notify.report_waiting.call(battle.pk) == 0  # decided meanwhile
    assert notify.battle_voided.call(battle.pk) == 0  # not voided
    assert notify.pairings_published.call(0) == 0  # gone
    assert mailoutbox == []


def test_the_tasks_go_to_the_worker_below_the_renders_a_player_waits_for(
    database_queue, campaign, enrolled, user, mailed, mailoutbox
):
    from django_tasks_db.models import DBTaskResult

    from printing.tasks import AHEAD_PRIORITY, ASKED_PRIORITY

    us, vc = enrolled
    submit(campaign, user, us, vc)
    assert mailoutbox == []  # not in the request
    [queued] = DBTaskResult.objects.filter(task_path="campaigns.notify.report_waiting")
    assert AHEAD_PRIORITY < queued.priority < ASKED_PRIORITY
    assert queued.queue_name == "default"
