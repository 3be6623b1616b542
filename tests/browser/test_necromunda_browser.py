"""Necromunda in Chromium: a gang built from an empty one into a legal gang, its sheet and the
quick-reference card printed and read, and a two-battle campaign with a void (issue #11)."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from rules.necromunda.data import ITEMS
from tests.browser.steps import log_in, member, open_card, sign_up
from tests.printing.conftest import pdf_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RIVALS = {
    "format": "squad-roster/1", "system": "necromunda", "name": "The Iron Boys",
    "faction": "Goliath",
    "members": [
        {"name": "Grub", "type": "leader", "equipment": [{"item": "boltgun"}]},
        {"name": "Skab", "type": "ganger", "equipment": [{"item": "lasgun"}]},
        {"name": "Nix", "type": "kid"},
    ],
}  # fmt: skip


def add_fighter(page: Page, name: str, fighter_type: str) -> None:
    form = page.locator("form.add-member")
    form.locator('input[name="name"]').fill(name)
    form.locator('select[name="type"]').select_option(value=fighter_type)
    form.get_by_role("button", name="Add model").click()
    expect(member(page, name)).to_have_count(1)


def add_item(page: Page, name: str, item: str) -> None:
    card = open_card(page, name)
    card.locator(f'button[name="item"][value="{item}"]').click()
    expect(card.locator(".kit").first.locator("ul.chips")).to_contain_text(ITEMS[item].label)


def download(page: Page, path: str) -> str:
    """A PDF of the site, fetched with the page's session, as text."""
    response = page.request.get(path)
    assert response.status == 200 and response.headers["content-type"] == "application/pdf"
    return pdf_text(response.body())


def report(page: Page, campaign_url: str, outcomes, rows, bottled=None) -> None:
    page.goto(campaign_url)
    page.get_by_role("link", name="Report a battle").click()
    page.get_by_label("The Rust Rats").check()
    page.get_by_label("The Iron Boys").check()
    page.get_by_role("button", name="Next").click()
    for i, outcome in enumerate(outcomes):
        page.locator(f'select[name="s{i}-outcome"]').select_option(outcome)
    for side, code in (bottled or {}).items():
        page.locator(f'select[name="s{side}-bottled"]').select_option(code)
    for (label, fighter), value in rows.items():
        field = page.get_by_label(f"{label} {fighter}", exact=True)
        if label == "End state":
            field.select_option(value)
        else:
            field.fill(str(value))
    page.get_by_role("button", name="Record the battle").click()
    expect(page.locator(".messages")).to_contain_text("recorded")


def standings(page: Page, campaign_url: str) -> dict[str, tuple[str, ...]]:
    """Each gang's row: VP, battles, wins, draws, losses, casualties, bottled, enemies OOA."""
    page.goto(campaign_url)
    rows = page.locator("table.standings tbody tr")
    out = {}
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td").all_inner_texts()
        out[cells[1]] = tuple(cells[3:])
    return out


def test_a_necromunda_gang_is_built_printed_and_campaigned(page: Page, live_server) -> None:
    base = live_server.url
    sign_up(page, base, "mak")

    # An empty gang: no points, a faction in free text.
    page.goto(f"{base}/squads/")
    page.get_by_label("Game").select_option(label="Necromunda")
    page.locator("#id_name").fill("The Rust Rats")
    page.get_by_label("Faction (free text)").fill("Orlock")
    page.get_by_label("Points limit").fill("")
    page.get_by_role("button", name="Create squad").click()
    expect(page).to_have_url(re.compile(r"/squads/\d+/$"))
    builder_url = page.url
    summary = page.locator("#summary")
    expect(summary).to_contain_text("points: not costed")
    expect(page.locator("h4", has_text="Abilities")).to_have_count(0)

    # Fighters, weapons, armour and an advance, edited live.
    add_fighter(page, "Mak McMadd", "leader")
    expect(summary).to_contain_text("Valid squad")
    add_fighter(page, "Hollis", "ganger")
    add_fighter(page, "Pip", "kid")
    for item in ("bolt-pistol", "sword", "carapace"):
        add_item(page, "Mak McMadd", item)
    add_item(page, "Hollis", "heavy-stubber")
    add_item(page, "Pip", "autopistol")
    add_item(page, "Pip", "flak")
    add_item(page, "Pip", "mesh")
    expect(summary).to_contain_text("Invalid")
    expect(member(page, "Pip").locator(".violation")).to_contain_text("armour")
    page.goto(builder_url)  # a fresh page: Pip takes the mesh off
    open_card(page, "Pip").get_by_role("button", name="Remove Mesh").click()
    expect(summary).to_contain_text("Valid squad")
    card = open_card(page, "Mak McMadd")
    card.locator('input[name="advances-ws"]').fill("1")
    card.locator('input[name="advances-ws"]').dispatch_event("change")
    expect(member(page, "Mak McMadd").locator("[data-figure=profile]")).to_contain_text("WS 4")
    expect(member(page, "Hollis").locator(".member-stats")).to_contain_text("encumbered")
    page.screenshot(path="/tmp/necromunda-builder.png", full_page=True)

    # The gang sheet and the quick-reference card, read back.
    squad_id = builder_url.rstrip("/").rsplit("/", 1)[1]
    sheet = download(page, f"{base}/print/squads/{squad_id}/sheet.pdf")
    for text in ("The Rust Rats", "Orlock", "Mak McMadd", "Hollis", "Pip", "not costed",
                 "Bottle test", "(+1)", "Knife"):  # fmt: skip
        assert text in sheet, text
    reference = download(page, f"{base}/print/reference/necromunda.pdf")
    for text in ("TO HIT BY BS", "WOUND CHART", "BOTTLE TEST", "Carapace", "4+"):
        assert text in reference, text  # titles print in capitals

    # A campaign: Mak organises; Grub's player imports his gang and joins.
    page.goto(f"{base}/campaigns/")
    page.get_by_label("Name").fill("Underhive Wars")
    page.get_by_label("Game").select_option(label="Necromunda")
    page.get_by_label("Points limit").fill("")
    page.get_by_role("button", name="Create campaign").click()
    campaign_url = page.url
    invite = page.locator("code").first.inner_text()
    page.goto(f"{campaign_url}enrol/")  # the enrol page: one choice per squad
    page.get_by_label("The Rust Rats").check()
    page.get_by_role("button", name="Enrol", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("is enrolled")

    page.context.clear_cookies()
    sign_up(page, base, "grub")
    page.goto(f"{base}/squads/import/")
    page.locator("#id_text").fill(json.dumps(RIVALS))
    page.get_by_role("button", name="Import").click()
    expect(page).to_have_url(re.compile(r"/squads/\d+/$"))
    page.goto(invite)
    page.get_by_role("button", name="Join the campaign").click()
    page.goto(campaign_url)
    page.goto(f"{campaign_url}enrol/")  # the enrol page: one choice per squad
    page.get_by_label("The Iron Boys").check()
    page.get_by_role("button", name="Enrol", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("is enrolled")

    # Battle 1, reported by Grub: the Iron Boys bottle out and lose.
    report(page, campaign_url, ["win", "loss"], {
        ("End state", "Hollis"): "out-of-action",
        ("End state", "Skab"): "out-of-action",
        ("End state", "Nix"): "down",
        ("Enemies out of action", "Mak McMadd"): 1,
    }, bottled={1: "test"})  # fmt: skip
    log_in(page, base, "mak")
    page.goto(f"{campaign_url}battles/1/")
    page.get_by_role("button", name="Confirm and apply").click()
    expect(page.locator("p.muted").first).to_contain_text("confirmed")
    expect(page.locator("table.history")).to_contain_text("serious injury")
    # Win 3 + 1 enemy out of action; loss 0 + 1.
    assert standings(page, campaign_url) == {
        "The Rust Rats": ("4", "1", "1", "0", "0", "1", "0", "1"),
        "The Iron Boys": ("1", "1", "0", "0", "1", "2", "1", "1"),
    }

    # Battle 2, reported by Mak, confirmed by Grub, then voided by Mak (the organiser).
    report(page, campaign_url, ["loss", "win"], {
        ("End state", "Pip"): "flesh-wound",
        ("Flesh wounds", "Pip"): 2,
    })  # fmt: skip
    log_in(page, base, "grub")
    page.goto(f"{campaign_url}battles/2/")
    page.get_by_role("button", name="Confirm and apply").click()
    expect(page.locator("p.muted").first).to_contain_text("confirmed")
    assert standings(page, campaign_url)["The Iron Boys"][:3] == ("4", "2", "1")
    log_in(page, base, "mak")
    page.goto(f"{campaign_url}battles/2/")
    page.once("dialog", lambda dialog: dialog.accept())  # "Void battle N?"
    page.get_by_role("button", name="Void this battle (undo all its effects)").click()
    expect(page.locator("p.muted").first).to_contain_text("voided")
    assert standings(page, campaign_url) == {
        "The Rust Rats": ("4", "1", "1", "0", "0", "1", "0", "1"),
        "The Iron Boys": ("1", "1", "0", "0", "1", "2", "1", "1"),
    }
    page.screenshot(path="/tmp/necromunda-standings.png", full_page=True)
