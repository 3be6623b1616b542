"""A new player signs up and, for each of the four factions, builds a legal 200-point squad
from empty, exports it and imports the file again, all in Chromium (one browser, one test).

The squads are the demo squads (``rosters/demo.py``), typed in model by model, so the export
must be exactly their roster document.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from rosters.demo import demo_rosters
from rules.documents import roster_to_document
from rules.types import Roster
from tests.browser.steps import (
    add_item,
    add_model,
    choose_ability,
    create_squad,
    name_assistant,
    sign_up,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def expect_legal(page: Page, roster: Roster) -> None:
    summary = page.locator("#summary")
    expect(summary.locator(".points strong")).to_have_text("200 / 200")
    expect(summary).to_contain_text(f"{len(roster.members)} models")
    expect(summary).to_contain_text("Valid squad")
    expect(page.locator("article.member")).to_have_count(len(roster.members))


def build(page: Page, base_url: str, roster: Roster) -> None:
    create_squad(page, base_url, roster.name, roster.faction)
    expect(page.locator("#summary .points strong")).to_have_text("0 / 200")
    for m in roster.members:
        add_model(page, m.name, m.type)
    for m in roster.members:
        for line in m.equipment:
            add_item(page, m.name, line.item, line.count)
        for ability in m.abilities:
            choose_ability(page, m.name, ability.code)
        if m.record.get("assists"):
            name_assistant(page, m.name, m.record["assists"])


def export(page: Page) -> Path:
    with page.expect_download() as download_info:
        page.get_by_role("link", name="Export (JSON)").click()
    return Path(download_info.value.path())


def import_file(page: Page, base_url: str, path: Path) -> None:
    page.goto(f"{base_url}/squads/import/")
    page.locator("#id_file").set_input_files(path)
    page.get_by_role("button", name="Import").click()
    expect(page).to_have_url(re.compile(r"/squads/\d+/$"))
    expect(page.locator(".messages")).to_contain_text("Squad imported.")


def test_a_new_player_builds_exports_and_imports_a_squad_of_every_faction(
    page: Page, live_server
) -> None:
    sign_up(page, live_server.url, "pierce")
    rosters = [r for r in demo_rosters() if r.system == "black-sun"]
    assert sorted(r.faction for r in rosters) == ["adaro", "fury-bugs", "us-army", "viet-cong"]
    for roster in rosters:
        build(page, live_server.url, roster)
        expect_legal(page, roster)
        built_url = page.url
        exported = export(page)
        assert json.loads(exported.read_text(encoding="utf-8")) == roster_to_document(roster)

        import_file(page, live_server.url, exported)
        assert page.url != built_url
        expect(page.locator('input[name="name"].wide')).to_have_value(roster.name)
        expect_legal(page, roster)
