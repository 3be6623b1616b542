"""Reading a ``game-pack/1`` document (``docs/formats.md``) against its game's tables.

``load_pack(text)`` and ``parse_pack(data)`` give a frozen ``Pack`` or raise the
``DocumentError`` of ``rules.documents`` with every problem at once, each naming its table,
row and cell (``tables.points.items[3].cost``) in English marked for translation, as a
roster's. A pack may hold only the tables its game declares (``GameSystem.packs``), each of
the declared shape (``rules.pack_tables``): an unknown table, key or code, a wrong type, a
number out of bounds, a row given twice or an oversized document is refused.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from rules.documents.reader import (
    MAX_NAME,
    DocumentError,
    Problem,
    Reader,
    format_and_system,
    join,
    kind_of,
    loads,
)
from rules.i18n import gettext_noop as _
from rules.pack_tables import (
    CODE_LENGTH,
    MAX_PACK_BYTES,
    NOTE_LENGTH,
    PACK_FORMAT,
    Cell,
    Pack,
    PackTable,
    Rows,
    nested_from_rows,
    rows_from_nested,
)
from rules.registry import GameSystem

VERSION_LENGTH = 20
NEW_CODE = re.compile(r"[a-z0-9][a-z0-9-]*\Z")
REQUIRED = ("format", "system", "name", "version", "tables")
OPTIONAL = ("example", "note")
_MISSING = object()
WRONG_GAME = _("a pack of %(pack)r cannot be used for a roster of %(system)r")
BELOW_LOW = _("must not be below the row's %(cell)s (%(value)d)")
NAMED = _("is required for a code the game does not have (%(code)r)")


def load_pack(text: str | bytes) -> Pack:
    """A pack from its JSON text (at most ``MAX_PACK_BYTES``); raises ``DocumentError``."""
    if len(text) > MAX_PACK_BYTES:
        raise DocumentError(
            [Problem("", _("a pack may be at most %(max)d bytes long"), {"max": MAX_PACK_BYTES})]
        )
    return parse_pack(loads(text))


def parse_pack(data: Any) -> Pack:
    """A pack from parsed JSON; raises ``DocumentError`` naming every problem's place."""
    r = Reader()
    pack = _read(r, data)
    r.raise_if_failed()
    assert pack is not None
    return pack


def pack_problems(data: Any) -> list[Problem]:
    """Every problem of a parsed pack document (none: it reads clean)."""
    r = Reader()
    _read(r, data)
    return r.problems


def _read(r: Reader, data: Any) -> Pack | None:
    doc = r.object(data, "", REQUIRED, OPTIONAL)
    if doc is None:
        return None
    system = format_and_system(r, doc, "", PACK_FORMAT)
    name = r.string(doc["name"], "name") if "name" in doc else None
    version = (
        r.string(doc["version"], "version", maximum=VERSION_LENGTH) if "version" in doc else None
    )
    example = r.boolean(doc["example"], "example") if "example" in doc else False
    note = r.string(doc["note"], "note", maximum=NOTE_LENGTH, blank=True) if "note" in doc else ""
    tables = _tables(r, system, doc.get("tables", _MISSING))
    if r.problems or system is None or tables is None:
        return None
    read = {}
    for table_id, checked in tables.items():
        declared = system.packs.table(table_id)
        assert declared is not None
        read[table_id] = checked if declared.read is None else declared.read(checked)
    return Pack(
        system=system.code, name=name or "", version=version or "",
        tables=MappingProxyType(tables), read=MappingProxyType(read),
        example=bool(example), note=note or "",
    )  # fmt: skip


def _tables(r: Reader, system: GameSystem | None, value: Any) -> dict[str, Any] | None:
    if value is _MISSING:
        return None
    if not isinstance(value, dict):
        r.fail("tables", _("must be an object, not %(kind)s"), kind=kind_of(value))
        return None
    if system is None:
        return None
    out = {}
    for table_id, table in value.items():
        path = join("tables", table_id)
        declared = system.packs.table(table_id)
        if declared is None:
            known = ", ".join(t.id for t in system.packs.tables) or _("none")
            r.fail(path, _("unknown table %(table)r (this game's packs hold: %(tables)s)"),
                   table=table_id, tables=known)  # fmt: skip
            continue
        checked = _table(r, declared, table, path)
        problems = (
            [] if checked is None or declared.check_rows is None else declared.check_rows(checked)
        )
        for place, template, params in problems:
            r.refuse(join(path, place), template, **params)
        if checked is not None and not problems:
            out[table_id] = checked
    return out


def _table(r: Reader, declared: PackTable, value: Any, path: str) -> Any:
    if declared.rows is not None:
        return _rows(r, declared.rows, value, path)
    parts = {part.key: part for part in declared.parts}
    obj = r.object(value, path, (), tuple(parts))
    if obj is None:
        return None
    out: dict[str, Any] = {}
    ok = True
    for key, part_value in obj.items():
        part = parts.get(key)
        if part is None:
            ok = False
            continue
        part_path = join(path, key)
        if isinstance(part, Rows):
            got = _rows(r, part, part_value, part_path)
        elif part_value is None and not part.required:
            continue
        else:
            got = _cell(r, part, part_value, part_path)
        if got is _MISSING or got is None:
            ok = False
        else:
            out[key] = got
    return MappingProxyType(out) if ok else None


def _rows(r: Reader, rows: Rows, value: Any, path: str) -> tuple[Mapping[str, Any], ...] | None:
    before = len(r.problems)
    items = r.list(value, path, maximum=rows.most)
    cells = {cell.key: cell for cell in rows.cells}
    required = tuple(cell.key for cell in rows.cells if cell.required)
    optional = tuple(cell.key for cell in rows.cells if not cell.required)
    first = rows.cells[0]
    seen: dict[tuple[Any, ...], int] = {}
    out = []
    for i, item in enumerate(items):
        row_path = f"{path}[{i}]"
        obj = r.object(item, row_path, required, optional)
        if obj is None:
            continue
        row: dict[str, Any] = {}
        for key, cell_value in obj.items():
            cell = cells.get(key)
            if cell is None or (cell_value is None and not cell.required):
                continue
            got = _cell(r, cell, cell_value, join(row_path, key))
            if got is not _MISSING:
                row[key] = got
        if first.key in row and first.new and row[first.key] not in first.choices:
            for key in rows.named:
                if obj.get(key) is None:
                    r.fail(join(row_path, key), NAMED, code=row[first.key])
        for low, high in rows.ordered:
            if low in row and high in row and row[high] < row[low]:
                r.refuse(join(row_path, high), BELOW_LOW, cell=low, value=row[low])
        # a cell of the row's identity left out is "not given", one value (any faction)
        if rows.unique and all(
            key in row or (obj.get(key) is None and not cells[key].required) for key in rows.unique
        ):
            ident = tuple(_same(row.get(key)) for key in rows.unique)
            if ident in seen:
                r.refuse(row_path, _("the same %(keys)s as row %(row)d"),
                         keys=", ".join(rows.unique), row=seen[ident])  # fmt: skip
            else:
                seen[ident] = i
        out.append(MappingProxyType(row))
    return None if len(r.problems) > before else tuple(out)


def _same(value: Any) -> Any:
    """A cell of a row's identity as rows are told apart: a text without case or
    surrounding spaces, blank as left out (a faction written twice)."""
    return (value.strip().casefold() or None) if isinstance(value, str) else value


def _cell(r: Reader, cell: Cell, value: Any, path: str) -> Any:
    """One checked cell, or ``_MISSING`` when refused."""
    got: Any
    if cell.kind == "whole":
        got = r.integer(value, path, minimum=cell.minimum, maximum=cell.maximum)
    elif cell.kind == "text":
        got = r.string(value, path, maximum=cell.length, blank=not cell.required)
    elif cell.kind == "code":
        got = _code(r, cell, value, path)
    else:
        raise ValueError(f"unknown cell kind {cell.kind!r}")
    return _MISSING if got is None else got


def _code(r: Reader, cell: Cell, value: Any, path: str) -> str | None:
    if not cell.new:
        return r.code(value, path, cell.choices, cell.label.lower())
    if not isinstance(value, str):
        r.fail(path, _("must be a string, not %(kind)s"), kind=kind_of(value))
        return None
    if value in cell.choices:
        return value
    if len(value) > CODE_LENGTH or not NEW_CODE.match(value):
        r.fail(
            path, _("a new code is at most %(max)d lower-case letters, digits and hyphens, "
                    "not %(code)r"), max=CODE_LENGTH, code=value[:MAX_NAME],
        )  # fmt: skip
        return None
    return value


def pack_for(pack: Pack, system: str) -> Pack:
    """``pack`` when it is a pack of game ``system``; else a ``DocumentError`` at ``system``."""
    if pack.system != system:
        raise DocumentError(
            [Problem("system", WRONG_GAME, {"pack": pack.system, "system": system})]
        )
    return pack


def thaw(value: Any) -> Any:
    """A pack's checked value as plain JSON (``pack_to_document``)."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


def pack_to_document(pack: Pack) -> dict[str, Any]:
    """The ``game-pack/1`` document of a pack; ``parse_pack`` gives it back unchanged."""
    document: dict[str, Any] = {
        "format": PACK_FORMAT,
        "system": pack.system,
        "name": pack.name,
        "version": pack.version,
    }
    if pack.example:
        document["example"] = True
    if pack.note:
        document["note"] = pack.note
    document["tables"] = {table_id: thaw(table) for table_id, table in pack.tables.items()}
    return document


# --- a campaign's house rules, kept in its pack -----------------------------------------------


def house_tables(system: GameSystem) -> tuple[PackTable, ...]:
    """The tables of the game's packs that are also its campaign house-rule tables."""
    return tuple(table for table in system.packs.tables if table.house)


def house_rules_from_pack(system: GameSystem, pack: Pack | None) -> dict[str, Any]:
    """A campaign's house rules (``CampaignRules.parse_house_rules``'s JSON) from its pack:
    each house table the pack holds, shaped as the game's house rules hold it; ``{}``, the
    game's defaults, without a pack."""
    if pack is None:
        return {}
    pack_for(pack, system.code)
    out: dict[str, Any] = {}
    for table in house_tables(system):
        if table.id in pack.tables:
            out[table.id] = nested_from_rows(table.parts, pack.tables[table.id], table.house_skip)
    return out


def tables_from_house_rules(system: GameSystem, house_rules: Mapping[str, Any]) -> dict[str, Any]:
    """A pack's tables holding a campaign's house rules (checked by the game's reader already),
    ``house_rules_from_pack`` giving them back unchanged; a table set to ``null`` (the
    default) is left out. ``ValueError`` for a table no pack of the game holds."""
    out: dict[str, Any] = {}
    for table_id, value in house_rules.items():
        if value is None:
            continue
        table = system.packs.table(table_id)
        if table is None or not table.house:
            raise ValueError(f"{system.code} packs hold no house-rule table {table_id!r}")
        out[table_id] = rows_from_nested(table, value)
    return out


def pack_document(
    system: str, name: str, version: int | str, tables: Mapping[str, Any]
) -> dict[str, Any]:
    """A ``game-pack/1`` document of ``tables`` (plain JSON), named and versioned."""
    return {
        "format": PACK_FORMAT, "system": system, "name": name[:MAX_NAME],
        "version": str(version)[:VERSION_LENGTH], "tables": dict(tables),
    }  # fmt: skip
