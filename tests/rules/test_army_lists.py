"""Army lists in club packs (issue #30, item 2): the ``army_list`` table of the games played
with units, read with every refusal at its table, row and cell, and each bound a force breaks
a violation naming the unit kind, the bound and the units (``GameSystem.check``/``assess``).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import get_system, systems
from rules.army_lists import (
    ARMY_LIST,
    MAXIMUM,
    MINIMUM,
    NOT_ALLOWED,
    ArmyList,
    Bound,
    allowed_kinds,
    army_list_violations,
)
from rules.documents import load_roster
from rules.packs import pack_problems, pack_to_document, parse_pack
from rules.types import Roster, Unit
from tests.rules.test_packs import EXAMPLES, example

UNIT_GAMES = ("bolt-action", "one-page-modern")
SQUAD = {"bolt-action": "infantry-squad", "one-page-modern": "infantry"}
OTHER = {"bolt-action": "artillery", "one-page-modern": "bunker"}


def pack(system: str, rows: list, **tables) -> dict:
    return {
        "format": "game-pack/1", "system": system, "name": "Club", "version": "1",
        "tables": {ARMY_LIST: rows, **tables},
    }  # fmt: skip


def force(system: str, *kinds: str, faction: str = "") -> Roster:
    record = {"quality": "regular"} if system == "bolt-action" else {}
    units = tuple(Unit(f"{kind} {i}", kind, record=record) for i, kind in enumerate(kinds))
    return Roster(system, "Force", faction, (), None, units)


def army_codes(system: str, roster: Roster, rows: list) -> list[tuple[str, str | None]]:
    found = get_system(system).check(roster, parse_pack(pack(system, rows)))
    return [(v.code, v.member) for v in found if v.code.startswith("army-list")]


# --- the declaration ---------------------------------------------------------------------------


def test_the_unit_games_and_necromunda_declare_an_army_list_of_their_own_kinds():
    for system in systems():
        table = system.packs.table(ARMY_LIST)
        if system.code not in (*UNIT_GAMES, "necromunda"):
            assert table is None, system.code
            continue
        assert table is not None and table.rows is not None
        cells = {cell.key: cell for cell in table.rows.cells}
        assert list(cells) == ["faction", "kind", "minimum", "maximum"]
        kinds = system.units.kinds if system.units else system.model_types
        assert cells["kind"].choices == tuple(kinds)
        assert not cells["faction"].required and cells["faction"].kind == "text"
        assert table.rows.unique == ("faction", "kind")


@pytest.mark.parametrize("game", UNIT_GAMES)
def test_the_example_pack_holds_an_army_list_the_example_force_keeps(game):
    doc = example(game)
    assert doc["example"] is True and doc["tables"][ARMY_LIST]
    read = parse_pack(doc)
    assert isinstance(read.read[ARMY_LIST], ArmyList)
    roster = load_roster((EXAMPLES / f"{game}-roster.json").read_text(encoding="utf-8"))
    points, violations = get_system(game).assess(roster, read)
    assert isinstance(points, int) and violations == []
    assert pack_to_document(read) == doc  # the table goes back out as it came in


def test_the_bolt_action_example_is_a_platoon_of_two_to_four_squads():
    doc = example("bolt-action")
    squads = [r for r in doc["tables"][ARMY_LIST] if r["kind"] == "infantry-squad"]
    assert squads == [{"kind": "infantry-squad", "minimum": 2, "maximum": 4}]


# --- refusals at the table, row and cell -------------------------------------------------------


@pytest.mark.parametrize("game", UNIT_GAMES)
def test_every_cell_is_refused_at_its_place(game):
    squad = SQUAD[game]
    rows = [
        {"kind": "tank-of-my-own"},
        {"kind": squad, "minimum": -1},
        {"kind": squad, "faction": "Reds", "maximum": 100},
        {"kind": squad, "faction": 7},
        {"kind": squad, "faction": "x" * 101},
        {"kind": OTHER[game], "minimum": 3, "maximum": 2},
        {"kind": squad, "minimum": True},
        {"faction": "Reds"},
        {"kind": squad, "colour": "red"},
    ]
    found = dict((p.path, p.message) for p in pack_problems(pack(game, rows)))
    at = "tables.army_list"
    assert "unknown unit kind 'tank-of-my-own'" in found[f"{at}[0].kind"]
    assert found[f"{at}[1].minimum"] == "must be from 0 to 99, not -1"
    assert found[f"{at}[2].maximum"] == "must be from 0 to 99, not 100"
    assert found[f"{at}[3].faction"] == "must be a string, not a number"
    assert f"{at}[4].faction" in found
    assert found[f"{at}[5].maximum"] == "must not be below the row's minimum (3)"
    assert f"{at}[6].minimum" in found
    assert found[f"{at}[7].kind"] == "is required"
    assert found[f"{at}[8].colour"] == "unknown key 'colour'"


def test_a_row_given_twice_is_refused_whatever_the_faction_is_written():
    rows = [
        {"kind": "infantry"}, {"kind": "infantry", "maximum": 2},
        {"kind": "vehicle", "faction": "Reds"}, {"kind": "vehicle", "faction": " reds "},
    ]  # fmt: skip
    found = [(p.path, p.message) for p in pack_problems(pack("one-page-modern", rows))]
    assert found == [
        ("tables.army_list[1]", "the same faction, kind as row 0"),
        ("tables.army_list[3]", "the same faction, kind as row 2"),
    ]


def test_another_game_has_no_army_list_table():
    doc = pack("black-sun", [{"kind": "x"}])
    assert [p.path for p in pack_problems(doc)] == ["tables.army_list"]


# --- the rules ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", UNIT_GAMES)
def test_without_the_table_a_pack_checks_as_today(game):
    roster = force(game, OTHER[game], OTHER[game])
    system = get_system(game)
    doc = pack(game, [])
    del doc["tables"][ARMY_LIST]
    assert system.check(roster, parse_pack(doc)) == system.validate(roster)
    assert system.check(roster, None) == system.validate(roster)


def test_each_bound_broken_is_one_violation_naming_the_kind_and_the_units():
    rows = [
        {"kind": "infantry-squad", "minimum": 2, "maximum": 4},
        {"kind": "infantry-team", "maximum": 1},
        {"kind": "artillery", "maximum": 0},
    ]
    roster = force("bolt-action", "infantry-team", "infantry-team", "infantry-squad",
                   "infantry-team", "artillery", "medium-tank")  # fmt: skip
    found = get_system("bolt-action").check(roster, parse_pack(pack("bolt-action", rows)))
    army = [v for v in found if v.code.startswith("army-list")]
    assert [(v.code, v.member) for v in army] == [
        (MINIMUM, None),
        (MAXIMUM, "infantry-team 1"),
        (NOT_ALLOWED, "artillery 4"),
        (NOT_ALLOWED, "medium-tank 5"),
    ]
    assert army[0].message == (
        "The army list needs at least 2 unit(s) of kind Infantry squad; the force has 1."
    )
    assert army[1].message == (
        "The army list allows at most 1 unit(s) of kind Infantry team; the force has 3, "
        "2 too many: 'infantry-team 1', 'infantry-team 3'."
    )
    assert army[3].message == "The army list offers no unit of kind Medium tank: 'medium-tank 5'."
    assert army[1].params["kind"] == "Infantry team"  # a label, translated by the pages


def test_a_factions_rows_override_the_rows_of_any_faction():
    rows = [
        {"kind": "infantry", "minimum": 1},
        {"kind": "vehicle", "maximum": 1},
        {"faction": "Reds", "kind": "vehicle", "maximum": 0},
        {"faction": "Blues", "kind": "bunker", "minimum": 1},
    ]
    game = "one-page-modern"
    assert army_codes(game, force(game, "infantry", "vehicle"), rows) == []
    assert army_codes(game, force(game, "infantry", "vehicle", faction=" REDS"), rows) == [
        (NOT_ALLOWED, "vehicle 1")
    ]
    assert army_codes(game, force(game, "vehicle", faction="Blues"), rows) == [
        (MINIMUM, None), (MINIMUM, None)
    ]  # fmt: skip


def test_a_list_of_other_factions_only_leaves_a_force_unbound():
    rows = [{"faction": "Reds", "kind": "infantry", "minimum": 3}]
    game = "one-page-modern"
    assert army_codes(game, force(game, "bunker", faction="Blues"), rows) == []
    assert army_codes(game, force(game, "bunker"), rows) == []
    assert army_codes(game, force(game, "bunker", faction="reds"), rows) == [
        (MINIMUM, None), (NOT_ALLOWED, "bunker 0")
    ]  # fmt: skip


def test_the_pack_costs_and_checks_at_once():
    doc = example("bolt-action")
    read = parse_pack(doc)
    roster = force("bolt-action", "infantry-squad")
    system = get_system("bolt-action")
    points, violations = system.assess(roster, read)
    assert points == system.points(roster, read)
    assert violations == system.check(roster, read)
    assert [v.code for v in violations if v.code.startswith("army")] == [MINIMUM]


def test_allowed_kinds_are_the_lists_less_a_maximum_of_none():
    rows = [
        {"kind": "infantry", "minimum": 1},
        {"kind": "vehicle", "maximum": 0},
        {"faction": "Reds", "kind": "bunker"},
    ]
    read = parse_pack(pack("one-page-modern", rows))
    assert allowed_kinds(read, "") == {"infantry"}
    assert allowed_kinds(read, "reds") == {"infantry", "bunker"}
    assert allowed_kinds(None, "") is None
    doc = pack("one-page-modern", [])
    del doc["tables"][ARMY_LIST]
    assert allowed_kinds(parse_pack(doc), "") is None


# --- a property: counting, not order -----------------------------------------------------------

KINDS = ("infantry-squad", "infantry-team", "artillery", "medium-tank")
bounds = st.tuples(st.integers(0, 4), st.one_of(st.none(), st.integers(0, 4))).map(
    lambda b: Bound(b[0], None if b[1] is None else b[0] + b[1])
)


@settings(max_examples=150, deadline=None)
@given(
    st.dictionaries(st.sampled_from(KINDS), bounds, max_size=4),
    st.lists(st.sampled_from(KINDS), max_size=10),
)
def test_a_force_breaks_a_bound_exactly_when_its_count_is_outside(listed, kinds):
    roster = force("bolt-action", *kinds)
    found = army_list_violations(roster, listed, {})
    broken = {v.params["kind"] for v in found}
    assert len(found) == len(broken)  # one violation per kind at most
    for kind in set(KINDS):
        count = kinds.count(kind)
        bound = listed.get(kind)
        outside = (
            count > 0
            if bound is None
            else count < bound.minimum or (bound.maximum is not None and count > bound.maximum)
        )
        assert (kind in broken) == outside, (kind, count, bound)
    reordered = force("bolt-action", *reversed(kinds))
    assert {v.code for v in army_list_violations(reordered, listed, {})} == {v.code for v in found}
