"""Issue #28, items 1, 2 and 5 for squads: the new-squad form offers the chosen game's
factions (or its free-text field) and refuses another game's, at its field; a game without a
default points limit gets none unless the player sets one; and every squad page says which
game the squad is for."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from django.utils.html import escape

from rosters import services
from rosters.demo import demo_rosters
from rosters.models import Squad
from rules import get_system, systems
from rules.documents import parse_roster
from tests.html_forms import options, shown_values

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
CREATE = reverse("rosters:create")
CODED = next(s for s in systems() if s.factions is not None)  # a game that lists factions
UNCODED = [s for s in systems() if s.factions is None]  # games with free-text factions
NO_LIMIT = [s for s in systems() if s.default_points_limit is None]


def other_faction(game) -> str:
    """A faction code some game lists that ``game`` does not."""
    return next(
        code
        for s in systems()
        if s.factions is not None
        for code in s.factions
        if game.factions is None or code not in game.factions
    )


def new_squad_form(client, **chosen) -> dict[str, str]:
    """The new-squad form as "My squads" shows it, with the fields a player changes."""
    html = client.get(reverse("rosters:list")).content.decode()
    return {**shown_values(html, CREATE), **chosen}


# --- item 1: the chosen game's factions ------------------------------------------------------


def test_the_form_first_offers_the_first_game_s_factions_only(owner_client):
    html = owner_client.get(reverse("rosters:list")).content.decode()
    first = systems()[0]
    assert options(html, CREATE, "faction") == ["", *first.factions]
    assert 'name="faction_text"' not in html


@pytest.mark.parametrize("game", UNCODED, ids=lambda s: s.code)
def test_choosing_a_game_without_faction_codes_swaps_in_its_free_text_field(owner_client, game):
    sent = new_squad_form(owner_client, system=game.code, name="Kept", points_limit="12")
    response = owner_client.post(CREATE, {**sent, "choose": "1"}, **HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="new-squad-game"')  # the fields only, swapped
    assert 'name="faction_text"' in html and 'name="faction"' not in html
    assert 'value="12"' in html  # what was typed is kept
    assert not Squad.objects.exists()


def test_choosing_a_coded_game_again_offers_its_list(owner_client):
    sent = new_squad_form(owner_client, system=CODED.code, name="Kept")
    html = owner_client.post(CREATE, {**sent, "choose": "1"}, **HX).content.decode()
    assert options(f'<form action="{CREATE}">{html}</form>', CREATE, "faction") == [
        "",
        *CODED.factions,
    ]
    assert 'name="faction_text"' not in html


def test_without_javascript_the_button_shows_the_chosen_game_s_fields(owner_client):
    game = UNCODED[0]
    sent = new_squad_form(owner_client, system=game.code, name="Kept name")
    response = owner_client.post(CREATE, {**sent, "choose": "1"})
    assert response.status_code == 200 and not Squad.objects.exists()
    html = response.content.decode()
    assert shown_values(html, CREATE)["system"] == game.code
    assert shown_values(html, CREATE)["name"] == "Kept name"
    assert 'name="faction_text"' in html and 'name="faction"' not in html


@pytest.mark.parametrize("game", UNCODED, ids=lambda s: s.code)
def test_another_game_s_faction_is_refused_at_the_field_not_dropped(owner_client, game):
    """Without JavaScript a player may switch the game and keep the first game's faction."""
    code = other_faction(game)
    sent = new_squad_form(owner_client, system=game.code, name="Force", faction=code)
    response = owner_client.post(CREATE, sent)
    assert response.status_code == 400 and not Squad.objects.exists()
    html = response.content.decode()
    error = html.split('id="id_faction_text_error"')[1].split("</ul>")[0]
    label = next(s.factions[code].label for s in systems() if s.factions and code in s.factions)
    assert label in error and game.name in error
    assert 'name="faction_text"' in html and 'aria-invalid="true"' in html


def test_a_coded_game_refuses_free_text_and_unknown_codes_at_its_list(owner_client):
    sent = new_squad_form(owner_client, system=CODED.code, name="Squad", faction="")
    response = owner_client.post(CREATE, {**sent, "faction_text": "Orlock"})
    assert response.status_code == 400
    assert "Orlock" in response.content.decode().split('id="id_faction_error"')[1]
    response = owner_client.post(CREATE, {**sent, "faction": "no-such-faction"})
    assert response.status_code == 400
    assert "no-such-faction" in response.content.decode().split('id="id_faction_error"')[1]
    assert not Squad.objects.exists()


def test_a_faction_of_the_chosen_game_makes_the_squad(owner_client, user):
    code = next(iter(CODED.factions))
    sent = new_squad_form(owner_client, system=CODED.code, name="Squad", faction=code)
    assert owner_client.post(CREATE, sent).status_code == 302
    assert Squad.objects.get(owner=user).faction == code
    game = UNCODED[0]
    sent = new_squad_form(owner_client, system=game.code, name="Gang", faction_text=" Orlock ")
    assert owner_client.post(CREATE, sent).status_code == 302
    assert Squad.objects.get(owner=user, system=game.code).faction == "Orlock"


# --- item 2: no borrowed points limit --------------------------------------------------------


@pytest.mark.parametrize("game", NO_LIMIT, ids=lambda s: s.code)
def test_a_squad_made_as_the_form_shows_has_no_limit_in_a_game_without_one(
    owner_client, user, game
):
    sent = new_squad_form(owner_client, system=game.code, name="New")
    sent.pop("faction", None)
    assert owner_client.post(CREATE, sent).status_code == 302
    squad = Squad.objects.get(owner=user)
    assert squad.points_limit is None
    builder = owner_client.get(reverse("rosters:builder", args=[squad.pk])).content.decode()
    assert 'name="points_limit" type="number" min="1" value=""' in builder
    export = owner_client.get(reverse("rosters:export", args=[squad.pk]))
    document = json.loads(export.content)
    assert document["points_limit"] is None
    assert parse_roster(document).points_limit is None  # the export reads back


def test_the_form_shows_the_chosen_game_s_default_as_a_hint_not_a_value(owner_client):
    html = owner_client.get(reverse("rosters:list")).content.decode()
    first = systems()[0]
    assert shown_values(html, CREATE)["points_limit"] == ""
    assert f'placeholder="{first.default_points_limit}"' in html
    game = NO_LIMIT[0]
    sent = new_squad_form(owner_client, system=game.code, name="New")
    swapped = owner_client.post(CREATE, {**sent, "choose": "1"}, **HX).content.decode()
    assert "placeholder" not in swapped


def test_a_game_with_a_default_limit_takes_it_when_left_empty(owner_client, user):
    game = next(s for s in systems() if s.default_points_limit is not None)
    code = next(iter(game.factions))
    sent = new_squad_form(owner_client, system=game.code, name="New", faction=code)
    assert owner_client.post(CREATE, sent).status_code == 302
    assert Squad.objects.get(owner=user).points_limit == game.default_points_limit


def test_a_limit_the_player_gives_is_kept_in_a_game_without_one(owner_client, user):
    game = NO_LIMIT[0]
    sent = new_squad_form(owner_client, system=game.code, name="New", points_limit="750")
    sent.pop("faction", None)
    assert owner_client.post(CREATE, sent).status_code == 302
    assert Squad.objects.get(owner=user).points_limit == 750


# --- item 5: which game ----------------------------------------------------------------------


def test_my_squads_and_each_builder_name_the_squad_s_game(owner_client, user):
    squads = [services.squad_import(owner=user, roster=r) for r in demo_rosters()]
    assert {s.system for s in squads} == {s.code for s in systems()}
    html = owner_client.get(reverse("rosters:list")).content.decode()
    assert "<th>Game</th>" in html
    for squad in squads:
        row = html.split(f">{escape(squad.name)}</a>")[1].split("</tr>")[0]
        assert f'<td class="game">{get_system(squad.system).name}</td>' in row
        builder = owner_client.get(reverse("rosters:builder", args=[squad.pk])).content.decode()
        assert f'<p class="game-name">{get_system(squad.system).name}</p>' in builder


def test_the_game_s_name_is_translated(owner_client, user, monkeypatch):
    squad = services.squad_import(owner=user, roster=demo_rosters()[0])
    name = get_system(squad.system).name
    monkeypatch.setattr("core.messages.gettext", lambda text: f"«{text}»")
    builder = owner_client.get(reverse("rosters:builder", args=[squad.pk])).content.decode()
    assert f"&laquo;{name}&raquo;" in builder or f"«{name}»" in builder
