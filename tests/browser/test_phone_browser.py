"""Every page at a phone's size, 390 x 844 (issue #14): none scrolls sideways.

One player with a squad of each game, a Black Sun campaign with a confirmed battle, and the
pages a player, an organiser and a visitor reach. A page overflows when its document is
wider than the window: ``scrollWidth > clientWidth``. The test names every page that does,
and the widest element of each, so a failure says where to look.
"""

from __future__ import annotations

import random

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page

from campaigns import services as campaign_services
from campaigns.models import Battle
from rosters import services
from rules import get_system
from tests.api.conftest import battle_report
from tests.browser.conftest import _page
from tests.browser.steps import PASSWORD, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}

# The widest elements of a page that overflows: what sticks out past the window's right edge.
OVERFLOW = """() => {
  const root = document.documentElement;
  if (root.scrollWidth <= root.clientWidth) return null;
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    const box = el.getBoundingClientRect();
    if (box.right > root.clientWidth + 1 && box.width > 0) {
      out.push(`${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}` +
               `${el.className && typeof el.className === "string" ? "." +
                 el.className.trim().split(/\\s+/).join(".") : ""} (${Math.round(box.right)}px)`);
    }
  }
  return {width: root.scrollWidth, culprits: out.slice(0, 5)};
}"""


@pytest.fixture
def phone(browser: Browser):
    yield from _page(browser, viewport=PHONE, is_mobile=True, has_touch=True)


def seed(django_user_model):
    """The player's squads (one per game), a campaign with a battle confirmed and one
    pending: the URLs of every page to visit, by what they show."""
    player = django_user_model.objects.create_user(username="mint", password=PASSWORD)
    rival = django_user_model.objects.create_user(username="kang", password=PASSWORD)
    squads = {
        code: services.squad_import(owner=player, roster=get_system(code).demo()[0])
        for code in ("black-sun", "necromunda", "one-page-modern", "bolt-action")
    }
    campaign = campaign_services.campaign_create(organiser=player, name="Mekong Delta 1968")
    campaign_services.campaign_join(campaign=campaign, user=rival)
    demo = get_system("black-sun").demo()
    mine = campaign_services.enrol(
        campaign=campaign, user=player,
        squad=services.squad_import(owner=player, roster=demo[0]),
    )  # fmt: skip
    theirs = campaign_services.enrol(
        campaign=campaign, user=rival,
        squad=services.squad_import(owner=rival, roster=demo[1]),
    )  # fmt: skip
    for key in ("one", "two"):
        submitted = campaign_services.battle_submit(
            campaign=campaign, user=player, document=battle_report(mine, theirs),
            idempotency_key=key,
        )  # fmt: skip
    first = Battle.objects.get(campaign=campaign, number=1)
    campaign_services.battle_confirm(battle=first, user=rival, rng=random.Random(7))
    character = mine.squad.members.first()
    sides = f"?side={mine.pk}&side={theirs.pk}"
    black_sun = squads["black-sun"]
    black_sun = services.squad_set_public(squad=black_sun, public=True)
    gang = services.squad_set_public(squad=squads["necromunda"], public=True)
    return {
        "home": reverse("home"),
        "my squads": reverse("rosters:list"),
        "import": reverse("rosters:import"),
        **{
            f"builder {code}": reverse("rosters:builder", args=[squad.pk])
            for code, squad in squads.items()
        },
        **{  # a model's card open: its pickers name each choice's cost or effect
            f"builder {code}, a card open": reverse("rosters:builder", args=[squad.pk])
            + f"?open={squad.members.order_by('position').values_list('pk', flat=True)[0]}"
            for code, squad in squads.items()
            if squad.members.exists() and not squad.units
        },
        "campaign squad builder": reverse("rosters:builder", args=[mine.squad.pk]),
        "delete a squad": reverse("rosters:delete", args=[black_sun.pk]),
        "public squad page": reverse("squad_shared", args=[black_sun.public_id]),
        "public gang page": reverse("squad_shared", args=[gang.public_id]),  # its profiles
        "campaigns": reverse("campaigns:list"),
        "join by invitation": reverse("campaigns:join_link", args=[campaign.invite_code]),
        "campaign": reverse("campaigns:detail", args=[campaign.pk]),
        "campaign settings": reverse("campaigns:settings", args=[campaign.pk]),
        "enrol a squad": reverse("campaigns:enrol", args=[campaign.pk]),
        "void a battle?": reverse("campaigns:battle_void", args=[campaign.pk, 1]),
        "report: choose sides": reverse("campaigns:battle_new", args=[campaign.pk]),
        "report screen": reverse("campaigns:battle_new", args=[campaign.pk]) + sides,
        "battle confirmed": reverse("campaigns:battle", args=[campaign.pk, 1]),
        "battle pending": reverse("campaigns:battle", args=[campaign.pk, submitted.battle.number]),
        "campaign squad": reverse("campaigns:entry", args=[campaign.pk, mine.pk]),
        "character": reverse("campaigns:character", args=[campaign.pk, character.pk]),
        "profile": reverse("profile"),
        "password change": reverse("password_change"),
    }


ANONYMOUS = {
    "log in": "/accounts/login/",
    "sign up": "/accounts/signup/",
    "password reset": "/accounts/password_reset/",
}


def overflows(page: Page, base: str, pages: dict[str, str]) -> dict[str, object]:
    found = {}
    for name, path in pages.items():
        response = page.goto(base + path)
        assert response is not None and response.status == 200, (name, path, response)
        result = page.evaluate(OVERFLOW)
        if result:
            found[name] = result
    return found


def test_no_page_scrolls_sideways_on_a_phone(phone: Page, live_server, django_user_model):
    pages = seed(django_user_model)
    found = overflows(phone, live_server.url, ANONYMOUS)
    log_in(phone, live_server.url, "mint")
    found.update(overflows(phone, live_server.url, pages))
    assert found == {}
