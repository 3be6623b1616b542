"""What a Bolt Action unit's numbers come to: the derived values of the force sheet.

Encodes section 2 of ``bolt-action.md`` (rulebook: "Dés d'ordres" for one die per unit,
"Qualité de troupes et moral", "Table de valeur de dommages", "Modificateurs pour toucher"
for the inexperienced and small-unit modifiers) and the counting rule of 1.4.
``derive(roster)`` gives ``validate_roster --json`` its ``order_dice`` and ``derived`` keys;
the sheet (section 6) prints the same figures through the helpers below.

Values are computed for every unit, valid force or not, from what it lists. Every value is
JSON-serialisable: ``shots`` is ``None`` (null) when a weapon held has no shots value (1.3).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rules.bolt_action.data import (
    ARTILLERY,
    BASE_TO_HIT,
    DEFAULT_COUNT,
    DRIVES,
    INFANTRY,
    KINDS,
    ONE_SHOTS,
    QUALITIES,
    SMALL_UNIT_MAX_MODELS,
    SQUAD,
    TEAM,
    TERRAIN,
    TERRAIN_CELLS,
    WEAPONS,
    count,
    drive,
    kind,
    quality,
)
from rules.types import Roster, Unit

# The six keys of section 2, in its order.
KEYS = ("models", "morale", "damage_value", "to_hit_modifier", "small_unit", "shots")

# --- counting (1.4) -------------------------------------------------------------------------


def models(unit: Unit) -> int:
    """The unit's models: its members' counts added (0 with none); 1 for a vehicle."""
    if kind(unit).vehicle:
        return 1
    return sum(count(member) for member in unit.members)


def holdings(unit: Unit) -> dict[str, int]:
    """How many of each item the unit holds, in the order first listed: a member entry's
    count × the item's count, added over members and entries; the unit's own entries (a
    vehicle's) as written."""
    held: dict[str, int] = {}
    for member in unit.members:
        models_of_entry = count(member)
        for line in member.equipment:
            held[line.item] = held.get(line.item, 0) + models_of_entry * line.count
    for line in unit.equipment:
        held[line.item] = held.get(line.item, 0) + line.count
    return held


def held(unit: Unit, items: frozenset[str]) -> int:
    """How many items of ``items`` the unit holds in all."""
    total = 0
    for member in unit.members:
        models_of_entry = count(member)
        for line in member.equipment:
            if line.item in items:
                total += models_of_entry * line.count
    for line in unit.equipment:
        if line.item in items:
            total += line.count
    return total


# --- the six values (2) ---------------------------------------------------------------------

# Fast path: ``derive`` runs on every edit of the force builder, so ``derive_unit`` reads a
# unit's kind and quality through these tables (built once, from ``data.py``) and walks its
# members once, counting models and shots together (``_models_and_shots``).
_KIND_FIGURES: dict[str, tuple[bool, int | None]] = {
    code: (k.vehicle, k.damage_value) for code, k in KINDS.items()
}  # kind -> (a vehicle?, its damage value or None: by quality)
_QUALITY_FIGURES: dict[str, tuple[int, int, int]] = {
    code: (q.morale, q.damage_value, q.to_hit_modifier) for code, q in QUALITIES.items()
}
# Shots per weapon held, 0 for a one-shot anti-tank weapon (left out of ``shots``), None
# when the weapon has no shots value.
_SHOTS: dict[str, int | None] = {
    code: 0 if code in ONE_SHOTS else w.shots for code, w in WEAPONS.items()
}


def _models_and_shots(unit: Unit) -> tuple[int, int | None]:
    """The members' counts added (a vehicle's 1 is the caller's) and ``shots``, in one pass
    over the unit's equipment, in the order listed, as ``shots`` reads ``holdings``."""
    n = 0
    total: int | None = 0
    for member in unit.members:
        models_of_entry = member.record.get("count", DEFAULT_COUNT)
        n += models_of_entry
        for line in member.equipment:
            if total is not None:  # None: ``shots`` stops at the first weapon with no value
                per_weapon = _SHOTS[line.item]
                if per_weapon is None:
                    total = None
                else:
                    total += per_weapon * models_of_entry * line.count
    for line in unit.equipment:
        if total is not None:
            per_weapon = _SHOTS[line.item]
            if per_weapon is None:
                total = None
            else:
                total += per_weapon * line.count
    return n, total


def damage_value(unit: Unit) -> int:
    """The N of "N+": a vehicle's by its kind, anyone else's by quality."""
    value = kind(unit).damage_value
    return quality(unit).damage_value if value is None else value


def to_hit_modifier(unit: Unit) -> int:
    """The unit's own modifier when it shoots: −1 inexperienced, else 0."""
    return quality(unit).to_hit_modifier


def small_unit(unit: Unit) -> bool:
    """An infantry or artillery unit of 1 or 2 models (−1 to hit it); never a vehicle
    (Reading: the text's vehicle rules are missing)."""
    return not kind(unit).vehicle and 1 <= models(unit) <= SMALL_UNIT_MAX_MODELS


def shots(unit: Unit) -> int | None:
    """Shots × number held over the unit's weapons but one-shot anti-tank weapons (which
    may pick their own target); 0 with none; ``None`` when one has no shots value."""
    return _models_and_shots(unit)[1]


def derive_unit(unit: Unit) -> dict[str, Any]:
    """The six keys of section 2 for one unit (``models``, ``damage_value``,
    ``to_hit_modifier``, ``small_unit`` and ``shots`` above, ``morale`` by quality), from the
    fast path's tables: one pass over the members."""
    vehicle, vehicle_damage = _KIND_FIGURES[unit.kind]
    morale, quality_damage, modifier = _QUALITY_FIGURES[unit.record["quality"]]
    n, total = _models_and_shots(unit)
    if vehicle:
        n = 1
    return {
        "models": n,
        "morale": morale,
        "damage_value": quality_damage if vehicle_damage is None else vehicle_damage,
        "to_hit_modifier": modifier,
        "small_unit": not vehicle and 1 <= n <= SMALL_UNIT_MAX_MODELS,
        "shots": total,
    }


def order_dice(roster: Roster) -> int:
    """One order die per unit (Reading: artillery included; every unit listed counts, the
    roster having no "in reserve" flag)."""
    return len(roster.units)


def derive(roster: Roster) -> dict[str, Any]:
    """``{"order_dice": n, "derived": {unit name: its six keys}}``, every unit included."""
    return {
        "order_dice": order_dice(roster),
        "derived": {unit.name: derive_unit(unit) for unit in roster.units},
    }


# --- what the sheet prints (section 6) ------------------------------------------------------


def to_hit(unit: Unit) -> int:
    """The d6 score the unit's shooting needs before other modifiers: 3, 4 inexperienced."""
    return BASE_TO_HIT - to_hit_modifier(unit)


class WeaponLine(NamedTuple):
    """One item the unit holds, once, as the sheet's weapons list prints it."""

    item: str
    count: int  # total held (1.4, counting)
    labels: tuple[str, ...]  # the players' names for it, each once, in order


def weapon_lines(unit: Unit) -> list[WeaponLine]:
    """Each item the unit holds, with its total and label(s), in the order first listed."""
    labels: dict[str, dict[str, None]] = {}
    lines = [line for member in unit.members for line in member.equipment]
    for line in (*lines, *unit.equipment):
        names = labels.setdefault(line.item, {})
        if line.label:
            names[line.label] = None
    return [WeaponLine(item, n, tuple(labels[item])) for item, n in holdings(unit).items()]


def one_shot_boxes(unit: Unit) -> int:
    """Boxes to tick on the sheet, one per one-shot anti-tank weapon held (Reading)."""
    return held(unit, ONE_SHOTS)


def kind_label(unit: Unit) -> tuple[str, str | None]:
    """The kind's label and, for a vehicle, its drive's ("Medium tank", "tracked")."""
    code = drive(unit)
    return kind(unit).label, None if code is None else DRIVES[code]


_COLUMN = {SQUAD: INFANTRY, TEAM: INFANTRY, ARTILLERY: ARTILLERY}


def mover(unit: Unit) -> str:
    """The terrain table's column for the unit: infantry, artillery, or a vehicle's drive."""
    return _COLUMN.get(kind(unit).place) or drive(unit)


def terrain_row(unit: Unit) -> list[tuple[str, str]]:
    """``(terrain label, cell)`` for each terrain of 5.7, in the unit's column (English)."""
    column = mover(unit)
    return [(t.label, TERRAIN_CELLS[t.moves[column]]) for t in TERRAIN.values()]
