"""The Necromunda quick-reference card: the tables players look up during a game.

Encodes section 7 of ``docs/games/necromunda.md`` (rulebook: "Le tour", "Mouvement",
"Terrain", "Tir", "Toucher la cible", "7+ pour toucher", "Modificateurs", "Couvert",
"Blesser la cible", "Dommages subis", "Armure", "Combattants bloqués", "Tirer dans un corps à
corps", "Armes à gabarit", "Grenades", "Tir soutenu", "Jets de munition", "En alerte", "Corps
à corps", "Commandement", "Test de déroute"). The numbers are the text's; the labels are our
own short English words, marked for translation. Profiles, weapons, armour and the formula
tables (to hit, wound chart, save modifier by S, grenade range) are read from ``data.py``,
so the card cannot drift from what the gang sheet prints.

Each table is a ``Table`` (title, column headings, rows of cells: strings or numbers) keyed
by its id; ``TABLES`` lists them in the card's order. The printing layer lays them out.
A table a campaign adds as house-rule data is printed after them, marked "house rule".
"""

from __future__ import annotations

from rules.necromunda.data import WEAPONS
from rules.necromunda.reference_data import (  # the card's tables, read from here as before
    AMMO_ORDER,
    AMMO_ROLLS,
    BY_KEY,
    RANGE_MODIFIER_ORDER,
    RANGE_MODIFIERS,
    RANGE_ORDER,
    STRENGTH_ORDER,
    TABLES,
    WEAPON_RANGES,
    WEAPON_STRENGTH,
    ammo,
    number,
)
from rules.pack_tables import Pack
from rules.reference import Cell, Table, inches, signed
from rules.reference_packs import WeaponTable, pack_number, tables_with_pack

__all__ = ["BY_KEY", "TABLES", "Table", "ammo", "inches", "number", "signed", "tables"]

# --- a club pack's weapon profiles ----------------------------------------------------------

_NAMES = {code: weapon.label for code, weapon in WEAPONS.items()}


def _long_band(row) -> Cell | None:
    """A pack's long band as the card prints it: ``8–16`` (its far end alone without the
    short band's)."""
    if row.get("long") is None:
        return None
    return str(row["long"]) if row.get("short") is None else f"{row['short']}\u2013{row['long']}"


# How the weapon tables read a club pack's weapons: the game's weapons the pack gives a cell
# for are added to each table (the card lists a few weapons per table), and the pack's own.
WEAPON_TABLES = {
    WEAPON_RANGES.key: WeaponTable(
        RANGE_ORDER,
        (pack_number("short", lambda v: f"0\u2013{v}"), _long_band, pack_number("long")),
        known=_NAMES,
    ),
    RANGE_MODIFIERS.key: WeaponTable(
        RANGE_MODIFIER_ORDER,
        (pack_number("hit_short", signed), pack_number("hit_long", signed)),
        known=_NAMES,
    ),
    WEAPON_STRENGTH.key: WeaponTable(STRENGTH_ORDER, (pack_number("strength"),), known=_NAMES),
    AMMO_ROLLS.key: WeaponTable(
        (*AMMO_ORDER, None), (pack_number("ammo", ammo), None), known=_NAMES
    ),
}


def tables(pack: Pack | None = None) -> tuple[Table, ...]:
    """The card's tables, with a club's pack's weapon profiles (None: ``TABLES``)."""
    return tables_with_pack(TABLES, WEAPON_TABLES, pack, game_codes=WEAPONS)
