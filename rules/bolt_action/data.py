"""Bolt Action game data: unit kinds, qualities, weapons, orders, the card's numbers, VP.

Encodes sections 1.1-1.3, 4, 5 and 7 of ``bolt-action.md`` (rulebook: "Types d'unités",
"Dés d'ordres", "Ordres", "Clouage", "Test d'ordres", "FUBAR", "Qualité de troupes et
moral", "Mouvement", "Table de terrain", "Modificateurs pour toucher", "Table de valeur de
dommages", "Couverts", "Test de moral (de cible)"). Every entry carries its
document code, an English label (marked for translation; the web layer translates it) and
the text's numbers. The product's Readings are data too, so a campaign may change them.

How numbers read: a d6 score is an ``int`` meaning "that or better" (``4`` is "4+", printed
by ``plus``); ``None`` is a number the source does not give (printed "—", house-rule data;
``dash``). Distances are whole inches; the text measures at 1" = 2 cm (``distance``).

Record keys (``Unit.record``, ``Member.record``) are sparse: a key at its default is absent.
The readers at the end (``quality``, ``drive``, ``count``, ``is_leader``, ``notes``) give
every key with its default, so no other module spells a default twice. The small rule
formulas the card and the sheet share (morale after modifiers, the order test, the morale
test after shooting) live here too, so a number is written once. To change a number, change
it here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from rules.i18n import gettext_noop as _
from rules.types import Member, Unit

CODE = "bolt-action"
NAME = _("Bolt Action")  # the game's name, translated where it is shown
DASH = "—"  # what a number the source does not give prints as


def _index(*rows):
    return MappingProxyType({row.code: row for row in rows})


# --- dice and distances (5.1) ---------------------------------------------------------------

CM_PER_INCH = 2  # the text's own scale: 1" = 2 cm


def distance(inches: int) -> str:
    """A distance as the card prints it: ``12" (24 cm)``."""
    return f'{inches}" ({inches * CM_PER_INCH} cm)'


def plus(score: int | None) -> str:
    """A d6 score as printed: ``4`` is "4+", ``None`` is "—"."""
    return DASH if score is None else f"{score}+"


def dash(value: int | None) -> int | str:
    """A number as printed: itself, or "—" when the source gives none."""
    return DASH if value is None else value


# --- qualities (1.2) ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Quality:
    code: str
    label: str
    morale: int  # before in-game modifiers; also the pins that destroy the unit
    damage_value: int  # "N+" to damage infantry and artillery of this quality
    to_hit_modifier: int  # on the unit's own shooting
    description: str


QUALITIES: Mapping[str, Quality] = _index(
    Quality("inexperienced", _("Inexperienced"), 8, 3, -1,
            _("conscripts, little training, no battle experience")),
    Quality("regular", _("Regular"), 9, 4, 0,
            _("normal training, average battle experience")),
    Quality("veteran", _("Veteran"), 10, 5, 0, _("well trained and hardened by combat")),
)  # fmt: skip

# --- unit kinds and drives (1.1) ------------------------------------------------------------

# Where a weapon may sit ("allowed in", 1.3): each kind is one of these places.
SQUAD = "squad"
TEAM = "team"
ARTILLERY = "artillery"
VEHICLE = "vehicle"
PLACES: Mapping[str, str] = MappingProxyType(
    {SQUAD: _("squad"), TEAM: _("team"), ARTILLERY: _("artillery"), VEHICLE: _("vehicle")}
)

WHEELED = "wheeled"
TRACKED = "tracked"
# Reading: the text has only two columns; a half-track counts as tracked.
DRIVES: Mapping[str, str] = MappingProxyType({WHEELED: _("wheeled"), TRACKED: _("tracked")})


@dataclass(frozen=True, slots=True)
class UnitKind:
    code: str
    label: str
    description: str  # "" where the spec's table leaves it blank
    place: str  # SQUAD, TEAM, ARTILLERY or VEHICLE: which weapons it may hold (1.3)
    min_models: int
    max_models: int | None  # None: no maximum (artillery crews)
    damage_value: int | None  # None: by quality (infantry, artillery)
    default_drive: str | None = None  # vehicles only

    @property
    def vehicle(self) -> bool:
        """A vehicle is one model with its own weapons and no members (1.1)."""
        return self.place == VEHICLE

    @property
    def leader_allowed(self) -> bool:
        """Only a squad has a leader model, its NCO (1.1)."""
        return self.place == SQUAD


INFANTRY_SQUAD = "infantry-squad"
INFANTRY_TEAM = "infantry-team"
ARTILLERY_KIND = "artillery"

KINDS: Mapping[str, UnitKind] = _index(
    # Reading (sizes): squads 5-10; teams fewer than a squad and at least 2 (a team of one
    # tests at -1); artillery a gun and its crew, plural, no maximum; a vehicle exactly 1.
    UnitKind(
        INFANTRY_SQUAD, _("Infantry squad"),
        _("men on foot with hand-held weapons, led by an NCO; troops on bicycles, "
          "motorcycles or horses count as infantry"),
        SQUAD, 5, 10, None,
    ),
    UnitKind(
        INFANTRY_TEAM, _("Infantry team"),
        _("a few men serving one crew-served weapon (MG team, bazooka team, mortar team)"),
        TEAM, 2, 4, None,
    ),
    UnitKind(
        ARTILLERY_KIND, _("Artillery"), _("one large-calibre gun, fixed or towed, and its crew"),
        ARTILLERY, 2, None, None,
    ),
    UnitKind(
        "light-vehicle", _("Light vehicle"), _("unarmoured vehicle: truck, jeep, tractor"),
        VEHICLE, 1, 1, 6, WHEELED,
    ),
    # Reading: armoured cars and transports share one row of the damage table (7+).
    UnitKind("armoured-car", _("Armoured car"), "", VEHICLE, 1, 1, 7, WHEELED),
    UnitKind(
        "armoured-transport", _("Armoured transport"),
        _("armoured personnel carrier, half-track"), VEHICLE, 1, 1, 7, TRACKED,
    ),
    # Reading: assault guns and tank destroyers go under the tank kind of their armour.
    UnitKind("light-tank", _("Light tank"), "", VEHICLE, 1, 1, 8, TRACKED),
    UnitKind("medium-tank", _("Medium tank"), "", VEHICLE, 1, 1, 9, TRACKED),
    UnitKind("heavy-tank", _("Heavy tank"), "", VEHICLE, 1, 1, 10, TRACKED),
    UnitKind("super-heavy-tank", _("Super-heavy tank"), "", VEHICLE, 1, 1, 11, TRACKED),
)  # fmt: skip
VEHICLE_KINDS = tuple(code for code, kind in KINDS.items() if kind.vehicle)

# --- weapons (1.3) --------------------------------------------------------------------------

FIREARM = "firearm"  # the one personal weapon of a squad's model
ONE_SHOT = "one-shot"  # used up once fired; on top of a firearm
CREW_SERVED = "crew-served"  # a team's one weapon
GUN = "gun"  # an artillery unit's one gun


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon's profile as far as the source gives it; ``None`` is "—" (house-rule data,
    Reading: the product invents no range, no shots and no bonus)."""

    code: str
    label: str  # short, for the sheet
    card_label: str  # as the weapons table names it (with the text's example, if any)
    role: str  # FIREARM, ONE_SHOT, CREW_SERVED or GUN
    shots: int | None  # dice per model
    damage_bonus: int | None  # 0: the source says none
    range: int | None  # inches
    allowed_in: frozenset[str]  # PLACES
    note: str  # the weapons table's notes cell
    small_arms: bool = False  # no damage bonus: cannot hurt a damage value of 7+ or more
    indirect: bool = False  # fires over friendly troops
    # Reading: the text says some heavy weapons fire only on a Fire order, some cannot fire
    # on an Advance order and some place 2 pins, but names none: flags, off by default.
    fire_order_only: bool = False
    no_advance_fire: bool = False
    two_pins: bool = False

    @property
    def long_range_from(self) -> float | None:
        """Long range is the farther half of the range (−1 to hit): beyond this distance."""
        return None if self.range is None else self.range / 2


_SQ = frozenset({SQUAD})
_SQ_VEH = frozenset({SQUAD, VEHICLE})
_TEAM = frozenset({TEAM})
_TEAM_VEH = frozenset({TEAM, VEHICLE})
_ART_VEH = frozenset({ARTILLERY, VEHICLE})

WEAPONS: Mapping[str, Weapon] = _index(
    Weapon("rifle", _("Rifle"), _("Rifle"), FIREARM, 1, 0, None, _SQ, _("small arms"),
           small_arms=True),
    Weapon("smg", _("Submachine gun"), _("Submachine gun"), FIREARM, None, 0, None, _SQ,
           _("small arms; the text's squad NCO carries one"), small_arms=True),
    Weapon("lmg", _("Light machine gun"), _("Light machine gun"), FIREARM, 3, 0, None, _SQ_VEH,
           _("small arms"), small_arms=True),
    Weapon("mmg", _("Medium machine gun"), _("Medium machine gun"), CREW_SERVED, 4, 0, None,
           _TEAM_VEH, _("small arms; crew-served"), small_arms=True),
    Weapon("hmg", _("Heavy machine gun"), _("Heavy machine gun (e.g. .50 cal Browning)"),
           CREW_SERVED, None, 1, None, _TEAM_VEH, _("crew-served")),
    Weapon("one-shot-anti-tank", _("One-shot anti-tank weapon"),
           _("One-shot anti-tank weapon (e.g. Panzerfaust)"), ONE_SHOT, 1, None, None, _SQ,
           _("may fire at another target than the rest of its squad")),
    Weapon("bazooka", _("Bazooka"), _("Bazooka"), CREW_SERVED, None, None, None, _TEAM,
           _("crew-served anti-tank weapon")),
    Weapon("mortar", _("Mortar"), _("Mortar"), CREW_SERVED, None, None, None, _TEAM,
           _("crew-served; fires over friendly troops"), indirect=True),
    Weapon("anti-tank-gun", _("Anti-tank gun"), _("Anti-tank gun"), GUN, None, None, None,
           _ART_VEH, _("also a tank's or armoured car's main gun")),
    Weapon("howitzer", _("Howitzer"), _("Howitzer"), GUN, None, None, None, _ART_VEH,
           _("fires over friendly troops; also an assault gun's gun"), indirect=True),
)  # fmt: skip
ITEMS = WEAPONS  # every item code of an equipment entry
FIREARMS = frozenset(code for code, w in WEAPONS.items() if w.role == FIREARM)
ONE_SHOTS = frozenset(code for code, w in WEAPONS.items() if w.role == ONE_SHOT)
CREW_SERVED_WEAPONS = frozenset(code for code, w in WEAPONS.items() if w.role == CREW_SERVED)
GUNS = frozenset(code for code, w in WEAPONS.items() if w.role == GUN)
# The weapons a unit of each kind may hold (1.3, "allowed in"), in the table's order: what
# the builder offers it (``weapons_for``) and the catalogue declares (``KindShape.items``).
KIND_WEAPONS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    code: tuple(w for w, weapon in WEAPONS.items() if kind.place in weapon.allowed_in)
    for code, kind in KINDS.items()
})  # fmt: skip
SMALL_ARMS_MAX_DAMAGE = 6  # no bonus: the damage roll never exceeds a d6
PINS_PER_HIT = 1  # per shooting that scores a hit
TWO_PINS = 2  # a weapon flagged ``two_pins``

# --- orders (5.3) ---------------------------------------------------------------------------

DOWN_TO_HIT = -1  # shooting at infantry or artillery on Down (5.9)


@dataclass(frozen=True, slots=True)
class Order:
    code: str
    face: int  # the order die's face
    label: str
    effect: str  # may hold ``%(down)s``: DOWN_TO_HIT


ORDERS: Mapping[str, Order] = _index(
    Order("fire", 1, _("Fire"), _("stays put and shoots at full effect")),
    Order("advance", 2, _("Advance"), _("moves, then shoots (less accurate; some weapons cannot "
                                        "fire)")),
    Order("run", 3, _("Run"), _("moves twice as far, no shooting")),
    Order("ambush", 4, _("Ambush"), _("neither moves nor shoots; waits to fire at an enemy that "
                                      "moves")),
    Order("rally", 5, _("Rally"), _("neither moves nor shoots; removes D6 pins")),
    Order("down", 6, _("Down"), _("neither moves nor shoots; goes to ground: %(down)s to hit it")),
)  # fmt: skip

# --- the order test and FUBAR (5.4, 5.5) ----------------------------------------------------

AUTO_PASS_TOTAL = 2  # a 2 on 2D6 always passes
AUTO_FAIL_FROM = 11  # 11 or 12 always fails
DOUBLE_SIX = 6  # both dice 6: FUBAR
PASS, FAIL, FUBAR = "pass", "fail", "fubar"
# Reading: passing a test removes 1 pin; a Rally order then removes D6 more (D6 + 1 in all).
PASS_REMOVES_PINS = 1
DOWN_KEPT_PINS = 1  # removed by keeping a Down die into the next turn


def order_test(first: int, second: int, morale: int) -> str:
    """The result of an order test rolled ``first`` and ``second`` (two d6) against the
    modified morale: ``"fubar"`` on a double 6, else ``"pass"`` on a 2 or a total within
    ``morale``, ``"fail"`` on 11 or 12 or a total above it."""
    if first == second == DOUBLE_SIX:
        return FUBAR
    total = first + second
    if total == AUTO_PASS_TOTAL:
        return PASS
    if total >= AUTO_FAIL_FROM:
        return FAIL
    return PASS if total <= morale else FAIL


FRIENDLY_FIRE_INCHES = 12


@dataclass(frozen=True, slots=True)
class FubarResult:
    code: str
    low: int  # d6 from
    high: int  # d6 to
    effect: str  # may hold ``%(distance)s``: FRIENDLY_FIRE_INCHES


FUBAR_TABLE: tuple[FubarResult, ...] = (
    FubarResult("friendly-fire", 1, 2, _(
        "Friendly fire: the unit does not move and shoots (Fire die) at a friendly unit "
        "within %(distance)s of an enemy unit, chosen by the opponent; if there is none, it "
        "goes Down"
    )),
    FubarResult("panic", 3, 6, _(
        "Panic: the unit Runs away from the nearest visible enemy; if none is visible, it goes "
        "Down"
    )),
)  # fmt: skip


def fubar(roll: int) -> FubarResult:
    """The FUBAR row for a d6 roll (1-6)."""
    for row in FUBAR_TABLE:
        if row.low <= roll <= row.high:
            return row
    raise ValueError(f"a d6 roll is 1 to 6, not {roll}")


# --- morale (5.6, 5.13) ---------------------------------------------------------------------

MORALE_MIN = 2
MORALE_MAX = 10
PIN_MORALE = -1  # each pin
NCO_KILLED_MORALE = -1  # the squad's NCO killed
ONE_MODEL_MORALE = -1  # a team or gun crew down to one model


def base_morale(morale: int, nco_killed: bool = False, one_model_left: bool = False) -> int:
    """Morale after the NCO and one-model penalties, before pins, within 2-10 (section 8):
    a unit with this many pins or more is destroyed."""
    value = morale + (NCO_KILLED_MORALE if nco_killed else 0)
    value += ONE_MODEL_MORALE if one_model_left else 0
    return min(MORALE_MAX, max(MORALE_MIN, value))


def modified_morale(
    morale: int, pins: int = 0, nco_killed: bool = False, one_model_left: bool = False
) -> int:
    """What an order test needs on 2D6: morale less every penalty and pin, within 2-10
    (regular 9 with 2 pins: 7; with 5 pins: 4)."""
    value = morale + pins * PIN_MORALE
    value += NCO_KILLED_MORALE if nco_killed else 0
    value += ONE_MODEL_MORALE if one_model_left else 0
    return min(MORALE_MAX, max(MORALE_MIN, value))


def destroyed_by_pins(
    morale: int, pins: int, nco_killed: bool = False, one_model_left: bool = False
) -> bool:
    """A unit with as many pins as its morale (``base_morale``), or more, is destroyed."""
    return pins >= base_morale(morale, nco_killed, one_model_left)


def losses_to_test(models_at_start: int) -> int:
    """Models a unit must lose to one shooting to test its morale at once: half or more of
    what it had when the shooting began (6 models: 3)."""
    return -(-models_at_start // 2)


def morale_test_after_shooting(models_at_start: int, lost: int) -> bool:
    """Whether the unit tests its morale after a shooting (5.13)."""
    return lost >= 1 and lost >= losses_to_test(models_at_start)


# --- movement and terrain (5.7) -------------------------------------------------------------

ADVANCE_INCHES = 6
RUN_INCHES = 12
COHERENCY_INCHES = 1  # models of a unit within this of each other
UNIT_GAP_INCHES = 1  # from any other unit at the end of a move

# Who moves over the terrain table's columns: infantry (squads and teams), artillery, and
# each drive of the vehicles.
INFANTRY = "infantry"
MOVERS: Mapping[str, str] = MappingProxyType({
    INFANTRY: _("infantry"),
    ARTILLERY: _("artillery"),
    WHEELED: _("wheeled vehicles"),
    TRACKED: _("tracked vehicles"),
})  # fmt: skip

# The terrain table's cells, by code.
YES = "yes"
NO_RUN = "no-run"  # crossed only on an Advance order
NO = "no"
DEPLOY_ONLY = "deploy-only"
DOUBLE = "double"  # move doubled when wholly on road or track
OBSTACLE_TRACKED = "obstacle-tracked"
BUILDING_TRACKED = "building-tracked"
TERRAIN_CELLS: Mapping[str, str] = MappingProxyType({
    YES: _("yes"),
    NO_RUN: _("no Run"),
    NO: _("no"),
    DEPLOY_ONLY: _("no, but may deploy there"),
    DOUBLE: "×2",
    OBSTACLE_TRACKED: _("yes, unless declared an anti-tank obstacle or impassable hedgerow"),
    BUILDING_TRACKED: _("no; heavy and super-heavy tanks may, demolishing it"),
})  # fmt: skip


@dataclass(frozen=True, slots=True)
class Terrain:
    code: str
    label: str
    moves: Mapping[str, str]  # MOVERS code -> TERRAIN_CELLS code


def _terrain(code, label, infantry, artillery, wheeled, tracked) -> Terrain:
    moves = {INFANTRY: infantry, ARTILLERY: artillery, WHEELED: wheeled, TRACKED: tracked}
    return Terrain(code, label, MappingProxyType(moves))


TERRAIN: Mapping[str, Terrain] = _index(
    _terrain("open", _("Open ground"), YES, YES, YES, YES),
    _terrain("rough", _("Rough ground (undergrowth, mud, sand, ruins)"),
             NO_RUN, DEPLOY_ONLY, NO, NO_RUN),
    _terrain("obstacle", _("Obstacle (hedge, stone wall, stream)"),
             NO_RUN, NO, NO, OBSTACLE_TRACKED),
    _terrain("building", _("Building"), YES, DEPLOY_ONLY, NO, BUILDING_TRACKED),
    _terrain("road", _("Road or track"), YES, YES, DOUBLE, DOUBLE),
)  # fmt: skip

# --- shooting: to hit, damage, cover (5.8-5.11) ---------------------------------------------

BASE_TO_HIT = 3  # "3+", before modifiers
POINT_BLANK_INCHES = 6
SMALL_UNIT_MAX_MODELS = 2  # a target of 1 or 2 models
NATURAL_FAIL = 1  # a natural 1 never damages
MINUS = "\u2212"


@dataclass(frozen=True, slots=True)
class Cover:
    code: str
    label: str
    modifier: int  # to hit a target in it
    examples: str


COVER: Mapping[str, Cover] = _index(
    Cover("light", _("Light (hides, does not stop bullets)"), -1, _(
        "woods, hedges, crops, undergrowth, camouflage nets, wooden barricades, infantry of "
        "either side, guns"
    )),
    Cover("hard", _("Hard (hides and protects)"), -2, _(
        "stone or brick walls, ruins, rocky ground, foxholes, embankments, trenches, "
        "sandbags, an armoured vehicle of either side"
    )),
)  # fmt: skip
COVER_ROLL_IN_COVER = 3  # unsure? a d6 of 1-3: in cover; 4-6: not


@dataclass(frozen=True, slots=True)
class Modifier:
    code: str
    label: str  # may hold ``%(inches)d`` and ``%(cm)d``: POINT_BLANK_INCHES
    value: int


TO_HIT_MODIFIERS: tuple[Modifier, ...] = (
    Modifier("point-blank", _('point blank (target within %(inches)d" / %(cm)d cm)'), 1),
    Modifier("pin", _("each pin on the shooting unit"), -1),
    Modifier("long-range", _("long range (farther half of the weapon's range)"), -1),
    Modifier("inexperienced", _("shooter inexperienced"),
             QUALITIES["inexperienced"].to_hit_modifier),
    # Reading: shooting "on the move" is shooting on an Advance order.
    Modifier("advance", _("shooting after moving (Advance order)"), -1),
    Modifier("down", _("target is infantry or artillery on Down"), DOWN_TO_HIT),
    Modifier("small-unit", _("target is a small unit (1 or 2 models left)"), -1),
    Modifier("light-cover", _("target in light cover"), COVER["light"].modifier),
    Modifier("hard-cover", _("target in hard cover"), COVER["hard"].modifier),
)  # fmt: skip
TO_HIT: Mapping[str, Modifier] = _index(*TO_HIT_MODIFIERS)
SMALL_UNIT_TO_HIT = TO_HIT["small-unit"].value

# --- battles (section 4, Readings: house-rule data) -----------------------------------------

WIN, DRAW, LOSS = "win", "draw", "loss"
OUTCOMES = (WIN, DRAW, LOSS)
INTACT = "intact"
CASUALTIES = "casualties"
DESTROYED = "destroyed"
END_STATES = (INTACT, CASUALTIES, DESTROYED)
# The keys a casualty entry may carry beside ``unit`` and ``state``, by state.
STATE_KEYS: Mapping[str, frozenset[str]] = MappingProxyType({
    INTACT: frozenset({"pins"}),
    CASUALTIES: frozenset({"lost", "pins"}),
    DESTROYED: frozenset(),
})  # fmt: skip
DEFAULT_PINS = 0
DEFAULT_MISSION_VP: Mapping[str, int] = MappingProxyType({WIN: 3, DRAW: 1, LOSS: 0})
DEFAULT_DESTROYED_ENEMY_VP = 1  # per enemy unit destroyed, counted positive

# --- record keys and their defaults (sections 1 and 3) --------------------------------------

DEFAULT_COUNT = 1
DEFAULT_LEADER = False


def kind(unit: Unit) -> UnitKind:
    return KINDS[unit.kind]


def weapons_for(unit: Unit) -> tuple[str, ...]:
    """The weapons the builder offers a unit, to its members or (a vehicle) to itself: those
    its kind may hold (1.3)."""
    return KIND_WEAPONS[unit.kind]


def quality(unit: Unit) -> Quality:
    """The unit's quality (``quality`` is always present)."""
    return QUALITIES[unit.record["quality"]]


def drive(unit: Unit) -> str | None:
    """A vehicle's drive, its kind's default when the record has none; ``None`` for a unit
    that is not a vehicle."""
    return unit.record.get("drive", KINDS[unit.kind].default_drive)


def notes(unit: Unit) -> str:
    """The player's notes on the unit, ``""`` for none."""
    return unit.record.get("notes", "")


def count(member: Member) -> int:
    """How many identical models the member entry stands for."""
    return member.record.get("count", DEFAULT_COUNT)


def is_leader(member: Member) -> bool:
    """Whether the entry is the squad's NCO."""
    return bool(member.record.get("leader", DEFAULT_LEADER))
