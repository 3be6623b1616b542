"""The two public JSON documents: ``squad-roster/1`` and ``battle-report/1``.

The contract is ``docs/formats.md``. Parsing is strict: an unknown key, an unknown
code, a wrong type or a missing field is a ``Problem`` that names its path
(``members[3].equipment[0].item``), and every problem of a document is reported at once in
one ``DocumentError``. Codes are checked against the game system named by ``system``.

One idea a module: ``reader`` (strict JSON, the limits, the problems), ``members`` (a model
and its lines), ``units`` (a game played with units), ``roster`` (``squad-roster/1``) and
``report`` (``battle-report/1``). This package names what the apps use.
"""

from rules.documents.reader import (
    MAX_COUNT,
    MAX_MEMBERS,
    MAX_NAME,
    MAX_POINTS_LIMIT,
    MAX_TEXT,
    UNPRINTABLE,
    DocumentError,
    Problem,
    loads,
)
from rules.documents.report import BATTLE_FORMAT, load_battle_report, parse_battle_report
from rules.documents.roster import (
    ROSTER_FORMAT,
    load_roster,
    named_path,
    parse_roster,
    roster_to_document,
)
from rules.documents.units import parse_unit, unit_to_document

__all__ = [
    "BATTLE_FORMAT",
    "MAX_COUNT",
    "MAX_MEMBERS",
    "MAX_NAME",
    "MAX_POINTS_LIMIT",
    "MAX_TEXT",
    "ROSTER_FORMAT",
    "UNPRINTABLE",
    "DocumentError",
    "Problem",
    "load_battle_report",
    "load_roster",
    "loads",
    "named_path",
    "parse_battle_report",
    "parse_roster",
    "parse_unit",
    "roster_to_document",
    "unit_to_document",
]
