"""The one-page modern set through the REST API: a force of units imported, exported,
validated with its derived values, refused with located errors, and described by the
schema."""

from __future__ import annotations

import copy
import json

import pytest

from tests.test_one_page_modern import KESTREL


@pytest.mark.django_db
def test_a_force_is_imported_exported_and_validated_through_the_api(owner_api):
    imported = owner_api.post("/api/squads/import/", KESTREL, format="json")
    assert imported.status_code == 201, imported.content
    squad = imported.json()
    assert (squad["system"], squad["points_limit"]) == ("one-page-modern", None)
    exported = owner_api.get(f"/api/squads/{squad['id']}/export/").json()
    assert exported == {**KESTREL, "points_limit": None}
    result = owner_api.get(f"/api/squads/{squad['id']}/validate/").json()
    assert (result["valid"], result["points"]) == (True, None)
    assert result["derived"]["Pillbox"]["max_pinned"] == 0

    broken = copy.deepcopy(KESTREL)
    broken["units"][1]["members"] = []
    refused = owner_api.post("/api/squads/import/", broken, format="json")
    assert refused.status_code == 400
    assert "units[1].members" in json.dumps(refused.json())


@pytest.mark.django_db
def test_the_schema_describes_a_force_of_units(owner_api):
    schema = owner_api.get("/api/schema/", {"format": "json"}).json()
    components = schema["components"]["schemas"]
    kinds = components["OnePageModernUnitDocument"]["oneOf"]  # one object per kind of unit
    unit = {
        key for kind in kinds for key in components[kind["$ref"].rsplit("/", 1)[1]]["properties"]
    }
    assert {"name", "kind", "training", "armour_class", "tank", "notes", "members",
            "equipment"} <= set(unit)  # fmt: skip
    assert "units" in components["OnePageModernRosterDocument"]["properties"]
    assert "members" not in components["OnePageModernRosterDocument"]["properties"]
