"""Logging a battle at the table, on a phone (issue #14, part 3): a Black Sun battle with five
casualties takes at most 12 interactions from the campaign page, the report is one card per
model with controls a finger can hit (44 px high at least), nothing scrolls sideways, and the
standings fit the phone's width.

Every click, fill, select_option and check goes through ``Interactions``, which counts them.
The campaign and its two squads are made through the services, not the browser.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from campaigns import services
from campaigns.models import Battle, Entry
from tests.browser.conftest import _page
from tests.browser.steps import Interactions, log_in, start_report, two_squad_campaign

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
MOST_INTERACTIONS = 12
TOUCH_PX = 44

# (side, model): end state, five casualties over both sides
CASUALTIES = {
    (0, "Ling"): "killed",
    (0, "Song"): "wounded",
    (0, "Grunt 1"): "stunned",
    (1, "Hoa"): "seriously-wounded",
    (1, "Fighter 1"): "captured",
}


@pytest.fixture
def phone(browser: Browser):
    yield from _page(browser, viewport=PHONE, is_mobile=True, has_touch=True)


@pytest.fixture
def campaign_url(live_server) -> str:
    """The organiser ("orga") plays the US Army squad; "kang" the Viet Cong one."""
    campaign, _entries = two_squad_campaign()
    return f"{live_server.url}/campaigns/{campaign.pk}/"


def expected_vp() -> list[int]:
    """Each side's VP for the battle of ``CASUALTIES``, by the game's rules."""
    entries = list(Entry.objects.order_by("pk"))
    document = {
        "format": "battle-report/1",
        "system": entries[0].campaign.system,
        "sides": [
            {
                "squad_id": entry.squad_id,
                "outcome": outcome,
                "casualties": [
                    {"member": model, "state": end}
                    for (side, model), end in CASUALTIES.items()
                    if side == i
                ],
            }
            for i, (entry, outcome) in enumerate(zip(entries, ("full", "failed"), strict=True))
        ],
    }
    scored = services.battle_preview(campaign=entries[0].campaign, document=document)
    return [side.total_vp for side in scored]


def state(page: Page, side: int, model: str) -> Locator:
    return (
        page.locator("fieldset.report-side")
        .nth(side)
        .get_by_label(f"End state {model}", exact=True)
    )


def test_a_battle_with_five_casualties_takes_at_most_12_interactions(
    phone: Page, live_server, campaign_url
):
    page = phone
    log_in(page, live_server.url, "orga")
    page.goto(campaign_url)
    act = Interactions()

    act.click(page.get_by_role("link", name="Report a battle"))
    act.click(page.get_by_role("button", name="Next"))  # both squads come ticked
    act.select(page.locator('select[name="s0-outcome"]'), "full")
    act.select(page.locator('select[name="s1-outcome"]'), "failed")
    for (side, model), end in CASUALTIES.items():
        act.select(state(page, side, model), end)
    # the VP, counted by the server as the screen changed, before anything is sent
    preview = page.locator("#report-preview table.preview-vp tbody tr")
    for row, total in zip((0, 1), expected_vp(), strict=True):
        expect(preview.nth(row).locator("td").nth(3)).to_have_text(str(total))
    assert not Battle.objects.exists()
    act.click(page.get_by_role("button", name="Record the battle"))

    expect(page.locator(".messages")).to_contain_text("recorded")
    assert act.count <= MOST_INTERACTIONS, act.count
    battle = Battle.objects.get()
    reported = {
        (i, c["member"]): c["state"]
        for i, side in enumerate(battle.report["sides"])
        for c in side["casualties"]
    }
    assert reported == CASUALTIES


OVERSIZED = """(form) => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const el of form.querySelectorAll("*")) {
    const box = el.getBoundingClientRect();
    if (box.width > 0 && box.right > width + 1) out.push(el.tagName + " " + (el.name || ""));
  }
  return {page: document.documentElement.scrollWidth - width, sticking_out: out.slice(0, 5)};
}"""

SMALL_TARGETS = """(form, least) => {
  const out = [];
  for (const el of form.querySelectorAll("select, input, button")) {
    if (el.type === "hidden") continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0) continue;  // not shown (the Preview button, with htmx)
    const target = el.type === "checkbox" ? el.closest("label") || el : el;
    const height = target.getBoundingClientRect().height;
    if (height < least) out.push(`${el.tagName} ${el.name || el.textContent.trim()}: ${height}`);
  }
  return out.slice(0, 5);
}"""


def test_on_a_phone_the_report_is_one_card_per_model_with_large_targets(
    phone: Page, live_server, campaign_url
):
    page = phone
    start_report(page, live_server.url, "orga", campaign_url)

    form = page.locator("form.report")
    assert form.evaluate(OVERSIZED) == {"page": 0, "sticking_out": []}
    assert form.evaluate(SMALL_TARGETS, TOUCH_PX) == []
    # each model is a card: its name above its controls, the controls' names beside them
    card = page.locator("table.report-models tr").filter(has_text="Ling").first
    name = card.locator("th.model-name").bounding_box()
    select = state(page, 0, "Ling").bounding_box()
    assert name is not None and select is not None and select["y"] >= name["y"] + name["height"]
    assert card.locator('td[data-label="End state"]').is_visible()
    expect(page.locator("table.report-models thead").first).to_be_hidden()


def test_on_a_wide_screen_the_report_stays_a_table(page: Page, live_server, campaign_url):
    start_report(page, live_server.url, "orga", campaign_url)
    expect(page.locator("table.report-models thead").first).to_be_visible()
    name = page.get_by_role("rowheader", name="Ling").bounding_box()
    select = state(page, 0, "Ling").bounding_box()
    assert name is not None and select is not None
    assert abs(select["y"] - name["y"]) < name["height"]  # on the same line


def test_the_standings_fit_a_phone(phone: Page, live_server, campaign_url):
    page = phone
    log_in(page, live_server.url, "orga")
    page.goto(campaign_url)
    table = page.locator("table.standings")
    assert table.evaluate("t => t.scrollWidth <= t.clientWidth")
    box = table.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]
    expect(table.get_by_role("columnheader", name="VP")).to_be_visible()
    expect(table.get_by_role("columnheader", name="Draws")).to_be_hidden()
