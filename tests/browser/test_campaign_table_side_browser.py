"""Voiding a battle in Chromium asks first (issue #14, part 2): a dialog with JavaScript, a
confirmation page without it."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Dialog, Page, expect

from campaigns import services
from campaigns.models import Battle
from rosters import services as roster_services
from rosters.demo import demo_rosters
from tests.browser.steps import PASSWORD, log_in
from tests.campaigns.conftest import report

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VOID = "Void this battle (undo all its effects)"


@pytest.fixture
def battle_url(live_server) -> str:
    """Battle 1 of a campaign, confirmed: the organiser ("orga") may void it."""
    users = get_user_model().objects
    organiser = users.create_user("orga", password=PASSWORD)
    campaign = services.campaign_create(organiser=organiser, name="Delta", apply_at_once=True)
    rosters = {r.faction: r for r in demo_rosters()}
    entries = []
    for name, faction in (("mint", "us-army"), ("kang", "viet-cong")):
        player = users.create_user(name, password=PASSWORD)
        services.campaign_join(campaign=campaign, user=player)
        squad = roster_services.squad_import(owner=player, roster=rosters[faction])
        entries.append(services.enrol(campaign=campaign, user=player, squad=squad))
    us, vc = entries
    services.battle_submit(campaign=campaign, user=us.player, document=report(us, vc))
    return f"{live_server.url}/campaigns/{campaign.pk}/battles/1/"


def test_the_void_button_asks_in_a_dialog_and_dismissing_it_keeps_the_battle(
    page: Page, live_server, battle_url
):
    log_in(page, live_server.url, "orga")
    page.goto(battle_url)
    asked: list[str] = []

    def dismiss(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", dismiss)
    page.get_by_role("button", name=VOID).click()

    assert asked and asked[0].startswith("Void battle 1?")
    expect(page.locator("p.muted").first).to_contain_text("confirmed")
    assert Battle.objects.get().status == "confirmed"

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name=VOID).click()

    expect(page.locator("p.muted").first).to_contain_text("voided")
    assert Battle.objects.get().status == "voided"


def test_without_javascript_a_page_asks_before_voiding(
    page_without_js: Page, live_server, battle_url
):
    page = page_without_js
    log_in(page, live_server.url, "orga")
    page.goto(battle_url)

    page.get_by_role("button", name=VOID).click()

    expect(page.get_by_role("heading", name="Void battle 1?")).to_be_visible()
    assert Battle.objects.get().status == "confirmed"
    page.get_by_role("button", name="Void battle 1").click()
    expect(page.locator("p.muted").first).to_contain_text("voided")
    assert Battle.objects.get().status == "voided"
