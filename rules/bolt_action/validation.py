"""Every force rule of Bolt Action: unit sizes, the NCO, who may hold which weapon.

Encodes section 1.4 of ``bolt-action.md`` (with 1.1 for the sizes and the leader, 1.3 for
"allowed in") and, for what makes a document unreadable beyond its keys and types, section
3. ``validate`` reports every rule broken as a ``Violation`` with a stable code and never
raises on a force whose codes are known (the document parser guarantees that). Every
violation advises; none stops saving or printing. Each rule is independent: a unit that
breaks two rules gets two violations. A violation's ``member`` is the unit's name (``None``
for the force); its message names the member entry at fault where there is one.

Counting (1.4): a unit's models are its members' counts added (a vehicle: 1); a member
entry's equipment is what each of its models carries, so the unit holds count × the item's
count of it (``derive.holdings``).

Violation codes, in the order they are checked (force first, then unit by unit):

============================  =====================================================
force-empty                   a force has at least one unit (force-level)
unit-size                     the unit's models within its kind's range: squad
                              5-10, team 2-4, artillery 2 or more (a vehicle is
                              always 1)
leader-not-allowed            only a squad marks a member leader; one per member
weapon-not-allowed            each item listed is allowed in the unit's kind; one
                              per member entry and item, or per item of a vehicle
squad-firearms                in a squad, each member entry's rifles, SMGs and
                              LMGs add up to exactly 1; one per member entry
squad-one-shot                in a squad, no member entry's one-shot anti-tank
                              weapons add up to more than 1; one per member entry
team-weapon                   a team holds exactly one crew-served weapon
artillery-gun                 an artillery unit holds exactly one gun
============================  =====================================================

Where each rule is: ``validate_unit`` checks them in this order, one commented ``if`` per
code, on a tally of the unit made in one pass (``_tally``, the fast path: the builder runs
``validate`` on every edit); the function the ``if`` calls builds that rule's violations,
only when it is broken.

``points`` is not raised here: the source has no costs, so a force is costed only when a
campaign sets a points table as house-rule data (1.5); that campaign checks its total
against ``Roster.points_limit`` with ``points_violation`` below.
"""

from __future__ import annotations

from math import inf
from typing import Any, NamedTuple

from rules.bolt_action.data import (
    ARTILLERY_KIND,
    CREW_SERVED_WEAPONS,
    DEFAULT_COUNT,
    DEFAULT_LEADER,
    FIREARMS,
    GUNS,
    INFANTRY_SQUAD,
    INFANTRY_TEAM,
    KIND_WEAPONS,
    KINDS,
    ONE_SHOTS,
    WEAPONS,
    UnitKind,
    count,
    is_leader,
)
from rules.forces import force_violations
from rules.i18n import gettext_noop as _
from rules.registry import Carry, Composition, KindShape
from rules.types import Member, Roster, Unit, Violation
from rules.unit_names import Problem, names_twice

FORCE_EMPTY = _("A force has at least one unit; this one has none.")
UNIT_SIZE_RANGE = _(
    "%(unit)s: models: %(models)d; a unit of this kind (%(kind)s) has %(min)d to %(max)d."
)
UNIT_SIZE_MIN = _(
    "%(unit)s: models: %(models)d; a unit of this kind (%(kind)s) has at least %(min)d."
)
LEADER_NOT_ALLOWED = _(
    "%(member)s of %(unit)s is marked leader; only an infantry squad has a leader model, its "
    "NCO (this unit is of kind %(kind)s)."
)
WEAPON_NOT_ALLOWED_MEMBER = _(
    "%(member)s of %(unit)s carries a weapon a unit of this kind (%(kind)s) may not hold: "
    "%(weapon)s."
)
WEAPON_NOT_ALLOWED_UNIT = _(
    "%(unit)s lists a weapon a unit of this kind (%(kind)s) may not hold: %(weapon)s."
)
SQUAD_FIREARMS = _(
    "%(member)s of %(unit)s carries %(firearms)d firearms per model; each model of a squad "
    "carries exactly one: a rifle, an SMG or an LMG."
)
SQUAD_ONE_SHOT = _(
    "%(member)s of %(unit)s carries %(count)d one-shot anti-tank weapons per model; each "
    "model of a squad carries at most one."
)
TEAM_WEAPON = _("%(unit)s holds %(count)d crew-served weapons; an infantry team holds exactly one.")
ARTILLERY_GUN = _("%(unit)s holds %(count)d guns; an artillery unit holds exactly one.")
POINTS = _("The force costs %(points)d points; the limit is %(limit)d.")


# --- the fast path -------------------------------------------------------------------------
#
# ``validate`` runs on every edit of the force builder. A unit is walked once (``_tally``):
# its models, its leader entries, whether an item is misplaced, whether a squad's member
# entry breaks its firearm or one-shot rule, and the total of what a team or artillery unit
# must hold exactly one of. Each rule of ``validate_unit`` then reads that tally, and only a
# broken rule builds its violations (messages and params), in the functions below it.

# An item's role in a unit of a given kind, as bit flags; 0: allowed and counted by no rule.
_FIREARM = 1  # squad-firearms counts it
_ONE_SHOT = 2  # squad-one-shot counts it
_EXACTLY_ONE = 4  # team-weapon or artillery-gun counts it
_MISPLACED = 8  # weapon-not-allowed: not allowed in this kind (an unknown item too)

# team-weapon and artillery-gun: the kind, its violation code and template, and the items
# it holds exactly one of.
_EXACTLY_ONE_RULES: dict[str, tuple[str, str, frozenset[str]]] = {
    INFANTRY_TEAM: ("team-weapon", TEAM_WEAPON, CREW_SERVED_WEAPONS),
    ARTILLERY_KIND: ("artillery-gun", ARTILLERY_GUN, GUNS),
}


def _roles(k: UnitKind) -> dict[str, int]:
    """Every item's role flags in a unit of kind ``k`` (1.3, 1.4)."""
    squad = k.code == INFANTRY_SQUAD
    counted = _EXACTLY_ONE_RULES[k.code][2] if k.code in _EXACTLY_ONE_RULES else frozenset()
    roles = {}
    for code, weapon in WEAPONS.items():
        role = 0 if k.place in weapon.allowed_in else _MISPLACED
        if squad and code in FIREARMS:
            role |= _FIREARM
        if squad and code in ONE_SHOTS:
            role |= _ONE_SHOT
        if code in counted:
            role |= _EXACTLY_ONE
        roles[code] = role
    return roles


class _KindRules(NamedTuple):
    """What the fast path reads of a kind, once per kind."""

    kind: UnitKind
    min_models: int
    max_models: float  # inf: no maximum
    squad: bool
    leader_allowed: bool
    vehicle: bool
    roles: dict[str, int]  # item -> its role flags
    exactly_one: tuple[str, str, frozenset[str]] | None  # _EXACTLY_ONE_RULES, if any


_KIND_RULES: dict[str, _KindRules] = {
    code: _KindRules(
        k,
        k.min_models,
        inf if k.max_models is None else k.max_models,
        code == INFANTRY_SQUAD,
        k.leader_allowed,
        k.vehicle,
        _roles(k),
        _EXACTLY_ONE_RULES.get(code),
    )
    for code, k in KINDS.items()
}


def _tally(unit: Unit, rules: _KindRules) -> tuple[int, bool, bool, bool, int]:
    """One pass over the unit: ``(models, a leader marked where none is allowed, an item
    misplaced, a squad's member entry at fault, the exactly-one total)``."""
    roles = rules.roles
    squad = rules.squad
    check_leader = not rules.leader_allowed
    models = exactly_one = 0
    leader = misplaced = entry_at_fault = False
    for member in unit.members:
        record = member.record  # read each record key once
        models_of_entry = record.get("count", DEFAULT_COUNT)
        models += models_of_entry
        if check_leader and record.get("leader", DEFAULT_LEADER):
            leader = True
        firearms = one_shots = 0  # per model of the entry
        for line in member.equipment:
            role = roles.get(line.item, _MISPLACED)
            if role:  # 0: allowed and counted by no rule, nothing to do
                if role & _MISPLACED:
                    misplaced = True
                if role & _FIREARM:
                    firearms += line.count
                if role & _ONE_SHOT:
                    one_shots += line.count
                if role & _EXACTLY_ONE:
                    exactly_one += models_of_entry * line.count
        if squad and (firearms != 1 or one_shots > 1):
            entry_at_fault = True
    for line in unit.equipment:  # a vehicle's own weapons, as written
        role = roles.get(line.item, _MISPLACED)
        if role & _MISPLACED:
            misplaced = True
        if role & _EXACTLY_ONE:
            exactly_one += line.count
    if rules.vehicle:
        models = 1
    return models, leader, misplaced, entry_at_fault, exactly_one


# --- each rule's violations, built only when it is broken ----------------------------------


def _member_items(member: Member, items: frozenset[str]) -> int:
    """How many items of ``items`` each model of the entry carries."""
    total = 0
    for line in member.equipment:
        if line.item in items:
            total += line.count
    return total


def _unit_size(unit: Unit, k: UnitKind, n: int) -> list[Violation]:
    params: dict[str, Any] = {"unit": unit.name, "models": n, "kind": k.label, "min": k.min_models}
    if k.max_models is None:
        return [Violation("unit-size", UNIT_SIZE_MIN, params, unit.name)]
    params["max"] = k.max_models
    return [Violation("unit-size", UNIT_SIZE_RANGE, params, unit.name)]


def _leader_not_allowed(unit: Unit, k: UnitKind) -> list[Violation]:
    return [
        Violation(
            "leader-not-allowed",
            LEADER_NOT_ALLOWED,
            {"unit": unit.name, "member": m.name, "kind": k.label},
            unit.name,
        )
        for m in unit.members
        if is_leader(m)
    ]


def _weapon_not_allowed(unit: Unit, k: UnitKind) -> list[Violation]:
    out = []
    for member in unit.members:
        for item in dict.fromkeys(line.item for line in member.equipment):
            if k.place not in WEAPONS[item].allowed_in:
                params = {"unit": unit.name, "member": member.name, "kind": k.label,
                          "item": item, "weapon": WEAPONS[item].label}  # fmt: skip
                out.append(
                    Violation("weapon-not-allowed", WEAPON_NOT_ALLOWED_MEMBER, params, unit.name)
                )
    for item in dict.fromkeys(line.item for line in unit.equipment):
        if k.place not in WEAPONS[item].allowed_in:
            params = {"unit": unit.name, "kind": k.label, "item": item,
                      "weapon": WEAPONS[item].label}  # fmt: skip
            out.append(Violation("weapon-not-allowed", WEAPON_NOT_ALLOWED_UNIT, params, unit.name))
    return out


def _squad_rules(unit: Unit) -> list[Violation]:
    """squad-firearms, then squad-one-shot, each member entry at fault once."""
    firearms, one_shots = [], []
    for member in unit.members:
        carried = _member_items(member, FIREARMS)
        if carried != 1:
            params = {"unit": unit.name, "member": member.name, "firearms": carried}
            firearms.append(Violation("squad-firearms", SQUAD_FIREARMS, params, unit.name))
        extra = _member_items(member, ONE_SHOTS)
        if extra > 1:
            params = {"unit": unit.name, "member": member.name, "count": extra}
            one_shots.append(Violation("squad-one-shot", SQUAD_ONE_SHOT, params, unit.name))
    return firearms + one_shots


def _exactly_one(unit: Unit, code: str, template: str, n: int) -> list[Violation]:
    """team-weapon or artillery-gun, the unit holding ``n`` (not 1) of its weapon."""
    return [Violation(code, template, {"unit": unit.name, "count": n}, unit.name)]


def validate_unit(unit: Unit) -> list[Violation]:
    """Every rule of 1.4 one unit breaks, in the docstring's order."""
    rules = _KIND_RULES[unit.kind]
    models, leader, misplaced, entry_at_fault, exactly_one = _tally(unit, rules)
    out: list[Violation] = []
    # unit-size: the models within the kind's range
    if not rules.min_models <= models <= rules.max_models:
        out += _unit_size(unit, rules.kind, models)
    # leader-not-allowed: a leader outside a squad
    if leader:
        out += _leader_not_allowed(unit, rules.kind)
    # weapon-not-allowed: an item not allowed in the kind
    if misplaced:
        out += _weapon_not_allowed(unit, rules.kind)
    # squad-firearms, squad-one-shot: a squad's member entry without exactly one firearm,
    # or with more than one one-shot weapon
    if entry_at_fault:
        out += _squad_rules(unit)
    # team-weapon, artillery-gun: a team not holding exactly one crew-served weapon, an
    # artillery unit not exactly one gun
    if exactly_one != 1 and rules.exactly_one is not None:
        code, template, _items = rules.exactly_one
        out += _exactly_one(unit, code, template, exactly_one)
    return out


def validate(roster: Roster) -> list[Violation]:
    """Every rule of 1.4 broken but ``points``: force-level first, then unit by unit."""
    return force_violations(roster, ("force-empty", FORCE_EMPTY), validate_unit)


def points_violation(points: int, limit: int | None) -> Violation | None:
    """The force-level ``points`` violation for a campaign with a points table (1.5):
    ``None`` when there is no limit or the force is within it."""
    if limit is None or points <= limit:
        return None
    return Violation("points", POINTS, {"points": points, "limit": limit}, None)


# --- unreadable documents (section 3) -------------------------------------------------------

LEADER_NOT_ONE_MODEL = _(
    "%(name)r is marked leader: a leader is one model, so its count is 1, not %(count)d"
)
LEADER_TWICE = _(
    "%(name)r is marked leader, but %(unit)r already has a leader model: a unit has at most one"
)


def _leader_problems(unit: Unit, path: str) -> list[Problem]:
    """More than one model of the unit marked leader: a leader entry with a count above 1
    (at its ``count``), and every leader entry after the first (at its ``leader``)."""
    problems: list[Problem] = []
    first = True
    for j, member in enumerate(unit.members):
        if not is_leader(member):
            continue
        n = count(member)
        if n > 1:
            params = {"name": member.name, "count": n}
            problems.append((f"{path}.members[{j}].count", LEADER_NOT_ONE_MODEL, params))
        if not first:
            params = {"name": member.name, "unit": unit.name}
            problems.append((f"{path}.members[{j}].leader", LEADER_TWICE, params))
        first = False
    return problems


def check_document(roster: Roster) -> list[Problem]:
    """What makes a force document unreadable rather than invalid (section 3), beyond its
    keys and types, as ``(path, template, params)``: two units with one name, two members
    of a unit with one name (the second and later ones are named), more than one model of a
    unit marked leader (the leader counts adding up to more than 1)."""
    return names_twice(roster, _leader_problems)


# --- what a legal force is made of, for a client that builds one (the catalogue) ------------


def _ordered(items: frozenset[str]) -> tuple[str, ...]:
    return tuple(code for code in WEAPONS if code in items)


def _carries(code: str) -> tuple[Carry, ...]:
    """squad-firearms and squad-one-shot per model; team-weapon and artillery-gun per unit."""
    if code == INFANTRY_SQUAD:
        return (Carry(_ordered(FIREARMS), 1, 1, "model"), Carry(_ordered(ONE_SHOTS), 0, 1, "model"))
    if code in _EXACTLY_ONE_RULES:
        return (Carry(_ordered(_EXACTLY_ONE_RULES[code][2]), 1, 1, "unit"),)
    return ()


# force-empty, unit-size, weapon-not-allowed and the carrying rules, kind by kind.
COMPOSITION = Composition(
    size=(1, None),
    kinds={
        code: KindShape(
            k.min_models,
            k.max_models,
            KIND_WEAPONS[code],
            _carries(code),
        )
        for code, k in KINDS.items()
    },
)
