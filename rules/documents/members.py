"""A model of a ``squad-roster/1`` document: its equipment lines and abilities.

``docs/formats.md``, "Roster document": a model of a squad (``members[]``), or a member
entry of a unit (``units[].members[]``, a model or a group, with no type), read and written.
"""

from __future__ import annotations

from typing import Any

from rules.documents.reader import REFUSED, Reader, limited, record_value
from rules.i18n import gettext_noop as _
from rules.registry import GameSystem
from rules.types import ABILITY_SOURCES, MEMBER_STATUSES, Ability, Equipment, Member

TOO_MANY_LINES = _(
    "at most %(max)d equipment lines per model (a limit of this service, far above any legal model)"
)

TOO_MANY_ABILITIES = _(
    "at most %(max)d abilities per model (a limit of this service, far above what a campaign "
    "gives a model)"
)

TOO_MANY_SQUAD_LINES = _(
    "at most %(max)d equipment lines per squad, not %(count)d (a limit of this service, far "
    "above any legal squad)"
)


def read_member(r: Reader, value: Any, path: str, system: GameSystem) -> Member | None:
    """One model (or, in a unit, one member entry: a model or a group, with no type)."""
    in_unit = system.units is not None
    record_keys = tuple(f.key for f in system.member_record)
    if in_unit:
        envelope: tuple[str, ...] = ("equipment",)
    elif system.abilities:
        envelope = ("equipment", "abilities", "status")
    else:
        envelope = ("equipment", "status")
    since = len(r.problems)
    data = r.object(value, path, ("name",) if in_unit else ("name", "type"),
                    (*envelope, *record_keys))  # fmt: skip
    if data is None:
        return None
    ok = True
    name = r.string(data.get("name"), f"{path}.name") if "name" in data else None
    type_ = "" if in_unit else None
    if "type" in data and not in_unit:
        type_ = r.code(data["type"], f"{path}.type", system.model_types, "model type")
    equipment = []
    limits = system.limits
    raw_lines = limited(
        r, data.get("equipment", []), f"{path}.equipment", limits.equipment, TOO_MANY_LINES
    )
    for i, raw in enumerate(raw_lines):
        line = read_equipment(r, raw, f"{path}.equipment[{i}]", system)
        ok = ok and line is not None
        equipment.append(line)
    abilities = []
    raw_abilities = limited(
        r, data.get("abilities", []) if system.abilities else [], f"{path}.abilities",
        limits.abilities, TOO_MANY_ABILITIES,
    )  # fmt: skip
    for i, raw in enumerate(raw_abilities):
        ability = read_ability(r, raw, f"{path}.abilities[{i}]", system)
        ok = ok and ability is not None
        abilities.append(ability)
    status = r.code(data.get("status", "active"), f"{path}.status", MEMBER_STATUSES, "status")
    record = {}
    for field_ in system.member_record:
        if field_.key not in data:
            record[field_.key] = field_.default
            continue
        value = record_value(r, data[field_.key], f"{path}.{field_.key}", field_)
        ok = ok and value is not REFUSED
        record[field_.key] = value
    r.name_problems(since, path, name)
    if not ok or None in (name, type_, status):
        return None
    record = system.sparse_record(record)
    return Member(name, type_, tuple(equipment), tuple(abilities), status, record)


def read_equipment(r: Reader, value: Any, path: str, system: GameSystem) -> Equipment | None:
    data = r.object(value, path, ("item",), ("count", "label") if system.equipment_labels
                    else ("count",))  # fmt: skip
    if data is None:
        return None
    item = r.code(data["item"], f"{path}.item", system.items, "item") if "item" in data else None
    count = r.integer(data.get("count", 1), f"{path}.count", minimum=1, maximum=system.limits.count)
    label = None
    if "label" in data:
        label = r.string(data["label"], f"{path}.label")
        if label is None:
            return None
    if item is None or count is None:
        return None
    return Equipment(item, count, label)


def read_ability(r: Reader, value: Any, path: str, system: GameSystem) -> Ability | None:
    if isinstance(value, str):
        data = {"code": value}
        code_path = path
    else:
        data = r.object(value, path, ("code",), ("detail", "source"))
        if data is None:
            return None
        code_path = f"{path}.code"
    if "code" not in data:
        return None
    code = r.code(data["code"], code_path, system.abilities, "ability")
    source = r.code(data.get("source", "starting"), f"{path}.source", ABILITY_SOURCES, "source")
    if code is None or source is None:
        return None
    detail = None
    if system.abilities[code].needs_detail:
        if "detail" not in data:
            r.fail(f"{path}.detail", _("%(code)s needs a detail (which enemy)"), code=code)
            return None
        detail = r.string(data["detail"], f"{path}.detail")
        if detail is None:
            return None
    elif "detail" in data:
        r.fail(f"{path}.detail", _("%(code)s takes no detail"), code=code)
        return None
    return Ability(code, source, detail)


def member_document(system: GameSystem, m: Member) -> dict[str, Any]:
    """A model (or a unit's member entry, which has no type) as the document writes it."""
    in_unit = system.units is not None
    doc: dict[str, Any] = {"name": m.name} if in_unit else {"name": m.name, "type": m.type}
    doc["equipment"] = [equipment_document(e) for e in m.equipment]
    if system.abilities and not in_unit:
        doc["abilities"] = [_ability_document(a) for a in m.abilities]
    if m.status != "active" and not in_unit:
        doc["status"] = m.status
    for field_ in system.member_record:  # the game's own keys, where they differ from default
        value = m.record.get(field_.key, field_.default)
        if value != field_.default:
            doc[field_.key] = value
    return doc


def equipment_document(e: Equipment) -> dict[str, Any]:
    doc: dict[str, Any] = {"item": e.item}
    if e.count != 1:
        doc["count"] = e.count
    if e.label is not None:
        doc["label"] = e.label
    return doc


def _ability_document(ability: Ability) -> str | dict[str, str]:
    if ability.source == "starting" and ability.detail is None:
        return ability.code
    doc = {"code": ability.code}
    if ability.detail is not None:
        doc["detail"] = ability.detail
    if ability.source != "starting":
        doc["source"] = ability.source
    return doc
