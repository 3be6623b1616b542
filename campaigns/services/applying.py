"""Applying a battle: the game's rules run on every side and what they say is written
(``_apply``), and the refusal of a report the campaign cannot take."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.utils import timezone
from django.utils.translation import gettext as _

from campaigns.adapters import (
    LoadedSquad,
    campaign_rules,
    house_rules_of,
    load_rosters,
    squad_violations,
    violation_lines,
)
from campaigns.models import (
    Battle,
    BattleSide,
    Campaign,
    HistoryEntry,
)
from core.errors import Invalid
from rosters import services as roster_services
from rosters.models import Ability, Member
from rules import crew
from rules.campaign import placings
from rules.documents import DocumentError, parse_battle_report
from rules.types import BattleReport


class ReportRefused(Invalid):
    """A battle report the campaign cannot take; ``problems`` lists (path, message) pairs;
    ``document_error``: the rules' refusal of the document, when they could not read it."""

    code = "invalid-report"
    document_error: DocumentError | None = None

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        path, message = problems[0]
        super().__init__(path, message, problems=problems)


def _side_problems(campaign, report, rosters, *, check_valid: bool) -> list[tuple[str, str]]:
    rules = campaign_rules(campaign)
    problems = []
    for i, side in enumerate(report.sides):
        roster = rosters[side.squad_id].roster
        if check_valid:
            for line in violation_lines(squad_violations(campaign, roster)):
                problems.append(
                    (f"sides[{i}].squad_id",
                     _("%(squad)s is not valid: %(problem)s")
                     % {"squad": roster.name, "problem": line})
                )  # fmt: skip
        crewed = crew.side_problems(roster, side)
        for path, template, params in crewed or rules.check_side(
            crew.crew_roster(roster, side.crew), side
        ):
            problems.append((f"sides[{i}].{path}", _(template) % params))
    return problems


def crewed(report: BattleReport, rosters: dict[int, LoadedSquad]) -> dict[int, LoadedSquad]:
    """``rosters`` with each side's squad narrowed to its crew (``rules.crew``): the squads
    the battle's rules score and change, those left at home out of them."""
    out = dict(rosters)
    for side in report.sides:
        if side.crew is not None:
            loaded = rosters[side.squad_id]
            out[side.squad_id] = replace(loaded, roster=crew.crew_roster(loaded.roster, side.crew))
    return out


def _resolve(
    campaign: Campaign,
    report: BattleReport,
    rosters: dict[int, LoadedSquad],
    rng: random.Random,
) -> tuple[list[Any], list[str]]:
    """The game's result of each side (its score, its models' ends) and their placings,
    under the campaign's house rules."""
    rules = campaign_rules(campaign)
    house = house_rules_of(campaign)
    rosters = crewed(report, rosters)
    results = [
        rules.resolve_side(rosters[side.squad_id].roster, side, rng, house, report)
        for side in report.sides
    ]
    if rules.placings is not None:
        return results, rules.placings(report.sides, results)
    return results, placings([result.score.total_vp for result in results])


def _apply(
    battle: Battle,
    campaign: Campaign,
    user: AbstractBaseUser,
    rng: random.Random | None,
    *,
    report: BattleReport | None = None,
    rosters: dict[int, LoadedSquad] | None = None,
    sides: list[BattleSide] | None = None,
) -> None:
    """Run the rules on every side and write what they say. Caller holds the campaign lock,
    and, when it passes ``rosters``, has locked those squads before reading them; ``sides``:
    the battle's sides in order, with their entries, when the caller has just made them."""
    rng = rng or random.SystemRandom()
    if sides is None or not all(side.pk for side in sides):  # a database that returns no ids
        sides = list(battle.sides.select_related("entry").order_by("position"))
    squad_ids = [side.entry.squad_id for side in sides]
    if rosters is None or report is None:
        report = parse_battle_report(battle.report)
        rosters = load_rosters(squad_ids, lock=True)
        problems = _side_problems(campaign, report, rosters, check_valid=False)
        if problems:
            raise ReportRefused(problems)
    rules = campaign_rules(campaign)
    results, places = _resolve(campaign, report, rosters, rng)
    rosters = crewed(report, rosters)  # the rows stay the squad's: only its roster narrows
    history: list[HistoryEntry] = []
    changed: dict[int, Member] = {}
    new_abilities: list[tuple[HistoryEntry, Ability]] = []
    for side, side_report, result, place in zip(sides, report.sides, results, places, strict=True):
        loaded = rosters[side_report.squad_id]
        side.mission_vp = result.score.mission_vp
        side.casualty_vp = result.score.casualty_vp
        side.total_vp = result.score.total_vp
        side.placing = place
        if rules.casualties is not None:  # the game counts its own (models or units lost)
            side.casualties = rules.casualties(side_report, result)
        else:
            side.casualties = sum(1 for c in side_report.casualties if c.state != "unhurt")
        side.tallies = rules.tallies(side_report, result) if rules.tallies is not None else {}
        next_position = loaded.next_ability_position
        for change in rules.changes(loaded.roster, side_report, result):
            row = loaded.rows.get(change.member) if change.member else None
            entry = HistoryEntry(
                battle=battle, entry=side.entry, member=row, seq=len(history),
                kind=change.kind, field=change.field or "", before=change.before,
                after=change.after, roll=change.roll, params=change.params,
            )  # fmt: skip
            if change.field == "abilities":
                next_position[row.pk] = next_position.get(row.pk, 0) + 1
                ability = Ability(
                    member=row, position=next_position[row.pk], code=change.after,
                    gained=change.source or Ability.Gained.INJURY,
                )  # fmt: skip
                new_abilities.append((entry, ability))
            elif change.field:  # "status" or a key of the game's member record
                row.set_value(change.field, change.after)
                changed[row.pk] = row
            history.append(entry)
    roster_services.abilities_gain(abilities=[ability for _entry, ability in new_abilities])
    for entry, ability in new_abilities:
        entry.ability = ability
    HistoryEntry.objects.bulk_create(history)
    roster_services.members_write(members=changed.values())
    BattleSide.objects.bulk_update(
        sides, ["mission_vp", "casualty_vp", "total_vp", "placing", "casualties", "tallies"]
    )
    roster_services.squads_touch(squad_ids=squad_ids)
    if battle.status != Battle.Status.CONFIRMED:  # else made confirmed (``battle_submit``)
        decided = _decided(campaign, user)
        Campaign.objects.filter(pk=campaign.pk).update(battles_applied=campaign.battles_applied)
        for key, value in decided.items():
            setattr(battle, key, value)
        battle.save(update_fields=list(decided))


def _decided(campaign: Campaign, user: AbstractBaseUser) -> dict[str, Any]:
    """A battle applied: the campaign counts one more (``campaign.battles_applied``, for
    the caller to write) and the battle, confirmed by ``user``, takes that count as its
    place in the order battles were applied (its fields, for the caller to write), and the
    campaign's pack version it was scored with (its house rules)."""
    campaign.battles_applied += 1
    return {
        "status": Battle.Status.CONFIRMED,
        "pack_version_id": campaign.pack_version_id,
        "applied_seq": campaign.battles_applied,
        "decided_by": user,
        "decided_at": timezone.now(),
    }
