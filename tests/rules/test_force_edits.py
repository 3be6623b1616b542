"""What an edit did to a force of units (``rules.force_edits``), unit by unit."""

from __future__ import annotations

from rules.force_edits import force_edits

SECTION = {"name": "1st Section", "kind": "infantry", "training": "seasoned",
           "members": [{"name": "Rifleman", "count": 5}]}  # fmt: skip
TANK = {"name": "Leopard", "kind": "vehicle", "armour_class": "heavy", "equipment": []}


def test_nothing_changed_says_nothing():
    assert force_edits([SECTION, TANK], [SECTION, TANK]) == []


def test_a_record_value_set_names_the_unit_the_key_and_both_values():
    raised = {**SECTION, "training": "veteran"}
    assert force_edits([SECTION, TANK], [raised, TANK]) == [
        {"change": "set", "unit": "1st Section", "key": "training",
         "before": "seasoned", "after": "veteran"},
    ]  # fmt: skip
    tank = {**TANK, "tank": True}  # a key left out (its default) then given
    assert force_edits([TANK], [tank]) == [
        {"change": "set", "unit": "Leopard", "key": "tank", "before": None, "after": True}
    ]


def test_units_added_removed_and_renamed():
    assert force_edits([SECTION], [SECTION, TANK]) == [{"change": "added", "unit": "Leopard"}]
    assert force_edits([SECTION, TANK], [TANK]) == [{"change": "removed", "unit": "1st Section"}]
    renamed = {**SECTION, "name": "Alpha"}
    assert force_edits([SECTION, TANK], [renamed, TANK]) == [
        {"change": "renamed", "unit": "Alpha", "before": "1st Section"}
    ]


def test_members_and_weapons_are_said_to_have_changed():
    fewer = {**SECTION, "members": [{"name": "Rifleman", "count": 4}]}
    armed = {**TANK, "equipment": [{"item": "light-cannon"}]}
    assert force_edits([SECTION, TANK], [fewer, armed]) == [
        {"change": "members", "unit": "1st Section"},
        {"change": "equipment", "unit": "Leopard"},
    ]
