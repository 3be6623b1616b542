"""One-page modern's club packs (``game-pack/1``): the tables a pack may hold and how they
cost a force. The text prints no points (section 2); a club brings its own numbers, and the
product invents none.

- ``points``: a cost per model by training level, per item, per vehicle by armour class and
  per bunker: the campaign's points table (section 2) as rows, read and costed as a
  campaign's (``campaign.py``);
- ``weapons``: range, fire points and notes of a weapon, a club's own reading of the
  table's, and weapons new to the pack (named);
- ``scenarios``: as every game's (``rules.pack_tables.SCENARIOS_TABLE``).
"""

from __future__ import annotations

from rules.i18n import gettext_noop as _
from rules.one_page_modern import campaign
from rules.one_page_modern.data import ITEMS, TRAINING, VEHICLE_ARMOUR, WEAPONS
from rules.pack_tables import (
    COST_MAX,
    INCHES_MAX,
    SCENARIOS_TABLE,
    Cell,
    PackRules,
    campaign_costing,
    campaign_points_table,
    code_cell,
    cost_rows,
    weapons_table,
    whole_cell,
)

POINTS_TABLE = campaign_points_table(
    _("Points"),
    _("A cost per model by training level, per item, per vehicle by armour class, per bunker."),
    (
        cost_rows("training", _("Training levels"), code_cell("level", _("Training"), TRAINING)),
        cost_rows("items", _("Items"), code_cell("item", _("Item"), ITEMS)),
        cost_rows("vehicles", _("Vehicles"),
                  code_cell("armour", _("Armour class"), VEHICLE_ARMOUR)),
        Cell("bunker", _("Per bunker"), "whole", required=False, maximum=COST_MAX),
    ),
    campaign.parse_house_rules,
)  # fmt: skip

WEAPONS_TABLE = weapons_table(
    WEAPONS,
    whole_cell("range", _("Range"), 0, INCHES_MAX, _("inches")),
    whole_cell("fp", _("Fire points"), 0, 20, _("d6 rolled per firing model")),
    help=_("A weapon's range and fire points as the club plays them, and weapons of its own."),
)

PACK = PackRules(
    tables=(POINTS_TABLE, WEAPONS_TABLE, SCENARIOS_TABLE),
    points=campaign_costing(campaign.campaign_points),
    violation=campaign.points_violation,
)
