"""What a pack's points table charges for each thing a builder's pickers offer (issue #30):
the costs a page shows beside a model type, a unit kind or an item, read from the table's
rows as the game declares them (``PackRules.tables``), so no game is named here.

Each list of the points table (``Rows`` built by ``pack_tables.cost_rows``) prices the codes
of each of its row cells (a fighter ``type``, a unit ``kind`` by quality: the cheapest and the
dearest, an ``item``, a training ``level``). A picker asks for the codes of its cell key
(``"type"``, ``"kind"``, ``"item"``, or a record field's ``RecordField.priced``). A list
priced by two cells (a unit's kind and quality) also prices the second within each code of
the first (``within``): a unit's quality picker shows what its own kind costs at each. The
totals stay the game's ``points(roster, pack)``: these are what a choice adds before
anything else (a model, a characteristic raised) is counted.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.pack_tables import POINTS, Pack, Rows
from rules.registry import get_system

# cell key -> code -> (the least, the most) a row of that code costs
Prices = Mapping[str, Mapping[str, tuple[int, int]]]


def pack_prices(pack: Pack | None) -> Prices:
    """The pack's costs by picker cell and code; ``{}`` without a pack or a points table."""
    if pack is None:
        return {}
    declared = get_system(pack.system).packs.table(POINTS)
    table = pack.tables.get(POINTS)
    if declared is None or not isinstance(table, Mapping):
        return {}
    out: dict[str, dict[str, tuple[int, int]]] = {}
    for part in declared.parts:
        if not isinstance(part, Rows) or not part.unique:
            continue
        first, *others = part.unique
        for row in table.get(part.key) or ():
            cost = row.get("cost") or 0
            _widen(out, first, row[first], cost)
            for cell in others:
                _widen(out, cell, row[cell], cost)
                _widen(out, within(cell, row[first]), row[cell], cost)
    return out


def within(cell: str, code: str) -> str:
    """The key of ``cell``'s prices among the rows whose first cell is ``code``: a quality's
    cost for one kind of unit."""
    return f"{cell}@{code}"


def _widen(out: dict[str, dict[str, tuple[int, int]]], cell: str, code: str, cost: int) -> None:
    prices = out.setdefault(cell, {})
    low, high = prices.get(code, (cost, cost))
    prices[code] = (min(low, cost), max(high, cost))
