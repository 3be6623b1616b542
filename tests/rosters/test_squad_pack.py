"""Issue #30 stage 3: a squad built "with pack X". A squad outside a campaign keeps the exact
pack version it is built with (``Squad.pack``), chosen on the new-squad form, the squad's
form and in the API among the owner's packs of its game; the builder shows the pack's costs
in its pickers and the total against the limit, over it the game's own violation; the sheet
prints the pack's total. A campaign squad takes none: its campaign's pack costs it."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from campaigns import services as campaign_services
from core.errors import Conflict, Invalid
from printing.pdf import stored_squad_key, stored_squad_pdf
from rosters import services
from rosters.adapters import load_squad
from rosters.models import Squad
from rosters.services.packs import latest
from rules import get_system
from rules.pack_prices import pack_prices
from tests.printing.conftest import pdf_text

PACKS = Path(__file__).resolve().parents[2] / "docs" / "packs"
COSTED = ("necromunda", "one-page-modern", "bolt-action")
pytestmark = pytest.mark.django_db
htmx = {"HTTP_HX_REQUEST": "true"}


def example_pack(owner, system: str):
    """The game's example pack (docs/packs/<code>.json) imported as ``owner``'s: its version."""
    document = json.loads((PACKS / f"{system}.json").read_text())
    return latest(services.pack_import(owner=owner, document=document))


def built_with(owner, system: str, version, points_limit: int | None = None) -> Squad:
    """The game's first demo squad, built with the pack ``version``."""
    squad = services.squad_import(owner=owner, roster=get_system(system).demo()[0])
    return services.squad_update(
        squad=squad, name=squad.name, faction=squad.faction,
        points_limit=points_limit or squad.points_limit or 2000, pack=version,
    )  # fmt: skip


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


@pytest.fixture
def owner_client(client, user):
    client.force_login(user)
    return client


def expected_points(squad: Squad, version) -> int:
    """What the pure core says the squad costs under the pack."""
    stored = load_squad(squad.pk)
    points = get_system(squad.system).points(stored.roster(), version.read)
    assert isinstance(points, int) and points > 0
    return points


@pytest.mark.parametrize("system", COSTED)
def test_the_builder_shows_the_packs_costs_in_its_pickers_and_its_total(system, user, owner_client):
    version = example_pack(user, system)
    squad = built_with(user, system, version)
    response = owner_client.get(reverse("rosters:builder", args=[squad.pk]))
    context, page = response.context, response.content.decode()

    assert context["points"] == expected_points(squad, version)
    assert f"{context['points']} / {squad.points_limit}" in text(page)
    assert "with the pack" in text(page) and version.pack.name in text(page)
    prices = pack_prices(version.read)
    items = prices["item"]
    if get_system(system).lists == "members":
        # the add form's types and the open card's items, each at the pack's price
        types = context["add"]["type_options"]
        for code, (cost, _most) in prices["type"].items():
            assert re.search(rf'value="{code}"[^>]*>[^<]* · {cost} pts', types)
        card = owner_client.get(
            reverse("rosters:builder", args=[squad.pk]), {"open": context["members"][0].row.pk}
        ).context["members"][0]
        offered = dict(card.item_choices)
    else:
        offered = {}
        for unit in context["units"]:
            offered |= dict(re.findall(r'value="([^"]+)">([^<]+)<', unescape(unit.item_options)))
        if "kind" in prices:  # Bolt Action: a unit's kind from its cheapest quality to its dearest
            low, high = prices["kind"]["infantry-squad"]
            assert f" · {low}–{high} pts" in unescape(context["kind_options"])
    priced = {code: label for code, label in offered.items() if code in items}
    assert priced, "the example pack prices some item the builder offers"
    for code, label in priced.items():
        assert label.endswith(f" · {items[code][0]} pts")


@pytest.mark.parametrize("system", COSTED)
def test_over_the_limit_is_the_games_own_violation_shown_like_the_others(
    system, user, owner_client
):
    version = example_pack(user, system)
    squad = built_with(user, system, version, points_limit=1)
    response = owner_client.get(reverse("rosters:builder", args=[squad.pk]))

    points = expected_points(squad, version)
    found = get_system(system).packs.violation(points, 1)
    assert found is not None
    assert found.code in {v.code for v in response.context["violations"]}
    assert not response.context["valid"]
    shown = next(v for v in response.context["violations"] if v.code == found.code)
    assert text(str(shown.message)) in text(response.content.decode())
    # within the limit, no such violation
    Squad.objects.filter(pk=squad.pk).update(points_limit=points)
    response = owner_client.get(reverse("rosters:builder", args=[squad.pk]))
    assert found.code not in {v.code for v in response.context["violations"]}


EDITS = {
    "necromunda": ("rosters:member_add", {"name": "Vex", "type": "ganger"}),
    "bolt-action": ("rosters:unit_add", {"name": "2nd Squad", "kind": "infantry-squad"}),
    "one-page-modern": ("rosters:edit", {"name": "Renamed", "points_limit": "900"}),
}


@pytest.mark.parametrize("system", COSTED)
def test_builder_edits_with_a_pack_run_no_more_queries_than_without(system, user, owner_client):
    """The pack is read with the squad's row (``select_related``): an edit of a squad built
    with one runs the queries of one built without (tests/rosters/test_queries.py keeps
    their limits), at most 10 here beside the undo step's session write."""
    name, data = EDITS[system]
    counts = []
    for version in (None, example_pack(user, system)):
        squad = built_with(user, system, version)
        sent = {"faction": squad.faction, **data}
        if version is not None:
            sent["pack"] = str(version.pk)
        with CaptureQueriesContext(connection) as queries:
            response = owner_client.post(reverse(name, args=[squad.pk]), sent, **htmx)
        assert response.status_code == 200
        counts.append(len([q for q in queries if "django_session" not in q["sql"]]))
    assert counts[1] == counts[0] <= 10


@pytest.mark.parametrize("system", ["necromunda", "bolt-action"])
def test_the_sheet_prints_the_packs_total_and_its_key_names_the_version(system, user):
    version = example_pack(user, system)
    squad = built_with(user, system, version)
    squad = Squad.objects.select_related("owner").get(pk=squad.pk)
    plain = stored_squad_key(squad).replace(f"-pack-{version.pk}", "")
    assert f"squad-{squad.pk}-pack-{version.pk}:" in stored_squad_key(squad)

    pdf, _name = stored_squad_pdf(squad)
    assert str(expected_points(squad, version)) in pdf_text(pdf)
    assert cache.get(stored_squad_key(squad)) == pdf and cache.get(plain) is None


def test_the_new_squad_form_offers_my_packs_of_the_game_and_builds_with_one(
    user, other_user, owner_client
):
    mine = example_pack(user, "bolt-action")
    other_game = example_pack(user, "necromunda")
    theirs = example_pack(other_user, "bolt-action")
    data = {"system": "bolt-action", "choose": "1"}
    page = owner_client.post(reverse("rosters:create"), data).content.decode()
    assert f'value="{mine.pk}"' in page
    assert f'value="{other_game.pk}"' not in page and f'value="{theirs.pk}"' not in page

    faction = get_system("bolt-action").demo()[0].faction
    data = {"system": "bolt-action", "name": "Becker", "faction_text": faction, "pack": theirs.pk}
    response = owner_client.post(reverse("rosters:create"), data)
    assert response.status_code == 400 and not Squad.objects.filter(name="Becker").exists()
    response = owner_client.post(reverse("rosters:create"), {**data, "pack": mine.pk})
    assert response.status_code == 302
    assert Squad.objects.get(name="Becker").pack == mine


def test_the_squads_form_keeps_changes_or_drops_its_pack_version(user, owner_client):
    version = example_pack(user, "bolt-action")
    squad = built_with(user, "bolt-action", version)
    newer = latest(services.pack_update(pack=version.pack, user=user, name="Club 1945"))
    page = owner_client.get(reverse("rosters:builder", args=[squad.pk])).content.decode()
    # the version it has, said not to be the latest, and the latest
    assert re.search(rf'value="{version.pk}" selected>[^<]*the latest is 2', page)
    assert f'value="{newer.pk}">Club 1945, version 2<' in page
    form = {"name": squad.name, "faction": squad.faction, "points_limit": squad.points_limit}
    owner_client.post(reverse("rosters:edit", args=[squad.pk]), {**form, "pack": version.pk})
    squad.refresh_from_db()
    assert squad.pack == version  # kept: an edit of the pack moves no squad
    owner_client.post(reverse("rosters:edit", args=[squad.pk]), {**form, "pack": newer.pk})
    squad.refresh_from_db()
    assert squad.pack == newer
    owner_client.post(reverse("rosters:edit", args=[squad.pk]), {**form, "pack": ""})
    squad.refresh_from_db()
    assert squad.pack is None
    response = owner_client.get(reverse("rosters:builder", args=[squad.pk]))
    assert response.context["points"] is None  # the game's own costs: none


def test_a_campaign_squad_takes_no_pack_its_campaigns_costs_it(user, organiser, owner_client):
    version = example_pack(user, "bolt-action")
    squad = built_with(user, "bolt-action", version)
    campaign = campaign_services.campaign_create(
        organiser=organiser, name="Normandy", system="bolt-action"
    )
    campaign_services.campaign_join(campaign=campaign, user=user)
    entry = campaign_services.enrol(campaign=campaign, user=user, squad=squad)
    copy = entry.squad
    assert copy.in_campaign and copy.pack is None
    with pytest.raises(Conflict) as refused:
        services.squad_update(
            squad=copy, name=copy.name, faction=copy.faction, points_limit=copy.points_limit,
            pack=version,
        )  # fmt: skip
    assert refused.value.field == "pack"
    page = owner_client.get(reverse("rosters:builder", args=[copy.pk])).content.decode()
    assert 'name="pack"' not in page


def test_the_service_refuses_another_games_pack_and_one_neither_mine_nor_shared(user, other_user):
    squad = built_with(user, "bolt-action", None)
    common = {"squad": squad, "name": squad.name, "faction": squad.faction,
              "points_limit": squad.points_limit}  # fmt: skip
    for version in (example_pack(user, "necromunda"), example_pack(other_user, "bolt-action")):
        with pytest.raises(Invalid) as refused:
            services.squad_update(**common, pack=version)
        assert refused.value.field == "pack"
    theirs = example_pack(other_user, "bolt-action")
    services.pack_share(pack=theirs.pack, user=other_user, shared=True)
    theirs.pack.refresh_from_db()
    with pytest.raises(Invalid):  # shared, but its link not given
        services.squad_update(**common, pack=theirs)
    services.squad_update(**common, pack=theirs, pack_token=theirs.pack.share_token)
    assert Squad.objects.get(pk=squad.pk).pack == theirs


@pytest.fixture
def api(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_the_api_reads_and_sets_the_squads_pack_refused_at_its_field(user, other_user, api):
    version = example_pack(user, "bolt-action")
    squad = built_with(user, "bolt-action", None)
    url = f"/api/squads/{squad.pk}/"
    assert api.get(url).json()["pack"] is None

    response = api.patch(url, {"pack": version.pk}, format="json")
    assert response.status_code == 200 and response.json()["pack"] == version.pk
    assert "pack" not in response.json()["roster"]  # squad-roster/1 unchanged
    result = api.get(f"{url}validate/").json()
    assert result["points"] == expected_points(squad, version)

    for refused in (example_pack(user, "necromunda").pk, example_pack(other_user, "bolt-action").pk,
                    10**9):  # fmt: skip
        response = api.patch(url, {"pack": refused}, format="json")
        assert response.status_code == 422
        assert response.json()["errors"][0]["field"] == "pack"
    assert api.patch(url, {"pack": None}, format="json").json()["pack"] is None

    faction = get_system("bolt-action").demo()[0].faction
    created = api.post(
        "/api/squads/",
        {"system": "bolt-action", "name": "Becker", "faction": faction, "pack": version.pk},
        format="json",
    )
    assert created.status_code == 201 and created.json()["pack"] == version.pk
    schema = api.get("/api/schema/").content.decode()
    assert "pack_token" in schema


def test_my_squads_lists_a_squad_at_its_packs_points(user, owner_client):
    version = example_pack(user, "bolt-action")
    squad = built_with(user, "bolt-action", version, points_limit=1)
    line = next(
        line
        for line in owner_client.get(reverse("rosters:list")).context["squads"]
        if line.squad.pk == squad.pk
    )
    assert line.points == expected_points(squad, version) and line.broken == 1
