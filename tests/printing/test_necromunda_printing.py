"""Necromunda's gang sheet, fighter cards and quick-reference card, read back from the PDFs
(docs/games/necromunda.md sections 6 and 7).

Each PDF is rendered once per module; the tests read its text. The stylesheet sets headings,
type lines and tick-box labels in capitals, and the text comes out that way.
"""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string

from core.messages import violation_message
from printing.pdf import (
    reference_card_pdf,
    squad_sheet_context,
    squad_sheet_html,
    squad_sheet_pdf,
)
from rules import get_system
from rules.documents import parse_roster
from rules.necromunda import reference
from tests.printing.conftest import A4, LETTER, page_sizes, pdf_text

TICKS = "WOUNDS LOST FLESH WOUNDS DOWN OUT OF ACTION BROKEN"


def rust_rats() -> dict:
    """The gang of section 4.2: valid, three fighters."""
    return {
        "format": "squad-roster/1",
        "system": "necromunda",
        "name": "The Rust Rats",
        "faction": "Orlock",
        "members": [
            {"name": "Mak McMadd", "type": "leader", "advances": {"ws": 1, "bs": 1, "ld": 1},
             "equipment": [{"item": "bolt-pistol"}, {"item": "sword"}, {"item": "carapace"}]},
            {"name": "Hollis", "type": "ganger",
             "equipment": [{"item": "heavy-stubber"}, {"item": "laspistol"}]},
            {"name": "Pip", "type": "kid", "equipment": [{"item": "autopistol"}]},
        ],
    }  # fmt: skip


def iron_jaws() -> dict:
    """Ten fighters, one dead: stacked armour (invalid), grenades, kids, heavy weapons,
    negative advances, a bad shot, statuses."""
    return {
        "format": "squad-roster/1",
        "system": "necromunda",
        "name": "The Iron Jaws",
        "faction": "Goliath",
        "members": [
            {"name": "Vulkan Drax", "type": "leader",
             "advances": {"ws": 2, "bs": 1, "s": 1, "w": 1, "a": 1, "ld": 1},
             "equipment": [{"item": "bolt-pistol"}, {"item": "sword"},
                           {"item": "frag-grenades"}, {"item": "carapace"}]},
            {"name": "Grendl", "type": "ganger", "advances": {"t": 1},
             "equipment": [{"item": "heavy-stubber"}, {"item": "laspistol"}, {"item": "flak"}]},
            {"name": "Magda", "type": "ganger",
             "equipment": [{"item": "missile-launcher"}, {"item": "mesh"}, {"item": "flak"}]},
            {"name": "Skab", "type": "ganger", "advances": {"bs": -1, "i": -1},
             "equipment": [{"item": "flamer"}, {"item": "smoke-grenades"},
                           {"item": "knife", "count": 2}]},
            {"name": "Tarn", "type": "ganger", "equipment": [{"item": "shotgun"}]},
            {"name": "Rikk", "type": "kid", "advances": {"bs": -1},
             "equipment": [{"item": "laspistol", "count": 2}]},
            {"name": "Ozzo", "type": "ganger", "status": "recovering",
             "equipment": [{"item": "boltgun"}]},
            {"name": "Brakka", "type": "ganger", "advances": {"ws": 1, "s": 2},
             "equipment": [{"item": "meltagun"}]},
            {"name": "Old Jeb", "type": "ganger", "status": "dead", "advances": {"bs": 1},
             "equipment": [{"item": "lasgun"}, {"item": "flak"}]},
            {"name": "Nix", "type": "kid", "status": "captured",
             "equipment": [{"item": "autogun"}, {"item": "heavy-bolter"}]},
        ],
    }  # fmt: skip


@pytest.fixture(scope="module")
def gang():
    return parse_roster(iron_jaws())


@pytest.fixture(scope="module")
def sheet(gang):
    return squad_sheet_pdf(gang, owner="vulkan", version=4)


@pytest.fixture(scope="module")
def text(sheet):
    return pdf_text(sheet)


@pytest.fixture(scope="module")
def cards(gang):
    return pdf_text(squad_sheet_pdf(gang, cards=True))


@pytest.fixture(scope="module")
def rats_sheet():
    return squad_sheet_pdf(parse_roster(rust_rats()), paper="letter")


@pytest.fixture(scope="module", params=["a4", "letter"])
def card(request):
    """(paper, PDF, its text) of the reference card, on each paper."""
    pdf = reference_card_pdf("necromunda", paper=request.param)
    return request.param, pdf, pdf_text(pdf)


# --- the gang sheet -------------------------------------------------------------------------


def test_the_spec_gang_prints_on_one_page_valid_and_not_costed(rats_sheet):
    text = pdf_text(rats_sheet)

    assert page_sizes(rats_sheet) == [LETTER]
    assert "NECROMUNDA · GANG SHEET" in text
    assert "The Rust Rats" in text and "Orlock" in text
    assert "Points: not costed" in text
    assert "3 fighters" in text
    assert "VALID GANG" in text
    assert 'Mak McMadd, Ld 8 – within 6": fighters may use it' in text
    assert "Bottle test at 1 down or out of action; voluntary bottle from 2" in text


def test_header_of_a_larger_gang(sheet, text):
    assert set(page_sizes(sheet)) == {A4}
    assert "The Iron Jaws" in text and "Goliath" in text
    assert "played by vulkan" in text
    assert "9 fighters" in text  # the dead one is not counted
    assert 'Vulkan Drax, Ld 8 – within 6": fighters may use it' in text
    # Seven active fighters (the recovering and the captured do not count): ⌈7 / 4⌉ = 2.
    assert "Bottle test at 2 down or out of action; voluntary bottle from 2" in text
    assert "Points: not costed" in text


def test_an_invalid_gang_prints_every_rule_it_breaks(gang, text):
    violations = get_system("necromunda").validate(gang)

    assert [v.code for v in violations] == ["armour-stacked"]
    assert "NOT VALID" in text
    assert "This gang breaks 1 rule:" in text
    assert f"Magda: {violation_message(violations[0])}" in text


def test_characteristics_mark_every_advance(text):
    # M WS BS S T W I A Ld, then to hit, attack dice, run / charge, grenade range, armour.
    assert (
        "Vulkan Drax GANG LEADER "
        '4 5 (+2) 4 (+1) 4 (+1) 3 2 (+1) 3 2 (+1) 8 (+1) 3+ 3 8" / 8" 10" Carapace 4+'
    ) in text
    assert 'Skab GANGER 4 3 2 (−1) 3 3 1 2 (−1) 1 7 5+ 1 8" / 8" 8" —' in text
    assert 'Grendl GANGER Encumbered −1 4 3 3 3 4 (+1) 1 3 1 7 4+ 1 8" / 8" Flak 6+' in text


def test_kids_and_statuses(text):
    assert (
        'Rikk KID Kid: does not steady a pinned friend 4 2 1 (−1) 3 3 1 3 1 7 6+ 2 8" / 8" —'
    ) in text
    assert "Ozzo GANGER Recovering: misses the next battle" in text
    assert "Nix KID Kid: does not steady a pinned friend " in text
    assert "Encumbered −1 Captured" in text  # Nix carries a heavy bolter


def test_weapon_lines_give_this_fighters_numbers(text):
    # Weapon, short, long, to hit short / long, S, save modifier, ammo roll, notes.
    assert 'Bolt pistol 0–8" 8–16" 2+ 3+ 4 — 6+' in text  # BS 4
    assert "Sword n/a n/a n/a n/a 4 −1 n/a parry" in text  # Vulkan's S 4
    assert 'Frag grenades 10" — — — — always fails blast template' in text
    assert 'Laspistol ×2 0–8" 8–16" 4+ 6 then 4+ 3 — 2+' in text  # Rikk, BS 1
    stubber = 'Heavy stubber 0–20" 20–40" — — 4 — 4+ sustained fire (value not in these rules)'
    assert stubber in text
    assert "Flamer template n/a n/a — — 4+ flamer template; ammo roll after every shot" in text
    assert 'Boltgun 0–12" 12–24" 3+ 4+ 4 −1 6+' in text
    assert "Heavy bolter — — 5+ 5+ — — —" in text  # Nix, BS 2
    assert 'Meltagun 0–6" 6–12" — — 8 — — high impact' in text


def test_the_free_knife_is_printed_for_every_fighter(text):
    knives = "Knife n/a n/a n/a n/a {s} {save} n/a every fighter has one"

    assert knives.format(s=4, save="−1") in text  # Vulkan, S 4
    assert knives.format(s=5, save="−2") in text  # Brakka, S 5
    assert "Knife ×2 n/a n/a n/a n/a 3 0 n/a" in text  # Skab lists two
    assert text.count("every fighter has one") == 9  # every living fighter


def test_tick_boxes_for_play(text):
    leader_only = {**iron_jaws(), "members": iron_jaws()["members"][:1]}
    html = squad_sheet_html(parse_roster(leader_only), owner=None, version=None)

    assert text.count(TICKS) == 9  # one row of tick boxes per living fighter
    # Vulkan: W 2, flesh wounds until WS 5 and BS 4 are 0 (5), down, out of action, broken,
    # and out of ammo for the bolt pistol and the grenades (not the sword or the knife).
    assert html.count('<span class="box"></span>') == 2 + 5 + 3 + 2


def test_the_fallen_are_listed_apart(text):
    assert text.count("Old Jeb") == 1
    fallen = text[text.index("FALLEN") :]
    assert (
        "Old Jeb · Ganger M 4 · WS 3 · BS 4 (+1) · S 3 · T 3 · W 1 · I 3 · A 1 · Ld 7 "
        "Lasgun, Knife · Flak 6+"
    ) in fallen
    assert "Nix" not in fallen


def test_leaving_out_the_dead(gang):
    html = squad_sheet_html(gang, owner=None, version=None, include_dead=False)

    assert "Old Jeb" not in html
    assert "Fallen" not in html


def test_legend(text):
    assert "—: not in these rules." in text
    # said once for the gang, not on each leader's and kid's row (issue #28, item 4)
    completed = "Profile completed from the Ganger (the text prints only the Ganger's): "
    assert text.count("Profile completed from the Ganger") == 1
    assert f"{completed}Gang leader, Kid." in text
    assert "Flesh wounds: each is −1 WS and −1 BS for the rest of the battle." in text


def test_a_costed_gang_prints_its_points_and_limit(gang):
    """A campaign with a points table gives the gang points (section 1.6)."""
    context = squad_sheet_context(gang, owner=None, version=None)
    context["squad"] = {**context["squad"], "points": 120, "points_limit": 150}

    html = render_to_string("systems/necromunda/sheet.html", context)

    assert "<b>120</b> / 150" in html
    assert "not costed" not in html


def test_a_gang_without_fighters_or_leader_still_prints():
    empty = parse_roster({"format": "squad-roster/1", "system": "necromunda",
                          "name": "Nobody", "members": []})  # fmt: skip
    html = squad_sheet_html(empty, owner=None, version=None)

    assert "This gang has no fighters yet." in html
    assert "No leader" in html


# --- fighter cards --------------------------------------------------------------------------


def test_one_card_per_fighter_after_the_gang_card(gang, cards):
    html = squad_sheet_html(gang, owner=None, version=None, cards=True)

    assert html.count("squad-card") == 1  # the gang's card
    assert html.count('class="card-head"') == 10  # one card per fighter, the dead included
    assert cards.count(TICKS) == 10
    assert cards.count("M WS BS S T W I A LD") == 10
    assert cards.index("Nix KID") < cards.index("Old Jeb GANGER · FALLEN")  # the fallen last


def test_the_gang_card_gives_the_header(cards):
    header = "NECROMUNDA · GANG The Iron Jaws Goliath Points: not costed · 9 fighters · Not valid"

    assert header in cards
    assert 'Leader: Vulkan Drax, Ld 8 – within 6": fighters may use it' in cards
    assert "Magda: Magda wears 2 armours" in cards


def test_a_card_holds_the_fighters_whole_row(cards):
    assert (
        "Vulkan Drax GANG LEADER M WS BS S T W I A LD 4 5 (+2) 4 (+1) 4 (+1) 3 2 (+1) 3 2 (+1) "
        '8 (+1) TO HIT 3+ ATTACK DICE 3 RUN / CHARGE 8" / 8" GRENADE RANGE 10" ARMOUR Carapace 4+'
    ) in cards
    assert 'Bolt pistol 0–8" 8–16" 2+ 3+ 4 — 6+' in cards
    assert "Knife every fighter has one n/a n/a n/a n/a 4 −1 n/a" in cards
    assert "Kid: does not steady a pinned friend" in cards
    assert cards.count("Profile completed from the Ganger") == 1  # on the gang's card


# --- the quick-reference card ---------------------------------------------------------------


def test_reference_card_is_two_pages_on_its_paper(card):
    paper, pdf, _text = card

    assert page_sizes(pdf) == [A4 if paper == "a4" else LETTER] * 2


def test_reference_card_prints_every_table(card):
    text = card[2]

    for table in reference.TABLES:
        assert table.title.upper() in text, table.key  # titles are set in capitals
    assert text.index("PROFILES") < text.index("WOUND CHART") < text.index("BOTTLE TEST")


def test_reference_card_key_cells(card):
    text = card[2]

    # Section 7's cells.
    assert "BS 1 2 3 4 5 6 7 8 9 10 d6 6 5 4 3 2 1 0 −1 −2 −3" in text
    assert "7 6 then 4+ 8 6 then 5+ 9 6 then 6+ 10 miss" in text
    assert "Gang leader* 4 3 3 3 3 1 3 1 7" in text and "Kid* 4 2 2 3 3 1 3 1 7" in text
    assert "S \\ T 1 2 3 4 5 6 7 8 9 10 1 4 5 6 6 N N N N N N 2 3 4 5 6 6 N N N N N" in text
    assert "7 2 2 2 2 2 3 4 5 6 6 8 2 2 2 2 2 2 3 4 5 6" in text
    assert "10 2 2 2 2 2 2 2 2 3 4" in text
    assert "2–5 down stays down 6 out of action out of action" in text
    assert "High impact (S 7+): 5–6 out of action" in text
    assert "Flak 6+ Mesh 5+ Carapace 4+" in text
    assert "modifier 0 −1 −2 −3 −4 −5 −6" in text
    assert '1 4" 2 6" 3 8" 4 10" 5 or more 12"' in text
    assert "Missile launcher 0–20 20–72 72" in text
    assert "Shotgun (solid shot) 0 −1" in text
    assert "Lascannon 9" in text
    assert "Flamer 4+ after every shot" in text
    assert "2 1–3 / 4–6 3 1–2 / 3–4 / 5–6" in text


def test_reference_card_prints_every_row_of_the_number_tables(card):
    text = card[2]

    for key in ("weapon-ranges", "range-modifiers", "weapon-strength", "ammo-rolls",
                "armour-save", "grenade-range"):  # fmt: skip
        for row in reference.BY_KEY[key].english_rows():
            assert " ".join(str(cell) for cell in row) in text, (key, row)
