"""The two public JSON documents: ``squad-roster/1`` and ``battle-report/1``.

The contract is ``docs/formats.md``. Parsing is strict: an unknown key, an unknown
code, a wrong type or a missing field is a ``Problem`` that names its path
(``members[3].equipment[0].item``), and every problem of a document is reported at once in
one ``DocumentError``. Codes are checked against the game system named by ``system``.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from rules.i18n import gettext_noop as _
from rules.registry import GameSystem, RecordField, get_system
from rules.types import (
    ABILITY_SOURCES,
    MEMBER_STATUSES,
    Ability,
    BattleReport,
    Casualty,
    Deeds,
    Equipment,
    Member,
    Roster,
    Side,
    Unit,
)

ROSTER_FORMAT = "squad-roster/1"
BATTLE_FORMAT = "battle-report/1"
MAX_NAME = 100
MAX_TEXT = 200
MAX_COUNT = 99  # deeds of a battle report; an equipment line's count is the system's limit
MAX_MEMBERS = 100  # any other list; a roster's lists are bounded by its system's limits
_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


@dataclass(frozen=True, slots=True)
class Problem:
    path: str  # "" for the document as a whole
    template: str  # marked for translation; ``template % params`` is the English message
    params: dict[str, Any] = field(default_factory=dict, hash=False)
    # The name of the model (or unit) the path is inside, when the document gives a readable
    # one, and the path inside it ("equipment[0].item"): a page names the model, which a
    # player knows, where the API and the command line give ``path``, the contract.
    member: str | None = None
    within: str = ""
    # From the game's own check of a whole document (``ReportRules.check``, a roster's
    # ``check_document``), or about what a document's names must point at, which runs once
    # the document has the right shape: a rule of play, not a matter of form (no schema can
    # say it: the API answers 422 when every problem is one).
    rule: bool = False

    @property
    def message(self) -> str:
        return self.template % self.params if self.params else self.template

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class DocumentError(ValueError):
    """The document is unreadable; ``problems`` says what and where."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


# --- reading JSON values with a path --------------------------------------------------------


MAX_POINTS_LIMIT = 100_000  # the points_limit of a squad or a campaign
UNPRINTABLE = re.compile("[\x00-\x1f\x7f\ud800-\udfff]")


class _Reader:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def fail(self, path: str, template: str, **params: Any) -> None:
        self.problems.append(Problem(path, template, params))

    def refuse(self, path: str, template: str, **params: Any) -> None:
        """A problem no schema can say (``Problem.rule``): a name listed twice in a list of
        objects, a total over nested lists."""
        self.problems.append(Problem(path, template, params, rule=True))

    def object(
        self, value: Any, path: str, required: tuple[str, ...], optional: tuple[str, ...]
    ) -> dict[str, Any] | None:
        if not isinstance(value, dict):
            self.fail(path, _("must be an object, not %(kind)s"), kind=_kind(value))
            return None
        allowed = set(required) | set(optional)
        for key in value:
            if key not in allowed:
                self.fail(_join(path, key), _("unknown key %(key)r"), key=key)
        for key in required:
            if key not in value:
                self.fail(_join(path, key), _("is required"))
        return value

    def list(self, value: Any, path: str, *, maximum: int = MAX_MEMBERS) -> list[Any]:
        if not isinstance(value, list):
            self.fail(path, _("must be a list, not %(kind)s"), kind=_kind(value))
            return []
        if len(value) > maximum:
            self.fail(path, _("may hold at most %(max)d entries"), max=maximum)
            return []
        return value

    def string(self, value: Any, path: str, *, maximum: int = MAX_NAME, blank: bool = False):
        if not isinstance(value, str):
            self.fail(path, _("must be a string, not %(kind)s"), kind=_kind(value))
            return None
        if not blank and not value.strip():
            self.fail(path, _("must not be empty"))
            return None
        if len(value) > maximum:
            self.fail(path, _("must be at most %(max)d characters long"), max=maximum)
            return None
        if UNPRINTABLE.search(value):
            # NUL and friends break PostgreSQL and printed sheets; lone surrogates are not text
            self.fail(path, _("must not contain control characters or invalid Unicode"))
            return None
        return value

    def integer(self, value: Any, path: str, *, minimum: int, maximum: int) -> int | None:
        if type(value) is not int:  # bool is an int subclass: refuse it too
            self.fail(path, _("must be a whole number, not %(kind)s"), kind=_kind(value))
            return None
        if not minimum <= value <= maximum:
            self.fail(
                path, _("must be from %(min)d to %(max)d, not %(value)d"),
                min=minimum, max=maximum, value=value,
            )  # fmt: skip
            return None
        return value

    def boolean(self, value: Any, path: str) -> bool | None:
        if type(value) is not bool:
            self.fail(path, _("must be true or false, not %(kind)s"), kind=_kind(value))
            return None
        return value

    def code(self, value: Any, path: str, codes, what: str) -> str | None:
        if not isinstance(value, str):
            self.fail(path, _("must be a string, not %(kind)s"), kind=_kind(value))
            return None
        if value not in codes:
            self.fail(
                path, _("unknown %(what)s %(code)r (expected one of: %(codes)s)"),
                what=what, code=value, codes=", ".join(codes),
            )  # fmt: skip
            return None
        return value

    def raise_if_failed(self) -> None:
        if self.problems:
            raise DocumentError(self.problems)

    def name_problems(self, since: int, path: str, name: str | None) -> None:
        """Give the problems found since index ``since`` inside ``path`` the name of the
        model or unit at ``path`` (a problem inside a member of a unit keeps the member's)."""
        if name is None:
            return
        for i in range(since, len(self.problems)):
            problem = self.problems[i]
            if problem.member is None and problem.path.startswith(f"{path}."):
                self.problems[i] = replace(
                    problem, member=name, within=problem.path[len(path) + 1 :]
                )


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "a boolean", int: "a number", float: "a decimal number", str: "a string",
            list: "a list", dict: "an object"}.get(type(value), type(value).__name__)  # fmt: skip


class _Duplicated(dict):
    """A JSON object in which the keys ``twice`` appeared more than once."""

    twice: tuple[str, ...] = ()


class _Constant(str):
    """``NaN``, ``Infinity`` or ``-Infinity`` where JSON allows only finite numbers."""


class _Huge(str):
    """A number no field could hold: a whole number of more than ``MAX_DIGITS`` digits
    (Python refuses to convert more than 4,300 at all), or a decimal beyond a float's range."""


MAX_DIGITS = 20  # every whole number of the documents fits in far fewer


def loads(text: str | bytes) -> Any:
    """JSON text to Python values, refusing duplicate keys and NaN with the path of each."""
    flagged = False

    def pairs_hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        nonlocal flagged
        obj = dict(pairs)
        if len(obj) < len(pairs):
            flagged = True
            seen: set[str] = set()
            twice = []
            for key, _value in pairs:
                if key in seen:
                    twice.append(key)
                seen.add(key)
            obj = _Duplicated(pairs)
            obj.twice = tuple(dict.fromkeys(twice))
        return obj

    def constant(name: str) -> _Constant:
        nonlocal flagged
        flagged = True
        return _Constant(name)

    def integer(digits: str) -> int | _Huge:
        nonlocal flagged
        if len(digits.lstrip("-")) <= MAX_DIGITS:
            return int(digits)
        flagged = True
        return _Huge(digits)

    def decimal(digits: str) -> float | _Huge:
        nonlocal flagged
        number = float(digits)
        if math.isfinite(number):
            return number
        flagged = True
        return _Huge(digits)

    try:
        data = json.loads(
            text, object_pairs_hook=pairs_hook, parse_constant=constant,
            parse_int=integer, parse_float=decimal,
        )  # fmt: skip
    except json.JSONDecodeError as error:
        raise DocumentError(
            [Problem("", _("not valid JSON: %(error)s (line %(line)d, column %(column)d)"),
                     {"error": error.msg, "line": error.lineno, "column": error.colno})]
        ) from None  # fmt: skip
    except UnicodeDecodeError:
        raise DocumentError([Problem("", _("not UTF-8 text"))]) from None
    except RecursionError:
        raise DocumentError([Problem("", _("nested too deeply"))]) from None
    if flagged:
        raise DocumentError(_where(data))
    return data


def _where(data: Any) -> list[Problem]:
    """The path of every duplicated key, non-finite or huge number, in document order."""
    problems = []
    stack = [("", data)]
    while stack:  # not recursive: a document may nest as deep as the JSON parser allows
        path, value = stack.pop()
        if isinstance(value, _Constant):
            problems.append(Problem(path, _("%(name)s is not valid JSON"), {"name": str(value)}))
        elif isinstance(value, _Huge):
            problems.append(
                Problem(path, _("number too large (at most %(max)d digits)"), {"max": MAX_DIGITS})
            )
        elif isinstance(value, dict):
            for key in value.twice if isinstance(value, _Duplicated) else ():
                problems.append(
                    Problem(_join(path, key), _("key %(key)r appears twice"), {"key": key})
                )
            stack.extend((_join(path, k), v) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((f"{path}[{i}]", v) for i, v in reversed(list(enumerate(value))))
    return problems


# --- squad-roster/1 -------------------------------------------------------------------------


def _format_and_system(r: _Reader, data: dict, path: str, expected: str) -> GameSystem | None:
    fmt = data.get("format")
    if "format" in data and fmt != expected:
        r.fail(_join(path, "format"), _("must be %(expected)r, not %(value)r"),
               expected=expected, value=fmt)  # fmt: skip
    if "system" not in data:
        return None
    code = data["system"]
    if not isinstance(code, str):
        r.fail(_join(path, "system"), _("must be a string, not %(kind)s"), kind=_kind(code))
        return None
    try:
        return get_system(code)
    except KeyError:
        pass
    r.fail(_join(path, "system"), _("unknown game system %(code)r"), code=code)
    return None


# The limits of ``GameSystem.limits``: of this service, not of the game, and said so.
TOO_MANY_MEMBERS = _(
    "at most %(max)d models per squad (a limit of this service, far above any legal squad)"
)
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
TOO_MANY_SQUAD_ABILITIES = _(
    "at most %(max)d abilities per squad, not %(count)d (a limit of this service, far above "
    "what a campaign gives a squad)"
)


def _limited(r: _Reader, value: Any, path: str, maximum: int, template: str) -> list[Any]:
    """The entries of a list bounded by a limit of the game system; past it, a problem that
    names the limit and no entries, so that none of them is read."""
    if isinstance(value, list) and len(value) > maximum:
        r.fail(path, template, max=maximum)
        return []
    return r.list(value, path, maximum=maximum)


def _roster(r: _Reader, value: Any, path: str) -> Roster | None:
    system = None
    if isinstance(value, dict) and isinstance(value.get("system"), str):
        try:
            system = get_system(value["system"])
        except KeyError:
            pass
    # A game without faction codes takes an optional faction in free text (printed only).
    coded = system is None or system.factions is not None
    lists = "members" if system is None else system.lists  # a game of units lists units
    data = r.object(
        value, path,
        ("format", "system", "name", lists, *(("faction",) if coded else ())),
        ("points_limit", *(() if coded else ("faction",))),
    )  # fmt: skip
    if data is None:
        return None
    system = _format_and_system(r, data, path, ROSTER_FORMAT)
    name = r.string(data.get("name"), _join(path, "name")) if "name" in data else None
    if system is None:
        return None
    faction = None
    if system.factions is None:
        faction = r.string(data.get("faction", ""), _join(path, "faction"), blank=True)
    elif "faction" in data:
        faction = r.code(data["faction"], _join(path, "faction"), system.factions, "faction")
    limit = system.default_points_limit
    limit_ok = True
    if "points_limit" in data:
        if data["points_limit"] is None and system.default_points_limit is None:
            limit = None  # a game without points: no limit
        else:
            limit = r.integer(data["points_limit"], _join(path, "points_limit"),
                              minimum=1, maximum=MAX_POINTS_LIMIT)  # fmt: skip
            limit_ok = limit is not None
    if system.units is not None:
        units = _units(r, data.get("units", []), _join(path, "units"), system)
        if name is None or faction is None or not limit_ok or units is None:
            return None
        roster = Roster(system.code, name, faction, (), limit, units)
        return _checked(r, roster, path, system)
    members = []
    limits = system.limits
    members_path = _join(path, "members")
    raw_members = _limited(
        r, data.get("members", []), members_path, limits.members, TOO_MANY_MEMBERS
    )
    for i, raw in enumerate(raw_members):
        members.append(_member(r, raw, f"{members_path}[{i}]", system))
    read = [m for m in members if m is not None]
    lines = sum(len(m.equipment) for m in read)
    if lines > limits.squad_equipment:
        r.refuse(members_path, TOO_MANY_SQUAD_LINES, max=limits.squad_equipment, count=lines)
    abilities = sum(len(m.abilities) for m in read)
    if abilities > limits.squad_abilities:
        r.refuse(
            members_path, TOO_MANY_SQUAD_ABILITIES, max=limits.squad_abilities, count=abilities
        )
    if name is None or faction is None or not limit_ok or None in members:
        return None
    roster = Roster(system.code, name, faction, tuple(members), limit)
    return _checked(r, roster, path, system)


def _checked(r: _Reader, roster: Roster, path: str, system: GameSystem) -> Roster:
    """The game's own reasons for a document to be unreadable (``check_document``)."""
    if system.check_document is not None:
        for where, template, params in system.check_document(roster):
            since = len(r.problems)
            r.refuse(_join(path, where), template, **params)
            named = named_path(roster, where)
            if named is not None:
                r.name_problems(since, _join(path, named[0]), named[1])
    return roster


_NAMED = re.compile(r"(?:units\[(\d+)\](?:\.members\[(\d+)\])?|members\[(\d+)\])(?=\.)")


def named_path(roster: Roster, path: str) -> tuple[str, str] | None:
    """``(prefix, name)``: the part of a document ``path`` that points at a model or unit of
    ``roster`` (``members[2]``, ``units[0].members[1]``, ``units[0]``) and its name, or
    ``None`` when the path points at no model or unit of it."""
    match = _NAMED.match(path)
    if match is None:
        return None
    unit, in_unit, member = match.groups()
    try:
        if member is not None:
            return match.group(0), roster.members[int(member)].name
        if in_unit is not None:
            return match.group(0), roster.units[int(unit)].members[int(in_unit)].name
        return match.group(0), roster.units[int(unit)].name
    except IndexError:
        return None


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


def _units(r: _Reader, value: Any, path: str, system: GameSystem) -> tuple[Unit, ...] | None:
    """A force's ``units`` (a game played with units), or None when one of them is refused."""
    limits = system.limits
    units = [
        _unit(r, raw, f"{path}[{i}]", system)
        for i, raw in enumerate(_limited(r, value, path, limits.units, TOO_MANY_UNITS))
    ]
    read = [u for u in units if u is not None]
    entries = sum(len(u.members) for u in read)
    if entries > limits.force_members:
        r.refuse(path, TOO_MANY_FORCE_MEMBERS, max=limits.force_members, count=entries)
    lines = sum(len(u.equipment) + sum(len(m.equipment) for m in u.members) for u in read)
    if lines > limits.squad_equipment:
        r.refuse(path, TOO_MANY_SQUAD_LINES, max=limits.squad_equipment, count=lines)
    return None if None in units else tuple(read)


def _unit(r: _Reader, value: Any, path: str, system: GameSystem) -> Unit | None:
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
        got = _record_value(r, data[key], f"{path}.{key}", field_)
        if got is None and (key in kind.required or shape.default(kind.code, key) is not None):
            r.fail(f"{path}.{key}", _("null is not a value here: give one of its codes"))
            got = _REFUSED
        ok = ok and got is not _REFUSED
        record[key] = got
    members: list[Member | None] = []
    equipment: list[Equipment | None] = []
    limits = system.limits
    if kind.members:
        raw = _limited(
            r, data.get("members", []), f"{path}.members", limits.members, TOO_MANY_UNIT_MEMBERS
        )
        members = [_member(r, m, f"{path}.members[{i}]", system) for i, m in enumerate(raw)]
    else:
        raw = _limited(
            r, data.get("equipment", []), f"{path}.equipment", limits.equipment, TOO_MANY_LINES
        )
        equipment = [_equipment(r, e, f"{path}.equipment[{i}]", system) for i, e in enumerate(raw)]
    r.name_problems(since, path, name)
    if not ok or name is None or None in members or None in equipment:
        return None
    return Unit(name, kind.code, tuple(members), tuple(equipment), shape.sparse(kind.code, record))  # type: ignore[arg-type]


def _member(r: _Reader, value: Any, path: str, system: GameSystem) -> Member | None:
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
    raw_lines = _limited(
        r, data.get("equipment", []), f"{path}.equipment", limits.equipment, TOO_MANY_LINES
    )
    for i, raw in enumerate(raw_lines):
        line = _equipment(r, raw, f"{path}.equipment[{i}]", system)
        ok = ok and line is not None
        equipment.append(line)
    abilities = []
    raw_abilities = _limited(
        r, data.get("abilities", []) if system.abilities else [], f"{path}.abilities",
        limits.abilities, TOO_MANY_ABILITIES,
    )  # fmt: skip
    for i, raw in enumerate(raw_abilities):
        ability = _ability(r, raw, f"{path}.abilities[{i}]", system)
        ok = ok and ability is not None
        abilities.append(ability)
    status = r.code(data.get("status", "active"), f"{path}.status", MEMBER_STATUSES, "status")
    record = {}
    for field_ in system.member_record:
        if field_.key not in data:
            record[field_.key] = field_.default
            continue
        value = _record_value(r, data[field_.key], f"{path}.{field_.key}", field_)
        ok = ok and value is not _REFUSED
        record[field_.key] = value
    r.name_problems(since, path, name)
    if not ok or None in (name, type_, status):
        return None
    record = system.sparse_record(record)
    return Member(name, type_, tuple(equipment), tuple(abilities), status, record)


_REFUSED = object()  # a value ``_record_value`` refused (``None`` is a value of some kinds)


def _record_value(r: _Reader, value: Any, path: str, field_: RecordField) -> Any:
    """One value of a game's own key (``RecordField``), or ``_REFUSED``."""
    got: Any
    if field_.kind == "count":
        got = r.integer(value, path, minimum=field_.minimum, maximum=field_.maximum)
    elif field_.kind == "flag":
        got = r.boolean(value, path)
    elif value is None and field_.kind in ("member", "code") and field_.default is None:
        return None  # nothing named or chosen (a key whose default is "none of them")
    elif field_.kind == "member":
        got = r.string(value, path)
    elif field_.kind == "code":
        got = r.code(value, path, field_.choices, field_.label.lower())
    elif field_.kind in ("adjustments", "rolls"):
        got = _number_object(r, value, path, field_)
    elif field_.kind == "text":
        got = r.string(value, path, maximum=MAX_TEXT, blank=True)
    else:
        raise ValueError(f"unknown record kind {field_.kind!r}")
    return _REFUSED if got is None else got


def _number_object(r: _Reader, value: Any, path: str, field_: RecordField) -> dict | None:
    """An object of whole numbers: by code (``"adjustments"``, zeros left out) or by model
    name (``"rolls"``, checked against the side by the caller)."""
    if not isinstance(value, dict):
        r.fail(path, _("must be an object, not %(kind)s"), kind=_kind(value))
        return None
    out = {}
    ok = True
    for key, number in value.items():
        key_path = f"{path}.{key}"
        if field_.kind == "adjustments" and r.code(key, key_path, field_.choices, "key") is None:
            ok = False
            continue
        number = r.integer(number, key_path, minimum=field_.minimum, maximum=field_.maximum)
        if number is None:
            ok = False
        elif number or field_.kind == "rolls":
            out[key] = number
    return out if ok else None


def _equipment(r: _Reader, value: Any, path: str, system: GameSystem) -> Equipment | None:
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


def _ability(r: _Reader, value: Any, path: str, system: GameSystem) -> Ability | None:
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


def parse_roster(data: Any) -> Roster:
    """A ``squad-roster/1`` document (already decoded from JSON) as a ``Roster``."""
    r = _Reader()
    roster = _roster(r, data, "")
    r.raise_if_failed()
    assert roster is not None
    return roster


def load_roster(text: str | bytes) -> Roster:
    return parse_roster(loads(text))


def roster_to_document(roster: Roster) -> dict[str, Any]:
    """The ``squad-roster/1`` document of a roster; ``parse_roster`` gives it back unchanged."""
    system = get_system(roster.system)
    document: dict[str, Any] = {
        "format": ROSTER_FORMAT,
        "system": roster.system,
        "name": roster.name,
        "faction": roster.faction,
        "points_limit": roster.points_limit,
    }
    if system.units is not None:
        document["units"] = [unit_to_document(system, unit) for unit in roster.units]
    else:
        document["members"] = [_member_document(system, m) for m in roster.members]
    if system.factions is None and not roster.faction:
        del document["faction"]  # optional free text, left out when empty
    return document


def _member_document(system: GameSystem, m: Member) -> dict[str, Any]:
    """A model (or a unit's member entry, which has no type) as the document writes it."""
    in_unit = system.units is not None
    doc: dict[str, Any] = {"name": m.name} if in_unit else {"name": m.name, "type": m.type}
    doc["equipment"] = [_equipment_document(e) for e in m.equipment]
    if system.abilities and not in_unit:
        doc["abilities"] = [_ability_document(a) for a in m.abilities]
    if m.status != "active" and not in_unit:
        doc["status"] = m.status
    for field_ in system.member_record:  # the game's own keys, where they differ from default
        value = m.record.get(field_.key, field_.default)
        if value != field_.default:
            doc[field_.key] = value
    return doc


def _equipment_document(e: Equipment) -> dict[str, Any]:
    doc: dict[str, Any] = {"item": e.item}
    if e.count != 1:
        doc["count"] = e.count
    if e.label is not None:
        doc["label"] = e.label
    return doc


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
        doc["members"] = [_member_document(system, m) for m in unit.members]
    else:
        doc["equipment"] = [_equipment_document(e) for e in unit.equipment]
    return doc


def parse_unit(system: GameSystem, data: Any, path: str = "") -> Unit:
    """One unit of ``system`` from its document (as stored by the apps); raises
    ``DocumentError`` as ``parse_roster`` does."""
    r = _Reader()
    unit = _unit(r, data, path, system)
    r.raise_if_failed()
    assert unit is not None
    return unit


def _ability_document(ability: Ability) -> str | dict[str, str]:
    if ability.source == "starting" and ability.detail is None:
        return ability.code
    doc = {"code": ability.code}
    if ability.detail is not None:
        doc["detail"] = ability.detail
    if ability.source != "starting":
        doc["source"] = ability.source
    return doc


# --- battle-report/1 ------------------------------------------------------------------------


def parse_battle_report(data: Any) -> BattleReport:
    """A ``battle-report/1`` document as a ``BattleReport``.

    For a side with an inline roster, every model named by a casualty, a deed or a survival
    roll must be in that roster; sides given by ``squad_id`` are checked by the caller,
    which can see the stored squad.
    """
    r = _Reader()
    data = r.object(data, "", ("format", "system", "sides"), ("scenario", "played_on"))
    if data is None:
        r.raise_if_failed()
    system = _format_and_system(r, data, "", BATTLE_FORMAT)
    scenario = r.string(data.get("scenario", ""), "scenario", maximum=MAX_TEXT, blank=True)
    played_on = None
    if data.get("played_on") is not None:
        played_on = r.string(data["played_on"], "played_on")
        if played_on is not None:
            try:
                # fromisoformat alone also takes "20261120" and week dates since Python 3.11
                if not _ISO_DATE.fullmatch(played_on):
                    raise ValueError(played_on)
                played_on = date.fromisoformat(played_on).isoformat()
            except ValueError:
                r.fail("played_on", _("must be a date written YYYY-MM-DD"))
                played_on = None
    sides = []
    if system is not None:
        raw_sides = r.list(data.get("sides", []), "sides", maximum=20)
        if "sides" in data and len(raw_sides) < 2 and isinstance(data["sides"], list):
            r.fail("sides", _("a battle has at least two sides"))
        for i, raw in enumerate(raw_sides):
            sides.append(_side(r, raw, f"sides[{i}]", system))
    r.raise_if_failed()
    report = BattleReport(system.code, tuple(sides), scenario or "", played_on)
    if system.report.check is not None:
        for path, template, params in system.report.check(report):
            r.problems.append(Problem(path, template, params, rule=True))
        r.raise_if_failed()
    return report


def load_battle_report(text: str | bytes) -> BattleReport:
    return parse_battle_report(loads(text))


NO_SUCH_MODEL = _("no model of this side is named %(name)r")


def _a_name(value: str) -> bool:
    """Whether a model could be named ``value`` (``_Reader.string``'s rules: not blank, not
    too long, no control character)."""
    return _Reader().string(value, "") is not None


def _side(r: _Reader, value: Any, path: str, system: GameSystem) -> Side | None:
    own = system.report
    data = r.object(
        value, path, ("outcome",),
        ("roster", "squad_id", "casualties", *(("deeds",) if system.deeds else ()),
         *(f.key for f in own.side)),
    )  # fmt: skip
    if data is None:
        return None
    outcome = None
    if "outcome" in data:
        outcome = r.code(data["outcome"], f"{path}.outcome", system.outcomes, "outcome")
    roster = squad_id = None
    if ("roster" in data) == ("squad_id" in data):
        r.fail(path, _("give either roster or squad_id"))
    elif "roster" in data:
        roster = _roster(r, data["roster"], f"{path}.roster")
        if roster is not None and roster.system != system.code:
            r.fail(f"{path}.roster.system", _("must be the report's system %(code)r"),
                   code=system.code)  # fmt: skip
    else:
        squad_id = r.integer(data["squad_id"], f"{path}.squad_id", minimum=1, maximum=2**62)
    # An inline roster (the command line's): a side may name only the models that fought,
    # as a campaign checks them (docs/formats.md).
    statuses = {m.name: m.status for m in roster.members} if roster is not None else None

    def check_member(value: Any, member_path: str, seen: set[str]) -> str | None:
        name = r.string(value, member_path)
        if name is None:
            return None
        if statuses is not None and name not in statuses:
            r.fail(member_path, _("no model named %(name)r in this side's roster"), name=name)
            return None
        if statuses is not None and statuses[name] != "active":
            r.fail(member_path, _("%(name)r did not fight: the model is %(status)s"),
                   name=name, status=statuses[name])  # fmt: skip
            return None
        if name in seen:
            r.refuse(member_path, _("%(name)r is listed twice"), name=name)
            return None
        seen.add(name)
        return name

    casualties = []
    seen: set[str] = set()
    if system.units is not None:  # a game played with units: a casualty names a unit
        casualties = _unit_casualties(r, data, path, system, roster)
    for i, raw in enumerate(
        r.list(data.get("casualties", []), f"{path}.casualties") if system.units is None else []
    ):
        item_path = f"{path}.casualties[{i}]"
        entry = r.object(raw, item_path, ("member", "state"), tuple(f.key for f in own.casualty))
        if entry is None:
            continue
        name = check_member(entry.get("member"), f"{item_path}.member", seen) if (
            "member" in entry) else None  # fmt: skip
        state = None
        if "state" in entry:
            state = r.code(entry["state"], f"{item_path}.state", system.states, "state")
        details = _details(r, entry, item_path, own.casualty)
        if name is not None and state is not None and details is not None:
            casualties.append(Casualty(name, state, details))
    deeds = []
    seen = set()
    raw_deeds = data.get("deeds", []) if system.deeds else []
    for i, raw in enumerate(r.list(raw_deeds, f"{path}.deeds")):
        item_path = f"{path}.deeds[{i}]"
        entry = r.object(raw, item_path, ("member",), tuple(d.key for d in system.deeds))
        if entry is None:
            continue
        name = check_member(entry.get("member"), f"{item_path}.member", seen) if (
            "member" in entry) else None  # fmt: skip
        counts = {
            d.key: r.integer(
                entry.get(d.key, 0), f"{item_path}.{d.key}", minimum=0,
                maximum=d.maximum if d.maximum is not None else MAX_COUNT,
            )
            for d in system.deeds
        }  # fmt: skip
        if name is not None and None not in counts.values():
            deeds.append(Deeds(name, {key: n for key, n in counts.items() if n}))
    details = _details(r, data, path, own.side)
    for field_ in own.side:  # the dice of a side are rolled for its models, named by key
        if field_.kind == "rolls" and details is not None:
            for name in details.get(field_.key, {}):
                key_path = f"{path}.{field_.key}.{name}"
                if _a_name(name):
                    check_member(name, key_path, set())
                else:  # a schema cannot say what an object's keys may be; the squad can
                    r.refuse(key_path, NO_SUCH_MODEL, name=name)
    if outcome is None or (roster is None and squad_id is None) or details is None:
        return None
    return Side(outcome, roster, squad_id, tuple(casualties), tuple(deeds), details)


def _unit_casualties(
    r: _Reader, data: dict[str, Any], path: str, system: GameSystem, roster: Roster | None
) -> list[Casualty]:
    """A side's ``casualties`` in a game played with units: one entry per unit, named by
    ``unit`` (in the side's roster, when it is given inline), with the game's own keys."""
    fields = system.report.casualty
    required = tuple(f.key for f in fields if f.required)
    optional = tuple(f.key for f in fields if not f.required)
    units = {u.name for u in roster.units} if roster is not None else None
    out = []
    seen: set[str] = set()
    for i, raw in enumerate(r.list(data.get("casualties", []), f"{path}.casualties")):
        item_path = f"{path}.casualties[{i}]"
        entry = r.object(raw, item_path, ("unit", *required), optional)
        if entry is None or "unit" not in entry:
            continue
        name = r.string(entry["unit"], f"{item_path}.unit")
        if name is not None and units is not None and name not in units:
            r.fail(f"{item_path}.unit", _("no unit named %(name)r in this side's roster"),
                   name=name)  # fmt: skip
            name = None
        elif name is not None and name in seen:
            r.refuse(f"{item_path}.unit", _("%(name)r is listed twice"), name=name)
            name = None
        if name is not None:
            seen.add(name)
        details = _details(r, entry, item_path, fields)
        if name is not None and details is not None and all(k in entry for k in required):
            out.append(Casualty(name, str(details.get("state", "")), details))
    return out


def _details(
    r: _Reader, data: dict[str, Any], path: str, fields: tuple[RecordField, ...]
) -> dict[str, Any] | None:
    """The game's own keys of a casualty or a side (``ReportRules``) that are given and not
    at their default, or ``None`` when one is refused."""
    out = {}
    ok = True
    for field_ in fields:
        if field_.key not in data:
            continue
        value = _record_value(r, data[field_.key], _join(path, field_.key), field_)
        if value is _REFUSED:
            ok = False
        elif value != field_.default and value != {}:
            out[field_.key] = value
    return out if ok else None
