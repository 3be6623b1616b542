"""The fast ``derive`` and ``validate`` of one-page modern against a straightforward reference.

``derive.derive_unit`` works on whole rows of fire points, cached per list of weapon codes,
and ``validation.validate`` skips the rules of a unit that breaks none (the builder runs both on
every edit: 30 us for ten units). The reference below is the code they replaced: each rule of
``one-page-modern.md`` sections 3 and 4 worded one range, one member at a time. On generated
forces, valid or not, odd counts included, both must give the same values, keys in the same
order and numbers of the same type (compared as JSON text), and the same violations.
"""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.one_page_modern import data, derive, rows, validation
from rules.one_page_modern.demo import EXAMPLE
from rules.types import Equipment, Member, Roster, Unit, Violation

# --- the reference: section 3, one range at a time -------------------------------------------


def _best(equipment, inches: int) -> int:
    return max((data.WEAPONS[line.item].fp_at(inches) for line in equipment), default=0)


def _by_range(fire_points) -> dict[str, int]:
    return {str(r): fire_points(r) for r in data.RANGES}


def _carries_hmg(member: Member) -> bool:
    return any(line.item == data.HEAVY_MACHINE_GUN for line in member.equipment)


def _infantry_fire_points(members, inches: int) -> int:
    total = carriers = 0
    others: list[tuple[int, int]] = []
    for member in members:
        models, best = data.count(member), _best(member.equipment, inches)
        total += models * best
        if _carries_hmg(member):
            carriers += models
        else:
            others.append((best, models))
    if inches > data.WEAPONS[data.HEAVY_MACHINE_GUN].inches:
        return total
    for best, models in sorted(others):
        if carriers <= 0:
            break
        servers = min(carriers, models)
        total -= servers * best
        carriers -= servers
    return total


def _mounted(equipment, inches: int) -> int:
    return sum(line.count * data.WEAPONS[line.item].fp_at(inches) for line in equipment)


def _models(unit: Unit) -> int:
    if not data.KINDS[unit.kind].has_members:
        return 1
    return sum(data.count(member) for member in unit.members)


def _leader(unit: Unit):
    found = None
    for member in unit.members:
        level = data.leader(member)
        if level is not None and (found is None or level.activation < found[1].activation):
            found = (member, level)
    return found


def _skill_vs_cover(skill: int) -> dict[str, int]:
    return {code: min(data.SKILL_CAP, skill + c.modifier) for code, c in data.COVER.items()}


def reference_derive_unit(unit: Unit) -> dict[str, Any]:
    kind = data.KINDS[unit.kind]
    level = data.training(unit)
    found = _leader(unit)
    activation = level.activation
    if found is not None:
        activation = min(activation, found[1].activation)
    is_vehicle = unit.kind == "vehicle"
    if kind.has_members:
        fire_points = _by_range(lambda r: _infantry_fire_points(unit.members, r))
    else:
        fire_points = _by_range(lambda r: _mounted(unit.equipment, r))
    vehicle_values = {}
    if is_vehicle:
        cls = data.vehicle_armour(unit)
        tank = data.is_tank(unit)
        vehicle_values = {
            "armour_class": cls.code,
            "armour_save": cls.save,
            "armoured": cls.armoured,
            "tank": tank,
            "crosses_medium_cover": tank and cls.tank_crosses_medium_cover,
        }
    return {
        "kind": unit.kind,
        "training": level.code,
        "models": _models(unit),
        "base_activation": level.activation,
        "leader": None if found is None else found[0].name,
        "activation": activation,
        "skill": level.skill,
        "skill_vs_cover": _skill_vs_cover(level.skill),
        "max_pinned": level.max_pinned if kind.pinnable else 0,
        "armour_class": None,
        "armour_save": None,
        "armoured": None,
        "tank": None,
        "crosses_medium_cover": None,
        **vehicle_values,
        "fire_points": fire_points,
        "fire_points_moving": (
            _by_range(lambda r: _best(unit.equipment, r)) if is_vehicle else None
        ),
        "members": {
            member.name: {
                "count": data.count(member),
                "save": data.armour(member).save,
                "fire_points": _by_range(lambda r, m=member: _best(m.equipment, r)),
            }
            for member in unit.members
        },
    }


def reference_derive(roster: Roster) -> dict[str, Any]:
    return {"derived": {unit.name: reference_derive_unit(unit) for unit in roster.units}}


# --- the reference: section 4, rule by rule --------------------------------------------------

_MISPLACED = {data.TANK_OR_BUNKER: "cannon-mount", data.CARRIED_ONLY: "not-mountable"}


def _weapon(item: str) -> dict[str, str]:
    return {"weapon": data.WEAPONS[item].label, "item": item}


def _misplaced(unit: Unit) -> list[tuple[str, Member | None, str]]:
    out = []
    for member in unit.members:
        for item in dict.fromkeys(line.item for line in member.equipment):
            mounts = data.WEAPONS[item].mounts
            if data.CARRIED not in mounts:
                out.append((_MISPLACED[mounts], member, item))
    context = derive.mount_context(unit)
    for line in unit.equipment:
        mounts = data.WEAPONS[line.item].mounts
        if context not in mounts:
            out.append((_MISPLACED[mounts], None, line.item))
    return out


def reference_validate(roster: Roster) -> list[Violation]:
    if not roster.units:
        return [Violation("no-units", validation.NO_UNITS, {}, None)]
    out: list[Violation] = []
    for unit in roster.units:
        name = unit.name
        infantry = data.KINDS[unit.kind].has_members
        if infantry:  # empty-unit, hmg-crew
            if not unit.members:
                out.append(Violation("empty-unit", validation.EMPTY_UNIT, {"unit": name}, name))
            else:
                carriers = sum(data.count(m) for m in unit.members if _carries_hmg(m))
                total = _models(unit)
                if 2 * carriers > total:
                    params = {"unit": name, "carriers": carriers, "models": total,
                              "needed": 2 * carriers}  # fmt: skip
                    out.append(Violation("hmg-crew", validation.HMG_CREW, params, name))
        misplaced = _misplaced(unit)
        for code, member, item in misplaced:  # cannon-mount
            if code == "cannon-mount":
                params = {"unit": name, **_weapon(item)}
                if member is None:
                    out.append(Violation(code, validation.CANNON_NOT_TANK, params, name))
                else:
                    params["member"] = member.name
                    out.append(Violation(code, validation.CANNON_CARRIED, params, name))
        for member in unit.members:  # launcher-without-rifle
            items = {line.item for line in member.equipment}
            if data.UNDERSLUNG_LAUNCHER in items and data.ASSAULT_RIFLE not in items:
                out.append(Violation("launcher-without-rifle", validation.LAUNCHER_WITHOUT_RIFLE,
                                     {"unit": name, "member": member.name}, name))  # fmt: skip
        for code, _member, item in misplaced:  # not-mountable
            if code == "not-mountable":
                params = {"unit": name, **_weapon(item)}
                out.append(Violation(code, validation.NOT_MOUNTABLE, params, name))
        if infantry:  # leaders-over-one
            leaders = [m for m in unit.members if data.leader(m) is not None]
            total = sum(data.count(m) for m in leaders)
            if total > 1:
                params = {"unit": name, "count": total,
                          "members": ", ".join(m.name for m in leaders)}  # fmt: skip
                out.append(Violation("leaders-over-one", validation.LEADERS_OVER_ONE, params,
                                     name))  # fmt: skip
    return out


# --- generated forces ------------------------------------------------------------------------

# Every weapon, the heavy machine gun (whose servers and crew rule only a few units meet) more
# often.
ITEMS = st.one_of(st.sampled_from(list(data.WEAPONS)), st.just(data.HEAVY_MACHINE_GUN))
# Counts as documents give them (1-99, small ones often), and odd ones a rules value may still
# hold: 0, negative, a bool or a fraction, past what the packed sums of derive_unit take.
COUNTS = st.one_of(
    st.just(1),
    st.integers(1, 3),
    st.integers(1, 99),
    st.sampled_from([0, -1, -5, 2.5, 10**9, 2**40]),
    st.booleans(),
)

lines = st.lists(st.builds(Equipment, ITEMS, st.integers(0, 4)), max_size=4).map(tuple)


@st.composite
def members(draw) -> Member:
    record: dict[str, Any] = {}
    n = draw(COUNTS)
    if n != 1:
        record["count"] = n
    if draw(st.booleans()):
        record["leader"] = draw(st.sampled_from(list(data.TRAINING)))
    if draw(st.booleans()):
        record["armour"] = draw(st.sampled_from(list(data.ARMOUR)))
    name = draw(st.sampled_from(["Sgt", "Rifleman", "Gunner", "Medic", "Loader"]))
    return Member(name, "", draw(lines), record=record)


@st.composite
def units(draw) -> Unit:
    kind = draw(st.sampled_from(list(data.KINDS)))
    record: dict[str, Any] = {"training": draw(st.sampled_from(list(data.TRAINING)))}
    if kind == "vehicle":
        record["armour_class"] = draw(st.sampled_from(list(data.VEHICLE_ARMOUR)))
        if draw(st.booleans()):
            record["tank"] = True
    crew = draw(st.lists(members(), max_size=5))
    if kind != "infantry" and draw(st.integers(0, 3)):  # usually none, as documents have it
        crew = []
    own = draw(lines) if kind != "infantry" or draw(st.integers(0, 3)) == 0 else ()
    name = draw(st.sampled_from(["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Tank"]))
    return Unit(name, kind, tuple(crew), own, record=record)


forces = st.lists(units(), max_size=10).map(
    lambda found: Roster("one-page-modern", "Force", "", (), None, tuple(found))
)


def as_json(values: Any) -> str:
    return json.dumps(values)  # keeps the keys' order and the numbers' types


# --- the properties --------------------------------------------------------------------------


@settings(max_examples=400, deadline=None)
@given(forces)
def test_derive_and_validate_match_the_reference(roster):
    """Both on each generated force: generating the forces is most of the test's time."""
    assert as_json(derive.derive(roster)) == as_json(reference_derive(roster))
    assert validation.validate(roster) == reference_validate(roster)


@settings(max_examples=50, deadline=None)
@given(forces)
def test_the_caches_starting_over_change_nothing(roster):
    with mock.patch.object(rows, "_KEPT", 1):
        assert as_json(derive.derive(roster)) == as_json(reference_derive(roster))
        assert validation.validate(roster) == reference_validate(roster)


def test_the_benchmarked_force_matches_the_reference():
    from bench.bench_units import opm_force

    roster = opm_force()
    assert as_json(derive.derive(roster)) == as_json(reference_derive(roster))
    assert validation.validate(roster) == reference_validate(roster) == []


def test_every_dict_handed_out_is_a_new_one():
    first = derive.derive(EXAMPLE)["derived"]
    for unit in first.values():  # spoil every nested dict the caller got
        for key in ("skill_vs_cover", "fire_points", "fire_points_moving"):
            if unit[key] is not None:
                unit[key].clear()
        for member in unit["members"].values():
            member["fire_points"].clear()
        unit.clear()

    assert as_json(derive.derive(EXAMPLE)) == as_json(reference_derive(EXAMPLE))


def test_a_fire_point_row_is_each_weapons_fp_at_each_column():
    for code, weapon in data.WEAPONS.items():
        assert derive.FP_ROWS[code] == tuple(weapon.fp_at(r) for r in data.RANGES)
    assert derive.COLUMNS == tuple(str(r) for r in data.RANGES)
