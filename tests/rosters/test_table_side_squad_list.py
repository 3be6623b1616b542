"""Issue 14, part 2: "My squads" shows each squad's points, validity and model count, and
the campaign a copy plays in, in a number of queries that does not grow with the squads."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import escape

from campaigns import services as campaign_services
from rosters import services
from rosters.demo import demo_rosters
from tests.rosters.conftest import grunts_roster

pytestmark = pytest.mark.django_db


def row(html: str, name: str) -> str:
    """The table row of the squad named ``name``, its text on one line."""
    cell = html.index(f">{escape(name)}</a>")
    start, end = html.rindex("<tr", 0, cell), html.index("</tr>", cell)
    return " ".join(html[start:end].split())


def test_my_squads_shows_points_validity_and_models(make_squad, owner_client):
    legal = make_squad()
    short = make_squad(grunts_roster(4))  # 4 models: too few
    dead = legal.members.get(name="Grunt 1")
    services.member_update(member=dead, name=dead.name, type="grunt", status="dead")
    html = owner_client.get(reverse("rosters:list")).content.decode()
    mine = row(html, legal.name)
    assert "190 / 200" in mine and "Valid" in mine and "11 (1 dead)" in mine
    theirs = row(html, short.name)
    assert "80 / 500" in theirs and "Invalid: 1 rule broken" in theirs and ">4<" in theirs


def test_a_campaign_copy_names_its_campaign(enrolled, owner_client, campaign):
    html = owner_client.get(reverse("rosters:list")).content.decode()
    copy = html.split("campaign-squads")[1]
    assert campaign.name in copy
    assert reverse("campaigns:detail", args=[campaign.pk]) in copy
    assert "200 / 200" in copy and "Valid" in copy


def test_a_force_of_units_counts_its_models(owner_client, user):
    force = next(r for r in demo_rosters() if r.system == "one-page-modern")
    squad = services.squad_import(owner=user, roster=force)
    html = owner_client.get(reverse("rosters:list")).content.decode()
    assert "not costed" in row(html, squad.name) and ">9<" in row(html, squad.name)


def _queries(client) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(reverse("rosters:list")).status_code == 200
    return len(queries)


def test_my_squads_runs_as_many_queries_for_ten_squads_as_for_one(
    make_squad, owner_client, user, campaign, django_assert_max_num_queries
):
    make_squad()
    one = _queries(owner_client)
    campaign_services.campaign_join(campaign=campaign, user=user)
    campaign_services.enrol(campaign=campaign, user=user, squad=make_squad())  # and its copy
    for i in range(7):
        make_squad(grunts_roster(6 + i % 4))
    with django_assert_max_num_queries(one):
        html = owner_client.get(reverse("rosters:list")).content.decode()
    assert html.count("<tr") == 2 + 10  # two tables' heads, ten squads (the copy among them)
