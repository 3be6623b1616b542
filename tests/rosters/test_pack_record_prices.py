"""Issue #30: the unit builder's pickers of a unit's own values show the squad's pack's price
as the others do ("label · N pts"): one-page modern's training level (a unit's, a leader's)
and a vehicle's armour class, Bolt Action's quality at the unit's own kind's price. Which
picker a pack's points list prices is the game's declaration (``RecordField.priced``)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from rules.pack_prices import pack_prices, within
from tests.rosters.test_squad_pack import built_with, example_pack

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner_client(client, user):
    client.force_login(user)
    return client


def picker(options: str) -> dict[str, str]:
    """An ``<option>`` list as value -> text."""
    return dict(re.findall(r'value="([^"]*)"(?: selected)?>([^<]*)<', unescape(str(options))))


def fields(card) -> dict[str, dict[str, str]]:
    return {f.key: picker(f.options) for f in card.fields if f.kind == "code"}


def test_one_page_modern_prices_training_levels_and_vehicle_armour_classes(user, owner_client):
    version = example_pack(user, "one-page-modern")
    squad = built_with(user, "one-page-modern", version)
    response = owner_client.get(reverse("rosters:builder", args=[squad.pk]))
    page = response.content.decode()
    cards = {card.unit.kind: card for card in response.context["units"]}

    infantry = fields(cards["infantry"])
    # the example pack: green 5, seasoned 8, veteran 11, elite 14 a model
    assert infantry["training"]["green"] == "Green · 5 pts"
    assert infantry["training"]["elite"] == "Elite · 14 pts"
    vehicle = fields(cards["vehicle"])
    assert vehicle["armour_class"]["heavy"].endswith(" · 60 pts")
    assert vehicle["armour_class"]["light"].endswith(" · 30 pts")
    assert re.search(r'value="heavy" selected>[^<]* · 60 pts<', page)  # on the page itself
    # a leader's own training level costs as the unit's, on the members' and the add form
    leaders = {f.key: picker(f.options) for f in cards["infantry"].members[0].fields}
    assert leaders["leader"]["veteran"].endswith(" · 11 pts") and leaders["leader"][""] == "—"
    added = {f.key: picker(f.options) for f in response.context["member_fields"]}
    assert added["leader"]["seasoned"].endswith(" · 8 pts")
    # what the pack does not price shows no price: a member's armour
    assert all(" pts" not in text for text in added["armour"].values())


def test_one_page_modern_without_a_pack_shows_no_prices(user, owner_client):
    squad = built_with(user, "one-page-modern", None)
    response = owner_client.get(reverse("rosters:builder", args=[squad.pk]))
    for card in response.context["units"]:
        for options in fields(card).values():
            assert options and all(" pts" not in text for text in options.values())


def test_bolt_action_prices_a_units_quality_at_its_own_kinds_cost(user, owner_client):
    version = example_pack(user, "bolt-action")
    squad = built_with(user, "bolt-action", version)
    response = owner_client.get(reverse("rosters:builder", args=[squad.pk]))
    cards = {card.unit.kind: card for card in response.context["units"]}

    squad_quality = fields(cards["infantry-squad"])["quality"]
    assert squad_quality["inexperienced"].endswith(" · 20 pts")
    assert squad_quality["veteran"].endswith(" · 40 pts")
    tank_quality = fields(cards["medium-tank"])["quality"]  # a vehicle: its kind's costs
    assert tank_quality["regular"].endswith(" · 100 pts")
    assert tank_quality["veteran"].endswith(" · 120 pts")
    assert "pts" not in tank_quality["inexperienced"]  # the pack prices no such tank
    # the kind picker keeps each kind's range over its qualities
    assert " · 100–120 pts" in unescape(str(response.context["kind_options"]))
    # the vehicle's drive is priced by no list
    assert all("pts" not in text for text in fields(cards["medium-tank"])["drive"].values())


def test_a_list_priced_by_two_cells_prices_the_second_within_each_first(user):
    version = example_pack(user, "bolt-action")
    prices = pack_prices(version.read)
    assert prices["kind"]["infantry-squad"] == (20, 40)
    assert prices["quality"]["veteran"] == (30, 120)  # over every kind
    assert prices[within("quality", "infantry-team")] == {"regular": (20, 20), "veteran": (30, 30)}
