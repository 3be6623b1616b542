"""What the Bolt Action force sheet, unit cards and quick-reference card print
(``bolt-action.md`` sections 5 and 6).

``printing.pdf`` prints a force's envelope (name, owner, validity, violations) for every game
and asks the game for the rest (``rules.registry.Printing``): here the order dice and "points:
not costed" of the header, one dict per unit, the same for its sheet block and its card
(name, kind with a vehicle's drive, quality, models and member lines, weapons held with
their labels, shots, damage bonus and notes, total shots, morale and the pins that destroy
it with a pin track, damage value, to hit, the small-unit reminder, a vehicle's terrain
row, notes), the foot's morale modifiers (5.6) and order test (5.4), and the
quick-reference card's tables (``reference.py``) as the templates read them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.bolt_action import data, derive, reference
from rules.i18n import Translate
from rules.i18n import gettext_noop as _
from rules.pack_tables import Pack
from rules.reference import DASH, card_context, inches
from rules.reference_packs import own_weapons, pack_footnote, pack_number, pack_text, sheet_cells
from rules.registry import Printing
from rules.types import Equipment, Member, Roster, RosterCost, Unit

NOT_COSTED = _("points: not costed")
ORDER_DICE = _("order dice: %(count)d")
ORDER_DICE_NOTE = _("one per unit")
KIND_WITH_DRIVE = _("%(kind)s, %(drive)s")
NCO = _("NCO")
NOTHING_LISTED = _("nothing listed")
DESTROYED_AT = _("destroyed at %(pins)d pins")
TO_HIT_INEXPERIENCED = _("%(score)s, inexperienced")
SMALL_UNIT = _("small unit: %(modifier)s to hit it")
# A weapon's notes on the sheet (1.3), from its role and flags.
SMALL_ARMS = _("small arms")
CREW_SERVED = _("crew-served")
INDIRECT = _("fires over friendly troops")
ONE_SHOT = _("one-shot: tick each when fired; may pick its own target")
FIRE_ORDER_ONLY = _("fires only on a Fire order")
NO_ADVANCE_FIRE = _("cannot fire on an Advance order")
TWO_PINS = _("places %(pins)d pins per hit")

# What the foot prints of the card (5.6 and 5.4): the morale notes but the worked example,
# the order test's rows and its notes but the first (how pins are placed).
MORALE_NOTES = slice(0, 3)
ORDER_TEST_NOTES = slice(1, None)
DASH_NOTE = 0  # the weapons table's note on "—"


MOST_BOXES = data.KINDS[data.INFANTRY_SQUAD].max_models or 10


def _label(translate: Translate, text: str) -> str:
    return translate(text) if text else text  # gettext("") is the catalogue's header


# --- one unit -------------------------------------------------------------------------------


def _carried(equipment: Iterable[Equipment], translate: Translate) -> list[dict[str, Any]]:
    """What each model of a member entry carries, as listed: item, label, count."""
    return [
        {
            "code": line.item,
            "name": translate(data.WEAPONS[line.item].label),
            "label": line.label or "",
            "count": line.count,
        }
        for line in equipment
    ]


def _member(member: Member, translate: Translate) -> dict[str, Any]:
    leader = data.is_leader(member)
    return {
        "name": member.name,
        "count": data.count(member),
        "leader": leader,
        "leader_label": translate(NCO) if leader else "",
        "carries": _carried(member.equipment, translate),
    }


def _notes(weapon: data.Weapon, translate: Translate) -> list[str]:
    notes = []
    if weapon.small_arms:
        notes.append(translate(SMALL_ARMS))
    if weapon.role == data.CREW_SERVED:
        notes.append(translate(CREW_SERVED))
    if weapon.indirect:
        notes.append(translate(INDIRECT))
    if weapon.fire_order_only:
        notes.append(translate(FIRE_ORDER_ONLY))
    if weapon.no_advance_fire:
        notes.append(translate(NO_ADVANCE_FIRE))
    if weapon.two_pins:
        notes.append(translate(TWO_PINS) % {"pins": data.TWO_PINS})
    if weapon.role == data.ONE_SHOT:
        notes.append(translate(ONE_SHOT))
    return notes


# How a weapon's cells read a club pack's row (``rules.reference_packs``), as the card prints them.
PACK_COLUMNS = {
    "shots": pack_number("shots"),
    "damage_bonus": pack_number("damage_bonus", reference.damage_bonus),
    "range": pack_number("range", inches),
}


def _weapon(
    line: derive.WeaponLine, translate: Translate, pack: Pack | None = None
) -> dict[str, Any]:
    weapon = data.WEAPONS[line.item]
    one_shot = weapon.role == data.ONE_SHOT
    cells = {
        "shots": data.dash(weapon.shots),
        "damage_bonus": _label(translate, reference.damage_bonus(weapon.damage_bonus)),
        "range": DASH if weapon.range is None else inches(weapon.range),
    }
    # a club pack's values in the cells the text leaves "—", each marked "†"
    cells, from_pack = sheet_cells(cells, pack, line.item, PACK_COLUMNS)
    return {
        "code": line.item,
        "name": translate(weapon.label),
        "count": line.count,
        "labels": list(line.labels),
        "labels_text": ", ".join(line.labels),
        **cells,
        "from_pack": from_pack,
        "notes": _notes(weapon, translate),
        "one_shot": one_shot,
        # one to tick per weapon (Reading), as many as a legal squad may hold at most (one
        # per model): a bigger count, which the rules refuse anyway, prints no more boxes
        "boxes": range(min(line.count, MOST_BOXES) if one_shot else 0),
        "missing": DASH in (cells["shots"], cells["damage_bonus"]),
    }


def _to_hit_label(unit: Unit, translate: Translate) -> str:
    score = data.plus(derive.to_hit(unit))
    if derive.to_hit_modifier(unit) == 0:
        return score
    return translate(TO_HIT_INEXPERIENCED) % {"score": score}


def _kind_label(unit: Unit, translate: Translate) -> str:
    kind, drive = derive.kind_label(unit)
    if drive is None:
        return translate(kind)
    return translate(KIND_WITH_DRIVE) % {"kind": translate(kind), "drive": translate(drive)}


def unit_block(unit: Unit, translate: Translate, pack: Pack | None = None) -> dict[str, Any]:
    """One unit's block of the sheet, and its card (section 6); with a club's ``pack``, its
    weapon cells where the text leaves "—", and the weapons' ranges when it gives one."""
    derived = derive.derive_unit(unit)
    kind = data.kind(unit)
    quality = data.quality(unit)
    morale = derived["morale"]
    weapons = [_weapon(line, translate, pack) for line in derive.weapon_lines(unit)]
    shots = derived["shots"]
    return {
        "name": unit.name,
        "kind": unit.kind,
        "kind_label": _kind_label(unit, translate),
        "vehicle": kind.vehicle,
        "quality": quality.code,
        "quality_label": translate(quality.label),
        "models": derived["models"],
        "members": [_member(member, translate) for member in unit.members],
        "nothing_label": translate(NOTHING_LISTED),
        "weapons": weapons,
        "one_shots": derive.one_shot_boxes(unit),
        "shots": shots,
        "shots_label": data.dash(shots),
        "has_missing": any(w["missing"] for w in weapons),
        "from_pack": any(w["from_pack"] for w in weapons),
        # the range column, printed when a pack gives a weapon of the unit its range
        "ranged": any("range" in w["from_pack"] for w in weapons),
        "morale": morale,
        "destroyed_label": translate(DESTROYED_AT) % {"pins": morale},
        "pin_boxes": range(morale),  # the pin track: as many boxes as pins destroy it
        "damage_value": derived["damage_value"],
        "damage_label": data.plus(derived["damage_value"]),
        "to_hit": derive.to_hit(unit),
        "to_hit_label": _to_hit_label(unit, translate),
        "small_unit": derived["small_unit"],
        "small_unit_label": (
            translate(SMALL_UNIT) % {"modifier": reference.signed(data.SMALL_UNIT_TO_HIT)}
            if derived["small_unit"]
            else ""
        ),
        "mover_label": translate(data.MOVERS[derive.mover(unit)]),
        "terrain": (
            [
                {"terrain": translate(terrain), "move": translate(cell)}
                for terrain, cell in derive.terrain_row(unit)
            ]
            if kind.vehicle
            else []
        ),
        "notes": data.notes(unit),
    }


# --- the force ------------------------------------------------------------------------------


def _legend(units: list[dict[str, Any]], translate: Translate) -> str:
    """The card's note on "—" (a number the source does not give), when a unit prints one."""
    if not any(unit["has_missing"] or unit["shots"] is None for unit in units):
        return ""
    return reference.WEAPONS_TABLE.words(translate)(reference.WEAPONS_TABLE.notes[DASH_NOTE])


def squad_context(
    roster: Roster, costs: RosterCost | None, include_dead: bool, translate: Translate,
    pack: Pack | None = None,
) -> dict[str, Any]:  # fmt: skip
    """Bolt Action's part of the sheet and cards: the header's order dice and points, one
    dict per unit (``units``), the models for the header, and the foot's morale modifiers and
    order test.

    ``costs`` is ``None``: the text gives no points ("points: not costed"); a campaign with a
    points table gives its own. ``include_dead`` changes nothing: a force keeps no dead. With
    a club's ``pack``, its weapon cells (marked "†": ``pack_note``) and its own weapons
    (``pack_weapons``).
    """
    units = [unit_block(unit, translate, pack) for unit in roster.units]
    dice = derive.order_dice(roster)
    morale = reference.QUALITY_MORALE
    order_test = reference.ORDER_TEST.context(translate)
    return {
        "game": data.NAME,
        "faction": {"label": roster.faction},  # free text, printed as given
        "points_label": translate(NOT_COSTED) if costs is None else "",
        "order_dice": dice,
        "order_dice_label": translate(ORDER_DICE) % {"count": dice},
        "order_dice_note": translate(ORDER_DICE_NOTE),
        "units": units,
        "model_count": sum(unit["models"] for unit in units),
        "legend": _legend(units, translate),
        "morale": {
            "title": translate(morale.title),
            "notes": [morale.words(translate)(n) for n in morale.notes[MORALE_NOTES]],
        },
        "order_test": {**order_test, "notes": order_test["notes"][ORDER_TEST_NOTES]},
        "pack_note": pack_footnote(pack) if any(u["from_pack"] for u in units) else None,
        "pack_weapons": _own_weapons(pack, translate),
    }


OWN_COLUMNS = (_("Weapon"), _("Shots"), _("Damage bonus"), _("Range"), _("Notes"))


def _own_weapons(pack: Pack | None, translate: Translate) -> dict[str, Any] | None:
    """The pack's own weapons under the units, each cell read as the reference card's."""
    return own_weapons(
        pack, translate, columns=OWN_COLUMNS, game_codes=data.WEAPONS,
        how=(*PACK_COLUMNS.values(), pack_text("notes")),
    )  # fmt: skip


# --- the quick-reference card ---------------------------------------------------------------


def reference_context(translate: Translate, pack: Pack | None = None) -> dict[str, Any]:
    """The reference card's tables by key (``-`` made ``_``: ``tables.order_test``), and
    their keys in the card's order (5.1-5.14). With a club's
    pack, its weapon profiles, marked (``rules.reference_packs``)."""
    return card_context(reference.tables(pack), translate)


PRINTING = Printing.of_game(
    data.CODE, squad_context=squad_context, reference_context=reference_context
)
