"""Army lists for a game of models (issue #30): Necromunda's pack ``army_list`` table counts
a gang's fighters not dead by fighter type, its "faction" the gang house; each bound broken
is a violation naming the type and the fighters, gone once the gang keeps the list."""

from __future__ import annotations

from dataclasses import replace

from rules import get_system
from rules.army_lists import ARMY_LIST, MAXIMUM, MINIMUM, NOT_ALLOWED, ArmyList
from rules.necromunda.demo import demo_rosters
from rules.packs import pack_to_document, parse_pack
from rules.types import Member, Roster
from tests.rules.test_packs import example

GAME = "necromunda"


def gang(*types: str, house: str = "Orlock", dead: tuple[str, ...] = ()) -> Roster:
    members = tuple(
        Member(f"{kind} {i}", kind, status="dead" if f"{kind} {i}" in dead else "active")
        for i, kind in enumerate(types)
    )
    return Roster(GAME, "Gang", house, members, None)


def army(roster: Roster, rows: list) -> list:
    doc = {"format": "game-pack/1", "system": GAME, "name": "Club", "version": "1",
           "tables": {ARMY_LIST: rows}}  # fmt: skip
    found = get_system(GAME).check(roster, parse_pack(doc))
    return [v for v in found if v.code.startswith("army-list")]


def test_the_example_pack_s_list_keeps_the_demo_gang_legal():
    doc = example(GAME)
    assert doc["example"] is True and doc["tables"][ARMY_LIST]
    read = parse_pack(doc)
    assert isinstance(read.read[ARMY_LIST], ArmyList)
    for roster in demo_rosters():
        points, violations = get_system(GAME).assess(roster, read)
        assert isinstance(points, int) and violations == []
    assert pack_to_document(read) == doc


def test_the_kind_cell_is_labelled_fighter_type():
    table = get_system(GAME).packs.table(ARMY_LIST)
    kind = next(cell for cell in table.rows.cells if cell.key == "kind")
    assert kind.label == "Fighter type"
    assert kind.choices == tuple(get_system(GAME).model_types)


def test_a_bound_broken_names_the_type_and_the_fighters_and_clears_when_kept():
    rows = [
        {"kind": "leader", "minimum": 1, "maximum": 1},
        {"kind": "ganger", "minimum": 2},
        {"kind": "kid", "maximum": 1},
    ]
    broken = army(gang("leader", "leader", "ganger", "kid", "kid", "kid"), rows)
    assert [(v.code, v.member) for v in broken] == [
        (MAXIMUM, "leader 1"), (MINIMUM, None), (MAXIMUM, "kid 4"),
    ]  # fmt: skip
    assert broken[0].message == (
        "The army list allows at most 1 model(s) of type Gang leader; the force has 2, "
        "1 too many: 'leader 1'."
    )
    assert broken[1].message == (
        "The army list needs at least 2 model(s) of type Ganger; the force has 1."
    )
    assert army(gang("leader", "ganger", "ganger", "kid"), rows) == []


def test_dead_fighters_do_not_count_and_a_type_left_out_is_not_offered():
    rows = [{"kind": "leader", "minimum": 1, "maximum": 1}, {"kind": "ganger"}]
    roster = gang("leader", "leader", "ganger", dead=("leader 0",))
    assert army(roster, rows) == []
    found = army(replace(roster, members=(*roster.members, Member("Pip", "kid"))), rows)
    assert [(v.code, v.member, v.message) for v in found] == [
        (NOT_ALLOWED, "Pip", "The army list offers no model of type Kid: 'Pip'."),
    ]
    assert army(replace(roster, members=roster.members[:1]), rows)[0].code == MINIMUM


def test_a_house_s_rows_override_the_rows_of_any_house():
    rows = [{"kind": "leader"}, {"kind": "ganger"}, {"faction": "Goliath", "kind": "kid",
                                                     "maximum": 1}]  # fmt: skip
    assert [v.code for v in army(gang("leader", "kid"), rows)] == [NOT_ALLOWED]
    assert army(gang("leader", "kid", house=" goliath "), rows) == []
