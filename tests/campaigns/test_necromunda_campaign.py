"""A Necromunda campaign through the services and its pages: the default VP (win 3, draw 1,
loss 0, +1 per enemy out of action), standings by outcome with the gang's own columns, the
history's words, a void that gives everything back, and pages whose queries do not grow
with the campaign (docs/games/necromunda.md, section 5)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns import selectors
from campaigns import services as campaign_services
from campaigns.models import Battle, HistoryEntry
from rosters import services as roster_services
from rules.documents import parse_roster
from tests.html_forms import house_table_post

pytestmark = pytest.mark.django_db


def gang(name: str, *fighters: tuple[str, str]) -> dict:
    return {
        "format": "squad-roster/1", "system": "necromunda", "name": name,
        "members": [{"name": n, "type": t} for n, t in fighters],
    }  # fmt: skip


RATS = gang("Rust Rats", ("Mak", "leader"), ("Hollis", "ganger"), ("Pip", "kid"))
BOYS = gang("Iron Boys", ("Grub", "leader"), ("Skab", "ganger"), ("Nix", "kid"))


@pytest.fixture
def war(organiser, user, other_user):
    campaign = campaign_services.campaign_create(
        organiser=organiser, name="Underhive", system="necromunda"
    )
    entries = []
    for player, doc in ((user, RATS), (other_user, BOYS)):
        campaign_services.campaign_join(campaign=campaign, user=player)
        squad = roster_services.squad_import(owner=player, roster=parse_roster(doc))
        entries.append(campaign_services.enrol(campaign=campaign, user=player, squad=squad))
    return campaign, entries


def report(rats, boys, *, outcomes=("win", "loss"), sides=({}, {})) -> dict:
    return {
        "format": "battle-report/1", "system": "necromunda",
        "sides": [
            {"squad_id": rats.squad_id, "outcome": outcomes[0], **sides[0]},
            {"squad_id": boys.squad_id, "outcome": outcomes[1], **sides[1]},
        ],
    }  # fmt: skip


def play(campaign, entries, user, other_user, **kwargs) -> Battle:
    submitted = campaign_services.battle_submit(
        campaign=campaign, user=user, document=report(*entries, **kwargs)
    )
    return campaign_services.battle_confirm(battle=submitted.battle, user=other_user)


def test_vp_standings_and_history_follow_the_default_reading(war, user, other_user):
    campaign, (rats, boys) = war
    assert campaign.points_limit is None and rats.squad.points_limit is None
    battle = play(campaign, (rats, boys), user, other_user, sides=(
        {"casualties": [{"member": "Hollis", "state": "out-of-action"}]},
        {"bottled": "test", "casualties": [{"member": "Skab", "state": "out-of-action"},
                                           {"member": "Nix", "state": "down"}]},
    ))  # fmt: skip

    sides = {s.entry_id: s for s in battle.sides.all()}
    assert (sides[rats.pk].mission_vp, sides[rats.pk].casualty_vp, sides[rats.pk].total_vp) == (
        3, 1, 4,
    )  # fmt: skip
    assert (sides[boys.pk].total_vp, sides[boys.pk].placing) == (1, "loss")
    rows = {row.squad: row for row in selectors.standings(campaign)}
    assert (rows["Rust Rats"].vp, rows["Rust Rats"].wins) == (4, 1)
    assert rows["Iron Boys"].tallies == {"bottled": 1, "out_of_action": 1}
    words = [
        selectors.describe(h, "necromunda") for h in HistoryEntry.objects.filter(battle=battle)
    ]
    assert "win: 3 VP for the mission, 1 for enemies out of action, 4 in all" in words
    assert any("serious injury" in w for w in words)


def test_a_gang_that_loses_on_vp_still_wins_by_its_outcome(war, user, other_user):
    campaign, (rats, boys) = war
    play(campaign, (rats, boys), user, other_user, sides=(
        {"casualties": [{"member": n, "state": "out-of-action"} for n in ("Mak", "Hollis")]},
        {"casualties": [{"member": n, "state": "out-of-action"} for n in ("Grub", "Skab", "Nix")]},
    ))  # fmt: skip
    rows = {row.squad: row for row in selectors.standings(campaign)}
    # The Rats won (3 + 3 = 6 VP); the Boys lost with 0 + 2 VP.
    assert (rows["Rust Rats"].wins, rows["Iron Boys"].losses) == (1, 1)


def test_a_void_gives_the_gangs_back(war, user, other_user, organiser):
    campaign, (rats, boys) = war
    before = [(m.name, m.status, m.record) for m in rats.squad.members.order_by("pk")]
    battle = play(campaign, (rats, boys), user, other_user, sides=(
        {"casualties": [{"member": "Pip", "state": "flesh-wound", "flesh_wounds": 2}]}, {},
    ))  # fmt: skip
    campaign_services.battle_void(battle=battle, user=organiser)
    assert [(m.name, m.status, m.record) for m in rats.squad.members.order_by("pk")] == before
    assert all(row.battles == 0 for row in selectors.standings(campaign))


def test_a_report_that_does_not_fit_is_refused_before_anything_is_stored(war, user):
    campaign, (rats, boys) = war
    with pytest.raises(campaign_services.ServiceError):
        campaign_services.battle_submit(
            campaign=campaign, user=user,
            document=report(rats, boys, outcomes=("win", "loss"), sides=({"bottled": "test"}, {})),
        )  # fmt: skip
    assert not Battle.objects.exists()


def _count(client, url) -> int:
    with CaptureQueriesContext(connection) as context:
        assert client.get(url).status_code == 200
    return len(context.captured_queries)


def test_the_pages_run_the_same_queries_after_one_battle_and_after_four(
    war, client, user, other_user, organiser
):
    campaign, (rats, boys) = war
    client.force_login(organiser)
    mak = rats.squad.members.get(name="Mak")
    urls = [
        reverse("campaigns:detail", args=[campaign.pk]),
        reverse("campaigns:battle", args=[campaign.pk, 1]),
        reverse("campaigns:entry", args=[campaign.pk, rats.pk]),
        reverse("campaigns:character", args=[campaign.pk, mak.pk]),
    ]
    play(campaign, (rats, boys), user, other_user,
         sides=({"casualties": [{"member": "Hollis", "state": "out-of-action"}]}, {}))  # fmt: skip
    one = [_count(client, url) for url in urls]
    for outcomes in (("loss", "win"), ("draw", "draw"), ("win", "loss")):
        play(campaign, (rats, boys), user, other_user, outcomes=outcomes,
             sides=({"deeds": [{"member": "Mak", "out_of_action": 1}]}, {}))  # fmt: skip
    assert [_count(client, url) for url in urls] == one


def test_a_serious_injury_is_recorded_by_hand_and_undone_by_a_void(
    war, client, user, other_user, organiser
):
    campaign, (rats, boys) = war
    hurt = ({"casualties": [{"member": "Hollis", "state": "out-of-action"}]}, {})
    battle = play(campaign, (rats, boys), user, other_user, sides=hurt)
    page_url = reverse("campaigns:battle", args=[campaign.pk, battle.number])
    hollis = rats.squad.members.get(name="Hollis")
    url = reverse("campaigns:battle_aftermath", args=[campaign.pk, battle.number, hollis.pk])
    client.force_login(user)
    page = client.get(page_url).content.decode()
    assert "After the battle" in page and url in page
    assert "VP for enemies out of action" in page

    client.force_login(other_user)  # not the Rats' player, not the organiser
    client.post(url, {"status": "dead"})
    hollis.refresh_from_db()
    assert hollis.status == "active"

    client.force_login(user)
    response = client.post(url, {"status": "recovering", "advances-t": "-1", "advances-ws": "0"})
    assert response.status_code == 302
    hollis.refresh_from_db()
    assert (hollis.status, hollis.record["advances"]) == ("recovering", {"t": -1})
    words = [selectors.describe(h, "necromunda")
             for h in HistoryEntry.objects.filter(battle=battle, kind="recorded")]  # fmt: skip
    assert words == [
        "recorded after the battle by mint: status active → recovering",
        "recorded after the battle by mint: Advances — → T -1",
    ]
    mak = rats.squad.members.get(name="Mak")  # not out of action: nothing to record
    refused = reverse("campaigns:battle_aftermath", args=[campaign.pk, battle.number, mak.pk])
    client.post(refused, {"status": "dead"})
    assert rats.squad.members.get(name="Mak").status == "active"

    campaign_services.battle_void(battle=battle, user=organiser)
    hollis.refresh_from_db()
    assert (hollis.status, hollis.record["advances"]) == ("active", {})


def test_nothing_is_recorded_after_the_squad_fought_again(war, user, other_user):
    campaign, (rats, boys) = war
    hurt = ({"casualties": [{"member": "Hollis", "state": "out-of-action"}]}, {})
    first = play(campaign, (rats, boys), user, other_user, sides=hurt)
    play(campaign, (rats, boys), user, other_user)
    hollis = rats.squad.members.get(name="Hollis")
    with pytest.raises(campaign_services.ServiceError) as refused:
        campaign_services.battle_aftermath(
            battle=first, user=user, member=hollis, status="dead", record={}
        )
    assert refused.value.code == "battle-state"
    hollis.refresh_from_db()
    assert hollis.status == "active"


def test_a_campaign_points_table_costs_gangs_and_refuses_a_report_over_its_limit(
    war, client, user, other_user, organiser
):
    """necromunda.md 1.6: gangs are costed only where a campaign sets a points table, and
    then the campaign's limit applies (``points-over-limit``, gang-level)."""
    campaign, (rats, boys) = war
    entry_url = reverse("campaigns:entry", args=[campaign.pk, rats.pk])
    settings_url = reverse("campaigns:settings", args=[campaign.pk])
    client.force_login(user)
    assert "Points: not costed" in client.get(entry_url).content.decode()

    client.force_login(organiser)
    limit = client.post(settings_url, {"name": "Underhive", "points_limit": 150})
    assert limit.status_code == 302
    bad = house_table_post(client, campaign, "points", {
        "fighters-count": "1", "fighters-0-type": "heavy", "fighters-0-cost": "60"})  # fmt: skip
    assert bad.status_code == 400
    page = bad.content.decode()
    assert "heavy" in page[page.index('name="fighters-0-type"') :].split("</td>")[0]
    rows = {"fighters-count": "3"}
    for i, (kind, cost) in enumerate([("leader", 100), ("ganger", 40), ("kid", 20)]):
        rows |= {f"fighters-{i}-type": kind, f"fighters-{i}-cost": str(cost)}
    saved = house_table_post(client, campaign, "points", rows)
    assert saved.status_code == 302
    campaign.refresh_from_db()
    assert campaign.house_rules["points"] == {"fighters": {"leader": 100, "ganger": 40, "kid": 20}}

    client.force_login(user)
    page = client.get(entry_url).content.decode()
    assert "Points in this campaign: 160 of 150." in page  # 100 + 40 + 20
    assert "Over the limit" in page
    with pytest.raises(campaign_services.ServiceError) as refused:
        campaign_services.battle_submit(campaign=campaign, user=user, document=report(rats, boys))
    text = str(refused.value.problems if hasattr(refused.value, "problems") else refused.value)
    assert "Rust Rats is not valid" in text and "160" in text and "150" in text
    assert not Battle.objects.exists()

    # both gangs' kids die in a story the organiser tells: the gangs are back within it
    for entry, kid in ((rats, "Pip"), (boys, "Nix")):
        fighter = entry.squad.members.get(name=kid)
        fighter.status = "dead"
        fighter.save()
    assert "Points in this campaign: 140 of 150." in client.get(entry_url).content.decode()
    assert play(campaign, (rats, boys), user, other_user).status == "confirmed"
