"""After a Black Sun battle: victory points, the survival phase and reputation awards.

Encodes ``docs/games/black-sun.md`` sections 8-10 (rulebook: "Points de victoire",
"Table Hors combat"; the survival and reputation tables are the product's readings). Every
function is pure: dice come in as given rolls or from the ``random.Random`` passed in, and
every roll used is returned so the campaign can record it.

Order matters: ``resolve_side`` runs the survival phase before awarding reputation, because
"a wound received and survived" depends on its outcome.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from rules.black_sun.data import MODEL_TYPES
from rules.black_sun.tables import (
    CASUALTY_CLASS,
    CASUALTY_VP,
    DEFAULT_REPUTATION_TABLE,
    DEFAULT_SURVIVAL_TABLE,
    DIES,
    DOUBLED_BY,
    FULL_RECOVERY,
    LASTING_INJURY,
    LEADER_MULTIPLIER,
    LEADER_TYPES,
    MISSES_NEXT_BATTLE,
    MISSION_VP,
    QUALITY_BY_CV,
    SCARS,
    ReputationTable,
    SurvivalTable,
)
from rules.campaign import score_dict
from rules.i18n import gettext_noop as _
from rules.types import BattleReport, Member, Roster, Side

DEAD_STATES = frozenset({"killed", "violent-death"})
ABSENT_FOR_ONE_BATTLE = frozenset({"recovering", "captured"})  # statuses that miss one battle
WOUND_STATES = frozenset({"wounded", "seriously-wounded"})

# --- victory points -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CasualtyVP:
    member: str
    state: str
    quality: str
    leader: bool
    vp: int  # VP lost (0 or more)


@dataclass(frozen=True, slots=True)
class SideScore:
    squad: str
    mission_vp: int
    casualty_vp: int  # VP lost, 0 or more
    total_vp: int  # mission_vp - casualty_vp; may be negative
    casualties: tuple[CasualtyVP, ...]

    def as_dict(self) -> dict[str, object]:
        return score_dict(self)

    def text_lines(self, outcome: str) -> list[str]:
        """``score_battle``'s plain output for this side: each casualty's VP lost."""
        lines = [f"{self.squad}: mission {outcome}, {self.mission_vp} VP"]
        for line in self.casualties:
            if line.vp:
                leader = ", leader x2" if line.leader else ""
                lines.append(
                    f"  - {line.member} ({line.state}, {line.quality}{leader}): -{line.vp} VP"
                )
        lines.append(f"  casualties -{self.casualty_vp} VP, total {self.total_vp} VP")
        return lines


def quality(member_type: str) -> str:
    """A model's quality comes from its type's base CV (Reading of section 6)."""
    return QUALITY_BY_CV[MODEL_TYPES[member_type].cv]


def casualty_vp(member_type: str, state: str) -> int:
    casualty_class = CASUALTY_CLASS.get(state)
    if casualty_class is None:
        return 0
    vp = CASUALTY_VP[quality(member_type)][casualty_class]
    return vp * LEADER_MULTIPLIER if member_type in LEADER_TYPES else vp


def score_side(roster: Roster, side: Side, report: BattleReport | None = None) -> SideScore:
    """A side's VP: its mission's, less those of its own casualties (``report``, the other
    sides, plays no part)."""
    lines = []
    for casualty in side.casualties:
        member = _member(roster, casualty.member)
        lines.append(
            CasualtyVP(
                member=member.name,
                state=casualty.state,
                quality=quality(member.type),
                leader=member.type in LEADER_TYPES,
                vp=casualty_vp(member.type, casualty.state),
            )
        )
    mission = MISSION_VP[side.outcome]
    lost = sum(line.vp for line in lines)
    return SideScore(roster.name, mission, lost, mission - lost, tuple(lines))


def check_report(report: BattleReport) -> list[tuple[str, str, dict[str, object]]]:
    """A survival roll given at the table is for a model that ended seriously wounded."""
    problems = []
    for i, side in enumerate(report.sides):
        seriously = {c.member for c in side.casualties if c.state == "seriously-wounded"}
        for name in side.details.get("survival_rolls", {}):
            if name not in seriously:
                problems.append((f"sides[{i}].survival_rolls.{name}",
                                 _("%(name)r did not end the battle seriously wounded"),
                                 {"name": name}))  # fmt: skip
    return problems


# --- survival phase -------------------------------------------------------------------------

RECOVERS = "recovers"  # stunned or wounded: back to full health
KILLED = "killed"  # killed in action or violent death
CAPTURED = "captured"
UNHURT = "unhurt"


@dataclass(frozen=True, slots=True)
class SurvivalOutcome:
    member: str
    state: str  # end-of-battle state
    result: str  # UNHURT, RECOVERS, KILLED, CAPTURED or a survival-table result
    status: str  # the model's status afterwards: active, recovering, captured, dead
    roll: int | None = None  # the d6 used, for seriously wounded models
    rolled_at_table: bool = False  # True: a physical die given in the report
    modifier: int = 0  # the Doc's bonus
    gained: str | None = None  # ability gained (lasting injury or scars)
    injury_roll: int | None = None  # position of the disadvantage drawn in the table's list

    @property
    def total(self) -> int | None:
        return None if self.roll is None else self.roll + self.modifier


def fought(member: Member) -> bool:
    """Models recovering, captured or dead before the battle did not take part."""
    return member.status == "active"


def doc_bonus(roster: Roster, side: Side, table: SurvivalTable) -> int:
    """+bonus when the squad's Doc fought and did not end the battle out of action."""
    for member in roster.members:
        if member.type == "doc" and fought(member) and side.state_of(member.name) == UNHURT:
            return table.doc_bonus
    return 0


def survival_phase(
    roster: Roster,
    side: Side,
    rng: random.Random,
    table: SurvivalTable = DEFAULT_SURVIVAL_TABLE,
) -> tuple[SurvivalOutcome, ...]:
    """The outcome for every model that fought, in roster order."""
    bonus = doc_bonus(roster, side, table)
    rolls = side.details.get("survival_rolls", {})
    outcomes = []
    for member in roster.members:
        if not fought(member):
            continue
        state = side.state_of(member.name)
        if state == "seriously-wounded":
            outcomes.append(_roll_survival(member, rolls, bonus, rng, table))
        elif state in DEAD_STATES:
            outcomes.append(SurvivalOutcome(member.name, state, KILLED, "dead"))
        elif state == "captured":
            outcomes.append(SurvivalOutcome(member.name, state, CAPTURED, "captured"))
        elif state == UNHURT:
            outcomes.append(SurvivalOutcome(member.name, state, UNHURT, "active"))
        else:  # stunned, wounded
            outcomes.append(SurvivalOutcome(member.name, state, RECOVERS, "active"))
    return tuple(outcomes)


_STATUS_AFTER = {
    DIES: "dead",
    LASTING_INJURY: "active",
    MISSES_NEXT_BATTLE: "recovering",
    FULL_RECOVERY: "active",
    SCARS: "active",
}


def _roll_survival(
    member: Member,
    given: Mapping[str, int],
    bonus: int,
    rng: random.Random,
    table: SurvivalTable,
) -> SurvivalOutcome:
    at_table = member.name in given
    roll = given[member.name] if at_table else rng.randint(1, 6)
    result = table.result_for(roll + bonus)
    gained = None
    injury_roll = None
    held = {a.code for a in member.abilities}
    if result == LASTING_INJURY:
        # Drawing among those it lacks is the same as re-drawing one it already has.
        choices = [code for code in table.injuries if code not in held]
        if choices:
            gained = rng.choice(choices)
            injury_roll = table.injuries.index(gained) + 1
    elif result == SCARS and table.scar not in held:
        gained = table.scar
    return SurvivalOutcome(
        member=member.name,
        state="seriously-wounded",
        result=result,
        status=_STATUS_AFTER[result],
        roll=roll,
        rolled_at_table=at_table,
        modifier=bonus,
        gained=gained,
        injury_roll=injury_roll,
    )


# --- reputation -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReputationAward:
    member: str
    deed: str  # a key of tables.REPUTATION_DEEDS
    count: int  # how many times the deed was done
    rp: int  # RP awarded for them (may be 0 or, with house rules, negative)
    doubled: bool = False


def award_reputation(
    roster: Roster,
    side: Side,
    survival: tuple[SurvivalOutcome, ...],
    table: ReputationTable = DEFAULT_REPUTATION_TABLE,
) -> tuple[ReputationAward, ...]:
    """RP earned by each key character that fought, deed by deed."""
    awards = table.awards
    died = {o.member for o in survival if o.status == "dead"}
    deeds = {d.member: d for d in side.deeds}
    out: list[ReputationAward] = []
    for member in roster.members:
        if not fought(member) or not MODEL_TYPES[member.type].key_character:
            continue
        name = member.name
        earned = [("took-part", 1)]
        if side.outcome == "full":
            earned.append(("mission-full", 1))
        elif side.outcome == "partial":
            earned.append(("mission-partial", 1))
        if side.state_of(name) in WOUND_STATES and name not in died:
            earned.append(("wound-survived", 1))
        deed = deeds.get(name)
        if deed is not None:
            earned.append(("out-of-action", deed.count("out_of_action")))
            earned.extend((key, deed.count(key)) for key in ("malice", "sarcasm", "wealth"))
        held = {a.code for a in member.abilities}
        for key, count in earned:
            if count <= 0:
                continue
            doubled = DOUBLED_BY.get(key) in held
            rp = awards[key] * count * (2 if doubled else 1)
            out.append(ReputationAward(name, key, count, rp, doubled))
    return tuple(out)


# --- a whole side ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SideResult:
    score: SideScore
    survival: tuple[SurvivalOutcome, ...]
    reputation: tuple[ReputationAward, ...]


def resolve_side(
    roster: Roster,
    side: Side,
    rng: random.Random,
    survival_table: SurvivalTable = DEFAULT_SURVIVAL_TABLE,
    reputation_table: ReputationTable = DEFAULT_REPUTATION_TABLE,
) -> SideResult:
    survival = survival_phase(roster, side, rng, survival_table)
    return SideResult(
        score=score_side(roster, side),
        survival=survival,
        reputation=award_reputation(roster, side, survival, reputation_table),
    )


def _member(roster: Roster, name: str) -> Member:
    member = roster.member(name)
    if member is None:
        raise ValueError(f"{name!r} is not a member of {roster.name!r}")
    return member
