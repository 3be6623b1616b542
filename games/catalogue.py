"""The catalogue of the games (issue #17): what a client needs to build a legal roster and a
battle report for a game without hard-coding one of its codes.

Everything here is read from the game's registration (``rules.registry.GameSystem``): its
codes and labels, what its builder offers each model type, its member and unit records, the
keys of its battle reports, its house-rule tables and the tables its club packs
(``game-pack/1``) may hold. No game is named: a new game appears
in the catalogue by registering. Labels are the registry's English words passed through
``gettext`` in the active language (the request's, from ``Accept-Language``); a price is
the builder's own message and its numbers, or ``None`` where the game prints no costs.
What a legal roster is made of (``GameSystem.composition``: how many models or units, each
type's and each unit kind's range, the items a kind may hold and what it must carry, a
faction's shares) is published beside it, so that a client can build one from this alone
(``scripts/api_games_walkthrough.py`` does).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext

from campaigns import house_rule_fields
from rosters.models import Member
from rules.pack_tables import Cell, PackTable, Rows
from rules.registry import Carry, GameSystem, Price, RecordField, UnitKind
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
    declared = (offered.type_range if offered is not None else None) or (
        system.composition.type_range
    )
    if declared is not None:
        least, most = declared(code)
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


def _range(least: int, most: int | None) -> dict[str, int | None]:
    return {"least": least, "most": most}


def _carry(carry: Carry) -> dict[str, Any]:
    return {"items": list(carry.items), "least": carry.least, "most": carry.most, "per": carry.per}


def _kind(system: GameSystem, kind: UnitKind) -> dict[str, Any]:
    """A unit kind: its record keys, and the shape of a legal unit of it (``KindShape``)."""
    units = system.units
    assert units is not None
    shape = system.composition.kinds.get(kind.code)
    return {
        **_coded(kind.code, kind.label),
        "members": kind.members,
        "keys": list(kind.keys),
        "required": list(kind.required),
        "defaults": {key: units.default(kind.code, key) for key in kind.keys},
        "models": _range(*(shape.least, shape.most) if shape else (0, None)),
        "items": None if shape is None or shape.items is None else list(shape.items),
        "carries": [_carry(c) for c in shape.carries] if shape else [],
    }


def _faction(system: GameSystem, code: str, row: Any) -> dict[str, Any]:
    shares = system.composition.shares
    return {
        **_coded(code, row.label),
        "shares": [
            {
                "item": share.item,
                "bound": share.bound,
                "numerator": share.numerator,
                "denominator": share.denominator,
            }
            for share in (shares(code) if shares is not None else ())
        ],
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


def _pack_cell(cell: Cell) -> dict[str, Any]:
    """One cell of a pack table's rows, or one number of a table: its kind and bounds."""
    return {
        "key": cell.key,
        "label": gettext(cell.label),
        "help": gettext(cell.help) if cell.help else "",
        "kind": cell.kind,
        "required": cell.required,
        "minimum": cell.minimum if cell.kind == "whole" else None,
        "maximum": cell.maximum if cell.kind == "whole" else None,
        "length": cell.length if cell.kind == "text" else None,
        "new": cell.new,
        "choices": [_coded(code, cell.labels.get(code, "")) for code in cell.choices],
    }


def _pack_rows(rows: Rows) -> dict[str, Any]:
    return {
        "cells": [_pack_cell(cell) for cell in rows.cells],
        "unique": list(rows.unique),
        "named": list(rows.named),
        "ordered": [list(pair) for pair in rows.ordered],
        "most": rows.most,
    }


def _pack_table(table: PackTable) -> dict[str, Any]:
    """A table a pack of the game may hold (``game-pack/1``): a list of rows, or an object
    of parts, each one number or a list of rows."""
    return {
        "id": table.id,
        "label": gettext(table.label),
        "help": gettext(table.help) if table.help else "",
        "rows": None if table.rows is None else _pack_rows(table.rows),
        "parts": [
            {
                "key": part.key,
                "label": gettext(part.label),
                "help": gettext(part.help) if part.help else "",
                "cell": _pack_cell(part) if isinstance(part, Cell) else None,
                "rows": _pack_rows(part) if isinstance(part, Rows) else None,
            }
            for part in table.parts
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
        else [_faction(system, code, row) for code, row in system.factions.items()],
        "roster_size": _range(*system.composition.size),
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
            "kinds": [_kind(system, kind) for kind in units.kinds.values()],
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
        "pack_tables": [_pack_table(table) for table in system.packs.tables],
        "reference_card": reference_url(system.code) if has_reference else None,
    }
