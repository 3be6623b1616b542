"""What the one-page modern force sheet, unit cards and quick-reference card print.

Encodes sections 6 and 7 of ``one-page-modern.md`` (the rulebook has no sheet of its own: the
product prints, per unit, every number a player needs at the table). ``printing.pdf`` prints a
force's header (name, owner, validity, violations) for every game and asks the game for the
rest (``rules.registry.Printing``): here one dict per unit, the same for its sheet block and
its card (kind, training, activation with its leader, skill against cover, pinning, members
or mounted weapons with their marks, vehicle armour and moves, fire points in the seven
range columns, notes), the weapon key at the foot, and the quick-reference card's tables
(``reference.py``) as the templates read them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.i18n import Translate
from rules.i18n import gettext_noop as _
from rules.one_page_modern import data, reference
from rules.one_page_modern.derive import derive_unit, mount_context, weapon_marks
from rules.pack_tables import Pack
from rules.reference import card_context
from rules.reference_packs import own_weapons, pack_text
from rules.registry import Printing
from rules.types import Equipment, Member, Roster, RosterCost, Unit

NO_POINTS = _("no points")
ACTIVATION_WITH_LEADER = _("%(activation)s (%(base)s without %(leader)s)")
LEADER_MARK = _("leader: %(level)s")
CANNOT_BE_PINNED = _("cannot be pinned")
HARD_COVER = _("hard cover: shooters %(modifier)s")
# A vehicle's card: whether small arms can harm it, by its armour class's ``armoured``.
ARMOURED_LABELS = {
    True: _("armoured (immune to small arms and HMGs)"),
    False: _("not armoured (small arms and HMGs can harm it)"),
}
# Its moves, by ground (``data.VEHICLE_MOVES``); medium cover only for a vehicle that
# crosses it.
MOVE_LABELS = {
    "open": _("%(distance)s in the open"),
    "light-cover": _("%(distance)s through light cover"),
    "medium-cover": _("%(distance)s through medium cover, without firing"),
}
# The rows of a unit's fire points: an infantry unit's total, a vehicle's stationary and
# moving, the weapons of any other unit (a bunker, a gun).
FIRE_ROW_LABELS = {
    "total": _("unit total"),
    "stationary": _("stationary"),
    "moving": _("moving"),
    "weapons": _("all weapons"),
}
FIRE_POINTS_NOTE = _(
    "Fire points: the dice the unit rolls at a target up to that distance (and farther than "
    "the previous column); a stationary vehicle fires all its weapons, a moving one its best."
)


def _label(translate: Translate, text: str) -> str:
    return translate(text) if text else text  # gettext("") is the catalogue's header


def _range_label(inches: int) -> str:
    return f'{inches}"'


# --- one unit -------------------------------------------------------------------------------


def _weapons(
    equipment: Iterable[Equipment], context: str, translate: Translate
) -> list[dict[str, Any]]:
    """Each listed weapon with its count and its marks where it sits, in listed order."""
    out = []
    for line in equipment:
        marks = weapon_marks(line.item, context)
        out.append({
            "code": line.item,
            "name": translate(data.WEAPONS[line.item].label),
            "count": line.count,
            "marks": " ".join(marks),
        })  # fmt: skip
    return out


def _member(member: Member, translate: Translate) -> dict[str, Any]:
    level = data.leader(member)
    worn = data.armour(member)
    return {
        "name": member.name,
        "count": data.count(member),
        "leader": level is not None,
        "leader_label": (
            "" if level is None else translate(LEADER_MARK) % {"level": translate(level.label)}
        ),
        "weapons": _weapons(member.equipment, data.CARRIED, translate),
        "armour": translate(worn.label),
        "save": data.plus(worn.save),
    }


def _fire_row(label: str, by_range: dict[str, int]) -> dict[str, Any]:
    return {"label": label, "values": [by_range[str(r)] for r in data.RANGES]}


def _activation_label(derived: dict[str, Any], translate: Translate) -> str:
    """``3+``, or ``3+ (4+ without Sgt. Hale)`` when a better leader sets it."""
    activation = data.plus(derived["activation"])
    if derived["activation"] >= derived["base_activation"]:
        return activation
    return translate(ACTIVATION_WITH_LEADER) % {
        "activation": activation,
        "base": data.plus(derived["base_activation"]),
        "leader": derived["leader"],
    }


def _vehicle(unit: Unit, derived: dict[str, Any], translate: Translate) -> dict[str, Any]:
    cls = data.vehicle_armour(unit)
    grounds = [g for g in MOVE_LABELS if g != "medium-cover" or derived["crosses_medium_cover"]]
    moves = [
        translate(MOVE_LABELS[g]) % {"distance": data.distance(data.VEHICLE_MOVES[g])}
        for g in grounds
    ]
    return {
        "armour_class": translate(cls.label),
        "armour_save": data.plus(cls.save),
        "armoured": cls.armoured,
        "armoured_label": translate(ARMOURED_LABELS[bool(cls.armoured)]),
        "moves": moves,
    }


def unit_block(unit: Unit, translate: Translate) -> dict[str, Any]:
    """One unit's block of the sheet, and its card (section 7)."""
    derived = derive_unit(unit)
    kind = data.KINDS[unit.kind]
    level = data.training(unit)
    vehicle = unit.kind == "vehicle"
    if vehicle and derived["tank"]:
        kind_label = translate(data.TANK_LABEL)
    else:
        kind_label = translate(kind.label)
    if kind.has_members:
        rows = {"total": "fire_points"}
    elif vehicle:
        rows = {"stationary": "fire_points", "moving": "fire_points_moving"}
    else:
        rows = {"weapons": "fire_points"}
    fire = [_fire_row(translate(FIRE_ROW_LABELS[row]), derived[key]) for row, key in rows.items()]
    cover = data.COVER[data.BUNKER_COVER]
    return {
        "name": unit.name,
        "kind": unit.kind,
        "kind_label": kind_label,
        "infantry": kind.has_members,
        "vehicle": vehicle,
        "bunker": unit.kind == "bunker",
        "training": level.code,
        "training_label": translate(level.label),
        "models": derived["models"],
        "activation": data.plus(derived["activation"]),
        "activation_label": _activation_label(derived, translate),
        "skill": data.plus(derived["skill"]),
        "skill_vs_cover": [
            {"code": code, "label": translate(data.COVER[code].label), "score": data.plus(score)}
            for code, score in derived["skill_vs_cover"].items()
        ],
        "pinnable": kind.pinnable,
        "max_pinned": derived["max_pinned"],
        "pinned_label": "" if kind.pinnable else translate(CANNOT_BE_PINNED),
        "members": [_member(member, translate) for member in unit.members],
        "weapons": _weapons(unit.equipment, mount_context(unit), translate),
        **(_vehicle(unit, derived, translate) if vehicle else {}),
        "hard_cover": (
            translate(HARD_COVER) % {"modifier": reference.signed(cover.modifier)}
            if unit.kind == "bunker"
            else ""
        ),
        "fire_points": fire,
        "notes": data.notes(unit),
    }


# --- the force ------------------------------------------------------------------------------


def _used(roster: Roster) -> set[str]:
    items = set()
    for unit in roster.units:
        items.update(line.item for line in unit.equipment)
        for member in unit.members:
            items.update(line.item for line in member.equipment)
    return items


def weapon_key(roster: Roster, translate: Translate) -> list[dict[str, Any]]:
    """Each weapon the force lists, in the tables' order: range, FP, notes."""
    used = _used(roster)
    rows = []
    for code, weapon in data.WEAPONS.items():
        if code not in used:
            continue
        params = weapon.note_params()
        notes = [translate(data.NOTES[note]) for note in weapon.notes]
        rows.append({
            "code": code,
            "name": translate(weapon.label),
            "range": weapon.range_text,
            "fp": weapon.fp,
            "notes": [note % params for note in notes] if params else notes,
        })  # fmt: skip
    return rows


def squad_context(
    roster: Roster, costs: RosterCost | None, include_dead: bool, translate: Translate,
    pack: Pack | None = None,
) -> dict[str, Any]:  # fmt: skip
    """One-page modern's part of the sheet and cards: one dict per unit (``units``), the
    models for the header, the range columns and the weapon key.

    ``costs`` is ``None`` (the text has no points: "no points"); a campaign with a house-rule
    points table gives its own. ``include_dead`` changes nothing: a force keeps no dead. The
    text gives every cell of its weapons, so a club's ``pack`` adds its own weapons only
    (``pack_weapons``, marked as the reference card marks them).
    """
    units = [unit_block(unit, translate) for unit in roster.units]
    return {
        "game": data.NAME,
        "faction": {"label": roster.faction},  # free text, printed as given
        "points_label": translate(NO_POINTS) if costs is None else "",
        "units": units,
        "model_count": sum(unit["models"] for unit in units),
        "ranges": [_range_label(r) for r in data.RANGES],
        "weapon_key": weapon_key(roster, translate),
        "marks": [{"mark": mark, "meaning": translate(text)} for mark, text in data.MARKS.items()],
        "fire_points_note": translate(FIRE_POINTS_NOTE),
        "pack_note": None,  # no cell of the text's is "—": none is the pack's
        "pack_weapons": _own_weapons(pack, translate),
    }


OWN_COLUMNS = (_("Weapon"), _("Range"), _("Fire points"), _("Notes"))


def _own_weapons(pack: Pack | None, translate: Translate) -> dict[str, Any] | None:
    """The pack's own weapons under the units, each cell read as the reference card's."""
    return own_weapons(
        pack, translate, columns=OWN_COLUMNS, game_codes=data.WEAPONS,
        how=(*reference.PACK_COLUMNS, pack_text("notes")),
    )  # fmt: skip


# --- the quick-reference card ---------------------------------------------------------------


def reference_context(translate: Translate, pack: Pack | None = None) -> dict[str, Any]:
    """The reference card's tables by key (``-`` made ``_``: ``tables.small_arms``), and their
    keys in the card's order (section 6, items 1-14). With a club's
    pack, its weapon profiles, marked (``rules.reference_packs``)."""
    return card_context(reference.tables(pack), translate)


PRINTING = Printing.of_game(
    data.CODE, squad_context=squad_context, reference_context=reference_context
)
