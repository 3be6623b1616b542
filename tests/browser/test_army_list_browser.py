"""Issue #30, army lists, in Chromium: for Bolt Action and the one-page modern set, the
game's example pack imported from its file, a force built with it shows the army list's
minimum broken while it has too few squads, its kind picker offers only what the list allows
for its faction, and the violation clears when the user adds the unit it needs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.steps import sign_up
from tests.browser.test_unit_games_browser import create_force, settled, unit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PACKS = Path(__file__).resolve().parents[2] / "docs" / "packs"
# game -> the kind the example list needs more of, how many, a kind it offers no faction
# but one, and that faction
GAMES = {
    "bolt-action": ("infantry-squad", 2, "heavy-tank", "Germany"),
    "one-page-modern": ("infantry", 1, "bunker", "Rapid reaction force (supplement)"),
}


def import_pack(page: Page, base: str, game: str) -> None:
    page.goto(f"{base}/packs/import/")
    page.locator('input[type="file"]').set_input_files(str(PACKS / f"{game}.json"))
    page.get_by_role("button", name="Import").click()
    expect(page).to_have_url(re.compile(r"/packs/\d+/$"))


def kinds_offered(page: Page) -> list[str]:
    return page.locator('form.add-member select[name="kind"] option').evaluate_all(
        "options => options.map(o => o.value)"
    )


def add_unit(page: Page, name: str, kind: str) -> None:
    form = page.locator("form.add-member")
    form.locator('input[name="name"]').fill(name)
    form.locator('select[name="kind"]').select_option(kind)
    form.get_by_role("button", name="Add unit").click()
    settled(page)
    expect(unit(page, name)).to_have_count(1)


@pytest.mark.parametrize("game", list(GAMES))
def test_an_army_list_bound_broken_shows_and_clears(page: Page, live_server, game):
    kind, needed, own_kind, faction = GAMES[game]
    sign_up(page, live_server.url, "armylist")
    import_pack(page, live_server.url, game)
    create_force(page, live_server.url, game, "Task force")

    page.locator("#squad-pack").select_option(label="Example club pack, version 1")
    settled(page)
    minimum = page.locator('li.violation[data-code="army-list-minimum"]')
    expect(minimum).to_have_count(1)
    expect(minimum).to_contain_text(f"needs at least {needed} unit(s)")
    offered = kinds_offered(page)
    assert kind in offered and own_kind not in offered  # the list's, for any faction

    for i in range(needed):
        expect(minimum).to_have_count(1)
        add_unit(page, f"Unit {i + 1}", kind)
    expect(page.locator('li.violation[data-code="army-list-minimum"]')).to_have_count(0)

    # the faction's own row widens the picker
    page.locator("#squad-faction").fill(faction)
    page.locator("#squad-faction").dispatch_event("change")
    settled(page)
    expect(
        page.locator(f'form.add-member select[name="kind"] option[value="{own_kind}"]')
    ).to_have_count(1)
