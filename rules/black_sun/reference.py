"""The Black Sun quick-reference card: the tables players look up during a game.

Encodes ``docs/games/black-sun.md`` section 12 (rulebook: "Fiche de référence rapide"):
activation, movement, spotting, shooting, weapons, "cheat death", penetration, out of action,
close combat and victory points. The numbers are the rulebook's; the labels are our own short
English words, marked for translation. Weapons and victory points are read from ``data.py``
and ``tables.py`` rather than repeated, so the card cannot drift from the rules the roster
builder applies.

Each table is a ``Table``: a title, column headings and rows of cells (strings or numbers).
The printing layer decides the layout; this module holds only the content.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.black_sun.data import ARMOUR_LEVELS, OFF_TABLE_WEAPONS, WEAPON_PROFILES
from rules.black_sun.tables import (
    CASUALTY_VP,
    LEADER_MULTIPLIER,
    MISSION_VP,
    QUALITY_BY_CV,
    QUALITY_LABELS,
)
from rules.i18n import gettext_noop as _
from rules.reference import signed

Cell = str | int


@dataclass(frozen=True, slots=True)
class Table:
    key: str  # a stable name, e.g. for styling
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    notes: tuple[str, ...] = ()
    starred: frozenset[int] = frozenset()  # indexes of rows marked "*" (see the first note)
    note_params: tuple[tuple[str, int], ...] = ()  # notes are ``note % dict(note_params)``


# --- activation -----------------------------------------------------------------------------

ALL_GROUPS = _("all groups")
LED_BY_TOP = _("groups led by a Top or above")
ONE_GROUP = _("1 group")
ONE_GROUP_LED = _("1 group with a seasoned leader")
WHAT_THE = _('"What the...?!" event')

ACTIVATION = Table(
    "activation",
    _("Activation (roll a d6 per turn)"),
    (_("d6"), _("Hive mind"), _("Inspired"), _("Normal"), _("Demoralised")),
    (
        (1, ALL_GROUPS, ALL_GROUPS, ALL_GROUPS, ALL_GROUPS),
        (2, ALL_GROUPS, ALL_GROUPS, ALL_GROUPS, LED_BY_TOP),
        (3, ALL_GROUPS, ALL_GROUPS, LED_BY_TOP, LED_BY_TOP),
        (4, ALL_GROUPS, LED_BY_TOP, LED_BY_TOP, ONE_GROUP),
        (5, ALL_GROUPS, LED_BY_TOP, ONE_GROUP, ONE_GROUP_LED),
        (6, WHAT_THE, WHAT_THE, WHAT_THE, WHAT_THE),
    ),
)

# --- movement -------------------------------------------------------------------------------

MOVEMENT = Table(
    "movement",
    _("Movement per action (inches)"),
    (_("Action"), _("Move"), _("Notes")),
    (
        (_("Run"), _("3d6, two highest"), _("no shooting, no spotting")),
        (_("Walk"), _('2d6, highest (at least 2")'), _("shooting at CV −1")),
        (_("Tactical advance"), _('2d6, lowest (at most 3")'), _("shoot and spot as usual")),
        (_("Civilian or heavily laden"), _("2d6, lowest"), _("also carrying supplies on foot")),
    ),
)

# --- spotting -------------------------------------------------------------------------------

OBSERVATION = Table(
    "observation",
    _("Spotting"),
    (_("Target"), _("Base value")),
    (
        (_("in the open"), 5),
        (_("concealed"), 4),
        (_("in cover"), 3),
        (_("hard to spot"), 2),
    ),
)

OBSERVATION_MODIFIERS = Table(
    "observation-modifiers",
    _("Spotting modifiers"),
    (_("Situation"), _("Modifier")),
    (
        (_("target running"), signed(2)),
        (_("target walking"), signed(1)),
        (_("observer in ambush"), signed(1)),
        (_("target shooting from cover"), signed(1)),
        (_("target in ambush"), signed(-1)),
    ),
)

# --- shooting -------------------------------------------------------------------------------

SHOOTING_MODIFIERS = Table(
    "shooting-modifiers",
    _("Shooting modifiers"),
    (_("Target"), _("CV")),
    (
        (_("in a fortified position"), signed(-3)),
        (_("in cover"), signed(-2)),
        (_("concealed"), signed(-1)),
        (_("ran as its last action"), signed(-1)),
        (_("charged as its last action"), signed(1)),
        (_("easy target"), signed(1)),
    ),
)

# The weapons of section 1.3, in the rulebook's order (Fury Bugs' throw last).
WEAPON_CODES = (
    "pistol",
    "bolt-action-rifle",
    "shotgun-slug",
    "shotgun-shot",
    "smg",
    "assault-rifle",
    "light-machine-gun",
    "heavy-machine-gun",
    "grenade-launcher",
    "flamethrower",
    "hand-grenade",
    "telekinetic-throw",
)

WEAPONS = Table(
    "weapons",
    _("Weapons"),
    (_("Weapon"), _("Range"), _("Impact"), _("Dice, stationary"), _("Dice, moving")),
    tuple(
        (p.label, p.range, p.impact, p.dice_stationary, p.dice_moving)
        for p in (WEAPON_PROFILES[code] for code in WEAPON_CODES)
    ),
    notes=(_("* suppression weapon: its dice count double to see whether a target is pinned."),),
    starred=frozenset(
        i for i, code in enumerate(WEAPON_CODES) if WEAPON_PROFILES[code].suppression
    ),
)

OFF_TABLE = Table(
    "off-table",
    _("Heavy weapons (mostly off the table)"),
    (_("Weapon"), _("Range"), _("Impact"), _("Template")),
    tuple((w.label, w.range, w.impact, w.template) for w in OFF_TABLE_WEAPONS),
    notes=(_("Artillery mounted on a vehicle fires 1 die on the move."),),
)

PENETRATION_MODIFIERS = Table(
    "penetration",
    _("Penetration modifiers"),
    (_("Effect"), _("Die")),
    (
        (_("aimed shot (good shots and snipers only)"), signed(1)),
        (_("shell or grenade bursting in a closed space"), signed(1)),
        (_("artillery or mortar shell against a sheltered target"), signed(-1)),
    ),
)

# --- cheat death ----------------------------------------------------------------------------

RETALIATES = _("returns fire")
OK = _("OK")
DOWN = _("hits the dirt")
WOUNDED_1 = _("wounded −1")
WOUNDED_2 = _("wounded −2")
OUT = _("out of action")

CHEAT_DEATH = Table(
    "cheat-death",
    _('"Cheat death" (column = armour − impact)'),
    (_("d6"), "3", "2", "1", "0"),
    (
        (1, RETALIATES, RETALIATES, RETALIATES, OK),
        (2, OK, OK, OK, DOWN),
        (3, OK, OK, DOWN, WOUNDED_1),
        (4, OK, DOWN, WOUNDED_1, WOUNDED_2),
        (5, WOUNDED_1, WOUNDED_1, WOUNDED_2, OUT),
        ("6+", OUT, WOUNDED_2, OUT, OUT),
    ),
    notes=(
        _("Wounded −1, −2: the model loses that much CV."),
        _("Armour − impact of −1 or less: −1 to the die."),
        _("Armour − impact of 4 or more: +1 to the die per point above 3 (4: +1, 5: +2)."),
    ),
)

ARMOUR = Table(
    "armour",
    _("Armour"),
    (_("Value"), _("Protection")),
    tuple((level.value, level.label) for level in ARMOUR_LEVELS),
)

IMPACT = Table(
    "impact",
    _("Impact"),
    (_("Value"), _("Weapons")),
    (
        (0, _("very light weapon")),
        (1, _("assault rifle, SAW, grenade")),
        (2, _("MG, light shell or mortar")),
        (3, _("medium shell or mortar, light artillery")),
        (4, _("light tank gun, medium artillery, heavy mortar")),
        (5, _("battle tank gun")),
        (6, _("heavy artillery")),
        (7, _("the mother of all bombs")),
    ),
)

# --- out of action --------------------------------------------------------------------------

OUT_OF_ACTION = Table(
    "out-of-action",
    _("Out of action"),
    (_("d6"), _("Result"), _("If treated"), _("If untreated")),
    (
        (
            1,
            _('Stunned. If not in cover, may move to safety (4" per action). '
              "No shooting or fighting until it comes round."),
            _("Comes round by itself at the end of its next turn."),
            _('Back in play on an activation roll of 1 or a "What the...?!" event.'),
        ),
        (
            2,
            _('Wounded (CV −1). May crawl to safety (2" per action). '
              "No shooting or fighting until back in play."),
            _("Test against CV: pass, back in play at CV −1; fail, test again next "
              "turn. An activation roll of 1 brings it back."),
            _('Back at CV −1 on an activation roll of 1; out of action if a '
              '"What the...?!" event comes first.'),
        ),
        (
            3,
            _("Seriously wounded (CV −2). Cannot move without help, "
              "shoot or fight."),
            _("A comrade stabilises it with a CV test (repeat until it passes). Only a "
              "Doc brings it back: test against the Doc's CV. Pass: counts as wounded. "
              "Fail: out for the game. Fail with a 6: dies under treatment."),
            _('Bleeds to death at the first "What the...?!" event.'),
        ),
        ("4\u20135", _("Killed in action."), _("Dead."), _("Dead.")),
        (
            6,
            _('Violent death. Friends within 6" who see it test against CV; fail: '
              "pinned (1 pin marker) or fall back, as they choose."),
            _("Dead."),
            _("Dead."),
        ),
    ),
)  # fmt: skip

# --- close combat ---------------------------------------------------------------------------

GUTS_POINTS = Table(
    "guts-points",
    _("Winning a close combat: guts points"),
    (_("Cause"), _("Points")),
    (
        (_("wounds inflicted"), _("+1 per CV lost")),
        (_("enemy stunned"), signed(1)),
        (_("caused a violent wound"), signed(1)),
        (_("wounded or stunned a Boss or Top"), signed(1)),
        (_("inspired"), signed(1)),
        (_("demoralised"), signed(-1)),
    ),
    notes=(_("Each side adds its points; the side with fewer points loses."),),
)

GUTS_TEST = Table(
    "guts-test",
    _("Guts test"),
    (_("Points, winner to loser"), _("Test against")),
    (
        (_("less than 2 to 1"), _("CV")),
        (_("2 to 1"), _("CV −1")),
        (_("3 to 1"), _("CV −2")),
    ),
    notes=(_("The loser tests against the CV of its best fighter still standing."),),
)

GUTS_RESULTS = Table(
    "guts-results",
    _("Guts test result"),
    (_("Test"), _("Effect")),
    (
        (
            _("passed"),
            _('Both sides step back 2" from the melee; defenders keep their cover. '
              "Fallen grunts need a comrade to drag them clear, or stay where they fell."),
        ),
        (
            _("failed by 1"),
            _("Losers lose an action walking back and may carry their wounded. Winners "
              "hold their ground and may take weapons or capture fallen enemies."),
        ),
        (
            _("failed by 2"),
            _("Losers withdraw with a walk action and leave all their fallen. Winners "
              "hold, may take weapons or prisoners, and become inspired."),
        ),
        (
            _("failed by 3"),
            _("Losers flee with a run action, leave their fallen and become demoralised. "
              "Winners become inspired and either hold (take weapons and prisoners) or "
              "pursue with a run: if they catch the enemy, a new close combat follows."),
        ),
    ),
    notes=(_("A change of inspiration affects the whole squad."),),
)  # fmt: skip

# --- victory points (docs/games/black-sun.md 8) ---------------------------------------------

MISSION = Table(
    "mission-vp",
    _("Victory points: mission"),
    (_("Mission"), _("VP")),
    (
        (_("full success"), MISSION_VP["full"]),
        (_("partial success (opponent concedes)"), MISSION_VP["partial"]),
        (_("failed"), MISSION_VP["failed"]),
    ),
)


def _cvs(quality: str) -> str:
    cvs = sorted(cv for cv, q in QUALITY_BY_CV.items() if q == quality)
    return f"{cvs[0]}\u2013{cvs[-1]}" if len(cvs) > 1 else str(cvs[0])


CASUALTIES = Table(
    "casualty-vp",
    _("Victory points lost per casualty"),
    (_("Quality"), _("Base CV"), _("Dead"), _("Seriously wounded"), _("Wounded")),
    tuple(
        (
            QUALITY_LABELS[quality],
            _cvs(quality),
            vp["dead"],
            vp["seriously-wounded"],
            vp["wounded"],
        )
        for quality, vp in CASUALTY_VP.items()
    ),
    notes=(
        _("Losses of leaders (Boss and Top) count ×%(multiplier)d."),
        _("Violent death counts as dead. Stunned, unhurt and captured models cost nothing."),
    ),
    note_params=(("multiplier", LEADER_MULTIPLIER),),
)

# --- the card -------------------------------------------------------------------------------

TABLES: tuple[Table, ...] = (
    ACTIVATION,
    MOVEMENT,
    OBSERVATION,
    OBSERVATION_MODIFIERS,
    SHOOTING_MODIFIERS,
    WEAPONS,
    OFF_TABLE,
    PENETRATION_MODIFIERS,
    CHEAT_DEATH,
    ARMOUR,
    IMPACT,
    OUT_OF_ACTION,
    GUTS_POINTS,
    GUTS_TEST,
    GUTS_RESULTS,
    MISSION,
    CASUALTIES,
)
