"""The tables of a quick-reference card, as every game writes them (``rules/<game>/reference.py``).

A card is a list of ``Table`` values: a title, column headings, rows of cells (strings or
numbers), notes, and the numbers a cell or note reads from the game's data (``params``), so
the card cannot drift from what the sheets print. The labels are English, marked for
translation; the printing layer translates them and fills the params in
(``printing.pdf``). A table a campaign adds as house-rule data is printed after them.

A card's words are data, not code: ``rules/<game>/reference.toml``, read by
``rules.reference_toml.load_card``; the game's Python computes only what its data gives.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

Cell = str | int
DASH = "\u2014"  # a cell the game's data leaves blank
MINUS = "\u2212"  # a true minus sign, as a card prints a negative number


class PackText(str):
    """A cell of a club's pack (``rules.reference_packs``): user text, printed as it is
    (never translated nor ``%``-formatted; the templates escape it)."""

    __slots__ = ()


def signed(value: int) -> str:
    """A modifier as printed: +1, 0, −2 (with a true minus sign)."""
    if value > 0:
        return f"+{value}"
    return f"{MINUS}{-value}" if value < 0 else "0"


def inches(value: int) -> str:
    """A distance as printed: 6"."""
    return f'{value}"'


@dataclass(frozen=True, slots=True)
class Table:
    key: str  # the table's id in the game's spec (for the rules core and its tests)
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    notes: tuple[str, ...] = ()
    starred: frozenset[int] = frozenset()  # indexes of rows marked "*" (see the first note)
    # Values read from the game's data: notes and string cells are ``text % dict(params)``.
    params: tuple[tuple[str, Cell], ...] = ()
    # Cells a club's pack printed (``rules.reference_packs``): (row, column), and the pack's
    # (name, version) for the card's footnote; empty without a pack.
    from_pack: frozenset[tuple[int, int]] = frozenset()
    pack: tuple[str, str] | None = None

    def english_rows(self) -> tuple[tuple[Cell, ...], ...]:
        """The rows as printed in English (``params`` filled in)."""
        if not self.params:
            return self.rows
        values = dict(self.params)
        return tuple(tuple(c % values if _words(c) else c for c in row) for row in self.rows)

    def english_notes(self) -> tuple[str, ...]:
        """The notes as printed in English (``params`` filled in)."""
        values = dict(self.params)
        return tuple(note % values if values else note for note in self.notes)

    def words(self, translate: Callable[[str], str]) -> Callable[[str], str]:
        """A function that prints one of the table's texts: translated (``translate``, the
        app's gettext), then its values filled in."""
        params = dict(self.params)

        def word(text: str) -> str:
            text = translate(text) if text else text  # gettext("") is the catalogue's header
            return text % params if params else text

        return word

    def context(self, translate: Callable[[str], str]) -> dict[str, Any]:
        """The table as a card's template prints it, in the reader's language."""
        word = self.words(translate)

        def label(text: str) -> str:  # a title or heading: translated, no values in it
            return translate(text) if text else text

        context: dict[str, Any] = {
            "key": self.key,
            "title": label(self.title),
            "columns": [label(c) for c in self.columns],
            "rows": [
                {
                    "cells": [word(c) if _words(c) else c for c in row],
                    "starred": i in self.starred,
                }
                for i, row in enumerate(self.rows)
            ],
            "notes": [word(n) for n in self.notes],
        }
        if self.pack is not None:  # the pack's cells, marked (a template reads row.pairs)
            for i, row in enumerate(context["rows"]):
                row["pairs"] = [((i, j) in self.from_pack, c) for j, c in enumerate(row["cells"])]
            context["pack"] = {"name": self.pack[0], "version": self.pack[1]}
        return context


def _words(cell: Cell) -> bool:
    """Whether a cell is the game's words (translated, values filled in), not a number or a
    pack's text."""
    return isinstance(cell, str) and not isinstance(cell, PackText)


def card_context(tables: Iterable[Table], translate: Callable[[str], str]) -> dict[str, Any]:
    """A quick-reference card's context: its tables by key (``-`` made ``_``, so a template
    reads ``tables.wound_chart``), and their keys in the card's order."""
    by_key = {t.key.replace("-", "_"): t.context(translate) for t in tables}
    return {"tables": by_key, "order": list(by_key)}
