"""Campaign pages: the flow through the screens, and who may see and do what."""

import re

import pytest
from django.urls import reverse

from campaigns import services
from campaigns.models import Battle
from rosters.models import Member
from tests.campaigns.conftest import report
from tests.html_forms import house_table_post

pytestmark = pytest.mark.django_db


def test_a_battle_through_the_screens(client, campaign, enrolled, user, other_user):
    us, vc = enrolled
    client.force_login(user)
    url = reverse("campaigns:battle_new", args=[campaign.pk])
    page = client.get(url)
    assert page.status_code == 200 and "Mint&#x27;s Marauders" in page.content.decode()
    form = client.get(url, {"side": [us.pk, vc.pk]})
    html = form.content.decode()
    key = re.search(r'name="idempotency_key" value="(\w+)"', html).group(1)
    ling = Member.objects.get(squad=us.squad, name="Ling")
    mint = Member.objects.get(squad=us.squad, name="Capt. Steven Mint")
    data = {
        "side": [us.pk, vc.pk], "idempotency_key": key, "scenario": "River", "played_on":
        "2026-11-20", "s0-outcome": "full", "s1-outcome": "failed",
        f"s0-m{ling.pk}-state": "killed", f"s0-m{mint.pk}-out_of_action": "2",
    }  # fmt: skip
    response = client.post(url, data)
    battle = Battle.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("campaigns:battle", args=[campaign.pk, 1])
    assert client.post(url, data).status_code == 302  # a double click: still one battle
    assert Battle.objects.count() == 1 and battle.status == "pending"
    assert battle.report["sides"][0]["casualties"] == [{"member": "Ling", "state": "killed"}]
    client.force_login(other_user)
    client.post(reverse("campaigns:battle_confirm", args=[campaign.pk, 1]))
    battle.refresh_from_db()
    assert battle.status == "confirmed"
    detail = client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
    assert "46" in detail  # 50 VP for the mission, a dead grunt costs 4
    history = client.get(reverse("campaigns:battle", args=[campaign.pk, 1])).content.decode()
    assert "status active → dead" in history
    timeline = client.get(reverse("campaigns:character", args=[campaign.pk, mint.pk]))
    assert "+2 RP: put an enemy model out of action ×2 (3 → 5)" in timeline.content.decode()


def test_the_report_screen_lists_what_is_wrong(client, campaign, enrolled, user):
    us, vc = enrolled
    client.force_login(user)
    url = reverse("campaigns:battle_new", args=[campaign.pk])
    response = client.post(url, {"side": [us.pk, vc.pk], "s0-outcome": "full"})
    assert response.status_code == 400
    assert "Viet" not in response.content.decode() or "outcome" in response.content.decode()
    assert not Battle.objects.exists()


@pytest.mark.parametrize("public", [True, False])
def test_who_reads_a_campaign(client, campaign, enrolled, django_user_model, public):
    campaign.is_public = public
    campaign.save()
    services.battle_submit(campaign=campaign, user=enrolled[0].player,
                           document=report(*enrolled))  # fmt: skip
    member = enrolled[0].squad.members.first()
    urls = [
        reverse("campaigns:detail", args=[campaign.pk]),
        reverse("campaigns:battle", args=[campaign.pk, 1]),
        reverse("campaigns:entry", args=[campaign.pk, enrolled[0].pk]),
        reverse("campaigns:character", args=[campaign.pk, member.pk]),
    ]
    stranger = django_user_model.objects.create_user(username="stranger", password="x")
    for url in urls:
        client.logout()
        assert client.get(url).status_code == (200 if public else 404), url
        client.force_login(stranger)
        assert client.get(url).status_code == (200 if public else 404), url
        client.force_login(enrolled[1].player)
        assert client.get(url).status_code == 200, url
        client.force_login(campaign.organiser)
        assert client.get(url).status_code == 200, url


def test_only_the_organiser_changes_settings_and_voids(client, campaign, enrolled, organiser):
    us, vc = enrolled
    campaign.apply_at_once = True
    campaign.save()
    services.battle_submit(campaign=campaign, user=us.player, document=report(us, vc))
    settings_url = reverse("campaigns:settings", args=[campaign.pk])
    void_url = reverse("campaigns:battle_void", args=[campaign.pk, 1])
    client.force_login(us.player)
    assert client.get(settings_url).status_code == 404
    client.post(void_url)
    assert Battle.objects.get().status == "confirmed"
    client.force_login(organiser)
    page = client.get(settings_url)
    assert page.status_code == 200
    assert reverse("campaigns:house_rules", args=[campaign.pk]) in page.content.decode()
    bad = house_table_post(client, campaign, "reputation", {"took-part": "many"})
    page = bad.content.decode()
    assert bad.status_code == 400
    assert "must be a whole number" in page[page.index('name="took-part"') :].split("</p>")[0]
    client.post(void_url)
    assert Battle.objects.get().status == "voided"


def test_joining_by_link_and_enrolling(client, campaign, user, make_squad_for):
    squad = make_squad_for(user)
    client.force_login(user)
    join = reverse("campaigns:join_link", args=[campaign.invite_code])
    assert client.get(join).status_code == 200
    client.post(join)
    client.post(reverse("campaigns:enrol", args=[campaign.pk]), {"squad": squad.pk})
    assert campaign.entries.get().original == squad
    assert client.get(reverse("campaigns:join_link", args=["nope"])).status_code == 404


@pytest.mark.parametrize("public", [True, False])
def test_the_campaign_report_pdf(client, campaign, enrolled, user, django_user_model, public):
    import io

    from pypdf import PdfReader

    campaign.is_public = public
    campaign.apply_at_once = True
    campaign.save()
    services.battle_submit(campaign=campaign, user=user, document=report(*enrolled))
    url = reverse("campaigns:report_pdf", args=[campaign.pk])
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert (
        "Mekong Delta 1968" in text and "Mint's Marauders" in text and "Patrol at the river" in text
    )
    client.logout()
    assert client.get(url).status_code == (200 if public else 404)
    assert client.get(url, {"paper": "a5"}).status_code == (400 if public else 404)


def test_a_pending_battle_shows_what_was_reported(client, campaign, enrolled, user, other_user):
    us, vc = enrolled
    doc = report(
        us, vc,
        us_side={"casualties": [{"member": "Ling", "state": "stunned", "treated": True}],
                 "deeds": [{"member": "Capt. Steven Mint", "out_of_action": 2, "malice": 1}]},
        nva_side={"casualties": [{"member": "Manh", "state": "seriously-wounded"}],
                  "survival_rolls": {"Manh": 5}},
    )  # fmt: skip
    services.battle_submit(campaign=campaign, user=user, document=doc)
    client.force_login(other_user)
    html = client.get(reverse("campaigns:battle", args=[campaign.pk, 1])).content.decode()
    assert "Ling: stunned (treated)" in html
    assert "Capt. Steven Mint: put an enemy model out of action ×2, malicious deed ×1" in html
    assert "Manh: seriously wounded" in html and "Manh: survival roll 5 at the table" in html
    assert "Confirm and apply" in html


def test_the_campaign_report_prints_a_battle_waiting_for_confirmation(client, campaign, enrolled):
    services.battle_submit(campaign=campaign, user=enrolled[0].player, document=report(*enrolled))
    client.force_login(campaign.organiser)
    response = client.get(reverse("campaigns:report_pdf", args=[campaign.pk]))
    assert response.status_code == 200 and response.content.startswith(b"%PDF")


def _report_text(client, campaign) -> str:
    import io

    from pypdf import PdfReader

    response = client.get(reverse("campaigns:report_pdf", args=[campaign.pk]))
    assert response.status_code == 200
    return "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)


def test_the_campaign_report_is_never_stale(client, campaign, enrolled, user):
    """Issue #10, item 10: after a rename, 0 of 4 downloads showed the new name; a pending
    battle reported after a download did not appear either."""
    from rosters import services as roster_services

    us, vc = enrolled
    client.force_login(campaign.organiser)
    assert "Mint's Marauders" in _report_text(client, campaign)

    roster_services.squad_update(
        squad=us.squad, name="Mint's Raiders", faction=us.squad.faction,
        points_limit=us.squad.points_limit,
    )  # fmt: skip
    renamed = _report_text(client, campaign)
    assert "Mint's Raiders" in renamed and "Mint's Marauders" not in renamed

    assert "Patrol at the river" not in renamed
    services.battle_submit(campaign=campaign, user=user, document=report(us, vc))
    assert "Patrol at the river" in _report_text(client, campaign)


def test_every_squad_write_moves_its_updated_time(enrolled):
    from rosters import services as roster_services
    from rosters.models import Squad

    squad = enrolled[0].squad
    before = Squad.objects.get(pk=squad.pk).updated
    roster_services.squad_update(
        squad=squad, name="Renamed", faction=squad.faction, points_limit=squad.points_limit
    )
    assert Squad.objects.get(pk=squad.pk).updated > before
