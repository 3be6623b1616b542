"""Offline at the table (issue #15), in Chromium: what a player opened while online reads
offline, marked as a copy (a squad, its sheet, its game's reference card, the campaign's
standings); a squad edited elsewhere is shown afresh on reconnect; a battle report filled
offline survives a closed tab, is sent once back online and counts once, and one the server
refuses is kept for correction.

``context.set_offline(True)`` cuts the page and its service worker off the network alike. The
PDFs are real: the tests' task backend prints a sheet in the request that asks for it
(tests/conftest.py), so the first download is the PDF itself, which the worker keeps.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from campaigns.models import Battle, Campaign
from rosters import services as roster_services
from rosters.models import Member, Squad
from rules import get_system
from tests.browser.steps import log_in, start_report, two_squad_campaign
from tests.printing.conftest import pdf_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AS_OF = re.compile(r"^Offline, as of .+")


def worker_in_charge(page: Page) -> None:
    """Waits until the service worker controls the page: from then on it keeps a copy of what
    the page opens. (A function, not wait_for_function's expression: the policy forbids eval.)"""
    page.evaluate(
        """async () => {
          await navigator.serviceWorker.ready;
          if (navigator.serviceWorker.controller) return;
          await new Promise((done) =>
            navigator.serviceWorker.addEventListener("controllerchange", done, { once: true }));
        }"""
    )


def mark(page: Page):
    return page.locator("#offline .offline-mark")


def outbox(page: Page):
    return page.locator("#offline .offline-outbox")


def pdf_from(page: Page, url: str, control) -> str:
    """Opens ``url`` in a tab of its own, clicks ``control(tab)``, which downloads a PDF, and
    gives the PDF's text. A tab of its own: a navigation that ends in a download settles in
    Chromium's own time, and the next one in the same tab could be lost."""
    tab = page.context.new_page()
    tab.bring_to_front()  # a tab in the background draws no frames: nothing would be clickable
    tab.goto(url)
    with tab.expect_download() as download:
        control(tab).click()
    with open(download.value.path(), "rb") as pdf:
        text = pdf_text(pdf.read())
    tab.close()
    page.bring_to_front()
    return text


def squad_of(username: str) -> Squad:
    """The player's own squad (not the campaign's copy of it)."""
    return Squad.objects.get(owner__username=username, campaign_entry__isnull=True)


@pytest.fixture
def campaign(live_server) -> Campaign:
    campaign, _entries = two_squad_campaign()
    return campaign


def test_what_was_opened_online_reads_offline_marked_as_a_copy(page: Page, live_server, campaign):
    url = live_server.url
    squad = squad_of("orga")
    member = squad.members.order_by("position").first().name
    game = get_system(campaign.system).name
    squad_page, home, standings = (
        f"{url}/squads/{squad.pk}/",
        f"{url}/",
        f"{url}/campaigns/{campaign.pk}/",
    )
    sheet = lambda tab: tab.get_by_role("button", name="Squad sheet (PDF)")  # noqa: E731
    reference = lambda tab: tab.locator(f'a[href="/print/reference/{campaign.system}.pdf"]')  # noqa: E731
    log_in(page, url, "orga")
    worker_in_charge(page)

    page.goto(squad_page)  # online: the server's pages, not marked
    expect(page.locator("#squad-name")).to_have_value(squad.name)
    expect(mark(page)).to_be_hidden()
    assert member in pdf_from(page, squad_page, sheet)
    assert game in pdf_from(page, home, reference)
    page.goto(standings)
    expect(page.locator("table.standings")).to_contain_text(squad.name)
    page.goto(squad_page)

    page.context.set_offline(True)

    page.reload()
    expect(mark(page)).to_have_text(AS_OF)
    expect(page.locator("#squad-name")).to_have_value(squad.name)
    assert member in pdf_from(page, squad_page, sheet)  # the copies the worker kept
    assert game in pdf_from(page, home, reference)
    page.goto(standings)
    expect(mark(page)).to_have_text(AS_OF)
    expect(page.locator("table.standings")).to_contain_text(squad.name)
    page.goto(home)
    expect(mark(page)).to_have_text(AS_OF)


def test_a_page_never_opened_online_is_not_made_up_offline(page: Page, live_server, campaign):
    log_in(page, live_server.url, "orga")
    worker_in_charge(page)
    page.context.set_offline(True)

    with pytest.raises(Exception, match="ERR_INTERNET_DISCONNECTED|ERR_FAILED"):
        page.goto(f"{live_server.url}/campaigns/{campaign.pk}/settings/")


def test_a_squad_edited_elsewhere_is_shown_afresh_on_reconnect(page: Page, live_server, campaign):
    squad = squad_of("orga")
    log_in(page, live_server.url, "orga")
    worker_in_charge(page)
    page.goto(f"{live_server.url}/squads/{squad.pk}/")
    name = page.locator("#squad-name")
    expect(name).to_have_value(squad.name)

    page.context.set_offline(True)
    page.reload()
    expect(mark(page)).to_have_text(AS_OF)
    was = squad.name
    roster_services.squad_update(  # on another device
        squad=squad, name="Renamed at the club", faction=squad.faction,
        points_limit=squad.points_limit,
    )  # fmt: skip
    expect(name).to_have_value(was)  # the copy, as it was

    page.context.set_offline(False)

    expect(page.locator("#squad-name")).to_have_value("Renamed at the club")
    expect(mark(page)).to_be_hidden()


# --- battle reports -------------------------------------------------------------------------


def fill_report(page: Page, scenario: str, *, casualty: tuple[int, str, str] | None = None):
    page.locator("#scenario").fill(scenario)
    page.locator('select[name="s0-outcome"]').select_option("full")
    page.locator('select[name="s1-outcome"]').select_option("failed")
    if casualty is not None:
        side, model, state = casualty
        page.locator("fieldset.report-side").nth(side).get_by_label(
            f"End state {model}", exact=True
        ).select_option(state)


def reopen(context: BrowserContext, page: Page, url: str) -> Page:
    """Closes the tab and opens ``url`` in a new one."""
    page.close()
    again = context.new_page()
    again.goto(url)
    return again


def test_a_report_filled_offline_is_sent_once_when_back_online(page: Page, live_server, campaign):
    context = page.context
    campaign_url = f"{live_server.url}/campaigns/{campaign.pk}/"
    start_report(page, live_server.url, "orga", campaign_url)
    worker_in_charge(page)
    page.reload()  # the report screen, kept by the worker
    url = page.url

    context.set_offline(True)
    page.reload()
    expect(mark(page)).to_have_text(AS_OF)
    fill_report(page, "Night raid", casualty=(1, "Hoa", "wounded"))

    page = reopen(context, page, url)  # the tab closed before the report was sent
    expect(page.locator("#scenario")).to_have_value("Night raid")
    expect(page.locator('select[name="s0-outcome"]')).to_have_value("full")
    page.get_by_role("button", name="Record the battle").click()
    expect(outbox(page)).to_contain_text("kept on this device")
    expect(page.locator("#scenario")).to_have_value("")  # ready for another report
    assert not Battle.objects.exists()

    page = reopen(context, page, campaign_url)
    expect(outbox(page)).to_contain_text("kept on this device")

    context.set_offline(False)

    arrived = outbox(page).get_by_role("link", name="Battle 1: Night raid")
    expect(arrived).to_be_visible()
    battle = Battle.objects.get()
    assert battle.scenario == "Night raid" and battle.submitted_by.username == "orga"
    assert battle.report["sides"][1]["casualties"] == [{"member": "Hoa", "state": "wounded"}]
    page = reopen(context, page, url)  # nothing is sent again
    expect(page.locator("#scenario")).to_have_value("")
    expect(outbox(page)).not_to_contain_text("kept on this device")
    assert Battle.objects.count() == 1


def test_a_report_recorded_online_is_posted_once(page: Page, live_server, campaign):
    """The battle page of the report the player has just posted tells the device that it has
    arrived: it is not posted again to check (nor would a later page of another player's
    session find it waiting)."""
    campaign_url = f"{live_server.url}/campaigns/{campaign.pk}/"
    start_report(page, live_server.url, "orga", campaign_url)
    worker_in_charge(page)
    posts: list[str] = []  # the reports posted (htmx's previews of the VP are not)

    def posted(request) -> None:
        if request.method == "POST" and "hx-request" not in request.headers:
            posts.append(request.url)

    page.on("request", posted)
    fill_report(page, "Dawn patrol")
    page.get_by_role("button", name="Record the battle").click()
    expect(page.get_by_role("heading", name="Battle 1: Dawn patrol")).to_be_visible()
    page.wait_for_load_state("load")
    assert page.evaluate("() => localStorage.getItem('offline-outbox')") == "[]"
    assert len(posts) == 1
    assert Battle.objects.get().scenario == "Dawn patrol"


def test_a_report_the_server_refuses_is_kept_for_correction(page: Page, live_server, campaign):
    context = page.context
    campaign_url = f"{live_server.url}/campaigns/{campaign.pk}/"
    start_report(page, live_server.url, "orga", campaign_url)
    worker_in_charge(page)
    page.reload()
    url = page.url

    context.set_offline(True)
    page.reload()
    fill_report(page, "Ambush", casualty=(1, "Hoa", "wounded"))
    page.get_by_role("button", name="Record the battle").click()
    expect(outbox(page)).to_contain_text("kept on this device")
    # Meanwhile, on the server, Hoa died in a battle reported from another device: the squad
    # is no longer valid (a model assists Hoa), and the server refuses the report.
    hoa = Member.objects.filter(squad__campaign_entry__campaign=campaign, name="Hoa")
    assert hoa.update(status="dead") == 1

    context.set_offline(False)

    expect(outbox(page)).to_contain_text("was refused by the server")
    expect(outbox(page)).to_contain_text("Kang Thang's Cell is not valid")
    assert not Battle.objects.exists()
    page = reopen(context, page, campaign_url)  # kept on the device
    expect(outbox(page)).to_contain_text("was refused by the server")
    hoa.update(status="active")  # the organiser voids the battle Hoa died in

    outbox(page).get_by_role("link", name="Correct it").click()
    expect(page).to_have_url(url)
    expect(page.locator("#scenario")).to_have_value("Ambush")  # as it was typed
    expect(page.locator('select[name="s1-outcome"]')).to_have_value("failed")
    expect(page.locator(".offline-refused")).to_contain_text("Kang Thang's Cell is not valid")
    page.locator("#scenario").fill("Ambush at the ford")  # the player corrects the report
    page.get_by_role("button", name="Record the battle").click()

    expect(page.locator("h1")).to_have_text("Battle 1: Ambush at the ford")
    battle = Battle.objects.get()
    assert battle.report["sides"][1]["casualties"] == [{"member": "Hoa", "state": "wounded"}]
    page.goto(campaign_url)  # the outbox checks that the report arrived, and forgets it
    expect(page.locator("table.standings")).to_be_visible()
    page.evaluate(
        """async () => {  // the outbox has checked that the report arrived, and forgot it
          while ((localStorage.getItem("offline-outbox") || "").includes("Ambush"))
            await new Promise((next) => setTimeout(next, 50));
        }"""
    )
    expect(outbox(page)).to_be_hidden()
    assert Battle.objects.count() == 1


def test_on_a_phone_the_offline_lines_fit_its_width(browser, live_server, campaign):
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = phone.new_page()
    campaign_url = f"{live_server.url}/campaigns/{campaign.pk}/"
    start_report(page, live_server.url, "orga", campaign_url)
    worker_in_charge(page)
    page.reload()
    page.goto(campaign_url)

    phone.set_offline(True)
    page.go_back()  # the report screen, from the copy
    fill_report(page, "Night raid at the long bridge over the river")
    page.get_by_role("button", name="Record the battle").click()
    page.goto(campaign_url)

    expect(mark(page)).to_have_text(AS_OF)
    expect(outbox(page)).to_contain_text("kept on this device")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    phone.close()
