"""Bolt Action's fast paths (``validate`` and ``derive`` run on every edit of the force
builder) give exactly what a straightforward reading of sections 1.4 and 2 gives: the
reference below is the code before the fast paths, one function per rule and per value,
checked against the fast code on generated forces, valid and broken."""

import json
from typing import Any

import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st

from rules.bolt_action import CODE, derive, validation
from rules.bolt_action.data import (
    CREW_SERVED_WEAPONS,
    FIREARMS,
    GUNS,
    INFANTRY_SQUAD,
    INFANTRY_TEAM,
    KINDS,
    ONE_SHOTS,
    QUALITIES,
    SMALL_UNIT_MAX_MODELS,
    WEAPONS,
    count,
    is_leader,
    kind,
    quality,
)
from rules.bolt_action.demo import EXAMPLE
from rules.types import Equipment, Member, Roster, Unit, Violation

# --- the reference: section 1.4 and 2, one function per rule and per value -------------------


def ref_models(unit: Unit) -> int:
    if kind(unit).vehicle:
        return 1
    return sum(count(member) for member in unit.members)


def ref_holdings(unit: Unit) -> dict[str, int]:
    held: dict[str, int] = {}
    for member in unit.members:
        for line in member.equipment:
            held[line.item] = held.get(line.item, 0) + count(member) * line.count
    for line in unit.equipment:
        held[line.item] = held.get(line.item, 0) + line.count
    return held


def ref_held(unit: Unit, items: frozenset[str]) -> int:
    return sum(n for item, n in ref_holdings(unit).items() if item in items)


def ref_shots(unit: Unit) -> int | None:
    total = 0
    for item, n in ref_holdings(unit).items():
        if item in ONE_SHOTS:
            continue
        per_weapon = WEAPONS[item].shots
        if per_weapon is None:
            return None
        total += per_weapon * n
    return total


def ref_derive_unit(unit: Unit) -> dict[str, Any]:
    value = kind(unit).damage_value
    return {
        "models": ref_models(unit),
        "morale": quality(unit).morale,
        "damage_value": quality(unit).damage_value if value is None else value,
        "to_hit_modifier": quality(unit).to_hit_modifier,
        "small_unit": not kind(unit).vehicle and 1 <= ref_models(unit) <= SMALL_UNIT_MAX_MODELS,
        "shots": ref_shots(unit),
    }


def ref_derive(roster: Roster) -> dict[str, Any]:
    return {
        "order_dice": len(roster.units),
        "derived": {unit.name: ref_derive_unit(unit) for unit in roster.units},
    }


def _member_items(member: Member, items: frozenset[str]) -> int:
    return sum(line.count for line in member.equipment if line.item in items)


def _unit_size(unit: Unit) -> list[Violation]:
    k = KINDS[unit.kind]
    n = ref_models(unit)
    if k.min_models <= n and (k.max_models is None or n <= k.max_models):
        return []
    params: dict[str, Any] = {"unit": unit.name, "models": n, "kind": k.label, "min": k.min_models}
    if k.max_models is None:
        return [Violation("unit-size", validation.UNIT_SIZE_MIN, params, unit.name)]
    params["max"] = k.max_models
    return [Violation("unit-size", validation.UNIT_SIZE_RANGE, params, unit.name)]


def _leader_not_allowed(unit: Unit) -> list[Violation]:
    k = KINDS[unit.kind]
    if k.leader_allowed:
        return []
    return [
        Violation(
            "leader-not-allowed",
            validation.LEADER_NOT_ALLOWED,
            {"unit": unit.name, "member": m.name, "kind": k.label},
            unit.name,
        )
        for m in unit.members
        if is_leader(m)
    ]


def _weapon_not_allowed(unit: Unit) -> list[Violation]:
    k = KINDS[unit.kind]
    out = []
    for member in unit.members:
        for item in dict.fromkeys(line.item for line in member.equipment):
            if k.place not in WEAPONS[item].allowed_in:
                params = {"unit": unit.name, "member": member.name, "kind": k.label,
                          "item": item, "weapon": WEAPONS[item].label}  # fmt: skip
                template = validation.WEAPON_NOT_ALLOWED_MEMBER
                out.append(Violation("weapon-not-allowed", template, params, unit.name))
    for item in dict.fromkeys(line.item for line in unit.equipment):
        if k.place not in WEAPONS[item].allowed_in:
            params = {"unit": unit.name, "kind": k.label, "item": item,
                      "weapon": WEAPONS[item].label}  # fmt: skip
            template = validation.WEAPON_NOT_ALLOWED_UNIT
            out.append(Violation("weapon-not-allowed", template, params, unit.name))
    return out


def _squad_rules(unit: Unit) -> list[Violation]:
    firearms, one_shots = [], []
    for member in unit.members:
        carried = _member_items(member, FIREARMS)
        if carried != 1:
            params = {"unit": unit.name, "member": member.name, "firearms": carried}
            firearms.append(
                Violation("squad-firearms", validation.SQUAD_FIREARMS, params, unit.name)
            )
        extra = _member_items(member, ONE_SHOTS)
        if extra > 1:
            params = {"unit": unit.name, "member": member.name, "count": extra}
            one_shots.append(
                Violation("squad-one-shot", validation.SQUAD_ONE_SHOT, params, unit.name)
            )
    return firearms + one_shots


def _exactly_one(unit: Unit, code: str, template: str, items: frozenset[str]) -> list[Violation]:
    n = ref_held(unit, items)
    if n == 1:
        return []
    return [Violation(code, template, {"unit": unit.name, "count": n}, unit.name)]


def ref_validate_unit(unit: Unit) -> list[Violation]:
    out = _unit_size(unit) + _leader_not_allowed(unit) + _weapon_not_allowed(unit)
    if unit.kind == INFANTRY_SQUAD:
        out += _squad_rules(unit)
    elif unit.kind == INFANTRY_TEAM:
        out += _exactly_one(unit, "team-weapon", validation.TEAM_WEAPON, CREW_SERVED_WEAPONS)
    elif unit.kind == "artillery":
        out += _exactly_one(unit, "artillery-gun", validation.ARTILLERY_GUN, GUNS)
    return out


def ref_validate(roster: Roster) -> list[Violation]:
    if not roster.units:
        return [Violation("force-empty", validation.FORCE_EMPTY, {}, None)]
    out: list[Violation] = []
    for unit in roster.units:
        out += ref_validate_unit(unit)
    return out


# --- generated forces -----------------------------------------------------------------------

ITEMS = sorted(WEAPONS)
NAMES = ("Becker", "Ahrens", "Rifleman", "Crewman", "Gunner")  # few: names repeat


def _allowed(code: str) -> list[str]:
    return [item for item in ITEMS if KINDS[code].place in WEAPONS[item].allowed_in]


def _record(n: int, leader: bool) -> dict[str, Any]:
    """Sparse, as the document parser gives it."""
    return {**({"count": n} if n != 1 else {}), **({"leader": True} if leader else {})}


@st.composite
def plausible_units(draw, kinds: tuple[str, ...] = tuple(sorted(KINDS))) -> Unit:
    """A unit of one of ``kinds`` close to the rules: its kind's weapons, squads of one
    firearm per entry (now and then one-shot weapons, one too many at times), one gunner in a
    team or a gun crew; often valid, or breaking a single rule."""
    code = draw(st.sampled_from(kinds))
    allowed = _allowed(code)
    record = {"quality": draw(st.sampled_from(sorted(QUALITIES)))}
    if KINDS[code].vehicle:
        lines = draw(st.lists(st.sampled_from(allowed), max_size=3))
        equipment = tuple(Equipment(item, draw(st.integers(1, 2))) for item in lines)
        return Unit(draw(st.sampled_from(NAMES)), code, (), equipment, record)
    members = []
    for i in range(draw(st.integers(0, 5))):
        if code == INFANTRY_SQUAD:  # a firearm, one-shot weapons on top: 0, 1 or 2
            items = [Equipment(draw(st.sampled_from(sorted(FIREARMS))))]
            one_shots = draw(st.sampled_from((0, 0, 1, 2)))
            if one_shots:
                items.append(Equipment(sorted(ONE_SHOTS)[0], one_shots))
            n = draw(st.integers(1, 4))
            leader = i == 0 and draw(st.booleans())
        else:
            items = [Equipment(draw(st.sampled_from(allowed)))] if i == 0 else []
            n, leader = draw(st.integers(1, 3)), False
        equipment = tuple(items)
        members.append(Member(draw(st.sampled_from(NAMES)), "", equipment, (), "active",
                              _record(n, leader)))  # fmt: skip
    return Unit(draw(st.sampled_from(NAMES)), code, tuple(members), (), record)


# Anything the types allow: any item anywhere, counts from 0, leaders in any kind, a unit's
# own equipment on any kind, members on a vehicle.
equipment_lines = st.lists(
    st.builds(Equipment, st.sampled_from(ITEMS), st.integers(0, 3)), max_size=4
).map(tuple)
wild_members = st.builds(
    lambda name, items, n, leader: Member(name, "", items, (), "active", _record(n, leader)),
    st.sampled_from(NAMES), equipment_lines, st.integers(0, 12), st.booleans(),
)  # fmt: skip
wild_units = st.builds(
    lambda name, code, members, equipment, q: Unit(name, code, members, equipment, {"quality": q}),
    st.sampled_from(NAMES), st.sampled_from(sorted(KINDS)), st.lists(wild_members, max_size=6)
    .map(tuple), st.one_of(st.just(()), equipment_lines), st.sampled_from(sorted(QUALITIES)),
)  # fmt: skip

units = st.one_of(plausible_units(), wild_units)
forces = st.lists(units, max_size=10).map(
    lambda us: Roster(CODE, "Kampfgruppe", "Germany", (), None, tuple(us))
)


def _same(fast: Any, reference: Any) -> None:
    """Equal, in the same order and of the same JSON types (``True`` is not ``1``)."""
    assert fast == reference
    assert json.dumps(fast) == json.dumps(reference)


def _same_violations(fast: list[Violation], reference: list[Violation]) -> None:
    assert fast == reference
    assert [v.as_dict() for v in fast] == [v.as_dict() for v in reference]


# --- the properties -------------------------------------------------------------------------

FAST = settings(max_examples=400, deadline=None)


def test_the_example_force_and_the_empty_force_as_the_reference():
    for roster in (EXAMPLE, Roster(CODE, "Empty", "", (), None, ())):
        _same_violations(validation.validate(roster), ref_validate(roster))
        _same(derive.derive(roster), ref_derive(roster))


@FAST
@given(forces)
def test_validate_and_derive_give_the_reference_violations_and_values(roster):
    """Both on each generated force: generating the forces is most of the test's time."""
    _same_violations(validation.validate(roster), ref_validate(roster))
    _same(derive.derive(roster), ref_derive(roster))


@FAST
@given(units)
def test_each_helper_gives_the_reference_value(unit):
    _same_violations(validation.validate_unit(unit), ref_validate_unit(unit))
    _same(derive.derive_unit(unit), ref_derive_unit(unit))
    assert derive.models(unit) == ref_models(unit)
    _same(derive.holdings(unit), ref_holdings(unit))
    _same(derive.shots(unit), ref_shots(unit))
    _same(derive.small_unit(unit), ref_derive_unit(unit)["small_unit"])
    for items in (FIREARMS, ONE_SHOTS, CREW_SERVED_WEAPONS, GUNS, frozenset()):
        assert derive.held(unit, items) == ref_held(unit, items)
    assert derive.one_shot_boxes(unit) == ref_held(unit, ONE_SHOTS)


@pytest.mark.parametrize("code", sorted(KINDS))
def test_the_generator_reaches_valid_units_of_every_kind(code):
    """The fast path's clean case (no violation) is generated, not only broken units."""
    unit = find(plausible_units((code,)), lambda u: not ref_validate_unit(u))
    assert unit.kind == code
    assert validation.validate_unit(unit) == []
