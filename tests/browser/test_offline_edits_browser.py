"""Offline, in Chromium (issue #28, item 14): the builder says that editing needs the network
(its controls are marked unusable, and a click there says why instead of doing nothing), and
a PDF never downloaded on this device gives the offline page, which says so and lists what is
kept, instead of the browser's "site can't be reached"."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from rosters import services
from rosters.models import Squad
from rules import get_system
from tests.browser.steps import PASSWORD, log_in
from tests.browser.test_offline_browser import AS_OF, mark, pdf_from, worker_in_charge

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def squad(live_server, django_user_model) -> Squad:
    user = django_user_model.objects.create_user(username="mint", password=PASSWORD)
    return services.squad_import(owner=user, roster=get_system("black-sun").demo()[0])


def edits_line(page: Page):
    return page.locator("#offline .offline-edits")


def test_offline_the_builder_says_that_editing_needs_the_network(page: Page, live_server, squad):
    builder = f"{live_server.url}/squads/{squad.pk}/"
    log_in(page, live_server.url, "mint")
    worker_in_charge(page)
    page.goto(builder)
    duplicate = page.locator("button.line-actions").first
    expect(duplicate).to_be_visible()
    expect(edits_line(page)).to_be_hidden()

    page.context.set_offline(True)

    expect(edits_line(page)).to_contain_text("Editing needs the network")
    expect(duplicate).to_have_attribute("aria-disabled", "true")
    expect(page.locator("#squad-name")).to_have_attribute("aria-disabled", "true")
    edits_line(page).evaluate("line => { line.hidden = true; }")  # the player read it
    duplicate.click(force=True)  # a player's click on the unusable button
    expect(edits_line(page)).to_be_visible()  # says why, again
    page.reload()  # the copy kept on this device
    expect(mark(page)).to_have_text(AS_OF)
    expect(edits_line(page)).to_be_visible()
    squad.refresh_from_db()
    assert squad.members.count() == len(get_system("black-sun").demo()[0].members)

    page.context.set_offline(False)

    expect(mark(page)).to_be_hidden()  # the server's page again
    expect(edits_line(page)).to_be_hidden()
    expect(page.locator("button.line-actions").first).not_to_have_attribute("aria-disabled", "true")


def test_offline_a_pdf_never_downloaded_gives_a_page_that_says_so(page: Page, live_server, squad):
    url = live_server.url
    builder = f"{url}/squads/{squad.pk}/"
    log_in(page, url, "mint")
    worker_in_charge(page)
    page.goto(builder)
    sheet = pdf_from(page, builder, lambda tab: tab.get_by_role("button", name="Squad sheet (PDF)"))
    assert "Capt. Steven Mint" in sheet  # downloaded here: kept
    page.evaluate(
        """async () => {  // until the worker has kept the offline page (20 s at most)
          for (let i = 0; i < 400 && !(await caches.match("/offline/")); i++)
            await new Promise((next) => setTimeout(next, 50));
        }"""
    )

    page.context.set_offline(True)

    page.goto(f"{url}/print/squads/{squad.pk}/cards.pdf")  # never downloaded on this device
    expect(page.get_by_role("heading", name="Not kept on this device")).to_be_visible()
    expect(page.locator("main")).to_contain_text("This PDF was never downloaded on this device")
    kept = page.locator("#offline-kept .offline-kept-list")
    expect(kept.get_by_role("link", name="Mint's Marauders.pdf")).to_be_visible()
    expect(kept.get_by_role("link", name="Mint's Marauders · Roster builder")).to_have_attribute(
        "href", builder
    )
