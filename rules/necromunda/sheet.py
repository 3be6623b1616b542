"""What Necromunda's printed pages show: the gang sheet's and cards' rows, the reference card.

Encodes section 6 of ``docs/games/necromunda.md`` (the text makes the gang sheet the place
where profiles, wounds lost, flesh wounds and failed weapons are written down: "Profils",
"Dommages subis", "Jets de munition"). ``printing.pdf`` prints a gang's header (name, owner,
points, validity, violations) for every game and asks the game for the rest
(``rules.registry.Printing``): here the leader and his Ld, the bottle-test threshold, one row
per fighter (profile with its advances, to hit, attack dice, run and charge, grenade range,
armour, weapons with this fighter's numbers, tick boxes) and the quick-reference card's
tables (``reference.py``) as the templates read them.

Labels are translated where they are printed (``rules.i18n.Translate``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.i18n import Translate
from rules.i18n import gettext_noop as _
from rules.necromunda import data, reference
from rules.necromunda.derive import derive_member, gear, target_label
from rules.pack_tables import Pack
from rules.reference import card_context
from rules.reference_packs import (
    Column,
    own_weapons,
    pack_footnote,
    pack_number,
    pack_text,
    sheet_cells,
)
from rules.registry import Figure
from rules.types import Member, Roster, RosterCost

DASH = "—"  # a value the text does not give
NOT_IN_RULES = _("—: not in these rules")
NOT_COSTED = _("points: not costed")
LEADER_RANGE = _('within %(radius)d": fighters may use it')
BOTTLE_AT = _("bottle test at %(count)d down or out of action")
VOLUNTARY_BOTTLE = _("voluntary bottle from %(count)d")
NO_LEADER = _("no leader")
ENCUMBERED = _("encumbered −1")
NOT_APPLICABLE = _("n/a")
TEMPLATE_LABEL = _("template")
# Printed once under the fighters (spec 1.2, 6): the types whose profile the product completed.
PROFILES_COMPLETED = _("Profile completed from the Ganger (the text prints only the Ganger's): "
                       "%(types)s.")  # fmt: skip
ALWAYS_FAILS_LABEL = _("always fails")


def _label(translate: Translate, text: str) -> str:
    return translate(text) if text else text  # gettext("") is the catalogue's header


def _signed(value: int) -> str:
    return reference.signed(value)


def _cell(translate: Translate, value: Any, text: Callable[[Any], str] = str) -> str:
    """A weapon cell: a number as ``text`` words it, "—" when not printed, "n/a"."""
    if value is None:
        return DASH
    if value == data.NA:
        return translate(NOT_APPLICABLE)
    return text(value)


def _characteristics(
    member: Member, values: dict[str, int], translate: Translate
) -> list[dict[str, Any]]:
    advances = member.record.get("advances") or {}
    out = []
    for code in data.CHARACTERISTICS:
        value = values[code]
        change = advances.get(code, 0)
        out.append({
            "code": code,
            "label": translate(data.CHARACTERISTIC_LABELS[code]),
            "value": value,
            "advance": change,
            "advance_label": f"({_signed(change)})" if change else "",  # printed under it
            "text": f"{value} ({_signed(change)})" if change else str(value),
        })  # fmt: skip
    return out


def _weapon_lines(member: Member) -> list[tuple[str, int]]:
    """(code, count) per weapon, counts of the same item added up, in listed order; the free
    knife is always there."""
    counts: dict[str, int] = {}
    for line in member.equipment:
        if line.item in data.WEAPONS:
            counts[line.item] = counts.get(line.item, 0) + line.count
    if data.KNIFE not in counts:
        counts[data.KNIFE] = 1
    return list(counts.items())


def _short_band(row: Any) -> str | None:
    """A pack's short band as the sheet prints the text's: ``0–8"``."""
    return None if row.get("short") is None else reference.inches(f"0\u2013{row['short']}")


def _long_band(row: Any) -> str | None:
    """A pack's long band as the sheet prints the text's: ``8–16"`` (its far end alone
    without the short band's)."""
    if row.get("long") is None:
        return None
    short = row.get("short")
    return reference.inches(row["long"] if short is None else f"{short}\u2013{row['long']}")


def _pack_columns(derived: dict[str, Any], translate: Translate) -> dict[str, Column]:
    """How a sheet's weapon cells read a club pack's weapon row (``rules.reference_packs``):
    a band's far end in inches, the fighter's score to hit with the pack's range modifier,
    the strength, save modifier and ammo roll as the text prints them."""

    def score(key: str) -> Column:
        def cell(row: Any) -> str | None:
            if row.get(key) is None:
                return None
            return target_label(derived["to_hit"] - row[key], translate)

        return cell

    return {
        "short": _short_band,
        "long": _long_band,
        "hit_short": score("hit_short"),
        "hit_long": score("hit_long"),
        "strength": pack_number("strength", str),
        "save_modifier": pack_number("save_modifier", _signed),
        "ammo": pack_number("ammo", reference.ammo),
    }


def _weapon_row(
    translate: Translate,
    code: str,
    count: int,
    derived: dict[str, Any],
    listed: bool,
    pack: Pack | None = None,
) -> dict[str, Any]:
    w = data.WEAPONS[code]
    s = derived["profile"]["s"]
    if w.range_rule == data.TEMPLATE:
        short, long = translate(TEMPLATE_LABEL), ""
    elif w.range_rule == data.THROWN:
        reach = derived["grenade_range"]
        short, long = (DASH if reach is None else reference.inches(reach)), ""
    else:
        short = DASH if w.short is None else reference.inches(w.short)
        long = DASH if w.long is None else reference.inches(w.long)
        if w.weapon_class == data.CLOSE_COMBAT:  # base contact: no range to give
            short = long = translate(NOT_APPLICABLE)
    to_hit = derived["weapon_to_hit"].get(code)
    if to_hit is not None:
        hit_short = DASH if to_hit["short"] is None else target_label(to_hit["short"], translate)
        hit_long = DASH if to_hit["long"] is None else target_label(to_hit["long"], translate)
    else:
        hit_short = _cell(translate, w.hit_short)
        hit_long = _cell(translate, w.hit_long)
    strength = str(s) if w.strength == data.USER else _cell(translate, w.strength)
    if w.save_modifier == data.BY_STRENGTH:
        save = _signed(derived["cc_save_modifier"])
    else:
        save = _cell(translate, w.save_modifier, _signed)
    if w.ammo == data.ALWAYS_FAILS:
        ammo = translate(ALWAYS_FAILS_LABEL)
    else:
        ammo = _cell(translate, w.ammo, reference.ammo)
    notes = [translate(data.NOTES[note]) for note in w.notes]
    cells = {"short": short, "long": long, "hit_short": hit_short, "hit_long": hit_long,
             "strength": strength, "save_modifier": save, "ammo": ammo}  # fmt: skip
    # a club pack's values in the cells the text leaves "—", each marked "†"
    cells, from_pack = sheet_cells(cells, pack, code, _pack_columns(derived, translate))
    return {
        "code": code,
        "name": translate(w.label),
        "class": translate(data.WEAPON_CLASSES[w.weapon_class]),
        "count": count,
        "listed": listed,
        **cells,
        "from_pack": from_pack,
        "notes": notes,
        "missing": DASH in cells.values(),  # print the "—: not in these rules" legend
        "ammo_box": w.weapon_class != data.CLOSE_COMBAT,  # "out of ammo" tick box
    }


def _armour(translate: Translate, member: Member) -> str:
    worn = [data.ARMOUR[code] for code in gear(member).armour]
    if not worn:
        return DASH
    return ", ".join(f"{translate(a.label)} {a.save}+" for a in worn)


def fighter(member: Member, translate: Translate, pack: Pack | None = None) -> dict[str, Any]:
    """One fighter's row of the sheet (and its card); with a club's ``pack``, its weapon
    cells where the text leaves "—"."""
    fighter_type = data.FIGHTER_TYPES[member.type]
    derived = derive_member(member)
    values = derived["profile"]
    listed = {line.item for line in member.equipment}
    weapons = [
        _weapon_row(translate, code, count, derived, code in listed, pack)
        for code, count in _weapon_lines(member)
    ]
    carries_grenades = any(data.WEAPONS[code].weapon_class == data.GRENADE for code in listed
                           if code in data.WEAPONS)  # fmt: skip
    reach = derived["grenade_range"] if carries_grenades else None
    heavy = derived["encumbered"]
    return {
        "type": translate(fighter_type.label),
        # the sheet says it once for every such type (``squad_context``'s ``profile_note``)
        "completed_from_ganger": fighter_type.completed_from_ganger,
        "profile_source": translate(fighter_type.source),
        "characteristics": _characteristics(member, values, translate),
        "profile": values,
        "to_hit": derived["to_hit"],
        "to_hit_label": target_label(derived["to_hit"], translate),
        "attack_dice": derived["attack_dice"],
        "run": derived["run"],
        "charge": derived["charge"],
        "move_label": f"{reference.inches(derived['run'])} / {reference.inches(derived['charge'])}",
        "grenades": carries_grenades,
        "grenade_range": reach,
        "grenade_range_label": (
            (DASH if reach is None else reference.inches(reach)) if carries_grenades else ""
        ),
        "save": derived["save"],
        "armour": _armour(translate, member),
        "encumbered": heavy,
        "encumbered_label": translate(ENCUMBERED) if heavy else "",
        "note": _label(translate, fighter_type.note),
        "cc_save_modifier": derived["cc_save_modifier"],
        "weapons": weapons,
        "has_missing": any(row["missing"] for row in weapons),
        "from_pack": any(row["from_pack"] for row in weapons),
        # Tick boxes for play: one per wound; flesh wounds until WS and BS are both 0.
        # ``*_ticks`` are the same counts as sequences, for a template to loop over.
        "wound_boxes": max(0, values["w"]),
        "flesh_wound_boxes": max(1, values["ws"], values["bs"]),
        "wound_ticks": range(max(0, values["w"])),
        "flesh_wound_ticks": range(max(1, values["ws"], values["bs"])),
        "fallen": member.status == "dead",
        # what a club's pack left after its battles: printed under the fighter's name
        "experience": member.record.get("experience", 0),
        "injuries": member.record.get("injuries", ""),
        "skills": member.record.get("skills", ""),
    }


def _leader(roster: Roster) -> Member | None:
    for member in roster.members:
        if member.type == data.LEADER and member.status != "dead":
            return member
    return None


def squad_context(
    roster: Roster, costs: RosterCost | None, include_dead: bool, translate: Translate,
    pack: Pack | None = None,
) -> dict[str, Any]:  # fmt: skip
    """Necromunda's part of the sheet and cards: the header's extras and the fighters.

    ``costs`` is ``None``: the text prints no costs (a campaign with a points table gives
    its own). ``models`` holds the fighters in the gang's order, the dead (``fallen``) only
    with ``include_dead``, for the template to list apart. With a club's ``pack``, its
    weapon cells where the text leaves "—" (marked "†", ``pack_note``) and its own weapons
    (``pack_weapons``, a table as the reference card prints one).
    """
    leader = _leader(roster)
    active = sum(1 for m in roster.members if m.status == "active")
    bottle_at = -(-active // data.BOTTLE_SHARE)
    leader_row = None
    if leader is not None:
        ld = derive_member(leader)["profile"]["ld"]
        leader_row = {
            "name": leader.name,
            "ld": ld,
            "ld_label": translate(data.CHARACTERISTIC_LABELS["ld"]),
            "radius": data.LEADERSHIP_RADIUS,
            "label": translate(LEADER_RANGE) % {"radius": data.LEADERSHIP_RADIUS},
        }
    printed = [m for m in roster.members if include_dead or m.status != "dead"]
    models = [fighter(member, translate, pack) for member in printed]
    completed = [
        translate(t.label)
        for code, t in data.FIGHTER_TYPES.items()
        if t.completed_from_ganger and any(m.type == code for m in printed)
    ]
    return {
        "game": data.NAME,
        "faction": {"label": roster.faction},  # free text, printed as given
        "leader": leader_row,
        "no_leader": translate(NO_LEADER) if leader is None else "",
        "fighters": sum(1 for m in roster.members if m.status != "dead"),
        # The dead printed apart ("fallen"), when the sheet includes them.
        "fallen": sum(1 for m in roster.members if m.status == "dead") if include_dead else 0,
        "bottle_at": bottle_at,
        "bottle_label": translate(BOTTLE_AT) % {"count": bottle_at},
        "voluntary_bottle": data.VOLUNTARY_BOTTLE_FROM,
        "voluntary_label": translate(VOLUNTARY_BOTTLE) % {"count": data.VOLUNTARY_BOTTLE_FROM},
        "points_label": translate(NOT_COSTED) if costs is None else "",
        "characteristics": [
            {"code": code, "label": translate(data.CHARACTERISTIC_LABELS[code])}
            for code in data.CHARACTERISTICS
        ],
        "legend": translate(NOT_IN_RULES),
        # once for the whole gang, not on each fighter's row: "...: Gang leader, Kid."
        "profile_note": (
            translate(PROFILES_COMPLETED) % {"types": ", ".join(completed)} if completed else ""
        ),
        "models": models,
        "pack_note": pack_footnote(pack) if any(m["from_pack"] for m in models) else None,
        "pack_weapons": _own_weapons(pack, translate),
    }


OWN_COLUMNS = (_("Weapon"), _("Short"), _("Long"), _("To hit, short"), _("To hit, long"), _("S"),
               _("Save mod."), _("Ammo roll"), _("Notes"))  # fmt: skip


def _own_weapons(pack: Pack | None, translate: Translate) -> dict[str, Any] | None:
    """The pack's own weapons under the fighters, each cell read as the reference card's."""
    return own_weapons(
        pack, translate, columns=OWN_COLUMNS, game_codes=data.WEAPONS,
        how=(_short_band, _long_band,
             pack_number("hit_short", _signed), pack_number("hit_long", _signed),
             pack_number("strength"), pack_number("save_modifier", _signed),
             pack_number("ammo", reference.ammo), pack_text("notes")),
    )  # fmt: skip


# --- the quick-reference card ---------------------------------------------------------------


def reference_context(translate: Translate, pack: Pack | None = None) -> dict[str, Any]:
    """The reference card's tables by key (``-`` made ``_``: ``tables.wound_chart``), and
    their keys in the card's order. With a club's
    pack, its weapon profiles, marked (``rules.reference_packs``)."""
    return card_context(reference.tables(pack), translate)


# A fighter's profile on its builder line, in the rulebook's order.
PROFILE_LABELS = (("m", _("M")), ("ws", _("WS")), ("bs", _("BS")), ("s", _("S")), ("t", _("T")),
                  ("w", _("W")), ("i", _("I")), ("a", _("A")), ("ld", _("Ld")))  # fmt: skip


def figures(
    cost: Any, derived: dict[str, Any] | None, broken: frozenset[str], translate: Translate
) -> tuple[Figure, ...]:
    """A fighter's figures on its line and card in the builder (``derive``'s): its profile
    (the type's, plus advances), to hit, attack dice, run / charge, armour save, and
    whether its gear encumbers it."""
    if not derived:
        return ()
    profile = derived["profile"]
    save = derived["save"]
    shown = (
        Figure(
            "profile",
            " · ".join(f"{translate(label)} {profile[key]}" for key, label in PROFILE_LABELS),
            translate(_("profile: the type’s, plus advances")),
        ),
        Figure("to-hit", f"{translate(_('To hit'))} {target_label(derived['to_hit'], translate)}"),
        Figure("attack-dice", f"{translate(_('Attack dice'))} {derived['attack_dice']}"),
        Figure("run", f"{translate(_('Run / charge'))} {derived['run']}″"),
        Figure("save", f"{translate(_('Armour save'))} {f'{save}+' if save else '—'}"),
    )
    if derived["encumbered"]:
        shown += (Figure("encumbered", translate(_("encumbered −1"))),)
    return shown
