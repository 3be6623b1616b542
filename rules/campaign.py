"""What every game's campaign shares: applying a battle's changes and placing the sides.

A game system that runs campaigns registers a ``CampaignRules`` (``rules.registry``); its
``changes`` function says what a battle did to a squad, as ``rules.types.Change`` values.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from rules.registry import get_system
from rules.types import Ability, Change, Roster, Side

WIN, DRAW, LOSS = "win", "draw", "loss"


def apply_changes(roster: Roster, changes: Iterable[Change]) -> Roster:
    """The roster with the changes applied in order (the pure twin of the campaign's writes)."""
    system = get_system(roster.system)
    members = {m.name: m for m in roster.members}
    for change in changes:
        if change.member is None or change.field is None:
            continue
        member = members[change.member]
        if change.field == "abilities":
            gained = Ability(change.after, source=change.source or "injury")
            member = replace(member, abilities=member.abilities + (gained,))
        elif change.field == "status":
            member = replace(member, status=change.after)
        else:  # a key of the game's member record
            record = {**member.record, change.field: change.after}
            member = replace(member, record=system.sparse_record(record))
        members[change.member] = member
    return replace(roster, members=tuple(members[m.name] for m in roster.members))


def placings(vps: Sequence[int]) -> list[str]:
    """Win, draw or loss for each side of one battle, from the VP each scored.

    The side with the most VP wins; sides tied at the top draw; every other side loses.
    """
    if not vps:
        return []
    best = max(vps)
    leaders = sum(1 for vp in vps if vp == best)
    return [(WIN if leaders == 1 else DRAW) if vp == best else LOSS for vp in vps]


def placings_by_outcome(sides: Sequence[Side], results: Sequence[Any]) -> list[str]:
    """Win, draw or loss as each side reported it (``CampaignRules.placings``), for a game
    whose standings count wins by outcome, not VP: a side that scored well and lost the
    fight has still lost."""
    return [side.outcome for side in sides]


def vp_words(params: dict[str, Any], before: Any, after: Any, word) -> dict[str, Any]:
    """The values of a game's own wording of a battle's ``vp`` change (``CampaignRules
    .history``): its params, the outcome in the reader's language."""
    return {**params, "outcome": word(params.get("outcome"), "outcome:")}
