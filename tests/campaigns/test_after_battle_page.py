"""The aftermath's one screen per battle and player (#31 item 3) and its API: the dice to
give or leave to the server, a preview that writes nothing, Keep in one step, the organiser's
list of unfinished aftermaths (one query); hostile names escaped everywhere."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from campaigns import selectors
from campaigns import services as campaign_services
from campaigns.adapters import load_rosters
from campaigns.models import HistoryEntry
from rosters import services as roster_services
from rules.documents import parse_roster
from tests.campaigns.test_necromunda_campaign import gang, report, war  # noqa: F401

pytestmark = pytest.mark.django_db

PACK = json.loads(
    (Path(__file__).resolve().parents[2] / "docs" / "packs" / "necromunda.json").read_text()
)
EVIL = "<script>alert(1)</script>"
OOA = "out-of-action"
RATS = gang(f"Rats {EVIL}", ("Mak", "leader"), (f"Hol{EVIL}", "ganger"), ("Pip", "kid"))
BOYS = gang("Iron Boys", ("Grub", "leader"), ("Skab", "ganger"), ("Nix", "kid"))


@pytest.fixture
def packed(organiser, user, other_user):
    campaign = campaign_services.campaign_create(
        organiser=organiser, name=f"Hive {EVIL}", system="necromunda"
    )
    pack = roster_services.pack_import(owner=organiser, document=PACK)
    campaign_services.campaign_pack_set(campaign=campaign, user=organiser, pack=pack)
    entries = []
    for player, doc in ((user, RATS), (other_user, BOYS)):
        campaign_services.campaign_join(campaign=campaign, user=player)
        squad = roster_services.squad_import(owner=player, roster=parse_roster(doc))
        entries.append(campaign_services.enrol(campaign=campaign, user=player, squad=squad))
    campaign.refresh_from_db()
    submitted = campaign_services.battle_submit(
        campaign=campaign, user=user,
        document=report(*entries, sides=({"casualties": [{"member": f"Hol{EVIL}", "state": OOA}]},
                                         {})),
    )  # fmt: skip
    battle = campaign_services.battle_confirm(battle=submitted.battle, user=other_user)
    return campaign, entries, battle


def record(entry) -> dict:
    roster = load_rosters([entry.squad_id])[entry.squad_id].roster
    return {m.name: (m.status, dict(m.record)) for m in roster.members}


def test_the_screen_previews_then_keeps_and_escapes_names(packed, client, user, other_user):
    campaign, (rats, boys), battle = packed
    url = reverse("campaigns:after_battle", args=[campaign.pk, battle.number])
    client.force_login(user)
    page = client.get(reverse("campaigns:battle", args=[campaign.pk, battle.number])).content
    assert url.encode() in page and EVIL.encode() not in page

    page = client.get(url).content.decode()
    assert EVIL not in page and "&lt;script&gt;" in page
    key = f"roll:injury:Hol{EVIL}"
    assert 'name="roll:injury:Hol&lt;script&gt;alert(1)&lt;/script&gt;"' in page
    assert "After the battle" in page and "let the server roll it" in page

    before = record(rats)
    rolls = {key: "4", "roll:advance:Mak:1": "6", "roll:advance:Pip:1": ""}
    page = client.post(url, {**rolls, "action": "preview", "entry": rats.pk}).content.decode()
    assert record(rats) == before  # a preview writes nothing
    assert "serious injury: rolled 4 at the table: Leg wound" in page
    assert "A +1" in page and "by the server" in page and EVIL not in page
    assert 'value="keep"' in page

    refused = client.post(url, {key: "13", "action": "preview"}).content.decode()
    assert "is not a roll of 2d6" in refused

    client.force_login(other_user)  # not the Rats' player: the Boys' screen only
    assert client.get(f"{url}?entry={rats.pk}").status_code == 403

    client.force_login(user)
    kept = client.post(url, {**rolls, "roll:advance:Pip:1": "5", "action": "keep"})
    assert kept.status_code == 302
    after = record(rats)
    assert after[f"Hol{EVIL}"][1]["injuries"] == "Leg wound"
    assert after["Pip"][1]["skills"] == "Nerves of steel"
    again = client.post(url, {"action": "keep"}, follow=True).content.decode()
    assert "kept already" in again


def test_the_organiser_sees_who_has_not_finished(
    packed, client, organiser, user, django_assert_max_num_queries
):
    campaign, (rats, boys), battle = packed
    campaign_services.keep_aftermath(battle=battle, user=user, rolls={})
    with django_assert_max_num_queries(1):
        unfinished = selectors.unfinished_aftermaths(campaign)
    assert [(u.number, u.squad) for u in unfinished] == [(battle.number, "Iron Boys")]
    client.force_login(organiser)
    page = client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
    assert "Aftermath not finished" in page and "Iron Boys" in page
    client.force_login(user)  # a player does not see the list
    page = client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
    assert "Aftermath not finished" not in page


def test_the_api_lists_previews_and_keeps(packed, user, other_user, organiser):
    campaign, (rats, boys), battle = packed
    api = APIClient()
    api.force_authenticate(user)
    url = f"/api/campaigns/{campaign.pk}/battles/{battle.number}/aftermath/"
    sides = api.get(url).json()["sides"]
    assert [s["state"] for s in sides] == ["pending", "pending"]
    assert {d["key"] for d in sides[0]["dice"]} >= {f"injury:Hol{EVIL}"}

    rolls = {f"injury:Hol{EVIL}": 2}
    preview = api.post(url, {"rolls": rolls, "preview": True}, format="json")
    assert preview.status_code == 200 and preview.json()["kept"] is False
    assert HistoryEntry.objects.filter(battle=battle, kind="injury").count() == 0
    bad = api.post(url, {"rolls": {f"injury:Hol{EVIL}": 1}}, format="json")
    assert bad.status_code == 422
    assert bad.json()["errors"][0]["field"] == f"rolls.injury:Hol{EVIL}"

    other = APIClient()
    other.force_authenticate(other_user)
    assert other.post(url, {"entry": rats.pk}, format="json").status_code == 403

    kept = api.post(url, {"rolls": rolls}, format="json")
    assert kept.status_code == 200 and kept.json()["kept"] is True
    texts = [c["text"] for c in kept.json()["changes"]]
    assert "serious injury: rolled 2 at the table: Dead" in texts
    assert record(rats)[f"Hol{EVIL}"][0] == "dead"
    assert api.post(url, {"rolls": {}}, format="json").status_code == 409
    assert [s["state"] for s in api.get(url).json()["sides"]] == ["done", "pending"]


def test_without_the_tables_the_screen_lists_the_hand_record(war, user, other_user, client):  # noqa: F811
    campaign, entries = war
    hurt = {"casualties": [{"member": "Hollis", "state": OOA}]}
    submitted = campaign_services.battle_submit(
        campaign=campaign, user=user, document=report(*entries, sides=(hurt, {}))
    )
    battle = campaign_services.battle_confirm(battle=submitted.battle, user=other_user)
    url = reverse("campaigns:after_battle", args=[campaign.pk, battle.number])
    client.force_login(user)
    page = client.get(url).content.decode()
    assert "To record by hand" in page and "<li>Hollis</li>" in page
    assert "Mark the aftermath done" in page and "Dice" not in page
    assert [u.squad for u in selectors.unfinished_aftermaths(campaign)] == ["Rust Rats"]
    assert client.post(url, {"action": "keep"}).status_code == 302
    assert selectors.unfinished_aftermaths(campaign) == []
    client.force_login(other_user)  # the Boys had no one out of action: nothing to keep
    assert "Nothing to roll or record" in client.get(url).content.decode()
