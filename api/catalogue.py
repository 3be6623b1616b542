"""The catalogue of the games (issue #17): what a client needs to build a legal roster and a
battle report for a game without hard-coding one of its codes.

Everything here is read from the game's registration (``rules.registry.GameSystem``): its
codes and labels, what its builder offers each model type, its member and unit records, the
keys of its battle reports and its house-rule tables. No game is named: a new game appears
in the catalogue by registering. Labels are the registry's English words passed through
``gettext`` in the active language (the request's, from ``Accept-Language``); a price is
the builder's own message and its numbers, or ``None`` where the game prints no costs.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext

from campaigns import house_rule_fields
from rosters.models import Member
from rules.registry import GameSystem, Price, RecordField
from rules.types import ABILITY_SOURCES, MEMBER_STATUSES


def _coded(code: str, label: str) -> dict[str, str]:
    return {"code": code, "label": gettext(label) if label else code}


def _price(price: Price | None) -> dict[str, Any] | None:
    """A builder's price as ``{"text", "values"}`` in the reader's language, or None."""
    if price is None:
        return None
    message, params = price
    return {"text": gettext(message) % params, "values": dict(params)}


def _labels(system: GameSystem) -> list[Mapping[str, str]]:
    """Where the game keeps the words of its codes: its units' record, then its campaign's."""
    found: list[Mapping[str, str]] = []
    if system.units is not None:
        found.append(system.units.labels)
    if system.campaign is not None:
        found.append(system.campaign.labels)
    return found


def _choice_label(system: GameSystem, key: str, code: str) -> str:
    """The English label of a code of the record or report field ``key``."""
    for labels in _labels(system):
        for name in (f"{key}:{code}", code):
            if labels.get(name):
                return labels[name]
    return code


def record_field(system: GameSystem, field: RecordField) -> dict[str, Any]:
    """One key of a member, unit, deed or report record: its kind says its JSON type."""
    default = field.default
    if isinstance(default, Mapping):
        default = dict(default)
    return {
        "key": field.key,
        "label": gettext(field.label) if field.label else field.key,
        "help": gettext(field.help) if field.help else "",
        "kind": field.kind,
        "default": default,
        "minimum": field.minimum if field.kind in ("count", "adjustments", "rolls") else None,
        "maximum": field.maximum,
        "required": field.required,
        "choices": [_coded(code, _choice_label(system, field.key, code)) for code in field.choices],
    }


def _items_by_faction(system: GameSystem, model_type: str) -> list[dict[str, Any]]:
    """The item codes a model of the type may take, per faction (``null``: any faction)."""
    offered = system.builder
    if offered is None:
        return [{"faction": None, "items": list(system.items)}]
    if system.factions is None:
        return [{"faction": None, "items": list(offered.items("", model_type))}]
    return [
        {"faction": faction, "items": list(offered.items(faction, model_type))}
        for faction in system.factions
    ]


def _model_type(system: GameSystem, code: str, row: Any) -> dict[str, Any]:
    offered = system.builder
    least, most = None, None
    if offered is not None and offered.type_range is not None:
        least, most = offered.type_range(code)
    priced = offered.type_price if offered is not None else None
    return {
        **_coded(code, row.label),
        "cost": _price(priced(code)) if priced is not None else None,
        "least": least,
        "most": most,
        "items": _items_by_faction(system, code),
        "starting_abilities": {
            "count": offered.starting_count(code) if offered is not None else None,
            "drawn": offered.starting_drawn(code) if offered is not None else False,
            "choices": list(
                offered.starting_abilities(code) if offered is not None else system.abilities
            ),
        },
    }


def _house_rules(system: GameSystem) -> dict[str, Any] | None:
    """The campaign's house-rule tables: each with its default and its keys' defaults,
    labelled as the settings page labels them."""
    rules = system.campaign
    if rules is None:
        return None
    defaults = rules.default_house_rules()
    return {
        "defaults": defaults,
        "tables": [
            {
                "key": table.key,
                "label": gettext(
                    rules.labels.get(f"house:{table.key}")
                    or rules.labels.get(f"table:{table.key}")  # the settings page's box
                    or house_rule_fields.title(rules.labels, table.key)
                ),
                "default": table.default,
                "keys": [
                    {
                        "key": key,
                        "label": gettext(house_rule_fields.label(rules.labels, table.key, key)),
                        "default": table.default[key],
                    }
                    for key in (table.default if isinstance(table.default, Mapping) else ())
                ],
            }
            for table in house_rule_fields.tables(defaults)
        ],
    }


def _outcome_label(system: GameSystem, code: str) -> str:
    labels = system.campaign.labels if system.campaign is not None else {}
    return labels.get(f"outcome:{code}") or code


def _state_label(system: GameSystem, code: str) -> str:
    labels = system.campaign.labels if system.campaign is not None else {}
    return labels.get(code) or code


def summary(system: GameSystem, url: Callable[[str], str]) -> dict[str, Any]:
    """A game in the list: what it is and where its catalogue is (``url(code)``)."""
    return {
        "code": system.code,
        "name": system.name,
        "lists": system.lists,
        "costed": system.cost is not None,
        "default_points_limit": system.default_points_limit,
        "campaigns": system.campaign is not None,
        "url": url(system.code),
    }


def catalogue(
    system: GameSystem, url: Callable[[str], str], reference_url: Callable[[str], str]
) -> dict[str, Any]:
    """Everything the game declares that a client needs, in the active language."""
    units = system.units
    labels = dict(Member.Status.choices)  # a model's status, as the pages word it
    has_reference = system.printing is not None and system.printing.reference_template
    priced = system.builder.item_price if system.builder is not None else None
    return {
        **summary(system, url),
        "factions": None
        if system.factions is None
        else [_coded(code, row.label) for code, row in system.factions.items()],
        "model_types": [_model_type(system, code, row) for code, row in system.model_types.items()],
        "items": [
            {**_coded(code, row.label), "cost": _price(priced(code)) if priced else None}
            for code, row in system.items.items()
        ],
        "equipment_labels": system.equipment_labels,
        "abilities": [
            {
                **_coded(code, row.label),
                "effect": gettext(row.effect) if getattr(row, "effect", "") else "",
                "needs_detail": bool(getattr(row, "needs_detail", False)),
            }
            for code, row in system.abilities.items()
        ],
        "ability_sources": list(ABILITY_SOURCES) if system.abilities else [],
        "random_abilities": list(system.builder.random_abilities) if system.builder else [],
        "member_statuses": []
        if units is not None
        else [{"code": code, "label": str(labels[code])} for code in MEMBER_STATUSES],
        "member_record": [record_field(system, f) for f in system.member_record],
        "units": None
        if units is None
        else {
            "kinds": [
                {
                    **_coded(kind.code, kind.label),
                    "members": kind.members,
                    "keys": list(kind.keys),
                    "required": list(kind.required),
                    "defaults": {key: units.default(kind.code, key) for key in kind.keys},
                }
                for kind in units.kinds.values()
            ],
            "default_kind": units.default_kind,
            "record": [record_field(system, f) for f in units.record],
        },
        "limits": dataclasses.asdict(system.limits),
        "battle": {
            "states": [_coded(code, _state_label(system, code)) for code in system.states],
            "outcomes": [_coded(code, _outcome_label(system, code)) for code in system.outcomes],
            "deeds": [record_field(system, f) for f in system.deeds],
            "casualty": [record_field(system, f) for f in system.report.casualty],
            "side": [record_field(system, f) for f in system.report.side],
        },
        "house_rules": _house_rules(system),
        "reference_card": reference_url(system.code) if has_reference else None,
    }
