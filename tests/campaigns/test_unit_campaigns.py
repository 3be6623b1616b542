"""Campaigns of the two games played with units, through the services, the pages and the
API: the report screen's row per unit, the default VP (one-page modern: win 3, draw 1,
loss 0, less 1 per own unit destroyed; Bolt Action: plus 1 per enemy unit destroyed, never
below 0), standings with each game's columns, the history's words, a void that gives
everything back, and refusals that name the squad and the unit (one-page-modern.md section
5, bolt-action.md section 4)."""

from __future__ import annotations

from dataclasses import replace
from html import unescape

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from campaigns import selectors
from campaigns import services as campaign_services
from campaigns.models import Battle, HistoryEntry
from rosters import services as roster_services
from rules import get_system
from tests.html_forms import house_table_post
from tests.printing.conftest import pdf_text

pytestmark = pytest.mark.django_db

OPM, BA = "one-page-modern", "bolt-action"


def _forces(code: str) -> tuple:
    demo = get_system(code).demo()[0]
    return demo, replace(demo, name=f"{demo.name} II")


@pytest.fixture
def war(request, organiser, user, other_user):
    """A campaign of the game ``request.param`` with two forces enrolled (the game's demo
    force under two names): ``(campaign, [entry of user, entry of other_user])``."""
    code = request.param
    campaign = campaign_services.campaign_create(organiser=organiser, name="Front", system=code)
    entries = []
    for player, roster in zip((user, other_user), _forces(code), strict=True):
        campaign_services.campaign_join(campaign=campaign, user=player)
        squad = roster_services.squad_import(owner=player, roster=roster)
        entries.append(campaign_services.enrol(campaign=campaign, user=player, squad=squad))
    return campaign, entries


def document(campaign, entries, outcomes=("win", "loss"), casualties=((), ())) -> dict:
    return {
        "format": "battle-report/1", "system": campaign.system, "scenario": "Bridge",
        "sides": [
            {"squad_id": e.squad_id, "outcome": o, "casualties": list(c)}
            for e, o, c in zip(entries, outcomes, casualties, strict=True)
        ],
    }  # fmt: skip


def play(campaign, entries, user, other_user, **kwargs) -> Battle:
    submitted = campaign_services.battle_submit(
        campaign=campaign, user=user, document=document(campaign, entries, **kwargs)
    )
    return campaign_services.battle_confirm(battle=submitted.battle, user=other_user)


def words(battle: Battle) -> list[str]:
    system = battle.campaign.system
    return [selectors.describe(h, system) for h in HistoryEntry.objects.filter(battle=battle)]


def rows(campaign) -> dict:
    return {row.squad: row for row in selectors.standings(campaign)}


# --- one-page modern ------------------------------------------------------------------------


@pytest.mark.parametrize("war", [OPM], indirect=True)
def test_one_page_modern_scores_units_destroyed_against_their_own_side(war, user, other_user):
    campaign, (kestrel, second) = war
    assert campaign.points_limit is None
    battle = play(campaign, (kestrel, second), user, other_user, casualties=(
        [{"unit": "1st Section", "lost": 2}],
        [{"unit": "Leopard", "lost": 1}, {"unit": "Pillbox", "lost": 1},
         {"unit": "1st Section", "lost": 3}],
    ))  # fmt: skip
    sides = {s.entry_id: s for s in battle.sides.all()}
    won, lost = sides[kestrel.pk], sides[second.pk]
    assert (won.mission_vp, won.casualty_vp, won.total_vp, won.placing) == (3, 0, 3, "win")
    assert (lost.mission_vp, lost.casualty_vp, lost.total_vp, lost.placing) == (0, 2, -2, "loss")
    table = rows(campaign)
    assert (table["Task Force Kestrel"].vp, table["Task Force Kestrel"].casualties) == (3, 2)
    assert (table["Task Force Kestrel II"].vp, table["Task Force Kestrel II"].casualties) == (-2, 5)
    assert table["Task Force Kestrel II"].tallies == {"units_destroyed": 2}
    said = words(battle)
    assert said[0] == "win: 3 VP for the mission, −0 for own units destroyed, 3 in all"
    assert any("1st Section" in w and "2" in w and "7" in w for w in said)
    assert any("Leopard" in w and "destroyed" in w for w in said)


@pytest.mark.parametrize("war", [OPM], indirect=True)
def test_one_page_modern_ranks_level_forces_by_the_fewest_models_lost(war, user, other_user):
    campaign, (kestrel, second) = war
    play(
        campaign,
        (kestrel, second),
        user,
        other_user,
        outcomes=("draw", "draw"),
        casualties=([{"unit": "1st Section", "lost": 1}], [{"unit": "1st Section", "lost": 4}]),
    )
    table = selectors.standings(campaign)
    assert [(r.squad, r.rank, r.vp, r.casualties) for r in table] == [
        ("Task Force Kestrel", 1, 1, 1), ("Task Force Kestrel II", 2, 1, 4),
    ]  # fmt: skip


@pytest.mark.parametrize("war", [OPM], indirect=True)
def test_the_report_screen_has_a_row_per_unit_and_names_the_unit_it_refuses(war, client, user):
    campaign, (kestrel, second) = war
    client.force_login(user)
    url = reverse("campaigns:battle_new", args=[campaign.pk])
    sides = {"side": [str(kestrel.pk), str(second.pk)]}
    page = client.get(url, sides).content.decode()
    assert 'name="s0-u0-lost"' in page and "1st Section" in page and "Pillbox" in page
    assert "the product's default" in unescape(page)  # the campaign layer says where it comes from

    too_many = {**sides, "s0-outcome": "win", "s1-outcome": "loss", "s1-u0-lost": "8"}
    refused = client.post(url, too_many)
    assert refused.status_code == 400
    text = refused.content.decode()
    assert "Task Force Kestrel II, 1st Section:" in text and "cannot lose 8" in text
    not_a_number = client.post(url, {**too_many, "s1-u0-lost": "two"})
    assert "Task Force Kestrel II, 1st Section: Models lost must be a whole number" in (
        not_a_number.content.decode()
    )
    misfit = client.post(url, {**sides, "s0-outcome": "win", "s1-outcome": "win"})
    assert misfit.status_code == 400 and "do not fit together" in misfit.content.decode()
    assert not Battle.objects.exists()

    sent = client.post(url, {**too_many, "s1-u0-lost": "7", "s1-u1-lost": "0", "played_on": ""})
    battle = Battle.objects.get()
    assert sent.status_code == 302
    assert battle.report["sides"][1]["casualties"] == [{"unit": "1st Section", "lost": 7}]
    assert battle.report["sides"][0]["casualties"] == []
    detail = client.get(reverse("campaigns:battle", args=[campaign.pk, 1])).content.decode()
    assert "1st Section: models lost 7" in detail


@pytest.mark.parametrize("war", [OPM], indirect=True)
def test_a_void_gives_the_standings_and_the_forces_back(war, user, other_user, organiser):
    campaign, (kestrel, second) = war
    units_before = [e.squad.units for e in (kestrel, second)]
    battle = play(campaign, (kestrel, second), user, other_user,
                  casualties=([], [{"unit": "Leopard", "lost": 1}]))  # fmt: skip
    assert rows(campaign)["Task Force Kestrel II"].vp == -1
    campaign_services.battle_void(battle=battle, user=organiser)
    assert all(r.battles == r.vp == r.casualties == 0 for r in selectors.standings(campaign))
    assert all(r.tallies == {"units_destroyed": 0} for r in selectors.standings(campaign))
    for entry, before in zip((kestrel, second), units_before, strict=True):
        entry.squad.refresh_from_db()
        assert entry.squad.units == before
    battle.refresh_from_db()
    assert battle.status == "voided"


@pytest.mark.parametrize("war", [OPM], indirect=True)
def test_house_rules_change_the_victory_points(war, client, user, other_user, organiser):
    campaign, entries = war
    client.force_login(organiser)
    key = "unit_destroyed" if campaign.system == "one-page-modern" else "enemy_unit_destroyed"
    bad = house_table_post(client, campaign, "victory_points", {"win": "5", key: "200"})
    page = bad.content.decode()
    assert (
        bad.status_code == 400 and "must be from -99 to 99" in page[page.index(f'name="{key}"') :]
    )
    saved = house_table_post(client, campaign, "victory_points", {"win": "5", key: "2"})
    assert saved.status_code == 302
    campaign.refresh_from_db()
    battle = play(campaign, entries, user, other_user,
                  casualties=([{"unit": "Pillbox", "lost": 1}], []))  # fmt: skip
    vp = sorted((s.mission_vp, s.casualty_vp, s.total_vp) for s in battle.sides.all())
    assert vp == [(0, 0, 0), (5, 2, 3)]


# --- Bolt Action ----------------------------------------------------------------------------


@pytest.mark.parametrize("war", [BA], indirect=True)
def test_bolt_action_scores_enemy_units_destroyed_and_keeps_each_end_state(war, user, other_user):
    campaign, (becker, second) = war
    battle = play(campaign, (becker, second), user, other_user, casualties=(
        [{"unit": "1st Squad", "state": "casualties", "lost": 3, "pins": 2},
         {"unit": "MG Team", "state": "intact", "pins": 1}],
        [{"unit": "Panzer IV", "state": "destroyed"}, {"unit": "Scouts", "state": "destroyed"}],
    ))  # fmt: skip
    sides = {s.entry_id: s for s in battle.sides.all()}
    won, lost = sides[becker.pk], sides[second.pk]
    assert (won.mission_vp, won.casualty_vp, won.total_vp, won.placing) == (3, 2, 5, "win")
    assert (lost.mission_vp, lost.casualty_vp, lost.total_vp, lost.placing) == (0, 0, 0, "loss")
    table = rows(campaign)
    assert table["Kampfgruppe Becker"].tallies == {"enemy_destroyed": 2}
    assert (table["Kampfgruppe Becker II"].casualties, table["Kampfgruppe Becker"].casualties) == (
        2, 0,
    )  # fmt: skip
    said = words(battle)
    assert said[0] == "win: 3 VP for the mission, +2 for enemy units destroyed, 5 in all"
    assert "1st Squad: ended with casualties (models lost: 3, pins: 2)" in said
    assert "MG Team: intact, pins: 1" in said
    assert any("Panzer IV" in w and "destroyed" in w for w in said)
    assert not any("Pak 40" in w for w in said)  # intact and unpinned: nothing to say


@pytest.mark.parametrize("war", [BA], indirect=True)
def test_the_bolt_action_screen_takes_an_end_state_per_unit(war, client, user, other_user):
    campaign, (becker, second) = war
    client.force_login(user)
    url = reverse("campaigns:battle_new", args=[campaign.pk])
    base = {"side": [str(becker.pk), str(second.pk)], "s0-outcome": "draw", "s1-outcome": "draw"}
    page = client.get(url, base).content.decode()
    assert 'name="s0-u3-state"' in page and 'value="destroyed"' in page
    assert 'name="s1-u0-pins"' in page

    no_lost = client.post(url, {**base, "s0-u0-state": "casualties"})
    assert no_lost.status_code == 400
    assert "Kampfgruppe Becker, 1st Squad: lost is required" in no_lost.content.decode()
    all_lost = client.post(url, {**base, "s0-u0-state": "casualties", "s0-u0-lost": "9"})
    assert "Kampfgruppe Becker, 1st Squad:" in all_lost.content.decode()
    assert "report it destroyed" in all_lost.content.decode()
    assert not Battle.objects.exists()

    sent = client.post(url, {
        **base, "s0-u0-state": "casualties", "s0-u0-lost": "2", "s0-u0-pins": "1",
        "s0-u1-state": "intact", "s0-u1-pins": "3", "s1-u3-state": "destroyed",
        "s1-u2-state": "intact", "s1-u2-pins": "0",
    })  # fmt: skip
    assert sent.status_code == 302
    battle = Battle.objects.get()
    assert battle.report["sides"][0]["casualties"] == [
        {"unit": "1st Squad", "state": "casualties", "lost": 2, "pins": 1},
        {"unit": "MG Team", "state": "intact", "pins": 3},
    ]
    assert battle.report["sides"][1]["casualties"] == [{"unit": "Panzer IV", "state": "destroyed"}]
    client.force_login(other_user)
    client.post(reverse("campaigns:battle_confirm", args=[campaign.pk, 1]))
    battle.refresh_from_db()
    assert battle.status == "confirmed"
    vp = {s.entry_id: s.total_vp for s in battle.sides.all()}
    assert vp == {becker.pk: 2, second.pk: 1}
    detail = client.get(reverse("campaigns:battle", args=[campaign.pk, 1])).content.decode()
    assert "1st Squad: with casualties, models lost 2, pins 1" in detail
    assert "Panzer IV: destroyed" in detail


@pytest.mark.parametrize("war", [BA], indirect=True)
def test_bolt_action_pages_show_the_games_columns_and_the_campaign_report_says_them(
    war, client, user, other_user, organiser
):
    campaign, entries = war
    play(campaign, entries, user, other_user,
         casualties=([], [{"unit": "Pak 40", "state": "destroyed"}]))  # fmt: skip
    client.force_login(organiser)
    page = client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
    assert "Units lost" in page and "Enemy units destroyed" in page
    assert "the product's default" in unescape(page)
    entry = client.get(reverse("campaigns:entry", args=[campaign.pk, entries[0].pk]))
    assert "Panzer IV" in entry.content.decode() and "Models" in entry.content.decode()
    report = client.get(reverse("campaigns:report_pdf", args=[campaign.pk]))
    text = pdf_text(report.content)
    assert "UNITS LOST" in text.upper() and "ENEMY UNITS DESTROYED" in text.upper()
    assert "The rulebook has no campaign rules" in text
    open("/tmp/bolt-action-campaign-report.pdf", "wb").write(report.content)
    assert "Kampfgruppe Becker II" in text


@pytest.mark.parametrize("war", [OPM, BA], indirect=True)
def test_the_pages_run_the_same_queries_after_one_battle_and_after_three(
    war, client, user, other_user, organiser
):
    campaign, entries = war
    client.force_login(organiser)
    urls = [
        reverse("campaigns:detail", args=[campaign.pk]),
        reverse("campaigns:battle", args=[campaign.pk, 1]),
        reverse("campaigns:entry", args=[campaign.pk, entries[0].pk]),
    ]
    unit = get_system(campaign.system).demo()[0].units[-1].name
    casualty = {"unit": unit, "lost": 1} if campaign.system == OPM else {
        "unit": unit, "state": "destroyed"}  # fmt: skip
    play(campaign, entries, user, other_user, casualties=([casualty], []))

    def count(url):
        with CaptureQueriesContext(connection) as context:
            assert client.get(url).status_code == 200
        return len(context.captured_queries)

    one = [count(url) for url in urls]
    for outcomes in (("loss", "win"), ("draw", "draw")):
        play(campaign, entries, user, other_user, outcomes=outcomes, casualties=([casualty], []))
    assert [count(url) for url in urls] == one


@pytest.mark.parametrize("war", [OPM, BA], indirect=True)
def test_a_report_through_the_api_is_applied_and_voided_like_a_page_report(
    war, user, other_user, organiser
):
    campaign, entries = war
    unit = get_system(campaign.system).demo()[0].units[0].name
    casualty = {"unit": unit, "lost": 1} if campaign.system == OPM else {
        "unit": unit, "state": "casualties", "lost": 1}  # fmt: skip
    api = APIClient()
    api.force_authenticate(user)
    base = f"/api/campaigns/{campaign.pk}"
    refused = api.post(f"{base}/battles/", document(campaign, entries, casualties=(
        [{**casualty, "unit": "Nobody"}], [])), format="json")  # fmt: skip
    assert refused.status_code == 422 and "sides[0].casualties[0].unit" in refused.content.decode()
    sent = api.post(f"{base}/battles/", document(campaign, entries, casualties=([casualty], [])),
                    format="json")  # fmt: skip
    assert sent.status_code == 201, sent.content
    number = sent.json()["number"]
    api.force_authenticate(other_user)
    assert api.post(f"{base}/battles/{number}/confirm/").status_code == 200
    battle = api.get(f"{base}/battles/{number}/").json()
    assert [h["member"] for h in battle["history"]] == [None] * len(battle["history"])
    assert any(unit in h["text"] for h in battle["history"])
    standings = api.get(f"{base}/standings/").json()
    assert sorted(row["vp"] for row in standings) == [0, 3]
    api.force_authenticate(organiser)
    assert api.post(f"{base}/battles/{number}/void/").status_code == 200
    standings = api.get(f"{base}/standings/").json()
    assert all(row["vp"] == 0 and row["battles"] == 0 for row in standings)
