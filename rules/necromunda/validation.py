"""Every gang rule of Necromunda: one leader, characteristics in range, one armour.

Encodes section 3 of ``docs/games/necromunda.md`` (rulebook: "Caractéristiques" for the 1-10
range, "Chefs de gangs" and "Test de déroute" for the one leader, "Armure" for the single
save). ``validate`` reports every rule broken as a ``Violation`` with a stable code and never
raises on a gang whose codes are known (the document parser guarantees that). Each rule is
independent. Dead fighters (``status: dead``) are kept for the history and ignored by every
rule; recovering and captured fighters count.

Violation codes, in the order they are checked:

============================  =====================================================
characteristic-range          every final characteristic (profile + advances) is
                              from 1 to 10; one violation per fighter, listing them
armour-stacked                a fighter wears at most one armour (counts included)
leader-count                  exactly one fighter of type leader (gang-level)
============================  =====================================================

``points-over-limit`` is not raised here: the text prints no costs, so a gang is only
costed when a campaign loads a points table as house-rule data (section 1.6), and no such
table exists by default. A campaign that adds one checks its total against
``Roster.points_limit`` itself (``points_violation`` below words it), after ``validate``.

Nothing else is checked: the text sets no gang size, no type counts, no weapon limits.
"""

from __future__ import annotations

from rules.i18n import gettext_noop as _
from rules.necromunda.data import (
    ARMOUR,
    CHARACTERISTIC_LABELS,
    CHARACTERISTIC_MAX,
    CHARACTERISTIC_MIN,
    CHARACTERISTICS,
    FIGHTER_TYPES,
    LEADER,
)
from rules.registry import Composition
from rules.types import Roster, Violation

_ARMOUR = frozenset(ARMOUR)
_BASE = {code: t.profile._asdict() for code, t in FIGHTER_TYPES.items()}
# The base profiles are within range (tests/rules/test_necromunda_validation.py), so only an
# advanced characteristic can break it.

CHARACTERISTIC_RANGE = _(
    "%(member)s has %(characteristics)s: a characteristic is from %(min)d to %(max)d."
)
ARMOUR_STACKED = _("%(member)s wears %(count)d armours; a fighter wears at most one.")
LEADER_COUNT = _("A gang has exactly one leader; this one has %(count)d.")
POINTS_OVER_LIMIT = _("The gang costs %(points)d points; the limit is %(limit)d.")


def _out_of_range(base: dict[str, int], advances) -> dict[str, int]:
    """The final values outside 1-10, by code, in the profile's order."""
    out = {}
    for code in CHARACTERISTICS:
        change = advances.get(code)
        if change:
            value = base[code] + change
            if not CHARACTERISTIC_MIN <= value <= CHARACTERISTIC_MAX:
                out[code] = value
    return out


def validate(roster: Roster) -> list[Violation]:
    out: list[Violation] = []
    add = out.append
    leaders = 0
    for m in roster.members:
        if m.status == "dead":
            continue
        if m.type == LEADER:
            leaders += 1
        advances = m.record.get("advances")
        if advances:
            wrong = _out_of_range(_BASE[m.type], advances)
            if wrong:
                add(Violation(
                    "characteristic-range",
                    CHARACTERISTIC_RANGE,
                    {
                        "member": m.name,
                        # English sheet labels; "values" lets a caller word them itself
                        "characteristics": ", ".join(
                            f"{CHARACTERISTIC_LABELS[code]} {value}"
                            for code, value in wrong.items()
                        ),
                        "values": wrong,
                        "min": CHARACTERISTIC_MIN,
                        "max": CHARACTERISTIC_MAX,
                    },
                    m.name,
                ))  # fmt: skip
        armour = 0
        for line in m.equipment:
            if line.item in _ARMOUR:
                armour += line.count
        if armour > 1:
            add(Violation(
                "armour-stacked", ARMOUR_STACKED, {"member": m.name, "count": armour}, m.name
            ))  # fmt: skip
    if leaders != 1:
        add(Violation("leader-count", LEADER_COUNT, {"count": leaders}))
    return out


def points_violation(points: int, limit: int | None) -> Violation | None:
    """The gang-level ``points-over-limit`` for a campaign that costs gangs (section 1.6):
    ``None`` when there is no limit or the gang is within it."""
    if limit is None or points <= limit:
        return None
    return Violation("points-over-limit", POINTS_OVER_LIMIT, {"points": points, "limit": limit})


def check_document(roster: Roster) -> list[tuple[str, str, dict[str, object]]]:
    """What makes a gang document unreadable rather than invalid (section 4.2): two
    fighters with the same name (the second and later ones are named)."""
    problems = []
    seen: set[str] = set()
    for i, member in enumerate(roster.members):
        if member.name in seen:
            problems.append((f"members[{i}].name", NAME_TWICE, {"name": member.name}))
        seen.add(member.name)
    return problems


NAME_TWICE = _("another fighter of the gang is already named %(name)r")


def type_range(fighter_type: str) -> tuple[int, int | None]:
    """``(least, most)`` fighters of a type in a gang (leader-count; no other type count)."""
    return (1, 1) if fighter_type == LEADER else (0, None)


# What a legal gang is made of, for a client that builds one: one leader, no gang size.
COMPOSITION = Composition(type_range=type_range)
