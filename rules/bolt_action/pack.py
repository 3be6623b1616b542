"""Bolt Action's club packs (``game-pack/1``): the tables a pack may hold and how they cost a
force. The source has no points, no weapon ranges and few shots or damage bonuses (1.3, 1.5);
a club brings its own numbers, and the product invents none.

- ``points``: a cost per unit by kind and quality, per model and per item, the campaign's
  points table (1.5) as rows; **Reading:** as there, a code left out costs 0;
- ``weapons``: range, shots, damage bonus and notes of the weapons the source leaves "—",
  and weapons new to the pack (named);
- ``scenarios``: as every game's (``rules.pack_tables.SCENARIOS_TABLE``).
"""

from __future__ import annotations

from typing import Any

from rules.bolt_action.campaign import HouseRules, PointsTable, campaign_points
from rules.bolt_action.data import ITEMS, KINDS, QUALITIES, WEAPONS
from rules.bolt_action.validation import points_violation
from rules.i18n import gettext_noop as _
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
    rows_of,
    weapons_table,
    whole_cell,
)
from rules.types import Roster


def read_points(table: Any) -> HouseRules:
    """A pack's points table as the campaign's (1.5)."""
    units: dict[str, dict[str, int]] = {}
    for row in rows_of(table, "units"):
        units.setdefault(row["kind"], {})[row["quality"]] = row["cost"]
    items = {row["item"]: row["cost"] for row in rows_of(table, "items")}
    return HouseRules(points=PointsTable(units, table.get("model", 0), items))


def pack_points(roster: Roster, read: HouseRules) -> int:
    """The force's points under a pack: the campaign's costing (1.5)."""
    return campaign_points(roster, read) or 0


POINTS_TABLE = PackTable(
    POINTS,
    _("Points"),
    _("A cost per unit by kind and quality, per model and per item."),
    parts=(
        cost_rows("units", _("Units"), code_cell("kind", _("Unit kind"), KINDS),
                  code_cell("quality", _("Quality"), QUALITIES)),
        Cell("model", _("Per model"), "whole", required=False, maximum=COST_MAX),
        cost_rows("items", _("Items"), code_cell("item", _("Item"), ITEMS)),
    ),
    read=read_points,
)  # fmt: skip

WEAPONS_TABLE = weapons_table(
    WEAPONS,
    whole_cell("range", _("Range"), 0, INCHES_MAX, _("inches")),
    whole_cell("shots", _("Shots"), 1, 20),
    whole_cell("damage_bonus", _("Damage bonus"), 0, 10),
    help=_("The cells of a weapon's profile the rules leave blank, and weapons of the pack's own."),
)

PACK = PackRules(
    tables=(POINTS_TABLE, WEAPONS_TABLE, SCENARIOS_TABLE),
    points=pack_points,
    violation=points_violation,
)
