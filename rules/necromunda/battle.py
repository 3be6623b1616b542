"""After a Necromunda battle: victory points, each fighter's end state, the report's own rules.

Encodes sections 4.3 and 5 of ``docs/games/necromunda.md``. The text has no campaign: it
makes a failed bottle test (or a voluntary bottle) the loss of the game ("Test de déroute",
"Déroute volontaire"), ends flesh-wound penalties with the battle ("Blessure légère") and
sends out-of-action fighters to a Serious Injuries table it does not print ("Hors de
combat"). Everything else here is the product's default, kept as data (``VPTable``) a
campaign may replace (``campaign.parse_house_rules``).

Every function is pure. No die is rolled by default: ``resolve_side`` takes the ``rng`` of
the campaign's interface for house rules that would roll, and uses none.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.campaign import other_sides, score_dict, unrolled_resolver
from rules.i18n import gettext_noop as _
from rules.necromunda.data import (
    BOTTLED,
    CLAIMED_DEED,
    DEFAULT_MISSION_VP,
    DEFAULT_OUT_OF_ACTION_VP,
    FLESH_WOUND,
    OUT_OF_ACTION,
    UNHURT,
)
from rules.two_sides import two_sides
from rules.types import BattleReport, Casualty, Member, Roster, Side

ABSENT_FOR_ONE_BATTLE = frozenset({"recovering", "captured"})  # they sit the battle out

# --- victory points (section 5) -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class VPTable:
    """Mission VP by outcome, and VP per enemy fighter that ended the battle out of action."""

    mission: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_MISSION_VP), hash=False)
    out_of_action: int = DEFAULT_OUT_OF_ACTION_VP


DEFAULT_VP_TABLE = VPTable()


@dataclass(frozen=True, slots=True)
class SideScore:
    squad: str
    mission_vp: int
    casualty_vp: int  # VP for the enemies out of action (counted positive)
    total_vp: int  # the sum, never below 0
    enemies_out_of_action: int = 0
    bottled: str | None = None

    def as_dict(self) -> dict[str, object]:
        return score_dict(self)

    def text_lines(self, outcome: str) -> list[str]:
        """``score_battle``'s plain output for this side."""
        bottled = f" (bottled: {self.bottled})" if self.bottled else ""
        return [
            f"{self.squad}: {outcome}{bottled}, {self.mission_vp} VP",
            f"  enemies out of action: {self.enemies_out_of_action}, +{self.casualty_vp} VP, "
            f"total {self.total_vp} VP",
        ]


def enemies_out_of_action(report: BattleReport, side: Side) -> int:
    """Fighters of the other sides that ended the battle out of action."""
    return sum(
        1
        for other in other_sides(report, side)
        for c in other.casualties
        if c.state == OUT_OF_ACTION
    )


def score_side(
    roster: Roster, side: Side, report: BattleReport, table: VPTable = DEFAULT_VP_TABLE
) -> SideScore:
    """Mission VP for the side's outcome, plus VP per enemy out of action; at least 0."""
    mission = table.mission[side.outcome]
    enemies = enemies_out_of_action(report, side)
    casualty = enemies * table.out_of_action
    return SideScore(
        roster.name,
        mission,
        casualty,
        max(0, mission + casualty),
        enemies,
        side.details.get("bottled"),
    )


# --- the report's own rules (section 4.3) ---------------------------------------------------

TWO_SIDES = _("A Necromunda battle has exactly two sides; this report has %(count)d.")
BOTTLED_LOST = _("A gang that bottled out has lost: the outcome is loss, not %(outcome)s.")
UNHURT_FLESH_WOUNDS = _("An unhurt fighter has no flesh wounds.")


def check_report(report: BattleReport) -> list[tuple[str, str, dict[str, Any]]]:
    """``(path, template, params)`` for every report-level rule broken, paths as in the
    document: exactly two sides, outcomes that fit, a bottled side lost, no flesh wounds on
    an unhurt fighter."""
    problems = two_sides(report.sides, TWO_SIDES)
    for i, side in enumerate(report.sides):
        bottled = side.details.get("bottled")
        if bottled in BOTTLED and side.outcome != "loss":
            problems.append((f"sides[{i}].outcome", BOTTLED_LOST, {"outcome": side.outcome}))
        for j, casualty in enumerate(side.casualties):
            if casualty.state == UNHURT and casualty.details.get("flesh_wounds") is not None:
                problems.append(
                    (f"sides[{i}].casualties[{j}].flesh_wounds", UNHURT_FLESH_WOUNDS, {})
                )
    return problems


CLAIMS_DISAGREE = _(
    "Enemies out of action claimed by its fighters: %(claimed)d; out of action in the other "
    "side's report: %(counted)d. Check the report before confirming it."
)


def claims_disagreements(report: BattleReport) -> list[tuple[int, str, dict[str, Any]]]:
    """``(side index, template, params)`` for each side whose fighters claim (their
    ``out_of_action`` deeds) a number of enemies out of action other than the other side's
    casualties out of action; a side that claims none is not compared (deeds are optional)."""
    problems: list[tuple[int, str, dict[str, Any]]] = []
    for i, side in enumerate(report.sides):
        claimed = sum(deeds.count(CLAIMED_DEED) for deeds in side.deeds)
        counted = enemies_out_of_action(report, side)
        if claimed and claimed != counted:
            problems.append((i, CLAIMS_DISAGREE, {"claimed": claimed, "counted": counted}))
    return problems


# --- each fighter's battle ------------------------------------------------------------------


def flesh_wounds(casualty: Casualty) -> int:
    """A casualty's flesh wounds: as reported, else 1 for ``flesh-wound`` and 0 otherwise."""
    given = casualty.details.get("flesh_wounds")
    if given is not None:
        return given
    return 1 if casualty.state == FLESH_WOUND else 0


def fought(member: Member) -> bool:
    """Fighters recovering, captured or dead before the battle did not take part."""
    return member.status == "active"


@dataclass(frozen=True, slots=True)
class FighterResult:
    """How one fighter that fought ended the battle. By default nothing lasts: flesh wounds,
    lost wounds, down and pinned end with the battle; an out-of-action fighter is marked for
    a serious injury the player records by hand (the table is not in these rules)."""

    member: str
    state: str
    flesh_wounds: int = 0

    @property
    def serious_injury(self) -> bool:
        return self.state == OUT_OF_ACTION


def fighter_results(roster: Roster, side: Side) -> tuple[FighterResult, ...]:
    """One result per fighter that fought, in the gang's order (unlisted: unhurt)."""
    casualties = {c.member: c for c in side.casualties}
    out = []
    for member in roster.members:
        if not fought(member):
            continue
        casualty = casualties.get(member.name)
        if casualty is None:
            out.append(FighterResult(member.name, UNHURT))
        else:
            out.append(FighterResult(member.name, casualty.state, flesh_wounds(casualty)))
    return tuple(out)


# A side's battle: its ``score`` and each fighter's end state (``fighters``), and how it is
# resolved (``rng`` unused: no default rolls).
SideResult, resolve_side = unrolled_resolver(
    "fighters", score_side, fighter_results, DEFAULT_VP_TABLE
)
