"""Issue #30 in Chromium, for each game whose rulebook prints no costs: a squad created with
the game's example pack (docs/packs/<game>.json, imported as the player's), built in the live
builder whose pickers show the pack's costs and whose total is the pack's; then its sheet and
the game's quick-reference card with the pack, downloaded and read back: the pack's weapon
cells marked "†" with the pack's footnote, and the squad's total."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from rosters import services
from rosters.adapters import load_squad
from rosters.services.packs import latest
from rules import get_system
from rules.necromunda.data import ITEMS
from tests.browser.steps import member, open_card, sign_up
from tests.browser.test_unit_games_browser import settled, unit
from tests.printing.conftest import pdf_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PACKS = Path(__file__).resolve().parents[2] / "docs" / "packs"
FOOTNOTE = "from the pack Example club pack, version 1"
LIMIT = 1000


def import_example_pack(username: str, system: str):
    """The game's example pack, imported as the player's (as "Import a pack" does)."""
    owner = get_user_model().objects.get(username=username)
    document = json.loads((PACKS / f"{system}.json").read_text(encoding="utf-8"))
    return latest(services.pack_import(owner=owner, document=document))


def create_with_pack(page: Page, base: str, system: str, name: str, version) -> str:
    page.goto(f"{base}/squads/")
    page.get_by_label("Game").select_option(label=get_system(system).name)
    pack = page.locator('select[name="pack"]')
    expect(pack.locator(f'option[value="{version.pk}"]')).to_have_count(1)  # the game's packs
    page.locator("#id_name").fill(name)
    if page.get_by_label("Faction (free text)").count():
        page.get_by_label("Faction (free text)").fill("Club")
    page.get_by_label("Points limit").fill(str(LIMIT))
    pack.select_option(value=str(version.pk))
    page.get_by_role("button", name="Create squad").click()
    expect(page).to_have_url(re.compile(r"/squads/\d+/$"))
    expect(page.locator("#summary")).to_contain_text("with the pack Example club pack")
    return page.url


def option_text(page: Page, select: str, value: str) -> str:
    return page.locator(f'{select} option[value="{value}"]').first.inner_text()


def build_necromunda(page: Page) -> None:
    form = page.locator("form.add-member")
    assert option_text(page, 'form.add-member select[name="type"]', "leader").endswith("100 pts")
    for name, fighter_type in (("Mak", "leader"), ("Hollis", "ganger")):
        form.locator('input[name="name"]').fill(name)
        form.locator('select[name="type"]').select_option(value=fighter_type)
        form.get_by_role("button", name="Add model").click()
        expect(member(page, name)).to_have_count(1)
        settled(page)
    for name, item in (("Mak", "autopistol"), ("Hollis", "heavy-bolter")):
        card = open_card(page, name)
        settled(page)
        button = card.locator(f'button[name="item"][value="{item}"]')
        if item == "autopistol":  # the pack prices it: its button says so
            expect(button).to_contain_text("5 pts")
        button.click()
        settled(page)
        expect(open_card(page, name).locator(".kit").first).to_contain_text(ITEMS[item].label)


def add_unit(page: Page, name: str, kind: str, price: str) -> None:
    form = page.locator("form.add-member")
    assert price in option_text(page, 'form.add-member select[name="kind"]', kind)
    form.locator('input[name="name"]').fill(name)
    form.locator('select[name="kind"]').select_option(value=kind)
    form.get_by_role("button", name="Add unit").click()
    settled(page)
    expect(unit(page, name)).to_have_count(1)


def add_member_with(page: Page, unit_name: str, name: str, count: int, item: str, price: str):
    card = unit(page, unit_name)
    form = card.locator("form.add-to-unit")
    form.locator('input[name="name"]').fill(name)
    form.locator('input[name="count"]').fill(str(count))
    form.get_by_role("button", name="Add to the unit").click()
    settled(page)
    card = unit(page, unit_name)
    row = card.locator("tr", has=page.locator(f'input[name="name"][value="{name}"]'))
    weapons = row.locator("form.inline").last
    assert (
        weapons.locator(f'select[name="item"] option[value="{item}"]').inner_text().endswith(price)
    )
    weapons.locator('select[name="item"]').select_option(value=item)
    weapons.get_by_role("button", name="Add", exact=True).click()
    settled(page)


def build_bolt_action(page: Page) -> None:
    add_unit(page, "1st Squad", "infantry-squad", "20–40 pts")
    add_member_with(page, "1st Squad", "Uffz. Becker", 1, "smg", "5 pts")


def build_one_page_modern(page: Page) -> None:
    add_unit(page, "1st Section", "infantry", "")
    add_member_with(page, "1st Section", "Rifleman", 4, "assault-rifle", "2 pts")


# game -> (build the squad, what the sheet prints from the pack, the card's pack weapon)
GAMES = {
    "necromunda": (build_necromunda, ("Heavy bolter", "−2†", "Stub gun"), "Stub gun"),
    "bolt-action": (build_bolt_action, ("Flamethrower",), "Flamethrower"),
    "one-page-modern": (build_one_page_modern, ("Automatic grenade launcher",),
                        "Automatic grenade launcher"),
}  # fmt: skip


def download(page: Page, path: str) -> str:
    # the first print starts the print server, which warms itself on every game's cards
    response = page.request.get(path, timeout=180_000)
    assert response.status == 200 and response.headers["content-type"] == "application/pdf"
    return pdf_text(response.body())


@pytest.mark.parametrize("system", list(GAMES))
def test_a_squad_built_with_the_example_pack_shows_and_prints_its_numbers(
    page: Page, live_server, system: str
) -> None:
    base = live_server.url
    sign_up(page, base, "club")
    version = import_example_pack("club", system)
    builder_url = create_with_pack(page, base, system, "Club squad", version)
    build, printed, card_weapon = GAMES[system]
    build(page)

    squad_id = int(builder_url.rstrip("/").rsplit("/", 1)[1])
    points = get_system(system).points(load_squad(squad_id).roster(), version.read)
    assert isinstance(points, int) and points > 0
    expect(page.locator("#summary")).to_contain_text(f"{points} / {LIMIT}")

    sheet = download(page, f"{base}/print/squads/{squad_id}/sheet.pdf")
    assert f"{points} / {LIMIT}" in sheet
    assert "†" in sheet and FOOTNOTE in sheet
    for text in printed:
        assert text in sheet, (text, sheet)

    card = download(page, f"{base}/print/reference/{system}.pdf?pack={version.pack_id}")
    assert "†" in card and FOOTNOTE in card and card_weapon in card
    plain = download(page, f"{base}/print/reference/{system}.pdf")
    assert "†" not in plain
