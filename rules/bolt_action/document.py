"""What a Bolt Action force and battle report carry beside the common envelope: the unit
kinds and their keys, a member's record, a casualty's keys (``bolt-action.md`` sections 3
and 4). The generic reader (``rules.documents``) reads them from these declarations, so a
key that does not belong to a unit's kind is refused where it stands.
"""

from __future__ import annotations

from typing import Any

from rules.bolt_action import battle
from rules.bolt_action.data import (
    DEFAULT_COUNT,
    DEFAULT_LEADER,
    DEFAULT_PINS,
    DRIVES,
    END_STATES,
    KINDS,
    QUALITIES,
)
from rules.i18n import gettext_noop as _
from rules.registry import RecordField, UnitKind, UnitRules
from rules.types import BattleReport

MAX_GROUP = 99  # the count of one member entry: a limit of this service, not of the game
MAX_PINS = 99  # the text sets none; a limit of this service


def _keys(vehicle: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A unit's keys (section 3): its quality (required) and notes; a vehicle its drive."""
    return (("quality", "drive", "notes") if vehicle else ("quality", "notes")), ("quality",)


UNITS = UnitRules(
    kinds={
        code: UnitKind(code, kind.label, not kind.vehicle, *_keys(kind.vehicle))
        for code, kind in KINDS.items()
    },
    record=(
        RecordField("quality", _("Quality"), "code", choices=tuple(QUALITIES), priced="quality"),
        RecordField("drive", _("Drive"), "code", choices=tuple(DRIVES)),
        RecordField("notes", _("Notes"), "text", default=""),
    ),
    default_kind=None,  # a unit's kind is required
    kind_default=lambda kind, key: KINDS[kind].default_drive if key == "drive" else None,
    labels={
        **{f"quality:{code}": row.label for code, row in QUALITIES.items()},
        **{f"drive:{code}": label for code, label in DRIVES.items()},
        # the derived figures' keys (section 2) in words, as the builder shows them
        "figure:models": _("models"),
        "figure:morale": _("morale"),
        "figure:damage_value": _("damage value"),
        "figure:to_hit_modifier": _("to-hit modifier"),
        "figure:small_unit": _("small unit"),
        "figure:shots": _("shots"),
        "figure:order_dice": _("order dice"),
    },
    scores=frozenset({"damage_value"}),  # a d6 score (section 2): the builder shows "7+"
)

MEMBER_RECORD = (
    RecordField("count", _("Models"), "count", default=DEFAULT_COUNT, minimum=1,
                maximum=MAX_GROUP),
    RecordField("leader", _("NCO"), "flag", default=DEFAULT_LEADER,
                help=_("The squad's NCO: one model, in an infantry squad only.")),
)  # fmt: skip

CASUALTY_FIELDS = (
    RecordField("state", _("End state"), "code", choices=END_STATES, required=True),
    RecordField("lost", _("Models lost"), "count", minimum=0, maximum=MAX_GROUP),
    RecordField("pins", _("Pins"), "count", default=DEFAULT_PINS, maximum=MAX_PINS),
)


def check_report(report: BattleReport) -> list[tuple[str, str, dict[str, Any]]]:
    """The report's own rules (section 4): two sides whose outcomes fit, and each inline
    roster's casualties (a unit it has, once, with the keys its end state takes)."""
    problems = list(battle.check_report(report))
    for i, side in enumerate(report.sides):
        if side.roster is not None:  # a campaign's squad is checked against the stored force
            problems += [
                (f"sides[{i}].{path}", template, params)
                for path, template, params in battle.check_side(side.roster, side)
            ]
    return problems
