"""A toy game played with units, registered only by the tests that use it
(``tests/test_units.py``): what the generic unit layer must carry for the one-page modern
set and Bolt Action alike, and nothing of either. Units of foot list members (one named
model, or a group with a ``count``; a ``leader`` flag); a cart is one model with equipment
of its own and a kind-dependent default (its ``wheels``); every unit has a required
``grade`` and optional ``notes``; equipment lines may carry a label.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.registry import GameSystem, RecordField, ReportRules, UnitKind, UnitRules
from rules.types import Roster, Side, Violation

CODE = "toy-units"


class Row(NamedTuple):
    label: str


ITEMS = {"spear": Row("Spear"), "bow": Row("Bow"), "ballista": Row("Ballista")}
GRADES = ("raw", "old")

UNITS = UnitRules(
    kinds={
        "foot": UnitKind(
            "foot", "Foot", members=True, keys=("grade", "notes"), required=("grade",)
        ),
        "cart": UnitKind(
            "cart", "Cart", members=False, keys=("grade", "wheels", "notes"), required=("grade",)
        ),
    },  # fmt: skip
    record=(
        RecordField("grade", "Grade", "code", choices=GRADES),
        RecordField("wheels", "Wheels", "count", minimum=2, maximum=8),
        RecordField("notes", "Notes", "text", default=""),
    ),
    default_kind="foot",
    kind_default=lambda kind, key: 4 if (kind, key) == ("cart", "wheels") else None,
)


def validate(roster: Roster) -> list[Violation]:
    out = []
    if not roster.units:
        out.append(Violation("no-units", "a band has at least one unit"))
    for unit in roster.units:
        models = sum(m.record.get("count", 1) for m in unit.members)
        if unit.kind == "foot" and models < 2:
            out.append(Violation("too-few", "%(unit)s has %(n)d models", {"unit": unit.name,
                                 "n": models}, unit.name))  # fmt: skip
    return out


def derive(roster: Roster) -> dict:
    return {"derived": {u.name: {"models": sum(m.record.get("count", 1) for m in u.members)
                                 if u.members else 1} for u in roster.units}}  # fmt: skip


def check_document(roster: Roster) -> list[tuple[str, str, dict]]:
    problems = []
    seen: set[str] = set()
    for i, unit in enumerate(roster.units):
        if unit.name in seen:
            problems.append((f"units[{i}].name", "two units are named %(name)r",
                             {"name": unit.name}))  # fmt: skip
        seen.add(unit.name)
    return problems


def score_side(roster: Roster, side: Side, report=None):
    raise NotImplementedError("the toy unit game has no battles")


SYSTEM = GameSystem(
    code=CODE,
    name="Toy units",
    factions=None,
    model_types={},
    items=ITEMS,
    abilities={},
    states=(),
    outcomes=("win", "draw", "loss"),
    default_points_limit=None,
    validate=validate,
    cost=None,
    score_side=score_side,
    derive=derive,
    check_document=check_document,
    member_record=(
        RecordField("count", "Models", "count", default=1, minimum=1, maximum=99),
        RecordField("leader", "Leader", "flag", default=False),
    ),
    units=UNITS,
    equipment_labels=True,
    report=ReportRules(
        casualty=(
            RecordField("lost", "Models lost", "count", maximum=99, required=True),
            RecordField("routed", "Routed", "flag", default=False),
        )
    ),
)
