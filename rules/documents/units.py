"""The units of a ``squad-roster/1`` document (a game played with units).

``docs/formats.md``, "Roster document": a force's ``units``, each of a kind that says which
record keys it carries and whether it lists ``members`` or its own ``equipment``.
"""

from __future__ import annotations

from typing import Any

from rules.documents.members import (
    TOO_MANY_LINES,
    TOO_MANY_SQUAD_LINES,
    equipment_document,
    member_document,
    read_equipment,
    read_member,
)
from rules.documents.reader import REFUSED, Reader, limited, record_value
from rules.i18n import gettext_noop as _
from rules.registry import GameSystem
from rules.types import Equipment, Member, Unit

TOO_MANY_UNITS = _(
    "at most %(max)d units per force (a limit of this service, far above any legal force)"
)

TOO_MANY_FORCE_MEMBERS = _(
    "at most %(max)d member entries in a whole force, not %(count)d (a limit of this service, "
    "far above any legal force: give a group of identical models one entry with a count)"
)

TOO_MANY_UNIT_MEMBERS = _(
    "at most %(max)d member entries per unit (a limit of this service, far above any legal unit)"
)


def read_units(r: Reader, value: Any, path: str, system: GameSystem) -> tuple[Unit, ...] | None:
    """A force's ``units`` (a game played with units), or None when one of them is refused."""
    limits = system.limits
    units = [
        read_unit(r, raw, f"{path}[{i}]", system)
        for i, raw in enumerate(limited(r, value, path, limits.units, TOO_MANY_UNITS))
    ]
    read = [u for u in units if u is not None]
    entries = sum(len(u.members) for u in read)
    if entries > limits.force_members:
        r.refuse(path, TOO_MANY_FORCE_MEMBERS, max=limits.force_members, count=entries)
    lines = sum(len(u.equipment) + sum(len(m.equipment) for m in u.members) for u in read)
    if lines > limits.squad_equipment:
        r.refuse(path, TOO_MANY_SQUAD_LINES, max=limits.squad_equipment, count=lines)
    return None if None in units else tuple(read)


def read_unit(r: Reader, value: Any, path: str, system: GameSystem) -> Unit | None:
    """One unit: its kind says which record keys it may carry, and whether it lists
    ``members`` or its own ``equipment``."""
    shape = system.units
    assert shape is not None
    kind_code = value.get("kind", shape.default_kind) if isinstance(value, dict) else None
    kind = shape.kinds.get(kind_code) if isinstance(kind_code, str) else None
    if kind is None:  # the kind decides the keys: read it first, or read what every unit has
        required: tuple[str, ...] = ("name",) if shape.default_kind else ("name", "kind")
        data = r.object(value, path, required, tuple(dict.fromkeys(
            ("kind", "members", "equipment", *(f.key for f in shape.record))
        )))  # fmt: skip
        if data is not None and "kind" in data:
            r.code(data["kind"], f"{path}.kind", shape.kinds, "unit kind")
        return None
    optional = tuple(k for k in kind.keys if k not in kind.required)
    since = len(r.problems)
    data = r.object(
        value, path,
        ("name", *(("kind",) if shape.default_kind is None else ()), *kind.required,
         *(("members",) if kind.members else ())),
        (*(("kind",) if shape.default_kind is not None else ()), *optional,
         *(() if kind.members else ("equipment",))),
    )  # fmt: skip
    if data is None:
        return None
    ok = True
    name = r.string(data.get("name"), f"{path}.name") if "name" in data else None
    record = {}
    for key in kind.keys:
        field_ = shape.field(key)
        assert field_ is not None, f"{system.code}: unit key {key!r} is not in its record"
        if key not in data:
            record[key] = shape.default(kind.code, key)
            continue
        got = record_value(r, data[key], f"{path}.{key}", field_)
        if got is None and (key in kind.required or shape.default(kind.code, key) is not None):
            r.fail(f"{path}.{key}", _("null is not a value here: give one of its codes"))
            got = REFUSED
        ok = ok and got is not REFUSED
        record[key] = got
    members: list[Member | None] = []
    equipment: list[Equipment | None] = []
    limits = system.limits
    if kind.members:
        raw = limited(
            r, data.get("members", []), f"{path}.members", limits.members, TOO_MANY_UNIT_MEMBERS
        )
        members = [read_member(r, m, f"{path}.members[{i}]", system) for i, m in enumerate(raw)]
    else:
        raw = limited(
            r, data.get("equipment", []), f"{path}.equipment", limits.equipment, TOO_MANY_LINES
        )
        equipment = [
            read_equipment(r, e, f"{path}.equipment[{i}]", system) for i, e in enumerate(raw)
        ]
    r.name_problems(since, path, name)
    if not ok or name is None or None in members or None in equipment:
        return None
    return Unit(name, kind.code, tuple(members), tuple(equipment), shape.sparse(kind.code, record))  # type: ignore[arg-type]


def unit_to_document(system: GameSystem, unit: Unit) -> dict[str, Any]:
    """A unit as ``squad-roster/1`` writes it (``parse_unit`` reads it back unchanged): its
    record keys where they differ from their default, then its members or its equipment."""
    shape = system.units
    assert shape is not None
    kind = shape.kinds[unit.kind]
    doc: dict[str, Any] = {"name": unit.name, "kind": unit.kind}
    for key in kind.keys:
        default = shape.default(unit.kind, key)
        value = unit.record.get(key, default)
        if value != default or key in kind.required:
            doc[key] = value
    if kind.members:
        doc["members"] = [member_document(system, m) for m in unit.members]
    else:
        doc["equipment"] = [equipment_document(e) for e in unit.equipment]
    return doc


def parse_unit(system: GameSystem, data: Any, path: str = "") -> Unit:
    """One unit of ``system`` from its document (as stored by the apps); raises
    ``DocumentError`` as ``parse_roster`` does."""
    r = Reader()
    unit = read_unit(r, data, path, system)
    r.raise_if_failed()
    assert unit is not None
    return unit
