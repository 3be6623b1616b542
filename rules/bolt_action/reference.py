"""The Bolt Action quick-reference card: one table per subsection 5.1-5.14, in card order.

Encodes section 5 of ``bolt-action.md`` (rulebook: "Principes de jeu de base",
"Conventions de jeu", "Dés d'ordres", "Le tour", "Ordres", "Clouage", "Test d'ordres",
"FUBAR", "Qualité de troupes et moral", "Mouvement", "Table de terrain", "Comment tirer ?",
"Modificateurs pour toucher", "Jet de dommages", "Couverts", "Embuscade", "Test de moral (de
cible)"). The cells are the spec's; the titles and headings are our own short English
words, marked for translation; a cell the spec leaves empty prints "—". Orders, the order
test, FUBAR, qualities, terrain, to-hit modifiers, damage values, cover and weapons are built
from ``data.py``, so the card cannot drift from what the force sheet prints; distances print
in inches with the text's centimetres (1" = 2 cm, ``data.distance``).

Each table is a ``Table`` (title, column headings, rows of cells: strings or numbers) keyed
by its id; ``TABLES`` lists them in the card's order. The printing layer lays them out. A
table a campaign adds as house-rule data is printed after them, marked "house rule";
section 5.15 (close combat, vehicle damage, ranges...) is not on the card.
"""

from __future__ import annotations

from rules.bolt_action.data import WEAPONS
from rules.bolt_action.reference_data import (  # the card's tables, read from here as before
    BY_KEY,
    ORDER_TEST,
    QUALITY_MORALE,
    TABLES,
    WEAPONS_TABLE,
    damage_bonus,
    span,
)
from rules.pack_tables import Pack
from rules.reference import Table, inches, signed
from rules.reference_packs import WeaponTable, pack_number, pack_text, tables_with_pack

__all__ = [
    "BY_KEY", "ORDER_TEST", "QUALITY_MORALE", "TABLES", "Table", "WEAPONS_TABLE",
    "damage_bonus", "inches", "signed", "span", "tables",
]  # fmt: skip


# How the weapons table reads a club pack's weapon profiles (its "—" cells, its own weapons).
WEAPON_TABLES = {
    WEAPONS_TABLE.key: WeaponTable(
        codes=tuple(WEAPONS),
        columns=(
            pack_number("shots"),
            pack_number("damage_bonus", damage_bonus),
            pack_number("range", inches),
            pack_text("notes"),
        ),
    ),
}


def tables(pack: Pack | None = None) -> tuple[Table, ...]:
    """The card's tables, with a club's pack's weapon profiles (None: ``TABLES``)."""
    return tables_with_pack(TABLES, WEAPON_TABLES, pack, game_codes=WEAPONS)
