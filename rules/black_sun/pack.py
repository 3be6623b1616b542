"""Black Sun's club packs (``game-pack/1``): its costs are the rulebook's, so a pack holds
its campaign tables (the survival table, section 5, and the reputation awards, section 4,
as a campaign's house rules hold them) and scenarios.

- ``survival``: the rows of the survival roll (each a band of totals, open at either end,
  and its result), the doc's bonus, the disadvantages a lasting injury draws from and the
  advantage a 6 or more gives; read by the campaign's own reader (``tables.py``), which
  refuses gaps and overlaps;
- ``reputation``: the RP each deed awards (one left out keeps the rulebook's);
- ``scenarios``: as every game's (``rules.pack_tables.SCENARIOS_TABLE``).
"""

from __future__ import annotations

from rules.black_sun.campaign import LABELS
from rules.black_sun.data import ABILITIES, DISADVANTAGES
from rules.black_sun.tables import REPUTATION_DEEDS, SURVIVAL_RESULTS
from rules.i18n import gettext_noop as _
from rules.pack_tables import (
    SCENARIOS_TABLE,
    Cell,
    PackRules,
    Rows,
    house_table,
    numbers_table,
)

ROLL_MIN, ROLL_MAX = -999, 999  # a survival row's bound (the rulebook's reader has none)

INJURIES = {code: ABILITIES[code] for code in DISADVANTAGES if not ABILITIES[code].needs_detail}
SCARS = {code: row for code, row in ABILITIES.items() if not row.needs_detail}

SURVIVAL_TABLE = house_table(
    "survival",
    _("Survival table"),
    _("The survival roll's results by total, the doc's bonus, and what an injury gives."),
    (
        Rows(
            "rows", _("Rows"),
            (
                Cell("low", _("From"), "whole", required=False, minimum=ROLL_MIN,
                     maximum=ROLL_MAX, help=_("empty: no lower bound")),
                Cell("high", _("To"), "whole", required=False, minimum=ROLL_MIN,
                     maximum=ROLL_MAX, help=_("empty: no upper bound")),
                Cell("result", _("Result"), "code", choices=tuple(SURVIVAL_RESULTS),
                     labels=SURVIVAL_RESULTS),
            ),
            unique=(), shape="list",
        ),
        Cell("doc_bonus", LABELS["house:survival.doc_bonus"], "whole", required=False,
             minimum=ROLL_MIN, maximum=ROLL_MAX),
        Rows(
            "injuries", _("Lasting injuries"),
            (Cell("injury", _("Disadvantage"), "code", choices=tuple(INJURIES),
                  labels={code: row.label for code, row in INJURIES.items()}),),
            unique=(), shape="values",
        ),
        Cell("scar", LABELS["house:survival.scar"], "code", required=False,
             choices=tuple(SCARS), labels={code: row.label for code, row in SCARS.items()}),
    ),
)  # fmt: skip

REPUTATION_TABLE = numbers_table(
    "reputation", LABELS["house:reputation"],
    _("The reputation points each deed awards; one left out keeps the rulebook's."),
    REPUTATION_DEEDS, LABELS, minimum=-10, maximum=10,
)  # fmt: skip

PACK = PackRules(tables=(SCENARIOS_TABLE, SURVIVAL_TABLE, REPUTATION_TABLE))
