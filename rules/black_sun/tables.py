"""The campaign tables a gaming group may change: victory points, survival, reputation.

Encodes sections 8-11 of ``docs/games/black-sun.md`` ("Points de victoire" in the rulebook;
the survival and reputation tables are the product's readings, since the rulebook prints
none). The defaults live here as data; a campaign stores its own copy as JSON
(``to_json``/``from_json``) and ``from_json`` refuses a table that does not make sense, with
a message that names the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.black_sun.data import ABILITIES, DISADVANTAGE
from rules.i18n import gettext_noop as _

# --- victory points (6) ---------------------------------------------------------------------

MISSION_VP = {"full": 50, "partial": 25, "failed": 0}

# Quality comes from the model's base CV (Reading): 4-5 veteran, 3 experienced, 2 blue.
QUALITY_BY_CV = {5: "veteran", 4: "veteran", 3: "experienced", 2: "blue"}
QUALITY_LABELS = {
    "veteran": _("Veteran"),
    "experienced": _("Experienced"),
    "blue": _("Blue"),
}
# VP lost per casualty: quality -> {casualty class: VP}
CASUALTY_VP = {
    "veteran": {"dead": 5, "seriously-wounded": 4, "wounded": 2},
    "experienced": {"dead": 4, "seriously-wounded": 3, "wounded": 2},
    "blue": {"dead": 3, "seriously-wounded": 2, "wounded": 1},
}
# End-of-battle state -> casualty class (stunned, unhurt and captured cost nothing).
CASUALTY_CLASS = {
    "killed": "dead",
    "violent-death": "dead",
    "seriously-wounded": "seriously-wounded",
    "wounded": "wounded",
}
LEADER_TYPES = frozenset({"boss", "top"})  # their losses count double
LEADER_MULTIPLIER = 2

# --- survival phase (5) ---------------------------------------------------------------------

DIES = "dies"
LASTING_INJURY = "lasting-injury"
MISSES_NEXT_BATTLE = "misses-next-battle"
FULL_RECOVERY = "full-recovery"
SCARS = "full-recovery-scars"

SURVIVAL_RESULTS = {
    DIES: _("dies of wounds"),
    LASTING_INJURY: _("lasting injury: gains a random disadvantage"),
    MISSES_NEXT_BATTLE: _("recovers slowly: misses the next battle"),
    FULL_RECOVERY: _("full recovery"),
    SCARS: _("full recovery and gains Frightening scars"),
}


@dataclass(frozen=True, slots=True)
class SurvivalRow:
    low: int | None  # None: no lower bound ("1 or less")
    high: int | None  # None: no upper bound ("6 or more")
    result: str

    def matches(self, total: int) -> bool:
        return (self.low is None or total >= self.low) and (self.high is None or total <= self.high)


@dataclass(frozen=True, slots=True)
class SurvivalTable:
    rows: tuple[SurvivalRow, ...]
    doc_bonus: int = 1
    injuries: tuple[str, ...] = ("lame", "crippled", "weak", "coward")
    scar: str = "frightening-scars"

    def result_for(self, total: int) -> str:
        for row in self.rows:
            if row.matches(total):
                return row.result
        raise ValueError(f"no survival row for {total}")  # from_json makes this impossible


DEFAULT_SURVIVAL_TABLE = SurvivalTable(
    rows=(
        SurvivalRow(None, 1, DIES),
        SurvivalRow(2, 2, LASTING_INJURY),
        SurvivalRow(3, 3, MISSES_NEXT_BATTLE),
        SurvivalRow(4, 5, FULL_RECOVERY),
        SurvivalRow(6, None, SCARS),
    )
)

# --- reputation (4) -------------------------------------------------------------------------

REPUTATION_DEEDS = {
    "took-part": _("took part in the battle"),
    "mission-full": _("mission a full success"),
    "mission-partial": _("mission a partial success"),
    "out-of-action": _("put an enemy model out of action"),
    "wound-survived": _("received a wound and survived"),
    "malice": _("malicious deed"),
    "sarcasm": _("sarcastic line"),
    "wealth": _("wealth gained"),
}
# A logged deed counts double for a character with this ability.
DOUBLED_BY = {"malice": "mean", "sarcasm": "wisecracker", "wealth": "greedy"}


@dataclass(frozen=True, slots=True)
class ReputationTable:
    awards: dict[str, int] = field(
        default_factory=lambda: {
            "took-part": 1,
            "mission-full": 2,
            "mission-partial": 1,
            "out-of-action": 1,
            "wound-survived": 1,
            "malice": 1,
            "sarcasm": 1,
            "wealth": 1,
        },
        hash=False,
    )


DEFAULT_REPUTATION_TABLE = ReputationTable()

# --- house rules as JSON --------------------------------------------------------------------


class TableError(ValueError):
    """A house-rule table that does not make sense; ``path`` names the field."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


def survival_to_json(table: SurvivalTable) -> dict[str, Any]:
    return {
        "rows": [{"low": r.low, "high": r.high, "result": r.result} for r in table.rows],
        "doc_bonus": table.doc_bonus,
        "injuries": list(table.injuries),
        "scar": table.scar,
    }


def _int(value: Any, path: str, *, optional: bool = False) -> int | None:
    if value is None and optional:
        return None
    if type(value) is not int:
        raise TableError(path, "must be a whole number")
    return value


def survival_from_json(data: Any) -> SurvivalTable:
    """Build a survival table, refusing gaps, overlaps and unknown codes."""
    if not isinstance(data, dict):
        raise TableError("survival", "must be an object")
    unknown = set(data) - {"rows", "doc_bonus", "injuries", "scar"}
    if unknown:
        raise TableError(f"survival.{sorted(unknown)[0]}", "unknown key")
    raw_rows = data.get("rows")
    if not isinstance(raw_rows, list) or not raw_rows:
        raise TableError("survival.rows", "must be a non-empty list")
    rows = []
    for i, raw in enumerate(raw_rows):
        path = f"survival.rows[{i}]"
        if not isinstance(raw, dict) or set(raw) != {"low", "high", "result"}:
            raise TableError(path, "must have exactly low, high and result")
        low = _int(raw["low"], f"{path}.low", optional=True)
        high = _int(raw["high"], f"{path}.high", optional=True)
        if not isinstance(raw["result"], str) or raw["result"] not in SURVIVAL_RESULTS:
            raise TableError(f"{path}.result", f"unknown result {raw['result']!r}")
        if low is not None and high is not None and low > high:
            raise TableError(path, "low is above high")
        rows.append(SurvivalRow(low, high, raw["result"]))
    rows.sort(key=lambda r: -(10**9) if r.low is None else r.low)
    if rows[0].low is not None:
        raise TableError("survival.rows", "the lowest row must have no lower bound")
    if rows[-1].high is not None:
        raise TableError("survival.rows", "the highest row must have no upper bound")
    for before, after in zip(rows, rows[1:], strict=False):
        if before.high is None or after.low != before.high + 1:
            raise TableError("survival.rows", "rows must follow each other with no gap or overlap")
    injuries = data.get("injuries", list(DEFAULT_SURVIVAL_TABLE.injuries))
    if not isinstance(injuries, list) or not injuries:
        raise TableError("survival.injuries", "must be a non-empty list of disadvantages")
    for i, code in enumerate(injuries):
        ability = ABILITIES.get(code) if isinstance(code, str) else None
        if ability is None or ability.kind != DISADVANTAGE or ability.needs_detail:
            raise TableError(f"survival.injuries[{i}]", f"not a disadvantage: {code!r}")
    scar = data.get("scar", DEFAULT_SURVIVAL_TABLE.scar)
    if not isinstance(scar, str) or scar not in ABILITIES or ABILITIES[scar].needs_detail:
        raise TableError("survival.scar", f"unknown ability {scar!r}")
    doc_bonus = _int(data.get("doc_bonus", DEFAULT_SURVIVAL_TABLE.doc_bonus), "survival.doc_bonus")
    return SurvivalTable(tuple(rows), doc_bonus, tuple(injuries), scar)


def reputation_to_json(table: ReputationTable) -> dict[str, int]:
    return dict(table.awards)


def reputation_from_json(data: Any) -> ReputationTable:
    if not isinstance(data, dict):
        raise TableError("reputation", "must be an object")
    awards = dict(DEFAULT_REPUTATION_TABLE.awards)
    for key, value in data.items():
        if key not in REPUTATION_DEEDS:
            raise TableError(f"reputation.{key}", "unknown deed")
        if type(value) is not int or not -10 <= value <= 10:
            raise TableError(f"reputation.{key}", "must be a whole number from -10 to 10")
        awards[key] = value
    return ReputationTable(awards)
