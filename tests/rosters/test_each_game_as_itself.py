"""Issue #28, items 3 and 4: a Necromunda gang's pages speak Necromunda, not Black Sun.

- the public link shows each game's own columns (Necromunda: the fighter's profile; Black
  Sun: CV and EP) and says which game it is;
- the add form asks an empty gang for its gang leader, then offers a ganger (the game's
  ordinary fighter), not a second leader named after the first;
- a campaign gang's builder and its campaign pages speak of advances, not of reputation,
  starting abilities or abilities.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from campaigns import services as campaign_services
from rosters import services
from rules import get_system

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


def add_form(html: str) -> str:
    return html.split('class="add-member')[1].split("</form>")[0]


def selected(form: str) -> str:
    found = re.findall(r'<option value="([^"]*)" selected>', form)
    return found[0] if found else ""


def name_value(form: str) -> str:
    tag = re.search(r'<input id="add-name"[^>]*>', form).group(0)
    found = re.search(r' value="([^"]*)"', tag)
    return found.group(1) if found else ""


def empty(owner, system: str):
    faction = get_system(system).demo()[0].faction
    return services.squad_create(owner=owner, name="Fresh", faction=faction, system=system)


def demo(owner, system: str):
    return services.squad_import(owner=owner, roster=get_system(system).demo()[0])


@pytest.fixture
def owner_client(client, user):
    client.force_login(user)
    return client


# --- the add form ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("system", "leader", "ordinary", "words"),
    [("necromunda", "leader", "ganger", "Gang leader"), ("black-sun", "boss", "grunt", "Boss")],
)
def test_the_add_form_asks_for_the_leader_then_offers_the_ordinary_model(
    owner_client, user, system, leader, ordinary, words
):
    squad = empty(user, system)
    url = reverse("rosters:member_add", args=[squad.pk])
    html = owner_client.get(reverse("rosters:builder", args=[squad.pk])).content.decode()
    assert f"No models yet: add the {words} first." in html
    assert selected(add_form(html)) == leader

    form = add_form(owner_client.post(url, {"name": "Boss Two", "type": leader}, **HX).content
                    .decode())  # fmt: skip
    assert (selected(form), name_value(form)) == (ordinary, "")  # not "Boss Two 2", a leader
    assert "Boss Two 2" not in form

    form = add_form(owner_client.post(url, {"name": "Tam 1", "type": ordinary}, **HX).content
                    .decode())  # fmt: skip
    assert (selected(form), name_value(form)) == (ordinary, "Tam 2")  # "add another"

    html = owner_client.get(reverse("rosters:builder", args=[squad.pk])).content.decode()
    assert selected(add_form(html)) == ordinary  # the leader is there: a page offers the usual


def test_a_gang_whose_leader_is_dead_is_offered_a_leader_again(owner_client, user):
    squad = demo(user, "necromunda")
    squad.members.filter(type="leader").update(status="dead")
    html = owner_client.get(reverse("rosters:builder", args=[squad.pk])).content.decode()
    assert selected(add_form(html)) == "leader"


# --- the public link ------------------------------------------------------------------------


def public(client, squad) -> str:
    services.squad_set_public(squad=squad, public=True)
    client.logout()
    return client.get(reverse("squad_shared", args=[squad.public_id])).content.decode()


def heads(html: str) -> list[str]:
    return re.findall(r"<th[^>]*>([^<]*)</th>", html.split('class="roster"')[1])


def test_the_public_link_of_a_gang_shows_the_fighters_profiles(client, user):
    html = public(client, demo(user, "necromunda"))
    assert heads(html) == [
        "Name", "Type", "M", "WS", "BS", "S", "T", "W", "I", "A", "Ld",
        "Experience", "Injuries", "Skills", "Equipment", "Status",
    ]  # fmt: skip
    assert "Orlock · Necromunda · by mint" in html
    row = html.split("Mak McMadd</td>")[1].split("</tr>")[0]
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
    # the leader's profile with his advances (WS +1, BS +1, Ld +1), as the sheet prints it
    assert cells[1:4] == [
        "4",
        '4 <small class="muted">(+1)</small>',
        '4 <small class="muted">(+1)</small>',
    ]
    assert cells[9] == '8 <small class="muted">(+1)</small>'
    assert "CV" not in heads(html) and "/ " not in row


def test_the_public_link_of_a_black_sun_squad_keeps_its_columns(client, user):
    html = public(client, demo(user, "black-sun"))
    assert heads(html) == ["Name", "Type", "CV", "EP", "Equipment", "Abilities", "Status"]
    assert "US Army · Black Sun · by mint" in html


# --- a campaign gang ------------------------------------------------------------------------


@pytest.fixture
def campaign_gang(organiser, user):
    campaign = campaign_services.campaign_create(
        organiser=organiser, name="Underhive", system="necromunda"
    )
    campaign_services.campaign_join(campaign=campaign, user=user)
    entry = campaign_services.enrol(campaign=campaign, user=user, squad=demo(user, "necromunda"))
    return campaign, entry


def test_a_campaign_gang_s_builder_speaks_of_advances(owner_client, campaign_gang):
    _campaign, entry = campaign_gang
    html = owner_client.get(reverse("rosters:builder", args=[entry.squad_id])).content.decode()
    assert "This gang plays in a campaign" in html and "advances" in html
    assert "reputation" not in html and "abilities" not in html.lower()


def test_a_campaign_gang_s_pages_show_no_abilities(owner_client, campaign_gang):
    campaign, entry = campaign_gang
    mak = entry.squad.members.get(name="Mak McMadd")
    pages = [
        reverse("campaigns:entry", args=[campaign.pk, entry.pk]),
        reverse("campaigns:character", args=[campaign.pk, mak.pk]),
    ]
    for url in pages:
        html = owner_client.get(url).content.decode()
        assert "Bolt pistol" in html and "Abilities" not in html and "Injuries" not in html
