"""What a Necromunda fighter's numbers come to: the derived values of the gang sheet.

Encodes section 2 of ``docs/games/necromunda.md`` (rulebook: "Toucher la cible",
"Modificateurs", "Grenades", "Combattre avec deux armes", "Modificateurs de sauvegarde",
"Modificateurs de combat" (encumbered), "Armure", "Test de déroute"). ``derive(roster)`` gives
``validate_roster --json`` its ``bottle_at`` and ``derived`` keys; the sheet (``sheet.py``)
prints the same figures through the helpers below.

Derived values are computed for every fighter, dead ones included, valid gang or not. Target
numbers are raw (``to_hit`` is 7 − BS, never clamped); ``target_label`` words them for print.

It runs on every edit of the gang builder, beside ``validation.validate``: the loops read
plain dictionaries built once below (``bench/bench_necromunda.py``, target 30 µs together
for 10 fighters).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from rules.i18n import Translate
from rules.i18n import gettext_noop as _
from rules.necromunda.data import (
    ARMOUR,
    BIG_CLASSES,
    BOTTLE_SHARE,
    CHARACTERISTICS,
    CLOSE_COMBAT,
    FIGHTER_TYPES,
    FLAMERS,
    GRENADE,
    HEAVY,
    IMPOSSIBLE_TO_HIT,
    KNIFE,
    PISTOL,
    SECOND_DIE_LABELS,
    SHOOTING_CLASSES,
    WEAPONS,
    Profile,
    grenade_range,
    strength_save_modifier,
)
from rules.types import Member, Roster

# --- lookups built once ---------------------------------------------------------------------

_BASE = {code: t.profile._asdict() for code, t in FIGHTER_TYPES.items()}
_SAVE = {code: armour.save for code, armour in ARMOUR.items()}
# The kinds of item the derived values care about (armour is read from _SAVE).
_HAND, _KNIFE, _BIG, _HEAVY, _GRENADE, _OTHER = range(6)


def _kind(weapon) -> int:
    if weapon.code == KNIFE:
        return _KNIFE
    if weapon.weapon_class in (PISTOL, CLOSE_COMBAT):
        return _HAND  # pistols and swords: a hand weapon each
    if weapon.weapon_class == HEAVY:
        return _HEAVY
    if weapon.weapon_class in BIG_CLASSES:
        return _BIG
    if weapon.weapon_class == GRENADE:
        return _GRENADE
    return _OTHER


_KIND = {code: _kind(w) for code, w in WEAPONS.items()}


def _modifier(value) -> int | None:
    return value if type(value) is int else None  # NA and "not printed" give no number


# Shooting weapons with a weapon_to_hit entry (every pistol, basic, special and heavy weapon
# but the two flamers): code -> (short-range modifier, long-range modifier), None if unknown.
_RANGE_MODIFIERS = {
    code: (_modifier(w.hit_short), _modifier(w.hit_long))
    for code, w in WEAPONS.items()
    if w.weapon_class in SHOOTING_CLASSES and code not in FLAMERS
}


# --- one fighter ----------------------------------------------------------------------------


def advances(member: Member) -> Mapping[str, int]:
    """The fighter's advances by characteristic code (``{}`` without any)."""
    return member.record.get("advances") or {}


def profile(member: Member) -> Profile:
    """The fighter's final characteristics: its type's profile plus its advances."""
    base = FIGHTER_TYPES[member.type].profile
    adv = member.record.get("advances")
    if not adv:
        return base
    return Profile(
        *[value + adv.get(code, 0) for code, value in zip(CHARACTERISTICS, base, strict=True)]
    )


def profile_dict(member: Member) -> dict[str, int]:
    """``profile(member)`` as the ``profile`` key of ``derived`` gives it (a new dict)."""
    values = _BASE[member.type].copy()
    adv = member.record.get("advances")
    if adv:
        for code, change in adv.items():
            values[code] += change
    return values


class Gear(NamedTuple):
    """What a fighter's equipment means for the derived values (counts included)."""

    save: int | None  # the best armour save, None without armour
    armour: tuple[str, ...]  # armour codes, as listed (a second one is armour-stacked)
    armour_count: int
    hand_weapons: int  # pistols + swords + max(1, knives): the free knife counts
    big: bool  # a basic, special or heavy weapon is listed
    encumbered: bool  # a heavy weapon is listed
    grenades: bool


def gear(member: Member) -> Gear:
    save = None
    armour: list[str] = []
    armour_count = hand = knives = 0
    big = heavy = grenades = False
    for line in member.equipment:
        code = line.item
        if code in _SAVE:
            armour.append(code)
            armour_count += line.count
            if save is None or _SAVE[code] < save:
                save = _SAVE[code]
            continue
        kind = _KIND[code]
        if kind == _HAND:
            hand += line.count
        elif kind == _KNIFE:
            knives += line.count
        elif kind == _HEAVY:
            big = heavy = True
        elif kind == _BIG:
            big = True
        elif kind == _GRENADE:
            grenades = True
    return Gear(save, tuple(armour), armour_count, hand + (knives or 1), big, heavy, grenades)


def two_hand_weapons(member: Member) -> bool:
    """+1 attack die: no basic, special or heavy weapon, and two hand weapons or more (the
    free knife counting as one)."""
    g = gear(member)
    return not g.big and g.hand_weapons >= 2


def derive_member(member: Member) -> dict[str, Any]:
    """The ten keys of section 2 for one fighter."""
    values = _BASE[member.type].copy()
    adv = member.record.get("advances")
    if adv:
        for code, change in adv.items():
            values[code] += change
    to_hit = 7 - values["bs"]
    s = values["s"]
    move = 2 * values["m"]

    save = None
    hand = knives = 0
    big = heavy = False
    weapon_to_hit: dict[str, dict[str, int | None]] = {}
    for line in member.equipment:
        code = line.item
        if code in _SAVE:
            if save is None or _SAVE[code] < save:
                save = _SAVE[code]
            continue
        kind = _KIND[code]
        if kind == _HAND:
            hand += line.count
        elif kind == _KNIFE:
            knives += line.count
        elif kind == _HEAVY:
            big = heavy = True
        elif kind == _BIG:
            big = True
        mods = _RANGE_MODIFIERS.get(code)
        if mods is not None:
            short, long = mods
            weapon_to_hit[code] = {
                "short": None if short is None else to_hit - short,
                "long": None if long is None else to_hit - long,
            }
    two_weapons = not big and hand + (knives or 1) >= 2
    return {
        "profile": values,
        "to_hit": to_hit,
        "run": move,
        "charge": move,
        "grenade_range": grenade_range(s),
        "attack_dice": values["a"] + 1 if two_weapons else values["a"],
        "cc_save_modifier": strength_save_modifier(s),
        "save": save,
        "encumbered": heavy,
        "weapon_to_hit": weapon_to_hit,
    }


# --- the gang -------------------------------------------------------------------------------


def bottle_at(roster: Roster) -> int:
    """Fighters down or out of action that call for a bottle test: a quarter of the active
    fighters, rounded up ("Test de déroute": 3 of 10)."""
    active = sum(1 for m in roster.members if m.status == "active")
    return -(-active // BOTTLE_SHARE)


def derive(roster: Roster) -> dict[str, Any]:
    """``{"bottle_at": n, "derived": {fighter name: its ten keys}}``, every fighter included."""
    active = 0
    derived = {}
    for member in roster.members:
        if member.status == "active":
            active += 1
        derived[member.name] = derive_member(member)
    return {"bottle_at": -(-active // BOTTLE_SHARE), "derived": derived}


# --- words for the numbers ------------------------------------------------------------------

CANNOT_HIT = _("cannot hit")


def _same(text: str) -> str:
    return text


def target_label(n: int, translate: Translate = _same) -> str:
    """A raw to-hit number as printed: 1 or less "2+" (a 1 always misses), 2–6 "N+",
    7/8/9 "6 then 4+/5+/6+", 10 or more "cannot hit"."""
    if n <= 1:
        return "2+"
    if n <= 6:
        return f"{n}+"
    if n < IMPOSSIBLE_TO_HIT:
        return translate(SECOND_DIE_LABELS[n])
    return translate(CANNOT_HIT)
