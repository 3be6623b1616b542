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

from importlib import import_module
from typing import Any

from rules.campaign import campaign_rules, placings_by_outcome
from rules.registry import GameSystem, ReportRules
from rules.vp_campaign import UNIT_TIMELINE_KINDS

# The modules every unit game's package holds (its ``__all__`` with ``CODE`` and ``SYSTEM``).
MODULES = (
    "battle", "campaign", "data", "demo", "derive", "document", "pack", "reference", "sheet",
    "validation",
)  # fmt: skip
# The template parts every unit game declares (``GameSystem.parts``).
PARTS = frozenset({"campaign/report_note"})


def unit_game(
    package: str,
    *,
    campaign_settings: dict[str, Any] | None = None,
    **own: Any,
) -> GameSystem:
    """A unit game's ``GameSystem`` from the modules of its ``package`` (``MODULES``), with
    ``own`` its own slots (``states``, ``builder``, ``equipment_labels``) and
    ``campaign_settings`` its campaign's (``CampaignRules``: ``rank_casualties``)."""
    modules = {name: import_module(f"{package}.{name}") for name in MODULES}
    data, document, validation = modules["data"], modules["document"], modules["validation"]
    derive, battle, campaign = modules["derive"], modules["battle"], modules["campaign"]
    sheet, demo, pack = modules["sheet"], modules["demo"], modules["pack"]
    own.setdefault("parts", PARTS)
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
        packs=pack.PACK,  # what a club's pack may hold
        campaign=campaign_rules(
            campaign,
            placings=placings_by_outcome,  # wins as the players report them
            timeline_kinds=UNIT_TIMELINE_KINDS,  # a unit destroyed, beside changes of status
            **(campaign_settings or {}),
        ),
        **own,
    )
