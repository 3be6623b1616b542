"""Black Sun, a 28 mm "Weird Nam" skirmish game: the first system of the product.

Source: ``docs/games/black-sun.md`` (the product's English specification of the French
alpha rulebook). Where a rule lives:

- squad composition, equipment, weapons, abilities, factions: ``data.py``
- victory points, survival and reputation tables (campaign house rules): ``tables.py``
- roster rules and their violation codes: ``validation.py``
- points, EP, armour and CV: ``costs.py``
- victory points, survival phase, reputation awards: ``battle.py``
- campaign house rules and the history a battle writes: ``campaign.py``
- what the squad sheet, model cards and quick-reference card print: ``sheet.py``, ``reference.py``
"""

from rules.black_sun import (
    battle,
    campaign,
    choices,
    costs,
    data,
    demo,
    pack,
    sheet,
    tables,
    validation,
)
from rules.model_game import model_game
from rules.registry import BuilderChoices, register

CODE = "black-sun"

END_STATES = (
    "unhurt",
    "stunned",
    "wounded",
    "seriously-wounded",
    "killed",
    "violent-death",
    "captured",
)

SYSTEM = register(
    model_game(
        __name__,  # its modules: rules.model_game.MODULES
        code=CODE,
        factions=data.FACTIONS,
        model_types=data.MODEL_TYPES,
        leader_type="boss",
        ordinary_type="grunt",
        abilities=data.ABILITIES,
        states=END_STATES,
        outcomes=tuple(tables.MISSION_VP),
        default_points_limit=data.DEFAULT_POINTS_LIMIT,
        report={"casualty": (data.TREATED,), "side": (data.SURVIVAL_ROLLS,)},
        builder=BuilderChoices(
            items=choices.allowed_items,
            starting_abilities=choices.starting_choices,
            starting_count=choices.starting_count,
            starting_drawn=choices.starting_drawn,
            random_abilities=data.RANDOM_ABILITY_TABLE,
            draw_ability=choices.draw_ability,
            type_price=choices.type_price,
            item_price=choices.item_price,
            type_range=choices.type_range,
            partnered_items=data.PARTNERED_ITEMS,  # machine guns and flamethrowers
        ),
        cost=costs.cost,  # its pack's costs are the rulebook's: campaign tables and scenarios
    )
)

__all__ = [
    "CODE", "SYSTEM", "battle", "campaign", "choices", "costs", "data", "demo", "pack", "sheet",
    "tables", "validation",
]  # fmt: skip
