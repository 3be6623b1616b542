"""The Black Sun quick-reference card: the tables players look up during a game.

Encodes ``docs/games/black-sun.md`` section 12 (rulebook: "Fiche de référence rapide"):
activation, movement, spotting, shooting, weapons, "cheat death", penetration, out of action,
close combat and victory points. The numbers are the rulebook's; the labels are our own short
English words, marked for translation. Weapons and victory points are read from ``data.py``
and ``tables.py`` rather than repeated, so the card cannot drift from the rules the roster
builder applies.

Each table is a ``Table``: a title, column headings and rows of cells (strings or numbers).
Their words are data, ``reference.toml``; this module computes the rows read from the rules.
The printing layer decides the layout.
"""

from __future__ import annotations

from rules.black_sun.data import ARMOUR_LEVELS, OFF_TABLE_WEAPONS, WEAPON_PROFILES
from rules.black_sun.tables import (
    CASUALTY_VP,
    LEADER_MULTIPLIER,
    MISSION_VP,
    QUALITY_BY_CV,
    QUALITY_LABELS,
)
from rules.reference import Table
from rules.reference_toml import load_card

CARD = load_card(__package__)

# The weapons of section 1.3, in the rulebook's order (Fury Bugs' throw last).
WEAPON_CODES = (
    "pistol",
    "bolt-action-rifle",
    "shotgun-slug",
    "shotgun-shot",
    "smg",
    "assault-rifle",
    "light-machine-gun",
    "heavy-machine-gun",
    "grenade-launcher",
    "flamethrower",
    "hand-grenade",
    "telekinetic-throw",
)

WEAPONS = CARD.table(
    "weapons",
    rows=tuple(
        (p.label, p.range, p.impact, p.dice_stationary, p.dice_moving)
        for p in (WEAPON_PROFILES[code] for code in WEAPON_CODES)
    ),
    starred=frozenset(
        i for i, code in enumerate(WEAPON_CODES) if WEAPON_PROFILES[code].suppression
    ),
)

OFF_TABLE = CARD.table(
    "off-table",
    rows=tuple((w.label, w.range, w.impact, w.template) for w in OFF_TABLE_WEAPONS),
)


ARMOUR = CARD.table(
    "armour",
    rows=tuple((level.value, level.label) for level in ARMOUR_LEVELS),
)

# --- victory points (docs/games/black-sun.md 8) ---------------------------------------------

MISSION = CARD.table("mission-vp", values=MISSION_VP)


def _cvs(quality: str) -> str:
    cvs = sorted(cv for cv, q in QUALITY_BY_CV.items() if q == quality)
    return f"{cvs[0]}\u2013{cvs[-1]}" if len(cvs) > 1 else str(cvs[0])


CASUALTIES = CARD.table(
    "casualty-vp",
    rows=tuple(
        (
            QUALITY_LABELS[quality],
            _cvs(quality),
            vp["dead"],
            vp["seriously-wounded"],
            vp["wounded"],
        )
        for quality, vp in CASUALTY_VP.items()
    ),
    params=(("multiplier", LEADER_MULTIPLIER),),
)

# --- the card -------------------------------------------------------------------------------

TABLES: tuple[Table, ...] = CARD.in_order(WEAPONS, OFF_TABLE, ARMOUR, MISSION, CASUALTIES)
