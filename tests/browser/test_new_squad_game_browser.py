"""Issue #28, items 1, 2 and 5 in Chromium: the new-squad form switches its faction field and
its points-limit hint with the game chosen (htmx, and the button shown without JavaScript),
and the squad made says which game it is for, with no limit borrowed from another game."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from rosters.models import Squad
from rules import systems
from tests.browser.steps import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CODED = next(s for s in systems() if s.factions is not None and s.default_points_limit)
FREE = next(s for s in systems() if s.factions is None and s.default_points_limit is None)


def test_the_faction_field_follows_the_game_chosen(page: Page, live_server) -> None:
    sign_up(page, live_server.url, "newcomer")
    faction = page.locator("#id_faction")
    free_text = page.get_by_label("Faction (free text)")
    limit = page.get_by_label("Points limit")
    expect(faction.locator("option")).to_have_count(1 + len(CODED.factions))
    expect(limit).to_have_attribute("placeholder", str(CODED.default_points_limit))
    expect(limit).to_have_value("")

    page.get_by_label("Game").select_option(CODED.code)  # no change: nothing moves
    page.get_by_label("Game").select_option(FREE.code)
    expect(free_text).to_be_visible()
    expect(faction).to_have_count(0)
    expect(limit).not_to_have_attribute("placeholder", re.compile("."))
    expect(page.get_by_role("button", name="Show the chosen game's fields")).to_be_hidden()

    page.get_by_label("Game").select_option(CODED.code)
    label = next(iter(CODED.factions.values())).label
    expect(faction.locator("option", has_text=label)).to_have_count(1)
    expect(free_text).to_have_count(0)

    page.get_by_label("Game").select_option(FREE.code)
    page.locator("#id_name").fill("Fresh force")
    free_text.fill("Irregulars")
    page.get_by_role("button", name="Create squad").click()
    expect(page).to_have_url(re.compile(r"/squads/\d+/$"))
    expect(page.locator(".builder-head .game-name")).to_have_text(FREE.name)
    squad = Squad.objects.get()
    assert (squad.system, squad.faction, squad.points_limit) == (FREE.code, "Irregulars", None)


def test_without_javascript_the_button_shows_the_game_s_fields(
    page_without_js: Page, live_server
) -> None:
    page = page_without_js
    sign_up(page, live_server.url, "plain")
    page.get_by_label("Game").select_option(FREE.code)
    page.locator("#id_name").fill("Plain force")
    page.get_by_role("button", name="Show the chosen game's fields").click()
    expect(page.get_by_label("Faction (free text)")).to_be_visible()
    expect(page.locator("#id_faction")).to_have_count(0)
    expect(page.locator("#id_name")).to_have_value("Plain force")
    page.get_by_role("button", name="Create squad").click()
    expect(page).to_have_url(re.compile(r"/squads/\d+/$"))
    assert Squad.objects.get().points_limit is None
