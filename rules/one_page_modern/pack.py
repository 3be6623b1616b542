"""One-page modern's club packs (``game-pack/1``): the tables a pack may hold and how they
cost a force. The text prints no points (section 2); a club brings its own numbers, and the
product invents none.

- ``points``: a cost per model by training level, per item, per vehicle by armour class and
  per bunker: the campaign's points table (section 2) as rows, read and costed as a
  campaign's (``campaign.py``);
- ``weapons``: range, fire points and notes of a weapon, a club's own reading of the
  table's, and weapons new to the pack (named);
- ``army_list``: the unit kinds a faction's force may take, with a minimum and a maximum
  of each (``rules.army_lists``; the text has no army lists);
- ``scenarios``: the table every game's packs share.
"""

from __future__ import annotations

from rules import pack_tables as tables
from rules.army_lists import army_list_table
from rules.i18n import gettext_noop as _
from rules.one_page_modern import campaign
from rules.one_page_modern.data import ITEMS, KINDS, TRAINING, VEHICLE_ARMOUR, WEAPONS

POINTS_TABLE = tables.campaign_points_table(
    _("Points"),
    _("A cost per model by training level, per item, per vehicle by armour class, per bunker."),
    (
        tables.cost_rows(
            "training", _("Training levels"), tables.code_cell("level", _("Training"), TRAINING)
        ),
        tables.cost_rows("items", _("Items"), tables.code_cell("item", _("Item"), ITEMS)),
        tables.cost_rows(
            "vehicles", _("Vehicles"), tables.code_cell("armour", _("Armour class"), VEHICLE_ARMOUR)
        ),
        tables.Cell("bunker", _("Per bunker"), "whole", required=False, maximum=tables.COST_MAX),
    ),
    campaign.parse_house_rules,
)

WEAPONS_TABLE = tables.weapons_table(
    WEAPONS,
    tables.whole_cell("range", _("Range"), 0, tables.INCHES_MAX, _("inches")),
    tables.whole_cell("fp", _("Fire points"), 0, 20, _("d6 rolled per firing model")),
    help=_("A weapon's range and fire points as the club plays them, and weapons of its own."),
)

VP_TABLE = tables.numbers_table(
    "victory_points", _("Victory points"),
    _("The campaign's points for each result, and per casualty counted."),
    campaign.DEFAULT_VP, campaign.LABELS,
)  # fmt: skip

PACK = tables.PackRules(
    tables=(POINTS_TABLE, WEAPONS_TABLE, army_list_table(KINDS), tables.SCENARIOS_TABLE, VP_TABLE),
    points=tables.campaign_costing(campaign.campaign_points),
    violation=campaign.points_violation,
)
