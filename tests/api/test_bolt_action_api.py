"""Bolt Action through the REST API: a force of units imported, exported, validated with
its order dice and derived values, and refused with located errors."""

from __future__ import annotations

import copy
import json

import pytest

from tests.test_bolt_action import BECKER

pytestmark = pytest.mark.django_db


def test_a_force_is_imported_exported_and_validated(owner_api):
    imported = owner_api.post("/api/squads/import/", BECKER, format="json")
    assert imported.status_code == 201, imported.content
    squad = imported.json()
    assert (squad["system"], squad["faction"], squad["points_limit"]) == (
        "bolt-action", "Germany", None,
    )  # fmt: skip
    exported = owner_api.get(f"/api/squads/{squad['id']}/export/").json()
    labels = [line.get("label") for line in exported["units"][3]["equipment"]]
    assert labels == ["7.5 cm KwK 40", None]
    again = owner_api.post("/api/squads/import/", exported, format="json").json()
    assert owner_api.get(f"/api/squads/{again['id']}/export/").json() == {
        **exported, "name": exported["name"]
    }  # fmt: skip
    result = owner_api.get(f"/api/squads/{squad['id']}/validate/").json()
    assert (result["valid"], result["points"], result["order_dice"]) == (True, None, 5)
    assert result["derived"]["Panzer IV"]["damage_value"] == 9


def test_a_force_with_a_key_of_another_game_is_refused_where_it_stands(owner_api):
    broken = copy.deepcopy(BECKER)
    broken["units"][0]["members"][0]["abilities"] = []
    refused = owner_api.post("/api/squads/import/", broken, format="json")
    assert refused.status_code == 400
    assert "units[0].members[0].abilities" in json.dumps(refused.json())
