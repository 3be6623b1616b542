"""The Necromunda quick-reference card's tables (section 7 of ``docs/games/necromunda.md``):
each a ``Table`` keyed by its id, ``TABLES`` in the card's order, and the two small
formatters their cells use. Their words are data, ``reference.toml``; this module computes
the parts read from the rules. The card's functions (a club pack's weapon profiles added
to the tables) are ``reference.py``'s.
"""

from __future__ import annotations

from rules.i18n import gettext_noop as _
from rules.necromunda import data
from rules.necromunda.data import (
    ARMOUR,
    CHARACTERISTIC_LABELS,
    CHARACTERISTICS,
    FIGHTER_TYPES,
    SECOND_DIE_LABELS,
    WEAPONS,
    grenade_range,
    strength_save_modifier,
    to_hit,
    wound_roll,
)
from rules.reference import MINUS, Cell, Table, inches, signed
from rules.reference_toml import load_card

CARD = load_card(__package__)


def number(value: int) -> Cell:
    """A plain number as printed: itself, or a string with a true minus sign below 0."""
    return value if value >= 0 else f"{MINUS}{-value}"


def ammo(score: int) -> str:
    return f"{score}+"


# --- fighters -------------------------------------------------------------------------------

PROFILE_ORDER = ("ganger", "leader", "kid")  # table 1.2's order

PROFILES = CARD.table(
    "profiles",
    columns=(_("Type"), *(CHARACTERISTIC_LABELS[c] for c in CHARACTERISTICS), _("Profile")),
    rows=tuple(
        (t.label, *t.profile, t.source) for t in (FIGHTER_TYPES[code] for code in PROFILE_ORDER)
    ),
    starred=frozenset(
        i for i, code in enumerate(PROFILE_ORDER) if FIGHTER_TYPES[code].completed_from_ganger
    ),
)

# --- the turn and movement ------------------------------------------------------------------


MOVEMENT = CARD.table("movement", values={"walk": CHARACTERISTIC_LABELS["m"]})

# --- shooting -------------------------------------------------------------------------------

BS_VALUES = tuple(range(1, 11))

TO_HIT = CARD.table(
    "to-hit",
    columns=(CHARACTERISTIC_LABELS["bs"], *(str(bs) for bs in BS_VALUES)),
    rows=((_("d6"), *(number(to_hit(bs)) for bs in BS_VALUES)),),
)

SEVEN_PLUS = CARD.table(
    "seven-plus",
    rows=(
        *((n, label) for n, label in SECOND_DIE_LABELS.items()),
        (data.IMPOSSIBLE_TO_HIT, _("miss")),
    ),
)


RANGE_ORDER = (
    "laspistol",
    "bolt-pistol",
    "autogun",
    "lasgun",
    "boltgun",
    "meltagun",
    "shotgun",
    "missile-launcher",
    "heavy-stubber",
)

WEAPON_RANGES = CARD.table(
    "weapon-ranges",
    rows=tuple(
        (w.label, str(w.short), str(w.long), w.max_range)
        for w in (WEAPONS[code] for code in RANGE_ORDER)
    ),
)

SHOTGUN_SOLID = _("Shotgun (solid shot)")
RANGE_MODIFIER_ORDER = (
    "laspistol",
    "bolt-pistol",
    "plasma-pistol",
    "autogun",
    "boltgun",
    "heavy-bolter",
    "shotgun",
)

RANGE_MODIFIERS = CARD.table(
    "range-modifiers",
    rows=tuple(
        (
            SHOTGUN_SOLID if w.code == "shotgun" else w.label,
            signed(w.hit_short),
            signed(w.hit_long),
        )
        for w in (WEAPONS[code] for code in RANGE_MODIFIER_ORDER)
    ),
)

STRENGTH_ORDER = (
    "laspistol",
    "bolt-pistol",
    "autopistol",
    "autogun",
    "lasgun",
    "boltgun",
    "meltagun",
    "lascannon",
    "autocannon",
    "heavy-stubber",
)

WEAPON_STRENGTH = CARD.table(
    "weapon-strength",
    columns=(_("Weapon"), CHARACTERISTIC_LABELS["s"]),
    rows=tuple((w.label, w.strength) for w in (WEAPONS[code] for code in STRENGTH_ORDER)),
)

AMMO_ORDER = (
    "laspistol",
    "autopistol",
    "bolt-pistol",
    "lasgun",
    "autogun",
    "boltgun",
    "flamer",
    "heavy-stubber",
)

AMMO_ROLLS = CARD.table(
    "ammo-rolls",
    rows=(
        *(
            (
                w.label,
                ammo(w.ammo),
                _("after every shot") if "ammo-every-shot" in w.notes else _("on a to-hit 6"),
            )
            for w in (WEAPONS[code] for code in AMMO_ORDER)
        ),
        (_("Grenades"), _("always fails"), _("on a to-hit 6")),
    ),
)

# --- wounds, injuries, armour ---------------------------------------------------------------

STRENGTHS = tuple(range(1, 11))
TOUGHNESSES = tuple(range(1, 11))
CANNOT_WOUND = "N"

WOUND_CHART = CARD.table(
    "wound-chart",
    columns=(_("S \\ T"), *(str(t) for t in TOUGHNESSES)),
    rows=tuple(
        (s, *(CANNOT_WOUND if (n := wound_roll(s, t)) is None else n for t in TOUGHNESSES))
        for s in STRENGTHS
    ),
)


ARMOUR_SAVE = CARD.table(
    "armour-save",
    rows=tuple((a.label, f"{a.save}+") for a in ARMOUR.values()),
)

SAVE_MODIFIER_STRENGTHS = (3, 4, 5, 6, 7, 8, 9)

STRENGTH_SAVE_MODIFIER = CARD.table(
    "strength-save-modifier",
    columns=(CHARACTERISTIC_LABELS["s"], _("3 or less"), "4", "5", "6", "7", "8", _("9 or more")),
    rows=((_("modifier"), *(number(strength_save_modifier(s)) for s in SAVE_MODIFIER_STRENGTHS)),),
)

GRENADE_STRENGTHS = tuple(data.GRENADE_RANGES)

GRENADE_RANGE = CARD.table(
    "grenade-range",
    rows=tuple(
        (_("5 or more") if s == GRENADE_STRENGTHS[-1] else s, inches(grenade_range(s)))
        for s in GRENADE_STRENGTHS
    ),
)

# --- nerve ----------------------------------------------------------------------------------

LEADERSHIP = CARD.table(
    "leadership",
    params=(("radius", data.LEADERSHIP_RADIUS),),
)

BOTTLE_TEST = CARD.table(
    "bottle-test",
    params=(("voluntary", data.VOLUNTARY_BOTTLE_FROM),),
)

# --- the card -------------------------------------------------------------------------------

TABLES: tuple[Table, ...] = CARD.in_order(
    PROFILES, MOVEMENT, TO_HIT, SEVEN_PLUS, WEAPON_RANGES, RANGE_MODIFIERS, WEAPON_STRENGTH,
    AMMO_ROLLS, WOUND_CHART, ARMOUR_SAVE, STRENGTH_SAVE_MODIFIER, GRENADE_RANGE, LEADERSHIP,
    BOTTLE_TEST,
)  # fmt: skip
BY_KEY = {table.key: table for table in TABLES}
