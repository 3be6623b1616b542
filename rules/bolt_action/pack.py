"""Bolt Action's club packs (``game-pack/1``): the tables a pack may hold and how they cost a
force. The source has no points, no weapon ranges and few shots or damage bonuses (1.3, 1.5);
a club brings its own numbers, and the product invents none.

- ``points``: a cost per unit by kind and quality, per model and per item: the campaign's
  points table (1.5) as rows, read and costed as a campaign's (``campaign.py``);
- ``weapons``: range, shots, damage bonus and notes of the weapons the source leaves "—",
  and weapons new to the pack (named);
- ``army_list``: the unit kinds a faction's force may take, with a minimum and a maximum
  of each (``rules.army_lists``; the source has no army lists);
- ``scenarios``: as every game's (``rules.pack_tables.SCENARIOS_TABLE``).
"""

from __future__ import annotations

from rules.army_lists import army_list_table
from rules.bolt_action import campaign
from rules.bolt_action.data import ITEMS, KINDS, QUALITIES, WEAPONS
from rules.bolt_action.validation import points_violation
from rules.i18n import gettext_noop as _
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
    numbers_table,
    weapons_table,
    whole_cell,
)

POINTS_TABLE = campaign_points_table(
    _("Points"),
    _("A cost per unit by kind and quality, per model and per item."),
    (
        cost_rows("units", _("Units"), code_cell("kind", _("Unit kind"), KINDS),
                  code_cell("quality", _("Quality"), QUALITIES)),
        Cell("model", _("Per model"), "whole", required=False, maximum=COST_MAX),
        cost_rows("items", _("Items"), code_cell("item", _("Item"), ITEMS)),
    ),
    campaign.parse_house_rules,
)  # fmt: skip

WEAPONS_TABLE = weapons_table(
    WEAPONS,
    whole_cell("range", _("Range"), 0, INCHES_MAX, _("inches")),
    whole_cell("shots", _("Shots"), 1, 20),
    whole_cell("damage_bonus", _("Damage bonus"), 0, 10),
    help=_("The cells of a weapon's profile the rules leave blank, and weapons of the pack's own."),
)

VP_TABLE = numbers_table(
    "victory_points", _("Victory points"),
    _("The campaign's points for each result, and per casualty counted."),
    campaign.DEFAULT_VP, campaign.LABELS,
)  # fmt: skip

PACK = PackRules(
    tables=(POINTS_TABLE, WEAPONS_TABLE, army_list_table(KINDS), SCENARIOS_TABLE, VP_TABLE),
    points=campaign_costing(campaign.campaign_points),
    violation=points_violation,
)
