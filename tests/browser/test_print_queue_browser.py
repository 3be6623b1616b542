"""A sheet asked for before the task worker has printed it, in Chromium (issue #13): the
download answers with a page that says the PDF is on its way, asks again by itself (htmx)
and swaps to the link once the worker has printed it; the link downloads the PDF."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from rosters import services
from rules import get_system
from tests.browser.steps import PASSWORD, log_in
from tests.printing.conftest import pdf_text
from tests.printing.test_on_its_way import run_the_worker

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("database_queue"),
]


def test_the_sheet_on_its_way_swaps_to_its_link(page: Page, live_server, django_user_model):
    user = django_user_model.objects.create_user(username="mint", password=PASSWORD)
    squad = services.squad_import(owner=user, roster=get_system("black-sun").demo()[0])
    run_the_worker()  # the sheet rendered ahead at import: it is the A4 one
    failed = []  # every request that failed, but the browser's own favicon.ico (issue #14)
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    csp = []
    page.on("console", lambda m: csp.append(m.text) if "Content Security" in m.text else None)
    log_in(page, live_server.url, "mint")
    page.goto(f"{live_server.url}/squads/{squad.pk}/")

    page.get_by_label("Paper size").select_option(label="US Letter")
    page.get_by_role("button", name="Squad sheet (PDF)").click()  # not printed yet

    line = page.locator("#pdf-download")
    expect(line).to_contain_text("is being printed: it will be ready in a moment")
    expect(page).to_have_url(re.compile(r"/print/squads/\d+/sheet\.pdf\?paper=letter"))
    page.wait_for_timeout(1500)  # it has asked again at least once: still on its way
    expect(line).to_contain_text("is being printed")

    assert run_the_worker() == ["rendered"]
    expect(line).to_contain_text("Your PDF is ready")  # swapped by the next ask
    with page.expect_download() as download:
        line.get_by_role("link").click()
    path = download.value.path()
    assert download.value.suggested_filename == "Mint's Marauders.pdf"
    assert "Capt. Steven Mint" in pdf_text(open(path, "rb").read())
    assert [url for url in failed if not url.endswith("/favicon.ico")] == []
    assert csp == []


def test_the_sheet_downloads_by_itself_once_printed_and_leads_back(
    page: Page, live_server, django_user_model
):
    """Issue #28, item 13: no second click once the PDF is ready (the link stays, for another
    copy), and a way back to the squad."""
    user = django_user_model.objects.create_user(username="mint", password=PASSWORD)
    squad = services.squad_import(owner=user, roster=get_system("black-sun").demo()[0])
    run_the_worker()  # the A4 sheet, rendered ahead at import
    log_in(page, live_server.url, "mint")
    page.goto(f"{live_server.url}/squads/{squad.pk}/")
    page.get_by_label("Paper size").select_option(label="US Letter")
    page.get_by_role("button", name="Squad sheet (PDF)").click()  # not printed yet
    line = page.locator("#pdf-download")
    expect(line).to_contain_text("is being printed")

    with page.expect_download() as download:  # nothing clicked: the ready line starts it
        assert run_the_worker() == ["rendered"]
    assert download.value.suggested_filename == "Mint's Marauders.pdf"
    assert "Capt. Steven Mint" in pdf_text(open(download.value.path(), "rb").read())
    expect(line).to_contain_text("Your PDF is ready")
    expect(line.get_by_role("link", name="Mint's Marauders.pdf")).to_be_visible()

    page.get_by_role("link", name="Back to the squad").click()
    expect(page).to_have_url(f"{live_server.url}/squads/{squad.pk}/")
