"""Army lists (issue #30, item 2): a force built with a pack whose ``army_list`` table has
rows for its faction is offered only the unit kinds the list allows, and each bound it
breaks is in the builder's violations; the pack editor offers the table like the others,
the game's kinds in its picker and each refusal at its cell."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from rosters import services
from rules import get_system
from tests.rosters.test_squad_pack import example_pack

pytestmark = pytest.mark.django_db
htmx = {"HTTP_HX_REQUEST": "true"}
UNIT_GAMES = ("bolt-action", "one-page-modern")
SQUAD = {"bolt-action": "infantry-squad", "one-page-modern": "infantry"}


@pytest.fixture
def owner_client(client, user):
    client.force_login(user)
    return client


def kinds_offered(page: str) -> list[str]:
    """The codes of the add-unit form's kind picker."""
    select = page[page.index('<select name="kind">') :]
    return re.findall(r'<option value="([^"]*)"', select[: select.index("</select>")])


def force(user, system: str, faction: str, version) -> object:
    return services.squad_create(
        owner=user, name="Force", system=system, faction=faction, pack=version
    )


@pytest.mark.parametrize("system", UNIT_GAMES)
def test_the_kind_picker_offers_only_what_the_army_list_allows(
    system, user, owner_client, django_assert_max_num_queries
):
    version = example_pack(user, system)
    rows = version.document["tables"]["army_list"]
    listed = [row["kind"] for row in rows if "faction" not in row]
    every = list(get_system(system).units.kinds)

    squad = force(user, system, "Britain", version)
    with django_assert_max_num_queries(6):
        page = owner_client.get(reverse("rosters:builder", args=[squad.pk])).content.decode()
    assert kinds_offered(page) == [code for code in every if code in listed]
    assert set(listed) < set(every)  # the example leaves some kinds out
    assert "army list allows" in page
    # without a pack, every kind
    squad = force(user, system, "Britain", None)
    page = owner_client.get(reverse("rosters:builder", args=[squad.pk])).content.decode()
    assert kinds_offered(page) == every
    assert "army list allows" not in page


def test_the_bolt_action_example_lets_germany_take_a_heavy_tank(user, owner_client):
    version = example_pack(user, "bolt-action")
    offered = {}
    for faction in ("Germany", "Britain"):
        squad = force(user, "bolt-action", faction, version)
        page = owner_client.get(reverse("rosters:builder", args=[squad.pk])).content.decode()
        offered[faction] = kinds_offered(page)
    assert "heavy-tank" in offered["Germany"] and "heavy-tank" not in offered["Britain"]
    assert "super-heavy-tank" not in offered["Germany"]


@pytest.mark.parametrize("system", UNIT_GAMES)
def test_a_bound_broken_is_in_the_violations_and_clears(system, user, owner_client):
    version = example_pack(user, system)
    squad = force(user, system, "Britain", version)
    url = reverse("rosters:unit_add", args=[squad.pk])
    kind = SQUAD[system]
    bound = next(r for r in version.document["tables"]["army_list"] if r["kind"] == kind)

    for i in range(bound["minimum"]):
        page = owner_client.get(reverse("rosters:builder", args=[squad.pk])).content.decode()
        assert page.count('data-code="army-list-minimum"') == 1
        assert f"needs at least {bound['minimum']} unit(s) of kind" in page
        squad.refresh_from_db()
        sent = {"version": squad.version, "name": f"Unit {i}", "kind": kind}
        page = owner_client.post(url, sent, **htmx).content.decode()
    assert 'data-code="army-list-minimum"' not in page
    # a kind the list does not offer, sent anyway (an old form): named on its card
    listed = {r["kind"] for r in version.document["tables"]["army_list"] if "faction" not in r}
    other = next(k for k in get_system(system).units.kinds if k not in listed)
    squad.refresh_from_db()
    sent = {"version": squad.version, "name": "<script>x</script>", "kind": other}
    page = owner_client.post(url, sent, **htmx).content.decode()
    assert page.count('data-code="army-list-not-allowed"') == 1
    assert "&lt;script&gt;x&lt;/script&gt;" in page and "<script>x</script>" not in page


def test_the_api_s_validation_of_a_stored_force_reports_the_army_list(user):
    api = APIClient()
    api.force_authenticate(user)
    version = example_pack(user, "one-page-modern")
    squad = force(user, "one-page-modern", "", version)

    result = api.get(f"/api/squads/{squad.pk}/validate/").json()

    assert result["valid"] is False and result["points"] == 0
    assert [v for v in result["violations"] if v["code"].startswith("army-list")] == [{
        "code": "army-list-minimum", "member": None,
        "message": "The army list needs at least 1 unit(s) of kind Infantry; the force has 0.",
    }]  # fmt: skip


# --- the pack editor ---------------------------------------------------------------------------


def sent(*rows: dict[str, str]) -> dict[str, str]:
    """The editor's form of a table that is a list, with ``rows`` typed in."""
    fields = {"version": "1", "rows-count": str(len(rows))}
    for i, row in enumerate(rows):
        fields.update({f"rows-{i}-{key}": value for key, value in row.items()})
    return fields


def at_cell(page: str, name: str) -> str:
    """What the page shows in the table cell of the field ``name``."""
    cell = page[page.index(f'name="{name}"') :]
    return cell[: cell.index("</td>")]


@pytest.mark.parametrize("system", UNIT_GAMES)
def test_the_pack_editor_offers_the_army_list_with_the_games_kinds(system, user, owner_client):
    pack = services.pack_create(owner=user, system=system, name="Club")
    detail = owner_client.get(reverse("packs:detail", args=[pack.pk])).content.decode()
    url = reverse("packs:table", args=[pack.pk, "army_list"])
    assert url in detail

    page = owner_client.post(url, {"rows-count": "0", "add": "rows"}).content.decode()
    assert 'name="rows-0-faction"' in page and 'name="rows-0-maximum"' in page
    picker = page[page.index('name="rows-0-kind"') :]
    picker = picker[: picker.index("</select>")]
    assert re.findall(r'<option value="([^"]+)"', picker) == list(get_system(system).units.kinds)

    kind = SQUAD[system]
    refused = owner_client.post(url, sent(
        {"kind": kind, "minimum": "3", "maximum": "2"},
        {"faction": "<b>Reds</b>", "kind": kind, "minimum": "x"},
    ))  # fmt: skip
    assert refused.status_code == 400
    page = refused.content.decode()
    assert "must not be below the row&#x27;s minimum (3)" in at_cell(page, "rows-0-maximum")
    assert "must be a whole number" in at_cell(page, "rows-1-minimum")
    assert "<b>Reds</b>" not in page
    assert pack.versions.count() == 1

    saved = owner_client.post(url, sent(
        {"kind": kind, "minimum": "1", "maximum": ""},
        {"faction": " Reds ", "kind": kind, "maximum": "3"},
    ))  # fmt: skip
    assert saved.status_code == 302
    pack.refresh_from_db()
    assert pack.versions.first().document["tables"]["army_list"] == [
        {"kind": SQUAD[system], "minimum": 1},
        {"faction": "Reds", "kind": SQUAD[system], "maximum": 3},
    ]
