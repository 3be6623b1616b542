"""Campaign awareness in Chromium (issue #14, part 4): the header's badge of reports to
confirm, the organiser removing a player, and the VP preview without JavaScript."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from campaigns import services
from campaigns.models import Battle, Entry, Player
from tests.browser.steps import log_in, start_report, two_squad_campaign
from tests.campaigns.conftest import report

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def campaign_url(live_server) -> str:
    """The organiser ("orga") plays the US Army squad, "kang" the Viet Cong one; kang has
    sent battle 1, which waits for orga."""
    campaign, entries = two_squad_campaign()
    rival = entries[1].player
    services.battle_submit(campaign=campaign, user=rival, document=report(*entries))
    return f"{live_server.url}/campaigns/{campaign.pk}/"


def test_the_badge_leads_to_the_report_and_goes_once_it_is_confirmed(
    page: Page, live_server, campaign_url
):
    log_in(page, live_server.url, "kang")
    page.goto(campaign_url)
    expect(page.locator("a.waiting-badge")).to_have_count(0)  # kang sent it

    log_in(page, live_server.url, "orga")
    page.goto(campaign_url)
    badge = page.get_by_role("link", name="1 report waits for your confirmation")
    expect(badge.locator("[aria-hidden=true]")).to_have_text("1")  # what the eye reads
    badge.click()
    page.get_by_role("link", name="Battle 1: Patrol at the river").click()
    page.get_by_role("button", name="Confirm and apply").click()

    expect(page.locator("p.muted").first).to_contain_text("confirmed")
    expect(page.locator("a.waiting-badge")).to_have_count(0)


def test_the_organiser_removes_a_player_after_a_dialog(page: Page, live_server, campaign_url):
    log_in(page, live_server.url, "orga")
    page.goto(campaign_url)
    players = page.locator("ul.players li")
    expect(players).to_have_count(2)
    expect(players.filter(has_text="kang")).to_contain_text("Kang Thang's Cell")

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Remove kang").click()

    expect(page.locator(".messages")).to_contain_text("kang was removed from the campaign.")
    expect(page.locator("ul.players li")).to_have_count(1)
    row = page.locator("table.standings tbody tr").filter(has_text="Kang Thang's Cell")
    expect(row).to_contain_text("withdrawn")
    assert not Player.objects.filter(user__username="kang").exists()
    assert Entry.objects.get(player__username="kang").withdrawn is not None
    assert Battle.objects.get().status == "pending"  # left for the organiser to decide


def test_without_javascript_the_preview_button_shows_the_vp(
    page_without_js: Page, live_server, campaign_url
):
    page = page_without_js
    start_report(page, live_server.url, "orga", campaign_url)
    page.locator('select[name="s0-outcome"]').select_option("full")
    page.locator('select[name="s1-outcome"]').select_option("failed")
    page.get_by_label("End state Ling", exact=True).select_option("killed")

    page.get_by_role("button", name="Preview").click()

    rows = page.locator("#report-preview table.preview-vp tbody tr")
    expect(rows.nth(0)).to_contain_text("Mint's Marauders")
    expect(rows.nth(0).locator("td").nth(3)).to_have_text("46")  # 50 for the mission, 4 lost
    expect(page.get_by_label("End state Ling", exact=True)).to_have_value("killed")
    assert Battle.objects.count() == 1  # only kang's: the preview recorded nothing
