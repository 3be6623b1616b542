"""What an edit did to a force of units, in words a campaign's history can keep.

A campaign force (a game played with units) may be edited between battles — one-page
modern's organiser raises a unit's training after a good showing — and each edit is kept
with who made it (one-page-modern.md section 5). ``force_edits`` compares the force's unit
documents (``squad-roster/1``'s ``units``) before and after one edit and says, unit by unit,
what changed: plain JSON, so the history stores it as it is and words it when shown.
"""

from __future__ import annotations

from typing import Any

# A unit document's keys that are not values of its record
STRUCTURE = ("name", "kind", "members", "equipment")


def _record(unit: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in unit.items() if k not in STRUCTURE}


def _unit_edits(old: dict[str, Any], new: dict[str, Any]) -> list[dict[str, Any]]:
    """What changed in one unit that kept its place in the force."""
    out: list[dict[str, Any]] = []
    name = new["name"]
    if old["name"] != name:
        out.append({"change": "renamed", "unit": name, "before": old["name"]})
    if old.get("kind") != new.get("kind"):
        out.append({"change": "set", "unit": name, "key": "kind",
                    "before": old.get("kind"), "after": new.get("kind")})  # fmt: skip
    before, after = _record(old), _record(new)
    for key in sorted(before.keys() | after.keys()):
        if before.get(key) != after.get(key):
            out.append({"change": "set", "unit": name, "key": key,
                        "before": before.get(key), "after": after.get(key)})  # fmt: skip
    for part in ("members", "equipment"):
        if old.get(part, []) != new.get(part, []):
            out.append({"change": part, "unit": name})
    return out


def force_edits(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each change from ``before`` to ``after``, in the force's order: ``{"change": "added" |
    "removed" | "renamed" | "set" | "members" | "equipment", "unit": name, ...}`` (``set``
    adds ``key``, ``before`` and ``after``; ``renamed`` the old name as ``before``).

    An edit of the builder changes one thing, so units are matched by name, and a unit whose
    name is gone while another appeared at its place was renamed.
    """
    old_names = [u["name"] for u in before]
    new_names = [u["name"] for u in after]
    gone = [n for n in old_names if n not in new_names]
    came = [n for n in new_names if n not in old_names]
    renamed: dict[str, str] = {}  # new name -> old name
    if len(gone) == len(came) == 1 and old_names.index(gone[0]) == new_names.index(came[0]):
        renamed[came[0]] = gone[0]
    old_by_name = {u["name"]: u for u in before}
    out: list[dict[str, Any]] = []
    for name in gone:
        if name not in renamed.values():
            out.append({"change": "removed", "unit": name})
    for unit in after:
        name = unit["name"]
        old = old_by_name.get(renamed.get(name, name))
        if old is None:
            out.append({"change": "added", "unit": name})
        else:
            out += _unit_edits(old, unit)
    return out
