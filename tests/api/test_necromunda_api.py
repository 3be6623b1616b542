"""Necromunda through the REST API: a gang imported, exported, validated with its derived
figures, changed, and refused with located errors (docs/formats.md)."""

from __future__ import annotations

import copy

import pytest

from tests.api.conftest import errors

pytestmark = pytest.mark.django_db

GANG = {
    "format": "squad-roster/1", "system": "necromunda", "name": "The Rust Rats",
    "faction": "Orlock",
    "members": [
        {"name": "Mak McMadd", "type": "leader", "advances": {"ws": 1, "bs": 1, "ld": 1},
         "equipment": [{"item": "bolt-pistol"}, {"item": "sword"}, {"item": "carapace"}]},
        {"name": "Hollis", "type": "ganger",
         "equipment": [{"item": "heavy-stubber"}, {"item": "laspistol"}]},
        {"name": "Pip", "type": "kid", "equipment": [{"item": "autopistol"}]},
    ],
}  # fmt: skip
DERIVED_KEYS = {
    "profile", "to_hit", "run", "charge", "grenade_range", "attack_dice", "cc_save_modifier",
    "save", "encumbered", "weapon_to_hit",
}  # fmt: skip


def test_a_gang_is_imported_exported_and_validated(owner_api):
    imported = owner_api.post("/api/squads/import/", GANG, format="json")
    assert imported.status_code == 201, imported.content
    squad = imported.json()
    assert (squad["system"], squad["faction"], squad["points_limit"]) == (
        "necromunda", "Orlock", None,
    )  # fmt: skip

    exported = owner_api.get(f"/api/squads/{squad['id']}/export/").json()
    assert exported == {**GANG, "points_limit": None}

    result = owner_api.get(f"/api/squads/{squad['id']}/validate/").json()
    assert (result["valid"], result["points"], result["limit"]) == (True, None, None)
    assert result["bottle_at"] == 1
    assert set(result["derived"]) == {"Mak McMadd", "Hollis", "Pip"}
    mak = result["derived"]["Mak McMadd"]
    assert set(mak) == DERIVED_KEYS
    assert (mak["to_hit"], mak["attack_dice"], mak["save"]) == (3, 2, 4)
    assert mak["weapon_to_hit"] == {"bolt-pistol": {"short": 1, "long": 3}}


def test_a_gang_s_settings_change_and_a_limit_may_be_null(owner_api):
    squad = owner_api.post("/api/squads/import/", GANG, format="json").json()
    url = f"/api/squads/{squad['id']}/"

    changed = owner_api.patch(url, {"faction": "", "points_limit": 1200}, format="json")
    assert changed.status_code == 200, changed.content
    assert (changed.json()["faction"], changed.json()["points_limit"]) == ("", 1200)
    cleared = owner_api.patch(url, {"points_limit": None}, format="json")
    assert cleared.status_code == 200 and cleared.json()["points_limit"] is None


def test_a_gang_breaking_a_rule_says_which_fighter(owner_api):
    doc = copy.deepcopy(GANG)
    doc["members"][2]["equipment"] += [{"item": "flak"}, {"item": "mesh"}]
    doc["members"][0]["type"] = "ganger"
    result = owner_api.post("/api/squads/validate/", doc, format="json").json()
    assert not result["valid"]
    assert {(v["code"], v["member"]) for v in result["violations"]} == {
        ("leader-count", None), ("armour-stacked", "Pip"),
    }  # fmt: skip


@pytest.mark.parametrize(
    "change, field, status",
    [
        (lambda d: d["members"][0].update(rp=3), "members[0].rp", 400),
        (lambda d: d["members"][0].update(abilities=[]), "members[0].abilities", 400),
        (lambda d: d["members"][1].update(advances={"cc": 1}), "members[1].advances.cc", 400),
        (lambda d: d["members"][2].update(type="juve"), "members[2].type", 400),
        # two fighters of one name: the schema's shape, which only the game's check refuses
        (lambda d: d["members"][2].update(name="Hollis"), "members[2].name", 422),
    ],
)
def test_an_unreadable_gang_is_refused_where_it_is_wrong(owner_api, change, field, status):
    doc = copy.deepcopy(GANG)
    change(doc)
    response = owner_api.post("/api/squads/import/", doc, format="json")
    assert response.status_code == status
    assert [e["field"] for e in errors(response)] == [field]


def test_a_gang_is_created_with_a_free_text_faction_and_no_limit(owner_api):
    created = owner_api.post(
        "/api/squads/", {"system": "necromunda", "name": "Scavvies", "faction": "Outcasts"},
        format="json",
    )  # fmt: skip
    assert created.status_code == 201, created.content
    assert (created.json()["faction"], created.json()["points_limit"]) == ("Outcasts", None)
    coded = owner_api.post(
        "/api/squads/", {"system": "black-sun", "name": "Hotel", "faction": "Outcasts"},
        format="json",
    )  # fmt: skip
    assert coded.status_code == 400 and errors(coded)[0]["field"] == "faction"
