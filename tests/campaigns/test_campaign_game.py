"""Issue #28, items 2 and 5 for campaigns: a campaign made with the form as it is shown takes
the chosen game's usual points limit (none for a game whose rules print no points), and the
campaign list, a campaign's page and its join page say which game it is for."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns import services as campaign_services
from campaigns.models import Campaign
from rosters import services as roster_services
from rules import get_system, systems
from rules.documents import parse_roster
from tests.html_forms import shown_values

pytestmark = pytest.mark.django_db

CREATE = reverse("campaigns:create")
CAMPAIGN_GAMES = [s for s in systems() if s.campaign is not None]
NO_LIMIT = [s for s in CAMPAIGN_GAMES if s.default_points_limit is None]


def create_as_shown(client, **chosen) -> Campaign:
    """A campaign made with the form of the campaign list, left as shown but for ``chosen``."""
    html = client.get(reverse("campaigns:list")).content.decode()
    response = client.post(CREATE, {**shown_values(html, CREATE), **chosen})
    assert response.status_code == 302, response.content.decode()
    return Campaign.objects.get(name=chosen["name"])


@pytest.mark.parametrize("game", NO_LIMIT, ids=lambda s: s.code)
def test_a_campaign_of_a_game_without_points_has_no_limit_unless_set(client, organiser, game):
    client.force_login(organiser)
    campaign = create_as_shown(client, name="Underhive", system=game.code)
    assert campaign.points_limit is None
    page = client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
    assert " points" not in page.split("<h1>")[1].split("</p>")[0]
    join = reverse("campaigns:join_link", args=[campaign.invite_code])
    assert "squads of up to" not in client.get(join).content.decode()
    set_limit = create_as_shown(client, name="Costed", system=game.code, points_limit="300")
    assert set_limit.points_limit == 300


def test_a_game_s_own_default_limit_fills_a_blank_one(client, organiser):
    game = next(s for s in CAMPAIGN_GAMES if s.default_points_limit is not None)
    client.force_login(organiser)
    html = client.get(reverse("campaigns:list")).content.decode()
    assert shown_values(html, CREATE)["points_limit"] == ""
    campaign = create_as_shown(client, name="Delta", system=game.code)
    assert campaign.points_limit == game.default_points_limit


def test_a_gang_costed_by_a_points_table_is_not_over_a_borrowed_limit(client, organiser, user):
    """The issue's "365 of 200 … cannot report a battle": a campaign of a game without
    points, made as the form showed it, sets no limit, so a points table costs its squads
    without putting them over one."""
    game = next(s for s in NO_LIMIT if s.units is None)
    model_type = next(iter(game.model_types))
    client.force_login(organiser)
    campaign = create_as_shown(client, name="Underhive", system=game.code)
    campaign_services.campaign_update(
        campaign=campaign, name=campaign.name, description="", points_limit=None,
        is_public=False, apply_at_once=False,
        house_rules={"points": {"fighters": {model_type: 365}}},
    )  # fmt: skip
    campaign_services.campaign_join(campaign=campaign, user=user)
    document = {
        "format": "squad-roster/1", "system": game.code, "name": "Rust Rats",
        "members": [{"name": "Mak", "type": model_type}],
    }  # fmt: skip
    squad = roster_services.squad_import(owner=user, roster=parse_roster(document))
    entry = campaign_services.enrol(campaign=campaign, user=user, squad=squad)
    client.force_login(user)
    page = client.get(reverse("campaigns:entry", args=[campaign.pk, entry.pk])).content.decode()
    assert "365" in page and "of 200" not in page and "Over the limit" not in page


def test_the_campaign_pages_name_the_game(client, organiser, user):
    client.force_login(organiser)
    campaigns = [
        campaign_services.campaign_create(organiser=organiser, name=f"War {i}", system=s.code)
        for i, s in enumerate(CAMPAIGN_GAMES)
    ]
    listing = client.get(reverse("campaigns:list")).content.decode()
    assert "<th>Game</th>" in listing
    client.force_login(user)
    for campaign in campaigns:
        name = get_system(campaign.system).name
        row = listing.split(f">{campaign.name}</a>")[1].split("</tr>")[0]
        assert f'<td class="game">{name}</td>' in row
        join = reverse("campaigns:join_link", args=[campaign.invite_code])
        assert f'<span class="game-name">{name}</span>' in client.get(join).content.decode()
        campaign_services.campaign_join(campaign=campaign, user=user)
        page = client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
        assert f'<span class="game-name">{name}</span>' in page.split("<h1>")[1]
