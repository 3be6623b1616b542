"""Small builders for rules values, so a test shows only what matters to it."""

from __future__ import annotations

from rules.black_sun import validation
from rules.types import Ability, Equipment, Member, Roster, Violation

# Every faction may take a bolt-action rifle, and Adaro and Viet Cong squads need them.
RIFLE = "bolt-action-rifle"


def member(
    name: str,
    type: str = "grunt",
    *items: str | tuple[str, int],
    abilities: tuple[str | Ability, ...] = (),
    rp: int = 0,
    cv_loss: int = 0,
    status: str = "active",
    assists: str | None = None,
) -> Member:
    """``member("Ling", "grunt", "machine-gun", ("grenades", 4), abilities=("lame",))``."""
    return Member(
        name=name,
        type=type,
        equipment=tuple(
            Equipment(item) if isinstance(item, str) else Equipment(*item) for item in items
        ),
        abilities=tuple(Ability(a) if isinstance(a, str) else a for a in abilities),
        status=status,
        record={  # as the parser gives it: the values at their default left out
            key: value
            for key, value in (("rp", rp), ("cv_loss", cv_loss), ("assists", assists))
            if value
        },
    )


def roster(
    *members: Member, faction: str = "us-army", points_limit: int = 200, name: str = "Squad"
) -> Roster:
    return Roster("black-sun", name, faction, tuple(members), points_limit)


def grunts(count: int, *items: str | tuple[str, int], start: int = 1) -> list[Member]:
    return [member(f"Grunt {i}", "grunt", *items) for i in range(start, start + count)]


def squad(*extra: Member, faction: str = "us-army", points_limit: int = 200) -> Roster:
    """A valid squad (a Boss and five Grunts, all with rifles) plus ``extra`` models.

    An extra Boss replaces the squad's own, so a test can dress the Boss as it likes.
    """
    boss = [] if any(m.type == "boss" for m in extra) else [member("Boss", "boss", RIFLE)]
    return roster(*boss, *grunts(5, RIFLE), *extra, faction=faction, points_limit=points_limit)


def codes(violations: list[Violation]) -> list[str]:
    return [v.code for v in violations]


def violations(r: Roster, code: str) -> list[Violation]:
    """The violations of ``r`` with this code."""
    return [v for v in validation.validate(r) if v.code == code]
