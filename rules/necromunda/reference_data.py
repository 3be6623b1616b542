"""The Necromunda quick-reference card's tables (section 7 of ``docs/games/necromunda.md``):
pure data, each a ``Table`` keyed by its id, ``TABLES`` in the card's order, and the two
small formatters their cells use. The card's functions (a club pack's weapon profiles added
to the tables) are ``reference.py``'s.
"""

from __future__ import annotations

from rules.i18n import gettext_noop as _
from rules.necromunda import data
from rules.necromunda.data import (
    ARMOUR,
    CHARACTERISTIC_LABELS,
    CHARACTERISTICS,
    FIGHTER_TYPES,
    SECOND_DIE_LABELS,
    WEAPONS,
    grenade_range,
    strength_save_modifier,
    to_hit,
    wound_roll,
)
from rules.reference import MINUS, Cell, Table, inches, signed


def number(value: int) -> Cell:
    """A plain number as printed: itself, or a string with a true minus sign below 0."""
    return value if value >= 0 else f"{MINUS}{-value}"


def ammo(score: int) -> str:
    return f"{score}+"


# --- fighters -------------------------------------------------------------------------------

PROFILE_ORDER = ("ganger", "leader", "kid")  # table 1.2's order

PROFILES = Table(
    "profiles",
    _("Profiles"),
    (_("Type"), *(CHARACTERISTIC_LABELS[c] for c in CHARACTERISTICS), _("Profile")),
    tuple((t.label, *t.profile, t.source) for t in (FIGHTER_TYPES[code] for code in PROFILE_ORDER)),
    notes=(_("* profile completed from the Ganger (the text prints only the Ganger's)."),),
    starred=frozenset(
        i for i, code in enumerate(PROFILE_ORDER) if FIGHTER_TYPES[code].completed_from_ganger
    ),
)

# --- the turn and movement ------------------------------------------------------------------

PHASES = Table(
    "phases",
    _("Turn"),
    (_("Phase"), _("Order")),
    (
        (_("1. Movement"), _("charges first, then compulsory moves (fleeing), then the rest")),
        (_("2. Shooting"), _("each fighter may shoot once")),
        (_("3. Close combat"), _("every engaged fighter of both sides fights")),
        (_("4. Recovery"), _("broken fighters try to rally; down fighters roll")),
    ),
    notes=(
        _("Players take whole turns in turn. The game ends when a gang bottles out or "
          "gives up, or a scenario objective is met."),
    ),
)  # fmt: skip

MOVEMENT = Table(
    "movement",
    _("Movement"),
    (_("Move"), _("Distance"), _("Notes")),
    (
        (_("walk"), CHARACTERISTIC_LABELS["m"], _("climbing included; may shoot")),
        (
            _("run"), _("2 × M"),
            _('no shooting; stop on coming within 8" of a seen enemy; cannot hide'),
        ),
        (
            _("charge"), _("2 × M"),
            _("declare first; ends in base contact; short: full move toward, nothing else"),
        ),
        (_("down"), _('2" crawl'), _("nothing else")),
        (_("follow-up"), _('2"'), _("after all foes out of action")),
        (_("broken"), _('2D6"'), _("away from the enemy, toward cover")),
        (_("hidden"), "—", _("spotted by any enemy within its I in inches")),
    ),
)  # fmt: skip

TERRAIN = Table(
    "terrain",
    _("Terrain"),
    (_("Ground"), _("Movement"), _("Examples")),
    (
        (_("open"), "×1", _("floors, walkways, ladders, doors, hatches")),
        (
            _("difficult"), _('½ (1" costs 2")'),
            _("steep or slippery slopes, fungus thickets, pools of sludge, deep dust"),
        ),
        (_("very difficult"), "¼", _("tar or toxic pits, crawl spaces")),
        (_("impassable"), "—", ""),
        (_('barrier under 1" high, at most 1" thick'), _("free"), ""),
        (_('barrier 1"–2" high, at most 1" thick'), _("costs ½ M"), ""),
        (_('barrier over 2" high'), _("impassable"), ""),
    ),
    notes=(_("Running through difficult ground is slowed as well."),),
)  # fmt: skip

# --- shooting -------------------------------------------------------------------------------

BS_VALUES = tuple(range(1, 11))

TO_HIT = Table(
    "to-hit",
    _("To hit by BS"),
    (CHARACTERISTIC_LABELS["bs"], *(str(bs) for bs in BS_VALUES)),
    ((_("d6"), *(number(to_hit(bs)) for bs in BS_VALUES)),),
    notes=(
        _("A 1 always misses."),
        _("Needed: 7 − BS, then the modifiers."),
    ),
)

SEVEN_PLUS = Table(
    "seven-plus",
    _("7+ to hit"),
    (_("Needed"), _("Roll")),
    (
        *((n, label) for n, label in SECOND_DIE_LABELS.items()),
        (data.IMPOSSIBLE_TO_HIT, _("miss")),
    ),
    notes=(_("7, 8 or 9: roll a 6, then a second die."),),
)

SHOOTING_MODIFIERS = Table(
    "shooting-modifiers",
    _("Shooting modifiers"),
    (_("Target"), _("Modifier")),
    (
        (_("partial cover: half or more of the body seen, not all"), signed(-1)),
        (_("in cover: less than half seen"), signed(-2)),
        (_("appearing, disappearing or charging (overwatch)"), signed(-1)),
        (_('moved 10" or more in its last move'), signed(-1)),
        (_('small target: under ½" high or wide'), signed(-1)),
        (_('large target: over 2"'), signed(1)),
        (_("range"), _("the weapon's range modifier")),
    ),
    notes=(
        _("Fighters are never small or large targets."),
        _("A hidden fighter in cover or partial cover cannot be targeted."),
    ),
)

RANGE_ORDER = (
    "laspistol",
    "bolt-pistol",
    "autogun",
    "lasgun",
    "boltgun",
    "meltagun",
    "shotgun",
    "missile-launcher",
    "heavy-stubber",
)

WEAPON_RANGES = Table(
    "weapon-ranges",
    _("Weapon ranges (inches)"),
    (_("Weapon"), _("Short"), _("Long"), _("Max")),
    tuple(
        (w.label, str(w.short), str(w.long), w.max_range)
        for w in (WEAPONS[code] for code in RANGE_ORDER)
    ),
)

SHOTGUN_SOLID = _("Shotgun (solid shot)")
RANGE_MODIFIER_ORDER = (
    "laspistol",
    "bolt-pistol",
    "plasma-pistol",
    "autogun",
    "boltgun",
    "heavy-bolter",
    "shotgun",
)

RANGE_MODIFIERS = Table(
    "range-modifiers",
    _("Range modifiers to hit"),
    (_("Weapon"), _("Short"), _("Long")),
    tuple(
        (
            SHOTGUN_SOLID if w.code == "shotgun" else w.label,
            signed(w.hit_short),
            signed(w.hit_long),
        )
        for w in (WEAPONS[code] for code in RANGE_MODIFIER_ORDER)
    ),
)

STRENGTH_ORDER = (
    "laspistol",
    "bolt-pistol",
    "autopistol",
    "autogun",
    "lasgun",
    "boltgun",
    "meltagun",
    "lascannon",
    "autocannon",
    "heavy-stubber",
)

WEAPON_STRENGTH = Table(
    "weapon-strength",
    _("Weapon strength"),
    (_("Weapon"), CHARACTERISTIC_LABELS["s"]),
    tuple((w.label, w.strength) for w in (WEAPONS[code] for code in STRENGTH_ORDER)),
    notes=(_("High impact: S 7 or more."),),
)

AMMO_ORDER = (
    "laspistol",
    "autopistol",
    "bolt-pistol",
    "lasgun",
    "autogun",
    "boltgun",
    "flamer",
    "heavy-stubber",
)

AMMO_ROLLS = Table(
    "ammo-rolls",
    _("Ammo rolls"),
    (_("Weapon"), _("Ammo roll"), _("When")),
    (
        *(
            (
                w.label,
                ammo(w.ammo),
                _("after every shot") if "ammo-every-shot" in w.notes else _("on a to-hit 6"),
            )
            for w in (WEAPONS[code] for code in AMMO_ORDER)
        ),
        (_("Grenades"), _("always fails"), _("on a to-hit 6")),
    ),
    notes=(
        _("Roll on every to-hit 6 (one per 6 in sustained fire); below the score, the weapon "
          "is out for the battle."),
    ),
)  # fmt: skip

# --- wounds, injuries, armour ---------------------------------------------------------------

STRENGTHS = tuple(range(1, 11))
TOUGHNESSES = tuple(range(1, 11))
CANNOT_WOUND = "N"

WOUND_CHART = Table(
    "wound-chart",
    _("Wound chart (d6 needed)"),
    (_("S \\ T"), *(str(t) for t in TOUGHNESSES)),
    tuple(
        (s, *(CANNOT_WOUND if (n := wound_roll(s, t)) is None else n for t in TOUGHNESSES))
        for s in STRENGTHS
    ),
    notes=(_("N: cannot wound. Each cell is 4 + T − S, at least 2; 7 is 6; 8 or more is N."),),
)

INJURY = Table(
    "injury",
    _("Injury (d6, rolled by the attacker at 0 W)"),
    (_("d6"), _("When wounded"), _("Down: end of its own recovery phase")),
    (
        (1, _("flesh wound: −1 WS, −1 BS for the battle; pinned"),
         _("recovers with a flesh wound, pinned a turn")),
        ("2–5", _("down"), _("stays down")),
        (6, _("out of action"), _("out of action")),
    ),
    notes=(
        _("High impact (S 7+): 5–6 out of action on the roll made when the wound is caused."),
        _("WS and BS both at 0: out of action."),
    ),
)  # fmt: skip

ARMOUR_SAVE = Table(
    "armour-save",
    _("Armour saves"),
    (_("Armour"), _("Save (d6)")),
    tuple((a.label, f"{a.save}+") for a in ARMOUR.values()),
    notes=(_("Subtract the save modifier from the die; needing more than 6: no save."),),
)

SAVE_MODIFIER_STRENGTHS = (3, 4, 5, 6, 7, 8, 9)

STRENGTH_SAVE_MODIFIER = Table(
    "strength-save-modifier",
    _("Save modifier by the fighter's own S"),
    (CHARACTERISTIC_LABELS["s"], _("3 or less"), "4", "5", "6", "7", "8", _("9 or more")),
    ((_("modifier"), *(number(strength_save_modifier(s)) for s in SAVE_MODIFIER_STRENGTHS)),),
)

GRENADE_STRENGTHS = tuple(data.GRENADE_RANGES)

GRENADE_RANGE = Table(
    "grenade-range",
    _("Grenade range by thrower's S"),
    (_("Thrower's S"), _("Range")),
    tuple(
        (_("5 or more") if s == GRENADE_STRENGTHS[-1] else s, inches(grenade_range(s)))
        for s in GRENADE_STRENGTHS
    ),
    notes=(_("Scatter: artillery die halved, no limit."),),
)

# --- special shots --------------------------------------------------------------------------

TEMPLATES = Table(
    "templates",
    _("Templates"),
    (_("Case"), _("Effect")),
    (
        (_("wholly under the template"), _("hit")),
        (_("partly under"), _("hit on 4+")),
        (_("miss"), _('scatter die + artillery die (2–10"), at most half the distance to the '
                      "target; misfire: dud")),
        (_("flamer"), _("no range or cover modifiers")),
    ),
)  # fmt: skip

SUSTAINED_FIRE = Table(
    "sustained-fire",
    _("Sustained fire"),
    (_("Shots"), _("Targets"), _("Ammo rolls")),
    (
        (_("D3 per point of the weapon's value"), _('the first, or others within 4" of it'),
         _("one per 6")),
    ),
)  # fmt: skip

PINNED = Table(
    "pinned",
    _("Pinned"),
    (_("When"), _("Effect")),
    (
        (_("hit by a shot"), _("pinned")),
        (_("pinned at the start of its turn"), _("stands up at the end of that turn")),
        (_('start of its turn, a friend within 2" (not a kid, not down, not broken)'),
         _("D6 ≤ I: recovers at once")),
        (_("charged"), _("freed")),
        (_("in close combat"), _("never pinned")),
    ),
)  # fmt: skip

SHOOT_INTO_COMBAT = Table(
    "shoot-into-combat",
    _("Shooting into close combat"),
    (_("Engaged fighters"), _("Who is hit (D6)")),
    ((2, "1–3 / 4–6"), (3, "1–2 / 3–4 / 5–6")),
)

LINE_OF_SIGHT = Table(
    "line-of-sight",
    _("Line of sight in doubt"),
    (_("D6"), _("May shoot")),
    (("1–3", _("no")), ("4–6", _("yes"))),
    notes=(_("Disputes: both roll a D6, highest decides."),),
)

# --- close combat ---------------------------------------------------------------------------

CLOSE_COMBAT = Table(
    "close-combat",
    _("Close combat"),
    (_("Rule"), _("Effect")),
    (
        (_("attack dice"), _("A (+1 with two pistols or hand weapons only)")),
        (_("combat score"), _("best die + WS + modifiers")),
        (_("tie"), _("higher I wins, one hit; tie again: nothing")),
        (_("hits"), _("the difference of the scores")),
        (_("parry (sword)"), _("the opponent re-rolls its best die")),
        (_("multiple combat"), _("n-th foe: +(n−1) dice and +(n−1) score")),
        (_("down in one-to-one combat"), _("out of action")),
        (_("broken while engaged"), _('1 automatic hit, then flees 2D6"')),
        (_("broken and charged"), _("fights at WS 0")),
    ),
)

COMBAT_MODIFIERS = Table(
    "combat-modifiers",
    _("Combat score modifiers"),
    (_("Modifier"), _("Case")),
    (
        (signed(1), _("each 1 the opponent rolled (fumble)")),
        (signed(1), _("each 6 beyond the first when rolling two or more 6s (critical)")),
        (signed(1), _("charging")),
        (signed(1), _("higher up")),
        (signed(-1), _("encumbered (heavy weapon or equipment)")),
        (signed(-1), _("charging a foe behind an obstacle (that turn only)")),
    ),
    notes=(_("Weapons' to-hit modifiers never apply."),),
)

# --- nerve ----------------------------------------------------------------------------------

LEADERSHIP = Table(
    "leadership",
    _("Leadership"),
    (_("Rule"), _("Effect")),
    (
        (_("test"), _("2D6 ≤ Ld")),
        (_("when"), _('a friend within 2" goes down or out of action')),
        (_("broken"), _('flees 2D6" to cover; cannot shoot')),
        (_("rally"), _("recovery phase, in cover, out of sight: 2D6 ≤ Ld; not in the turn "
                       "it broke")),
        (_("leader"), _('within %(radius)d": use the leader\'s Ld (leader not down or '
                        "broken)")),
    ),
    params=(("radius", data.LEADERSHIP_RADIUS),),
)  # fmt: skip

BOTTLE_TEST = Table(
    "bottle-test",
    _("Bottle test"),
    (_("Rule"), _("Effect")),
    (
        (_("when"), _("start of its turn, a quarter or more of the gang down or out of action "
                      "(10 fighters: 3)")),
        (_("test"), _("2D6 above the leader's Ld (or the best Ld among fighters neither down "
                      "nor out of action): the gang loses")),
        (_("voluntary"), _("with %(voluntary)d or more down or out of action")),
    ),
    params=(("voluntary", data.VOLUNTARY_BOTTLE_FROM),),
)  # fmt: skip

OVERWATCH = Table(
    "overwatch",
    _("Overwatch"),
    (_("Rule"), _("Effect")),
    (
        (_("set"), _("start of the turn; not down, pinned or broken")),
        (_("then"), _("no move, no shot")),
        (_("fires"), _("once in the enemy turn; −1 at a target appearing, disappearing or "
                       "charging")),
    ),
)  # fmt: skip

# --- the card -------------------------------------------------------------------------------

TABLES: tuple[Table, ...] = (
    PROFILES,
    PHASES,
    MOVEMENT,
    TERRAIN,
    TO_HIT,
    SEVEN_PLUS,
    SHOOTING_MODIFIERS,
    WEAPON_RANGES,
    RANGE_MODIFIERS,
    WEAPON_STRENGTH,
    AMMO_ROLLS,
    WOUND_CHART,
    INJURY,
    ARMOUR_SAVE,
    STRENGTH_SAVE_MODIFIER,
    GRENADE_RANGE,
    TEMPLATES,
    SUSTAINED_FIRE,
    PINNED,
    SHOOT_INTO_COMBAT,
    LINE_OF_SIGHT,
    CLOSE_COMBAT,
    COMBAT_MODIFIERS,
    LEADERSHIP,
    BOTTLE_TEST,
    OVERWATCH,
)
BY_KEY = {table.key: table for table in TABLES}
