"""The aftermath under a pack's injury and experience tables (``rules.aftermath``): what it
changes, the dice it asks for, and that a void (``revert``) gives the squad back exactly."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import get_system
from rules.aftermath import RollRefused, aftermath, needed, revert
from rules.campaign import apply_changes
from rules.documents import DocumentError
from rules.necromunda.demo import demo_rosters
from rules.packs import parse_pack
from rules.types import Casualty, Deeds, Side

PACK_FILE = Path(__file__).resolve().parents[2] / "docs" / "packs" / "necromunda.json"
SYSTEM = get_system("necromunda")


def example() -> dict:
    return json.loads(PACK_FILE.read_text())


READ = parse_pack(example()).read
ROSTER = demo_rosters()[0]
OOA = "out-of-action"


def side(**kw) -> Side:
    return Side("win", squad_id=1, **kw)


def test_an_out_of_action_fighter_rolls_on_the_injury_table_with_the_die_given() -> None:
    s = side(casualties=(Casualty("Jax", OOA),))
    assert [d.key for d in needed(ROSTER, s, READ) if d.purpose == "injury"] == ["injury:Jax"]
    done = aftermath(system=SYSTEM, roster=ROSTER, side=s, read=READ,
                     rolls={"injury:Jax": 4}, rng=random.Random(1))  # fmt: skip
    jax = [c for c in done.changes if c.member == "Jax"]
    assert jax[0].kind == "injury" and jax[0].roll == 4 and jax[0].params["by"] == "table"
    assert jax[0].params["injury"] == "Leg wound"
    fields = {c.field: c for c in jax if c.field}
    assert fields["advances"].before == {} and fields["advances"].after == {"m": -1}
    assert fields["injuries"].after == "Leg wound"
    after = apply_changes(ROSTER, done.changes)
    assert after.member("Jax").record["injuries"] == "Leg wound"


def test_experience_for_the_crew_alone_and_an_advance_at_the_threshold() -> None:
    s = side(crew=("Hollis", "Pip"), deeds=(Deeds("Hollis", {"out_of_action": 1}),))
    dice = needed(ROSTER, s, READ)
    assert [d.key for d in dice] == ["advance:Hollis:1", "advance:Pip:1"]
    done = aftermath(
        system=SYSTEM,
        roster=ROSTER,
        side=s,
        read=READ,
        rolls={"advance:Hollis:1": 1, "advance:Pip:1": 5},
        rng=random.Random(1),
    )
    after = apply_changes(ROSTER, done.changes)
    assert after.member("Hollis").record["experience"] == 15
    assert after.member("Hollis").record["advances"] == {"ws": 1}
    assert after.member("Pip").record["skills"] == "Nerves of steel"
    assert "experience" not in after.member("Jax").record  # stayed at home
    assert {r.by for r in done.rolls} == {"table"}


def test_a_fighter_killed_by_its_injury_gains_nothing_more() -> None:
    s = side(casualties=(Casualty("Pip", OOA),))
    done = aftermath(system=SYSTEM, roster=ROSTER, side=s, read=READ,
                     rolls={"injury:Pip": 2}, rng=random.Random(1))  # fmt: skip
    pip = [c for c in done.changes if c.member == "Pip"]
    assert [c.field for c in pip] == [None, "status", "injuries"]
    assert pip[1].after == "dead"


def test_dice_not_given_are_rolled_by_the_server() -> None:
    s = side(casualties=(Casualty("Jax", OOA),))
    done = aftermath(system=SYSTEM, roster=ROSTER, side=s, read=READ, rolls={},
                     rng=random.Random(3))  # fmt: skip
    assert done.rolls and all(r.by == "server" for r in done.rolls)
    assert all(2 <= r.value <= 12 for r in done.rolls if r.key.startswith("injury:"))


@pytest.mark.parametrize("rolls", [{"injury:Nobody": 4}, {"injury:Jax": 13}, {"injury:Jax": "4"}])
def test_a_roll_it_cannot_take_is_refused_at_its_key(rolls) -> None:
    s = side(casualties=(Casualty("Jax", OOA),))
    with pytest.raises(RollRefused) as refused:
        aftermath(system=SYSTEM, roster=ROSTER, side=s, read=READ, rolls=rolls,
                  rng=random.Random(1))  # fmt: skip
    assert refused.value.key == next(iter(rolls))


def test_without_the_tables_there_is_no_aftermath() -> None:
    s = side(casualties=(Casualty("Jax", OOA),))
    assert needed(ROSTER, s, {}) == ()
    done = aftermath(system=SYSTEM, roster=ROSTER, side=s, read={}, rolls={},
                     rng=random.Random(1))  # fmt: skip
    assert done.changes == ()


@pytest.mark.parametrize(
    ("table", "edit", "place"),
    [
        ("injuries", lambda t: t["rows"][1].update(low=2), "tables.injuries.rows[1]"),
        ("injuries", lambda t: t["rows"][2].update(high=13), "tables.injuries.rows[2].high"),
        ("injuries", lambda t: t["rows"][2].update(low=6), "tables.injuries.rows[2].low"),
        ("injuries", lambda t: t["rows"][0].update(status="x"), "tables.injuries.rows[0].status"),
        ("injuries", lambda t: t.update(dice="d7"), "tables.injuries.dice"),
        ("experience", lambda t: t["advance_table"][2].update(characteristic="a"),
         "tables.experience.advance_table[2]"),
        ("experience", lambda t: t["deeds"][0].update(deed="kills"),
         "tables.experience.deeds[0].deed"),
        ("experience", lambda t: t["thresholds"].append({"experience": 0}),
         "tables.experience.thresholds[5].experience"),
    ],
)  # fmt: skip
def test_the_reader_names_the_table_row_and_cell(table, edit, place) -> None:
    document = copy.deepcopy(example())
    edit(document["tables"][table])
    with pytest.raises(DocumentError) as refused:
        parse_pack(document)
    assert place in [problem.path for problem in refused.value.problems]


CHARACTERISTIC_NAMES = list(SYSTEM.record_field("advances").choices)


@st.composite
def sides(draw):
    names = [m.name for m in ROSTER.members]
    crew = draw(st.lists(st.sampled_from(names), unique=True, min_size=1))
    casualties = tuple(Casualty(n, draw(st.sampled_from(["unhurt", "down", OOA]))) for n in crew)
    deeds = tuple(Deeds(n, {"out_of_action": draw(st.integers(0, 4))}) for n in crew)
    return side(crew=tuple(crew), casualties=casualties, deeds=deeds)


@st.composite
def rosters(draw):
    members = []
    for member in ROSTER.members:
        advances = {c: v for c in CHARACTERISTIC_NAMES[:3]
                    if (v := draw(st.integers(-2, 2)))}  # fmt: skip
        record = SYSTEM.sparse_record(
            {**member.record, "advances": advances, "experience": draw(st.integers(0, 60)),
             "injuries": draw(st.sampled_from(["", "Old wound"]))}
        )  # fmt: skip
        members.append(type(member)(member.name, member.type, member.equipment,
                                    member.abilities, member.status, record))  # fmt: skip
    return type(ROSTER)(ROSTER.system, ROSTER.name, ROSTER.faction, tuple(members), None)


@settings(max_examples=80, deadline=None)
@given(roster=rosters(), s=sides(), seed=st.integers(0, 10_000))
def test_applying_then_reverting_gives_back_the_roster_exactly(roster, s, seed) -> None:
    done = aftermath(system=SYSTEM, roster=roster, side=s, read=READ, rolls={},
                     rng=random.Random(seed))  # fmt: skip
    after = apply_changes(roster, done.changes)
    assert revert(after, done.changes) == roster
    for change in done.changes:  # every change of a field says what it was and became
        assert change.field is None or change.before != change.after
