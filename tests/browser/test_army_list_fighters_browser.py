"""Issue #30, army lists for a game of models, in Chromium: a Necromunda gang built with the
game's example pack (imported from its file) shows the list's leader minimum broken while it
has none, the kid maximum broken by a third kid (naming the fighter type and the fighter, in
the list of rules broken and on the fighter's line),
and both violations clear when the leader is added and the extra kid removed."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.steps import member, open_card, sign_up
from tests.browser.test_army_list_browser import import_pack
from tests.browser.test_necromunda_browser import add_fighter
from tests.browser.test_unit_games_browser import create_force, settled

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_fighter_type_bound_broken_shows_and_clears(page: Page, live_server):
    sign_up(page, live_server.url, "gangboss")
    import_pack(page, live_server.url, "necromunda")
    create_force(page, live_server.url, "necromunda", "Rust Rats")
    page.locator("#squad-pack").select_option(label="Example club pack, version 1")
    settled(page)

    minimum = page.locator('li.violation[data-code="army-list-minimum"]')
    expect(minimum).to_contain_text("at least 1 model(s) of type Gang leader")
    add_fighter(page, "Mak", "leader")
    expect(minimum).to_have_count(0)
    for name in ("Pip", "Tam", "Rook"):
        add_fighter(page, name, "kid")

    maximum = page.get_by_role("list", name="Rules broken").locator(
        'li.violation[data-code="army-list-maximum"]'
    )
    expect(maximum).to_contain_text("at most 2 model(s) of type Kid")
    expect(maximum).to_contain_text("1 too many: 'Rook'")
    expect(member(page, "Rook").locator('[data-code="army-list-maximum"]')).to_have_count(1)

    page.once("dialog", lambda dialog: dialog.accept())
    open_card(page, "Rook").get_by_role("button", name="Remove", exact=True).click()
    expect(member(page, "Rook")).to_have_count(0)
    expect(page.locator('li.violation[data-code^="army-list"]')).to_have_count(0)
    expect(page.locator("#summary")).to_contain_text("Valid squad")
