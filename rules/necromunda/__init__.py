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

from rules.campaign import campaign_rules, placings_by_outcome  # noqa: E402
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
from rules.registry import MODEL_PARTS, RECORD_PARTS, GameSystem, Printing, ReportRules, register

CODE = data.CODE

SYSTEM = register(
    GameSystem(
        code=CODE,
        name=data.NAME,
        factions=None,  # the houses are only named: the faction is free text
        model_types=data.FIGHTER_TYPES,
        leader_type=data.LEADER,
        ordinary_type=data.GANGER,
        items=data.ITEMS,
        abilities={},  # no skills in these rules
        states=data.END_STATES,
        outcomes=data.OUTCOMES,
        default_points_limit=None,  # the text prints no costs
        limits=data.DOCUMENT_LIMITS,
        member_record=data.MEMBER_RECORD,
        deeds=data.DEEDS,
        report=ReportRules(
            casualty=data.CASUALTY_FIELDS,
            side=data.SIDE_FIELDS,
            check=battle.check_report,
            disagreements=battle.claims_disagreements,
        ),
        validate=validation.validate,
        composition=validation.COMPOSITION,
        figures=sheet.figures,
        check_document=validation.check_document,
        cost=None,
        packs=pack.PACK,  # what a club's pack may hold: points, weapons, scenarios
        demo=demo.demo_rosters,
        derive=derive.derive,
        score_side=battle.score_side,
        campaign=campaign_rules(
            campaign,
            placings=placings_by_outcome,  # wins as the players report them
            aftermath_kinds=("serious-injury",),  # the table is not in these rules
            aftermath_fields=("status", "advances"),
        ),
        printing=Printing.of_game(
            CODE, squad_context=sheet.squad_context, reference_context=sheet.reference_context
        ),
        parts=RECORD_PARTS | MODEL_PARTS | {"campaign/report_note", "campaign/aftermath_fields"},
    )
)

__all__ = [
    "CODE", "SYSTEM", "battle", "campaign", "data", "derive", "pack", "reference", "sheet",
    "validation",
]  # fmt: skip
