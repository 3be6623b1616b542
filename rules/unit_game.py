"""What the games played with units register alike.

No such game's text has army lists, points, model types or abilities (the sections on units
and forces of its ``docs/games/<game>.md``): a force lists units whose members have no type,
its faction is free text, and it is not costed. Each game's modules fill the same slots of
its ``GameSystem`` (its document's shape and report keys, its validation, derived values,
VP, sheet, demo and campaign); ``unit_game`` builds that from them, and the game passes only
what is its own (its end states, its builder choices, its labelled equipment, its
campaign's settings).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from rules.campaign import campaign_rules, placings_by_outcome
from rules.registry import GameSystem, ReportRules


def unit_game(
    *,
    data: ModuleType,
    document: ModuleType,
    validation: ModuleType,
    derive: ModuleType,
    battle: ModuleType,
    campaign: ModuleType,
    sheet: ModuleType,
    demo: ModuleType,
    campaign_settings: dict[str, Any] | None = None,
    **own: Any,
) -> GameSystem:
    """A unit game's ``GameSystem`` from its modules, with ``own`` its own slots (``states``,
    ``builder``, ``equipment_labels``) and ``campaign_settings`` its campaign's
    (``CampaignRules``: ``rank_casualties``)."""
    return GameSystem(
        code=data.CODE,
        name=data.NAME,
        factions=None,  # no army lists: the faction is an optional free-text label
        model_types={},  # a force lists units, whose members have no type
        items=data.ITEMS,
        abilities={},
        outcomes=data.OUTCOMES,
        default_points_limit=None,  # the text has no points
        member_record=document.MEMBER_RECORD,
        units=document.UNITS,
        report=ReportRules(casualty=document.CASUALTY_FIELDS, check=document.check_report),
        validate=validation.validate,
        composition=validation.COMPOSITION,
        check_document=validation.check_document,
        cost=None,
        derive=derive.derive,
        score_side=battle.score_side,
        demo=demo.demo_rosters,
        printing=sheet.PRINTING,
        campaign=campaign_rules(
            campaign,
            placings=placings_by_outcome,  # wins as the players report them
            **(campaign_settings or {}),
        ),
        **own,
    )
