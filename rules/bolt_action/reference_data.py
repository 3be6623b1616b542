"""The Bolt Action quick-reference card's tables (section 5 of ``bolt-action.md``): pure
data, each a ``Table`` keyed by its id, ``TABLES`` in the card's order, and the small
formatters their cells use (``span``, ``damage_bonus``). The card's functions (a club pack's
weapon profiles added to the weapons table) are ``reference.py``'s.
"""

from __future__ import annotations

from rules.bolt_action import data
from rules.bolt_action.data import (
    COVER,
    DASH,
    FUBAR_TABLE,
    KINDS,
    MOVERS,
    ORDERS,
    QUALITIES,
    TERRAIN,
    TERRAIN_CELLS,
    TO_HIT_MODIFIERS,
    WEAPONS,
    distance,
    plus,
)
from rules.i18n import gettext_noop as _
from rules.reference import Table, inches, signed


def span(low: int, high: int) -> str:
    """A range of d6 results: "1–2"."""
    return f"{low}\u2013{high}"


RULE = _("Rule")

# --- 5.1 dice and measuring -----------------------------------------------------------------

DICE = Table(
    "dice",
    _("Dice and measuring"),
    (RULE, _("How")),
    (
        ("D2", _("a D6: 1–3 counts 1, 4–6 counts 2")),
        ("D3", _("a D6 halved, rounded up")),
        ("2D6", _("two dice added (2–12)")),
        ("D6+1", "2–7"),
        (_("Re-roll"), _("the second result stands, always")),
        (_("Scale"), _('1" = %(cm)d cm')),
        (_("Measuring"), _("between the closest points of bases (hull if no base); gun "
                           "barrels, arms, aerials, bayonets never count")),
        (_("When"), _("declare what you do before measuring; no measuring beforehand")),
        (_("Seeing a model"), _("its head or torso is visible; a limb, pack, rifle barrel or "
                                "periscope is not enough")),
        (_("Seeing a vehicle or gun"), _("a fair part of it is visible, not a wheel, track, "
                                         "aerial, exhaust or barrel alone")),
        (_("Leaving the table"), _("only by flanking moves or a scenario objective")),
    ),
    params=(("cm", data.CM_PER_INCH),),
)  # fmt: skip

# --- 5.2 order dice and the turn ------------------------------------------------------------

ORDER_DICE = Table(
    "order-dice",
    _("Order dice and the turn"),
    (RULE, _("How")),
    (
        (_("Dice"), _("one per unit (squad, team, gun, vehicle), reserves included; each "
                      "player has a colour; all dice go in one bag")),
        (_("Orders phase"), _("draw a die; its owner picks one of his units with no order "
                              "yet, gives it an order and sets the die beside it; takes an "
                              "order test if needed; carries out the action")),
        (_("Repeat"), _("until all dice are drawn or no unit can take an order")),
        (_("End phase"), _("all dice go back in the bag, except that units on Ambush or Down "
                           "may keep theirs; dice of units destroyed this turn leave the game")),
        (_("Length"), _("a set number of turns (scenario)")),
    ),
)  # fmt: skip

# --- 5.3 the six orders ---------------------------------------------------------------------

ORDERS_TABLE = Table(
    "orders",
    _("The six orders"),
    (_("Die"), _("Order"), _("The unit…")),
    tuple((order.face, order.label, order.effect) for order in ORDERS.values()),
    params=(("down", signed(data.DOWN_TO_HIT)),),
)

# --- 5.4 pins and the order test ------------------------------------------------------------

ORDER_TEST = Table(
    "order-test",
    _("Pins and the order test"),
    ("2D6", _("Result")),
    (
        (_("≤ modified morale"), _("pass: remove %(pass_pins)d pin, carry out the order")),
        (_("> modified morale"), _("fail: the unit goes Down instead")),
        (_("double 6"), _("no order; roll on the FUBAR table")),
        (data.AUTO_PASS_TOTAL, _("always a pass")),
        (_("%(fail_from)d or %(top)d"), _("always a fail (%(top)d is a double 6: FUBAR as "
                                          "well)")),
    ),
    notes=(
        _("A unit gets %(pins)d pin each time a shooting unit scores at least one hit on it "
          "(some heavy weapons: %(heavy_pins)d); friendly fire pins too. Each pin: %(pin)s "
          "morale and %(pin)s to hit when the unit shoots."),
        _("A unit with no pin obeys automatically. A unit with one pin or more takes an order "
          "test when it gets its die (some situations require a test anyway)."),
        _("Order test: 2D6 against morale − pins (and other modifiers)."),
        _("A pinned unit given Down needs no test and loses no pin. A pinned unit that passes "
          "its test for Rally removes D6 + %(pass_pins)d pins in all. A pinned unit that keeps "
          "its Down die into the next turn removes %(down_kept)d pin."),
    ),
    params=(
        ("pass_pins", data.PASS_REMOVES_PINS),
        ("fail_from", data.AUTO_FAIL_FROM),
        ("top", 2 * data.DOUBLE_SIX),
        ("pins", data.PINS_PER_HIT),
        ("heavy_pins", data.TWO_PINS),
        ("pin", signed(data.PIN_MORALE)),
        ("down_kept", data.DOWN_KEPT_PINS),
    ),
)  # fmt: skip

# --- 5.5 FUBAR ------------------------------------------------------------------------------

FUBAR = Table(
    "fubar",
    _("FUBAR (D6)"),
    ("D6", _("Result")),
    tuple((span(row.low, row.high), row.effect) for row in FUBAR_TABLE),
    params=(("distance", distance(data.FRIENDLY_FIRE_INCHES)),),
)

# --- 5.6 quality and morale -----------------------------------------------------------------

_REGULAR = QUALITIES["regular"].morale

QUALITY_MORALE = Table(
    "quality-morale",
    _("Quality and morale"),
    (_("Quality"), _("Morale"), _("Damage value")),
    tuple((q.label, q.morale, plus(q.damage_value)) for q in QUALITIES.values()),
    notes=(
        _("Morale modifiers: each pin %(pin)s; the squad's NCO killed %(nco)s; a team or gun "
          "crew down to one model %(one)s."),
        _("Morale never goes above %(max)d nor below %(min)d."),
        _("A unit with as many pins as its morale, or more, is destroyed."),
        _("Regular %(regular)d with 2 pins tests on %(two)d; with 5 pins, on %(five)d."),
    ),
    params=(
        ("pin", signed(data.PIN_MORALE)),
        ("nco", signed(data.NCO_KILLED_MORALE)),
        ("one", signed(data.ONE_MODEL_MORALE)),
        ("max", data.MORALE_MAX),
        ("min", data.MORALE_MIN),
        ("regular", _REGULAR),
        ("two", data.modified_morale(_REGULAR, 2)),
        ("five", data.modified_morale(_REGULAR, 5)),
    ),
)  # fmt: skip

# --- 5.7 movement and terrain ---------------------------------------------------------------

TERRAIN_TABLE = Table(
    "terrain",
    _("Movement and terrain"),
    (_("Terrain"), *MOVERS.values()),
    tuple(
        (t.label, *(TERRAIN_CELLS[t.moves[column]] for column in MOVERS)) for t in TERRAIN.values()
    ),
    notes=(
        _("Infantry: Advance %(advance)s, Run %(run)s, turning freely."),
        _("Models of a unit stay within %(coherency)s of each other; a unit ends its move at "
          "least %(gap)s from any other unit and may not pass within %(gap)s of an enemy unit, "
          "except when assaulting. Infantry may move through friendly infantry and guns; "
          "vehicles may not move through friendly units."),
        _("Units arriving from off the table come on with Advance or Run (no assault that "
          "turn); leaving the table is final."),
        _('"No Run": crossed only on an Advance order. "×2": move doubled when the whole move '
          "is on road or track."),
        _("Impassable: cliffs, water, wrecks, burning buildings, marsh, quicksand, "
          "fortifications."),
    ),
    params=(
        ("advance", distance(data.ADVANCE_INCHES)),
        ("run", distance(data.RUN_INCHES)),
        ("coherency", distance(data.COHERENCY_INCHES)),
        ("gap", inches(data.UNIT_GAP_INCHES)),
    ),
)  # fmt: skip

# --- 5.8 shooting ---------------------------------------------------------------------------

SHOOTING = Table(
    "shooting",
    _("Shooting"),
    (RULE, _("How")),
    (
        (_("Who"), _("a unit on a Fire or Advance order, or an Ambush die turned to Fire")),
        (_("Steps"), _("declare the target (one enemy unit) → target's reaction → measure "
                       "range → roll to hit → roll damage → remove casualties → target's "
                       "morale test")),
        (_("Target"), _("the whole unit fires at one target, except one-shot anti-tank "
                        "weapons, which may pick their own")),
        (_("Who fires"), _("every model in range and in sight (no holding fire); out of range "
                           "misses with no roll")),
        (_("Dice"), _("the weapon's shots per model")),
        (_("Line of fire"), _("through its own unit, never through another friendly unit nor "
                              "within %(gap)s of its models, except small arms past a friendly "
                              "tank, and mortars and howitzers over friendly troops")),
        (_("Target's reaction"), _("a unit with no order yet this turn may take a Down order "
                                   "when shot at; a unit on Ambush that is shot at may turn its "
                                   "die to Down (and is no longer in ambush)")),
    ),
    params=(("gap", inches(data.UNIT_GAP_INCHES)),),
)  # fmt: skip

# --- 5.9 to hit -----------------------------------------------------------------------------

TO_HIT = Table(
    "to-hit",
    _("To hit"),
    (_("Situation"), _("Modifier")),
    tuple((m.label, signed(m.value)) for m in TO_HIT_MODIFIERS),
    notes=(
        _("Hits on %(base)s, modified."),
        _("Needing more than 6: roll as usual; each 6 is rolled again and hits on another 6."),
    ),
    params=(
        ("base", plus(data.BASE_TO_HIT)),
        ("inches", data.POINT_BLANK_INCHES),
        ("cm", data.POINT_BLANK_INCHES * data.CM_PER_INCH),
    ),
)

# --- 5.10 damage ----------------------------------------------------------------------------

DAMAGE = Table(
    "damage",
    _("Damage"),
    (_("Target"), _("Damage value")),
    (
        (_("Inexperienced infantry or artillery"), plus(QUALITIES["inexperienced"].damage_value)),
        (_("Regular infantry or artillery"), plus(QUALITIES["regular"].damage_value)),
        (_("Veteran infantry or artillery"), plus(QUALITIES["veteran"].damage_value)),
        (_("Any light vehicle"), plus(KINDS["light-vehicle"].damage_value)),
        # armoured-transport shares the row (tests check they are equal)
        (_("Armoured car or armoured transport"), plus(KINDS["armoured-car"].damage_value)),
        (_("Light tank"), plus(KINDS["light-tank"].damage_value)),
        (_("Medium tank"), plus(KINDS["medium-tank"].damage_value)),
        (_("Heavy tank"), plus(KINDS["heavy-tank"].damage_value)),
        (_("Super-heavy tank"), plus(KINDS["super-heavy-tank"].damage_value)),
    ),
    notes=(
        _("Roll each hit again against the target's damage value; each success removes one "
          "model, chosen by the target's owner (least important first). A natural "
          "%(natural)d always fails."),
        _("Damage bonus: heavy machine gun (.50 cal) %(hmg)s; rifles, SMGs, LMGs and MMGs "
          "none: they never score above %(max)d."),
        _("Exceptional damage: a natural 6 on the damage roll, rolled again, 6 again: the "
          "shooter chooses which models fall (an NCO: %(nco)s morale; the LMG gunner; a "
          "one-shot anti-tank carrier); against a crew-served weapon (bazooka, MMG) the "
          "weapon itself and its gunner go."),
    ),
    params=(
        ("natural", data.NATURAL_FAIL),
        ("hmg", signed(WEAPONS["hmg"].damage_bonus)),
        ("max", data.SMALL_ARMS_MAX_DAMAGE),
        ("nco", signed(data.NCO_KILLED_MORALE)),
    ),
)  # fmt: skip

# --- 5.11 cover -----------------------------------------------------------------------------

COVER_TABLE = Table(
    "cover",
    _("Cover"),
    (_("Cover"), _("Modifier"), _("Examples")),
    (
        *((c.label, signed(c.modifier), c.examples) for c in COVER.values()),
        (_("Unsure? roll a D6"), DASH, _("1–%(in_cover)d in cover, %(not_from)d–6 not")),
    ),
    notes=(
        _("The target is in cover when most of its models are, as most shooters see it; a "
          "model touching a terrain area is in it. Shooting from behind a wall or hedge at a "
          "target in the open costs nothing."),
        _("Classify each terrain piece as light or hard cover before the game."),
    ),
    params=(
        ("in_cover", data.COVER_ROLL_IN_COVER),
        ("not_from", data.COVER_ROLL_IN_COVER + 1),
    ),
)  # fmt: skip

# --- 5.12 ambush ----------------------------------------------------------------------------

AMBUSH = Table(
    "ambush",
    _("Ambush"),
    (RULE, _("How")),
    (
        (_("When"), _("an enemy unit's Advance or Run, at any point of its move")),
        (_("How"), _("turn the die to Fire and shoot; the target then finishes its action with "
                     "what is left")),
        (_("Other actions"), _("no ambush, except on gun crews moving between guns and tank "
                               "crews leaving their vehicle")),
    ),
)  # fmt: skip

# --- 5.13 morale test after shooting --------------------------------------------------------

_EXAMPLE_MODELS = 6

MORALE_TEST = Table(
    "morale-test",
    _("Morale test after shooting"),
    (RULE, _("How")),
    (
        (_("When"), _("the unit loses half or more of the models it had when the shooting "
                      "began")),
        (_("Test"), _("at once, as an order test with all modifiers")),
        (_("Pass"), _("nothing happens")),
        (_("Fail"), _("the unit is destroyed")),
        (_("Example"), _("%(models)d models: %(no_test)d lost, no test; %(test)d lost, test")),
    ),
    params=(
        ("models", _EXAMPLE_MODELS),
        ("no_test", data.losses_to_test(_EXAMPLE_MODELS) - 1),
        ("test", data.losses_to_test(_EXAMPLE_MODELS)),
    ),
)  # fmt: skip

# --- 5.14 weapons ---------------------------------------------------------------------------

NONE = _("none")


def damage_bonus(value: int | None) -> str:
    """A damage bonus as printed: "none" (the source says so), "+1", or "—" (not given)."""
    if value is None:
        return DASH
    return NONE if value == 0 else signed(value)


WEAPONS_TABLE = Table(
    "weapons",
    _("Weapons"),
    (_("Weapon"), _("Shots"), _("Damage bonus"), _("Range"), _("Notes")),
    tuple(
        (
            w.card_label,
            data.dash(w.shots),
            damage_bonus(w.damage_bonus),
            DASH if w.range is None else inches(w.range),
            w.note,
        )
        for w in WEAPONS.values()
    ),
    notes=(
        _("—: the source gives no number; a gaming group may fill it in as a house rule."),
        _("Long range: the farther half of a weapon's range. Point blank: within %(blank)s."),
    ),
    params=(("blank", distance(data.POINT_BLANK_INCHES)),),
)

# --- the card -------------------------------------------------------------------------------

TABLES: tuple[Table, ...] = (
    DICE,
    ORDER_DICE,
    ORDERS_TABLE,
    ORDER_TEST,
    FUBAR,
    QUALITY_MORALE,
    TERRAIN_TABLE,
    SHOOTING,
    TO_HIT,
    DAMAGE,
    COVER_TABLE,
    AMBUSH,
    MORALE_TEST,
    WEAPONS_TABLE,
)
BY_KEY = {table.key: table for table in TABLES}
