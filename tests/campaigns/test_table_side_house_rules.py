"""House rules get a form (issue #14, part 2): one field per number or code of the game's
tables, showing its default and checked by the game's own rules, and a JSON box only for
what does not fit a field (Black Sun's survival rows, a points table)."""

from __future__ import annotations

import re

import pytest
from django.db import transaction
from django.urls import reverse

from campaigns import services
from campaigns.adapters import house_rules_of
from campaigns.services import house_rules_write

pytestmark = pytest.mark.django_db


@pytest.fixture
def settings_page(client, campaign, organiser):
    client.force_login(organiser)
    return reverse("campaigns:settings", args=[campaign.pk])


def field(page: str, name: str) -> str:
    """The ``<input>`` or ``<textarea>`` tag named ``name``."""
    match = re.search(rf'<(input|textarea)[^>]*name="{re.escape(name)}"[^>]*>', page)
    assert match, name
    return match.group(0)


def error_of(page: str, name: str) -> str:
    """What the page says just before the field named ``name`` (where a field's errors go)."""
    end = page.index(f'name="{name}"')
    return page[page.rindex("<p", 0, end) : end]


def test_each_number_of_a_table_has_its_field_with_the_games_default(client, settings_page):
    page = client.get(settings_page).content.decode()

    took_part = field(page, "reputation__took-part")
    assert 'type="number"' in took_part and 'value="1"' in took_part
    assert 'value="1"' in field(page, "survival__doc_bonus")
    assert 'value="frightening-scars"' in field(page, "survival__scar")
    assert "took part" in page.lower()  # the game's word for the award, not its key
    assert "Default: 1" in page


def test_only_what_does_not_fit_a_field_needs_json(client, settings_page):
    page = client.get(settings_page).content.decode()

    assert field(page, "survival").startswith("<textarea")  # the rows and injuries
    survival = page[: page.index('name="survival"')]
    assert survival.rindex("<fieldset") > survival.rfind("<details")  # shown, not folded
    # numbers only: a JSON box folded away, for a table pasted whole
    reputation = page[: page.index('name="reputation"')]
    assert reputation.rindex("<details>") > reputation.rindex("<fieldset")
    assert field(page, "reputation").startswith("<textarea")


def test_a_changed_field_is_saved_and_the_rest_keeps_its_default(client, campaign, settings_page):
    response = client.post(settings_page, {"name": campaign.name, "points_limit": 200,
                                           "reputation__took-part": "2"})  # fmt: skip

    assert response.status_code == 302
    campaign.refresh_from_db()
    assert set(campaign.house_rules) == {"reputation"}
    rules = house_rules_of(campaign)
    assert rules.reputation.awards["took-part"] == 2
    assert rules.reputation.awards["mission-full"] == 2  # its default


def test_saving_the_defaults_stores_no_house_rule(client, campaign, settings_page):
    page = client.get(settings_page).content.decode()
    data = {"name": campaign.name, "points_limit": 200}
    for name, value in re.findall(r'<input[^>]*name="(\w+__[\w-]+)"[^>]*value="([^"]*)"', page):
        data[name] = value

    response = client.post(settings_page, data)

    assert response.status_code == 302
    campaign.refresh_from_db()
    assert campaign.house_rules == {}


def test_a_value_the_game_refuses_is_shown_at_its_field(client, campaign, settings_page):
    response = client.post(settings_page, {"name": campaign.name, "points_limit": 200,
                                           "reputation__took-part": "50"})  # fmt: skip

    assert response.status_code == 400
    page = response.content.decode()
    assert "must be a whole number from -10 to 10" in error_of(page, "reputation__took-part")
    assert 'value="50"' in field(page, "reputation__took-part")  # kept to be corrected
    campaign.refresh_from_db()
    assert campaign.house_rules == {}


def test_a_field_beside_the_json_of_the_same_table(client, campaign, settings_page):
    rows = ('{"rows": [{"low": null, "high": 3, "result": "dies"},'
            ' {"low": 4, "high": null, "result": "full-recovery"}]}')  # fmt: skip
    data = {"name": campaign.name, "points_limit": 200, "survival__doc_bonus": "2",
            "survival": rows}  # fmt: skip

    response = client.post(settings_page, data)

    assert response.status_code == 302
    campaign.refresh_from_db()
    survival = house_rules_of(campaign).survival
    assert survival.doc_bonus == 2 and [r.result for r in survival.rows] == [
        "dies", "full-recovery"
    ]  # fmt: skip
    page = client.get(settings_page).content.decode()
    assert 'value="2"' in field(page, "survival__doc_bonus")
    assert "full-recovery" in page[page.index('name="survival"') :]  # the rows, to edit again


def test_the_fields_show_the_campaigns_own_values(client, campaign, settings_page):
    with transaction.atomic():
        house_rules_write(campaign=campaign, house_rules={"reputation": {"took-part": 3}})

    page = client.get(settings_page).content.decode()

    assert 'value="3"' in field(page, "reputation__took-part")
    assert 'value="2"' in field(page, "reputation__mission-full")  # the default


def test_another_games_victory_points_are_fields_and_its_points_table_json(
    client, organiser, django_user_model
):
    campaign = services.campaign_create(organiser=organiser, name="Hive", system="necromunda")
    client.force_login(organiser)
    url = reverse("campaigns:settings", args=[campaign.pk])

    page = client.get(url).content.decode()
    saved = client.post(url, {"name": "Hive", "victory_points__win": "4"})

    assert 'value="3"' in field(page, "victory_points__win")
    assert field(page, "points").startswith("<textarea")
    assert saved.status_code == 302
    campaign.refresh_from_db()
    assert house_rules_of(campaign).vp.mission["win"] == 4
