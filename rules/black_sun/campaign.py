"""Black Sun campaigns: house rules and what a battle does to a squad.

A campaign may change the survival table (section 5) and the reputation award table
(section 4); both are JSON in the campaign, checked by ``parse_house_rules``, and missing
tables take the defaults. ``changes`` turns a resolved side (``battle.resolve_side``) into the
ordered history the campaign stores; ``rules.campaign.apply_changes`` replays it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rules.black_sun import battle
from rules.black_sun.tables import (
    DEFAULT_REPUTATION_TABLE,
    DEFAULT_SURVIVAL_TABLE,
    REPUTATION_DEEDS,
    SURVIVAL_RESULTS,
    ReputationTable,
    SurvivalTable,
    TableError,
    reputation_from_json,
    reputation_to_json,
    survival_from_json,
    survival_to_json,
)
from rules.campaign import apply_changes, model_changes, side_checker, vp_change
from rules.i18n import gettext_noop as _
from rules.types import BattleReport, Change, Member, Roster, Side

HOUSE_RULE_KEYS = ("survival", "reputation")

# Words for the codes a report and the history use (marked for translation).
END_STATE_LABELS = {
    "unhurt": _("unhurt"),
    "stunned": _("stunned"),
    "wounded": _("wounded"),
    "seriously-wounded": _("seriously wounded"),
    "killed": _("killed in action"),
    "violent-death": _("violent death"),
    "captured": _("captured"),
}
OUTCOME_LABELS = {
    "full": _("full success"),
    "partial": _("partial success"),
    "failed": _("failed"),
}
OTHER_RESULT_LABELS = {
    battle.RECOVERS: _("recovers fully"),
    battle.KILLED: _("dead"),
    battle.CAPTURED: _("captured: misses the next battle"),
    battle.UNHURT: _("unhurt"),
}
LABELS = {
    **END_STATE_LABELS,
    "note:treated": _("treated"),
    "column:outcome": _("Mission"),  # a report's full success, partial success or failure
    "rolls:survival_rolls": _("%(name)s: survival roll %(roll)s at the table"),
    "table:survival": _("Survival table (JSON)"),
    "table:reputation": _("Reputation awards (JSON)"),
    # the settings page's headings and fields (campaigns/house_rule_fields.py)
    "house:survival": _("Survival table"),
    "house:survival.doc_bonus": _("Doc's bonus to a survival roll"),
    "house:survival.scar": _("Advantage gained on a 6 or more"),
    "house:reputation": _("Reputation awards"),
    **{f"outcome:{k}": v for k, v in OUTCOME_LABELS.items()},
    **{f"deed:{k}": v for k, v in REPUTATION_DEEDS.items()},
    **{f"result:{k}": v for k, v in {**SURVIVAL_RESULTS, **OTHER_RESULT_LABELS}.items()},
}


def _rp_values(params: dict[str, Any], before: Any, after: Any, word) -> dict[str, Any]:
    count = params.get("count", 1)
    return {
        "signed": f"{params.get('rp', 0):+d}",
        "deed": word(params.get("deed"), "deed:"),
        "times": f" ×{count}" if count != 1 else "",
        "before": before,
        "after": after,
    }


def _fought_values(params: dict[str, Any], before: Any, after: Any, word) -> dict[str, Any]:
    treated = f" ({word('treated', 'note:')})" if params.get("treated") else ""
    return {"state": word(params.get("state")), "treated": treated}


def _survival_values(params: dict[str, Any], before: Any, after: Any, word) -> dict[str, Any]:
    roll, modifier = params.get("roll"), params.get("modifier") or 0
    total = f" + {modifier} = {roll + modifier}" if modifier and roll is not None else ""
    return {"roll": roll, "modifier": total, "result": word(params.get("result"), "result:")}


def _injury_values(params: dict[str, Any], before: Any, after: Any, word) -> dict[str, Any]:
    return {"ability": word(after, "ability:"), "roll": params.get("roll")}


# The history's words for the changes only Black Sun makes (its survival rolls, its RP), and
# for "fought": its end states are nouns as well as adjectives ("violent death", "killed in
# action"), so the state follows a colon rather than "ended the battle", and a model treated
# by a medic says so; an advantage gained on the injury roll names the roll
# (``CampaignRules.history``, ``<kind>:rolled``).
HISTORY = {
    "rp": (_("%(signed)s RP: %(deed)s%(times)s (%(before)s → %(after)s)"), _rp_values),
    "fought": (_("fought; state at the end of the battle: %(state)s%(treated)s"), _fought_values),
    "survival": (_("survival roll %(roll)s%(modifier)s: %(result)s"), _survival_values),
    "ability:rolled": (_("gained %(ability)s (injury roll %(roll)s)"), _injury_values),
}


@dataclass(frozen=True, slots=True)
class HouseRules:
    survival: SurvivalTable = DEFAULT_SURVIVAL_TABLE
    reputation: ReputationTable = DEFAULT_REPUTATION_TABLE


def default_house_rules() -> dict[str, Any]:
    return {
        "survival": survival_to_json(DEFAULT_SURVIVAL_TABLE),
        "reputation": reputation_to_json(DEFAULT_REPUTATION_TABLE),
    }


def parse_house_rules(data: Any) -> HouseRules:
    """A campaign's tables; ``{}`` gives the defaults. Raises ``TableError`` (with ``.path``)."""
    if data is None:
        return HouseRules()
    if not isinstance(data, dict):
        raise TableError("", "must be an object")
    for key in data:
        if key not in HOUSE_RULE_KEYS:
            raise TableError(key, "unknown table")
    survival = survival_from_json(data["survival"]) if "survival" in data else None
    reputation = reputation_from_json(data["reputation"]) if "reputation" in data else None
    return HouseRules(survival or DEFAULT_SURVIVAL_TABLE, reputation or DEFAULT_REPUTATION_TABLE)


def resolve_side(
    roster: Roster,
    side: Side,
    rng: random.Random,
    house_rules: HouseRules = HouseRules(),
    report: BattleReport | None = None,
) -> battle.SideResult:
    return battle.resolve_side(roster, side, rng, house_rules.survival, house_rules.reputation)


def changes(roster: Roster, side: Side | None, result: battle.SideResult) -> tuple[Change, ...]:
    """Everything the battle did to the squad, in order: its VP, then model by model.

    For each model that fought: the state it ended in, its survival roll, its new status,
    the ability it gained, then one RP change per deed (RP never below 0, step by step).
    A model that sat the battle out recovering or captured comes back active.
    """
    outcomes = {o.member: o for o in result.survival}
    awards: dict[str, list[battle.ReputationAward]] = {}
    for award in result.reputation:
        awards.setdefault(award.member, []).append(award)
    casualties = side.casualties if side is not None else ()
    treated = {c.member for c in casualties if c.details.get("treated")}

    def of(member: Member, outcome: Any) -> list[Change]:
        name = member.name
        out: list[Change] = []
        out.append(Change(name, "fought", params={"state": outcome.state,
                                                  "treated": name in treated}))  # fmt: skip
        if outcome.roll is not None:
            out.append(
                Change(
                    name,
                    "survival",
                    roll=outcome.roll,
                    params={
                        "result": outcome.result,
                        "modifier": outcome.modifier,
                        "total": outcome.total,
                        "at_table": outcome.rolled_at_table,
                    },
                )
            )
        if outcome.status != member.status:
            out.append(Change(name, "status", "status", member.status, outcome.status))
        if outcome.gained is not None:
            out.append(
                Change(
                    name,
                    "ability",
                    "abilities",
                    None,
                    outcome.gained,
                    roll=outcome.injury_roll,
                    source="injury",
                    params={"result": outcome.result},
                )
            )
        rp = member.record.get("rp", 0)
        for award in awards.get(name, ()):
            after = max(0, rp + award.rp)
            if after != rp:
                out.append(
                    Change(
                        name,
                        "rp",
                        "rp",
                        rp,
                        after,
                        params={
                            "deed": award.deed,
                            "count": award.count,
                            "rp": award.rp,
                            "doubled": award.doubled,
                        },
                    )  # fmt: skip
                )
            rp = after
        return out

    return (vp_change(side, result.score), *model_changes(
        roster, outcomes, battle.fought, battle.ABSENT_FOR_ONE_BATTLE, of
    ))  # fmt: skip


# What a report may not name: a model the squad lacks, one that sat the battle out.
CHECK_WORDS = (
    _("no model named %(name)r in %(squad)s"),
    _("%(name)r did not fight: the model is %(status)s"),
)


# Models a report names that are not in the squad, or that did not fight: recovering, captured
# and dead models sit the battle out (``battle.fought``), and a report that gives them a
# casualty, a deed or a survival roll is refused rather than scored.
check_side = side_checker(battle.fought, CHECK_WORDS, rolls="survival_rolls")


def roster_after(roster: Roster, result: battle.SideResult) -> Roster:
    """The squad as it leaves the battle: statuses, abilities gained, RP (never below 0).

    A model that sat this battle out recovering or captured has now missed its next battle
    (section 5) and is active again; a dead one stays dead. It is the campaign history
    (``changes``) replayed, so the two can never disagree.
    """
    return apply_changes(roster, changes(roster, None, result))
