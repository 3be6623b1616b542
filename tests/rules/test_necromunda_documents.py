"""Necromunda's squad-roster/1 and battle-report/1 documents (docs/games/necromunda.md, 4):
the common envelope, the game's own keys, and every refusal named by its path."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.documents import (
    DocumentError,
    load_roster,
    parse_battle_report,
    parse_roster,
    roster_to_document,
)
from rules.types import Casualty, Deeds, Equipment, Member, Roster

GANG = {
    "format": "squad-roster/1",
    "system": "necromunda",
    "name": "The Rust Rats",
    "faction": "Orlock",
    "members": [
        {"name": "Mak McMadd", "type": "leader", "advances": {"ws": 1, "bs": 1, "ld": 1},
         "equipment": [{"item": "bolt-pistol"}, {"item": "sword"}, {"item": "carapace"}]},
        {"name": "Hollis", "type": "ganger",
         "equipment": [{"item": "heavy-stubber"}, {"item": "laspistol"}]},
        {"name": "Pip", "type": "kid", "equipment": [{"item": "autopistol"}]},
    ],
}  # fmt: skip


def gang(**changes) -> dict:
    doc = copy.deepcopy(GANG)
    doc.update(changes)
    return doc


def problems(parse, data) -> list[tuple[str, str]]:
    with pytest.raises(DocumentError) as caught:
        parse(data)
    return [(p.path, p.message) for p in caught.value.problems]


def paths(parse, data) -> list[str]:
    return [path for path, _message in problems(parse, data)]


# --- the roster -----------------------------------------------------------------------------


def test_the_spec_s_gang_reads():
    roster = parse_roster(GANG)

    assert roster == Roster(
        "necromunda", "The Rust Rats", "Orlock",
        (
            Member("Mak McMadd", "leader",
                   (Equipment("bolt-pistol"), Equipment("sword"), Equipment("carapace")),
                   record={"advances": {"ws": 1, "bs": 1, "ld": 1}}),
            Member("Hollis", "ganger", (Equipment("heavy-stubber"), Equipment("laspistol"))),
            Member("Pip", "kid", (Equipment("autopistol"),)),
        ),
        None,
    )  # fmt: skip


def test_points_limit_is_optional_an_integer_or_null_and_kept():
    assert parse_roster(gang()).points_limit is None
    assert parse_roster(gang(points_limit=None)).points_limit is None
    assert parse_roster(gang(points_limit=1500)).points_limit == 1500
    for bad in (0, "1500", True, 1.5):
        assert paths(parse_roster, gang(points_limit=bad)) == ["points_limit"]


def test_the_faction_is_optional_free_text():
    doc = gang()
    del doc["faction"]
    assert parse_roster(doc).faction == ""
    assert parse_roster(gang(faction="House Goliath, the Iron Boys")).faction.startswith("House")
    assert paths(parse_roster, gang(faction=7)) == ["faction"]
    assert paths(parse_roster, gang(faction="x" * 101)) == ["faction"]


def test_export_then_import_gives_back_the_same_gang():
    doc = gang(points_limit=900)
    doc["members"][1]["status"] = "recovering"
    doc["members"][1]["advances"] = {"t": -1}
    doc["members"][2]["equipment"] = [{"item": "frag-grenades", "count": 3}]
    roster = parse_roster(doc)

    exported = roster_to_document(roster)

    assert parse_roster(json.loads(json.dumps(exported))) == roster
    assert exported["members"][1] == {
        "name": "Hollis", "type": "ganger", "status": "recovering", "advances": {"t": -1},
        "equipment": [{"item": "heavy-stubber"}, {"item": "laspistol"}],
    }  # fmt: skip
    assert "abilities" not in exported["members"][0]
    assert exported["faction"] == "Orlock" and exported["points_limit"] == 900


def test_an_advance_of_zero_means_nothing():
    doc = gang()
    doc["members"][0]["advances"] = {"ws": 0}
    roster = parse_roster(doc)
    assert roster.members[0].record == {}
    assert "advances" not in roster_to_document(roster)["members"][0]


@pytest.mark.parametrize(
    "key, value",
    [("abilities", []), ("rp", 3), ("cv_loss", 1), ("assists", None), ("units", [])],
)
def test_another_game_s_keys_are_unknown(key, value):
    doc = gang()
    doc["members"][0][key] = value
    assert problems(parse_roster, doc) == [(f"members[0].{key}", f"unknown key {key!r}")]


@pytest.mark.parametrize(
    "change, path",
    [
        (lambda d: d["members"][0].update(type="heavy"), "members[0].type"),
        (lambda d: d["members"][0].update(type="juve"), "members[0].type"),
        (lambda d: d["members"][1]["equipment"].append({"item": "assault-rifle"}),
         "members[1].equipment[2].item"),
        (lambda d: d["members"][2].update(status="wounded"), "members[2].status"),
        (lambda d: d["members"][0].update(advances={"cc": 1}), "members[0].advances.cc"),
        (lambda d: d["members"][0].update(advances={"ws": True}), "members[0].advances.ws"),
        (lambda d: d["members"][0].update(advances={"ws": "1"}), "members[0].advances.ws"),
        (lambda d: d["members"][0].update(advances={"ws": 1.0}), "members[0].advances.ws"),
        (lambda d: d["members"][0].update(advances=[1]), "members[0].advances"),
        (lambda d: d["members"][0]["equipment"][0].update(count=0),
         "members[0].equipment[0].count"),
        (lambda d: d["members"][0]["equipment"][0].update(count=True),
         "members[0].equipment[0].count"),
        (lambda d: d["members"][2].update(name="Hollis"), "members[2].name"),
    ],
)  # fmt: skip
def test_an_unreadable_gang_names_where(change, path):
    doc = gang()
    change(doc)
    assert paths(parse_roster, doc) == [path]


def test_two_fighters_with_one_name_are_unreadable_and_said_so():
    doc = gang()
    doc["members"][2]["name"] = "Hollis"
    assert problems(parse_roster, doc) == [
        ("members[2].name", "another fighter of the gang is already named 'Hollis'")
    ]


def test_a_black_sun_squad_may_not_carry_necromunda_keys():
    doc = {
        "format": "squad-roster/1", "system": "black-sun", "name": "Hotel", "faction": "us-army",
        "members": [{"name": "Mint", "type": "leader", "advances": {"ws": 1}}],
    }  # fmt: skip
    assert ("members[0].advances", "unknown key 'advances'") in problems(parse_roster, doc)


@given(
    advances=st.dictionaries(
        st.sampled_from(["m", "ws", "bs", "s", "t", "w", "i", "a", "ld"]),
        st.integers(-9, 9),
    ),
    status=st.sampled_from(["active", "recovering", "captured", "dead"]),
    count=st.integers(1, 99),
    limit=st.none() | st.integers(1, 100_000),
)
def test_every_gang_survives_a_round_trip(advances, status, count, limit):
    doc = gang(points_limit=limit)
    doc["members"][1].update(advances=advances, status=status)
    doc["members"][1]["equipment"][0]["count"] = count
    roster = parse_roster(doc)
    assert load_roster(json.dumps(roster_to_document(roster))) == roster
    assert roster.members[1].record.get("advances", {}) == {k: v for k, v in advances.items() if v}


# --- the battle report ----------------------------------------------------------------------


def report(**side_changes) -> dict:
    doc = {
        "format": "battle-report/1", "system": "necromunda", "scenario": "Gang fight",
        "played_on": "2026-11-20",
        "sides": [
            {"roster": gang(), "outcome": "win",
             "casualties": [{"member": "Hollis", "state": "out-of-action"},
                            {"member": "Pip", "state": "flesh-wound", "flesh_wounds": 2}],
             "deeds": [{"member": "Mak McMadd", "out_of_action": 2}]},
            {"squad_id": 12, "outcome": "loss", "bottled": "test", "casualties": []},
        ],
    }  # fmt: skip
    doc["sides"][0].update(side_changes)
    return doc


def test_the_spec_s_report_reads():
    parsed = parse_battle_report(report())
    us, them = parsed.sides

    assert us.casualties == (
        Casualty("Hollis", "out-of-action"),
        Casualty("Pip", "flesh-wound", {"flesh_wounds": 2}),
    )
    assert us.deeds == (Deeds("Mak McMadd", {"out_of_action": 2}),)
    assert us.details == {} and them.details == {"bottled": "test"}


@pytest.mark.parametrize(
    "change, path",
    [
        (lambda d: d["sides"][0]["casualties"][0].update(treated=True),
         "sides[0].casualties[0].treated"),
        (lambda d: d["sides"][0].update(survival_rolls={"Hollis": 3}), "sides[0].survival_rolls"),
        (lambda d: d["sides"][0]["deeds"][0].update(malice=1), "sides[0].deeds[0].malice"),
        (lambda d: d["sides"][0]["casualties"][0].update(state="killed"),
         "sides[0].casualties[0].state"),
        (lambda d: d["sides"][1].update(bottled="fled"), "sides[1].bottled"),
        (lambda d: d["sides"][0]["casualties"][1].update(flesh_wounds=0),
         "sides[0].casualties[1].flesh_wounds"),
        (lambda d: d["sides"][0]["casualties"][1].update(flesh_wounds=True),
         "sides[0].casualties[1].flesh_wounds"),
        (lambda d: d["sides"][0]["casualties"][0].update(member="Rambo"),
         "sides[0].casualties[0].member"),
        (lambda d: d["sides"][0]["casualties"].append({"member": "Pip", "state": "down"}),
         "sides[0].casualties[2].member"),
    ],
)  # fmt: skip
def test_an_unreadable_report_names_where(change, path):
    doc = report()
    change(doc)
    assert paths(parse_battle_report, doc) == [path]


@pytest.mark.parametrize(
    "change, path",
    [
        (lambda d: d["sides"].append({"squad_id": 13, "outcome": "loss"}), "sides"),
        (lambda d: d["sides"][1].update(outcome="win", bottled="voluntary"), "sides[1].outcome"),
        (lambda d: d["sides"][1].update(outcome="draw"), "sides[1].outcome"),
        (lambda d: d["sides"][0]["casualties"][1].update(state="unhurt"),
         "sides[0].casualties[1].flesh_wounds"),
    ],
)  # fmt: skip
def test_a_report_whose_sides_do_not_fit_is_refused(change, path):
    doc = report()
    change(doc)
    assert path in paths(parse_battle_report, doc)


def test_two_draws_fit_and_a_bottled_gang_has_lost():
    doc = report(outcome="draw")
    doc["sides"][1].update(outcome="draw", bottled=None)
    del doc["sides"][1]["bottled"]
    assert [s.outcome for s in parse_battle_report(doc).sides] == ["draw", "draw"]
    doc["sides"][1]["bottled"] = "voluntary"
    assert "sides[1].outcome" in paths(parse_battle_report, doc)
