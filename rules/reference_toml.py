"""A game's quick-reference card as data: ``rules/<game>/reference.toml``, read at import.

The file lists the card's tables in its order, each a ``[[table]]`` with ``key``, ``title``,
``columns``, ``rows`` and ``notes``. A plain string is English words, marked for translation
(``msgids`` lists them for ``makemessages``); an integer is printed as it is; ``{ text =
"6+" }`` is a string printed as it is, not translated (a symbol, a number range); ``{ signed =
-1 }`` is a modifier as ``signed`` prints it (−1); ``{ value = "full" }`` is a cell the game
reads from its data (``Card.table(..., values={"full": 3})``). A table whose columns or rows
the game computes from its data leaves them out: the game's Python gives them
(``Card.table``), with its ``starred`` rows and ``params``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any

from rules.reference import Cell, Table, signed

FILE = "reference.toml"
_FIELDS = frozenset({"key", "title", "columns", "rows", "notes"})


class CardError(ValueError):
    """A card's data file does not say what a card needs (the message says where)."""


@dataclass(frozen=True, slots=True)
class Value:
    """A cell the game's Python gives from its data (``{ value = "name" }``)."""

    name: str


def _cell(value: Any, where: str) -> Cell | Value:
    if isinstance(value, bool):
        raise CardError(f"{where}: a cell is a string, an integer, {{ text }} or {{ signed }}")
    if isinstance(value, str | int):
        return value
    if isinstance(value, dict) and len(value) == 1:
        if isinstance(value.get("text"), str):
            return value["text"]
        if isinstance(value.get("signed"), int) and not isinstance(value["signed"], bool):
            return signed(value["signed"])
        if isinstance(value.get("value"), str):
            return Value(value["value"])
    raise CardError(f"{where}: a cell is a string, an integer, {{ text }} or {{ signed }}")


def _cells(values: Any, where: str) -> tuple[Any, ...]:
    if not isinstance(values, list):
        raise CardError(f"{where}: expected a list")
    return tuple(_cell(v, f"{where}[{i}]") for i, v in enumerate(values))


def _words(value: Any) -> Iterator[str]:
    """The translatable strings of a field: its plain strings (not ``{ text }``), in order."""
    if isinstance(value, str):
        if value:
            yield value
    elif isinstance(value, list):
        for item in value:
            yield from _words(item)


@dataclass(frozen=True, slots=True)
class Card:
    source: str  # where the data came from, for messages
    tables: tuple[Table, ...]  # in the card's order; computed parts left empty

    @classmethod
    def load(cls, package: str) -> Card:
        """The card of the game ``package`` (``"rules.<game>"``)."""
        source = f"{package.replace('.', '/')}/{FILE}"
        text = resources.files(package).joinpath(FILE).read_text(encoding="utf-8")
        return cls.parse(tomllib.loads(text), source)

    @classmethod
    def parse(cls, document: dict[str, Any], source: str) -> Card:
        tables = []
        for i, raw in enumerate(document.get("table", ())):
            where = f"{source}, table {i + 1}"
            unknown = set(raw) - _FIELDS
            if unknown:
                raise CardError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
            if not isinstance(raw.get("key"), str) or not isinstance(raw.get("title"), str):
                raise CardError(f"{where}: a table needs a key and a title (strings)")
            where = f"{source}, table {raw['key']!r}"
            rows = raw.get("rows", [])
            if not isinstance(rows, list):
                raise CardError(f"{where}: rows: expected a list of rows")
            tables.append(
                Table(
                    raw["key"],
                    raw["title"],
                    _cells(raw.get("columns", []), f"{where}, columns"),
                    tuple(_cells(row, f"{where}, row {j + 1}") for j, row in enumerate(rows)),
                    tuple(str(n) for n in _cells(raw.get("notes", []), f"{where}, notes")),
                )
            )
        keys = [t.key for t in tables]
        if len(set(keys)) != len(keys):
            raise CardError(f"{source}: a table key is used twice")
        return cls(source, tuple(tables))

    def table(self, key: str, values: dict[str, Cell] | None = None, **computed: Any) -> Table:
        """The table ``key`` with the parts the game computes (``rows=``, ``params=``...) and
        its ``{ value }`` cells filled from ``values``."""
        for table in self.tables:
            if table.key == key:
                break
        else:
            raise CardError(f"{self.source}: no table {key!r}")
        if values is not None:
            where = f"{self.source}, table {key!r}"
            rows = tuple(tuple(_fill(c, values, where) for c in row) for row in table.rows)
            table = replace(table, rows=rows)
        return replace(table, **computed)

    def in_order(self, *computed: Table) -> tuple[Table, ...]:
        """The card's tables in the file's order, the computed ones (``table``) in place."""
        by_key = {t.key: t for t in computed}
        unknown = set(by_key) - {t.key for t in self.tables}
        if unknown:
            raise CardError(f"{self.source}: no table {', '.join(sorted(unknown))}")
        tables = tuple(by_key.get(t.key, t) for t in self.tables)
        for table in tables:
            if not table.columns or not table.rows:
                raise CardError(f"{self.source}, table {table.key!r}: no columns or no rows")
            if any(isinstance(c, Value) for row in table.rows for c in row):
                raise CardError(f"{self.source}, table {table.key!r}: a value is not given")
        return tables


def _fill(cell: Any, values: dict[str, Cell], where: str) -> Cell:
    if not isinstance(cell, Value):
        return cell
    if cell.name not in values:
        raise CardError(f"{where}: no value {cell.name!r} given")
    return values[cell.name]


def load_card(package: str) -> Card:
    """The card of the game ``package`` (``"rules.<game>"``): its ``reference.toml``."""
    return Card.load(package)


def msgids(document: dict[str, Any]) -> Iterator[str]:
    """A card file's translatable strings (``makemessages`` reads them): titles, plain-string
    columns, cells and notes, in the file's order."""
    for raw in document.get("table", ()):
        for field in ("title", "columns", "rows", "notes"):
            yield from _words(raw.get(field))
