"""Club packs (issue #30, stage 1): the ``game-pack/1`` reader against each game's declared
tables, every refusal at its table, row and cell, and a pack's points costing a roster."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import get_system, systems
from rules.documents import DocumentError, load_roster
from rules.pack_tables import (
    MAX_PACK_BYTES,
    SCENARIOS_TABLE,
    nested_from_rows,
    rows_from_nested,
)
from rules.packs import (
    load_pack,
    pack_for,
    pack_problems,
    pack_to_document,
    parse_pack,
)
from rules.types import Equipment, Member, Roster

ROOT = Path(__file__).resolve().parents[2]
PACKS = ROOT / "docs" / "packs"
EXAMPLES = ROOT / "docs" / "examples"
UNCOSTED = ("necromunda", "one-page-modern", "bolt-action")


def example(code: str) -> dict:
    return json.loads((PACKS / f"{code}.json").read_text(encoding="utf-8"))


def problems(doc) -> list[tuple[str, str]]:
    return [(p.path, p.message) for p in pack_problems(doc)]


def paths(doc) -> list[str]:
    return [p.path for p in pack_problems(doc)]


def pack(system: str, **tables) -> dict:
    return {
        "format": "game-pack/1", "system": system, "name": "Club", "version": "1",
        "tables": tables,
    }  # fmt: skip


# --- the example packs ------------------------------------------------------------------------


@pytest.mark.parametrize("game", [g.code for g in systems()])
def test_every_game_has_an_example_pack_that_reads_clean(game):
    text = (PACKS / f"{game}.json").read_bytes()

    read = load_pack(text)

    assert read.system == game
    assert read.example is True and "example" in read.note.lower()  # labelled in the pack
    assert set(read.tables) <= {t.id for t in get_system(game).packs.tables}
    assert pack_to_document(read) == json.loads(text)  # a round trip keeps every cell


def test_every_game_s_packs_hold_scenarios_and_the_uncosted_games_points_and_weapons():
    for game in systems():
        ids = [t.id for t in game.packs.tables]
        assert SCENARIOS_TABLE in game.packs.tables
        if game.code in UNCOSTED:
            assert {"points", "weapons"} <= set(ids)
            assert "points" in example(game.code)["tables"]


def test_every_example_pack_holds_its_game_s_victory_points_table():
    for game in systems():
        table = game.packs.table("victory_points")
        if table is not None:  # every cell the game declares, round made-up numbers
            held = example(game.code)["tables"]["victory_points"]
            assert set(held) == {part.key for part in table.parts} >= {"win", "draw", "loss"}
            assert all(isinstance(v, int) for v in held.values())


# --- costing with a pack ----------------------------------------------------------------------


@pytest.mark.parametrize("game", ["one-page-modern", "bolt-action"])
def test_without_a_pack_a_force_is_not_costed_and_with_one_it_is(game):
    roster = load_roster((EXAMPLES / f"{game}-roster.json").read_bytes())
    system = get_system(game)
    club = load_pack((PACKS / f"{game}.json").read_bytes())

    assert system.points(roster) is None
    assert system.check(roster) == system.validate(roster)
    points = system.points(roster, club)
    assert type(points) is int and points > 0


def test_bolt_action_example_force_costs_what_the_pack_says():
    roster = load_roster((EXAMPLES / "bolt-action-roster.json").read_bytes())
    club = load_pack((PACKS / "bolt-action.json").read_bytes())
    # units: regular squad 30 + veteran team 30 + regular artillery 50 + regular tank 100
    # + veteran squad 40 = 250; models: (9 + 3 + 3 + 1 + 5) x 5 = 105; items: smg 2 x 5,
    # lmg 10, one-shot 2 x 5, mmg 20 + 2 x 20, anti-tank gun 2 x 40 = 170
    assert get_system("bolt-action").points(roster, club) == 250 + 105 + 170


@pytest.mark.parametrize("game", ["one-page-modern", "bolt-action"])
def test_a_pack_holds_what_a_campaign_s_points_table_holds_and_costs_the_same(game):
    system = get_system(game)
    house = json.loads((EXAMPLES / f"{game}-house-rules.json").read_text(encoding="utf-8"))
    roster = load_roster((EXAMPLES / f"{game}-roster.json").read_bytes())
    rows = rows_from_nested(system.packs.table("points"), house["points"])

    club = parse_pack(pack(game, points=rows))

    campaign = system.campaign.points(roster, system.campaign.parse_house_rules(house))
    assert system.points(roster, club) == campaign
    table = system.packs.table("points")
    assert nested_from_rows(table.parts, club.tables["points"]) == house["points"]  # lossless


def gang(points_limit=None) -> Roster:
    return Roster(
        "necromunda", "Rust Rats", "Orlock", points_limit=points_limit,
        members=(
            Member("Mak", "leader", (Equipment("lasgun"), Equipment("frag-grenades", 2)),
                   record={"advances": {"ws": 1, "bs": 2, "t": -1}}),
            Member("Hollis", "ganger", (Equipment("lasgun"),)),
            Member("Pip", "kid", (Equipment("knife"),)),
            Member("Old Tam", "ganger", (Equipment("lasgun"),), status="dead",
                   record={"advances": {"ws": 1}}),
        ),
    )  # fmt: skip


NECRO_POINTS = {
    "fighters": [{"type": "leader", "cost": 100}, {"type": "ganger", "cost": 40}],
    "items": [{"item": "lasgun", "cost": 10}, {"item": "frag-grenades", "cost": 10}],
    "advances": [{"characteristic": "ws", "cost": 5}, {"characteristic": "bs", "cost": 7}],
}


def test_a_necromunda_pack_costs_fighters_items_and_advances_of_the_living():
    club = parse_pack(pack("necromunda", points=NECRO_POINTS))
    system = get_system("necromunda")

    # Mak 100 + lasgun 10 + 2 frags 20 + ws 5 + bs 2 x 7 (t -1 costs nothing); Hollis 40 + 10;
    # Pip: not in the table; Old Tam dead
    assert system.points(gang(), club) == 100 + 10 + 20 + 5 + 14 + 50
    assert system.points(gang()) is None


def test_a_pack_makes_over_the_limit_a_violation_only_with_a_limit():
    club = parse_pack(pack("necromunda", points=NECRO_POINTS))
    system = get_system("necromunda")

    assert system.check(gang(None), club) == []
    assert system.check(gang(199), club) == []
    over = system.check(gang(198), club)
    assert [v.code for v in over] == ["points-over-limit"]
    assert over[0].params == {"points": 199, "limit": 198}
    assert system.check(gang(198)) == []  # no pack: not costed, never over


def test_a_pack_without_a_points_table_leaves_the_game_s_own_costing():
    club = parse_pack(pack("necromunda", scenarios=[]))
    black_sun = load_pack((PACKS / "black-sun.json").read_bytes())
    roster = load_roster((EXAMPLES / "black-sun-roster.json").read_bytes())

    assert get_system("necromunda").points(gang(), club) is None
    assert get_system("black-sun").points(roster, black_sun) == get_system("black-sun").points(
        roster
    )


def test_a_pack_of_another_game_is_refused():
    club = parse_pack(pack("necromunda"))

    with pytest.raises(ValueError):
        get_system("bolt-action").points(Roster("bolt-action", "F", ""), club)
    with pytest.raises(DocumentError) as refused:
        pack_for(club, "bolt-action")
    assert refused.value.problems[0].path == "system"


# --- refusals, each at its place --------------------------------------------------------------


def test_the_envelope_is_checked():
    assert problems([]) == [("", "must be an object, not a list")]
    assert set(paths({})) == {"format", "system", "name", "version", "tables"}
    doc = pack("necromunda")
    assert paths({**doc, "format": "game-pack/2"}) == ["format"]
    assert paths({**doc, "system": "chess"}) == ["system"]
    assert paths({**doc, "name": ""}) == ["name"]
    assert paths({**doc, "version": "x" * 21}) == ["version"]
    assert paths({**doc, "example": "yes"}) == ["example"]
    assert paths({**doc, "tables": []}) == ["tables"]
    assert paths({**doc, "colour": "red"}) == ["colour"]


def test_an_unknown_table_is_refused_naming_the_game_s_tables():
    found = problems(pack("black-sun", points={}))

    assert found == [
        (
            "tables.points",
            "unknown table 'points' (this game's packs hold: scenarios, survival, reputation)",
        )
    ]


def test_points_refusals_name_the_table_row_and_cell():
    bad = copy.deepcopy(NECRO_POINTS)
    bad["items"].append({"item": "lasgun", "cost": 5})  # twice
    bad["items"].append({"item": "power-fist", "cost": 5})  # not the game's
    bad["items"].append({"item": "sword", "cost": -1})  # out of bounds
    bad["items"].append({"item": "knife", "cost": "10"})  # not a number
    bad["items"].append({"item": "laspistol"})  # no cost
    bad["fighters"][0]["cost"] = True  # a boolean is not a number
    bad["advances"][1]["colour"] = "red"
    bad["credits"] = 1000

    found = dict(problems(pack("necromunda", points=bad)))

    assert set(found) == {
        "tables.points.items[2]",
        "tables.points.items[3].item",
        "tables.points.items[4].cost",
        "tables.points.items[5].cost",
        "tables.points.items[6].cost",
        "tables.points.fighters[0].cost",
        "tables.points.advances[1].colour",
        "tables.points.credits",
    }
    assert found["tables.points.items[2]"] == "the same item as row 0"
    assert found["tables.points.items[4].cost"] == "must be from 0 to 9999, not -1"
    assert found["tables.points.items[6].cost"] == "is required"
    assert "unknown item 'power-fist'" in found["tables.points.items[3].item"]


def test_bolt_action_units_are_named_by_kind_and_quality_together():
    rows = [
        {"kind": "artillery", "quality": "regular", "cost": 50},
        {"kind": "artillery", "quality": "veteran", "cost": 60},
        {"kind": "artillery", "quality": "regular", "cost": 55},
        {"kind": "artillery", "quality": "elite", "cost": 70},
    ]

    found = problems(pack("bolt-action", points={"units": rows, "model": 10001}))

    assert [p for p, _m in found] == [
        "tables.points.units[2]", "tables.points.units[3].quality", "tables.points.model",
    ]  # fmt: skip


def test_a_weapon_row_fills_the_game_s_weapon_or_adds_a_named_one():
    ok = [
        {"weapon": "smg", "range": 12, "shots": None},  # null: not given
        {"weapon": "panzerschreck", "name": "Panzerschreck", "range": 20, "damage_bonus": 5},
    ]
    bad = [
        {"weapon": "panzerschreck", "range": 20},  # a new weapon needs its name
        {"weapon": "Big Gun!", "name": "Big gun"},  # not a code
        {"weapon": "rifle", "range": 241},
        {"weapon": "smg", "notes": "x" * 201},
    ]

    club = parse_pack(pack("bolt-action", weapons=ok))
    found = problems(pack("bolt-action", weapons=bad))

    assert club.tables["weapons"][0] == {"weapon": "smg", "range": 12}
    assert club.tables["weapons"][1]["name"] == "Panzerschreck"
    assert [p for p, _m in found] == [
        "tables.weapons[0].name", "tables.weapons[1].weapon", "tables.weapons[2].range",
        "tables.weapons[3].notes",
    ]  # fmt: skip


def test_necromunda_weapon_cells_have_the_game_s_bounds():
    rows = [{"weapon": "autopistol", "hit_short": 4, "save_modifier": 1, "ammo": 1}]

    found = paths(pack("necromunda", weapons=rows))

    assert found == [
        "tables.weapons[0].hit_short", "tables.weapons[0].save_modifier",
        "tables.weapons[0].ammo",
    ]  # fmt: skip


@pytest.mark.parametrize("game", [g.code for g in systems()])
def test_a_scenario_has_a_name_and_victory_points_in_bounds(game):
    rows = [
        {"scenario": "raid", "name": "Raid", "win": 3, "draw": 1, "loss": 0},
        {"scenario": "raid", "name": "Raid again", "win": 3, "draw": 1, "loss": 0},
        {"scenario": "siege", "win": 100, "draw": 1, "loss": 0, "objective": -100},
        "a scenario",
    ]

    found = paths(pack(game, scenarios=rows))

    assert found == [
        "tables.scenarios[1]", "tables.scenarios[2].name", "tables.scenarios[2].win",
        "tables.scenarios[2].objective", "tables.scenarios[3]",
    ]  # fmt: skip


def test_a_table_holds_at_most_its_rows_and_a_pack_at_most_its_bytes():
    rows = [{"scenario": f"s{i}", "name": "S", "win": 1, "draw": 0, "loss": 0} for i in range(301)]

    assert paths(pack("black-sun", scenarios=rows)) == ["tables.scenarios"]
    with pytest.raises(DocumentError) as refused:
        load_pack(b" " * (MAX_PACK_BYTES + 1))
    assert "at most" in refused.value.problems[0].message


def test_a_pack_that_is_not_json_names_where():
    with pytest.raises(DocumentError) as refused:
        load_pack('{"format": "game-pack/1", "format": "game-pack/1"}')
    assert refused.value.problems[0].path == "format"


def test_a_read_pack_is_frozen():
    club = parse_pack(pack("necromunda", points=NECRO_POINTS))

    with pytest.raises(TypeError):
        club.tables["points"]["items"][0]["cost"] = 1  # type: ignore[index]
    with pytest.raises(AttributeError):
        club.name = "Other"  # type: ignore[misc]


# --- never a crash, always a place ------------------------------------------------------------

KEYS = st.text(min_size=1, max_size=8)


def _nested(inner: st.SearchStrategy) -> st.SearchStrategy:
    return st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=8),
    _nested,
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(JSON)
def test_the_reader_never_crashes_on_any_json(data):
    found = pack_problems(data)

    if isinstance(data, dict):
        assert all(p.path for p in found)  # every refusal names its place
    else:
        assert [p.path for p in found] == [""]


def _cells(doc: dict) -> list[tuple]:
    """Every place of a cell in a pack's tables: (table, part or None, row index, key)."""
    places = []
    for table_id, table in doc["tables"].items():
        parts = {None: table} if isinstance(table, list) else table
        for part, rows in parts.items():
            if not isinstance(rows, list):
                places.append((table_id, part, None, None))
                continue
            for i, row in enumerate(rows):
                places += [(table_id, part, i, key) for key in row]
    return places


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(UNCOSTED), st.data(), JSON)
def test_a_bad_cell_is_refused_at_its_row_and_cell(game, data, value):
    doc = example(game)
    table_id, part, i, key = data.draw(st.sampled_from(_cells(doc)))
    parent = doc["tables"][table_id] if part is None else doc["tables"][table_id][part]
    if i is None:
        doc["tables"][table_id][part] = value
        where = f"tables.{table_id}.{part}"
    else:
        parent[i][key] = value
        where = f"tables.{table_id}" + (f".{part}" if part else "") + f"[{i}]"

    found = pack_problems(doc)

    for problem in found:
        assert problem.path.startswith(where), (problem.path, where)
