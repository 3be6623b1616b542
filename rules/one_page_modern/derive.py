"""What a one-page modern unit's numbers come to: the derived values of the force sheet.

Encodes section 3 of ``one-page-modern.md`` (rulebook: "Entraînement / Expérience des
Unités", "Activation" for the leader, "Neutralisation", "Couverture", "Armes" and
"Vehicules"). ``derive(roster)`` gives ``validate_roster --json`` its ``derived`` key; the
sheet prints the same figures through the helpers below (``weapon_marks``,
``fire_points_at``...).

How numbers are given (JSON-serialisable, as section 3.1 words them):

- ``base_activation``, ``activation``, ``skill``, ``armour_save`` and a member's ``save`` are
  d6 scores as ``int``: ``3`` means "3+" (``data.plus`` prints it); a save of ``None`` is no
  save;
- ``skill_vs_cover`` holds the same kind of score, capped at 6 (an unmodified 6 always hits);
- ``fire_points`` (and ``fire_points_moving``, a member's ``fire_points``) map each range
  column of 3.2, as a string of inches (``"8"`` ... ``"48"``), to a count of dice; a column
  holds for every target farther than the previous column and up to its own.

Values are computed for every unit, valid force or not, from what it lists: a cannon a
member carries, or grenades on a vehicle, count as listed (validation flags them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from rules.one_page_modern.data import (
    ALWAYS,
    BUNKER,
    CARRIED,
    COVER,
    DEFAULT_ARMOUR,
    DEFAULT_COUNT,
    HEAVY_MACHINE_GUN,
    KINDS,
    ON_TANK,
    RANGES,
    SKILL_CAP,
    TANK,
    TRAINING,
    VEHICLE,
    WEAPONS,
    Training,
    UnitKind,
    count,
    is_tank,
    leader,
    vehicle_armour,
)
from rules.one_page_modern.rows import (
    COLUMNS,
    FP_ROWS,  # noqa: F401  (read by tests/rules/test_one_page_modern_fast.py)
    HMG_RANGE,
    PACKED_MODELS,
    SAVES,
    SERVED_RANGES,
    kit,
    mounted,
    unpack,
)
from rules.types import Equipment, Member, Roster, Unit

# --- weapons --------------------------------------------------------------------------------


def mount_context(unit: Unit) -> str:
    """Where the unit's weapons sit: ``carried`` (infantry), ``vehicle``, ``tank``, ``bunker``."""
    if unit.kind == "bunker":
        return BUNKER
    if unit.kind == "vehicle":
        return TANK if is_tank(unit) else VEHICLE
    return CARRIED


def weapon_marks(item: str, context: str) -> tuple[str, ...]:
    """The marks printed beside a weapon in a mount context (1.2), in the order W, IC, AV,
    2C. W and AV belong to the weapon; IC to a flamethrower anywhere and a cannon on a tank;
    2C to a heavy machine gun carried by infantry."""
    weapon = WEAPONS[item]
    marks = []
    if weapon.walk:
        marks.append("W")
    if weapon.ignores_cover == ALWAYS or (weapon.ignores_cover == ON_TANK and context == TANK):
        marks.append("IC")
    if weapon.harms_armoured:
        marks.append("AV")
    if weapon.infantry_crew > 1 and context == CARRIED:
        marks.append("2C")
    return tuple(marks)


def fire_points_at(item: str, inches: int) -> int:
    """One weapon's FP against a target ``inches`` away (3.2)."""
    return WEAPONS[item].fp_at(inches)


def best_fire_points(equipment: Iterable[Equipment], inches: int) -> int:
    """A model's FP at a range: its best weapon's there, 0 when none reaches (3.3)."""
    return max((WEAPONS[line.item].fp_at(inches) for line in equipment), default=0)


def by_range(fire_points: Callable[[int], int]) -> dict[str, int]:
    """``fire_points(r)`` at each range column, keyed ``"8"`` ... ``"48"``."""
    return {str(r): fire_points(r) for r in RANGES}


def carries_hmg(member: Member) -> bool:
    return any(line.item == HEAVY_MACHINE_GUN for line in member.equipment)


# --- fire points of a unit (3.3) ------------------------------------------------------------


def infantry_fire_points(members: Iterable[Member], inches: int) -> int:
    """Every model's best FP, less those of the heavy machine guns' servers: within the
    gun's range, one model carrying no HMG per carrier (as many as there are), the ones with
    the lowest FP, serves and does not fire."""
    total = carriers = 0
    others: list[tuple[int, int]] = []  # (FP of one model, models) of those carrying no HMG
    for member in members:
        models, best = count(member), best_fire_points(member.equipment, inches)
        total += models * best
        if carries_hmg(member):
            carriers += models
        else:
            others.append((best, models))
    if inches > HMG_RANGE:
        return total
    for best, models in sorted(others):
        if carriers <= 0:
            break
        servers = min(carriers, models)
        total -= servers * best
        carriers -= servers
    return total


def mounted_fire_points(equipment: Iterable[Equipment], inches: int) -> int:
    """A stationary vehicle or a bunker fires all its weapons: count × FP, summed."""
    return sum(line.count * WEAPONS[line.item].fp_at(inches) for line in equipment)


def moving_fire_points(equipment: Iterable[Equipment], inches: int) -> int:
    """A moving vehicle fires one weapon: the best single mounted weapon's FP."""
    return best_fire_points(equipment, inches)


# --- the unit -------------------------------------------------------------------------------


def models(unit: Unit) -> int:
    """Models of the unit: its members' counts, or 1 for a vehicle or a bunker."""
    if not KINDS[unit.kind].has_members:
        return 1
    return sum(count(member) for member in unit.members)


def unit_leader(unit: Unit) -> tuple[Member, Training] | None:
    """The unit's leader member and its level; with several, the best level (the first
    listed of equal ones)."""
    found = None
    for member in unit.members:
        level = leader(member)
        if level is not None and (found is None or level.activation < found[1].activation):
            found = (member, level)
    return found


def skill_vs_cover(skill: int) -> dict[str, int]:
    """The score to hit a target in each cover, never worse than 6."""
    return {code: min(SKILL_CAP, skill + cover.modifier) for code, cover in COVER.items()}


# --- every column at once: the rows of ``rows.py``, which derive_unit adds up -----------------


def _unit_keys(kind: UnitKind, level: Training) -> dict[str, Any]:
    """The keys of 3.1, in order: those the unit's kind and training level set alone, the
    others ``None`` until ``derive_unit`` fills them in."""
    return {
        "kind": kind.code,
        "training": level.code,
        "models": None,
        "base_activation": level.activation,
        "leader": None,
        "activation": None,
        "skill": level.skill,
        "skill_vs_cover": None,
        "max_pinned": level.max_pinned if kind.pinnable else 0,
        "armour_class": None,
        "armour_save": None,
        "armoured": None,
        "tank": None,
        "crosses_medium_cover": None,
        "fire_points": None,
        "fire_points_moving": None,
        "members": None,
    }


class _Start(NamedTuple):
    """What ``derive_unit`` starts from, for one kind and training level."""

    keys: dict[str, Any]  # _unit_keys: a template, copied for each unit
    level: Training
    infantry: bool  # the kind has members
    skill_vs_cover: dict[str, int]  # a template too


# Every (kind, training level) pair's start, made once.
_STARTS = {
    (kind.code, level.code): _Start(
        _unit_keys(kind, level), level, kind.has_members, skill_vs_cover(level.skill)
    )
    for kind in KINDS.values()
    for level in TRAINING.values()
}


def derive_unit(unit: Unit) -> dict[str, Any]:
    """The keys of section 3.1 for one unit.

    One pass over the members gives the models (``models``), the leader (``unit_leader``),
    each member's values and an infantry unit's fire points (``infantry_fire_points``), from
    each member's ``kit``; a vehicle's or a bunker's fire points are its ``mounted``
    weapons'."""
    keys, level, infantry, cover = _STARTS[unit.kind, unit.record["training"]]
    models = 0 if infantry else 1  # a vehicle or a bunker is one model
    leader_name = leader_level = None  # the best level; the first listed of equal ones
    packed = 0  # infantry: count × the model's best FP, summed, packed
    whole = True  # every count is a whole number from 0 up (see _PACKING)
    carriers = 0  # infantry: models carrying a heavy machine gun
    members = {}
    for member in unit.members:
        record = member.record
        n = record.get("count", DEFAULT_COUNT)
        code = record.get("leader")
        if code is not None:
            level_ = TRAINING[code]
            if leader_level is None or level_.activation < leader_level.activation:
                leader_name, leader_level = member.name, level_
        gear = kit(member.equipment)
        members[member.name] = {
            "count": n,
            "save": SAVES[record.get("armour", DEFAULT_ARMOUR)],
            "fire_points": gear.by_range.copy(),
        }
        if infantry:
            models += n
            packed += n * gear.packed
            if n < 0:
                whole = False
            if gear.hmg:
                carriers += n
    activation = level.activation
    if leader_level is not None and leader_level.activation < activation:
        activation = leader_level.activation  # a better leader's
    values = keys.copy()
    values["models"] = models
    values["leader"] = leader_name
    values["activation"] = activation
    values["skill_vs_cover"] = cover.copy()
    values["members"] = members
    if infantry:
        if whole and type(packed) is int and models < PACKED_MODELS:
            fire_points = unpack(packed)
        else:  # odd counts: add up each column in turn, as infantry_fire_points does
            rows = [(count(member), kit(member.equipment).fire_points) for member in unit.members]
            totals = [sum(n * row[i] for n, row in rows) for i in range(len(RANGES))]
            fire_points = dict(zip(COLUMNS, totals, strict=True))
        if carriers > 0:  # heavy machine guns (rare): take off their servers within range
            for r in SERVED_RANGES:
                fire_points[str(r)] = infantry_fire_points(unit.members, r)
        values["fire_points"] = fire_points
    else:
        weapons = mounted(unit.equipment)
        values["fire_points"] = weapons.fire_points.copy()
        if unit.kind == "vehicle":
            cls = vehicle_armour(unit)
            tank = is_tank(unit)
            values["armour_class"] = cls.code
            values["armour_save"] = cls.save
            values["armoured"] = cls.armoured
            values["tank"] = tank
            values["crosses_medium_cover"] = tank and cls.tank_crosses_medium_cover
            values["fire_points_moving"] = weapons.fire_points_moving.copy()
    return values


def derive(roster: Roster) -> dict[str, Any]:
    """``{"derived": {unit name: the keys of section 3.1}}``, every unit included."""
    return {"derived": {unit.name: derive_unit(unit) for unit in roster.units}}
