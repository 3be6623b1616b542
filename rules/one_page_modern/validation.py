"""Every force rule of one-page modern: units with models, crews, where weapons may sit, one
leader.

Encodes section 4 of ``one-page-modern.md`` (rulebook: "Unités", "Armes" and its notes 1-2
on cannons and heavy machine guns, "Activation" for the leader). ``validate`` reports every
rule broken as a ``Violation`` with a stable code and never raises on a force whose codes are
known (the document parser guarantees that). Every violation advises; none stops saving or
printing. A violation's ``member`` is the unit's name (``None`` for the force); its message
names the member at fault where one is.

Violation codes, in the order they are checked (unit by unit):

============================  =====================================================
no-units                      a force has at least one unit (force-level)
empty-unit                    an infantry unit has at least one member
hmg-crew                      an infantry unit has two models per model carrying a
                              heavy machine gun (2 × carriers ≤ models)
cannon-mount                  light and heavy cannons sit on a tank or a bunker only:
                              one violation per member carrying one, and one per
                              cannon line of a vehicle that is not a tank
launcher-without-rifle        a member with an underslung launcher also carries an
                              assault rifle; one violation per such member
not-mountable                 grenades and the underslung launcher are never mounted
                              on a vehicle or a bunker; one per equipment line
leaders-over-one              an infantry unit has at most one leader model (counts
                              of its members with ``leader`` summed)
============================  =====================================================

Nothing else is checked (Reading): the text sets no unit or force size, no limit on weapons
and no limit on who carries a support weapon; a mounted heavy machine gun's one crew is the
vehicle's or bunker's implicit crew. Where a weapon may sit is data (``Weapon.mounts``).
"""

from __future__ import annotations

from typing import Any

from rules.forces import force_violations
from rules.i18n import gettext_noop as _
from rules.one_page_modern.data import (
    ASSAULT_RIFLE,
    BUNKER,
    CARRIED,
    CARRIED_ONLY,
    DEFAULT_COUNT,
    INFANTRY,
    KINDS,
    MOUNT_CONTEXTS,
    TANK_OR_BUNKER,
    UNDERSLUNG_LAUNCHER,
    VEHICLE,
    WEAPONS,
    count,
    leader,
)
from rules.one_page_modern.derive import carries_hmg, kit, models, mount_context
from rules.registry import Composition, KindShape
from rules.types import Member, Roster, Unit, Violation
from rules.unit_names import names_twice

NO_UNITS = _("A force has at least one unit; this one has none.")
EMPTY_UNIT = _("%(unit)s has no models: an infantry unit has at least one.")
HMG_CREW = _(
    "%(unit)s has %(carriers)d models carrying a heavy machine gun and %(models)d models in "
    "all: each gun needs a second model of the unit (%(needed)d models at least)."
)
CANNON_CARRIED = _(
    "%(member)s carries a cannon (%(weapon)s): cannons are mounted on a tank or a bunker only."
)
CANNON_NOT_TANK = _(
    "%(unit)s mounts a cannon (%(weapon)s) but is not a tank: cannons are mounted on a tank "
    "or a bunker only."
)
LAUNCHER_WITHOUT_RIFLE = _(
    "%(member)s has an integrated grenade launcher but no assault rifle to carry it."
)
NOT_MOUNTABLE = _(
    "%(unit)s lists %(weapon)s among its mounted weapons: grenades and integrated launchers "
    "are carried by models, never mounted."
)
LEADERS_OVER_ONE = _("%(unit)s has %(count)d leader models (%(members)s); a unit has at most one.")

# The violation a weapon out of place raises, by the set of places it may sit.
_MISPLACED = {TANK_OR_BUNKER: "cannon-mount", CARRIED_ONLY: "not-mountable"}
Misplaced = tuple[str, Member | None, str]  # (violation code, member or None, item)


def _weapon(item: str) -> dict[str, str]:
    return {"weapon": WEAPONS[item].label, "item": item}


def _infantry_rules(unit: Unit) -> list[Violation]:
    """empty-unit and hmg-crew."""
    if not unit.members:
        return [Violation("empty-unit", EMPTY_UNIT, {"unit": unit.name}, unit.name)]
    carriers = sum(count(m) for m in unit.members if carries_hmg(m))
    total = models(unit)
    if 2 * carriers <= total:
        return []
    params = {"unit": unit.name, "carriers": carriers, "models": total, "needed": 2 * carriers}
    return [Violation("hmg-crew", HMG_CREW, params, unit.name)]


def _misplaced(unit: Unit) -> list[Misplaced]:
    """``(code, member, item)`` for each weapon where it may not sit: a member's (each item
    once) then the unit's own; ``code`` is the violation it raises."""
    out = []
    for member in unit.members:
        for item in dict.fromkeys(line.item for line in member.equipment):
            mounts = WEAPONS[item].mounts
            if CARRIED not in mounts:
                out.append((_MISPLACED[mounts], member, item))
    context = mount_context(unit)
    for line in unit.equipment:
        mounts = WEAPONS[line.item].mounts
        if context not in mounts:
            out.append((_MISPLACED[mounts], None, line.item))
    return out


def _cannon_mount(unit: Unit, misplaced: list[Misplaced]) -> list[Violation]:
    out = []
    for code, member, item in misplaced:
        if code != "cannon-mount":
            continue
        params = {"unit": unit.name, **_weapon(item)}
        if member is None:
            out.append(Violation(code, CANNON_NOT_TANK, params, unit.name))
        else:
            params["member"] = member.name
            out.append(Violation(code, CANNON_CARRIED, params, unit.name))
    return out


def _launcher_without_rifle(unit: Unit) -> list[Violation]:
    out = []
    for member in unit.members:
        items = {line.item for line in member.equipment}
        if UNDERSLUNG_LAUNCHER in items and ASSAULT_RIFLE not in items:
            params = {"unit": unit.name, "member": member.name}
            out.append(
                Violation("launcher-without-rifle", LAUNCHER_WITHOUT_RIFLE, params, unit.name)
            )
    return out


def _not_mountable(unit: Unit, misplaced: list[Misplaced]) -> list[Violation]:
    return [
        Violation(code, NOT_MOUNTABLE, {"unit": unit.name, **_weapon(item)}, unit.name)
        for code, _member, item in misplaced
        if code == "not-mountable"
    ]


def _leader_rule(unit: Unit) -> list[Violation]:
    leaders = [m for m in unit.members if leader(m) is not None]
    total = sum(count(m) for m in leaders)
    if total <= 1:
        return []
    params: dict[str, Any] = {
        "unit": unit.name,
        "count": total,
        "members": ", ".join(m.name for m in leaders),
    }
    return [Violation("leaders-over-one", LEADERS_OVER_ONE, params, unit.name)]


def _breaks_nothing(unit: Unit, infantry: bool) -> bool:
    """Fast path of ``validate``: True when the unit breaks none of the rules above, found in
    one pass over its members (what each list of weapons holds is read once per list of item
    codes, ``derive.kit``) and its own weapons. Most units break nothing, so add nothing; the
    others go through the rules above, which word their violations."""
    models = carriers = leaders = 0
    for member in unit.members:
        gear = kit(member.equipment)
        if gear.not_carried or gear.launcher_without_rifle:
            return False  # cannon-mount, launcher-without-rifle
        record = member.record
        n = record.get("count", DEFAULT_COUNT)
        models += n
        if gear.hmg:
            carriers += n
        if record.get("leader") is not None:
            leaders += n
    if infantry and (not unit.members or 2 * carriers > models or leaders > 1):
        return False  # empty-unit, hmg-crew, leaders-over-one
    if unit.equipment:  # cannon-mount, not-mountable: a weapon of its own where it may not sit
        context = mount_context(unit)
        for line in unit.equipment:
            if context not in WEAPONS[line.item].mounts:
                return False
    return True


def validate(roster: Roster) -> list[Violation]:
    """Every rule of section 4 broken, force-level first, then unit by unit."""
    return force_violations(roster, ("no-units", NO_UNITS), validate_unit)


def validate_unit(unit: Unit) -> list[Violation]:
    """Every rule of section 4 one unit breaks."""
    infantry = KINDS[unit.kind].has_members
    if _breaks_nothing(unit, infantry):  # the usual case: nothing to report
        return []
    out: list[Violation] = []
    if infantry:
        out += _infantry_rules(unit)
    misplaced = _misplaced(unit)
    out += _cannon_mount(unit, misplaced)
    out += _launcher_without_rifle(unit)
    out += _not_mountable(unit, misplaced)
    if infantry:
        out += _leader_rule(unit)
    return out


# --- unreadable documents (4.1) -------------------------------------------------------------


def check_document(roster: Roster) -> list[tuple[str, str, dict[str, Any]]]:
    """What makes a force document unreadable rather than invalid (4.1), beyond its keys and
    types: two units with one name, two members of a unit with one name (the second and
    later ones are named), as ``(path, template, params)``."""
    return names_twice(roster)


# --- what a legal force is made of, for a client that builds one (the catalogue) ------------


def _sitting(context: str) -> tuple[str, ...]:
    """The weapons that may sit in a mount context (cannon-mount, not-mountable)."""
    return tuple(code for code, weapon in WEAPONS.items() if context in weapon.mounts)


_SITTING = {context: _sitting(context) for context in MOUNT_CONTEXTS}


def weapons_for(unit: Unit) -> tuple[str, ...]:
    """The weapons the builder offers a unit, to its members or to itself: those that may
    sit where its weapons sit (``mount_context``: a vehicle's cannons only if it is a tank)."""
    return _SITTING[mount_context(unit)]


# no-units and empty-unit; where weapons may sit, a vehicle's as any vehicle's (a tank may
# mount cannons too). hmg-crew, launcher-without-rifle and leaders-over-one are left to
# ``validate``: a client that carries nothing the shape asks for keeps clear of them.
_CONTEXT = {INFANTRY: CARRIED, "vehicle": VEHICLE, "bunker": BUNKER}
COMPOSITION = Composition(
    size=(1, None),
    kinds={
        code: KindShape(1, None if kind.has_members else 1, _SITTING[_CONTEXT[code]])
        for code, kind in KINDS.items()
    },
)
