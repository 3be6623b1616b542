"""A pack's table as a form (issue #30): one table at a time, its rows and cells, a row
added or removed, the game's codes offered in pickers, each refusal at its cell.

The shape comes from the game's declaration (``GameSystem.packs``, ``rules.pack_tables``),
so this module names no table or code of any game. A field's name says where it is: a
number of the table ``<part>``, a cell of a list ``<list>-<row>-<cell>`` (``rows`` for a
table that is itself a list), and ``<list>-count`` the number of rows sent. What a person
typed is turned into the table's JSON as it is (a number that is not one stays text), and
the pack reader (``rules.packs``, through ``rosters.services.pack_table_set``) refuses it
at its place (``tables.points.items[3].cost``), which ``field_of`` turns back into the
field's name, so the page shows each error at its cell, in the reader's language.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext

from rules.pack_tables import Cell, PackTable, Rows

MAX_SENT_ROWS = 300  # rows one form may send (the reader refuses more than a list takes)
TABLE_ROWS = "rows"  # the field prefix of a table that is itself a list


def lists_of(table: PackTable) -> list[tuple[str, Rows]]:
    """The table's lists, each with its field prefix."""
    if table.rows is not None:
        return [(TABLE_ROWS, table.rows)]
    return [(part.key, part) for part in table.parts if isinstance(part, Rows)]


def numbers_of(table: PackTable) -> list[Cell]:
    return [part for part in table.parts if isinstance(part, Cell)]


@dataclass
class CellField:
    """One input of the form: its name, label, kind, value as typed, choices, error."""

    name: str
    cell: Cell
    value: str = ""
    errors: list[str] = field(default_factory=list)
    datalist: str = ""  # the id of the list of the game's codes a "list" picker offers

    @property
    def label(self) -> str:
        return gettext(self.cell.label)

    @property
    def help(self) -> str:
        return gettext(self.cell.help) if self.cell.help else ""

    @property
    def choices(self) -> list[tuple[str, str]]:
        """The game's codes with their words, for a picker (none: a free field)."""
        return [(code, gettext(self.cell.labels.get(code, code))) for code in self.cell.choices]

    @property
    def shown(self) -> str:
        """The value as a reader sees it: a game's code in its words."""
        label = self.cell.labels.get(self.value) if self.cell.kind == "code" else None
        return gettext(label) if label else self.value

    @property
    def picker(self) -> str:
        """``select`` (one of the game's codes), ``list`` (a code of the game's or one of
        the pack's own: a text input offering the game's), ``number`` or ``text``."""
        if self.cell.kind == "code" and self.cell.choices:
            return "list" if self.cell.new else "select"
        return "number" if self.cell.kind == "whole" else "text"


@dataclass
class RowFields:
    index: int
    cells: list[CellField]
    errors: list[str] = field(default_factory=list)


@dataclass
class ListFields:
    prefix: str
    rows: Rows
    lines: list[RowFields]
    errors: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return gettext(self.rows.label)

    @property
    def headers(self) -> list[str]:
        return [gettext(cell.label) for cell in self.rows.cells]

    @property
    def datalists(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """The game's codes of each cell that may also take a code of the pack's own."""
        return [
            (f"codes-{self.prefix}-{cell.key}", CellField("", cell).choices)
            for cell in self.rows.cells
            if cell.kind == "code" and cell.new and cell.choices
        ]


@dataclass
class TableForm:
    """The form of one table: its numbers, its lists, and the errors of the whole table."""

    table: PackTable
    numbers: list[CellField]
    lists: list[ListFields]
    errors: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return gettext(self.table.label)

    @property
    def help(self) -> str:
        return gettext(self.table.help) if self.table.help else ""

    def place(self, path: str, message: str) -> None:
        """A refusal of the pack reader at ``path`` (``tables.<id>...``), at its field."""
        rest = path.removeprefix(f"tables.{self.table.id}")
        where = _locate(rest)
        for number in self.numbers:
            if where == (number.cell.key, None, None):
                number.errors.append(message)
                return
        for fields in self.lists:
            key = "" if fields.prefix == TABLE_ROWS else fields.prefix
            if where[0] != key:
                continue
            if where[1] is None or where[1] >= len(fields.lines):
                fields.errors.append(message)
                return
            line = fields.lines[where[1]]
            for cell in line.cells:
                if cell.cell.key == where[2]:
                    cell.errors.append(message)
                    return
            line.errors.append(message)
            return
        self.errors.append(message)


_STEP = re.compile(r"^\.?(?P<key>[^.\[]*)(?:\[(?P<row>\d+)\])?(?:\.(?P<cell>[^.\[]+))?")


def _locate(rest: str) -> tuple[str, int | None, str | None]:
    """``.items[3].cost`` -> ("items", 3, "cost"); ``[2].range`` -> ("", 2, "range")."""
    match = _STEP.match(rest)
    if match is None:  # pragma: no cover: the pattern matches any text
        return "", None, None
    row = match["row"]
    return match["key"], None if row is None else int(row), match["cell"]


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def form_from_table(table: PackTable, value: Any) -> TableForm:
    """The form of a table as the pack holds it (None: not in the pack, empty)."""
    value = value if value is not None else ({} if table.rows is None else [])
    numbers = [CellField(cell.key, cell, _text(value.get(cell.key))) for cell in numbers_of(table)]
    lists = []
    for prefix, rows in lists_of(table):
        found = value if prefix == TABLE_ROWS else value.get(rows.key, [])
        lines = [
            RowFields(i, [_cell_field(prefix, i, c, _text(row.get(c.key))) for c in rows.cells])
            for i, row in enumerate(found)
        ]
        lists.append(ListFields(prefix, rows, lines))
    return TableForm(table, numbers, lists)


def form_from_post(
    table: PackTable, data: Mapping[str, str], *, add: str = "", remove: str = ""
) -> TableForm:
    """The form as sent (``data``: the POST), with a row added to the list ``add`` or row
    ``remove`` (``<list>-<row>``) taken out."""
    numbers = [CellField(cell.key, cell, data.get(cell.key, "")) for cell in numbers_of(table)]
    lists = []
    for prefix, rows in lists_of(table):
        count = _count(data.get(f"{prefix}-count"))
        values = [[data.get(f"{prefix}-{i}-{c.key}", "") for c in rows.cells] for i in range(count)]
        if remove.startswith(f"{prefix}-") and remove.removeprefix(f"{prefix}-").isdigit():
            gone = int(remove.removeprefix(f"{prefix}-"))
            values = [row for i, row in enumerate(values) if i != gone]
        if add == prefix and len(values) < MAX_SENT_ROWS:
            values.append([""] * len(rows.cells))
        lines = [
            RowFields(
                i, [_cell_field(prefix, i, c, v) for c, v in zip(rows.cells, row, strict=True)]
            )
            for i, row in enumerate(values)
        ]
        lists.append(ListFields(prefix, rows, lines))
    return TableForm(table, numbers, lists)


def _cell_field(prefix: str, index: int, cell: Cell, value: str) -> CellField:
    return CellField(
        f"{prefix}-{index}-{cell.key}", cell, value, datalist=f"codes-{prefix}-{cell.key}"
    )


def _count(raw: str | None) -> int:
    if raw is None or not raw.isdigit():
        return 0
    return min(int(raw), MAX_SENT_ROWS)


def _value(cell: Cell, raw: str) -> Any:
    """A typed value as JSON: empty is "not given", a whole number a number, else the text
    (which the reader refuses where it wants a number, at its cell)."""
    raw = raw.strip()
    if raw == "":
        return None
    if cell.kind == "whole" and re.fullmatch(r"[+-]?\d{1,12}", raw):
        return int(raw)
    return raw


def table_value(form: TableForm) -> Any:
    """The table's JSON from the form: what the pack reader checks; None when empty (the
    table left out of the pack)."""
    lists = {}
    for fields in form.lists:
        rows = []
        for line in fields.lines:
            row = {c.cell.key: _value(c.cell, c.value) for c in line.cells}
            row = {k: v for k, v in row.items() if v is not None}
            if row:
                rows.append(row)
        lists[fields.rows.key] = rows
    if form.table.rows is not None:
        return lists[""] or None
    out: dict[str, Any] = {}
    for number in form.numbers:
        value = _value(number.cell, number.value)
        if value is not None:
            out[number.cell.key] = value
    for key, rows in lists.items():
        if rows:
            out[key] = rows
    return out or None
