"""A new player builds a legal 200-point US Army squad in the roster builder, in Chromium,
drawing random abilities and mending a broken rule on the way.

Every step goes through the page as a player would (htmx swaps included) and waits on what
the swap shows, never on a fixed delay.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.steps import (
    add_item,
    add_model,
    choose_ability,
    create_squad,
    draw_ability,
    member,
    name_assistant,
    sign_up,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# 12 models, 200 points: Boss 50 + 2 Tops 50 + 2 Veterans 30 + 7 Grunts 70.
# (name, type, equipment): each within its type's EP (Boss 4, Top 3, Veteran 4, Grunt 3).
RIFLE, VEST = "assault-rifle", "body-armour"
SQUAD = [
    ("Mint", "boss", ["pistol", VEST]),
    ("Pierce", "top", [RIFLE, VEST]),
    ("Jackson", "top", [RIFLE, VEST]),
    ("Chavez", "veteran", [RIFLE, VEST]),
    ("Berinson", "veteran", [RIFLE, VEST]),
    ("Song", "grunt", [RIFLE]),
    ("Hicks", "grunt", [RIFLE]),
    ("Moreau", "grunt", [RIFLE]),
    ("Baker", "grunt", [RIFLE]),
    ("Doyle", "grunt", [RIFLE]),
    ("Ortiz", "grunt", [RIFLE]),
    ("Ling", "grunt", []),  # gets the machine gun last
]
COST = {"boss": 50, "top": 25, "veteran": 15, "grunt": 10}


def test_a_new_player_builds_a_legal_200_point_squad_and_exports_it(
    page: Page, live_server
) -> None:
    sign_up(page, live_server.url, "mint")
    create_squad(page, live_server.url, "Hill 937", "us-army")
    summary = page.locator("#summary")
    points = summary.locator(".points strong")
    expect(points).to_have_text("0 / 200")
    expect(summary).to_contain_text("Invalid")

    total = 0
    for count, (name, model_type, _items) in enumerate(SQUAD, 1):
        add_model(page, name, model_type)
        total += COST[model_type]
        expect(points).to_have_text(f"{total} / 200")
        expect(page.locator("article.member")).to_have_count(count)
    for name, _type, items in SQUAD:
        for item in items:
            add_item(page, name, item)
    expect(member(page, "Mint").locator("[data-figure=ep]")).to_have_text("EP 2 / 4")

    choose_ability(page, "Mint", "aggressive")
    choose_ability(page, "Mint", "good-walker")
    for name in ("Pierce", "Jackson", "Chavez", "Berinson"):
        draw_ability(page, name)

    expect(points).to_have_text("200 / 200")
    expect(summary).to_contain_text("12 models")
    expect(summary).to_contain_text("Valid squad")

    # A machine gun without an assistant gunner breaks a rule, shown beside the gunner...
    ling = member(page, "Ling")
    add_item(page, "Ling", "machine-gun")
    expect(ling.locator("ul.violations")).to_contain_text("needs an assistant gunner")
    expect(summary).to_contain_text("Invalid: 1 rule broken")
    # ...until another model is named its assistant gunner.
    name_assistant(page, "Song", "Ling")
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
    assert [m["type"] for m in document["members"]] == [t for _, t, _ in SQUAD]
    assert members["Mint"]["abilities"] == ["aggressive", "good-walker"]
    assert {e["item"] for e in members["Mint"]["equipment"]} == {"pistol", "body-armour"}
    assert members["Ling"]["equipment"] == [{"item": "machine-gun"}]
    assert members["Song"]["assists"] == "Ling"
    for name in ("Pierce", "Jackson", "Chavez", "Berinson"):
        assert len(members[name]["abilities"]) == 1
