"""The aftermath's pack tables (``game-pack/1``, ``docs/formats.md``): ``injuries`` (a
serious-injury table) and ``experience`` (points, thresholds and an advance table), declared
here for any game; a game adds them to its ``PackRules`` with its own codes (its
characteristics, its deeds) and the end states that send a model to the injury table.

A pack's table is checked cell by cell by ``rules.packs`` (each refusal names table, row and
cell); ``check`` adds what spans rows (a range upside down, two ranges that overlap, a roll
the dice cannot give), and ``read`` turns the checked JSON into the frozen values
``rules.aftermath`` applies. A roll no row covers has no lasting effect.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.i18n import gettext_noop as _
from rules.pack_tables import Cell, PackTable, Rows, rows_of

INJURIES, EXPERIENCE = "injuries", "experience"  # the tables' ids
DICE = ("d6", "2d6", "3d6", "d66")
DICE_LABELS = {
    "d6": _("one d6"),
    "2d6": _("two d6, summed"),
    "3d6": _("three d6, summed"),
    "d66": _("d66 (tens, then units)"),
}
STATUSES = ("recovering", "captured", "dead")
STATUS_LABELS = {"recovering": _("recovering"), "captured": _("captured"), "dead": _("dead")}
EXPERIENCE_MAX = 9999
AMOUNT_MIN, AMOUNT_MAX = -9, 9
INJURIES_LABEL = _("Serious injuries")
INJURIES_HELP = _(
    "Rolled after the battle for each model put out of action: a roll range and its lasting effect."
)
EXPERIENCE_LABEL = _("Experience and advancement")
EXPERIENCE_HELP = _(
    "Experience per deed and per battle, the experience at which an advance is due, and the "
    "advance table."
)


def roll_range(dice: str) -> tuple[int, int]:
    """The lowest and highest roll of ``dice``."""
    if dice == "d66":
        return 11, 66
    n = int(dice[0]) if dice[0].isdigit() else 1
    return n, 6 * n


def possible(dice: str, roll: int) -> bool:
    """Whether ``dice`` can give ``roll`` (d66: each digit 1 to 6)."""
    low, high = roll_range(dice)
    if dice == "d66":
        return 1 <= roll // 10 <= 6 and 1 <= roll % 10 <= 6
    return low <= roll <= high


@dataclass(frozen=True, slots=True)
class Fields:
    """Where the aftermath writes on a model's record (keys of the game's ``member_record``):
    its characteristic changes (adjustments), its injuries and its skills by name (text),
    its experience (a count)."""

    adjustments: str
    injuries: str = "injuries"
    skills: str = "skills"
    experience: str = "experience"


@dataclass(frozen=True, slots=True)
class InjuryRow:
    low: int
    high: int
    name: str = ""
    characteristic: str | None = None
    amount: int = 0
    status: str | None = None
    misses: bool = False  # misses the next battle (recovering)


@dataclass(frozen=True, slots=True)
class InjuryTable:
    dice: str
    rows: tuple[InjuryRow, ...]
    states: frozenset[str]  # the end states that roll on it
    fields: Fields

    def row(self, roll: int) -> InjuryRow | None:
        return next((r for r in self.rows if r.low <= roll <= r.high), None)


@dataclass(frozen=True, slots=True)
class AdvanceRow:
    low: int
    high: int
    characteristic: str | None = None  # +1
    skill: str = ""  # a named advance


@dataclass(frozen=True, slots=True)
class ExperienceTable:
    deeds: Mapping[str, int]
    took_part: int
    survived: int
    thresholds: tuple[int, ...]
    dice: str
    table: tuple[AdvanceRow, ...]  # the advance table
    states: frozenset[str]  # the end states that did not survive the battle
    fields: Fields

    def row(self, roll: int) -> AdvanceRow | None:
        return next((r for r in self.table if r.low <= roll <= r.high), None)

    def due(self, before: int, after: int) -> int:
        """How many thresholds ``before`` → ``after`` crosses: how many advance rolls are due."""
        return sum(1 for t in self.thresholds if before < t <= after)


DICE_CELL = Cell("dice", _("Dice"), "code", choices=DICE, labels=DICE_LABELS)
LOW = Cell("low", _("From roll"), "whole", minimum=1, maximum=66)
HIGH = Cell("high", _("To roll"), "whole", minimum=1, maximum=66)
OVERLAP = _("rolls %(low)d to %(high)d overlap row %(row)d")
UPSIDE_DOWN = _("the range starts at %(low)d, after its end %(high)d")
OUT_OF_DICE = _("%(roll)d is not a roll of %(dice)s")


def _ranges(dice: str, rows: tuple[Mapping[str, Any], ...], part: str) -> list:
    """A range's problems, at ``part[i]``: upside down, a roll the dice cannot give, an
    overlap with an earlier row."""
    problems = []
    seen: list[tuple[int, int, int]] = []
    for i, row in enumerate(rows):
        low, high, path = row["low"], row["high"], f"{part}[{i}]"
        if low > high:
            problems.append((f"{path}.low", UPSIDE_DOWN, {"low": low, "high": high}))
            continue
        for key in ("low", "high"):
            if not possible(dice, row[key]):
                problems.append((f"{path}.{key}", OUT_OF_DICE, {"roll": row[key], "dice": dice}))
        for other_low, other_high, j in seen:
            if low <= other_high and other_low <= high:
                problems.append((path, OVERLAP, {"low": low, "high": high, "row": j}))
                break
        seen.append((low, high, i))
    return problems


def injuries_table(
    characteristics: tuple[str, ...],
    labels: Mapping[str, str],
    states: tuple[str, ...],
    fields: Fields,
) -> PackTable:
    """A serious-injury table: the dice, and rows roll range → lasting effect (a change of a
    characteristic, a status, misses the next battle, a named injury printed on the sheet),
    rolled for each model that ended the battle in one of ``states``."""
    cells = (
        LOW, HIGH,
        Cell("name", _("Injury"), "text", required=False, length=60,
             help=_("printed on the sheet")),
        Cell("characteristic", _("Characteristic"), "code", required=False,
             choices=characteristics, labels=labels),
        Cell("amount", _("Change"), "whole", required=False, minimum=AMOUNT_MIN,
             maximum=AMOUNT_MAX, help=_("added to the characteristic (negative: lost)")),
        Cell("status", _("Status"), "code", required=False, choices=STATUSES,
             labels=STATUS_LABELS),
        Cell("misses", _("Misses the next battle"), "whole", required=False, minimum=0,
             maximum=1, help=_("1: the model is recovering for the next battle")),
    )  # fmt: skip
    parts = (DICE_CELL, Rows("rows", _("Results"), cells, unique=("low",), shape="list"))

    def check(table: Mapping[str, Any]) -> list:
        return _ranges(table.get("dice", "d6"), rows_of(table, "rows"), "rows")

    def read(table: Mapping[str, Any]) -> InjuryTable:
        rows = tuple(
            InjuryRow(
                row["low"], row["high"], row.get("name", ""), row.get("characteristic"),
                row.get("amount", 0), row.get("status"), bool(row.get("misses", 0)),
            )
            for row in rows_of(table, "rows")
        )  # fmt: skip
        return InjuryTable(table.get("dice", "d6"), rows, frozenset(states), fields)

    return PackTable(
        INJURIES, INJURIES_LABEL, INJURIES_HELP, parts=parts, read=read, check_rows=check
    )


def experience_table(
    deeds: tuple[str, ...],
    deed_labels: Mapping[str, str],
    characteristics: tuple[str, ...],
    labels: Mapping[str, str],
    states: tuple[str, ...],
    fields: Fields,
) -> PackTable:
    """An experience table: points per deed, per battle taken part in and per battle
    survived (not ended in one of ``states``); the experience at which an advance is due;
    and the advance table, roll range → a characteristic +1 or a named advance (a skill)."""
    points = Cell("points", _("Experience"), "whole", maximum=EXPERIENCE_MAX)
    parts = (
        Cell("took_part", _("Per battle taken part in"), "whole", required=False,
             maximum=EXPERIENCE_MAX),
        Cell("survived", _("Per battle survived"), "whole", required=False,
             maximum=EXPERIENCE_MAX),
        Rows("deeds", _("Per deed"),
             (Cell("deed", _("Deed"), "code", choices=deeds, labels=deed_labels), points),
             unique=("deed",), shape="list"),
        Rows("thresholds", _("Advance due at"),
             (Cell("experience", _("Experience"), "whole", minimum=1, maximum=EXPERIENCE_MAX),),
             unique=("experience",), shape="values"),
        DICE_CELL,
        Rows("advance_table", _("Advance table"),
             (LOW, HIGH,
              Cell("characteristic", _("Characteristic +1"), "code", required=False,
                   choices=characteristics, labels=labels),
              Cell("skill", _("Named advance"), "text", required=False, length=60,
                   help=_("a skill, printed on the sheet"))),
             unique=("low",), shape="list"),
    )  # fmt: skip

    def check(table: Mapping[str, Any]) -> list:
        rows = rows_of(table, "advance_table")
        problems = _ranges(table.get("dice", "d6"), rows, "advance_table")
        for i, row in enumerate(rows):
            if ("characteristic" in row) == bool(row.get("skill")):
                problems.append((f"advance_table[{i}]", ONE_ADVANCE, {}))
        return problems

    def read(table: Mapping[str, Any]) -> ExperienceTable:
        rows = tuple(
            AdvanceRow(row["low"], row["high"], row.get("characteristic"), row.get("skill", ""))
            for row in rows_of(table, "advance_table")
        )
        return ExperienceTable(
            deeds={row["deed"]: row["points"] for row in rows_of(table, "deeds")},
            took_part=table.get("took_part", 0), survived=table.get("survived", 0),
            thresholds=tuple(sorted(row["experience"] for row in rows_of(table, "thresholds"))),
            dice=table.get("dice", "d6"), table=rows, states=frozenset(states),
            fields=fields,
        )  # fmt: skip

    return PackTable(
        EXPERIENCE, EXPERIENCE_LABEL, EXPERIENCE_HELP, parts=parts, read=read, check_rows=check
    )


ONE_ADVANCE = _("give either a characteristic or a named advance, not both nor neither")
