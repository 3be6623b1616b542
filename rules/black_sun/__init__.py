"""Black Sun, a 28 mm "Weird Nam" skirmish game: the first system of the product.

Source: ``docs/games/black-sun.md`` (the product's English specification of the French
alpha rulebook). Where a rule lives:

- squad composition, equipment, weapons, abilities, factions: ``data.py``
- victory points, survival and reputation tables (campaign house rules): ``tables.py``
- roster rules and their violation codes: ``validation.py``
- points, EP, armour and CV: ``costs.py``
- victory points, survival phase, reputation awards: ``battle.py``
- campaign house rules and the history a battle writes: ``campaign.py``
"""

from rules.black_sun import battle, campaign, costs, data, tables, validation
from rules.registry import CampaignRules, GameSystem, register

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
    GameSystem(
        code=CODE,
        name="Black Sun",
        factions=data.FACTIONS,
        model_types=data.MODEL_TYPES,
        items=data.ITEMS,
        abilities=data.ABILITIES,
        states=END_STATES,
        outcomes=tuple(tables.MISSION_VP),
        default_points_limit=data.DEFAULT_POINTS_LIMIT,
        limits=data.DOCUMENT_LIMITS,
        member_record=data.MEMBER_RECORD,
        validate=validation.validate,
        cost=costs.cost,
        score_side=battle.score_side,
        campaign=CampaignRules(
            default_house_rules=campaign.default_house_rules,
            parse_house_rules=campaign.parse_house_rules,
            resolve_side=campaign.resolve_side,
            changes=campaign.changes,
            check_side=campaign.check_side,
            labels=campaign.LABELS,
        ),
    )
)

__all__ = ["CODE", "SYSTEM", "battle", "campaign", "costs", "data", "tables", "validation"]
