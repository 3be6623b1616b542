"""A club's army list (issue #30): the unit kinds a faction's force may take, with a minimum
and a maximum of each, kept in a pack's ``army_list`` table (``game-pack/1``).

The games played with units have no army lists of their own (their text has none, and their
faction is free text): a pack brings them. Every such game declares the same table with its
own kind codes (``army_list_table(KINDS)`` in its ``pack.py``); this module reads it and
checks a force against it, naming no game. A game of models declares it with its model types
and ``MODELS`` (``army_list_table(TYPES, MODELS, label)``): the list then counts the force's
models not dead by their ``type``, as it counts units by their ``kind``.

A row is ``faction`` (free text, matched without regard to case or surrounding spaces; left
out: any faction), ``kind`` (one of the game's unit kinds), ``minimum`` (left out: 0) and
``maximum`` (left out: no maximum). A force's list is the rows of its faction over the rows
of any faction (a faction's row of a kind replaces the any-faction row of that kind); a force
whose faction has no rows, in a pack whose rows all name other factions, has no list. With a
list, a kind it does not name may not be taken.

Violation codes (``check``), each once per kind whose bound is broken, in the list's order:

======================  ==============================================================
army-list-minimum       fewer units of the kind than the list's minimum (force-level)
army-list-maximum       more units of the kind than the list's maximum; ``member`` is
                        the first extra unit, the message names every extra one
army-list-not-allowed   units of a kind the list does not offer (or offers at most 0);
                        ``member`` is the first of them, the message names them all
======================  ==============================================================
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from rules.documents.reader import MAX_NAME
from rules.i18n import gettext_noop as _
from rules.pack_tables import Cell, Pack, PackTable, Rows, code_cell
from rules.types import Roster, Violation

ARMY_LIST = "army_list"  # the table's id
UNITS_MAX = 99  # the most units of one kind a list's bound names

MINIMUM = "army-list-minimum"
MAXIMUM = "army-list-maximum"
NOT_ALLOWED = "army-list-not-allowed"

BELOW = _(
    "The army list needs at least %(minimum)d unit(s) of kind %(kind)s; the force has %(count)d."
)
ABOVE = _(
    "The army list allows at most %(maximum)d unit(s) of kind %(kind)s; the force has "
    "%(count)d, %(extra)d too many: %(units)s."
)
OFFERS_NONE = _("The army list offers no unit of kind %(kind)s: %(units)s.")
MODEL_BELOW = _(
    "The army list needs at least %(minimum)d model(s) of type %(kind)s; the force has %(count)d."
)
MODEL_ABOVE = _(
    "The army list allows at most %(maximum)d model(s) of type %(kind)s; the force has "
    "%(count)d, %(extra)d too many: %(units)s."
)
MODEL_OFFERS_NONE = _("The army list offers no model of type %(kind)s: %(units)s.")


@dataclass(frozen=True, slots=True)
class Pieces:
    """What a game's list counts: ``group`` gives the force's pieces by kind (kind -> names,
    in the force's order); ``label`` names the table's kind cell; the messages say what was
    counted."""

    group: Callable[[Roster], dict[str, list[str]]]
    label: str
    below: str
    above: str
    offers_none: str


def _by_kind(pairs: Any) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for kind, name in pairs:
        out.setdefault(kind, []).append(name)
    return out


UNITS = Pieces(
    lambda roster: _by_kind((unit.kind, unit.name) for unit in roster.units),
    _("Unit kind"), BELOW, ABOVE, OFFERS_NONE,
)  # fmt: skip
MODELS = Pieces(
    lambda roster: _by_kind(
        (member.type, member.name) for member in roster.members if member.status != "dead"
    ),
    _("Model type"), MODEL_BELOW, MODEL_ABOVE, MODEL_OFFERS_NONE,
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Bound:
    """How many units of one kind a force may take: ``maximum`` None for no maximum."""

    minimum: int = 0
    maximum: int | None = None


@dataclass(frozen=True)
class ArmyList:
    """An army list as read: each faction's bounds (casefolded faction -> kind -> bound, in
    the table's order), its rows over those of any faction already (a force is checked on
    every edit), and ``common``, the bounds of any faction (None: no such row)."""

    factions: Mapping[str, Mapping[str, Bound]]
    common: Mapping[str, Bound] | None

    def for_faction(self, faction: str | None) -> Mapping[str, Bound] | None:
        """The bounds of a force of ``faction``, or None when the list has none for it."""
        if not faction:
            return self.common
        return self.factions.get(faction.strip().casefold(), self.common)


def faction_key(faction: str | None) -> str | None:
    """A faction as the list matches it: without case or surrounding spaces; None if blank."""
    key = (faction or "").strip().casefold()
    return key or None


def read_army_list(rows: tuple[Mapping[str, Any], ...]) -> ArmyList:
    """The checked rows of an ``army_list`` table as an ``ArmyList``."""
    by_faction: dict[str | None, dict[str, Bound]] = {}
    for row in rows:
        bounds = by_faction.setdefault(faction_key(row.get("faction")), {})
        bounds[row["kind"]] = Bound(row.get("minimum") or 0, row.get("maximum"))
    common = by_faction.pop(None, None)
    factions = {
        faction: MappingProxyType({**(common or {}), **own}) for faction, own in by_faction.items()
    }
    return ArmyList(
        MappingProxyType(factions), None if common is None else MappingProxyType(common)
    )


def army_list_table(
    kinds: Mapping[str, Any], pieces: Pieces = UNITS, label: str | None = None
) -> PackTable:
    """A game's ``army_list`` table, its ``kind`` cell naming one of ``kinds`` (code -> row
    with ``.label``; the cell labelled ``label``, by default the pieces'), counting the
    force's ``pieces``."""
    kind = code_cell("kind", label or pieces.label, kinds)
    rows = Rows(
        "", _("Army list"),
        (
            Cell("faction", _("Faction"), "text", required=False, length=MAX_NAME,
                 help=_("left blank: any faction")),
            kind,
            Cell("minimum", _("Minimum"), "whole", required=False, maximum=UNITS_MAX,
                 help=_("left blank: none")),
            Cell("maximum", _("Maximum"), "whole", required=False, maximum=UNITS_MAX,
                 help=_("left blank: no maximum")),
        ),
        unique=("faction", "kind"), ordered=(("minimum", "maximum"),),
    )  # fmt: skip
    labels = MappingProxyType(dict(kind.labels))

    def check(roster: Roster, army_list: ArmyList) -> list[Violation]:
        bounds = army_list.for_faction(roster.faction)
        return [] if bounds is None else army_list_violations(roster, bounds, labels, pieces)

    return PackTable(
        ARMY_LIST, _("Army list"),
        _("The unit kinds a faction's force may take, and how many of each."),
        rows=rows, read=read_army_list, check=check,
    )  # fmt: skip


def army_list_violations(
    roster: Roster,
    bounds: Mapping[str, Bound],
    labels: Mapping[str, str],
    pieces: Pieces = UNITS,
) -> list[Violation]:
    """Each bound of ``bounds`` the force's pieces (units, or models) break (``labels``: a
    kind's English words), the kinds the list names first in its order, then those it does
    not offer."""
    units = pieces.group(roster)
    out = []
    for kind, bound in bounds.items():
        names = units.get(kind, [])
        label = labels.get(kind, kind)
        if len(names) < bound.minimum:
            params = {"minimum": bound.minimum, "kind": label, "count": len(names)}
            out.append(Violation(MINIMUM, pieces.below, params, None))
        elif bound.maximum is not None and len(names) > bound.maximum:
            if bound.maximum == 0:
                out.append(_not_offered(label, names, pieces))
                continue
            extra = names[bound.maximum :]
            params = {"maximum": bound.maximum, "kind": label, "count": len(names),
                      "extra": len(extra), "units": _names(extra)}  # fmt: skip
            out.append(Violation(MAXIMUM, pieces.above, params, extra[0]))
    out.extend(
        _not_offered(labels.get(kind, kind), names, pieces)
        for kind, names in units.items()
        if kind not in bounds
    )
    return out


def _not_offered(label: str, names: list[str], pieces: Pieces) -> Violation:
    params = {"kind": label, "units": _names(names)}
    return Violation(NOT_ALLOWED, pieces.offers_none, params, names[0])


def _names(names: list[str]) -> str:
    return ", ".join(repr(name) for name in names)


def allowed_kinds(pack: Pack | None, faction: str | None) -> frozenset[str] | None:
    """The unit kinds the pack's army list lets a force of ``faction`` take (a maximum of 0
    takes none), or None when there is no list for it: every kind."""
    army_list = None if pack is None else pack.read.get(ARMY_LIST)
    if not isinstance(army_list, ArmyList):
        return None
    bounds = army_list.for_faction(faction)
    if bounds is None:
        return None
    return frozenset(kind for kind, bound in bounds.items() if bound.maximum != 0)
