"""The one-page modern quick-reference card: every table of the text, in the card's order.

Encodes section 6 of ``one-page-modern.md`` (rulebook: "Dés à Six Faces", "Entraînement /
Expérience des Unités", "Initiative", "Activation", "Tirer", "Neutralisation", "Couverture",
"Corps à Corps", "Armes", "Armure Personnelle", "Vehicules"). The numbers are the text's;
the labels are our own short English words, marked for translation. Training, pinning,
cover, actions, weapons, personal armour and vehicle armour are built from ``data.py``, so
the card cannot drift from what the force sheet prints; distances print in inches and the
text's centimetres (``data.distance``).

Each table is a ``Table`` (title, column headings, rows of cells: strings or numbers) keyed
by its id; ``TABLES`` lists them in the card's order (items 1-14). The printing layer lays
them out.
"""

from __future__ import annotations

from rules.i18n import gettext_noop as _
from rules.one_page_modern.data import (
    ACTIONS,
    ARMOUR,
    ASSAULT_RIFLE,
    CENTIMETRES,
    COVER,
    SKILL_CAP,
    SMALL_ARMS,
    SUPPORT_WEAPONS,
    TRAINING,
    UNDERSLUNG_LAUNCHER,
    VEHICLE_ARMOUR,
    VEHICLE_MOVES,
    WEAPONS,
    distance,
    plus,
)
from rules.pack_tables import Pack
from rules.reference import MINUS, Cell, Table, signed  # noqa: F401  (MINUS: the sign it prints)
from rules.reference_packs import WeaponTable, pack_number, tables_with_pack

# --- 1-4: dice, training, turn, activation --------------------------------------------------

DICE = Table(
    "dice",
    _("Dice"),
    (_("Roll"), _("Result")),
    (
        (_("unmodified 6"), _("always succeeds")),
        (_("unmodified 1"), _("always fails")),
    ),
    notes=(_("House spirit: when a rule gets in the way of a good game, bend it or leave it "
             "out."),),
)  # fmt: skip

TRAINING_TABLE = Table(
    "training",
    _("Training"),
    (_("Level"), _("Activation"), _("Skill")),
    tuple((t.label, plus(t.activation), plus(t.skill)) for t in TRAINING.values()),
)

TURN = Table(
    "turn",
    _("Turn and initiative"),
    (_("Step"), _("What happens")),
    (
        (_("initiative"), _("each player rolls a d6 plus the scenario's modifiers; ties are "
                            "rolled again")),
        (_("first"), _("the highest tries to activate a unit, and goes on until an "
                       "activation fails")),
        (_("then"), _("the opponent does the same, back and forth, until every unit has "
                      "tried once")),
    ),
    notes=(_("Optional: put a marker by each unit once it has tried."),),
)  # fmt: skip

ACTIVATION = Table(
    "activation",
    _("Activation modifiers"),
    (_("Modifier"), _("When")),
    (
        (signed(1), _("no enemy is visible")),
        (signed(-1), _('per model more than 3" (8 cm) from the rest of its unit')),
        (signed(-1), _("per pinned model (next activation only)")),
        (signed(-2), _("a vehicle whose crew is stunned (next activation)")),
    ),
    notes=(
        _("Roll at least the activation number (the leader's if better)."),
        _('A failed roll puts the unit On guard; if it has lost more than half its models, '
          'it falls back 6" (15 cm) from the nearest visible enemy, or toward its deployment '
          "zone if none is visible."),
        _("Units locked in close combat activate automatically."),
    ),
)  # fmt: skip

# --- 5-9: actions, shooting, pinning, cover, close combat -----------------------------------

ACTION_NOTES = {
    "walk": _("may fire a small arm, or throw a grenade, at any point of the move"),
    "run": _("no firing, no grenades"),
    "sneak": _("no firing, no grenades; the models count as in light cover"),
    "on-guard": _("may react once in the turn, firing at an enemy moving in sight"),
    "hit-the-dirt": _("into the nearest cover; cover one step better; no firing, no grenades"),
    "aimed-fire": _("every model of the unit +1 on its shooting dice"),
    "assault": _("close with an enemy unit (close combat)"),
}

ACTIONS_TABLE = Table(
    "actions",
    _("Actions (one per activation)"),
    (_("Action"), _("Move"), _("Notes")),
    tuple((a.label, distance(a.inches), ACTION_NOTES[a.code]) for a in ACTIONS.values()),
    notes=(_("One step of cover: light, then medium, then hard."),),
)

SHOOTING = Table(
    "shooting",
    _("Shooting"),
    (_("Rule"), _("Effect")),
    (
        (_("who fires"), _("pinned models do not fire; a unit may fire at any enemy model or "
                           "vehicle in sight and split its fire")),
        (_("dice"), _("each model rolls one d6 per FP, hitting on its skill or better")),
        (_("saves"), _("armoured models, or models inside or behind an armoured vehicle, then "
                       "save; if the vehicle saves, its passengers need not")),
        (_("failed saves"), _("each wounds or pins a model, mixed as the firer likes within "
                              "the unit's pinning maximum; never both on one model from one "
                              "shot")),
        (_("cover"), _('fire into or out of cover only where the models concerned are within '
                       '2" (5 cm) of its edge')),
        (_("deep in cover"), _('models deeper than 2" (5 cm) may only fire at units sharing '
                               'that cover within 6" (15 cm); both sides count the cover')),
        (_("sight"), _("some cover blocks sight")),
    ),
)  # fmt: skip

PINNING = Table(
    "pinning",
    _("Pinning"),
    (_("Level"), _("Most pinned models")),
    tuple((t.label, t.max_pinned) for t in TRAINING.values()),
    notes=(
        _("A pinned model lies on its side and cannot fire."),
        _("Each costs its unit −1 on its next activation roll; it stands up after that roll."),
    ),
)

COVER_TABLE = Table(
    "cover",
    _("Cover"),
    (_("Cover"), _("Modifier"), _("Examples")),
    tuple((c.label, signed(c.modifier), c.examples) for c in COVER.values()),
    notes=(
        _("At least half the unit in cover for the unit to count as in cover."),
        _("The modifier raises the firer's skill number, never past %(cap)s."),
        _("Infantry crosses cover at full speed."),
    ),
    params=(("cap", plus(SKILL_CAP)),),
)

CLOSE_COMBAT = Table(
    "close-combat",
    _("Close combat"),
    (_("Rule"), _("Effect")),
    (
        (_("how"), _("only through the Assault action")),
        (_("moves"), _("the attacker moves models into base contact with enemies up to "
                       "%(assault)s away; then the defender may move any unengaged model "
                       'within 3" (8 cm) of an attacker')),
        (_("dice"), _("both sides roll at once, one die per model, hitting on skill; models "
                      "pinned before the assault roll separately at −1")),
        (_("hits"), _("every unsaved hit wounds; cover does not count; no pinning")),
        (_("next turns"), _("the fight goes on at the start of each following turn; engaged "
                            "units are activated automatically and cannot activate again "
                            "that turn, even if they win")),
    ),
    params=(("assault", distance(ACTIONS["assault"].inches)),),
)  # fmt: skip

# --- 10-14: weapons, armour, vehicles -------------------------------------------------------


def _weapon_rows(codes) -> tuple[tuple[Cell, ...], ...]:
    return tuple((WEAPONS[c].label, WEAPONS[c].range_text, WEAPONS[c].fp) for c in codes)


_LAUNCHER = WEAPONS[UNDERSLUNG_LAUNCHER]
_RIFLE_CLOSE = WEAPONS[ASSAULT_RIFLE].close

SMALL_ARMS_TABLE = Table(
    "small-arms",
    _("Small arms"),
    (_("Weapon"), _("Range"), _("FP")),
    _weapon_rows(c for c in SMALL_ARMS if c != UNDERSLUNG_LAUNCHER),
    notes=(
        _("Some assault rifles carry a grenade launcher: range %(launcher_range)s, "
          "%(launcher_fp)d FP (our reading: the text gives no FP)."),
        _("An assault rifle has %(close_fp)d FP at %(close_range)s or less."),
    ),
    params=(
        ("launcher_range", _LAUNCHER.range_text),
        ("launcher_fp", _LAUNCHER.fp),
        ("close_fp", _RIFLE_CLOSE.fp),
        ("close_range", distance(_RIFLE_CLOSE.inches)),
    ),
)  # fmt: skip

SUPPORT_WEAPONS_TABLE = Table(
    "support-weapons",
    _("Support weapons"),
    (_("Weapon"), _("Range"), _("FP")),
    _weapon_rows(SUPPORT_WEAPONS),
    notes=(
        _("Cannons go on tanks or bunkers only."),
        _("A heavy machine gun needs one crew on a vehicle or bunker, two carried by "
          "infantry."),
        _("Flamethrowers and tanks' cannons ignore cover."),
    ),
)  # fmt: skip

PERSONAL_ARMOUR = Table(
    "personal-armour",
    _("Personal armour"),
    (_("Armour"), _("Armour save"), _("Examples")),
    tuple((a.label, plus(a.save), a.examples) for a in ARMOUR.values()),
    notes=(
        _("Saves are rolled once the hits are known."),
        _("Armour never slows its wearer."),
    ),
)

VEHICLES = Table(
    "vehicles",
    _("Vehicles"),
    (_("Armour"), _("Armour save"), _("Examples")),
    tuple((v.label, plus(v.save), v.examples) for v in VEHICLE_ARMOUR.values()),
    notes=(
        _("Activated like units."),
        _("Move up to %(open)s in the open or %(light)s through light cover, and fire one "
          "weapon."),
        _("Medium and heavy tanks may move %(medium)s through medium cover, but then cannot "
          "fire."),
        _("A vehicle that does not move fires all its weapons."),
        _("The vehicle's save also covers the troops inside or behind it."),
        _("Small arms and heavy machine guns cannot harm armoured vehicles."),
    ),
    params=(
        ("open", distance(VEHICLE_MOVES["open"])),
        ("light", distance(VEHICLE_MOVES["light-cover"])),
        ("medium", distance(VEHICLE_MOVES["medium-cover"])),
    ),
)  # fmt: skip

VEHICLE_DAMAGE = Table(
    "vehicle-damage",
    _("Vehicle damage (d6 per unsaved hit)"),
    (_("d6"), _("Effect")),
    (
        ("1–2", _("crew stunned: −2 on the next activation")),
        ("3", _("immobilised for the rest of the game; can still fire")),
        ("4–5", _("one weapon destroyed, chosen by the owner")),
        ("6", _("destroyed: every crew member and passenger gets out and rolls 5+ or its "
                "personal armour save, whichever is better, or is wounded")),
    ),
    notes=(_("Vehicles are never pinned, nor are crew or passengers leaving a destroyed "
             "vehicle."),),
)  # fmt: skip

# --- the card -------------------------------------------------------------------------------

TABLES: tuple[Table, ...] = (
    DICE,
    TRAINING_TABLE,
    TURN,
    ACTIVATION,
    ACTIONS_TABLE,
    SHOOTING,
    PINNING,
    COVER_TABLE,
    CLOSE_COMBAT,
    SMALL_ARMS_TABLE,
    SUPPORT_WEAPONS_TABLE,
    PERSONAL_ARMOUR,
    VEHICLES,
    VEHICLE_DAMAGE,
)
BY_KEY = {table.key: table for table in TABLES}

# --- a club pack's weapon profiles ----------------------------------------------------------


def _pack_distance(inches: int) -> str:
    """A pack's range as the card prints it: ``8" (20 cm)``, the text's rounding when it has
    one, else 2.5 cm an inch."""
    return distance(inches) if inches in CENTIMETRES else f'{inches}" ({round(inches * 2.5)} cm)'


PACK_COLUMNS = (pack_number("range", _pack_distance), pack_number("fp"))

# How the weapon tables read a club pack's weapons: the game's own cells are all given (a
# pack's reading of them is the sheets' business), so the pack's own weapons are added, under
# the support weapons.
WEAPON_TABLES = {
    SMALL_ARMS_TABLE.key: WeaponTable(
        tuple(c for c in SMALL_ARMS if c != UNDERSLUNG_LAUNCHER), PACK_COLUMNS, new=False
    ),
    SUPPORT_WEAPONS_TABLE.key: WeaponTable(tuple(SUPPORT_WEAPONS), PACK_COLUMNS),
}


def tables(pack: Pack | None = None) -> tuple[Table, ...]:
    """The card's tables, with a club's pack's weapon profiles (None: ``TABLES``)."""
    return tables_with_pack(TABLES, WEAPON_TABLES, pack, game_codes=WEAPONS)
