"""The ``<option>`` lists and labels of the cards. Those that depend only on the game data
and the language are rendered once per process."""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterable, Mapping

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from rosters.adapters import StoredSquad
from rosters.models import Member, PackVersion
from rosters.services import pack_versions
from rules import get_system
from rules.pack_prices import Prices
from rules.registry import GameSystem


def label(table, code: str) -> str:
    entry = table.get(code)
    return _(entry.label) if entry is not None else code


def options(choices: Iterable[tuple[object, str]], selected: object = None) -> SafeString:
    """``<option>`` elements for ``(value, text)`` pairs, ``selected`` marked."""
    return mark_safe(
        "".join(
            f'<option value="{escape(value)}"{" selected" if value == selected else ""}>'
            f"{escape(text)}</option>"
            for value, text in choices
        )
    )


def _known(code: str, codes) -> str:
    """``code`` if it is one of ``codes``, else "": a value sent by a form, checked before
    it keys a cache of rendered options."""
    return code if code in codes else ""


@functools.cache
def _kit_choices(system_code: str, faction: str, model_type: str, language: str):
    """(items, abilities) as ``(code, label)`` pairs: what a card of this type offers."""
    system = get_system(system_code)
    offered = system.builder
    items = offered.items(faction, model_type) if offered else tuple(system.items)
    starting = offered.starting_abilities(model_type) if offered else tuple(system.abilities)
    return (
        tuple((c, label(system.items, c)) for c in items),
        tuple((c, label(system.abilities, c)) for c in starting),
    )


def _price(price) -> str:
    """A game's price for a picker (``BuilderChoices.type_price``), translated; "" for none."""
    if price is None:
        return ""
    message, params = price
    return _(message) % params


def pack_price(prices: Prices, cell: str, code: str) -> str:
    """What the squad's pack charges for ``code`` in its points list of ``cell``
    (``rules.pack_prices``): "10 pts", "20–40 pts" (by quality), or "" when it says nothing."""
    found = prices.get(cell, {}).get(code)
    if found is None:
        return ""
    low, high = found
    if low == high:
        return _("%(points)d pts") % {"points": low}
    return _("%(low)d–%(high)d pts") % {"low": low, "high": high}


def priced(text: str, price: str) -> str:
    """A picker's label with its price, if it has one: "Lasgun · 10 pts"."""
    return f"{text} · {price}" if price else text


def _item_choices(
    system_code: str, faction: str, model_type: str, language: str, prices: Prices | None = None
) -> tuple[tuple[str, str], ...]:
    """``(code, "label · price")`` of the items a model of this type may take; with the
    squad's pack's ``prices``, the pack's (they cost the squad: the game prints none)."""
    if not prices or "item" not in prices:
        return _game_item_choices(system_code, faction, model_type, language)
    return tuple(
        (code, priced(text, pack_price(prices, "item", code)))
        for code, text in _kit_choices(system_code, faction, model_type, language)[0]
    )


@functools.cache
def _game_item_choices(
    system_code: str, faction: str, model_type: str, language: str
) -> tuple[tuple[str, str], ...]:
    """``_item_choices`` at the game's own prices, once per process and language."""
    system = get_system(system_code)
    item_price = system.builder.item_price if system.builder else None
    return tuple(
        (code, priced(text, _price(item_price(code) if item_price else None)))
        for code, text in _kit_choices(system_code, faction, model_type, language)[0]
    )


@functools.cache
def _ability_choices(
    system_code: str, faction: str, model_type: str, language: str
) -> tuple[tuple[str, str], ...]:
    """``(code, "label — effect")`` of the abilities a model of this type may pick."""
    abilities = get_system(system_code).abilities
    return tuple(
        (code, f"{text} — {_(abilities[code].effect)}" if abilities[code].effect else text)
        for code, text in _kit_choices(system_code, faction, model_type, language)[1]
    )


@functools.cache
def _type_choices(system_code: str, language: str) -> tuple[tuple[str, str, int | None], ...]:
    """``(code, "label · price", most)`` of each model type: most None for any number."""
    system = get_system(system_code)
    offered = system.builder
    out = []
    for code, model_type in system.model_types.items():
        text, cost = _(model_type.label), ""
        if offered is not None and offered.type_price is not None:
            cost = _price(offered.type_price(code))
        most = offered.type_range(code)[1] if offered and offered.type_range else None
        out.append((code, f"{text} · {cost}" if cost else text, most))
    return tuple(out)


def _type_counts(rows: Iterable[Member]) -> dict[str, int]:
    """Models of each type the rules count: the living."""
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        if row.status != Member.Status.DEAD:
            counts[row.type] += 1
    return counts


def type_options(
    system: GameSystem,
    selected: str,
    counts: Mapping[str, int],
    language: str,
    prices: Prices | None = None,
    allowed: frozenset[str] | None = None,
) -> SafeString:
    """The type select: each type with its price (the squad's pack's, given its ``prices``)
    and, where the squad may have only so many, how many it has of them ("Top · 25 pts ·
    2/3"); only the types ``allowed`` (the pack's army list's) when given."""

    def text_of(code: str, text: str, most: int | None) -> str:
        if prices and "type" in prices:
            text = priced(label(system.model_types, code), pack_price(prices, "type", code))
        return text if most is None else f"{text} · {counts.get(code, 0)}/{most}"

    return options(
        (
            (code, text_of(code, text, most))
            for code, text, most in _type_choices(system.code, language)
            if allowed is None or code in allowed
        ),
        selected,
    )


def allowances(system: GameSystem, counts: Mapping[str, int], language: str) -> list[dict]:
    """The types a squad may have only so many of, with how many it has ("Top 2/3"), for the
    line above the add form; ``full`` when no more may be added, ``short`` when the squad
    still needs some."""
    offered = system.builder
    if offered is None or offered.type_range is None:
        return []
    out = []
    for code, model_type in system.model_types.items():
        least, most = offered.type_range(code)
        if most is None:
            continue
        count = counts.get(code, 0)
        out.append({"label": _(model_type.label), "count": count, "most": most,
                    "full": count >= most, "short": count < least})  # fmt: skip
    return out


@functools.cache
def _gained_options(allowance: bool, language: str) -> SafeString:
    """At creation (types with starting abilities only), or later in a campaign."""
    gained = [
        ("chosen", _("at creation")),
        ("advance", _("advance")),
        ("injury", _("injury")),
        ("event", _("event")),
    ]
    return options(gained if allowance else gained[1:])


@functools.cache
def _status_options(selected: str, language: str) -> SafeString:
    return options(Member.Status.choices, selected)


@functools.cache
def _random_table(system_code: str, language: str) -> tuple[tuple[int, str], ...]:
    """(roll, ability) for a physical roll of a random ability."""
    system = get_system(system_code)
    table = system.builder.random_abilities if system.builder else ()
    return tuple((i, label(system.abilities, code)) for i, code in enumerate(table, 1))


def _model_options(
    models: list[tuple[int, str, str]],
    member: Member,
    selected: str | None,
    allowed: frozenset[int] | None = None,
) -> SafeString:
    """The squad's models but ``member`` that are ``allowed`` (None: all), and the one
    named ``selected``, selected (so the card shows what is stored, and the rules say
    beside it what is wrong). ``models``: (pk, name, escaped name)."""
    return mark_safe(
        '<option value="">—</option>'
        + "".join(
            f'<option value="{pk}"{" selected" if name == selected else ""}>{escaped}</option>'
            for pk, name, escaped in models
            if pk != member.pk and (allowed is None or pk in allowed or name == selected)
        )
    )


def _partnered(system: GameSystem) -> frozenset[str]:
    """The items the game's builder choices serve with a crew partner
    (``BuilderChoices.partnered_items``)."""
    return system.builder.partnered_items if system.builder is not None else frozenset()


def changes_assistance(system: GameSystem, items: Iterable[str]) -> bool:
    """Whether a change to these items of a model (added, removed, or the model dead or
    back) changes which models the other cards offer to assist: then they all come back."""
    return not _partnered(system).isdisjoint(items)


def _assistance(
    system: GameSystem, stored: StoredSquad
) -> tuple[frozenset[int] | None, frozenset[int]]:
    """(the models another may assist, the models that may assist none), by pk.

    The spec's reading of an item served by a crew partner (the game's
    ``BuilderChoices.partnered_items``; docs/games/<game>.md): a model names as the one it
    helps another living model of the squad that carries such an item, and a partner carries
    no such item itself. A game without such items lets a model name any other (``None``).
    The game's validation still checks what is stored.
    """
    needs = _partnered(system)
    if not needs:
        return None, frozenset()
    carriers = {pk for pk, lines in stored.equipment.items() if any(e.item in needs for e in lines)}
    living = {m.pk for m in stored.members if m.status != Member.Status.DEAD}
    return frozenset(carriers & living), frozenset(carriers)


def pack_label(version: PackVersion) -> str:
    """A pack version as a picker names it: "Thursday club, version 2", and when the pack
    has a later one, says so (choosing the latest moves the squad onto it)."""
    params = {"name": version.pack.name, "number": version.number, "latest": version.pack.version}
    if version.number < version.pack.version:
        return _("%(name)s, version %(number)d (the latest is %(latest)d)") % params
    return _("%(name)s, version %(number)d") % params


def pack_choices(owner, system: str, current: PackVersion | None) -> list[tuple[object, str]]:
    """The pack picker of a squad of ``system``: none (the game's own costs), the latest
    version of each of ``owner``'s packs of the game (their copies of packs shared with
    them included), and the one the squad has (``current``), whoever's it is (1 query)."""
    versions = pack_versions(owner, system, current)
    if current is not None and all(v.pk != current.pk for v in versions):
        versions.insert(0, current)
    return [("", _("None: the game's own costs")), *((v.pk, pack_label(v)) for v in versions)]


def pack_options(owner, system: str, current: PackVersion | None) -> SafeString:
    """``pack_choices`` as ``<option>`` elements, the squad's selected."""
    return options(pack_choices(owner, system, current), "" if current is None else current.pk)
