"""Voiding a battle asks first (issue #14, part 2): the battle page's button asks in a dialog
(htmx's hx-confirm), and without JavaScript it leads to a confirmation page whose form voids."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns import services
from campaigns.models import Battle
from tests.campaigns.conftest import report

pytestmark = pytest.mark.django_db


@pytest.fixture
def battle(campaign, enrolled):
    us, vc = enrolled
    campaign.apply_at_once = True
    campaign.save()
    return services.battle_submit(campaign=campaign, user=us.player, document=report(us, vc)).battle


def void_url(battle) -> str:
    return reverse("campaigns:battle_void", args=[battle.campaign_id, battle.number])


def battle_url(battle) -> str:
    return reverse("campaigns:battle", args=[battle.campaign_id, battle.number])


def test_the_void_button_asks_in_a_dialog_with_htmx(client, battle, organiser):
    client.force_login(organiser)

    page = client.get(battle_url(battle)).content.decode()

    start = page.index(f'hx-post="{void_url(battle)}"')
    tag = page[page.rindex("<", 0, start) : page.index(">", start)]
    assert "hx-confirm=" in tag and "Void battle 1?" in tag


def test_without_javascript_the_void_button_leads_to_a_confirmation_page(client, battle, organiser):
    client.force_login(organiser)

    page = client.get(battle_url(battle)).content.decode()
    confirmation = client.get(void_url(battle))

    assert f'action="{void_url(battle)}"' in page  # the button's form, without JavaScript
    assert confirmation.status_code == 200
    html = confirmation.content.decode()
    assert "Void battle 1?" in html and 'method="post"' in html
    assert "Mint&#x27;s Marauders" in html and "Kang Thang&#x27;s Cell" in html  # who it undoes
    assert f'href="{battle_url(battle)}"' in html  # cancel
    battle.refresh_from_db()
    assert battle.status == "confirmed"  # asking changes nothing


def test_the_confirmation_page_voids_the_battle(client, battle, organiser):
    client.force_login(organiser)

    response = client.post(void_url(battle))

    assert response.status_code == 302 and response["Location"] == battle_url(battle)
    battle.refresh_from_db()
    assert battle.status == "voided"


def test_voiding_through_htmx_sends_the_page_to_the_battle(client, battle, organiser):
    client.force_login(organiser)

    response = client.post(void_url(battle), headers={"HX-Request": "true"})

    assert response.status_code == 200 and response["HX-Redirect"] == battle_url(battle)
    battle.refresh_from_db()
    assert battle.status == "voided"


def test_only_the_organiser_is_asked(client, battle, user):
    client.force_login(user)

    assert client.get(void_url(battle)).status_code == 404
    assert "hx-confirm" not in client.get(battle_url(battle)).content.decode()


def test_a_battle_that_cannot_be_voided_says_so_instead_of_asking(client, campaign, enrolled,
                                                                   organiser):  # fmt: skip
    us, vc = enrolled
    pending = services.battle_submit(campaign=campaign, user=us.player, document=report(us, vc))
    client.force_login(organiser)

    page = client.get(void_url(pending.battle)).content.decode()

    assert "only a confirmed battle can be voided" in page
    assert 'method="post"' not in page.split("<main", 1)[1].split("</main>")[0]
    assert Battle.objects.get().status == "pending"


def test_a_battle_the_same_squads_fought_after_is_not_offered_for_voiding(
    client, campaign, battle, organiser
):
    """Issue #28, item 8: the dialog asked, then the page showed the service's raw refusal
    ("battle: battle 2 was fought later by the same squads: void it first"). The page names
    the battle to void first, with a link to it, and offers no void."""
    us, vc = (side.entry for side in battle.sides.order_by("position"))
    second = services.battle_submit(campaign=campaign, user=us.player, document=report(us, vc))
    client.force_login(organiser)

    for url in (battle_url(battle), void_url(battle)):  # the battle page, the no-JS page
        html = client.get(url).content.decode()
        main = html.split("<main", 1)[1].split("</main>")[0]
        assert f'hx-post="{void_url(battle)}"' not in main and 'method="post"' not in main
        assert "This cannot be taken back" not in main
        assert "Battle 2 was fought later by the same squads: void it first." in main
        assert f'<a href="{battle_url(second.battle)}">' in main

    later = client.get(battle_url(second.battle)).content.decode()
    assert f'hx-post="{void_url(second.battle)}"' in later  # the latest is offered
    assert Battle.objects.get(pk=battle.pk).status == "confirmed"


def test_a_voided_battle_says_it_is_voided_not_that_a_later_one_waits(
    client, campaign, battle, organiser
):
    """A voided battle keeps its place in the order: the page must not send the organiser to
    void a later battle first (found in review of item 8)."""
    us, vc = (side.entry for side in battle.sides.order_by("position"))
    services.battle_void(battle=battle, user=organiser)
    services.battle_submit(campaign=campaign, user=us.player, document=report(us, vc))
    client.force_login(organiser)

    html = client.get(void_url(battle)).content.decode()
    main = html.split("<main", 1)[1].split("</main>")[0]

    assert "only a confirmed battle can be voided" in main
    assert "void it first" not in main
