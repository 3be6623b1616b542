"""What a player does in the roster builder, as Playwright steps shared by the browser tests.

Each step waits on what the page shows afterwards (an htmx swap or a new page), never on a
fixed delay. Labels come from the rules data, so the steps follow it when a label changes.
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from rules.black_sun.data import ABILITIES, FACTIONS, ITEMS

PASSWORD = "Hill-937-Ap-Bia"


def sign_up(page: Page, base_url: str, username: str) -> None:
    page.goto(f"{base_url}/accounts/signup/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", name="My squads")).to_be_visible()


def log_in(page: Page, base_url: str, username: str) -> None:
    """Another player on the same device. The open page is left first, so that nothing it
    still fetches carries the cookies that are then cleared; the log-in must land."""
    page.goto("about:blank")
    page.context.clear_cookies()
    page.goto(f"{base_url}/accounts/login/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page).not_to_have_url(re.compile(r"/accounts/login/"))


def create_squad(page: Page, base_url: str, name: str, faction: str) -> None:
    page.goto(f"{base_url}/squads/")
    page.locator("#id_name").fill(name)
    page.locator("#id_faction").select_option(label=FACTIONS[faction].label)
    page.get_by_role("button", name="Create squad").click()
    expect(page).to_have_url(re.compile(r"/squads/\d+/$"))


def member(page: Page, name: str) -> Locator:
    """A model's line or open card, found by its name (both are re-rendered by htmx)."""
    return page.locator(f'article.member[data-name="{name}"]')


def open_card(page: Page, name: str) -> Locator:
    """The model's card, opened from its line if it is not open yet (one click)."""
    card = member(page, name)
    if "is-open" not in (card.get_attribute("class") or ""):
        card.locator("a.line-open").click()
        expect(member(page, name)).to_have_class(re.compile(r"\bis-open\b"))
    return member(page, name)


def equipment_chips(card: Locator) -> Locator:
    return card.locator(".kit").nth(0).locator("ul.chips")


def ability_chips(card: Locator) -> Locator:
    return card.locator(".kit").nth(1).locator("ul.chips > li:not(.muted)")


def add_model(page: Page, name: str, model_type: str) -> None:
    form = page.locator("form.add-member")
    form.locator('input[name="name"]').fill(name)
    form.locator('select[name="type"]').select_option(value=model_type)
    form.get_by_role("button", name="Add model").click()
    expect(member(page, name)).to_have_count(1)


def add_item(page: Page, name: str, item: str, count: int = 1) -> None:
    card = open_card(page, name)
    label = ITEMS[item].label
    if count != 1:  # a re-rendered card shows 1
        card.locator('input[name="count"]').fill(str(count))
    card.locator(f'button[name="item"][value="{item}"]').click()
    expect(equipment_chips(card)).to_contain_text(label if count == 1 else f"{label} ×{count}")


def choose_ability(page: Page, name: str, code: str) -> None:
    card = open_card(page, name)
    label = ABILITIES[code].label
    card.locator('select[name="code"]').select_option(value=code)
    card.get_by_role("button", name="Add ability").click()
    expect(ability_chips(card).filter(has_text=label)).to_have_count(1)


def draw_ability(page: Page, name: str) -> None:
    card = open_card(page, name)
    card.get_by_role("button", name="Draw a random ability").click()
    expect(ability_chips(card)).to_have_count(1)
    expect(ability_chips(card)).to_contain_text("random (roll ")


def name_assistant(page: Page, name: str, gunner: str) -> None:
    """The card's form swaps the whole roster: wait until the old card has gone."""
    select = open_card(page, name).locator('select[name="assists"]')
    old = select.element_handle()
    select.select_option(label=gunner)
    page.wait_for_function("element => !element.isConnected", arg=old)
    expect(member(page, name).locator('select[name="assists"] option:checked')).to_have_text(gunner)


class Interactions:
    """Does what a player does, counting each click, fill, choice in a select and tick as
    one interaction (issue #14 counts them)."""

    def __init__(self) -> None:
        self.count = 0

    def click(self, target: Locator) -> None:
        self.count += 1
        target.click()

    def fill(self, target: Locator, value: str) -> None:
        self.count += 1
        target.fill(value)

    def select(self, target: Locator, value: str) -> None:
        self.count += 1
        target.select_option(value)

    def check(self, target: Locator) -> None:
        self.count += 1
        target.check()


def start_report(page: Page, base_url: str, username: str, campaign_url: str) -> None:
    """``username`` logs in and opens the report screen of the campaign, both squads ticked."""
    log_in(page, base_url, username)
    page.goto(campaign_url)
    page.get_by_role("link", name="Report a battle").click()
    page.get_by_role("button", name="Next").click()


def two_squad_campaign():
    """A campaign, "Delta", whose organiser ("orga") plays the US Army demo squad and "kang"
    the Viet Cong one: (campaign, their entries), set up through the services."""
    from django.contrib.auth import get_user_model

    from campaigns import services
    from rosters import services as roster_services
    from rosters.demo import demo_rosters

    users = get_user_model().objects
    organiser = users.create_user("orga", password=PASSWORD)
    rival = users.create_user("kang", password=PASSWORD)
    campaign = services.campaign_create(organiser=organiser, name="Delta")
    services.campaign_join(campaign=campaign, user=rival)
    rosters = {r.faction: r for r in demo_rosters()}
    entries = []
    for player, faction in ((organiser, "us-army"), (rival, "viet-cong")):
        squad = roster_services.squad_import(owner=player, roster=rosters[faction])
        entries.append(services.enrol(campaign=campaign, user=player, squad=squad))
    return campaign, entries
