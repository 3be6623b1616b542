"""Every range column at once: the rows ``derive_unit`` adds up (``one-page-modern.md`` 3.2-3.3).

The functions of ``derive`` word each rule as the spec does, one range at a time. The builder
derives the whole force on every edit (with validation, in 30 us for ten units), so
``derive_unit`` does not call them column by column: it works on rows, a number per column.
A weapon's row is computed once, here; what a member's list of weapons (``kit``) and a
vehicle's or a bunker's own weapons (``mounted``) come to, once per distinct list of codes;
then a unit only adds up its members. tests/rules/test_one_page_modern_fast.py checks both
ways give the same values.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from rules.one_page_modern.data import (
    ARMOUR,
    ASSAULT_RIFLE,
    CARRIED,
    HEAVY_MACHINE_GUN,
    RANGES,
    UNDERSLUNG_LAUNCHER,
    WEAPONS,
)
from rules.types import Equipment

HMG_RANGE = WEAPONS[HEAVY_MACHINE_GUN].inches  # beyond it, no one serves a heavy machine gun

COLUMNS = tuple(str(r) for r in RANGES)  # a fire-points dict's keys, "8" ... "48"
NO_FIRE = (0,) * len(RANGES)
# One weapon's FP at each column (3.2).
FP_ROWS: dict[str, tuple[int, ...]] = {
    code: tuple(weapon.fp_at(r) for r in RANGES) for code, weapon in WEAPONS.items()
}
# The ranges within the heavy machine gun's, where its servers do not fire (3.3).
SERVED_RANGES = tuple(r for r in RANGES if r <= HMG_RANGE)
SAVES = {code: row.save for code, row in ARMOUR.items()}  # a member's save (3.1)
_KEPT = 4096  # entries a cache below keeps; past that, it starts over

# An infantry unit's fire points are its members' rows, count × row, summed. To make that one
# multiplication per member, a row is also packed into one int, 32 bits a column (the first
# column lowest). The sum unpacks to the column totals while each stays within 0 ... 2**32 - 1:
# while every count is a whole number from 0 up and models × the highest FP is below 2**32
# (``derive_unit`` checks; otherwise it adds the columns one by one).
_PACKING = struct.Struct(f"<{len(RANGES)}I")
PACKED_MODELS = 2**32 // max(max(row) for row in FP_ROWS.values())  # models packed at most


def pack(row: Sequence[int]) -> int:
    return int.from_bytes(_PACKING.pack(*row), "little")


_PACKED_ROWS: dict[int, dict[str, int]] = {}


def unpack(packed: int) -> dict[str, int]:
    """A new fire-points dict of a packed row. Each row's dict is made once (a force's totals
    are few), then copied."""
    found = _PACKED_ROWS.get(packed)
    if found is None:
        row = _PACKING.unpack(packed.to_bytes(_PACKING.size, "little"))
        found = dict(zip(COLUMNS, row, strict=True))
        if len(_PACKED_ROWS) >= _KEPT:
            _PACKED_ROWS.clear()
        _PACKED_ROWS[packed] = found
    return found.copy()


def _best_row(items: Iterable[str]) -> tuple[int, ...]:
    """``best_fire_points`` at each column: the best FP among the items, 0 where none
    reaches."""
    rows = [FP_ROWS[item] for item in items]
    return tuple(max(column) for column in zip(*rows, strict=True)) if rows else NO_FIRE


class Kit(NamedTuple):
    """What a member's list of weapons comes to, whoever carries it (``kit``)."""

    fire_points: tuple[int, ...]  # one model's FP at each column: its best weapon's (3.3)
    by_range: dict[str, int]  # the same by column key: a template, copy it to hand it out
    packed: int  # the same, packed (see _PACKING)
    hmg: bool  # it holds a heavy machine gun (3.3 servers; validation: hmg-crew)
    not_carried: tuple[str, ...]  # items that may not be carried, each once (cannon-mount)
    launcher_without_rifle: bool  # an integrated launcher, no assault rifle (validation)


_KITS: dict[str | tuple[str, ...], Kit] = {}


def kit(equipment: Sequence[Equipment]) -> Kit:
    """The ``Kit`` of a member's equipment lines. It is made once per list of item codes (a
    single line, the usual case, keyed by its code alone), then looked up."""
    key = equipment[0].item if len(equipment) == 1 else tuple([line.item for line in equipment])
    found = _KITS.get(key)
    return _new_kit(key) if found is None else found


def _new_kit(key: str | tuple[str, ...]) -> Kit:
    items = (key,) if isinstance(key, str) else key
    best = _best_row(items)
    found = Kit(
        fire_points=best,
        by_range=dict(zip(COLUMNS, best, strict=True)),
        packed=pack(best),
        hmg=HEAVY_MACHINE_GUN in items,
        not_carried=tuple(
            item for item in dict.fromkeys(items) if CARRIED not in WEAPONS[item].mounts
        ),
        launcher_without_rifle=UNDERSLUNG_LAUNCHER in items and ASSAULT_RIFLE not in items,
    )
    if len(_KITS) >= _KEPT:
        _KITS.clear()
    _KITS[key] = found
    return found


class Mounted(NamedTuple):
    """The fire points of a vehicle's or a bunker's own weapons (``mounted``): templates, copy
    them to hand them out."""

    fire_points: dict[str, int]  # stationary, every weapon: count × FP, summed (3.3)
    fire_points_moving: dict[str, int]  # moving: the best single weapon's FP (3.3)


_MOUNTED: dict[tuple[Any, ...], Mounted] = {}


def mounted(equipment: Sequence[Equipment]) -> Mounted:
    """The ``Mounted`` of a unit's own equipment lines. It is made once per list of (item code,
    count) pairs (a single line keyed by its own pair), then looked up."""
    if len(equipment) == 1:
        key: tuple[Any, ...] = (equipment[0].item, equipment[0].count)
    else:
        key = tuple([(line.item, line.count) for line in equipment])
    found = _MOUNTED.get(key)
    return _new_mounted(key) if found is None else found


def _new_mounted(key: tuple[Any, ...]) -> Mounted:
    lines = [key] if len(key) == 2 and isinstance(key[0], str) else key
    stationary: Sequence[int] = NO_FIRE
    for item, n in lines:
        stationary = [t + n * fp for t, fp in zip(stationary, FP_ROWS[item], strict=True)]
    found = Mounted(
        fire_points=dict(zip(COLUMNS, stationary, strict=True)),
        fire_points_moving=dict(zip(COLUMNS, _best_row(item for item, _ in lines), strict=True)),
    )
    if len(_MOUNTED) >= _KEPT:
        _MOUNTED.clear()
    _MOUNTED[key] = found
    return found
