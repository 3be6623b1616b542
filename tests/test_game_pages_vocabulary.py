"""Every game plays as itself (issue #28, item 4): each game's pages and PDFs, rendered as a
player and an organiser see them, hold no word of another game's vocabulary.

For each game: the squad list, the builder (empty, with a model's card open, after adding a
model, and its campaign copy), the public link and its sheet, the plain text, the delete
page, the campaign's list, page, settings, join, enrol, waiting and remove-a-player pages,
its battle report screen, a battle confirmed, one to confirm and the void page, a squad's
and a character's pages, and the PDFs (sheet, cards, reference card, campaign
report; text extracted with pypdf). ``tests/test_game_vocabulary.py`` keeps the code of the
apps free of a game's words; this keeps what the pages end up saying free of them.

The vocabularies are words distinctive of one game (``docs/games/<game>.md`` and
``rules/<game>/data.py``), leaving out what the games legitimately share (armour, points,
shotgun, leader, veteran, pinned, pins, out of action, activation, stunned, fighter...). What
no game owns is not checked: the game pickers of the new-squad and new-campaign forms name
every game and its choices (``EXCLUDED``). The points limit a game does not have is not a
word of this test (the new-squad form and the default limit are another item of #28).
"""

from __future__ import annotations

import io
import re
from dataclasses import replace
from html.parser import HTMLParser

import pytest
from django.urls import reverse
from pypdf import PdfReader

from campaigns import services as campaign_services
from rosters import services as roster_services
from rosters.models import Member
from rules import get_system, systems

pytestmark = pytest.mark.django_db

GAMES = ("black-sun", "necromunda", "one-page-modern", "bolt-action")

# Distinctive words of each game, as regular expressions (case-insensitive, whole words).
VOCABULARY: dict[str, tuple[str, ...]] = {
    "black-sun": (
        r"Black Sun", r"CV", r"EP", r"RP", r"reputation", r"boss(es)?", r"abilit(y|ies)",
        r"US Army", r"Viet Cong", r"NVA", r"Adaro", r"Fury Bugs", r"grunts?",
        r"key characters?", r"survival rolls?", r"malice", r"sarcasm", r"wealth",
        r"seriously wounded", r"violent death", r"equipment points", r"combat value",
    ),
    "necromunda": (
        r"Necromunda", r"gangs?", r"gangers?", r"bottle(d|s)?", r"flesh wounds?", r"advances",
        r"kids?", r"WS", r"BS", r"Ld", r"Orlock", r"ammo rolls?", r"underhive",
    ),
    "one-page-modern": (
        r"one-page modern", r"fire points?", r"FP", r"bunkers?", r"battlesuit", r"skill",
    ),
    "bolt-action": (
        r"Bolt Action", r"order di(c)?e", r"FUBAR", r"NCOs?", r"inexperienced",
        r"order tests?", r"damage values?", r"morale",
    ),
}  # fmt: skip
PATTERNS = {
    game: re.compile(r"\b(" + "|".join(words) + r")\b", re.IGNORECASE)
    for game, words in VOCABULARY.items()
}

# What the pages show of no one game: the game pickers of the new-squad and new-campaign
# forms (every game's name and its choices). Elements dropped from the text: (tag, attribute,
# value).
EXCLUDED = (("select", "name", "system"), ("form", "action", "/squads/new/"),
            ("form", "action", "/campaigns/new/"))  # fmt: skip
SHOWN_ATTRIBUTES = ("title", "placeholder", "aria-label", "alt", "value")
VOID_TAGS = {"input", "br", "img", "meta", "link", "hr", "col", "source", "wbr"}


class _Text(HTMLParser):
    """The text a reader sees (and hovers, and hears): text nodes and the attributes that
    show, outside scripts, styles and the ``EXCLUDED`` elements."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden: list[str] = []  # the tags of the open hidden elements

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if self.hidden:
            if tag not in VOID_TAGS:
                self.hidden.append(tag)
            return
        if tag in ("script", "style") or any(
            tag == t and attributes.get(a) == v for t, a, v in EXCLUDED
        ):
            self.hidden.append(tag)
            return
        if tag == "input" and attributes.get("type") in ("hidden", "number"):
            return
        shown = [a for a in SHOWN_ATTRIBUTES if not (tag == "option" and a == "value")]
        self.parts.extend(attributes[a] for a in shown if attributes.get(a))

    def handle_endtag(self, tag):
        if self.hidden and tag not in VOID_TAGS:
            self.hidden.pop()

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def page_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


def pdf_text(data: bytes) -> str:
    reader = PdfReader(io.BytesIO(data))
    return " ".join(" ".join(page.extract_text() for page in reader.pages).split())


def _casualty(game, roster) -> dict:
    """One casualty of the game's own shape, for the first model or unit of ``roster``."""
    if game.lists == "units":
        unit = roster.units[0].name
        if "state" in {f.key for f in game.report.casualty}:
            return {"unit": unit, "state": "destroyed"}
        return {"unit": unit, "lost": 1}
    state = "out-of-action" if "out-of-action" in game.states else "wounded"
    return {"member": roster.members[-1].name, "state": state}


@pytest.fixture
def played(request, django_user_model):
    """A game's two demo squads in a campaign with one confirmed battle and one waiting for
    confirmation, the player's own squads (one empty, one public), and who reads them."""
    code = request.param
    game = get_system(code)
    users = {
        name: django_user_model.objects.create_user(username=name, password=f"pw-{name}-1970")
        for name in ("orga", "mint", "charlie", "newcomer", "stranger")
    }
    demo = game.demo()[0]
    rosters = (demo, replace(demo, name=f"{demo.name} II"))
    campaign = campaign_services.campaign_create(
        organiser=users["orga"], name="Long War", system=code
    )
    own, entries = [], []
    for player, roster in zip((users["mint"], users["charlie"]), rosters, strict=True):
        campaign_services.campaign_join(campaign=campaign, user=player)
        squad = roster_services.squad_import(owner=player, roster=roster)
        own.append(squad)
        entries.append(campaign_services.enrol(campaign=campaign, user=player, squad=squad))
    outcomes = ("full", "failed") if "full" in game.outcomes else ("win", "loss")
    document = {
        "format": "battle-report/1", "system": code, "scenario": "Crossing",
        "played_on": "2026-11-20",
        "sides": [
            {"squad_id": e.squad_id, "outcome": o, "casualties": [_casualty(game, r)]}
            for e, o, r in zip(entries, outcomes, rosters, strict=True)
        ],
    }  # fmt: skip
    submitted = campaign_services.battle_submit(
        campaign=campaign, user=users["mint"], document=document
    )
    campaign_services.battle_confirm(battle=submitted.battle, user=users["charlie"])
    for side in document["sides"]:
        side["casualties"] = []
    campaign_services.battle_submit(campaign=campaign, user=users["mint"], document=document)
    campaign_services.campaign_join(campaign=campaign, user=users["newcomer"])
    roster_services.squad_import(owner=users["newcomer"], roster=replace(demo, name="Spare"))
    roster_services.squad_set_public(squad=own[0], public=True)
    empty = roster_services.squad_create(
        owner=users["mint"], name="Fresh", faction=demo.faction, system=code, points_limit=None
    )
    return game, campaign, users, own[0], entries[0], empty


def _get(client, url, **params):
    response = client.get(url, params)
    assert response.status_code == 200, (url, response.status_code)
    return response


def rendered(game, campaign, users, squad, entry, empty, client) -> dict[str, str]:
    """Every page and PDF of the game, by name, as text."""
    shown: dict[str, str] = {}

    def page(name, url, **params):
        shown[name] = page_text(_get(client, url, **params).content.decode())

    def pdf(name, url, **params):
        response = _get(client, url, **params)
        assert response["Content-Type"] == "application/pdf", (name, response["Content-Type"])
        shown[name] = pdf_text(response.content)

    def builder(pk):
        return reverse("rosters:builder", args=[pk])

    client.force_login(users["mint"])
    page("squad list", reverse("rosters:list"))
    page("empty builder", builder(empty.pk))
    page("builder", builder(squad.pk))
    page("campaign builder", builder(entry.squad_id))
    if game.lists == "members":
        first = squad.members.order_by("position").first()
        page("builder, card open", builder(squad.pk), open=first.pk)
        fighter = entry.squad.members.order_by("position").first()
        page("campaign builder, card open", builder(entry.squad_id), open=fighter.pk)
        leader = next(iter(game.model_types))
        response = client.post(
            reverse("rosters:member_add", args=[empty.pk]), {"name": "Alpha", "type": leader},
            follow=True,
        )  # fmt: skip
        shown["builder after the first add"] = page_text(response.content.decode())
    page("delete", reverse("rosters:delete", args=[squad.pk]))
    shown["plain text"] = _get(client, reverse("rosters:text", args=[squad.pk])).content.decode()
    pdf("sheet", reverse("print:squad_sheet", args=[squad.pk]))
    pdf("cards", reverse("print:squad_cards", args=[squad.pk]))
    pdf("reference card", reverse("print:reference_card", args=[game.code]))
    pdf("campaign sheet", reverse("print:squad_sheet", args=[entry.squad_id]))

    page("campaign list", reverse("campaigns:list"))
    page("campaign", reverse("campaigns:detail", args=[campaign.pk]))
    page("battle", reverse("campaigns:battle", args=[campaign.pk, 1]))
    sides = [str(e.pk) for e in campaign.entries.all()]
    page("report screen", reverse("campaigns:battle_new", args=[campaign.pk]), side=sides)
    page("campaign squad", reverse("campaigns:entry", args=[campaign.pk, entry.pk]))
    if game.lists == "members":
        for member in Member.objects.filter(squad_id=entry.squad_id):
            page(
                f"character {member.name}",
                reverse("campaigns:character", args=[campaign.pk, member.pk]),
            )
    pdf("campaign report", reverse("campaigns:report_pdf", args=[campaign.pk]))

    client.force_login(users["orga"])
    page("campaign settings", reverse("campaigns:settings", args=[campaign.pk]))
    page("void", reverse("campaigns:battle_void", args=[campaign.pk, 1]))
    player = campaign.players.get(user=users["charlie"])
    page("remove a player", reverse("campaigns:player_remove", args=[campaign.pk, player.pk]))

    client.force_login(users["charlie"])
    page("waiting", reverse("campaigns:waiting"))
    page("battle to confirm", reverse("campaigns:battle", args=[campaign.pk, 2]))

    client.force_login(users["newcomer"])
    page("enrol", reverse("campaigns:enrol", args=[campaign.pk]))

    client.force_login(users["stranger"])
    page("join", reverse("campaigns:join_link", args=[campaign.invite_code]))

    client.logout()
    public = reverse("squad_shared", args=[squad.public_id])
    page("public link", public)
    pdf("public sheet", reverse("print:shared_sheet", args=[squad.public_id]))
    return shown


def leaks(game: str, shown: dict[str, str]) -> list[str]:
    """``"<page>: <word> in …context…"`` for each word of another game's vocabulary."""
    found = []
    for other, pattern in PATTERNS.items():
        if other == game:
            continue
        for name, text in shown.items():
            for match in pattern.finditer(text):
                context = text[max(0, match.start() - 50) : match.end() + 50]
                found.append(f"{name}: {other} word {match.group(0)!r} in …{context}…")
    return found


def test_every_game_is_registered_here():
    assert {game.code for game in systems()} == set(GAMES) == set(VOCABULARY)


@pytest.mark.parametrize("played", GAMES, indirect=True)
def test_no_page_or_pdf_of_a_game_speaks_another_game_s_words(played, client):
    game = played[0]
    shown = rendered(*played, client)
    assert not leaks(game.code, shown), "\n".join(leaks(game.code, shown))
