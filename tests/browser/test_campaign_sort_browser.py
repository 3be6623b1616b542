"""The campaign page's sort links in Chromium (issue #28, item 6): each click sorts at once and
leaves a clean address (``{% querystring %}`` writes its own ``?``; a second one made
``??sort=…``, which changed nothing, then ``??%3Fsort=…``)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from campaigns import services
from tests.browser.steps import log_in, two_squad_campaign
from tests.campaigns.conftest import report

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def campaign_url(live_server) -> str:
    """Delta after one battle that the organiser's Mint's Marauders won: they rank first,
    before Kang Thang's Cell (kang's), which comes first by squad name and by player."""
    campaign, (us, vc) = two_squad_campaign()
    sent = services.battle_submit(campaign=campaign, user=vc.player, document=report(us, vc))
    services.battle_confirm(battle=sent.battle, user=us.player)
    return f"{live_server.url}/campaigns/{campaign.pk}/"


def squads(page: Page):
    return page.locator("table.standings tbody tr td:nth-child(2) a")


def test_each_sort_link_sorts_at_once_and_keeps_the_address_clean(
    page: Page, live_server, campaign_url
):
    log_in(page, live_server.url, "orga")
    page.goto(campaign_url)
    standings = page.locator("table.standings thead")
    expect(squads(page)).to_have_text(["Mint's Marauders", "Kang Thang's Cell"])

    standings.get_by_role("link", name="Squad").click()
    expect(page).to_have_url(f"{campaign_url}?sort=squad")
    expect(squads(page)).to_have_text(["Kang Thang's Cell", "Mint's Marauders"])

    standings.get_by_role("link", name="#").click()
    expect(page).to_have_url(f"{campaign_url}?sort=rank")
    expect(squads(page)).to_have_text(["Mint's Marauders", "Kang Thang's Cell"])

    standings.get_by_role("link", name="Player").click()
    expect(page).to_have_url(f"{campaign_url}?sort=player")
    expect(squads(page)).to_have_text(["Kang Thang's Cell", "Mint's Marauders"])

    # the battle log's links keep the standings' order and add their own, once
    page.locator("table.battles thead").get_by_role("link", name="Scenario").click()
    expect(page).to_have_url(f"{campaign_url}?sort=player&log=scenario")
    expect(squads(page)).to_have_text(["Kang Thang's Cell", "Mint's Marauders"])
    hrefs = page.locator("main a[href]").evaluate_all("links => links.map(a => a.href)")
    assert not [h for h in hrefs if re.search(r"\?\?|%3F", h)], hrefs
