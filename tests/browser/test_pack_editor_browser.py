"""Issue #30 stage 2 in Chromium: a pack's table edited row by row. With JavaScript, "Add a
row" and "Remove" swap the form (htmx) and keep what was typed; without it, the same buttons
give the whole page; either way "Save the table" writes a new version, and a refused cell
shows its error beside it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from rosters.models import Pack
from tests.browser.steps import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def new_pack(page: Page, url: str) -> Pack:
    page.goto(f"{url}/packs/")
    page.get_by_label("Game").select_option("bolt-action")
    page.get_by_label("Name").fill("Thursday club")
    page.get_by_role("button", name="Create pack").click()
    page.get_by_role("link", name="Points", exact=True).click()
    return Pack.objects.get(name="Thursday club")


@pytest.mark.parametrize("js", [True, False], ids=["htmx", "no-js"])
def test_rows_are_added_removed_and_saved(page: Page, page_without_js: Page, live_server, js):
    page = page if js else page_without_js
    sign_up(page, live_server.url, "club")
    pack = new_pack(page, live_server.url)
    units = page.locator("fieldset", has_text="Units")

    units.get_by_role("button", name="Add a row").click()
    page.locator('select[name="units-0-kind"]').select_option("infantry-squad")
    units.get_by_role("button", name="Add a row").click()
    expect(page.locator('select[name="units-1-kind"]')).to_be_visible()
    expect(page.locator('select[name="units-0-kind"]')).to_have_value("infantry-squad")
    units.get_by_role("button", name="Remove").nth(1).click()
    expect(page.locator('select[name="units-1-kind"]')).to_have_count(0)
    page.locator('select[name="units-0-quality"]').select_option("regular")
    page.locator('input[name="units-0-cost"]').fill("20")
    page.get_by_role("button", name="Save the table").click()

    expect(page.get_by_text("Table Points saved.")).to_be_visible()
    pack.refresh_from_db()
    assert pack.version == 2
    assert pack.versions.first().document["tables"]["points"]["units"] == [
        {"kind": "infantry-squad", "quality": "regular", "cost": 20}
    ]
