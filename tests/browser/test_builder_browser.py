"""A new player builds a legal 200-point US Army squad in the roster builder, in Chromium.

Every step goes through the page as a player would (htmx swaps included) and waits on what
the swap shows, never on a fixed delay.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# 12 models, 200 points: Boss 50 + 2 Tops 50 + 2 Veterans 30 + 7 Grunts 70.
# (name, type, equipment): each within its type's EP (Boss 4, Top 3, Veteran 4, Grunt 3).
RIFLE, VEST = "Assault rifle (AR)", "Body armour (flak vest)"
SQUAD = [
    ("Mint", "Boss", ["Pistol", VEST]),
    ("Pierce", "Top", [RIFLE, VEST]),
    ("Jackson", "Top", [RIFLE, VEST]),
    ("Chavez", "Veteran", [RIFLE, VEST]),
    ("Berinson", "Veteran", [RIFLE, VEST]),
    ("Song", "Grunt", [RIFLE]),
    ("Hicks", "Grunt", [RIFLE]),
    ("Moreau", "Grunt", [RIFLE]),
    ("Baker", "Grunt", [RIFLE]),
    ("Doyle", "Grunt", [RIFLE]),
    ("Ortiz", "Grunt", [RIFLE]),
    ("Ling", "Grunt", []),  # gets the machine gun last
]
COST = {"Boss": 50, "Top": 25, "Veteran": 15, "Grunt": 10}


def member(page: Page, name: str) -> Locator:
    """A model's card, found by the name in its own form (cards are re-rendered by htmx)."""
    return page.locator("article.member").filter(
        has=page.locator(f'input[name="name"][value="{name}"]')
    )


def equipment_chips(card: Locator) -> Locator:
    return card.locator(".kit").nth(0).locator("ul.chips")


def ability_chips(card: Locator) -> Locator:
    return card.locator(".kit").nth(1).locator("ul.chips > li:not(.muted)")


def add_model(page: Page, name: str, type_label: str) -> None:
    form = page.locator("form.add-member")
    form.locator('input[name="name"]').fill(name)
    form.locator('select[name="type"]').select_option(label=type_label)
    form.get_by_role("button", name="Add model").click()
    expect(member(page, name)).to_have_count(1)


def add_item(page: Page, name: str, item_label: str) -> None:
    card = member(page, name)
    card.locator('select[name="item"]').select_option(label=item_label)
    card.get_by_role("button", name="Add", exact=True).click()
    expect(equipment_chips(card)).to_contain_text(item_label)


def choose_ability(page: Page, name: str, ability_label: str) -> None:
    card = member(page, name)
    card.locator('select[name="code"]').select_option(label=ability_label)
    card.get_by_role("button", name="Add ability").click()
    expect(ability_chips(card).filter(has_text=ability_label)).to_have_count(1)


def draw_ability(page: Page, name: str) -> None:
    card = member(page, name)
    card.get_by_role("button", name="Draw a random ability").click()
    expect(ability_chips(card)).to_have_count(1)
    expect(ability_chips(card)).to_contain_text("random (roll ")


def test_a_new_player_builds_a_legal_200_point_squad_and_exports_it(
    page: Page, live_server
) -> None:
    page.goto(f"{live_server.url}/accounts/signup/")
    page.locator("#id_username").fill("mint")
    page.locator("#id_password1").fill("Hill-937-Ap-Bia")
    page.locator("#id_password2").fill("Hill-937-Ap-Bia")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", name="My squads")).to_be_visible()

    page.locator("#id_name").fill("Hill 937")
    page.locator("#id_faction").select_option(label="US Army")
    page.get_by_role("button", name="Create squad").click()
    expect(page).to_have_url(re.compile(r"/squads/\d+/$"))
    summary = page.locator("#summary")
    points = summary.locator(".points strong")
    expect(points).to_have_text("0 / 200")
    expect(summary).to_contain_text("Invalid")

    total = 0
    for count, (name, type_label, _items) in enumerate(SQUAD, 1):
        add_model(page, name, type_label)
        total += COST[type_label]
        expect(points).to_have_text(f"{total} / 200")
        expect(page.locator("article.member")).to_have_count(count)
    for name, _type_label, items in SQUAD:
        for item_label in items:
            add_item(page, name, item_label)
    expect(member(page, "Mint").locator("[data-ep]")).to_have_text("EP 2 / 4")

    choose_ability(page, "Mint", "Aggressive")
    choose_ability(page, "Mint", "Good walker")
    for name in ("Pierce", "Jackson", "Chavez", "Berinson"):
        draw_ability(page, name)

    expect(points).to_have_text("200 / 200")
    expect(summary).to_contain_text("12 models")
    expect(summary).to_contain_text("Valid squad")

    # A machine gun without an assistant gunner breaks a rule, shown beside the gunner...
    ling = member(page, "Ling")
    add_item(page, "Ling", "Machine gun (SAW or MG)")
    expect(ling.locator("ul.violations")).to_contain_text("needs an assistant gunner")
    expect(summary).to_contain_text("Invalid: 1 rule broken")
    # ...until another model is named its assistant gunner.
    member(page, "Song").locator('select[name="assists"]').select_option(label="Ling")
    expect(member(page, "Song").locator('select[name="assists"] option:checked')).to_have_text(
        "Ling"
    )
    expect(ling.locator("ul.violations > li")).to_have_count(0)
    expect(summary).to_contain_text("Valid squad")
    expect(points).to_have_text("200 / 200")

    with page.expect_download() as download_info:
        page.get_by_role("link", name="Export (JSON)").click()
    download = download_info.value
    assert download.suggested_filename == "hill-937.json"
    document = json.loads(Path(download.path()).read_text(encoding="utf-8"))

    assert document["format"] == "squad-roster/1"
    assert document["faction"] == "us-army"
    assert document["points_limit"] == 200
    members = {m["name"]: m for m in document["members"]}
    assert [m["name"] for m in document["members"]] == [name for name, _, _ in SQUAD]
    assert [m["type"] for m in document["members"]] == [t.lower() for _, t, _ in SQUAD]
    assert members["Mint"]["abilities"] == ["aggressive", "good-walker"]
    assert {e["item"] for e in members["Mint"]["equipment"]} == {"pistol", "body-armour"}
    assert members["Ling"]["equipment"] == [{"item": "machine-gun"}]
    assert members["Song"]["assists"] == "Ling"
    for name in ("Pierce", "Jackson", "Chavez", "Berinson"):
        assert len(members[name]["abilities"]) == 1
