"""Necromunda's club packs (``game-pack/1``): the tables a pack may hold and how they cost a
gang. The text prints no costs and leaves some weapon cells "—" (section 1.4); a club brings
its own numbers, and the product invents none.

- ``points``: a cost per fighter type, per item and per advance (a +1 to a characteristic):
  a campaign's points table (section 1.6) as rows, read by the campaign's reader, and more;
  **Reading:** a code left out costs 0, a negative adjustment (an injury) costs nothing,
  and dead fighters do not count;
- ``weapons``: the cells of a weapon's profile the text leaves "—" (range bands, to-hit
  modifiers, S, save modifier, ammo roll, notes), and weapons new to the pack (named);
- ``army_list``: the fighter types a gang house's gang may take, with a minimum and a
  maximum of each (``rules.army_lists``, counting fighters not dead by type; the text has no
  gang composition rules);
- ``scenarios``: as every game's (``rules.pack_tables.SCENARIOS_TABLE``);
- ``injuries`` and ``experience``: the aftermath's tables (``rules.aftermath_tables``),
  rolled for a fighter out of action, gained by every fighter that fought.
"""

from __future__ import annotations

from typing import Any

from rules.aftermath_tables import Fields, experience_table, injuries_table
from rules.army_lists import MODELS, army_list_table
from rules.i18n import gettext_noop as _
from rules.necromunda.campaign import (
    DEFAULT_VP,
    LABELS,
    HouseRules,
    campaign_points,
    parse_house_rules,
)
from rules.necromunda.data import (
    CHARACTERISTIC_NAMES,
    CHARACTERISTICS,
    DEEDS,
    FIGHTER_TYPES,
    ITEMS,
    OUT_OF_ACTION,
    WEAPONS,
)
from rules.necromunda.validation import points_violation
from rules.pack_tables import (
    INCHES_MAX,
    POINTS,
    SCENARIOS_TABLE,
    Cell,
    PackRules,
    PackTable,
    code_cell,
    cost_rows,
    nested_from_rows,
    numbers_table,
    weapons_table,
    whole_cell,
)
from rules.types import Roster

ADVANCES = "advances"


def pack_points(roster: Roster, read: tuple[HouseRules, dict[str, int]]) -> int:
    """The gang's points under a pack: the campaign's costs of every fighter not dead and
    its items, and each +1 of its advances at the characteristic's cost."""
    rules, advances = read
    total = campaign_points(roster, rules) or 0
    if advances:
        for member in roster.members:
            if member.status == "dead":
                continue
            for characteristic, n in member.record.get(ADVANCES, {}).items():
                if n > 0:
                    total += n * advances.get(characteristic, 0)
    return total


PARTS = (
    cost_rows("fighters", _("Fighter types"), code_cell("type", _("Fighter type"), FIGHTER_TYPES)),
    cost_rows("items", _("Items"), code_cell("item", _("Item"), ITEMS)),
    cost_rows(
        ADVANCES, _("Advances"),
        Cell("characteristic", _("Characteristic"), "code", choices=CHARACTERISTICS,
             labels=CHARACTERISTIC_NAMES),
        help=_("the cost of each +1 a fighter's advances give the characteristic"),
    ),
)  # fmt: skip


def read_points(table: Any) -> tuple[HouseRules, dict[str, int]]:
    """A pack's points table: the campaign's (fighters, items; read by its own reader, as
    a campaign's house rules) and a cost per advance."""
    rules = parse_house_rules({POINTS: nested_from_rows(PARTS, table, skip=(ADVANCES,))})
    advances = {row["characteristic"]: row["cost"] for row in table.get(ADVANCES, ())}
    return rules, advances


POINTS_TABLE = PackTable(
    POINTS,
    _("Points"),
    _("A cost per fighter type, per item and per advance (+1 to a characteristic)."),
    parts=PARTS,
    read=read_points,
    house=True,
    house_skip=(ADVANCES,),
)

WEAPONS_TABLE = weapons_table(
    WEAPONS,
    whole_cell("short", _("Short range"), 0, INCHES_MAX, _("inches: the short band's far end")),
    whole_cell("long", _("Long range"), 0, INCHES_MAX, _("inches: the long band's far end")),
    whole_cell("hit_short", _("To hit, short"), -3, 3),
    whole_cell("hit_long", _("To hit, long"), -3, 3),
    whole_cell("strength", _("Strength"), 1, 10),
    whole_cell("save_modifier", _("Save modifier"), -6, 0),
    whole_cell("ammo", _("Ammo roll"), 2, 6, _("the score of the ammo roll (4: 4+)")),
    help=_("The cells of a weapon's profile the rules leave blank, and weapons of the pack's own."),
)

VP_TABLE = numbers_table(
    "victory_points", _("Victory points"),
    _("The campaign's points for each result, and per casualty counted."),
    DEFAULT_VP, LABELS,
)  # fmt: skip

# The aftermath (section 5: the text prints neither table; a club's pack brings them): a
# fighter out of action rolls on the injury table; every fighter that fought gains experience.
# Written on the fighter's record (``data.MEMBER_RECORD``): a characteristic changed as an
# advance is, the experience, the injuries and skills by name.
AFTERMATH_FIELDS = Fields(adjustments=ADVANCES)
INJURIES_TABLE = injuries_table(
    CHARACTERISTICS, CHARACTERISTIC_NAMES, (OUT_OF_ACTION,), AFTERMATH_FIELDS
)
EXPERIENCE_TABLE = experience_table(
    tuple(deed.key for deed in DEEDS), {deed.key: deed.label for deed in DEEDS},
    CHARACTERISTICS, CHARACTERISTIC_NAMES, (OUT_OF_ACTION,), AFTERMATH_FIELDS,
)  # fmt: skip

PACK = PackRules(
    tables=(
        POINTS_TABLE,
        WEAPONS_TABLE,
        army_list_table(FIGHTER_TYPES, MODELS, _("Fighter type")),
        SCENARIOS_TABLE,
        VP_TABLE,
        INJURIES_TABLE,
        EXPERIENCE_TABLE,
    ),
    points=pack_points,
    violation=points_violation,
)
