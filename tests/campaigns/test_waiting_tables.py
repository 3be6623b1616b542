"""The header's list of what waits for you (issue #31, item 5): beside the reports to
confirm, your tables in a published round with no battle reported yet; counted in one query
at most, listed in a fixed number of queries."""

from __future__ import annotations

import pytest
from django.test import RequestFactory
from django.urls import reverse

from campaigns import selectors, services
from campaigns.context_processors import waiting_reports
from campaigns.models import Pairing
from rosters.models import Squad
from tests.campaigns.conftest import report

pytestmark = pytest.mark.django_db


def counts(user):
    request = RequestFactory().get("/")
    request.user = user
    return waiting_reports(request)["waiting_reports"].counts


@pytest.fixture
def round(campaign, organiser, enrolled):
    return services.round_open(campaign=campaign, by=organiser, mode="random", seed=1)


def test_a_published_table_waits_until_its_battle_is_reported(
    campaign, organiser, enrolled, round, user, other_user, django_capture_on_commit_callbacks
):
    assert counts(user) == (0, 0)  # a draft: nothing yet (and the count is kept)
    with django_capture_on_commit_callbacks(execute=True):
        services.round_publish(round=round, by=organiser)
    assert counts(user) == (0, 1)
    assert counts(other_user) == (0, 1)
    assert counts(organiser) == (0, 0)  # seated nowhere
    us, vc = enrolled
    with django_capture_on_commit_callbacks(execute=True):
        battle = services.battle_submit(
            campaign=campaign, user=user, document=report(us, vc)
        ).battle
    assert Pairing.objects.get(round=round, table=1).battle_id == battle.pk
    assert counts(user) == (0, 0)  # reported: the table waits no more
    assert counts(other_user) == (1, 0)  # the report waits for them instead
    with django_capture_on_commit_callbacks(execute=True):
        services.battle_reject(battle=battle, user=other_user)
    assert counts(user) == (0, 1) and counts(other_user) == (0, 1)  # to play again


def test_a_closed_round_waits_no_more(organiser, round, user, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        services.round_publish(round=round, by=organiser)
    assert counts(user).tables == 1
    with django_capture_on_commit_callbacks(execute=True):
        services.round_close(round=round, by=organiser)
    assert counts(user).tables == 0


def test_the_counts_cost_one_query_at_most(organiser, round, user, django_assert_max_num_queries):
    services.round_publish(round=round, by=organiser)
    with django_assert_max_num_queries(1):
        assert counts(user) == (0, 1)
    with django_assert_max_num_queries(0):
        assert counts(user) == (0, 1)  # kept


def test_the_header_says_it_and_the_page_lists_the_table(
    client, campaign, organiser, enrolled, round, user
):
    services.round_publish(round=round, by=organiser)
    us, vc = enrolled
    Squad.objects.filter(pk=vc.squad_id).update(name="<b>Cell</b>")
    client.force_login(user)
    html = client.get(reverse("rosters:list")).content.decode()
    assert "1 table to play" in html and "report waits" not in html
    page = client.get(reverse("campaigns:waiting")).content.decode()
    assert reverse("campaigns:round", args=[campaign.pk, round.number]) in page
    assert "Round 1, table 1" in page
    assert "&lt;b&gt;Cell&lt;/b&gt; (charlie)" in page and "<b>Cell" not in page


def test_the_page_reads_in_a_fixed_number_of_queries(
    client, campaign, organiser, enrolled, round, user, django_assert_max_num_queries
):
    services.round_publish(round=round, by=organiser)
    client.force_login(user)
    client.get(reverse("campaigns:waiting"))
    assert len(selectors.tables_to_play_list(user)) == 1
    with django_assert_max_num_queries(9):  # session, user, counts, 3 reports, 2 tables
        client.get(reverse("campaigns:waiting"))
