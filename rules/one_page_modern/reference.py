"""The one-page modern quick-reference card: every table of the text, in the card's order.

Encodes section 6 of ``one-page-modern.md`` (rulebook: "Dés à Six Faces", "Entraînement /
Expérience des Unités", "Initiative", "Activation", "Tirer", "Neutralisation", "Couverture",
"Corps à Corps", "Armes", "Armure Personnelle", "Vehicules"). The numbers are the text's;
the labels are our own short English words, marked for translation. Training, pinning,
cover, actions, weapons, personal armour and vehicle armour are built from ``data.py``, so
the card cannot drift from what the force sheet prints; distances print in inches and the
text's centimetres (``data.distance``).

Each table is a ``Table`` (title, column headings, rows of cells: strings or numbers) keyed
by its id; ``TABLES`` lists them in the card's order (items 1-14). Their words are data,
``reference.toml``; this module computes the parts read from the rules. The printing layer
lays them out.
"""

from __future__ import annotations

from rules.i18n import gettext_noop as _
from rules.one_page_modern.data import (
    ACTIONS,
    ARMOUR,
    ASSAULT_RIFLE,
    CENTIMETRES,
    COVER,
    SKILL_CAP,
    SMALL_ARMS,
    SUPPORT_WEAPONS,
    TRAINING,
    UNDERSLUNG_LAUNCHER,
    VEHICLE_ARMOUR,
    VEHICLE_MOVES,
    WEAPONS,
    distance,
    plus,
)
from rules.pack_tables import Pack
from rules.reference import MINUS, Cell, Table, signed  # noqa: F401  (MINUS: the sign it prints)
from rules.reference_packs import WeaponTable, pack_number, tables_with_pack
from rules.reference_toml import load_card

CARD = load_card(__package__)

# --- 1-4: dice, training, turn, activation --------------------------------------------------

TRAINING_TABLE = CARD.table(
    "training",
    rows=tuple((t.label, plus(t.activation), plus(t.skill)) for t in TRAINING.values()),
)

# --- 5-9: actions, shooting, pinning, cover, close combat -----------------------------------

ACTION_NOTES = {
    "walk": _("may fire a small arm, or throw a grenade, at any point of the move"),
    "run": _("no firing, no grenades"),
    "sneak": _("no firing, no grenades; the models count as in light cover"),
    "on-guard": _("may react once in the turn, firing at an enemy moving in sight"),
    "hit-the-dirt": _("into the nearest cover; cover one step better; no firing, no grenades"),
    "aimed-fire": _("every model of the unit +1 on its shooting dice"),
    "assault": _("close with an enemy unit (close combat)"),
}

ACTIONS_TABLE = CARD.table(
    "actions",
    rows=tuple((a.label, distance(a.inches), ACTION_NOTES[a.code]) for a in ACTIONS.values()),
)

PINNING = CARD.table(
    "pinning",
    rows=tuple((t.label, t.max_pinned) for t in TRAINING.values()),
)

COVER_TABLE = CARD.table(
    "cover",
    rows=tuple((c.label, signed(c.modifier), c.examples) for c in COVER.values()),
    params=(("cap", plus(SKILL_CAP)),),
)

CLOSE_COMBAT = CARD.table(
    "close-combat",
    params=(("assault", distance(ACTIONS["assault"].inches)),),
)

# --- 10-14: weapons, armour, vehicles -------------------------------------------------------


def _weapon_rows(codes) -> tuple[tuple[Cell, ...], ...]:
    return tuple((WEAPONS[c].label, WEAPONS[c].range_text, WEAPONS[c].fp) for c in codes)


_LAUNCHER = WEAPONS[UNDERSLUNG_LAUNCHER]
_RIFLE_CLOSE = WEAPONS[ASSAULT_RIFLE].close

SMALL_ARMS_TABLE = CARD.table(
    "small-arms",
    rows=_weapon_rows(c for c in SMALL_ARMS if c != UNDERSLUNG_LAUNCHER),
    params=(
        ("launcher_range", _LAUNCHER.range_text),
        ("launcher_fp", _LAUNCHER.fp),
        ("close_fp", _RIFLE_CLOSE.fp),
        ("close_range", distance(_RIFLE_CLOSE.inches)),
    ),
)

SUPPORT_WEAPONS_TABLE = CARD.table(
    "support-weapons",
    rows=_weapon_rows(SUPPORT_WEAPONS),
)

PERSONAL_ARMOUR = CARD.table(
    "personal-armour",
    rows=tuple((a.label, plus(a.save), a.examples) for a in ARMOUR.values()),
)

VEHICLES = CARD.table(
    "vehicles",
    rows=tuple((v.label, plus(v.save), v.examples) for v in VEHICLE_ARMOUR.values()),
    params=(
        ("open", distance(VEHICLE_MOVES["open"])),
        ("light", distance(VEHICLE_MOVES["light-cover"])),
        ("medium", distance(VEHICLE_MOVES["medium-cover"])),
    ),
)

# --- the card -------------------------------------------------------------------------------

TABLES: tuple[Table, ...] = CARD.in_order(
    TRAINING_TABLE, ACTIONS_TABLE, PINNING, COVER_TABLE, CLOSE_COMBAT, SMALL_ARMS_TABLE,
    SUPPORT_WEAPONS_TABLE, PERSONAL_ARMOUR, VEHICLES,
)  # fmt: skip
BY_KEY = {table.key: table for table in TABLES}

# --- a club pack's weapon profiles ----------------------------------------------------------


def _pack_distance(inches: int) -> str:
    """A pack's range as the card prints it: ``8" (20 cm)``, the text's rounding when it has
    one, else 2.5 cm an inch."""
    return distance(inches) if inches in CENTIMETRES else f'{inches}" ({round(inches * 2.5)} cm)'


PACK_COLUMNS = (pack_number("range", _pack_distance), pack_number("fp"))

# How the weapon tables read a club pack's weapons: the game's own cells are all given (a
# pack's reading of them is the sheets' business), so the pack's own weapons are added, under
# the support weapons.
WEAPON_TABLES = {
    SMALL_ARMS_TABLE.key: WeaponTable(
        tuple(c for c in SMALL_ARMS if c != UNDERSLUNG_LAUNCHER), PACK_COLUMNS, new=False
    ),
    SUPPORT_WEAPONS_TABLE.key: WeaponTable(tuple(SUPPORT_WEAPONS), PACK_COLUMNS),
}


def tables(pack: Pack | None = None) -> tuple[Table, ...]:
    """The card's tables, with a club's pack's weapon profiles (None: ``TABLES``)."""
    return tables_with_pack(TABLES, WEAPON_TABLES, pack, game_codes=WEAPONS)
