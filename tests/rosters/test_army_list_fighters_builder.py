"""Army lists for a game of models (issue #30): a Necromunda gang built with a pack whose
``army_list`` table names its fighter types is offered only the types the list allows in
the add form, and the demo gang built with the example pack breaks none of its bounds."""

from __future__ import annotations

import copy
import re

import pytest
from django.urls import reverse

from rosters import services
from rosters.services.packs import latest
from tests.rosters.test_squad_pack import built_with, example_pack

pytestmark = pytest.mark.django_db
GAME = "necromunda"


def types_offered(page: str) -> list[str]:
    """The codes of the add form's type picker."""
    select = page[page.index('<select id="add-type" name="type"') :]
    return re.findall(r'<option value="([^"]*)"', select[: select.index("</select>")])


def test_the_add_form_offers_only_the_types_the_list_allows(
    user, client, django_assert_max_num_queries
):
    client.force_login(user)
    version = example_pack(user, GAME)
    document = copy.deepcopy(version.document)
    document["version"] = "2"
    document["tables"]["army_list"] = [
        {"kind": "leader", "minimum": 1, "maximum": 1},
        {"kind": "ganger"},
        {"kind": "kid", "maximum": 0},
        {"faction": "Escher", "kind": "kid", "maximum": 2},
    ]
    strict = latest(services.pack_import(owner=user, document=document))
    gang = services.squad_create(owner=user, name="Gang", system=GAME, faction="Orlock",
                                 pack=strict)  # fmt: skip
    url = reverse("rosters:builder", args=[gang.pk])
    with django_assert_max_num_queries(8):
        page = client.get(url).content.decode()
    assert types_offered(page) == ["leader", "ganger"]
    assert "army list allows" in page
    assert 'data-code="army-list-minimum"' in page  # no leader yet

    services.squad_update(squad=gang, name="Gang", faction="Escher", points_limit=None,
                          pack=strict)  # fmt: skip
    assert types_offered(client.get(url).content.decode()) == ["leader", "ganger", "kid"]
    services.squad_update(squad=gang, name="Gang", faction="Escher", points_limit=None,
                          pack=None)  # fmt: skip
    page = client.get(url).content.decode()
    assert types_offered(page) == ["leader", "ganger", "kid"]
    assert "army list allows" not in page


def test_the_demo_gang_keeps_the_example_list(user, client):
    client.force_login(user)
    squad = built_with(user, GAME, example_pack(user, GAME))
    page = client.get(reverse("rosters:builder", args=[squad.pk])).content.decode()
    assert 'data-code="army-list' not in page
    assert types_offered(page) == ["leader", "ganger", "kid"]
