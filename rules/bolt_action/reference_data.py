"""The Bolt Action quick-reference card's tables (section 5 of ``bolt-action.md``): each
a ``Table`` keyed by its id, ``TABLES`` in the card's order, and the small formatters their
cells use (``span``, ``damage_bonus``). Their words are data, ``reference.toml``; this module
computes the parts read from the rules. The card's functions (a club pack's
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
from rules.reference_toml import load_card

CARD = load_card(__package__)


def span(low: int, high: int) -> str:
    """A range of d6 results: "1–2"."""
    return f"{low}\u2013{high}"


# --- 5.1 dice and measuring -----------------------------------------------------------------

DICE = CARD.table(
    "dice",
    params=(("cm", data.CM_PER_INCH),),
)

# --- 5.3 the six orders ---------------------------------------------------------------------

ORDERS_TABLE = CARD.table(
    "orders",
    rows=tuple((order.face, order.label, order.effect) for order in ORDERS.values()),
    params=(("down", signed(data.DOWN_TO_HIT)),),
)

# --- 5.4 pins and the order test ------------------------------------------------------------

ORDER_TEST = CARD.table(
    "order-test",
    values={"auto_pass": data.AUTO_PASS_TOTAL},
    params=(
        ("pass_pins", data.PASS_REMOVES_PINS),
        ("fail_from", data.AUTO_FAIL_FROM),
        ("top", 2 * data.DOUBLE_SIX),
        ("pins", data.PINS_PER_HIT),
        ("heavy_pins", data.TWO_PINS),
        ("pin", signed(data.PIN_MORALE)),
        ("down_kept", data.DOWN_KEPT_PINS),
    ),
)

# --- 5.5 FUBAR ------------------------------------------------------------------------------

FUBAR = CARD.table(
    "fubar",
    rows=tuple((span(row.low, row.high), row.effect) for row in FUBAR_TABLE),
    params=(("distance", distance(data.FRIENDLY_FIRE_INCHES)),),
)

# --- 5.6 quality and morale -----------------------------------------------------------------

_REGULAR = QUALITIES["regular"].morale

QUALITY_MORALE = CARD.table(
    "quality-morale",
    rows=tuple((q.label, q.morale, plus(q.damage_value)) for q in QUALITIES.values()),
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
)

# --- 5.7 movement and terrain ---------------------------------------------------------------

TERRAIN_TABLE = CARD.table(
    "terrain",
    columns=(_("Terrain"), *MOVERS.values()),
    rows=tuple(
        (t.label, *(TERRAIN_CELLS[t.moves[column]] for column in MOVERS)) for t in TERRAIN.values()
    ),
    params=(
        ("advance", distance(data.ADVANCE_INCHES)),
        ("run", distance(data.RUN_INCHES)),
        ("coherency", distance(data.COHERENCY_INCHES)),
        ("gap", inches(data.UNIT_GAP_INCHES)),
    ),
)

# --- 5.8 shooting ---------------------------------------------------------------------------

SHOOTING = CARD.table(
    "shooting",
    params=(("gap", inches(data.UNIT_GAP_INCHES)),),
)

# --- 5.9 to hit -----------------------------------------------------------------------------

TO_HIT = CARD.table(
    "to-hit",
    rows=tuple((m.label, signed(m.value)) for m in TO_HIT_MODIFIERS),
    params=(
        ("base", plus(data.BASE_TO_HIT)),
        ("inches", data.POINT_BLANK_INCHES),
        ("cm", data.POINT_BLANK_INCHES * data.CM_PER_INCH),
    ),
)

# --- 5.10 damage ----------------------------------------------------------------------------

_DAMAGE_KINDS = (
    "light-vehicle", "armoured-car", "light-tank", "medium-tank", "heavy-tank",
    "super-heavy-tank",
)  # fmt: skip

DAMAGE = CARD.table(
    "damage",
    values={
        **{q: plus(QUALITIES[q].damage_value) for q in ("inexperienced", "regular", "veteran")},
        **{kind: plus(KINDS[kind].damage_value) for kind in _DAMAGE_KINDS},
    },
    params=(
        ("natural", data.NATURAL_FAIL),
        ("hmg", signed(WEAPONS["hmg"].damage_bonus)),
        ("max", data.SMALL_ARMS_MAX_DAMAGE),
        ("nco", signed(data.NCO_KILLED_MORALE)),
    ),
)

# --- 5.11 cover -----------------------------------------------------------------------------

COVER_TABLE = CARD.table(
    "cover",
    rows=(
        *((c.label, signed(c.modifier), c.examples) for c in COVER.values()),
        (_("Unsure? roll a D6"), DASH, _("1–%(in_cover)d in cover, %(not_from)d–6 not")),
    ),
    params=(
        ("in_cover", data.COVER_ROLL_IN_COVER),
        ("not_from", data.COVER_ROLL_IN_COVER + 1),
    ),
)

# --- 5.13 morale test after shooting --------------------------------------------------------

_EXAMPLE_MODELS = 6

MORALE_TEST = CARD.table(
    "morale-test",
    params=(
        ("models", _EXAMPLE_MODELS),
        ("no_test", data.losses_to_test(_EXAMPLE_MODELS) - 1),
        ("test", data.losses_to_test(_EXAMPLE_MODELS)),
    ),
)

# --- 5.14 weapons ---------------------------------------------------------------------------

NONE = _("none")


def damage_bonus(value: int | None) -> str:
    """A damage bonus as printed: "none" (the source says so), "+1", or "—" (not given)."""
    if value is None:
        return DASH
    return NONE if value == 0 else signed(value)


WEAPONS_TABLE = CARD.table(
    "weapons",
    rows=tuple(
        (
            w.card_label,
            data.dash(w.shots),
            damage_bonus(w.damage_bonus),
            DASH if w.range is None else inches(w.range),
            w.note,
        )
        for w in WEAPONS.values()
    ),
    params=(("blank", distance(data.POINT_BLANK_INCHES)),),
)

# --- the card -------------------------------------------------------------------------------

TABLES: tuple[Table, ...] = CARD.in_order(
    DICE, ORDERS_TABLE, ORDER_TEST, FUBAR, QUALITY_MORALE, TERRAIN_TABLE, SHOOTING, TO_HIT,
    DAMAGE, COVER_TABLE, MORALE_TEST, WEAPONS_TABLE,
)  # fmt: skip
BY_KEY = {table.key: table for table in TABLES}
