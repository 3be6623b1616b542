"""What Black Sun's printed pages show: the squad sheet's and cards' rows, the reference card.

``printing.pdf`` prints a squad's header (name, owner, points, validity, violations) for every
game and asks the game for the rest (``rules.registry.Printing``): here, one row per model
(weapon profiles, grenades, CV, armour, RP, heal and specialist values, who assists whom,
gear, abilities), the faction's rules, the hand-grenade profile printed once under the sheet,
and the quick-reference card's tables (``reference.py``) as the templates read them. The
templates are under ``templates/systems/black-sun/``.

Labels are translated where they are printed (``rules.i18n.Translate``).
"""

from __future__ import annotations

from typing import Any

from rules.black_sun import data, reference
from rules.black_sun.costs import ModelCost
from rules.i18n import TO_BE_NAMED, Translate
from rules.i18n import gettext_noop as _
from rules.registry import Figure
from rules.types import Member, Roster, RosterCost

GRENADE_PROFILE = "hand-grenade"


def _label(translate: Translate, text: str) -> str:
    return translate(text) if text else text  # gettext("") is the catalogue's header


def _weapon_row(translate: Translate, code: str, name: str, count: int = 1) -> dict[str, Any]:
    p = data.WEAPON_PROFILES[code]
    return {
        "name": name,
        "count": count,
        "range": _label(translate, p.range),
        "impact": p.impact,
        "stationary": _label(translate, p.dice_stationary),
        "moving": _label(translate, p.dice_moving),
        "suppression": p.suppression,
    }


def _grenade_row(translate: Translate, count: int) -> dict[str, Any]:
    name = _label(translate, data.ITEMS[data.GRENADES].label)
    return _weapon_row(translate, GRENADE_PROFILE, name, count)


def _model(
    roster: Roster,
    member: Member,
    member_cost: ModelCost,
    assisted_by: list[str],
    translate: Translate,
) -> dict[str, Any]:
    model_type = data.MODEL_TYPES[member.type]
    weapons, gear = [], []
    for line in member.equipment:
        if line.item == data.GRENADES:
            continue  # printed from the cost, which counts the free ones
        item = data.ITEMS[line.item]
        label = _label(translate, item.label)
        if len(item.profiles) == 1:  # the item's own name: "Assault rifle (AR)"
            weapons.append(_weapon_row(translate, item.profiles[0], label, line.count))
        elif item.profiles:  # one row per profile: SAW and MG, slug and shot
            for code in item.profiles:
                profile_name = _label(translate, data.WEAPON_PROFILES[code].label)
                weapons.append(_weapon_row(translate, code, profile_name, line.count))
        else:
            gear.append({"label": label, "count": line.count})
    abilities = []
    for ability in member.abilities:
        definition = data.ABILITIES[ability.code]
        detail = ability.detail
        if detail in data.FACTIONS:
            detail = _label(translate, data.FACTIONS[detail].label)
        elif detail == TO_BE_NAMED:
            detail = _label(translate, detail)
        abilities.append({
            "label": _label(translate, definition.label),
            "effect": _label(translate, definition.effect),
            "detail": detail,
            "disadvantage": definition.kind == data.DISADVANTAGE,
            "source": ability.source,  # a code: the printing layer prints its label
        })  # fmt: skip
    free_grenades = data.FACTIONS[roster.faction].free_grenades
    return {
        "type": _label(translate, model_type.label),
        "cv": member_cost.cv,
        "cv_base": member_cost.cv_base,
        "cv_loss": member.record.get("cv_loss", 0),
        "armour": member_cost.armour,
        "grenades": member_cost.grenades,  # the hand-grenade profile is printed once, below
        "grenades_free": min(free_grenades, member_cost.grenades),
        "grenade_row": (  # the cards repeat the profile: each card stands alone
            _grenade_row(translate, member_cost.grenades) if member_cost.grenades else None
        ),
        "points": member_cost.points,
        "rp": member.record.get("rp", 0) if model_type.key_character else None,
        "heal_value": model_type.heal_value,
        "specialist_value": model_type.specialist_value,
        "assists": member.record.get("assists"),
        "assisted_by": assisted_by,
        "weapons": weapons,
        "gear": gear,
        "abilities": abilities,
    }


def squad_context(
    roster: Roster,
    costs: RosterCost,
    include_dead: bool,
    translate: Translate,
    pack: object = None,
) -> dict[str, Any]:
    """Black Sun's part of the sheet and cards: the models, the faction, the grenade (its
    packs hold no weapon profiles: ``pack`` changes nothing)."""
    faction = data.FACTIONS[roster.faction]
    assisted_by: dict[str, list[str]] = {}
    for member in roster.members:
        assists = member.record.get("assists")
        if assists is not None:
            assisted_by.setdefault(assists, []).append(member.name)
    models = [
        _model(roster, member, member_cost, assisted_by.get(member.name, []), translate)
        for member, member_cost in zip(roster.members, costs.members, strict=True)
        if include_dead or member.status != "dead"
    ]
    grenade = data.WEAPON_PROFILES[GRENADE_PROFILE]
    return {
        "faction": {
            "label": _label(translate, faction.label),
            "communication": _label(translate, faction.communication),
            "special_rules": _label(translate, faction.special_rules),
        },
        "models": models,
        "grenade": _weapon_row(translate, GRENADE_PROFILE, _label(translate, grenade.label)),
    }


# --- the quick-reference card ---------------------------------------------------------------


def _table(table: reference.Table, translate: Translate) -> dict[str, Any]:
    params = dict(table.params)
    return {
        "key": table.key,
        "title": _label(translate, table.title),
        "columns": [_label(translate, c) for c in table.columns],
        "rows": [
            {
                "cells": [_label(translate, c) if isinstance(c, str) else c for c in row],
                "starred": i in table.starred,
            }
            for i, row in enumerate(table.rows)
        ],
        "notes": [
            _label(translate, n) % params if params else _label(translate, n) for n in table.notes
        ],
    }


def reference_context(translate: Translate, pack: object = None) -> dict[str, Any]:
    """The reference card's tables by key (``-`` made ``_``: ``tables.off_table``). A pack
    changes nothing on it (the game's packs hold no weapon profiles)."""
    return {"tables": {t.key.replace("-", "_"): _table(t, translate) for t in reference.TABLES}}


def figures(
    cost: ModelCost | None, derived: Any, broken: frozenset[str], translate: Translate
) -> tuple[Figure, ...]:
    """A model's figures on its line and card in the builder: CV (current / base when they
    differ), EP spent of its allowance (flagged when it spends too much), armour, grenades
    and points."""
    if cost is None:
        return ()
    cv = str(cost.cv) if cost.cv == cost.cv_base else f"{cost.cv} / {cost.cv_base}"
    return (
        Figure("cv", f"{translate(_('CV'))} {cv}", translate(_("combat value: current / base"))),
        Figure(
            "ep",
            f"{translate(_('EP'))} {cost.ep_spent} / {cost.ep_allowed}",
            flagged="ep-over" in broken,
        ),
        Figure("armour", f"{translate(_('Armour'))} {cost.armour}"),
        Figure("grenades", f"{translate(_('Grenades'))} {cost.grenades}"),
        Figure("points", f"{translate(_('Points'))} {cost.points}"),
    )
