"""A quick-reference card's weapon tables with a club's pack (``game-pack/1``, its ``weapons``
table): the cells the game's data leaves "—" filled from the pack, and the pack's weapons
appended, each cell so printed marked as the pack's (``Table.from_pack``).

A pack's names, notes and values are user text: they go into a table as ``PackText`` cells,
which the card prints as they are (never translated, never ``%``-formatted) and its
templates escape. Without a pack (``None``) a table comes back unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules.i18n import Translate
from rules.i18n import gettext_noop as _
from rules.pack_tables import WEAPONS, Pack
from rules.reference import DASH, Cell, PackText, Table

# A column's cell from a pack's weapon row (its JSON object): the printed value, or None when
# the row does not give it.
Column = Callable[[Mapping[str, Any]], Cell | None] | None


def pack_text(name: str) -> Column:
    """A column printing the pack's text cell ``name`` (user text: a ``PackText``)."""
    return lambda row: None if not row.get(name) else PackText(row[name])


def pack_number(name: str, shown: Callable[[int], Cell] = lambda value: value) -> Column:
    """A column printing the pack's whole-number cell ``name`` through ``shown`` (inches,
    signed…: the game's own words, no user text)."""
    return lambda row: None if row.get(name) is None else shown(row[name])


@dataclass(frozen=True, slots=True)
class WeaponTable:
    """How one of a game's card tables reads a pack's weapons: ``codes``, the weapon code of
    each of its rows (None for a row that is no weapon); ``columns``, each column after the
    weapon's name (None: the pack has nothing for it); ``known``, a code's printed name for
    the game's weapons a pack may add to this table, or None to add none of them; ``new``,
    whether the pack's own weapons are added (under their ``name``)."""

    codes: tuple[str | None, ...]
    columns: tuple[Column, ...]
    known: Mapping[str, str] | None = None
    new: bool = True


def pack_weapons(pack: Pack | None) -> tuple[Mapping[str, Any], ...]:
    """The rows of a pack's ``weapons`` table (none without a pack or that table)."""
    if pack is None:
        return ()
    return tuple(pack.tables.get(WEAPONS) or ())


def fill_blanks(
    cells: Sequence[Cell] | Mapping[Any, Cell], values: Mapping[Any, Cell | None]
) -> tuple[Any, frozenset[Any]]:
    """``cells`` (by place or by key) with each blank one ("—" or empty) that ``values``
    gives (by the same place or key) filled from the pack, and the places or keys so filled:
    a cell the game's data gives is never changed."""
    out: Any = dict(cells) if isinstance(cells, Mapping) else list(cells)
    filled = set()
    for where, value in values.items():
        if value is not None and out[where] in (DASH, ""):
            out[where] = value
            filled.add(where)
    return out, frozenset(filled)


def pack_weapon(pack: Pack | None, code: str) -> Mapping[str, Any] | None:
    """The pack's row for the weapon ``code`` (None: no pack, or none for that weapon)."""
    for weapon in pack_weapons(pack):
        if weapon["weapon"] == code:
            return weapon
    return None


def sheet_cells(
    cells: Mapping[str, Cell], pack: Pack | None, code: str, columns: Mapping[str, Column]
) -> tuple[dict[str, Cell], dict[str, bool]]:
    """A sheet's weapon row (``cells`` by key) with the pack's values in its blank cells:
    ``columns`` reads each key's value from the pack's row for ``code``. Gives the cells and
    the keys printed from the pack (each ``True``, for a template's ``w.from_pack.key``), to
    be marked "†" as on the reference card (``pack_footnote``)."""
    weapon = pack_weapon(pack, code)
    if weapon is None:
        return dict(cells), {}
    values = {key: None if column is None else column(weapon) for key, column in columns.items()}
    out, filled = fill_blanks(cells, values)
    return out, dict.fromkeys(filled, True)


OWN_WEAPONS = _("The pack's own weapons")


def own_weapons(
    pack: Pack | None,
    translate: Translate,
    *,
    columns: Sequence[str],
    how: Sequence[Column],
    game_codes: Iterable[str],
) -> dict[str, Any] | None:
    """The pack's own weapons (codes not in ``game_codes``) as a table a sheet prints under
    its units or fighters, in the reference card's form (``Table.context``): its title, the
    weapon's heading then ``columns`` (the game's words), each cell read by ``how``, every
    cell marked as the pack's. None: no weapon of its own."""
    empty = Table(key="pack-weapons", title=OWN_WEAPONS, columns=tuple(columns), rows=())
    table = with_pack(empty, WeaponTable((), tuple(how)), pack, game_codes=game_codes)
    return None if not table.rows else table.context(translate)


def pack_footnote(pack: Pack | None) -> dict[str, Any] | None:
    """What a sheet's "†" footnote prints (``print/_ref_pack_note.html`` reads ``t.pack``):
    the pack's name and version; None without a pack."""
    if pack is None:
        return None
    return {"pack": {"name": pack.name, "version": pack.version}}


def with_pack(
    table: Table, how: WeaponTable, pack: Pack | None, *, game_codes: Iterable[str]
) -> Table:
    """``table`` with the pack's weapons: its "—" cells filled where the pack gives them, and
    a row appended for each weapon the pack gives a cell of this table for: its own (codes
    not in ``game_codes``; with ``how.new``) and the game's in ``how.known``. Every
    cell so printed is in ``from_pack`` (row, column); the pack's name and version in
    ``pack``. ``None`` (or a pack without weapons): ``table`` itself."""
    weapons = pack_weapons(pack)
    if not weapons:
        return table
    assert pack is not None
    game = frozenset(game_codes)
    rows: list[tuple[Cell, ...]] = list(table.rows)
    marked: set[tuple[int, int]] = set()
    index = {code: i for i, code in enumerate(how.codes) if code is not None}
    for weapon in weapons:
        code = weapon["weapon"]
        values = [None if column is None else column(weapon) for column in how.columns]
        if code in index:
            i = index[code]
            cells, filled = fill_blanks(rows[i], dict(enumerate(values, start=1)))
            rows[i] = tuple(cells)
            marked.update((i, j) for j in filled)
            continue
        own = code not in game
        if not _gives(values) or not (how.new if own else code in (how.known or ())):
            continue  # nothing for this table, or a weapon it does not list
        i = len(rows)
        known = how.known or {}
        name: Cell = PackText(weapon.get("name") or code) if own else known[code]
        rows.append((name, *(DASH if v is None else v for v in values)))
        marked.update((i, j) for j, v in enumerate(values, start=1) if v is not None)
        if own:
            marked.add((i, 0))
    if not marked:
        return table  # nothing of the pack on this table: printed as without it
    return replace(
        table, rows=tuple(rows), from_pack=frozenset(marked), pack=(pack.name, pack.version)
    )


def _gives(values: Sequence[Cell | None]) -> bool:
    return any(value is not None for value in values)


def tables_with_pack(
    tables: Sequence[Table],
    weapon_tables: Mapping[str, WeaponTable],
    pack: Pack | None,
    *,
    game_codes: Iterable[str],
) -> tuple[Table, ...]:
    """A card's ``tables`` with ``with_pack`` applied to those in ``weapon_tables`` (by key)."""
    codes = frozenset(game_codes)
    return tuple(
        with_pack(t, weapon_tables[t.key], pack, game_codes=codes) if t.key in weapon_tables else t
        for t in tables
    )
