"""Fast clicks in the builder, in Chromium (issue #28, item 12).

A second click made while the first is on its way used to be dropped without a word (htmx
queued it on a form the first answer then swapped out), and a chip row that wrapped moved the
item buttons, so that a fast click landed on another item. Now the card says it is busy, the
second click is kept and made once the first is back, and the item buttons stay where they are
whatever chips are added.

The first answer is held by the server until the second click is made (a gate, not a delay),
so the second click is always made while the first is on its way.
"""

from __future__ import annotations

import threading

import pytest
from playwright.sync_api import Locator, Page, expect

from rosters import services
from rosters.models import Member
from rules.black_sun.data import ITEMS
from tests.browser.steps import add_model, create_squad, equipment_chips, member, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def item_button(card: Locator, item: str) -> Locator:
    return card.locator(f'button[name="item"][value="{item}"]')


def centre(target: Locator) -> tuple[float, float]:
    box = target.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@pytest.fixture
def builder(page: Page, live_server) -> Page:
    """Mint, a US Army Boss, open in the builder of a new squad, all of it on the screen (the
    pointer is not moved by a scroll)."""
    page.set_viewport_size({"width": 1280, "height": 1400})
    sign_up(page, live_server.url, "mint")
    create_squad(page, live_server.url, "Hill 937", "us-army")
    add_model(page, "Mint", "boss")
    expect(member(page, "Mint")).to_have_class("member is-open")
    return page


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Until it is set, the server holds every item added (the live server's threads wait)."""
    opened = threading.Event()
    add = services.equipment_add

    def held(**kwargs):
        opened.wait(timeout=60)
        return add(**kwargs)

    monkeypatch.setattr(services, "equipment_add", held)
    yield opened
    opened.set()


def test_a_second_click_made_while_the_first_is_on_its_way_is_kept(builder: Page, gate):
    page = builder
    card = member(page, "Mint")
    pistol, smg = item_button(card, "pistol"), item_button(card, "smg")
    x, y = centre(smg)

    pistol.click()
    expect(card).to_have_attribute("aria-busy", "true")  # the busy sign, while it is held
    page.wait_for_timeout(50)  # a player's quick second click, on the button under the pointer
    page.mouse.click(x, y)
    expect(smg).to_have_class("is-queued")  # kept, and shown to be
    gate.set()

    chips = equipment_chips(member(page, "Mint"))
    expect(chips).to_contain_text(ITEMS["pistol"].label)
    expect(chips).to_contain_text(ITEMS["smg"].label)
    expect(member(page, "Mint")).not_to_have_attribute("aria-busy", "true")
    stored = Member.objects.get(name="Mint")
    assert sorted(e.item for e in stored.equipment.all()) == ["pistol", "smg"]


def test_the_item_buttons_stay_where_they_are_when_chips_are_added(builder: Page):
    """Each item is added by a click where its button was before any chip was added, as a
    player's pointer would: it lands on that item, though the chips wrap to more lines. (Four
    items of 1 EP: the Boss's 4 EP, so that no rule broken is added to the summary above.)"""
    page = builder
    card = member(page, "Mint")
    items = ["smg", "body-armour", "grenades", "pistol"]
    where = {item: centre(item_button(card, item)) for item in items}
    one_line = equipment_chips(card).bounding_box()["height"]

    for count, item in enumerate(items, start=1):
        page.mouse.click(*where[item])
        expect(equipment_chips(member(page, "Mint")).locator("li")).to_have_count(count)
        expect(equipment_chips(member(page, "Mint"))).to_contain_text(ITEMS[item].label)

    card = member(page, "Mint")
    assert equipment_chips(card).bounding_box()["height"] > 1.5 * one_line  # they wrapped
    assert {item: centre(item_button(card, item)) for item in items} == where
    stored = Member.objects.get(name="Mint")
    assert sorted(e.item for e in stored.equipment.all()) == sorted(items)
