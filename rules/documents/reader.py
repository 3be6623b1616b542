"""Reading a JSON document with a path: strict ``loads``, the limits, the problems.

The contract is ``docs/formats.md`` (its two documents, ``squad-roster/1`` and
``battle-report/1``). ``loads`` refuses duplicate keys, NaN and numbers no field can hold,
each with its path; a ``Reader`` collects every ``Problem`` of a document (``fail`` for a
matter of form, ``refuse`` for one no schema can say) and raises them at once in one
``DocumentError``. The values of a game's own keys (``RecordField``) are read here too, as
the roster, its units and the battle report all carry them.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field, replace
from typing import Any

from rules.i18n import gettext_noop as _
from rules.registry import GameSystem, RecordField, get_system

MAX_NAME = 100
MAX_TEXT = 200
MAX_COUNT = 99  # deeds of a battle report; an equipment line's count is the system's limit
MAX_MEMBERS = 100  # any other list; a roster's lists are bounded by its system's limits
MAX_POINTS_LIMIT = 100_000  # the points_limit of a squad or a campaign
UNPRINTABLE = re.compile("[\x00-\x1f\x7f\ud800-\udfff]")


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


class Reader:
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
            self.fail(path, _("must be an object, not %(kind)s"), kind=kind_of(value))
            return None
        allowed = set(required) | set(optional)
        for key in value:
            if key not in allowed:
                self.fail(join(path, key), _("unknown key %(key)r"), key=key)
        for key in required:
            if key not in value:
                self.fail(join(path, key), _("is required"))
        return value

    def list(self, value: Any, path: str, *, maximum: int = MAX_MEMBERS) -> list[Any]:
        if not isinstance(value, list):
            self.fail(path, _("must be a list, not %(kind)s"), kind=kind_of(value))
            return []
        if len(value) > maximum:
            self.fail(path, _("may hold at most %(max)d entries"), max=maximum)
            return []
        return value

    def string(self, value: Any, path: str, *, maximum: int = MAX_NAME, blank: bool = False):
        if not isinstance(value, str):
            self.fail(path, _("must be a string, not %(kind)s"), kind=kind_of(value))
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
            self.fail(path, _("must be a whole number, not %(kind)s"), kind=kind_of(value))
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
            self.fail(path, _("must be true or false, not %(kind)s"), kind=kind_of(value))
            return None
        return value

    def code(self, value: Any, path: str, codes, what: str) -> str | None:
        if not isinstance(value, str):
            self.fail(path, _("must be a string, not %(kind)s"), kind=kind_of(value))
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


def join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def kind_of(value: Any) -> str:
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
                    Problem(join(path, key), _("key %(key)r appears twice"), {"key": key})
                )
            stack.extend((join(path, k), v) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((f"{path}[{i}]", v) for i, v in reversed(list(enumerate(value))))
    return problems


def format_and_system(r: Reader, data: dict, path: str, expected: str) -> GameSystem | None:
    fmt = data.get("format")
    if "format" in data and fmt != expected:
        r.fail(join(path, "format"), _("must be %(expected)r, not %(value)r"),
               expected=expected, value=fmt)  # fmt: skip
    if "system" not in data:
        return None
    code = data["system"]
    if not isinstance(code, str):
        r.fail(join(path, "system"), _("must be a string, not %(kind)s"), kind=kind_of(code))
        return None
    try:
        return get_system(code)
    except KeyError:
        pass
    r.fail(join(path, "system"), _("unknown game system %(code)r"), code=code)
    return None


def limited(r: Reader, value: Any, path: str, maximum: int, template: str) -> list[Any]:
    """The entries of a list bounded by a limit of the game system; past it, a problem that
    names the limit and no entries, so that none of them is read."""
    if isinstance(value, list) and len(value) > maximum:
        r.fail(path, template, max=maximum)
        return []
    return r.list(value, path, maximum=maximum)


REFUSED = object()  # a value ``record_value`` refused (``None`` is a value of some kinds)


def record_value(r: Reader, value: Any, path: str, field_: RecordField) -> Any:
    """One value of a game's own key (``RecordField``), or ``REFUSED``."""
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
    return REFUSED if got is None else got


def _number_object(r: Reader, value: Any, path: str, field_: RecordField) -> dict | None:
    """An object of whole numbers: by code (``"adjustments"``, zeros left out) or by model
    name (``"rolls"``, checked against the side by the caller)."""
    if not isinstance(value, dict):
        r.fail(path, _("must be an object, not %(kind)s"), kind=kind_of(value))
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
