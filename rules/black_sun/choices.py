"""What a model may pick in the roster builder, and random ability draws.

Encodes ``docs/games/black-sun.md`` sections 2, 3 and 5 from the builder's side: the items a
faction and type may take, the abilities a type may choose at creation, and the uniform draw
of a random ability (Reading: from the whole table, advantages and disadvantages together).
The builder offers only these; ``validation.py`` still checks whatever a roster holds.
"""

from __future__ import annotations

import random

from rules.black_sun.data import (
    ABILITIES,
    ADVANTAGES,
    GRENADES,
    GRENADES_PER_EP,
    ITEMS,
    MODEL_TYPES,
    RANDOM_ABILITY_TABLE,
)
from rules.i18n import gettext_noop as _


def allowed_items(faction: str, model_type: str) -> tuple[str, ...]:
    """Item codes a model of this type in a squad of this faction may take."""
    may_wear_armour = MODEL_TYPES[model_type].may_wear_armour
    return tuple(
        code
        for code, item in ITEMS.items()
        if (item.factions is None or faction in item.factions)
        and (item.types is None or model_type in item.types)
        and (item.armour is None or may_wear_armour)
    )


def starting_count(model_type: str) -> int:
    """How many starting abilities a type has (section 1.1)."""
    return MODEL_TYPES[model_type].starting_abilities


def starting_drawn(model_type: str) -> bool:
    """True for the types whose starting abilities are drawn, not chosen (section 1.1)."""
    return not MODEL_TYPES[model_type].chosen


def starting_choices(model_type: str) -> tuple[str, ...]:
    """Abilities a type may pick at creation: advantages for "chosen" types, else any."""
    return ADVANTAGES if MODEL_TYPES[model_type].chosen else tuple(ABILITIES)


def type_price(model_type: str) -> tuple[str, dict[str, int]]:
    """What a model of the type costs the squad (section 1.1), as the pickers say it."""
    return _("%(points)d pts"), {"points": MODEL_TYPES[model_type].cost}


def type_range(model_type: str) -> tuple[int, int | None]:
    """How many models of the type a squad may have (section 1.1)."""
    return MODEL_TYPES[model_type].min_count, MODEL_TYPES[model_type].max_count


def item_price(item: str) -> tuple[str, dict[str, int]]:
    """What an item costs from the model's EP (section 1.2): grenades by the pair; a knife
    0 EP."""
    ep = ITEMS[item].ep
    if item == GRENADES:
        return _("%(ep)d EP per %(count)d"), {"ep": ep, "count": GRENADES_PER_EP}
    return _("%(ep)d EP"), {"ep": ep}


def draw_ability(rng: random.Random, held: frozenset[str] | set[str]) -> tuple[str, int]:
    """(ability, roll): a uniform draw from the random table, re-drawn while already held.

    Returns ("", 0) when the model already holds every ability.
    """
    if held.issuperset(RANDOM_ABILITY_TABLE):
        return "", 0
    while True:
        roll = rng.randint(1, len(RANDOM_ABILITY_TABLE))
        code = RANDOM_ABILITY_TABLE[roll - 1]
        if code not in held:
            return code, roll
