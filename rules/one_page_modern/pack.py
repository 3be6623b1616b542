"""One-page modern's club packs (``game-pack/1``): the tables a pack may hold and how they
cost a force. The text prints no points (section 2); a club brings its own numbers, and the
product invents none.

- ``points``: a cost per model by training level, per item, per vehicle by armour class and
  per bunker, the campaign's points table (section 2) as rows; **Reading:** as there, a code
  left out costs 0;
- ``weapons``: range, fire points and notes of a weapon, a club's own reading of the
  table's, and weapons new to the pack (named);
- ``scenarios``: as every game's (``rules.pack_tables.SCENARIOS_TABLE``).
"""

from __future__ import annotations

from typing import Any

from rules.i18n import gettext_noop as _
from rules.one_page_modern.campaign import (
    HouseRules,
    PointsTable,
    campaign_points,
    points_violation,
)
from rules.one_page_modern.data import ITEMS, TRAINING, VEHICLE_ARMOUR, WEAPONS
from rules.pack_tables import (
    COST_MAX,
    INCHES_MAX,
    POINTS,
    SCENARIOS_TABLE,
    Cell,
    PackRules,
    PackTable,
    code_cell,
    cost_rows,
    costs_by,
    rows_of,
    weapons_table,
    whole_cell,
)
from rules.types import Roster


def read_points(table: Any) -> HouseRules:
    """A pack's points table as the campaign's (section 2)."""
    points = PointsTable(
        costs_by(rows_of(table, "training"), "level"),
        costs_by(rows_of(table, "items"), "item"),
        costs_by(rows_of(table, "vehicles"), "armour"),
        table.get("bunker", 0),
    )
    return HouseRules(points=points)


def pack_points(roster: Roster, read: HouseRules) -> int:
    """The force's points under a pack: the campaign's costing (section 2)."""
    return campaign_points(roster, read) or 0


POINTS_TABLE = PackTable(
    POINTS,
    _("Points"),
    _("A cost per model by training level, per item, per vehicle by armour class, per bunker."),
    parts=(
        cost_rows("training", _("Training levels"), code_cell("level", _("Training"), TRAINING)),
        cost_rows("items", _("Items"), code_cell("item", _("Item"), ITEMS)),
        cost_rows("vehicles", _("Vehicles"),
                  code_cell("armour", _("Armour class"), VEHICLE_ARMOUR)),
        Cell("bunker", _("Per bunker"), "whole", required=False, maximum=COST_MAX),
    ),
    read=read_points,
)  # fmt: skip

WEAPONS_TABLE = weapons_table(
    WEAPONS,
    whole_cell("range", _("Range"), 0, INCHES_MAX, _("inches")),
    whole_cell("fp", _("Fire points"), 0, 20, _("d6 rolled per firing model")),
    help=_("A weapon's range and fire points as the club plays them, and weapons of its own."),
)

PACK = PackRules(
    tables=(POINTS_TABLE, WEAPONS_TABLE, SCENARIOS_TABLE),
    points=pack_points,
    violation=points_violation,
)
