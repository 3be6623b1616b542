"""Necromunda game data: characteristics, fighter types, weapons, armour, report codes.

Encodes sections 1 and 4.1 of ``docs/games/necromunda.md`` (rulebook: "Caractéristiques",
"Profils", "Portée", "Modificateurs", "Blesser la cible", "Armure", "Grenades", "Jets de
munition", "Modificateurs de sauvegarde"). Every entry carries its document code, an English
label and, where the text has one, its number. Labels are marked for translation; the web
layer translates them for display.

How a cell reads (section 1.4): an ``int`` is a number the text prints (``0`` = printed with
no modifier); ``None`` is a value the text does not give ("—" on paper, house-rule data);
the string markers below say what a number cannot:

- ``NA`` ("n/a"): the value does not apply to the weapon (a knife's to-hit modifier);
- ``USER``: the weapon strikes with its user's S (knife, sword);
- ``BY_STRENGTH``: its save modifier comes from the user's S (``strength_save_modifier``);
- ``ALWAYS_FAILS``: grenades fail every ammo roll;
- ``TEMPLATE`` / ``THROWN`` (``Weapon.range_rule``): a flamer's template has no range bands;
  a grenade's range comes from the thrower's S (``grenade_range``).

The rule formulas the gang sheet, the validator and the reference card share live here too
(``to_hit``, ``wound_roll``, ``grenade_range``, ``strength_save_modifier``), so a number is
written once. To change a number, change it here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import NamedTuple

from rules.i18n import gettext_noop as _
from rules.registry import DocumentLimits, RecordField
from rules.types import MEMBER_STATUSES as _MEMBER_STATUSES

CODE = "necromunda"
NAME = _("Necromunda")  # the game's name, translated where it is shown

# --- characteristics (1.1) ------------------------------------------------------------------

CHARACTERISTICS = ("m", "ws", "bs", "s", "t", "w", "i", "a", "ld")
# Sheet abbreviations; the French catalogue gives M CC CT F E PV I A Cd.
CHARACTERISTIC_LABELS: Mapping[str, str] = MappingProxyType(
    {
        "m": _("M"),
        "ws": _("WS"),
        "bs": _("BS"),
        "s": _("S"),
        "t": _("T"),
        "w": _("W"),
        "i": _("I"),
        "a": _("A"),
        "ld": _("Ld"),
    }
)
CHARACTERISTIC_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "m": _("Move"),
        "ws": _("Weapon Skill"),
        "bs": _("Ballistic Skill"),
        "s": _("Strength"),
        "t": _("Toughness"),
        "w": _("Wounds"),
        "i": _("Initiative"),
        "a": _("Attacks"),
        "ld": _("Leadership"),
    }
)
# The text: each characteristic is "generally" from 1 to 10 (a violation outside, not an
# unreadable document: validation.py).
CHARACTERISTIC_MIN = 1
CHARACTERISTIC_MAX = 10


class Profile(NamedTuple):
    """The nine characteristics, in the sheet's order."""

    m: int
    ws: int
    bs: int
    s: int
    t: int
    w: int
    i: int
    a: int
    ld: int


# --- fighter types (1.2) --------------------------------------------------------------------

KID_NOTE = _("kid: does not steady a pinned friend")


@dataclass(frozen=True, slots=True)
class FighterType:
    """A fighter type (1.2): its profile, and where the profile comes from (the reference
    card says so)."""

    code: str
    label: str
    profile: Profile
    completed_from_ganger: bool  # a Reading: the text prints no full profile for the type
    source: str  # where the profile comes from, for the reference card
    note: str = ""  # a rule of the type the sheet prints


def _index(*rows):
    return MappingProxyType({row.code: row for row in rows})


GANGER_PROFILE = Profile(m=4, ws=3, bs=3, s=3, t=3, w=1, i=3, a=1, ld=7)  # "Profils"

FIGHTER_TYPES: Mapping[str, FighterType] = _index(
    # Reading: the text gives a leader rules (6" leadership, the bottle test) but no profile.
    FighterType(
        "leader", _("Gang leader"), GANGER_PROFILE, True,
        _("not in these rules: the Ganger's"),
    ),
    FighterType("ganger", _("Ganger"), GANGER_PROFILE, False, _("printed (Mak McMadd)")),
    # Reading: WS 2 and BS 2 from two worked examples, the other seven from the Ganger.
    FighterType(
        "kid", _("Kid"), GANGER_PROFILE._replace(ws=2, bs=2), True,
        _("WS and BS from the text's examples, the rest the Ganger's"), note=KID_NOTE,
    ),
)  # fmt: skip
LEADER = "leader"
KID = "kid"
GANGER = "ganger"  # the ordinary fighter

# --- weapons (1.4) --------------------------------------------------------------------------

NA = "n/a"  # does not apply to this weapon
USER = "user"  # strikes with the user's S
BY_STRENGTH = "by-strength"  # save modifier from the user's S (strength_save_modifier)
ALWAYS_FAILS = "always-fails"  # grenades: every ammo roll fails
TEMPLATE = "template"  # flamers: a template from the base, no range bands
THROWN = "thrown"  # grenades: range by the thrower's S

PISTOL = "pistol"
BASIC = "basic"
SPECIAL = "special"
HEAVY = "heavy"
CLOSE_COMBAT = "close-combat"
GRENADE = "grenade"
WEAPON_CLASSES: Mapping[str, str] = MappingProxyType(
    {
        PISTOL: _("pistol"),
        BASIC: _("basic weapon"),
        SPECIAL: _("special weapon"),
        HEAVY: _("heavy weapon"),
        CLOSE_COMBAT: _("close combat weapon"),
        GRENADE: _("grenade"),
    }
)
SHOOTING_CLASSES = frozenset({PISTOL, BASIC, SPECIAL, HEAVY})  # weapon_to_hit (section 2)
BIG_CLASSES = frozenset({BASIC, SPECIAL, HEAVY})  # rule out the two-weapon die

# Weapon notes, by code: what the sheet prints in a weapon's notes column.
NOTES: Mapping[str, str] = MappingProxyType(
    {
        "flamer-template": _("flamer template"),
        "blast-template": _("blast template"),
        "one-shot": _("one shot per battle"),
        "ammo-every-shot": _("ammo roll after every shot"),
        "sustained-fire": _("sustained fire (value not in these rules)"),
        "high-impact": _("high impact"),
        "solid-shot": _("to-hit modifiers for solid shot"),
        "parry": _("parry"),
        "free": _("every fighter has one"),
        "smoke": _("thrown at a point: small target, −1 to hit"),
    }
)
HIGH_IMPACT_STRENGTH = 7  # "Puissance d'impact": S 7 or more


class Band(NamedTuple):
    """A range band in inches: ``Band(0, 8)`` prints "0–8"."""

    low: int
    high: int

    def __str__(self) -> str:
        return f"{self.low}\u2013{self.high}"


@dataclass(frozen=True, slots=True)
class Weapon:
    code: str
    label: str
    weapon_class: str
    short: Band | None  # None: not printed (or a TEMPLATE / THROWN range_rule)
    long: Band | None
    hit_short: int | str | None  # to-hit modifier at short range: int, NA or None
    hit_long: int | str | None
    strength: int | str | None  # int, USER, NA or None
    save_modifier: int | str | None  # int, BY_STRENGTH, NA or None
    ammo: int | str | None  # the ammo-roll score (2 = "2+"), NA, ALWAYS_FAILS or None
    notes: tuple[str, ...] = ()  # codes of NOTES
    class_reading: bool = False  # True: the product chose the class (R), the text does not say
    range_rule: str | None = None  # TEMPLATE, THROWN or None (bands or not printed)

    @property
    def short_range(self) -> str | None:
        """The short band as text ("0–8"), ``None`` when the text gives none."""
        return None if self.short is None else str(self.short)

    @property
    def long_range(self) -> str | None:
        return None if self.long is None else str(self.long)

    @property
    def max_range(self) -> int | None:
        """The upper end of the long band (section 1.4)."""
        return self.long.high if self.long is not None else None


WEAPONS: Mapping[str, Weapon] = _index(
    # Pistols ("Portée", "Modificateurs", "Blesser la cible", "Jets de munition")
    Weapon("laspistol", _("Laspistol"), PISTOL, Band(0, 8), Band(8, 16), 2, -1, 3, None, 2),
    Weapon("bolt-pistol", _("Bolt pistol"), PISTOL, Band(0, 8), Band(8, 16), 2, 0, 4, None, 6),
    Weapon("autopistol", _("Autopistol"), PISTOL, None, None, None, None, 3, None, 4),
    Weapon("plasma-pistol", _("Plasma pistol"), PISTOL, None, None, 2, -1, None, None, None),
    Weapon(
        "light-flamer", _("Light flamer"), PISTOL, None, None, NA, NA, None, None, None,
        ("flamer-template", "one-shot"), class_reading=True, range_rule=TEMPLATE,
    ),
    # Basic weapons (class: Reading)
    Weapon(
        "lasgun", _("Lasgun"), BASIC, Band(0, 12), Band(12, 24), None, None, 3, None, 2,
        class_reading=True,
    ),
    Weapon(
        "autogun", _("Autogun"), BASIC, Band(0, 12), Band(12, 24), 1, 0, 3, None, 4,
        class_reading=True,
    ),
    Weapon(
        "boltgun", _("Boltgun"), BASIC, Band(0, 12), Band(12, 24), 1, 0, 4, -1, 6,
        class_reading=True,
    ),
    Weapon(
        "shotgun", _("Shotgun"), BASIC, Band(0, 4), Band(4, 18), 0, -1, None, None, None,
        ("solid-shot",), class_reading=True,
    ),
    # Special weapons (class: Reading)
    Weapon(
        "meltagun", _("Meltagun"), SPECIAL, Band(0, 6), Band(6, 12), None, None, 8, None, None,
        ("high-impact",), class_reading=True,
    ),
    Weapon(
        "flamer", _("Flamer"), SPECIAL, None, None, NA, NA, None, None, 4,
        ("flamer-template", "ammo-every-shot"), class_reading=True, range_rule=TEMPLATE,
    ),
    # Heavy weapons ("Tir soutenu" names the stubber and autocannon; "Bolter lourd")
    Weapon(
        "heavy-stubber", _("Heavy stubber"), HEAVY, Band(0, 20), Band(20, 40),
        None, None, 4, None, 4, ("sustained-fire",),
    ),
    Weapon(
        "autocannon", _("Autocannon"), HEAVY, None, None, None, None, 8, None, None,
        ("sustained-fire", "high-impact"),
    ),
    Weapon("heavy-bolter", _("Heavy bolter"), HEAVY, None, None, 0, 0, None, None, None),
    Weapon(
        "missile-launcher", _("Missile launcher"), HEAVY, Band(0, 20), Band(20, 72),
        None, None, None, None, None, class_reading=True,
    ),
    Weapon(
        "lascannon", _("Lascannon"), HEAVY, None, None, None, None, 9, None, None,
        ("high-impact",), class_reading=True,
    ),
    # Close combat weapons ("Armes", "Modificateurs de sauvegarde", "Parades")
    Weapon(
        "knife", _("Knife"), CLOSE_COMBAT, None, None, NA, NA, USER, BY_STRENGTH, NA,
        ("free",),
    ),
    Weapon(
        "sword", _("Sword"), CLOSE_COMBAT, None, None, NA, NA, USER, BY_STRENGTH, NA,
        ("parry",),
    ),
    # Grenades ("Grenades"; "Jets de munition": they always fail)
    Weapon(
        "frag-grenades", _("Frag grenades"), GRENADE, None, None, None, None, None, None,
        ALWAYS_FAILS, ("blast-template",), range_rule=THROWN,
    ),
    Weapon(
        "krak-grenades", _("Krak grenades"), GRENADE, None, None, None, None, None, None,
        ALWAYS_FAILS, range_rule=THROWN,
    ),
    Weapon(
        "smoke-grenades", _("Smoke grenades"), GRENADE, None, None, NA, NA, NA, NA,
        ALWAYS_FAILS, ("smoke",), range_rule=THROWN,
    ),
)  # fmt: skip
KNIFE = "knife"
FLAMERS = frozenset({"light-flamer", "flamer"})  # no weapon_to_hit (section 2)

# --- armour (1.5) ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Armour:
    code: str
    label: str
    save: int  # d6 score that saves


ARMOUR: Mapping[str, Armour] = _index(
    Armour("flak", _("Flak"), 6),
    Armour("mesh", _("Mesh"), 5),
    Armour("carapace", _("Carapace"), 4),
)

# Every item code of a fighter's equipment (the document parser checks codes against it).
ITEMS: Mapping[str, Weapon | Armour] = MappingProxyType({**WEAPONS, **ARMOUR})

# --- statuses, report codes (4.1) -----------------------------------------------------------

MEMBER_STATUSES = _MEMBER_STATUSES  # active, recovering, captured, dead
UNHURT = "unhurt"
FLESH_WOUND = "flesh-wound"
DOWN = "down"
OUT_OF_ACTION = "out-of-action"
END_STATES = (UNHURT, FLESH_WOUND, DOWN, OUT_OF_ACTION)
OUTCOMES = ("win", "draw", "loss")
BOTTLED = ("test", "voluntary")

# --- what a fighter carries beside the envelope, what a report says -------------------------

# Advances: signed adjustments by characteristic (1.3). The document's bounds (-9..9) are far
# wider than any advance and keep every final value within reach of 1-10; a final value
# outside 1-10 is the characteristic-range violation, not an unreadable document.
MAX_ADVANCE = 9
MEMBER_RECORD = (
    RecordField(
        "advances",
        _("Advances"),
        "adjustments",
        default={},
        minimum=-MAX_ADVANCE,
        maximum=MAX_ADVANCE,
        help=_("changes to the type's profile, by characteristic"),
        choices=CHARACTERISTICS,
        choice_labels=CHARACTERISTIC_LABELS,
    ),
    # What a club's pack adds after each battle (its ``injuries`` and ``experience`` tables:
    # the text prints neither): the experience gained, the injuries and advances by name.
    RecordField(
        "experience", _("Experience"), "count", default=0, maximum=9999,
        help=_("experience gained in battles, under the campaign's pack"),
    ),
    RecordField(
        "injuries", _("Injuries"), "text", default="",
        help=_("lasting injuries, from the pack's serious-injury table"),
    ),
    RecordField(
        "skills", _("Skills"), "text", default="",
        help=_("named advances, from the pack's advance table"),
    ),
)  # fmt: skip

# Deeds of battle-report/1 (4.3): kept for the record and the standings; the enemies a
# fighter claims to have put out of action, compared with the other side's casualties.
CLAIMED_DEED = "out_of_action"
DEEDS = (
    RecordField(
        CLAIMED_DEED,
        _("Enemies out of action"),
        "count",
        default=0,
        maximum=99,
        help=_("enemy fighters this fighter put out of action"),
    ),
)
# A casualty's own key: its flesh wounds (absent: 1 for "flesh-wound", else 0).
CASUALTY_FIELDS = (
    RecordField(
        "flesh_wounds",
        _("Flesh wounds"),
        "count",
        default=None,
        minimum=1,
        maximum=99,
        help=_("each one is −1 WS and −1 BS for the rest of the battle"),
    ),
)
# A side's own key: how the gang bottled out, if it did.
SIDE_FIELDS = (
    RecordField(
        "bottled",
        _("Bottled"),
        "code",
        default=None,
        help=_("failed a bottle test, or bottled out voluntarily"),
        choices=BOTTLED,
    ),
)

# How much one gang may hold: limits of the service, not rules (the text sets no gang size,
# no type counts and no weapon limits). Each is far above a real gang, and keeps the sheet
# (one characteristic row and a few weapon lines per fighter) to a few seconds.
#
# - members, 40: gangs of the full game field about 5 to 20 fighters; the dead stay on the
#   roster for good, so 40 leaves room for 20 of them;
# - equipment, 10 lines a fighter: a fighter listing a pistol, a second pistol, a basic or
#   heavy weapon, a sword, a knife, three grenade types and an armour is 9 lines;
# - count, 99: a count does not lengthen the sheet; grenades are not counted (1.4);
# - abilities, none: Necromunda fighters have no abilities (skills are not in these rules);
# - squad equipment, 100 lines: about 5 lines a fighter for 20 fighters (the sheet prints
#   one line per weapon).
DOCUMENT_LIMITS = DocumentLimits(
    members=40, equipment=10, count=99, abilities=0, squad_abilities=0, squad_equipment=100
)

# --- rule formulas (section 2 and 7) --------------------------------------------------------


def to_hit(bs: int) -> int:
    """The to-hit table's cell for a BS ("Toucher la cible"): 7 − BS, raw (not clamped)."""
    return 7 - bs


# "7+ pour toucher": a 6, then this score on a second die; 10 or more cannot hit.
SECOND_DIE = MappingProxyType({7: 4, 8: 5, 9: 6})
SECOND_DIE_LABELS = MappingProxyType({7: _("6 then 4+"), 8: _("6 then 5+"), 9: _("6 then 6+")})
IMPOSSIBLE_TO_HIT = 10


def wound_roll(s: int, t: int) -> int | None:
    """The wound chart's cell ("Blesser la cible"): 4 + T − S, at least 2; 7 becomes 6;
    8 or more is ``None`` (N, cannot wound)."""
    need = 4 + t - s
    if need >= 8:
        return None
    return 6 if need == 7 else max(2, need)


GRENADE_RANGES = MappingProxyType({1: 4, 2: 6, 3: 8, 4: 10, 5: 12})  # S -> inches; 5: "or more"


def grenade_range(s: int) -> int | None:
    """How far a fighter throws a grenade ("Grenades"); ``None`` for S below 1."""
    if s < 1:
        return None
    return 12 if s >= 5 else GRENADE_RANGES[s]


def strength_save_modifier(s: int) -> int:
    """Save modifier of a close-combat weapon that uses the fighter's S ("Modificateurs de
    sauvegarde"): 3 or less 0, then −1 per point, 9 or more −6."""
    if s <= 3:
        return 0
    return -6 if s >= 9 else 3 - s


# Victory points (section 5, a Reading: house-rule data, campaign.py parses a campaign's).
DEFAULT_MISSION_VP = MappingProxyType({"win": 3, "draw": 1, "loss": 0})
DEFAULT_OUT_OF_ACTION_VP = 1  # per enemy fighter that ended the battle out of action
VOLUNTARY_BOTTLE_FROM = 2  # fighters down or out of action ("Déroute volontaire")
BOTTLE_SHARE = 4  # a quarter of the gang ("Test de déroute")
LEADERSHIP_RADIUS = 6  # inches ("Chefs de gangs")
