"""What every game's campaign shares: applying a battle's changes and placing the sides.

A game system that runs campaigns registers a ``CampaignRules`` (``rules.registry``), built
from its ``campaign`` module by ``campaign_rules``; its ``changes`` function says what a
battle did to a squad, as ``rules.types.Change`` values, the first of them its ``vp``
(``vp_change``). What a game's own module adds is its rulebook's section on victory points
and campaigns (``docs/games/<game>.md``, named in that module); no game is named here.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import make_dataclass, replace
from types import ModuleType
from typing import Any

from rules.registry import CampaignRules, get_system
from rules.types import Ability, BattleReport, Change, Member, Roster, Side

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


# ``CampaignRules``' slots and the names a game's ``campaign`` module gives them.
MODULE_NAMES = {
    "default_house_rules": "default_house_rules",
    "parse_house_rules": "parse_house_rules",
    "resolve_side": "resolve_side",
    "changes": "changes",
    "check_side": "check_side",
    "labels": "LABELS",
    "history": "HISTORY",
    "standing_columns": "STANDING_COLUMNS",
    "tallies": "tallies",
    "points": "campaign_points",
    "check_roster": "check_roster",
    "casualties": "casualties",
    "timeline_kinds": "TIMELINE_KINDS",
}


def campaign_rules(module: ModuleType, **settings: Any) -> CampaignRules:
    """A game's ``CampaignRules`` from its ``campaign`` module: every slot of
    ``MODULE_NAMES`` the module defines, and ``settings`` (``placings``, ``rank_casualties``,
    the aftermath's kinds and fields)."""
    found = {slot: getattr(module, name) for slot, name in MODULE_NAMES.items()
             if hasattr(module, name)}  # fmt: skip
    return CampaignRules(**found, **settings)


def vp_change(
    side: Side | None, score: Any, lead: Mapping[str, Any] | None = None, **tail: Any
) -> Change:
    """The first change of a battle's history: the side's outcome, ``lead`` (the game's own
    word on how it ended), the three VP of ``score``, then ``tail`` (what the game counts)."""
    params = {
        "outcome": side.outcome if side is not None else None,
        **(lead or {}),
        "mission_vp": score.mission_vp,
        "casualty_vp": score.casualty_vp,
        "total_vp": score.total_vp,
        **tail,
    }
    return Change(None, "vp", params=params)


def score_dict(score: Any) -> dict[str, object]:
    """``score_battle --json``'s side (a game's ``SideScore.as_dict``): the squad and the
    three VP keys."""
    return {
        "squad": score.squad,
        "mission_vp": score.mission_vp,
        "casualty_vp": score.casualty_vp,
        "total_vp": score.total_vp,
    }


def unrolled_resolver(
    ends: str,
    score_side: Callable[[Roster, Side, BattleReport, Any], Any],
    results: Callable[[Roster, Side], tuple[Any, ...]],
    default_table: Any,
    counts: type = object,
) -> tuple[type, Callable[..., Any]]:
    """A game whose battle rolls no die by default: its ``SideResult`` (a frozen dataclass of
    the side's ``score`` and, named ``ends``, each member's or unit's end state in order,
    with the properties of ``counts``, a class of no slots, for what the game counts of
    them) and its ``resolve_side``, which scores the side (``score_side`` under the VP
    table, ``default_table`` when none is given) and reads the end states (``results``)."""
    fields = [("score", Any), (ends, tuple[Any, ...])]
    result = make_dataclass("SideResult", fields, bases=(counts,), frozen=True, slots=True)
    result.__module__ = results.__module__

    def resolve_side(
        roster: Roster, side: Side, rng: Any, report: BattleReport, table: Any = default_table
    ) -> Any:
        """The side's score and every end state (``rng`` unused: no default rolls)."""
        return result(score_side(roster, side, report, table), results(roster, side))

    return result, resolve_side


def other_sides(report: BattleReport, side: Side) -> list[Side]:
    """The sides of ``report`` other than ``side`` (found as given, else by value)."""
    sides = report.sides
    for same in (lambda s: s is side, lambda s: s == side):
        for i, s in enumerate(sides):
            if same(s):
                return [o for j, o in enumerate(sides) if j != i]
    raise ValueError("the side is not one of the report's sides")


def model_changes(
    roster: Roster,
    ends: Mapping[str, Any],
    fought: Callable[[Member], bool],
    absent_for_one_battle: Collection[str],
    changes_of: Callable[[Member, Any], Iterable[Change]],
) -> list[Change]:
    """A squad of models' changes after a battle, model by model in its order: for each
    model that ``fought`` with an end in ``ends`` (by name), what ``changes_of(member,
    end)`` says; a model that sat the battle out with a status of
    ``absent_for_one_battle`` (recovering, captured) comes back active."""
    out: list[Change] = []
    for member in roster.members:
        end = ends.get(member.name) if fought(member) else None
        if end is None:
            if member.status in absent_for_one_battle:
                out.append(Change(member.name, "returns", "status", member.status, "active"))
            continue
        out.extend(changes_of(member, end))
    return out


def side_checker(
    fought: Callable[[Member], bool], words: tuple[str, str], rolls: str | None = None
) -> Callable[[Roster, Side], list[tuple[str, str, dict[str, Any]]]]:
    """A model game's ``check_side`` (``CampaignRules``): ``check_models`` with its
    ``fought``, its ``words`` and its ``rolls`` key."""

    def check_side(roster: Roster, side: Side) -> list[tuple[str, str, dict[str, Any]]]:
        return check_models(roster, side, fought, words, rolls)

    return check_side


def check_models(
    roster: Roster,
    side: Side,
    fought: Callable[[Member], bool],
    words: tuple[str, str],
    rolls: str | None = None,
) -> list[tuple[str, str, dict[str, Any]]]:
    """Models a report names (its casualties, its deeds and, for a game that rolls dice by
    model, the names under the side's key ``rolls``) that are not in the squad, or that did
    not ``fought``; ``words``: the game's templates for each (``name`` and ``squad``, then
    ``name`` and ``status``)."""
    missing, absent = words
    named = [(f"casualties[{i}].member", c.member) for i, c in enumerate(side.casualties)]
    named += [(f"deeds[{i}].member", d.member) for i, d in enumerate(side.deeds)]
    if rolls is not None:
        named += [(f"{rolls}.{name}", name) for name in side.details.get(rolls, {})]
    problems = []
    for path, name in named:
        member = roster.member(name)
        if member is None:
            problems.append((path, missing, {"name": name, "squad": roster.name}))
        elif not fought(member):
            problems.append((path, absent, {"name": name, "status": member.status}))
    return problems
