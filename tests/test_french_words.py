"""Issue #28, item 15: the French edition shows no English word a game left unlabelled, the
same abbreviation everywhere, and French typography's space before a colon."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation

from campaigns import house_rule_fields, selectors
from campaigns import services as campaign_services
from campaigns.models import HistoryEntry
from rosters import services
from rosters.demo import demo_rosters
from rules.registry import get_system, systems

CAMPAIGN_GAMES = [s.code for s in systems() if s.campaign is not None]
NBSP = "\u00a0"


def french_page(client, url: str) -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 200
    return unescape(response.content.decode())


@pytest.mark.parametrize("code", CAMPAIGN_GAMES)
def test_every_house_rule_heading_and_label_is_the_game_s_own_and_french(code):
    """A heading or label the game left out was made from its code ("Victory points",
    "Enemy unit destroyed"): no catalogue can translate it."""
    rules = get_system(code).campaign
    words = []
    for table in house_rule_fields.tables(rules.default_house_rules()):
        words.append(house_rule_fields.title(rules.labels, table.key))
        words += [house_rule_fields.label(rules.labels, table.key, key) for key in table.fields]

    with translation.override("fr"):
        untranslated = [w for w in words if translation.gettext(w) == w]

    assert untranslated == []


@pytest.mark.parametrize("code", ["one-page-modern", "bolt-action"])
def test_the_house_rules_page_shows_the_victory_points_table_in_french(client, user, code):
    campaign = campaign_services.campaign_create(organiser=user, name="Ardennes", system=code)
    client.force_login(user)
    own = campaign_services.campaign_own_pack(campaign=campaign, user=user)

    html = french_page(client, reverse("packs:table", args=[own.pk, "victory_points"]))

    assert "Victory points" not in html
    assert "nit destroyed" not in html
    assert "Points de victoire" in html


def test_timeline_abbreviates_a_characteristic_as_the_builder_does():
    """The history of an advance names Toughness "E" in French, as the builder's fields do."""
    entry = HistoryEntry(kind="recorded", field="advances", before={}, after={"t": 1, "ws": -1})

    with translation.override("fr"):
        text = selectors.describe(entry, "necromunda")

    assert "E +1" in text
    assert "CC -1" in text
    assert "T +1" not in text


def test_unit_builder_puts_a_space_before_the_colon_in_french(client, user):
    roster = next(r for r in demo_rosters() if r.system == "bolt-action")
    squad = services.squad_import(owner=user, roster=roster)
    client.force_login(user)

    html = french_page(client, reverse("rosters:builder", args=[squad.pk]))

    assert f"dés d'ordre{NBSP}: " in html
    assert "dés d'ordre: " not in html


def test_a_public_link_names_the_game_in_the_reader_s_language(client, user):
    roster = next(r for r in demo_rosters() if r.system == "one-page-modern")
    squad = services.squad_import(owner=user, roster=roster)
    squad.is_public = True
    squad.save(update_fields=["is_public"])

    html = french_page(client, reverse("squad_shared", args=[squad.public_id]))

    assert "Escarmouche moderne en une page" in html
    assert "One-page modern skirmish" not in html
