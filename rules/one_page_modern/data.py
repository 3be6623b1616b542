"""One-page modern game data: training, weapons, armour, vehicles, unit kinds, cover, ranges.

Encodes sections 1, 3.2 and 5 of ``one-page-modern.md`` (rulebook: "Entraînement /
Expérience des Unités", "Neutralisation", "Couverture", "Armes", "Armure Personnelle",
"Vehicules"). Every entry carries its document code, an English label (marked for
translation; the web layer translates it) and the text's numbers. The product's Readings are
data too, so a campaign may change them: the integrated launcher's 3 FP, which vehicle classes
count as armoured, which tanks cross medium cover.

How numbers read: a d6 score is an ``int`` meaning "that or better" (``4`` is "4+", printed
by ``plus``); ``None`` is "no save" (printed "—"). Distances are whole inches; their
centimetres are the text's own rounding (``CENTIMETRES``), printed by ``distance``.

Record keys (``Unit.record``, ``Member.record``) are sparse: a key at its default is absent.
The readers at the end (``training``, ``count``...) give every key with its default, so no
other module spells a default twice. To change a number, change it here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import NamedTuple

from rules.i18n import gettext_noop as _
from rules.types import Member, Unit

CODE = "one-page-modern"
NAME = _("One-page modern skirmish")  # the game's name, translated where shown


def _index(*rows):
    return MappingProxyType({row.code: row for row in rows})


# --- dice and distances ---------------------------------------------------------------------


def plus(score: int | None) -> str:
    """A d6 score as printed: ``4`` is "4+", ``None`` (no save) is "—"."""
    return "—" if score is None else f"{score}+"


# Every distance a data table below uses, in inches -> the text's centimetres (its rounding:
# 3" is 8 cm, 6" is 15 cm).
CENTIMETRES: Mapping[int, int] = MappingProxyType(
    {3: 8, 6: 15, 8: 20, 12: 30, 16: 40, 24: 60, 32: 80, 40: 100, 48: 120}
)


def distance(inches: int) -> str:
    """A distance as the card prints it: ``8" (20 cm)``; ``0"`` for no move."""
    if inches == 0:
        return '0"'
    return f'{inches}" ({CENTIMETRES[inches]} cm)'


# --- training and experience (1.1) ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Training:
    code: str
    label: str
    activation: int  # d6 score for the unit to act (3 = "3+")
    skill: int  # d6 score for each firing or fighting model to hit
    max_pinned: int  # most pinned models of an infantry unit ("Neutralisation")


TRAINING: Mapping[str, Training] = _index(
    Training("green", _("Green"), 5, 6, 1),
    Training("seasoned", _("Seasoned"), 4, 5, 2),
    Training("veteran", _("Veteran"), 3, 4, 3),
    Training("elite", _("Elite"), 2, 4, 4),
)

# --- cover (section 6 item 8; skill against cover, 3.1) --------------------------------------


@dataclass(frozen=True, slots=True)
class Cover:
    code: str
    label: str
    modifier: int  # added to the firer's skill score
    examples: str


COVER: Mapping[str, Cover] = _index(
    Cover("light", _("Light"), 1, _(
        "scrub, woods, timber buildings, civilian vehicles, wire fences, hedges, holes"
    )),
    Cover("medium", _("Medium"), 2, _("stone or brick walls, buildings, rubble, trenches")),
    Cover("hard", _("Hard"), 3, _("bunkers")),
)  # fmt: skip
SKILL_CAP = 6  # cover never makes a skill worse than 6+
BUNKER_COVER = "hard"  # shooters at a bunker suffer hard cover (Reading, section 1)

# --- weapons (1.2) --------------------------------------------------------------------------

# Where a weapon sits: carried by an infantry model, or mounted on a vehicle that is not a
# tank, a tank, or a bunker (``derive.mount_context``).
CARRIED = "carried"
VEHICLE = "vehicle"
TANK = "tank"
BUNKER = "bunker"
MOUNT_CONTEXTS = (CARRIED, VEHICLE, TANK, BUNKER)
ANYWHERE = frozenset(MOUNT_CONTEXTS)
TANK_OR_BUNKER = frozenset({TANK, BUNKER})  # cannons (validation: cannon-mount)
CARRIED_ONLY = frozenset({CARRIED})  # grenades, the integrated launcher (not-mountable)

# When a weapon ignores cover (the IC mark).
NEVER = "never"
ALWAYS = "always"
ON_TANK = "on-tank"

# Weapon notes, by code: what the sheet and the card print beside a weapon.
NOTES: Mapping[str, str] = MappingProxyType(
    {
        "close-fire": _("%(fp)d FP at %(distance)s or less"),
        "launcher": _("on a model with an assault rifle; FP as thrown grenades (our reading)"),
        "two-crew": _("carried by infantry: two crew; mounted on a vehicle or bunker: one"),
        "ignores-cover": _("ignores cover"),
        "tank-or-bunker": _("tanks and bunkers only"),
        "tank-ignores-cover": _("a tank's ignores cover"),
    }
)


class CloseFire(NamedTuple):
    """More FP at short range: ``fp`` at ``inches`` or less (the assault rifle's 2 at 12")."""

    inches: int
    fp: int


@dataclass(frozen=True, slots=True)
class Weapon:
    code: str
    label: str
    inches: int  # range
    fp: int  # fire points: d6 rolled per firing model
    small_arm: bool  # the small-arms table (the other weapons are support weapons)
    walk: bool  # W: may fire during a Walk
    harms_armoured: bool  # AV: can harm an armoured vehicle
    ignores_cover: str = NEVER  # IC: NEVER, ALWAYS or ON_TANK
    infantry_crew: int = 1  # 2C when 2: models needed to fire it when carried
    mounts: frozenset[str] = ANYWHERE  # the mount contexts it may sit in
    close: CloseFire | None = None
    notes: tuple[str, ...] = ()  # codes of NOTES
    fp_reading: bool = False  # True: the product chose the FP, the text gives none

    @property
    def cm(self) -> int:
        return CENTIMETRES[self.inches]

    @property
    def range_text(self) -> str:
        return distance(self.inches)

    def fp_at(self, inches: int) -> int:
        """FP against a target ``inches`` away (3.2): 0 beyond range, the close FP within
        its distance, else the table's."""
        if inches > self.inches:
            return 0
        if self.close is not None and inches <= self.close.inches:
            return self.close.fp
        return self.fp

    def note_params(self) -> dict[str, int | str]:
        """The values NOTES' templates take (only ``close-fire`` has any)."""
        if self.close is None:
            return {}
        return {"fp": self.close.fp, "distance": distance(self.close.inches)}


def _small_arm(code, label, inches, fp, **more) -> Weapon:
    return Weapon(code, label, inches, fp, small_arm=True, walk=True, harms_armoured=False, **more)


def _support(code, label, inches, fp, **more) -> Weapon:
    return Weapon(code, label, inches, fp, small_arm=False, **more)


WEAPONS: Mapping[str, Weapon] = _index(
    # Small arms ("Armes Légères")
    _small_arm("pistol", _("Pistol or revolver"), 8, 1),
    _small_arm("infantry-rifle", _("Infantry rifle"), 24, 1),
    _small_arm(
        "assault-rifle", _("Assault rifle"), 24, 1, close=CloseFire(12, 2), notes=("close-fire",)
    ),
    _small_arm("sniper-rifle", _("Sniper rifle"), 32, 2),
    _small_arm("smg", _("Submachine gun"), 16, 3),
    _small_arm("light-machine-gun", _("Light machine gun"), 32, 3),
    _small_arm("shotgun", _("Shotgun"), 8, 3),
    # Reading: the text gives a 16" range and no FP; 3 FP like thrown grenades, a small arm.
    _small_arm(
        "underslung-launcher", _("Integrated grenade launcher"), 16, 3,
        mounts=CARRIED_ONLY, notes=("launcher",), fp_reading=True,
    ),
    # Support weapons ("Armes de Support")
    _support(
        "heavy-machine-gun", _("Heavy machine gun"), 32, 4, walk=False, harms_armoured=False,
        infantry_crew=2, notes=("two-crew",),
    ),
    _support(
        "flamethrower", _("Flamethrower"), 8, 4, walk=False, harms_armoured=True,
        ignores_cover=ALWAYS, notes=("ignores-cover",),
    ),
    _support(
        "grenades", _("Thrown grenades"), 8, 3, walk=True, harms_armoured=True,
        mounts=CARRIED_ONLY,
    ),
    _support("rpg", _("RPG"), 24, 3, walk=False, harms_armoured=True),
    _support("anti-tank-gun", _("Anti-tank gun"), 32, 3, walk=False, harms_armoured=True),
    _support("light-mortar", _("Light mortar"), 40, 3, walk=False, harms_armoured=True),
    _support(
        "light-cannon", _("Light cannon"), 32, 4, walk=False, harms_armoured=True,
        ignores_cover=ON_TANK, mounts=TANK_OR_BUNKER,
        notes=("tank-or-bunker", "tank-ignores-cover"),
    ),
    _support(
        "heavy-cannon", _("Heavy cannon"), 48, 6, walk=False, harms_armoured=True,
        ignores_cover=ON_TANK, mounts=TANK_OR_BUNKER,
        notes=("tank-or-bunker", "tank-ignores-cover"),
    ),
)  # fmt: skip
ITEMS = WEAPONS  # every item code of an equipment entry (armour is a member's own key)

SMALL_ARMS = tuple(code for code, w in WEAPONS.items() if w.small_arm)
SUPPORT_WEAPONS = tuple(code for code, w in WEAPONS.items() if not w.small_arm)
HEAVY_MACHINE_GUN = "heavy-machine-gun"
ASSAULT_RIFLE = "assault-rifle"
UNDERSLUNG_LAUNCHER = "underslung-launcher"

# Fire-point columns (3.2): every distance where some weapon's FP changes.
RANGES = (8, 12, 16, 24, 32, 40, 48)

# The weapon marks (1.2), in print order, with what each means.
MARKS: Mapping[str, str] = MappingProxyType(
    {
        "W": _("may fire during a Walk"),
        "IC": _("ignores cover"),
        "AV": _("can harm an armoured vehicle"),
        "2C": _("needs two crew"),
    }
)

# --- personal armour (1.3) ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Armour:
    code: str
    label: str
    save: int | None  # None: no save
    examples: str = ""


ARMOUR: Mapping[str, Armour] = _index(
    Armour("none", _("None"), None),
    Armour("light", _("Light"), 6, _("ballistic vest, police armour")),
    Armour("medium", _("Medium"), 5, _("modern military body armour, SWAT")),
    Armour("heavy", _("Heavy"), 4, _("science-fiction carapace")),
    Armour("power", _("Power"), 3, _("powered armour")),
    Armour("battlesuit", _("Battlesuit"), 2, _("tactical battlesuit")),
)

# --- vehicles (1.4) -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class VehicleArmour:
    code: str
    label: str
    save: int
    examples: str
    armoured: bool  # Reading: small arms and HMGs cannot harm it (every class but unarmoured)
    tank_crosses_medium_cover: bool  # Reading: a tank of this class is a medium or heavy tank


VEHICLE_ARMOUR: Mapping[str, VehicleArmour] = _index(
    VehicleArmour("unarmoured", _("None"), 6, _("trucks, cars"), False, False),
    VehicleArmour("light", _("Light"), 5, _("APCs"), True, False),
    VehicleArmour("medium", _("Medium"), 4, _("IFVs, light tanks"), True, False),
    VehicleArmour("heavy", _("Heavy"), 3, _("medium tanks"), True, True),
    VehicleArmour("very-heavy", _("Very heavy"), 2, _("heavy tanks"), True, True),
)

# How far a vehicle moves ("Vehicules"), by ground; through medium cover only a tank that
# crosses it, and then it does not fire.
VEHICLE_MOVES: Mapping[str, int] = MappingProxyType(
    {"open": 12, "light-cover": 6, "medium-cover": 6}
)

# --- unit kinds (1) -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UnitKind:
    code: str
    label: str
    has_members: bool  # False: one model (for casualties) with mounted weapons of its own
    pinnable: bool  # False: max_pinned is 0 (vehicles; bunkers by Reading)


INFANTRY = "infantry"
KINDS: Mapping[str, UnitKind] = _index(
    UnitKind(INFANTRY, _("Infantry"), True, True),
    UnitKind("vehicle", _("Vehicle"), False, False),
    UnitKind("bunker", _("Bunker"), False, False),
)
DEFAULT_KIND = INFANTRY
TANK_LABEL = _("Tank")  # what the sheet calls a vehicle whose ``tank`` is true

# --- actions (section 6 item 5) -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Action:
    code: str
    label: str
    inches: int  # how far the unit moves


ACTIONS: Mapping[str, Action] = _index(
    Action("walk", _("Walk"), 6),
    Action("run", _("Run"), 12),
    Action("sneak", _("Crouch and sneak"), 8),
    Action("on-guard", _("On guard"), 0),
    Action("hit-the-dirt", _("Hit the dirt"), 3),
    Action("aimed-fire", _("Aimed fire"), 0),
    Action("assault", _("Assault"), 8),
)

# --- battles (5, Readings: house-rule data) -------------------------------------------------

OUTCOMES = ("win", "draw", "loss")
DEFAULT_MISSION_VP: Mapping[str, int] = MappingProxyType({"win": 3, "draw": 1, "loss": 0})
DEFAULT_DESTROYED_VP = 1  # taken off per own unit destroyed

# --- record keys and their defaults (sections 1 and 8) --------------------------------------

DEFAULT_COUNT = 1
DEFAULT_ARMOUR = "none"
DEFAULT_TANK = False


def training(unit: Unit) -> Training:
    """The unit's training level (``training`` is always present)."""
    return TRAINING[unit.record["training"]]


def is_tank(unit: Unit) -> bool:
    return bool(unit.record.get("tank", DEFAULT_TANK))


def vehicle_armour(unit: Unit) -> VehicleArmour | None:
    """A vehicle's armour class; ``None`` for infantry and bunkers."""
    code = unit.record.get("armour_class")
    return None if code is None else VEHICLE_ARMOUR[code]


def notes(unit: Unit) -> str:
    """The supplement's free text on the unit, ``""`` for none."""
    return unit.record.get("notes", "")


def count(member: Member) -> int:
    """How many identical models the member entry stands for."""
    return member.record.get("count", DEFAULT_COUNT)


def leader(member: Member) -> Training | None:
    """The member's own training level if it is a leader, else ``None``."""
    code = member.record.get("leader")
    return None if code is None else TRAINING[code]


def armour(member: Member) -> Armour:
    return ARMOUR[member.record.get("armour", DEFAULT_ARMOUR)]
