"""The games played with units in Chromium (issue #12): a legal force of four units built
from an empty one in the live builder — infantry with a leader, a support team, a vehicle,
and a bunker or a gun — with a violation appearing and clearing on the way, exported, and
its force sheet and the game's quick-reference card printed and read back; then a campaign
of two battles between that force and a rival, the second voided."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Locator, Page, expect

from rules import get_system
from rules.documents import parse_roster, roster_to_document
from tests.browser.steps import log_in, sign_up
from tests.printing.conftest import pdf_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def unit(page: Page, name: str) -> Locator:
    """A unit's card, found by the name in its own form (cards are re-rendered by htmx)."""
    return page.locator("article.unit").filter(
        has=page.locator(f'input[name="name"][value="{name}"]')
    )


def create_force(page: Page, base: str, game: str, name: str) -> str:
    page.goto(f"{base}/squads/")
    page.get_by_label("Game").select_option(label=get_system(game).name)
    page.locator("#id_name").fill(name)
    page.get_by_label("Points limit").fill("")
    page.get_by_role("button", name="Create squad").click()
    expect(page).to_have_url(re.compile(r"/squads/\d+/$"))
    expect(page.locator("#summary")).to_contain_text("points: not costed")
    return page.url


def add_unit(page: Page, name: str, kind_label: str) -> Locator:
    form = page.locator("form.add-member")
    form.locator('input[name="name"]').fill(name)
    form.locator('select[name="kind"]').select_option(label=kind_label)
    form.get_by_role("button", name="Add unit").click()
    settled(page)
    card = unit(page, name)
    expect(card).to_have_count(1)
    return card


def settled(page: Page) -> None:
    """Wait until no htmx request is running or swapping: a form filled while an earlier
    change is still on its way would be replaced by its answer."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
    )


def change(page: Page, field: Locator) -> None:
    field.dispatch_event("change")
    settled(page)


def set_field(card: Locator, name: str, value: str) -> None:
    field = card.locator(f'form.member-form [name="{name}"]').first
    field.select_option(label=value)
    change(card.page, field)


def add_member(page: Page, unit_name: str, name: str, count: int = 1, **selects: str) -> None:
    card = unit(page, unit_name)
    form = card.locator("form.add-to-unit")
    form.locator('input[name="name"]').fill(name)
    form.locator('input[name="count"]').fill(str(count))
    for key, label in selects.items():
        form.locator(f'select[name="{key}"]').select_option(label=label)
    form.get_by_role("button", name="Add to the unit").click()
    settled(page)
    expect(unit(page, unit_name).locator(f'input[name="name"][value="{name}"]')).to_have_count(1)


def add_weapon(page: Page, unit_name: str, item_label: str, member: str | None = None,
               label: str = "", count: int = 1) -> None:  # fmt: skip
    card = unit(page, unit_name)
    holder = card.locator("tr", has=page.locator(f'input[name="name"][value="{member}"]')) \
        if member else card.locator(".kit")  # fmt: skip
    form = holder.locator("form.inline").last
    form.locator('select[name="item"]').select_option(label=item_label)
    form.locator('input[name="count"]').fill(str(count))
    if label:
        form.locator('input[name="label"]').fill(label)
    form.get_by_role("button", name="Add", exact=True).click()
    settled(page)
    expect(unit(page, unit_name)).to_contain_text(item_label)


def download(page: Page, path: str) -> bytes:
    # the first print starts the print server, which warms itself on every game's cards
    response = page.request.get(path, timeout=60_000)
    assert response.status == 200, response.status
    return response.body()


# --- the campaign ---------------------------------------------------------------------------


def report(page: Page, campaign_url: str, forces, outcomes, rows) -> None:
    """Report a battle between ``forces`` from the page: ``rows`` maps (side, field label,
    unit) to the value to choose or type."""
    page.goto(campaign_url)
    page.get_by_role("link", name="Report a battle").click()
    for force in forces:
        page.get_by_label(force).check()
    page.get_by_role("button", name="Next").click()
    for i, outcome in enumerate(outcomes):
        page.locator(f'select[name="s{i}-outcome"]').select_option(outcome)
    sides = page.locator("fieldset.report-side")
    for (side, label, unit_name), value in rows.items():
        field = sides.nth(side).get_by_label(f"{label} {unit_name}", exact=True)
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(str(value))
    page.get_by_role("button", name="Record the battle").click()
    expect(page.locator(".messages")).to_contain_text("recorded")


def decide(page: Page, base: str, campaign_url: str, user: str, number: int, button: str) -> None:
    log_in(page, base, user)
    page.goto(f"{campaign_url}battles/{number}/")
    if button.startswith("Void"):
        page.once("dialog", lambda dialog: dialog.accept())  # "Void battle N?"
    page.get_by_role("button", name=button).click()
    expect(page.locator("p.muted").first).to_contain_text(
        "voided" if button.startswith("Void") else "confirmed"
    )


def standings(page: Page, campaign_url: str) -> dict[str, tuple[str, ...]]:
    """Each force's row from VP on: VP, battles, wins, draws, losses, casualties, own columns."""
    page.goto(campaign_url)
    rows = page.locator("table.standings tbody tr")
    out = {}
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td").all_inner_texts()
        out[cells[1]] = tuple(cells[3:])
    return out


def campaign(page: Page, base: str, game: str, organiser: str, force: str, rival: str) -> str:
    """``organiser`` creates a campaign of ``game`` and enrols ``force``; a second player
    imports the game's demo force under the name ``rival``, joins and enrols it."""
    page.goto(f"{base}/campaigns/")
    page.get_by_label("Name").fill("Long Front")
    page.get_by_label("Game").select_option(label=get_system(game).name)
    page.get_by_label("Points limit").fill("")
    page.get_by_role("button", name="Create campaign").click()
    campaign_url = page.url
    invite = page.locator("code").first.inner_text()
    page.goto(f"{campaign_url}enrol/")  # the enrol page: one choice per squad
    page.get_by_label(force).check()
    page.get_by_role("button", name="Enrol", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("is enrolled")

    page.context.clear_cookies()
    sign_up(page, base, "rival")
    roster = get_system(game).demo()[0]
    document = {**roster_to_document(roster), "name": rival}
    page.goto(f"{base}/squads/import/")
    page.locator("#id_text").fill(json.dumps(document))
    page.get_by_role("button", name="Import").click()
    expect(page).to_have_url(re.compile(r"/squads/\d+/$"))
    page.goto(invite)
    page.get_by_role("button", name="Join the campaign").click()
    page.goto(campaign_url)
    page.goto(f"{campaign_url}enrol/")  # the enrol page: one choice per squad
    page.get_by_label(rival).check()
    page.get_by_role("button", name="Enrol", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("is enrolled")
    return campaign_url


def test_a_one_page_modern_force_is_built_exported_and_printed(page: Page, live_server) -> None:
    base = live_server.url
    sign_up(page, base, "hale")
    builder_url = create_force(page, base, "one-page-modern", "Task Force Kestrel")
    summary = page.locator("#summary")

    # Infantry with a veteran leader.
    section = add_unit(page, "1st Section", "Infantry")
    set_field(section, "training", "Seasoned")
    expect(summary).to_contain_text("Invalid")  # no models yet: empty-unit
    add_member(page, "1st Section", "Sgt. Hale", leader="Veteran", armour="Medium")
    add_member(page, "1st Section", "Rifleman", count=5, armour="Medium")
    add_weapon(page, "1st Section", "Assault rifle", member="Sgt. Hale")
    add_weapon(page, "1st Section", "Assault rifle", member="Rifleman")
    expect(summary).to_contain_text("Valid force")
    expect(unit(page, "1st Section").locator(".unit-figures")).to_contain_text("leader")

    # A support team: the heavy machine gun needs a second man (hmg-crew), then has one.
    add_unit(page, "Gun Team", "Infantry")
    add_member(page, "Gun Team", "Gunner")
    add_weapon(page, "Gun Team", "Heavy machine gun", member="Gunner")
    expect(unit(page, "Gun Team").locator('[data-code="hmg-crew"]')).to_have_count(1)
    add_member(page, "Gun Team", "Loader")
    expect(unit(page, "Gun Team").locator('[data-code="hmg-crew"]')).to_have_count(0)

    # A tank and a bunker, each with its own weapons.
    tank = add_unit(page, "Leopard", "Vehicle")
    set_field(tank, "armour_class", "Heavy")
    tank.locator('input[name="tank"]').check()
    change(page, tank.locator('input[name="tank"]'))
    expect(unit(page, "Leopard").locator('input[name="tank"]')).to_be_checked()
    add_weapon(page, "Leopard", "Light cannon")
    add_weapon(page, "Leopard", "Heavy machine gun", count=2)
    add_unit(page, "Pillbox", "Bunker")
    add_weapon(page, "Pillbox", "Heavy cannon")
    expect(summary).to_contain_text("Valid force")
    expect(summary).to_contain_text("4 units")
    page.screenshot(path="/tmp/one-page-modern-builder.png", full_page=True)

    # Exported, the force reads back as what was built.
    squad_id = builder_url.rstrip("/").rsplit("/", 1)[1]
    exported = json.loads(download(page, f"{base}/squads/{squad_id}/export.json"))
    roster = parse_roster(exported)
    assert [u.name for u in roster.units] == ["1st Section", "Gun Team", "Leopard", "Pillbox"]
    assert roster.units[2].record == {"training": "green", "armour_class": "heavy", "tank": True}
    assert get_system("one-page-modern").validate(roster) == []

    # The force sheet and the quick-reference card, read back.
    sheet = pdf_text(download(page, f"{base}/print/squads/{squad_id}/sheet.pdf"))
    for text in ("Task Force Kestrel", "1st Section", "Sgt. Hale", "Gun Team", "Leopard",
                 "Pillbox", "3+"):  # fmt: skip
        assert text in sheet, text
    reference = pdf_text(download(page, f"{base}/print/reference/one-page-modern.pdf"))
    for text in ("Green", "Seasoned", "Veteran", "Elite", "5+", "Heavy cannon"):
        assert text in reference, text

    # A campaign of two battles; the second is voided.
    forces = ("Task Force Kestrel", "Opfor Viper")
    url = campaign(page, base, "one-page-modern", "hale", *forces)
    report(page, url, forces, ["win", "loss"], {
        (0, "Models lost", "1st Section"): 2,
        (1, "Models lost", "Leopard"): 1,
        (1, "Models lost", "1st Section"): 3,
    })  # fmt: skip
    decide(page, base, url, "hale", 1, "Confirm and apply")
    expect(page.locator("table.history")).to_contain_text("Leopard")
    # Win 3, nothing destroyed; loss 0, less 1 for the Leopard; models lost 2 and 4.
    first = {"Task Force Kestrel": ("3", "1", "1", "0", "0", "2", "0"),
             "Opfor Viper": ("-1", "1", "0", "0", "1", "4", "1")}  # fmt: skip
    assert standings(page, url) == first
    report(page, url, forces, ["loss", "win"], {(0, "Models lost", "Pillbox"): 1})
    decide(page, base, url, "rival", 2, "Confirm and apply")
    assert standings(page, url)["Opfor Viper"][:3] == ("2", "2", "1")
    decide(page, base, url, "hale", 2, "Void this battle (undo all its effects)")
    assert standings(page, url) == first
    page.screenshot(path="/tmp/one-page-modern-standings.png", full_page=True)


def test_a_bolt_action_force_is_built_exported_and_printed(page: Page, live_server) -> None:
    base = live_server.url
    sign_up(page, base, "becker")
    builder_url = create_force(page, base, "bolt-action", "Kampfgruppe Becker")
    summary = page.locator("#summary")

    # An infantry squad with its NCO: too small (unit-size) until it has five men.
    add_unit(page, "1st Squad", "Infantry squad")
    add_member(page, "1st Squad", "Uffz. Becker")
    card = unit(page, "1st Squad")
    row = card.locator("tr", has=page.locator('input[name="name"][value="Uffz. Becker"]'))
    row.locator('input[name="leader"]').check()
    change(page, row.locator('input[name="leader"]'))
    add_weapon(page, "1st Squad", "Submachine gun", member="Uffz. Becker")
    expect(unit(page, "1st Squad").locator('[data-code="unit-size"]')).to_have_count(1)
    add_member(page, "1st Squad", "Rifleman", count=6)
    add_weapon(page, "1st Squad", "Rifle", member="Rifleman")
    expect(unit(page, "1st Squad").locator('[data-code="unit-size"]')).to_have_count(0)

    # An MG team, a gun and a tank.
    add_unit(page, "MG Team", "Infantry team")
    add_member(page, "MG Team", "Gunner")
    add_weapon(page, "MG Team", "Medium machine gun", member="Gunner", label="MG 42")
    add_member(page, "MG Team", "Crewman", count=2)
    add_unit(page, "Pak 40", "Artillery")
    add_member(page, "Pak 40", "Gun layer")
    add_weapon(page, "Pak 40", "Anti-tank gun", member="Gun layer", label="7.5 cm Pak 40")
    add_member(page, "Pak 40", "Crewman", count=2)
    add_unit(page, "Panzer IV", "Medium tank")
    add_weapon(page, "Panzer IV", "Anti-tank gun", label="7.5 cm KwK 40")
    expect(summary).to_contain_text("Valid force")
    expect(summary).to_contain_text("order dice: 4")
    page.screenshot(path="/tmp/bolt-action-builder.png", full_page=True)

    squad_id = builder_url.rstrip("/").rsplit("/", 1)[1]
    exported = json.loads(download(page, f"{base}/squads/{squad_id}/export.json"))
    roster = parse_roster(exported)
    assert [u.kind for u in roster.units] == [
        "infantry-squad", "infantry-team", "artillery", "medium-tank",
    ]  # fmt: skip
    assert get_system("bolt-action").validate(roster) == []

    sheet = pdf_text(download(page, f"{base}/print/squads/{squad_id}/sheet.pdf"))
    for text in ("Kampfgruppe Becker", "1st Squad", "Uffz. Becker", "MG 42", "Panzer IV"):
        assert text in sheet, text
    reference = pdf_text(download(page, f"{base}/print/reference/bolt-action.pdf"))
    for text in ("FUBAR", "Inexperienced", "Regular", "Veteran"):
        assert text in reference, text

    # A campaign of two battles; the second is voided.
    forces = ("Kampfgruppe Becker", "Kampfgruppe Weiss")
    url = campaign(page, base, "bolt-action", "becker", *forces)
    report(page, url, forces, ["win", "loss"], {
        (0, "End state", "1st Squad"): "casualties",
        (0, "Models lost", "1st Squad"): 3,
        (0, "Pins", "1st Squad"): 2,
        (1, "End state", "Panzer IV"): "destroyed",
        (1, "End state", "Scouts"): "destroyed",
    })  # fmt: skip
    decide(page, base, url, "becker", 1, "Confirm and apply")
    expect(page.locator("table.history")).to_contain_text("Panzer IV")
    # Win 3 + 2 enemy units destroyed; loss 0; units lost 0 and 2.
    first = {"Kampfgruppe Becker": ("5", "1", "1", "0", "0", "0", "2"),
             "Kampfgruppe Weiss": ("0", "1", "0", "0", "1", "2", "0")}  # fmt: skip
    assert standings(page, url) == first
    report(page, url, forces, ["draw", "draw"], {(0, "End state", "MG Team"): "destroyed"})
    decide(page, base, url, "rival", 2, "Confirm and apply")
    assert standings(page, url)["Kampfgruppe Weiss"][:3] == ("2", "2", "0")
    decide(page, base, url, "becker", 2, "Void this battle (undo all its effects)")
    assert standings(page, url) == first
    page.screenshot(path="/tmp/bolt-action-standings.png", full_page=True)
