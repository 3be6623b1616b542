"""``rules.crew`` and the ``crew`` key of a battle-report/1 side read by the parser, with an
inline roster (the command line's): the names the side may list, each once; casualties and
deeds only for the crew; a crew narrows the roster the rules see."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from rules.crew import crew_names, crew_roster, side_problems
from rules.documents import DocumentError, parse_battle_report

EXAMPLE = json.loads(
    (Path(__file__).parents[2] / "docs/examples/black-sun-battle-report.json").read_text()
)
CREW = ["Capt. Steven Mint", "Sung", "Smith"]


def with_crew(crew, **side) -> dict:
    document = copy.deepcopy(EXAMPLE)
    document["sides"][0].update(crew=crew, **side)
    return document


def paths(document) -> list[str]:
    with pytest.raises(DocumentError) as refused:
        parse_battle_report(document)
    return [p.path for p in refused.value.problems]


def test_a_crew_is_read_and_narrows_the_roster():
    report = parse_battle_report(with_crew(CREW))
    side = report.sides[0]
    assert side.crew == tuple(CREW)
    assert side_problems(side.roster, side) == []
    narrowed = crew_roster(side.roster, side.crew)
    assert [m.name for m in narrowed.members] == CREW
    assert crew_roster(side.roster, None) is side.roster
    assert parse_battle_report(EXAMPLE).sides[0].crew is None  # as every report before it


def test_a_crew_is_refused_at_its_place():
    assert paths(with_crew([*CREW, "Nobody", "Sung"])) == [
        "sides[0].crew[3]", "sides[0].crew[4]",
    ]  # fmt: skip
    assert paths(with_crew([])) == ["sides[0].crew"]
    assert paths(with_crew("Sung")) == ["sides[0].crew"]
    # the example's casualty Smith and deed of the captain, both left at home
    assert paths(with_crew(["Sung"])) == [
        "sides[0].casualties[0].member", "sides[0].deeds[0].member",
    ]  # fmt: skip


def test_only_models_that_can_fight_make_a_crew():
    report = parse_battle_report(EXAMPLE)
    roster = report.sides[0].roster
    assert crew_names(roster) == tuple(m.name for m in roster.members if m.status == "active")
