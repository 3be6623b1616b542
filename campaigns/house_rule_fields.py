"""A campaign's house rules table by table, over the game's defaults: what the API's
``house_rules`` sent merges into (``campaigns.api.campaigns.house_rules_sent``), one field for
each number or code of the game's tables and the rest of a table as JSON. (The pages edit the
house rules as the campaign's own pack, one table at a time: issue #30.)

The fields come from the shape of the game's defaults (``CampaignRules.default_house_rules``),
so this module names no key of any game: a whole number gets a number field, a text a text
field, anything else goes to the table's JSON box. Their words come from the game's labels:
``house:<table>`` and ``house:<table>.<key>`` where it gives them, else the words it gives the
same codes elsewhere (``deed:<key>``, ``outcome:<key>``), else the key itself. What the
organiser sets is checked by the game's own rules (``parse_house_rules``, in
``services.campaign_update``); ``locate`` says which field an error of theirs is about.

A table is stored whole once anything in it differs from the default, and not at all when
nothing does: ``Campaign.house_rules`` keeps only the tables the organiser changed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

SEP = "__"  # between a table's key and one of its own: "reputation__took-part"


def has_field(value: Any) -> bool:
    """A value a plain field can hold: a whole number (not a bool) or a text."""
    return type(value) is int or isinstance(value, str)


@dataclass(frozen=True)
class Table:
    """One table of the game's house rules, and which of its keys get a field."""

    key: str
    default: Any  # the game's default table (an object, a list, or None: not set)
    fields: tuple[str, ...]  # keys of ``default`` with a field, in the game's order

    def field_name(self, key: str) -> str:
        return f"{self.key}{SEP}{key}"

    @property
    def rest_default(self) -> Any:
        """What the JSON box holds by default: the table's keys without a field, or the
        whole table when it is not an object."""
        if not isinstance(self.default, Mapping):
            return self.default
        return {k: v for k, v in self.default.items() if k not in self.fields}

    @property
    def has_rest(self) -> bool:
        """Part of the table (or all of it) has no field: only the JSON box sets it."""
        return not isinstance(self.default, Mapping) or len(self.fields) < len(self.default)

    def current(self, house_rules: Mapping[str, Any], key: str) -> Any:
        """A key's value in the campaign (its default where the campaign's table says none)."""
        table = house_rules.get(self.key)
        if isinstance(table, Mapping) and key in table:
            return table[key]
        return self.default[key]

    def rest_initial(self, house_rules: Mapping[str, Any]) -> str:
        """The JSON box as the campaign has it: what differs from the default among the keys
        without a field (the whole table for a table that is not an object), or empty."""
        table = house_rules.get(self.key)
        if table is None:
            return ""
        if not isinstance(self.default, Mapping) or not isinstance(table, Mapping):
            return json.dumps(table, indent=2, ensure_ascii=False)
        changed = {
            k: v for k, v in table.items() if k not in self.fields and v != self.default.get(k)
        }
        return json.dumps(changed, indent=2, ensure_ascii=False) if changed else ""

    def merged(self, values: Mapping[str, Any], pasted: Any) -> Any:
        """The table to store from the fields' ``values`` (None: left empty, the default)
        and the JSON box (``pasted``, None when empty; its keys win over the fields'), or
        None when it is the default: nothing to store."""
        if not isinstance(self.default, Mapping):
            return pasted
        table = dict(self.default)
        table.update({k: v for k, v in values.items() if v is not None})
        if isinstance(pasted, Mapping):
            table.update(pasted)
        elif pasted is not None:
            return pasted  # not an object: the game's rules say what is wrong with it
        return None if table == self.default else table


def rest_default_text(table: Table) -> str:
    """The JSON box's default, as the page shows it beside the box ("" when none)."""
    rest = table.rest_default
    return json.dumps(rest, indent=2, ensure_ascii=False) if rest else ""


def tables(defaults: Mapping[str, Any]) -> list[Table]:
    """The game's tables, in its order."""
    return [
        Table(
            key,
            default,
            tuple(k for k, v in default.items() if has_field(v))
            if isinstance(default, Mapping)
            else (),
        )
        for key, default in defaults.items()
    ]


def words(code: str) -> str:
    """A key as people say it, when the game gives no label: "took_part" -> "Took part"."""
    return code.replace("_", " ").replace("-", " ").capitalize()


def title(labels: Mapping[str, str], table: str) -> str:
    """A table's heading (English, marked for translation in the game)."""
    return labels.get(f"house:{table}") or words(table)


def label(labels: Mapping[str, str], table: str, key: str) -> str:
    """A field's label (English, marked for translation in the game)."""
    for name in (f"house:{table}.{key}", f"deed:{key}", f"outcome:{key}"):
        if labels.get(name):
            return labels[name]
    return words(key)


_STEP = re.compile(r"[.\[]")


def locate(path: str) -> tuple[str, str]:
    """The table and the key of the table an error's path is about: "reputation.took-part"
    gives ("reputation", "took-part"), "survival.rows[0].low" ("survival", "rows"),
    "points" ("points", "")."""
    table, _sep, rest = path.partition(".")
    table = _STEP.split(table, maxsplit=1)[0]
    return table, _STEP.split(rest, maxsplit=1)[0] if rest else ""
