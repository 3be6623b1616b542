"""Rules messages in the reader's language: one function for the pages, the PDFs and the API."""

from __future__ import annotations

import functools
import re

from django.utils.translation import gettext, gettext_lazy

from rules import get_system, systems
from rules.documents import Problem, named_path
from rules.types import Roster, Violation

# Violation params that hold a rules label (marked for translation in rules/), not a name
LABEL_PARAMS = frozenset({"type", "item", "faction", "ability", "kind", "weapon"})


def violation_message(violation: Violation) -> str:
    """``violation.message`` translated, labels (types, items, factions...) included."""
    template = gettext(violation.template)
    if not violation.params:
        return template
    params = {
        key: gettext(value) if key in LABEL_PARAMS and isinstance(value, str) else value
        for key, value in violation.params.items()
    }
    return template % params


def problem_text(problem: Problem) -> str:
    """A document problem's message, translated (the API puts the path in ``field``)."""
    template = gettext(problem.template)
    return template % problem.params if problem.params else template


def problem_message(problem: Problem) -> str:
    """A document problem as a page shows it: about a model the document names, the model
    and the place in it (``Capt. Steven Mint, equipment 1: unknown item 'x'``); else its
    path (``members[2].name: must not be empty``)."""
    return place_message(problem.path, problem_text(problem), problem.member, problem.within)


def place_message(path: str, text: str, member: str | None = None, within: str = "") -> str:
    """``text`` about the model ``member`` (at ``within`` inside it), else about ``path``."""
    if member is None:
        return f"{path}: {text}" if path else text
    place = _place_words(within)
    if not place:
        return gettext("%(member)s: %(message)s") % {"member": member, "message": text}
    return gettext("%(member)s, %(place)s: %(message)s") % {
        "member": member, "place": place, "message": text,
    }  # fmt: skip


def document_message(roster: Roster, path: str, text: str) -> str:
    """``text`` about a document ``path`` of ``roster`` (a service's refusal of an import),
    naming the model or unit the path points at, as ``problem_message`` does."""
    named = named_path(roster, path)
    if named is None:
        return place_message(path, text)
    prefix, name = named
    return place_message(path, text, name, path[len(prefix) + 1 :])


# A numbered list of a model's document, as the page words one of its entries (1-based)
_NUMBERED = {
    "equipment": gettext_lazy("equipment %(number)d"),
    "abilities": gettext_lazy("ability %(number)d"),
    "members": gettext_lazy("member %(number)d"),
}
# The key naming an entry's code, left out: the message names the code already
_CODE_KEYS = {"equipment": "item", "abilities": "code"}
# Keys of a model's document that are not a game's record fields
_KEYS = {
    "name": gettext_lazy("name"),
    "type": gettext_lazy("type"),
    "status": gettext_lazy("status"),
    "count": gettext_lazy("count"),
    "detail": gettext_lazy("detail"),
    "source": gettext_lazy("source"),
    "label": gettext_lazy("label"),
}
_ENTRY = re.compile(r"([a-z_]+)\[(\d+)\]$")


def _place_words(within: str) -> str:
    """A path inside a model (``equipment[0].item``) in words (``equipment 1``): numbered
    entries from 1, keys by their labels (a game's record fields by theirs)."""
    words: list[str] = []
    parent = ""
    for part in within.split(".") if within else ():
        entry = _ENTRY.match(part)
        if entry is not None and entry.group(1) in _NUMBERED:
            parent = entry.group(1)
            words.append(str(_NUMBERED[parent] % {"number": int(entry.group(2)) + 1}))
            continue
        if part != _CODE_KEYS.get(parent):
            words.append(_key_label(part))
        parent = ""
    return ", ".join(words)


def _key_label(key: str) -> str:
    if key in _KEYS:
        return str(_KEYS[key])
    labels = _record_labels()
    return gettext(labels[key]) if key in labels else key


@functools.cache
def _record_labels() -> dict[str, str]:
    """Every game's member and unit record keys, with their English labels."""
    labels: dict[str, str] = {}
    for game in systems():
        for f in (*game.member_record, *(game.units.record if game.units else ())):
            labels.setdefault(f.key, f.label)
    return labels


def game_name(code: str) -> str:
    """A game's name in the reader's language (its code if no game has it)."""
    try:
        return gettext(get_system(code).name)
    except KeyError:
        return code
