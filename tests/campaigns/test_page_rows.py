"""The campaign page's and a round's page's long tables, built in Python
(``campaigns/views/rows.py``) at club size (issue #31): a fixed number of queries whatever
the campaign's size, every user's text escaped, each row's links and controls as before.

The campaigns come from ``bench.bench_rounds.club_night`` (what ``make bench`` reads), built
once for the module in a transaction rolled back at its end.
"""

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import reverse

from bench.bench_rounds import club_night
from campaigns.models import Entry, Pairing, Player
from rosters.models import Squad

pytestmark = pytest.mark.django_db

MOST = {"detail": 11, "round": 8}  # the organiser's, at any size (11: unfinished aftermaths)


@pytest.fixture(scope="module")
def nights(django_db_setup, django_db_blocker):
    """{"small": (campaign, round), "big": (campaign, round)}, for the whole module."""
    with django_db_blocker.unblock(), transaction.atomic():
        users = get_user_model().objects
        yield {
            size: club_night(users.create_user(f"{size}-orga"), squads=squads, battles=battles,
                             prefix=size)
            for size, squads, battles in (("small", 10, 20), ("big", 60, 600))
        }  # fmt: skip
        transaction.set_rollback(True)


def _urls(campaign) -> dict[str, str]:
    return {
        "detail": reverse("campaigns:detail", args=[campaign.pk]),
        "round": reverse("campaigns:round", args=[campaign.pk, 1]),
    }


@pytest.mark.parametrize("page", list(MOST))
def test_a_page_runs_as_many_queries_at_10_and_at_60_squads(
    nights, client, django_assert_max_num_queries, django_assert_num_queries, page
):
    counts = {}
    for size in ("small", "big"):
        campaign, _round = nights[size]
        client.force_login(campaign.organiser)
        url = _urls(campaign)[page]
        assert client.get(url).status_code == 200  # sessions and caches warm
        with django_assert_max_num_queries(MOST[page]) as captured:
            assert client.get(url).status_code == 200
        counts[size] = len(captured)
    assert counts["small"] == counts["big"]


@pytest.fixture
def hostile(nights):
    """The small campaign, its first squad and first player named with markup."""
    campaign, round = nights["small"]
    entry = Entry.objects.filter(campaign=campaign).order_by("pk")[2]
    Squad.objects.filter(pk=entry.squad_id).update(name='<b>"Bad" & Co</b>')
    get_user_model().objects.filter(pk=entry.player_id).update(username="<i>mallory</i>")
    return campaign, round, entry


def test_the_campaign_page_escapes_names_and_links_each_row(hostile, client):
    campaign, _round, entry = hostile
    client.force_login(campaign.organiser)
    html = client.get(_urls(campaign)["detail"]).content.decode()
    assert "<b>" not in html and "<i>mallory" not in html
    squad = "&lt;b&gt;&quot;Bad&quot; &amp; Co&lt;/b&gt;"
    entry_url = reverse("campaigns:entry", args=[campaign.pk, entry.pk])
    assert f'<a href="{entry_url}">{squad}</a>' in html  # the standings' row
    player = Player.objects.get(campaign=campaign, user_id=entry.player_id)
    remove = reverse("campaigns:player_remove", args=[campaign.pk, player.pk])
    assert (
        'hx-confirm="Remove &lt;i&gt;mallory&lt;/i&gt; from the campaign? Their squads are '
        'withdrawn; their battles stay."' in html
    )
    assert f'<form method="get" action="{remove}" hx-post="{remove}"' in html
    # the organiser is listed without a button that removes them
    mine = Player.objects.get(campaign=campaign, user=campaign.organiser)
    assert reverse("campaigns:player_remove", args=[campaign.pk, mine.pk]) not in html
    assert html.count('class="danger"') == Player.objects.filter(campaign=campaign).count() - 1


def test_the_round_page_escapes_names_and_offers_the_seated_player_their_links(hostile, client):
    campaign, round, entry = hostile
    table = Pairing.objects.get(round=round, seats__entry=entry)
    client.force_login(entry.player)
    html = client.get(_urls(campaign)["round"]).content.decode()
    assert "<b>" not in html and "<i>mallory" not in html
    assert '&lt;b&gt;&quot;Bad&quot; &amp; Co&lt;/b&gt;</a> <span class="muted">' in html
    assert 'name="scenario"' not in html  # a player types no scenario
    if table.battle_id is None:
        crew = reverse("campaigns:round_crew", args=[campaign.pk, 1, entry.pk])
        assert f'<a class="crew-link" href="{crew}">Choose the crew</a>' in html
        assert html.count('class="report-link"') == 1
        assert html.count('class="crew-link"') == 1
    client.force_login(campaign.organiser)
    html = client.get(_urls(campaign)["round"]).content.decode()
    assert (
        html.count('name="scenario"')
        == Pairing.objects.filter(round=round, table__isnull=False).count()
    )
    assert html.count('name="csrfmiddlewaretoken"') >= html.count('name="scenario"')
