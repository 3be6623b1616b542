"""A squad enrolled in a campaign is costed by the campaign's pack version in the builder, its
pickers and its total (issue #30, item 3): the campaign's wins over the squad's own pack while
it is enrolled. And the squad's "Pack" picker shows only for a game whose packs cost or print
a squad (item 4: Black Sun's packs hold campaign tables only)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from campaigns import services as campaign_services
from rosters import services
from rosters.adapters import load_squad
from rosters.models import Squad
from rules import get_system
from rules.pack_prices import pack_prices
from tests.rosters.test_squad_pack import built_with, example_pack, text

pytestmark = pytest.mark.django_db


def enrolled(user, organiser, system: str, *, own=None, campaign_pack=None) -> Squad:
    squad = built_with(user, system, own)
    campaign = campaign_services.campaign_create(
        organiser=organiser, name="Campaign", system=system,
        pack=None if campaign_pack is None else campaign_pack.pack,
    )  # fmt: skip
    campaign_services.campaign_join(campaign=campaign, user=user)
    return campaign_services.enrol(campaign=campaign, user=user, squad=squad).squad


@pytest.mark.parametrize("system", ["necromunda", "bolt-action"])
def test_the_builder_costs_a_campaign_squad_by_its_campaign_s_pack(
    system, user, organiser, client, django_assert_max_num_queries
):
    version = example_pack(organiser, system)
    squad = enrolled(user, organiser, system, campaign_pack=version)
    client.force_login(user)
    url = reverse("rosters:builder", args=[squad.pk])
    client.get(url)  # the session's first write, the caches warm
    with django_assert_max_num_queries(12):  # the campaign's pack is read with the squad
        response = client.get(url)
    expected = get_system(system).points(load_squad(squad.pk).roster(), version.read)
    assert isinstance(expected, int) and response.context["points"] == expected
    page = text(response.content.decode())
    assert "with the pack Example club pack, version 1" in page
    prices = pack_prices(version.read)
    if get_system(system).lists == "members":
        for code, (cost, _most) in prices["type"].items():
            assert re.search(rf'value="{code}"[^>]*>[^<]* · {cost} pts',
                             response.context["add"]["type_options"])  # fmt: skip
    else:
        low, high = prices["kind"]["infantry-squad"]
        assert f" · {low}–{high} pts" in response.context["kind_options"]


def test_the_campaign_s_pack_wins_over_the_squad_s_own_and_none_leaves_the_game_s(user, organiser):
    mine = example_pack(user, "necromunda")
    theirs = example_pack(organiser, "necromunda")
    squad = enrolled(user, organiser, "necromunda", own=mine, campaign_pack=theirs)
    Squad.objects.filter(pk=squad.pk).update(pack=mine)  # even were the copy to keep it
    assert Squad.objects.get(pk=squad.pk).costing_version == theirs
    plain = enrolled(user, organiser, "necromunda", own=mine)
    assert plain.costing_version is None and plain.costing_pack is None


def test_the_pack_picker_shows_only_for_a_game_whose_packs_cost_or_print(user, client):
    client.force_login(user)
    example_pack(user, "black-sun")
    black_sun = services.squad_import(owner=user, roster=get_system("black-sun").demo()[0])
    page = client.get(reverse("rosters:builder", args=[black_sun.pk])).content.decode()
    assert 'name="pack"' not in page
    form = client.post(reverse("rosters:create"), {"system": "black-sun", "choose": "1"})
    assert 'name="pack"' not in form.content.decode()
    costed = client.post(reverse("rosters:create"), {"system": "necromunda", "choose": "1"})
    assert 'name="pack"' in costed.content.decode()
    assert not get_system("black-sun").packs.for_squads
    assert all(get_system(code).packs.for_squads
               for code in ("necromunda", "one-page-modern", "bolt-action"))  # fmt: skip
