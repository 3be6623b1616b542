"""Battle reports: a ``battle-report/1`` document recorded (``battle_submit``) or
scored without writing (``battle_preview``)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from campaigns import selectors, signals, waiting
from campaigns.adapters import (
    LoadedSquad,
    load_rosters,
)
from campaigns.models import (
    Battle,
    BattleSide,
    Campaign,
    Entry,
)
from campaigns.services import rounds
from campaigns.services.applying import ReportRefused, _apply, _decided, _resolve, _side_problems
from core.errors import Conflict, Invalid, NotAllowed
from rules.documents import UNPRINTABLE, DocumentError, parse_battle_report
from rules.types import BattleReport

MAX_KEY = 100  # Battle.idempotency_key


# --- battle reports -------------------------------------------------------------------------


@dataclass(frozen=True)
class Submitted:
    battle: Battle
    created: bool  # False: the same report was sent before (same idempotency key)


def battle_submit(
    *,
    campaign: Campaign,
    user: AbstractBaseUser,
    document: Any,
    idempotency_key: str = "",
    rng: random.Random | None = None,
) -> Submitted:
    """Record a ``battle-report/1`` document; apply it at once if the campaign says so.

    Every side names a campaign squad by ``squad_id``; the sender must own one of them; every
    squad must be valid, and every model the report names must have fought. The same
    ``idempotency_key`` from the same user gives back the battle it created the first time.

    Refusals: ``NotAllowed`` (403) for a sender who is not a player of the campaign, or
    whose squad is on no side; ``Conflict`` (409) for a key sent before with another report;
    ``ReportRefused`` (400) for the rest, a document the rules cannot read keeping its
    ``DocumentError`` as ``refused.document_error`` (the API says 400 or 422 from it).
    """
    if not selectors.is_player(campaign, user):
        raise NotAllowed("", _("only a player whose squad fought can report a battle"))
    idempotency_key = idempotency_key.strip()
    if len(idempotency_key) > MAX_KEY or UNPRINTABLE.search(idempotency_key):
        raise Invalid(
            "Idempotency-Key",
            _("an idempotency key is at most %(max)d printable characters") % {"max": MAX_KEY},
        )
    if idempotency_key:
        existing = _by_key(campaign, user, idempotency_key)
        if existing is not None:
            return _same_report(existing, document)
    try:
        report = parse_battle_report(document)
    except DocumentError as error:
        refused = ReportRefused([(p.path, p.message) for p in error.problems])
        refused.document_error = error
        raise refused from None
    try:
        with transaction.atomic():
            campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
            # applied at once: the squads locked as they are read (see _apply)
            entries, rosters = _check_report(campaign, user, report, lock=campaign.apply_at_once)
            number = campaign.battles_numbered + 1
            counts, decided = {"battles_numbered": number}, {}
            if campaign.apply_at_once:  # made confirmed by its sender, in one write each
                decided = _decided(campaign, user)
                counts["battles_applied"] = campaign.battles_applied
            Campaign.objects.filter(pk=campaign.pk).update(**counts)
            battle = Battle.objects.create(
                campaign=campaign,
                number=number,
                scenario=report.scenario,
                played_on=date.fromisoformat(report.played_on) if report.played_on else None,
                report=document,
                submitted_by=user,
                idempotency_key=idempotency_key,
                **decided,
            )
            sides = BattleSide.objects.bulk_create(
                BattleSide(battle=battle, position=i, entry=entry, outcome=side.outcome)
                for i, (side, entry) in enumerate(zip(report.sides, entries, strict=True))
            )
            table = rounds.battle_link(
                campaign=campaign, battle=battle, entries=entries, number=report.round
            )
            if decided:
                _apply(battle, campaign, user, rng, report=report, rosters=rosters, sides=sides)
                if table is not None:
                    rounds.table_played(table)
            else:
                signals.report_waiting.send(sender=Battle, battle=battle)
            waiting.forget([campaign.organiser_id, *(entry.player_id for entry in entries)])
    except IntegrityError:
        # The same key sent twice at the same moment: the other request created the battle.
        existing = _by_key(campaign, user, idempotency_key) if idempotency_key else None
        if existing is None:
            raise
        return _same_report(existing, document)
    return Submitted(battle, True)


def _by_key(campaign: Campaign, user: AbstractBaseUser, key: str) -> Battle | None:
    return Battle.objects.filter(campaign=campaign, submitted_by=user, idempotency_key=key).first()


def _same_report(battle: Battle, document: Any) -> Submitted:
    if battle.report != document:
        raise Conflict(
            "Idempotency-Key", _("this key was already used for another battle report"),
            code="idempotency-key-reused",
        )  # fmt: skip
    return Submitted(battle, False)


def _check_report(
    campaign: Campaign, user: AbstractBaseUser, report: BattleReport, *, lock: bool = False
) -> tuple[list[Entry], dict[int, LoadedSquad]]:
    problems: list[tuple[str, str]] = []
    if report.system != campaign.system:
        problems.append(("system", _("this campaign plays %(code)r") % {"code": campaign.system}))
        raise ReportRefused(problems)
    squad_ids = [side.squad_id for side in report.sides]
    entries = {
        e.squad_id: e
        for e in Entry.objects.filter(
            campaign=campaign, squad_id__in=[i for i in squad_ids if i]
        ).select_related("squad")
    }
    # Every side a squad of the campaign, none the sender's: not theirs to report (403),
    # whatever else is wrong with the sides.
    if all(i in entries for i in squad_ids) and user.pk not in {
        entries[i].player_id for i in squad_ids
    }:
        raise NotAllowed("sides", _("only a player whose squad fought can report a battle"))
    seen: set[int] = set()
    for i, side in enumerate(report.sides):
        path = f"sides[{i}]"
        if side.squad_id is None:
            problems.append(
                (f"{path}.roster", _("a campaign battle names each squad by its squad_id"))
            )
        elif side.squad_id not in entries:
            problems.append(
                (
                    f"{path}.squad_id",
                    _("squad %(id)s is not in this campaign") % {"id": side.squad_id},
                )
            )
        elif side.squad_id in seen:
            problems.append((f"{path}.squad_id", _("this squad is on two sides")))
        elif entries[side.squad_id].withdrawn is not None:
            name = entries[side.squad_id].squad.name
            problems.append(
                (f"{path}.squad_id", _("%(squad)s has left the campaign") % {"squad": name})
            )
        else:
            seen.add(side.squad_id)
    if problems:
        raise ReportRefused(problems)
    chosen = [entries[i] for i in squad_ids]
    rosters = load_rosters([entry.squad_id for entry in chosen], lock=lock)
    problems = _side_problems(campaign, report, rosters, check_valid=True)
    if problems:
        raise ReportRefused(problems)
    return chosen, rosters


@dataclass(frozen=True)
class SidePreview:
    squad: str
    mission_vp: int
    casualty_vp: int
    total_vp: int
    placing: str  # a code of BattleSide.Placing


def battle_preview(*, campaign: Campaign, document: Any) -> list[SidePreview]:
    """Each side's VP and placing if the ``battle-report/1`` ``document`` were applied now,
    by the same rules and house rules as ``battle_submit``; it writes nothing. Refused
    (``ReportRefused``) where the report cannot be read or names a model that did not fight;
    a squad that breaks a rule is still scored (sending it says so). The dice the rules roll
    for the survival phase are thrown away: no game's VP depend on them."""
    try:
        report = parse_battle_report(document)
    except DocumentError as error:
        raise ReportRefused([(p.path, p.message) for p in error.problems]) from None
    if report.system != campaign.system:
        raise ReportRefused([("system", _("this campaign plays %(code)r") % {
            "code": campaign.system})])  # fmt: skip
    squad_ids = [side.squad_id for side in report.sides]
    known = set(
        Entry.objects.filter(campaign=campaign, squad_id__in=[i for i in squad_ids if i])
        .values_list("squad_id", flat=True)
    )  # fmt: skip
    missing = [
        (f"sides[{i}].squad_id", _("squad %(id)s is not in this campaign") % {"id": squad_id})
        for i, squad_id in enumerate(squad_ids)
        if squad_id not in known
    ]
    if missing or len(set(squad_ids)) != len(squad_ids):
        raise ReportRefused(missing or [("sides", _("this squad is on two sides"))])
    rosters = load_rosters(squad_ids)
    problems = _side_problems(campaign, report, rosters, check_valid=False)
    if problems:
        raise ReportRefused(problems)
    results, places = _resolve(campaign, report, rosters, random.Random(0))
    return [
        SidePreview(
            rosters[side.squad_id].roster.name, result.score.mission_vp,
            result.score.casualty_vp, result.score.total_vp, place,
        )
        for side, result, place in zip(report.sides, results, places, strict=True)
    ]  # fmt: skip
