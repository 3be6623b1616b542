"""A toy third game, registered only by the tests that use it (``tests/test_toy_game.py``).

It is what a new game brings, and nothing more: a rules module (this one: codes, a roster
rule, costs, a campaign), its template folder (``templates/systems/toy/``: its print
templates and the page parts it declares) and its print stylesheet
(``static/css/systems/toy.css``); ``tests/test_toy_game.py`` lists them. It differs from the
registered games where they differ from each other: a faction list and a points limit like
Black Sun, a record of a yes/no and a code, a casualty key, a side key, no abilities, a
derived figure and a document rule. Driving it through the pages and the API proves that the
apps carry any game without an edit.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, NamedTuple

from rules.registry import (
    RECORD_PARTS,
    CampaignRules,
    Figure,
    GameSystem,
    Printing,
    RecordField,
    ReportRules,
)
from rules.types import BattleReport, Change, Roster, RosterCost, Side, Violation

CODE = "toy"
TEMPLATES = Path(__file__).parent / "templates"
STATIC = Path(__file__).parent / "static"


class Row(NamedTuple):
    label: str
    points: int = 0


FACTIONS = {"red": Row("Red band"), "blue": Row("Blue band")}
TYPES = {"hero": Row("Hero", 20), "mook": Row("Mook", 5)}
ITEMS = {"club": Row("Club", 2), "net": Row("Net", 3)}
RECORD = (
    RecordField("lucky", "Lucky", "flag", default=False),
    RecordField("banner", "Banner", "code", default=None, choices=("gold", "silver")),
    RecordField("scars", "Scars", "count", default=0, maximum=9),
)
DEEDS = (RecordField("bonks", "Bonks", "count", default=0),)


class ToyCost(NamedTuple):
    name: str
    type: str
    points: int
    counts: bool


def cost(roster: Roster) -> RosterCost:
    members = tuple(
        ToyCost(
            m.name, m.type,
            TYPES[m.type].points + sum(ITEMS[e.item].points * e.count for e in m.equipment),
            m.status != "dead",
        )
        for m in roster.members
    )  # fmt: skip
    return RosterCost(sum(c.points for c in members if c.counts), roster.points_limit, members)


def validate(roster: Roster) -> list[Violation]:
    heroes = [m for m in roster.members if m.type == "hero" and m.status != "dead"]
    out = []
    if len(heroes) != 1:
        n = len(heroes)
        out.append(Violation("hero-count", "A toy band has one hero, not %(n)d.", {"n": n}))
    points = cost(roster).points
    if roster.points_limit is not None and points > roster.points_limit:
        out.append(Violation("over", "%(points)d points is over the limit.", {"points": points}))
    return out


def derive(roster: Roster) -> dict[str, Any]:
    return {"derived": {m.name: {"reach": 1 + len(m.equipment)} for m in roster.members}}


def check_document(roster: Roster) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (f"members[{i}].name", "a toy's name is not a number", {})
        for i, m in enumerate(roster.members)
        if m.name.isdigit()
    ]


class Score(NamedTuple):
    squad: str
    mission_vp: int
    casualty_vp: int
    total_vp: int

    def as_dict(self) -> dict[str, Any]:
        return self._asdict()


def score_side(roster: Roster, side: Side, report: BattleReport | None = None) -> Score:
    mission = {"won": 2, "lost": 0}[side.outcome]
    lost = sum(1 for c in side.casualties if c.state == "gone")
    return Score(roster.name, mission, lost, mission - lost)


def check_report(report: BattleReport) -> list[tuple[str, str, dict[str, Any]]]:
    if [s.outcome for s in report.sides].count("won") > 1:
        return [("sides", "only one toy band wins", {})]
    return []


class Result(NamedTuple):
    score: Score


def resolve_side(roster, side, rng: random.Random, house_rules=None, report=None) -> Result:
    return Result(score_side(roster, side, report))


def changes(roster: Roster, side: Side, result: Result) -> tuple[Change, ...]:
    """The VP, each model's end, and a scar for every model that ended the battle hurt."""
    s = result.score
    vp = {"outcome": side.outcome, "mission_vp": s.mission_vp, "casualty_vp": s.casualty_vp,
          "total_vp": s.total_vp}  # fmt: skip
    out = [Change(None, "vp", params=vp)]
    for member in roster.members:
        if member.status != "active":
            continue
        state = side.state_of(member.name)
        out.append(Change(member.name, "fought", params={"state": state}))
        if state == "hurt":
            scars = member.record.get("scars", 0)
            out.append(Change(member.name, "scar", "scars", scars, scars + 1))
    return tuple(out)


def check_side(roster: Roster, side: Side) -> list[tuple[str, str, dict[str, Any]]]:
    names = {m.name for m in roster.members if m.status == "active"}
    return [
        (f"casualties[{i}].member", "%(name)r is not in the band", {"name": c.member})
        for i, c in enumerate(side.casualties)
        if c.member not in names
    ]


def squad_context(
    roster: Roster, costs, include_dead: bool, translate, pack=None
) -> dict[str, Any]:
    printed = [m for m in roster.members if include_dead or m.status != "dead"]
    return {"models": [{"type": translate(TYPES[m.type].label), "scars": m.record.get("scars", 0)}
                       for m in printed]}  # fmt: skip


def figures(cost, derived, broken, translate) -> tuple[Figure, ...]:
    """The builder's line: "Toy points 24 · reach 2"."""
    return (Figure("points", f"Toy points {cost.points} · reach {derived['reach']}"),)


def reference_context(translate) -> dict[str, Any]:
    return {"rows": [(translate(t.label), t.points) for t in TYPES.values()]}


SYSTEM = GameSystem(
    code=CODE,
    name="Toy Skirmish",
    factions=FACTIONS,
    model_types=TYPES,
    items=ITEMS,
    abilities={},
    states=("fine", "hurt", "gone"),
    outcomes=("won", "lost"),
    default_points_limit=50,
    validate=validate,
    cost=cost,
    score_side=score_side,
    derive=derive,
    figures=figures,
    check_document=check_document,
    member_record=RECORD,
    deeds=DEEDS,
    report=ReportRules(
        casualty=(RecordField("limping", "Limping", "flag", default=False),),
        side=(RecordField("weather", "Weather", "code", choices=("rain", "sun")),),
        check=check_report,
    ),
    campaign=CampaignRules(
        default_house_rules=dict,
        parse_house_rules=lambda data: None,
        resolve_side=resolve_side,
        changes=changes,
        check_side=check_side,
        labels={
            "fine": "fine",
            "hurt": "hurt",
            "gone": "gone",
            "outcome:won": "won",
            "outcome:lost": "lost",
            "deed:bonks": "bonks",
            "note:limping": "limping",  # the battle page notes it after the state
        },  # fmt: skip
        history={"scar": ("a new scar: %(after)s in all", lambda p, b, after, w: {"after": after})},
    ),
    printing=Printing.of_game(
        CODE, squad_context=squad_context, reference_context=reference_context
    ),
    parts=RECORD_PARTS | {"campaign/report_note"},
)
