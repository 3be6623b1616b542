"""What the games played with single models register alike.

Such a game's squad lists models, each of a type, each carrying a record (its
``docs/games/<game>.md``'s sections on models and squads). Its modules fill the same slots
of its ``GameSystem``: its data's items, limits, model record and deeds, its validation and
composition, its sheet's figures and printing, its demo squads, its VP and its pack;
``model_game`` builds that from them, and the game passes only what is its own (its types,
factions and abilities, its end states and outcomes, its report's fields, its builder
choices, its costs, its campaign's settings). The twin of ``rules.unit_game``.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from rules.campaign import campaign_rules
from rules.registry import MODEL_PARTS, RECORD_PARTS, GameSystem, Printing, ReportRules

# The modules every model game's package holds.
MODULES = ("battle", "campaign", "data", "demo", "pack", "sheet", "validation")
# The template parts every model game declares (``GameSystem.parts``); a game adds its own.
PARTS = RECORD_PARTS | MODEL_PARTS | {"campaign/report_note"}


def model_game(
    package: str,
    *,
    code: str,
    report: dict[str, Any],
    campaign_settings: dict[str, Any] | None = None,
    parts: frozenset[str] | set[str] = frozenset(),
    **own: Any,
) -> GameSystem:
    """A model game's ``GameSystem`` named ``code`` from the modules of its ``package``
    (``MODULES``), with ``report`` its report's fields (``ReportRules`` but its ``check``,
    the battle module's), ``campaign_settings`` its campaign's (``campaign_rules``),
    ``parts`` the template parts it adds to ``PARTS``, and ``own`` its own slots."""
    modules = {name: import_module(f"{package}.{name}") for name in MODULES}
    data, validation, sheet = modules["data"], modules["validation"], modules["sheet"]
    battle = modules["battle"]
    return GameSystem(
        code=code,
        name=data.NAME,
        items=data.ITEMS,
        limits=data.DOCUMENT_LIMITS,
        member_record=data.MEMBER_RECORD,
        deeds=data.DEEDS,
        report=ReportRules(check=battle.check_report, **report),
        validate=validation.validate,
        composition=validation.COMPOSITION,
        figures=sheet.figures,
        demo=modules["demo"].demo_rosters,
        score_side=battle.score_side,
        campaign=campaign_rules(modules["campaign"], **(campaign_settings or {})),
        packs=modules["pack"].PACK,
        printing=Printing.of_game(
            code, squad_context=sheet.squad_context, reference_context=sheet.reference_context
        ),
        parts=PARTS | set(parts),
        **own,
    )
