"""What the games' house rules share: the error that names a field, and readers for the JSON
tables a campaign keeps (``Campaign.house_rules``).

A game's ``parse_house_rules`` reads its tables with these, so every game refuses the same
nonsense with the same words: a table it does not know, a value that is not an object, a
number that is not whole or out of range, a code its rules do not have. Messages are English
marked for translation; the campaign service translates them and prefixes ``house_rules.``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from rules.i18n import gettext_noop as _
from rules.types import Violation

COST_MAX = 9999  # the most a points table charges for one thing
VP_MIN, VP_MAX = -99, 99  # the range of a victory-point entry


class HouseRuleError(ValueError):
    """A house-rule table that does not make sense; ``path`` names the field, ``message``
    says what is wrong in English, from ``template`` (marked for translation) and
    ``params``."""

    def __init__(self, path: str, template: str, params: Mapping[str, Any] | None = None) -> None:
        self.path = path
        self.template = template
        self.params = dict(params or {})
        self.message = template % self.params if self.params else template
        super().__init__(f"{path}: {self.message}")


def tables(data: Any, keys: Collection[str]) -> dict[str, Any]:
    """A campaign's house rules as an object of the game's tables (``None``: none given)."""
    if data is None:
        return {}
    for key in obj(data, ""):
        if key not in keys:
            raise HouseRuleError(key, _("unknown table"))
    return data


def obj(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise HouseRuleError(path, _("must be an object"))
    return value


def whole(value: Any, path: str, lowest: int, highest: int) -> int:
    """A whole number from ``lowest`` to ``highest`` (a bool is not a number)."""
    if type(value) is not int or not lowest <= value <= highest:
        raise HouseRuleError(
            path, _("must be a whole number from %(lowest)d to %(highest)d"),
            {"lowest": lowest, "highest": highest},
        )  # fmt: skip
    return value


def numbers(
    data: Any, path: str, defaults: Mapping[str, int], lowest: int = VP_MIN, highest: int = VP_MAX
) -> dict[str, int]:
    """A table of whole numbers under the keys of ``defaults``: those left out keep their
    default, another key is refused (a victory-point table)."""
    values = dict(defaults)
    for key, value in obj(data, path).items():
        if key not in defaults:
            raise HouseRuleError(f"{path}.{key}", _("unknown key"))
        values[key] = whole(value, f"{path}.{key}", lowest, highest)
    return values


def costs(data: Any, path: str, codes: Collection[str]) -> dict[str, int]:
    """A points table's part: a cost from 0 to ``COST_MAX`` per code of ``codes`` (a code
    left out costs nothing: its absence is the reader's business)."""
    out = {}
    for code, cost in obj(data, path).items():
        if code not in codes:
            raise HouseRuleError(f"{path}.{code}", _("unknown code"))
        out[code] = whole(cost, f"{path}.{code}", 0, COST_MAX)
    return out


def parts(data: Any, path: str, codes: Mapping[str, Collection[str]]) -> dict[str, dict[str, int]]:
    """A points table made of parts (``{"fighters": {...}, "items": {...}}``), each part a
    ``costs`` table of the codes ``codes`` gives it; every part is in the result."""
    out: dict[str, dict[str, int]] = {part: {} for part in codes}
    for part, value in obj(data, path).items():
        if part not in codes:
            raise HouseRuleError(
                f"{path}.{part}", _("unknown key (%(keys)s)"), {"keys": ", ".join(codes)}
            )
        out[part] = costs(value, f"{path}.{part}", codes[part])
    return out


def points_check(
    points: int | None, limit: int | None, violation: Callable[[int, int | None], Violation | None]
) -> list[Violation]:
    """What a campaign's points table adds to ``validate``: the game's over-the-limit
    ``violation`` when the table costs the roster (``points`` not None) over ``limit``."""
    found = None if points is None else violation(points, limit)
    return [] if found is None else [found]
