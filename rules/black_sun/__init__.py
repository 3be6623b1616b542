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
from rules.campaign import campaign_rules
from rules.registry import (
    MODEL_PARTS,
    RECORD_PARTS,
    BuilderChoices,
    GameSystem,
    Printing,
    ReportRules,
    register,
)

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
        name=data.NAME,
        factions=data.FACTIONS,
        model_types=data.MODEL_TYPES,
        leader_type="boss",
        ordinary_type="grunt",
        items=data.ITEMS,
        abilities=data.ABILITIES,
        states=END_STATES,
        outcomes=tuple(tables.MISSION_VP),
        default_points_limit=data.DEFAULT_POINTS_LIMIT,
        limits=data.DOCUMENT_LIMITS,
        member_record=data.MEMBER_RECORD,
        deeds=data.DEEDS,
        report=ReportRules(
            casualty=(data.TREATED,),
            side=(data.SURVIVAL_ROLLS,),
            check=battle.check_report,
        ),
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
        validate=validation.validate,
        composition=validation.COMPOSITION,
        figures=sheet.figures,
        cost=costs.cost,
        demo=demo.demo_rosters,
        score_side=battle.score_side,
        campaign=campaign_rules(campaign),
        packs=pack.PACK,  # its costs are the rulebook's: campaign tables and scenarios
        printing=Printing.of_game(
            CODE, squad_context=sheet.squad_context, reference_context=sheet.reference_context
        ),
        parts=RECORD_PARTS | MODEL_PARTS | {"campaign/report_note"},
    )
)

__all__ = ["CODE", "SYSTEM", "battle", "campaign", "costs", "data", "tables", "validation"]
