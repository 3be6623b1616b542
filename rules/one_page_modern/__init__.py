"""One-page modern skirmish: generic rules for modern (and partly science-fiction) skirmish,
played with units rather than single models: the third system, and the first of units.

Source: ``docs/games/one-page-modern.md`` (the product's English reading of a French
one-page rulebook: units, training, actions, pinning, cover, close combat, weapons, personal
armour, vehicles). The text has no points, no army lists and no campaign; what the product
adds is marked there as a Reading and kept as data. Where a rule lives:

- training levels, weapons, armour, vehicle classes, unit kinds, cover, ranges, the default
  victory points (sections 1, 3.2, 5): ``data.py``
- what a force's units and members, and a report's casualties, carry (section 8):
  ``document.py``
- the derived values of each unit and its fire points (section 3): ``derive.py``
- force rules and their violation codes, what makes a document unreadable (section 4):
  ``validation.py``
- casualties, destroyed units and victory points of a battle (section 5): ``battle.py``
- the force sheet, unit cards (section 7) and quick-reference card (section 6):
  ``sheet.py``, ``reference.py``
- the example force "Task Force Kestrel" (section 8): ``demo.py``
"""

from rules.campaign import placings_by_outcome
from rules.one_page_modern import (
    battle,
    campaign,
    data,
    demo,
    derive,
    document,
    reference,
    sheet,
    validation,
)
from rules.registry import (
    BuilderChoices,
    CampaignRules,
    GameSystem,
    ReportRules,
    register,
)

CODE = data.CODE

SYSTEM = register(
    GameSystem(
        code=CODE,
        name=data.NAME,
        factions=None,  # the text defines none: an optional free-text label
        model_types={},  # a force lists units, whose members have no type
        items=data.ITEMS,
        abilities={},
        states=(),
        outcomes=data.OUTCOMES,
        default_points_limit=None,  # the text has no points
        member_record=document.MEMBER_RECORD,
        units=document.UNITS,
        builder=BuilderChoices.for_units(validation.weapons_for),  # where each may sit (1.2)
        report=ReportRules(casualty=document.CASUALTY_FIELDS, check=document.check_report),
        validate=validation.validate,
        composition=validation.COMPOSITION,
        check_document=validation.check_document,
        cost=None,
        derive=derive.derive,
        score_side=battle.score_side,
        demo=demo.demo_rosters,
        printing=sheet.PRINTING,
        campaign=CampaignRules(
            default_house_rules=campaign.default_house_rules,
            parse_house_rules=campaign.parse_house_rules,
            resolve_side=campaign.resolve_side,
            changes=campaign.changes,
            check_side=campaign.check_side,
            labels=campaign.LABELS,
            history=campaign.HISTORY,
            placings=placings_by_outcome,  # wins as the players report them
            standing_columns=campaign.STANDING_COLUMNS,
            tallies=campaign.tallies,
            points=campaign.campaign_points,  # a house-rule points table, none by default
            check_roster=campaign.check_roster,
            casualties=campaign.casualties,
            rank_casualties=True,  # VP, wins, then the fewest models lost
        ),
    )
)

__all__ = [
    "CODE", "SYSTEM", "battle", "campaign", "data", "demo", "derive", "document", "reference",
    "sheet", "validation",
]  # fmt: skip
