"""Necromunda, the skirmish game of gang fights in an underhive: the second system.

Source: ``docs/games/necromunda.md`` (the product's English reading of the French core
rules: characteristics, turn, movement, shooting, close combat, leadership). The text has
no costs, no gang-building rules and no campaign; what the product adds is marked there as
a Reading and kept as data. Where a rule lives:

- characteristics, fighter types and profiles, weapons, armour, report codes, the rule
  formulas (to hit, wound chart, grenade range, save modifier by S): ``data.py``
- the derived values of each fighter and the gang's bottle-test threshold: ``derive.py``
- gang rules and their violation codes: ``validation.py``
- victory points, each fighter's end state, a report's own rules: ``battle.py``
- campaign house rules (the VP table) and the history a battle writes: ``campaign.py``
- what the gang sheet, fighter cards and quick-reference card print: ``sheet.py``,
  ``reference.py``
"""

from rules.campaign import placings_by_outcome
from rules.model_game import model_game
from rules.necromunda import (
    battle,
    campaign,
    data,
    demo,
    derive,
    pack,
    reference,
    sheet,
    validation,
)
from rules.registry import register

CODE = data.CODE

SYSTEM = register(
    model_game(
        __name__,  # its modules: rules.model_game.MODULES
        code=CODE,
        factions=None,  # the houses are only named: the faction is free text
        model_types=data.FIGHTER_TYPES,
        leader_type=data.LEADER,
        ordinary_type=data.GANGER,
        abilities={},  # no skills in these rules
        states=data.END_STATES,
        outcomes=data.OUTCOMES,
        default_points_limit=None,  # the text prints no costs
        report={
            "casualty": data.CASUALTY_FIELDS,
            "side": data.SIDE_FIELDS,
            "disagreements": battle.claims_disagreements,
        },
        check_document=validation.check_document,
        cost=None,  # its pack holds points, weapons, scenarios
        derive=derive.derive,
        campaign_settings={
            "placings": placings_by_outcome,  # wins as the players report them
            "aftermath_kinds": ("serious-injury",),  # the table is not in these rules
            "aftermath_fields": ("status", "advances"),
        },
        parts={"campaign/aftermath_fields"},
    )
)

__all__ = [
    "CODE", "SYSTEM", "battle", "campaign", "data", "demo", "derive", "pack", "reference",
    "sheet", "validation",
]  # fmt: skip
