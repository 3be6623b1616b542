"""Issue 14, part 1: a legal squad is built in few interactions.

Tried as a new player would, building a legal 9-model US Army squad took about 88
interactions, and a 13-model Viet Cong squad 109. Here a player builds both from "My squads",
and every interaction is counted: a click, a fill, a choice in a select, a key press. The
builder makes them few: the add form keeps the type, items are one click each (their cost on
the button), a model is duplicated with its equipment and the next numbered name, and the card
of the model just added or copied is the one open.

Every step waits on what the page shows afterwards (an htmx swap), never on a fixed delay.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from rosters.models import Member, Squad
from rules.black_sun.data import ITEMS
from tests.browser.steps import Interactions, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


class Player(Interactions):
    """A player at the builder, who counts what they do."""

    def __init__(self, page: Page) -> None:
        super().__init__()
        self.page = page
        self.points = page.locator("#summary .points strong")

    def card(self, name: str) -> Locator:
        return self.page.locator(f'article.member[data-name="{name}"]')

    def create_squad(self, name: str, faction: str) -> None:
        self.fill(self.page.locator("#id_name"), name)
        self.select(self.page.locator("#id_faction"), faction)
        self.click(self.page.get_by_role("button", name="Create squad"))
        expect(self.page).to_have_url(re.compile(r"/squads/\d+/$"))

    def add(self, name: str, model_type: str) -> None:
        form = self.page.locator("form.add-member")
        self.fill(form.locator('input[name="name"]'), name)
        self.select(form.locator('select[name="type"]'), model_type)
        self.click(form.get_by_role("button", name="Add model"))
        expect(self.card(name)).to_have_class(re.compile(r"\bis-open\b"))

    def item(self, name: str, item: str) -> None:
        self.click(self.card(name).locator(f'button[name="item"][value="{item}"]'))
        chips = self.card(name).locator(".kit").first.locator("ul.chips")
        expect(chips).to_contain_text(ITEMS[item].label)

    def equip(self, name: str, *items: str) -> None:
        for item in items:
            self.item(name, item)

    def choose(self, name: str, *abilities: str) -> None:
        for ability in abilities:
            self.choose_one(name, ability)

    def choose_one(self, name: str, ability: str) -> None:
        card = self.card(name)
        self.select(card.locator('select[name="code"]'), ability)
        self.click(card.get_by_role("button", name="Add ability"))
        offered = self.card(name).locator(f'select[name="code"] option[value="{ability}"]')
        expect(offered).to_have_count(0)  # held now: no longer offered

    def draw(self, name: str) -> None:
        self.click(self.card(name).get_by_role("button", name="Draw a random ability"))
        expect(self.card(name).locator(".kit").nth(1)).to_contain_text("random (roll ")

    def duplicate(self, name: str, copy: str) -> None:
        self.click(self.card(name).get_by_role("button", name="Duplicate"))
        expect(self.card(copy)).to_have_class(re.compile(r"\bis-open\b"))

    def open(self, name: str) -> None:
        self.click(self.card(name).locator("a.line-open"))
        expect(self.card(name)).to_have_class(re.compile(r"\bis-open\b"))

    def assist(self, name: str, gunner: str) -> None:
        select = self.card(name).locator('select[name="assists"]')
        old = select.element_handle()
        self.count += 1
        select.select_option(label=gunner)
        self.page.wait_for_function("element => !element.isConnected", arg=old)


def a_new_player(page: Page, base_url: str, squad: str, faction: str, boss: str, *items: str):
    """Signed up (not counted); then counted: the squad created from "My squads", and its
    Boss added, equipped and given its two chosen abilities."""
    sign_up(page, base_url, boss.lower())
    me = Player(page)
    me.create_squad(squad, faction)
    me.add(boss, "boss")
    me.equip(boss, *items)
    me.choose(boss, "aggressive", "good-walker")
    return me


def test_a_legal_9_model_us_army_squad_takes_at_most_40_interactions(
    page: Page, live_server
) -> None:
    me = a_new_player(page, live_server.url, "Hill 937", "us-army", "Mint", "pistol", "body-armour")
    for name, model_type in (("Pierce", "top"), ("Chavez", "veteran")):
        me.add(name, model_type)
        me.equip(name, "assault-rifle", "body-armour")
        me.draw(name)
    me.add("Song", "grunt")
    me.equip("Song", "assault-rifle")
    for original, copy in (("Song", "Song 2"), ("Song 2", "Song 3"), ("Song 3", "Song 4"),
                           ("Song 4", "Song 5")):  # fmt: skip
        me.duplicate(original, copy)
    me.add("Ling", "grunt")
    me.item("Ling", "machine-gun")
    me.open("Song")
    me.assist("Song", "Ling")

    summary = page.locator("#summary")
    expect(summary).to_contain_text("Valid squad")
    expect(summary).to_contain_text("9 models")
    expect(me.points).to_have_text("150 / 200")
    squad = Squad.objects.get(name="Hill 937")
    stored = {m.name: m for m in Member.objects.filter(squad=squad)}
    assert stored["Song"].record["assists"] == "Ling"
    assert {e.item for e in stored["Song 5"].equipment.all()} == {"assault-rifle"}
    page.screenshot(path="/tmp/us-army-builder.png", full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path="/tmp/us-army-builder-phone.png", full_page=True)
    print(f"US Army, 9 models: {me.count} interactions")
    assert me.count <= 40


def test_a_legal_13_model_viet_cong_squad_takes_at_most_50_interactions(
    page: Page, live_server
) -> None:
    me = a_new_player(page, live_server.url, "Tunnel rats", "viet-cong", "Bao", "smg")
    for name in ("Minh", "Lan"):
        me.add(name, {"Minh": "top", "Lan": "veteran"}[name])
        me.equip(name, "bolt-action-rifle")
        me.draw(name)
    me.add("Tran 1", "grunt")
    me.item("Tran 1", "bolt-action-rifle")
    for number in range(2, 11):
        me.duplicate(f"Tran {number - 1}", f"Tran {number}")

    summary = page.locator("#summary")
    expect(summary).to_contain_text("Valid squad")
    expect(summary).to_contain_text("13 models")
    expect(me.points).to_have_text("190 / 200")
    print(f"Viet Cong, 13 models: {me.count} interactions")
    assert me.count <= 50
