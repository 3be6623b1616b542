"""A campaign force of units edited between battles (one-page-modern.md section 5): its
player, and the campaign's organiser too, may change it; each edit is kept with who made
it and shown on the force's page in the campaign; nobody else may edit it."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse

from campaigns import services as campaign_services
from campaigns.models import ForceEdit
from rosters import services as roster_services
from rosters.models import Squad
from rules import get_system

pytestmark = pytest.mark.django_db


@pytest.fixture
def force(organiser, user):
    campaign = campaign_services.campaign_create(
        organiser=organiser, name="Front", system="one-page-modern"
    )
    campaign_services.campaign_join(campaign=campaign, user=user)
    original = roster_services.squad_import(
        owner=user, roster=get_system("one-page-modern").demo()[0]
    )
    entry = campaign_services.enrol(campaign=campaign, user=user, squad=original)
    return campaign, entry, original


def raise_training(client, squad: Squad, level: str):
    squad.refresh_from_db()
    url = reverse("rosters:unit_update", args=[squad.pk, 0])
    return client.post(url, {"name": "1st Section", "training": level, "version": squad.version})


def test_the_organiser_edits_a_campaign_force_and_the_edit_is_kept_with_their_name(
    force, client, organiser
):
    campaign, entry, _original = force
    client.force_login(organiser)
    builder = client.get(reverse("rosters:builder", args=[entry.squad_id]))
    assert builder.status_code == 200
    assert "as the organiser of its campaign" in unescape(builder.content.decode())
    assert reverse("rosters:duplicate", args=[entry.squad_id]) not in builder.content.decode()

    assert raise_training(client, entry.squad, "veteran").status_code == 302
    entry.squad.refresh_from_db()
    assert entry.squad.units[0]["training"] == "veteran"
    edit = ForceEdit.objects.get()
    assert (edit.entry, edit.by) == (entry, organiser)
    assert edit.changes == [{"change": "set", "unit": "1st Section", "key": "training",
                             "before": "seasoned", "after": "veteran"}]  # fmt: skip
    page = client.get(reverse("campaigns:entry", args=[campaign.pk, entry.pk])).content.decode()
    assert "orga" in page and "1st Section: Training Seasoned → Veteran" in unescape(page)
    assert "edit this force (as the organiser)" in page


def test_the_players_own_edits_are_kept_and_the_original_keeps_none(force, client, user):
    _campaign, entry, original = force
    client.force_login(user)
    raise_training(client, entry.squad, "elite")
    raise_training(client, original, "green")  # outside the campaign: no history
    assert [(e.by, e.changes[0]["after"]) for e in ForceEdit.objects.all()] == [(user, "elite")]


def test_nobody_else_edits_a_campaign_force(force, client, other_user):
    _campaign, entry, _original = force
    client.force_login(other_user)
    assert client.get(reverse("rosters:builder", args=[entry.squad_id])).status_code == 404
    assert raise_training(client, entry.squad, "elite").status_code == 404
    entry.squad.refresh_from_db()
    assert entry.squad.units[0]["training"] == "seasoned"
    assert not ForceEdit.objects.exists()


def test_the_organiser_does_not_edit_the_players_own_squads(force, client, organiser):
    _campaign, _entry, original = force
    client.force_login(organiser)
    assert raise_training(client, original, "elite").status_code == 404
    assert client.get(reverse("rosters:builder", args=[original.pk])).status_code == 404
