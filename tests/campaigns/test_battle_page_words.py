"""What a battle page says of its report (issue #28, items 7 and 9): each fighter's deeds in
words, not a code, in English and French, and where the enemies a side's fighters claim to
have put out of action disagree with the casualties the other side reported; the report's
result under its own name, how a gang bottled out, and a date even when the report has none."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import formats, timezone

from campaigns import services
from rosters import services as roster_services
from rules import get_system
from rules.documents import parse_roster
from rules.types import BattleReport, Casualty, Deeds, Side
from tests.campaigns.conftest import report as black_sun_report
from tests.campaigns.test_necromunda_campaign import BOYS, RATS, report

pytestmark = pytest.mark.django_db

GORG_CLAIMS_TWO = (
    {"deeds": [{"member": "Mak", "out_of_action": 2}]},
    {"bottled": "test", "casualties": [{"member": "Skab", "state": "out-of-action"},
                                       {"member": "Nix", "state": "down"}]},
)  # fmt: skip


@pytest.fixture
def war(organiser, user, other_user):
    """A Necromunda campaign: the user's Rust Rats (Mak...) against the Iron Boys."""
    campaign = services.campaign_create(organiser=organiser, name="Underhive", system="necromunda")
    entries = []
    for player, doc in ((user, RATS), (other_user, BOYS)):
        services.campaign_join(campaign=campaign, user=player)
        squad = roster_services.squad_import(owner=player, roster=parse_roster(doc))
        entries.append(services.enrol(campaign=campaign, user=player, squad=squad))
    return campaign, entries


def battle_page(client, campaign, number: int = 1, language: str = "en") -> str:
    client.cookies["django_language"] = language
    url = reverse("campaigns:battle", args=[campaign.pk, number])
    html = client.get(url).content.decode()
    return html.split("<main", 1)[1].split("</main>")[0]


# --- item 7: deeds in words, claims against casualties --------------------------------------


def test_a_fighters_deeds_are_words_in_english_and_french(war, client, user):
    campaign, (rats, boys) = war
    services.battle_submit(campaign=campaign, user=user, document=report(
        rats, boys, sides=GORG_CLAIMS_TWO))  # fmt: skip
    client.force_login(user)

    english = battle_page(client, campaign)
    french = battle_page(client, campaign, language="fr")

    assert "Mak: enemies put out of action ×2" in english
    assert "ennemis mis hors de combat ×2</li>" in french  # after "Mak", as the French spaces
    assert "out_of_action" not in english and "out_of_action" not in french


def test_claims_that_disagree_with_the_casualties_are_pointed_out(war, client, user):
    campaign, (rats, boys) = war
    services.battle_submit(campaign=campaign, user=user, document=report(
        rats, boys, sides=GORG_CLAIMS_TWO))  # fmt: skip
    client.force_login(user)

    page = battle_page(client, campaign)

    assert (
        "Enemies out of action claimed by its fighters: 2; out of action in the other side&#x27;s "
        "report: 1. Check the report before confirming it."
    ) in page
    rats_row = page.split("Rust Rats</a>", 1)[1].split("Iron Boys</a>", 1)[0]
    assert "claimed by its fighters" in rats_row  # said of the side that claims
    assert page.count('class="disagreement"') == 1  # the Boys claim nothing


def test_claims_that_match_the_casualties_say_nothing_more(war, client, user):
    campaign, (rats, boys) = war
    agreed = ({"deeds": [{"member": "Mak", "out_of_action": 1}]}, GORG_CLAIMS_TWO[1])
    services.battle_submit(campaign=campaign, user=user, document=report(
        rats, boys, sides=agreed))  # fmt: skip
    client.force_login(user)

    page = battle_page(client, campaign)

    assert "Mak: enemies put out of action ×1" in page
    assert 'class="disagreement"' not in page


def test_the_comparison_is_the_games_own_pure_function():
    """Reached through the registry: a side's claims against the other side's casualties."""
    check = get_system("necromunda").report.disagreements
    rats = Side("win", squad_id=1, deeds=(Deeds("Mak", {"out_of_action": 2}),))
    boys = Side("loss", squad_id=2, casualties=(Casualty("Skab", "out-of-action"),))

    [(side, template, params)] = check(BattleReport("necromunda", (rats, boys)))

    assert (side, params) == (0, {"claimed": 2, "counted": 1})
    assert "%(claimed)d" in template
    fair = Side("win", squad_id=1, deeds=(Deeds("Mak", {"out_of_action": 1}),))
    assert check(BattleReport("necromunda", (fair, boys))) == []
    assert check(BattleReport("necromunda", (Side("win", squad_id=1), boys))) == []  # no claim
    assert get_system("black-sun").report.disagreements is None  # a game without


# --- item 9: the result's name, bottled, the date --------------------------------------------


def test_a_win_draw_or_loss_is_labelled_result_not_mission(war, client, user):
    campaign, (rats, boys) = war
    services.battle_submit(campaign=campaign, user=user, document=report(rats, boys))
    client.force_login(user)

    page = battle_page(client, campaign)
    form = client.get(
        reverse("campaigns:battle_new", args=[campaign.pk]), {"side": [rats.pk, boys.pk]}
    ).content.decode()

    heads = page.split("<thead>", 1)[1].split("</thead>", 1)[0]
    assert ">Result<" in heads and ">Mission<" not in heads
    assert heads.count(">Result<") == 1  # the outcome is the result: no second column
    assert 'for="s0-outcome">Result<' in form and ">Mission<" not in form


def test_a_black_sun_mission_keeps_its_name(client, campaign, enrolled, user):
    us, vc = enrolled
    services.battle_submit(campaign=campaign, user=user, document=black_sun_report(us, vc))
    client.force_login(user)

    heads = battle_page(client, campaign).split("<thead>", 1)[1].split("</thead>", 1)[0]

    assert ">Mission<" in heads and ">Result<" in heads  # mission outcome, then placing


def test_a_gang_that_bottled_out_says_so(war, client, user):
    campaign, (rats, boys) = war
    services.battle_submit(campaign=campaign, user=user, document=report(
        rats, boys, sides=GORG_CLAIMS_TWO))  # fmt: skip
    client.force_login(user)

    assert "Bottled: failed a bottle test" in battle_page(client, campaign)
    # French puts a no-break space before the colon, as everywhere else
    assert "En déroute\u00a0: test de déroute raté</li>" in battle_page(
        client, campaign, language="fr"
    )


def test_a_report_without_a_date_shows_when_it_was_recorded(war, client, user):
    campaign, (rats, boys) = war
    battle = services.battle_submit(
        campaign=campaign, user=user, document=report(rats, boys)
    ).battle
    assert battle.played_on is None
    recorded = formats.date_format(timezone.localtime(battle.submitted_at))
    client.force_login(user)

    page = battle_page(client, campaign)
    log = client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
    squad = client.get(reverse("campaigns:entry", args=[campaign.pk, rats.pk])).content.decode()

    for html in (page, log, squad):
        assert f"no date (recorded {recorded})" in html, html
