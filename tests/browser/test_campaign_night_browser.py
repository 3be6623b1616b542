"""A Necromunda campaign night in Chromium (issue #31, "Done when"): five players over three
rounds, driven through the pages. The organiser makes the campaign with the example club pack
(docs/packs/necromunda.json) on the campaign form, opens round 1 at random and rounds 2 and 3
by the standings, types each table's scenario (a name of the pack's) and publishes; at each
table the first player chooses a crew (the kid stays at home), prints the crew sheet and
reports the battle from the round page, and the opponent confirms it. Then each player of
each battle keeps their aftermath on its one screen (the pack's injury and experience
tables): the injury die of the fighter out of action given as rolled at the table, the
advances left to the server, previewed, kept; the organiser's campaign page lists the
unfinished aftermaths until they are kept. The round closes itself. Read
from the round pages: byes for three different gangs and no rematch. At the end a
fighter's page shows its injury and experience. The campaign book is
downloaded and read.

What is not the point (the users, their gangs, the pack, joining and enrolling) is seeded
through the services. Each player has a browser context of their own, logged in once.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urljoin

import pytest
from playwright.sync_api import Browser, Page, expect

from campaigns import services as campaign_services
from campaigns.models import Campaign
from rosters import services as roster_services
from rules.documents import parse_roster
from tests.browser.conftest import TIMEOUT_MS
from tests.browser.steps import PASSWORD, log_in
from tests.printing.conftest import pdf_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PACK = Path(__file__).resolve().parents[2] / "docs" / "packs" / "necromunda.json"
PLAYERS = ["boss", "ash", "bex", "cog", "dax"]  # the organiser first
SCENARIO = {1: "Gang fight", 2: "Scavengers", 3: "Gang fight"}  # the pack's scenarios


def gang(player: str) -> dict:
    """A player's gang: three fighters named after the player (every name on a report
    screen is then unique)."""
    who = player.title()
    return {
        "format": "squad-roster/1", "system": "necromunda", "name": f"{who}'s Rats",
        "faction": "Orlock",
        "members": [
            {"name": f"{who} Boss", "type": "leader", "equipment": [{"item": "boltgun"}]},
            {"name": f"{who} Gun", "type": "ganger", "equipment": [{"item": "lasgun"}]},
            {"name": f"{who} Kid", "type": "kid"},
        ],
    }  # fmt: skip


def squad_name(player: str) -> str:
    return gang(player)["name"]


def download(page: Page, url: str) -> str:
    """A PDF of the site fetched with the page's session (``url`` read from the page
    or absolute), as text. The first print of the server's process starts its print
    process (printing.engine), slow on a loaded machine: a wider wait than a step's."""
    response = page.request.get(urljoin(page.url, url), timeout=3 * TIMEOUT_MS)
    assert response.status == 200, response.text()[:300]
    assert response.headers["content-type"] == "application/pdf"
    return pdf_text(response.body())


INJURY_ROLL = 4  # a 2d6 the example pack reads as its "Leg wound" (no missed battle)
INJURY = "Leg wound"


def do_aftermath(page: Page, battle_url: str, player: str, victim: str | None) -> None:
    """``player``'s aftermath of a confirmed battle, on its one screen opened from the
    battle's page: the injury die of ``victim`` (their fighter taken out of action, if any)
    typed as rolled at the table, every other die left to the server; the preview shows
    the injury (or, with nobody hurt, the experience gained); Keep."""
    squad = squad_name(player)
    page.goto(battle_url)
    page.get_by_role("link", name=f"After the battle: {squad}").click()
    expect(page.locator("h1")).to_have_text(f"After the battle: {squad}")
    if victim is not None:
        page.get_by_label(f"{victim}: serious injury").fill(str(INJURY_ROLL))
    page.get_by_role("button", name="Preview").click()
    preview = page.locator("ul.preview")
    if victim is not None:
        expect(preview.locator("li", has_text=victim).first).to_contain_text(
            f"rolled {INJURY_ROLL} at the table: {INJURY}"
        )
    else:
        expect(preview).to_contain_text(re.compile(r"gained \d+ experience"))
    page.get_by_role("button", name="Keep", exact=True).click()
    expect(page).to_have_url(battle_url)
    expect(page.locator(".messages")).to_contain_text(f"The aftermath of {squad} is kept.")


def unfinished(page: Page, campaign_url: str):
    """The organiser's campaign page's list of aftermaths not kept yet."""
    page.goto(campaign_url)
    expect(page.locator("h2", has_text="Standings")).to_be_visible()
    return page.locator("ul.unfinished li")


def open_round(page: Page, campaign_url: str, number: int, mode: str) -> None:
    """The organiser opens the round, types each table's scenario and publishes it."""
    page.goto(f"{campaign_url}rounds/")
    page.get_by_label("Pair the next round").select_option(mode)
    page.get_by_role("button", name="Open the round").click()
    expect(page).to_have_url(re.compile(rf"/rounds/{number}/$"))
    expect(page.locator("#round h1")).to_have_text(f"Round {number}")
    for table in (1, 2):
        field = page.get_by_label(f"Scenario of table {table}")
        field.fill(SCENARIO[number])
        with page.expect_response(re.compile(r"/scenario/$")):
            page.locator(f"#table-{table}").get_by_role("button", name="Save").click()
        expect(page.get_by_label(f"Scenario of table {table}")).to_have_value(SCENARIO[number])
    page.get_by_role("button", name="Publish the pairings").click()
    expect(page.locator("#round")).to_contain_text("published")


def pairings(page: Page, round_url: str) -> tuple[list[tuple[str, str]], str]:
    """The round page's tables (the two gangs of each, in order) and its bye."""
    page.goto(round_url)
    tables = []
    for table in (1, 2):
        cells = page.locator(f"#table-{table} td")
        tables.append((
            cells.nth(1).locator("a").first.inner_text(),
            cells.nth(2).locator("a").first.inner_text(),
        ))  # fmt: skip
    bye = page.locator("p.bye").inner_text()
    return tables, re.match(r"Bye: (.+?) \(", bye).group(1)


def play_table(
    pages, owner, round_url: str, number: int, table: int, gangs
) -> tuple[str, str, str, str]:
    """Table ``table``: its first player chooses a crew, prints its sheet (at the first
    table of the night: the link is there at each) and reports the battle (a win; the
    opponent's gunner out of action); the opponent confirms it. Returns the battle's page,
    its two players and the fighter out of action."""
    first, second = (owner[name] for name in gangs)
    page = pages[first]
    page.goto(round_url)
    page.locator(f"#table-{table} a.crew-link").click()
    page.get_by_label(f"{first.title()} Kid").uncheck()
    page.get_by_role("button", name="Keep this crew").click()
    expect(page.locator(".messages")).to_contain_text(f"Crew kept for round {number}")
    row = page.locator(f"#table-{table}")
    expect(row).to_contain_text(f"Crew: {first.title()} Boss, {first.title()} Gun")
    if (number, table) == (1, 1):  # one crew sheet printed is the point; each costs a render
        own = row.locator("td:has(a.crew-link) a.crew-sheet")  # the player's own seat's
        sheet = download(page, own.get_attribute("href"))
        assert SCENARIO[number] in sheet and f"{first.title()} Gun" in sheet
        assert f"{first.title()} Kid" not in sheet  # left at home
    else:  # the player's own; the organiser, who plays, prints both seats' sheets
        expect(row.locator("a.crew-sheet")).to_have_count(2 if first == PLAYERS[0] else 1)

    row.locator("a.report-link").click()
    expect(page.locator("#scenario")).to_have_value(SCENARIO[number])  # proposed
    expect(page.get_by_label(f"End state {first.title()} Kid", exact=True)).to_have_count(0)
    page.locator('select[name="s0-outcome"]').select_option("win")
    page.locator('select[name="s1-outcome"]').select_option("loss")
    victim = f"{second.title()} Gun"
    page.get_by_label(f"End state {victim}", exact=True).select_option("out-of-action")
    page.get_by_role("button", name="Record the battle").click()
    expect(page.locator(".messages")).to_contain_text("recorded")
    battle_url = page.url

    other = pages[second]
    other.goto(battle_url)
    other.get_by_role("button", name="Confirm and apply").click()
    expect(other.locator("p.muted").first).to_contain_text("confirmed")
    expect(other.locator("table.history")).not_to_contain_text(f"{first.title()} Kid")
    return battle_url, first, second, victim


def test_a_five_player_necromunda_night_over_three_rounds(
    browser: Browser, live_server, django_user_model
) -> None:
    base = live_server.url
    users = {name: django_user_model.objects.create_user(username=name, password=PASSWORD)
             for name in PLAYERS}  # fmt: skip
    pack = roster_services.pack_import(owner=users["boss"], document=json.loads(PACK.read_text()))
    for name, user in users.items():
        roster_services.squad_import(owner=user, roster=parse_roster(gang(name)))
    pages = {}
    for name in PLAYERS:
        context = browser.new_context(accept_downloads=True)
        context.set_default_timeout(TIMEOUT_MS)
        pages[name] = context.new_page()
        log_in(pages[name], base, name)
    boss = pages["boss"]

    # The campaign, with the club's pack, on the campaign form
    boss.goto(f"{base}/campaigns/")
    boss.get_by_label("Name").fill("Underhive Nights")
    boss.get_by_label("Game").select_option(label="Necromunda")
    boss.get_by_label("Pack").select_option(value=str(pack.pk))
    boss.get_by_role("button", name="Create campaign").click()
    expect(boss).to_have_url(re.compile(r"/campaigns/\d+/$"))
    campaign_url = boss.url
    campaign = Campaign.objects.get(pk=int(campaign_url.rstrip("/").rsplit("/", 1)[1]))
    assert campaign.pack_version_id is not None
    for user in users.values():
        campaign_services.campaign_join(campaign=campaign, user=user)
        squad = user.squads.get()
        campaign_services.enrol(campaign=campaign, user=user, squad=squad)
    owner = {squad_name(name): name for name in PLAYERS}

    byes, meetings = [], []
    for number, mode in ((1, "random"), (2, "standings"), (3, "standings")):
        open_round(boss, campaign_url, number, mode)
        round_url = f"{campaign_url}rounds/{number}/"
        tables, bye = pairings(boss, round_url)
        byes.append(bye)
        meetings += [frozenset(gangs) for gangs in tables]
        played = [
            play_table(pages, owner, round_url, number, table, gangs)
            for table, gangs in enumerate(tables, start=1)
        ]
        expect(unfinished(boss, campaign_url)).to_have_count(4)  # both sides of two battles
        for battle_url, first, second, victim in played:
            do_aftermath(pages[first], battle_url, first, None)
            do_aftermath(pages[second], battle_url, second, victim)
        expect(unfinished(boss, campaign_url)).to_have_count(0)
        boss.goto(round_url)
        expect(boss.locator("#round p.muted").first).to_contain_text("closed")

    assert len(set(byes)) == 3  # nobody sat out twice
    assert len(set(meetings)) == len(meetings) == 6  # nobody met twice

    # What the last aftermath kept, on the hurt fighter's page
    player, victim = played[-1][2], played[-1][3]
    page = pages[player]
    page.goto(campaign_url)
    page.get_by_role("link", name=squad_name(player), exact=True).first.click()
    page.get_by_role("link", name=victim, exact=True).click()
    expect(page.locator("h1")).to_contain_text(victim)
    expect(page.locator("main")).to_contain_text(f"Injuries: {INJURY}")
    expect(page.locator("main")).to_contain_text(re.compile(r"Experience \d+"))

    book = download(boss, f"{campaign_url}book.pdf")
    assert "CAMPAIGN BOOK" in book and "Underhive Nights" in book
    assert "Example club pack" in book  # the pack it plays with
    for number in (1, 2, 3):
        assert f"Round {number}" in book
    assert all(scenario in book for scenario in SCENARIO.values())
    assert all(squad_name(name) in book for name in PLAYERS)
    for page in pages.values():
        page.context.close()
