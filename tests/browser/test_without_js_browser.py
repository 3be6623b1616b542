"""The roster builder without JavaScript: every form is a full-page post that comes back to
the builder, in Chromium with JavaScript turned off."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.steps import (
    ability_chips,
    add_item,
    add_model,
    choose_ability,
    create_squad,
    equipment_chips,
    member,
    open_card,
    sign_up,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_squad_is_built_and_edited_without_javascript(page_without_js: Page, live_server):
    page = page_without_js
    sign_up(page, live_server.url, "nojs")
    create_squad(page, live_server.url, "Paper Tigers", "viet-cong")
    builder = page.url

    add_model(page, "Kang", "boss")
    add_model(page, "Vang", "top")
    expect(page).to_have_url(re.compile(r"/squads/\d+/\?open=\d+#member-\d+$"))
    expect(page.locator("#summary .points strong")).to_have_text("75 / 200")

    add_item(page, "Kang", "pistol")
    add_item(page, "Kang", "grenades", 3)
    kang = member(page, "Kang")
    expect(kang.locator("[data-figure=ep]")).to_have_text("EP 3 / 4")
    kang.get_by_role("button", name="Remove Grenades").click()
    expect(equipment_chips(kang)).not_to_contain_text("Grenades")

    choose_ability(page, "Kang", "steady")
    vang = open_card(page, "Vang")
    vang.get_by_role("button", name="Draw a random ability").click()  # the roll is left empty
    expect(ability_chips(vang)).to_contain_text("random (roll ")
    kang = open_card(page, "Kang")
    kang.locator('input[name="roll"]').fill("1")
    kang.get_by_role("button", name="Use my roll").click()
    expect(ability_chips(member(page, "Kang")).filter(has_text="Skilled")).to_have_count(1)

    open_card(page, "Kang").get_by_role("button", name="Move down").click()
    first = page.locator("article.member").first
    expect(first).to_have_attribute("data-name", "Vang")
    card = open_card(page, "Vang")
    card.locator('input[name="name"]').fill("Vang Thi")
    card.locator('select[name="status"]').select_option("recovering")
    card.get_by_role("button", name="Save").click()
    expect(member(page, "Vang Thi").locator('select[name="status"]')).to_have_value("recovering")

    member(page, "Vang Thi").get_by_role("button", name="Remove", exact=True).click()
    expect(page.locator("article.member")).to_have_count(1)
    expect(page.locator("#summary .points strong")).to_have_text("50 / 200")
    assert page.url.startswith(builder)
