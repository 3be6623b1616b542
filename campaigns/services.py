"""Everything that changes a campaign, each in one transaction.

Views and the API call these and nothing else to write; the game's rules come from
``rules`` through ``campaigns.adapters``. What a battle does to a squad is written by
``rosters.services`` (``members_write``, ``abilities_gain``, ``squads_touch``...), the one
owner of squad writes. A ``ServiceError`` names the field (or the path in
the battle-report document) and says what is wrong, in the user's language.

Concurrency: applying and voiding battles lock the campaign row first (``select_for_update``
on PostgreSQL; SQLite runs every transaction ``IMMEDIATE``, one writer at a time), then read
the squads, so two battles applied at the same moment to one squad run one after the other
and the second sees what the first wrote.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaigns import selectors, waiting
from campaigns.adapters import (
    LoadedSquad,
    as_enrolled,
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
    Entry,
    HistoryEntry,
    Player,
    new_invite_code,
)
from core.errors import Conflict, Invalid, Missing, NotAllowed, ServiceError
from rosters import services as roster_services
from rosters.models import Ability, Member, Squad
from rules import get_system, systems
from rules.campaign import placings
from rules.documents import MAX_POINTS_LIMIT, UNPRINTABLE, DocumentError, parse_battle_report
from rules.registry import GameSystem
from rules.types import BattleReport

__all__ = [
    "ServiceError",
    "NotAllowed",
    "Conflict",
    "ReportRefused",
    "campaign_create",
    "campaign_update",
    "campaign_invite_regenerate",
    "campaign_join",
    "player_remove",
    "enrol",
    "battle_submit",
    "battle_preview",
    "battle_confirm",
    "battle_reject",
    "battle_void",
]


class ReportRefused(Invalid):
    """A battle report the campaign cannot take; ``problems`` lists (path, message) pairs;
    ``document_error``: the rules' refusal of the document, when they could not read it."""

    code = "invalid-report"
    document_error: DocumentError | None = None

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        path, message = problems[0]
        super().__init__(path, message, problems=problems)


MAX_KEY = 100  # Battle.idempotency_key


def _check_points_limit(points_limit: int | None, game: GameSystem) -> None:
    """A whole number from 1, or ``None`` (no limit) for a game whose text prints no points."""
    if points_limit is None and game.default_points_limit is None:
        return
    if points_limit is None or not 1 <= points_limit <= MAX_POINTS_LIMIT:
        raise Invalid(
            "points_limit",
            _("the points limit is a whole number from 1 to %(max)d") % {"max": MAX_POINTS_LIMIT},
        )


# --- campaigns and players ------------------------------------------------------------------


def _campaign_name(name: str) -> str:
    """The name as stored: stripped, not blank, no control characters (as a squad's name)."""
    name = name.strip()
    if not name:
        raise ServiceError("name", _("a campaign needs a name"))
    if UNPRINTABLE.search(name):
        raise ServiceError("name", _("Names cannot hold control characters."))
    return name


@transaction.atomic
def campaign_create(
    *,
    organiser: AbstractBaseUser,
    name: str,
    system: str | None = None,
    points_limit: int | None = None,
    description: str = "",
    is_public: bool = False,
    apply_at_once: bool = False,
    require_valid_squads: bool = False,
) -> Campaign:
    """A campaign of ``system`` (default: the first game registered with campaign rules)
    organised by ``organiser``, who is its first player; its points limit is the game's
    usual one unless ``points_limit`` says otherwise."""
    if not system:
        system = next(s.code for s in systems() if s.campaign is not None)
    try:
        game = get_system(system)
    except KeyError:
        raise ServiceError("system", _("unknown game system %(code)r") % {"code": system}) from None
    if game.campaign is None:
        raise ServiceError(
            "system", _("%(game)s has no campaign rules yet") % {"game": _(game.name)}
        )
    name = _campaign_name(name)
    if points_limit is None:
        points_limit = game.default_points_limit
    _check_points_limit(points_limit, game)
    campaign = Campaign.objects.create(
        organiser=organiser, name=name, system=system, points_limit=points_limit,
        description=description, is_public=is_public, apply_at_once=apply_at_once,
        require_valid_squads=require_valid_squads,
    )  # fmt: skip
    Player.objects.create(campaign=campaign, user=organiser)
    return campaign


@transaction.atomic
def campaign_update(
    *,
    campaign: Campaign,
    name: str,
    description: str,
    points_limit: int | None,
    is_public: bool,
    apply_at_once: bool,
    house_rules: dict[str, Any],
    require_valid_squads: bool | None = None,
) -> Campaign:
    """Change the settings; a new points limit applies to every campaign squad at once.
    ``require_valid_squads`` left ``None`` keeps the setting; it applies to the squads
    enrolled from then on (those enrolled already stay)."""
    name = _campaign_name(name)
    _check_points_limit(points_limit, get_system(campaign.system))
    rules = campaign_rules(campaign)
    try:
        rules.parse_house_rules(house_rules)
    except ValueError as error:
        path = getattr(error, "path", "")
        template = getattr(error, "template", getattr(error, "message", str(error)))
        message = _(template) % error.params if getattr(error, "params", None) else _(template)
        raise ServiceError(f"house_rules.{path}".rstrip("."), message) from None
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    if points_limit != campaign.points_limit:
        roster_services.campaign_squads_limit(
            squad_ids=list(campaign.entries.values_list("squad_id", flat=True)),
            points_limit=points_limit,
        )
    campaign.name = name
    campaign.description = description
    campaign.points_limit = points_limit
    campaign.is_public = is_public
    campaign.apply_at_once = apply_at_once
    campaign.house_rules = house_rules
    if require_valid_squads is not None:
        campaign.require_valid_squads = require_valid_squads
    campaign.save()
    return campaign


@transaction.atomic
def campaign_invite_regenerate(*, campaign: Campaign, user: AbstractBaseUser) -> Campaign:
    """The organiser gives the campaign a new invitation code: the old code and link stop
    working (a link that went further than meant), the players stay."""
    campaign = Campaign.objects.select_for_update().filter(pk=campaign.pk).first()
    if campaign is None:
        raise Missing("campaign", _("This campaign was deleted meanwhile."))
    if user.pk != campaign.organiser_id:
        raise NotAllowed("campaign", _("only the organiser can make a new invitation code"))
    old = campaign.invite_code
    while campaign.invite_code == old or (
        Campaign.objects.filter(invite_code=campaign.invite_code).exists()
    ):  # 72 random bits: a clash is all but impossible, and costs one more draw
        campaign.invite_code = new_invite_code()
    campaign.save(update_fields=["invite_code"])
    return campaign


@transaction.atomic
def campaign_join(*, campaign: Campaign, user: AbstractBaseUser) -> tuple[Player, bool]:
    """Join by invitation; joining twice is harmless. The player, and True when this call
    made them one: of requests sent at the same moment, only the one whose row was stored
    (the unique constraint on campaign and user decides; the others read it back)."""
    return Player.objects.get_or_create(campaign=campaign, user=user)


@dataclass(frozen=True)
class Removed:
    username: str
    withdrawn: list[str]  # the names of the squads withdrawn
    pending: int  # reports naming one of them that still wait for the organiser


@transaction.atomic
def player_remove(*, campaign: Campaign, by: AbstractBaseUser, player: Player) -> Removed:
    """The organiser removes a player: they no longer read a private campaign, report, enrol
    or confirm. Nothing stored is lost: their squads are withdrawn (``Entry.withdrawn``), not
    deleted, so every battle they fought stays confirmed and counted, in the standings, the
    log and the history, and a withdrawn squad fights no new battle. Reports naming one of
    them that are still pending wait for the organiser, who confirms or rejects them. The
    player may join again by invitation; their withdrawn squads stay withdrawn."""
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)  # before any report
    if by.pk != campaign.organiser_id:
        raise NotAllowed("player", _("only the organiser can remove a player"))
    player = Player.objects.select_related("user").filter(pk=player.pk, campaign=campaign).first()
    if player is None:
        raise Missing("player", _("this player is not in the campaign"))
    if player.user_id == campaign.organiser_id:
        raise Conflict(
            "player", _("the organiser cannot be removed from their own campaign"), code="organiser"
        )
    entries = list(
        Entry.objects.filter(campaign=campaign, player_id=player.user_id, withdrawn__isnull=True)
        .select_related("squad")
        .order_by("enrolled", "pk")
    )
    Entry.objects.filter(pk__in=[e.pk for e in entries]).update(withdrawn=timezone.now())
    pending = (
        Battle.objects.filter(
            campaign=campaign, status=Battle.Status.PENDING, sides__entry__in=entries
        )
        .distinct()
        .count()
    )
    player.delete()
    waiting.forget([player.user_id])
    return Removed(player.user.get_username(), [e.squad.name for e in entries], pending)


@transaction.atomic
def enrol(*, campaign: Campaign, user: AbstractBaseUser, squad: Squad) -> Entry:
    """Copy the player's squad into the campaign; the original stays free to edit.

    The original squad is locked first, so the same squad enrolled twice at the same moment
    is copied once and the second request is told it is enrolled already (``Conflict``);
    the unique constraint on (campaign, original) stands behind it.
    """
    if not Player.objects.filter(campaign=campaign, user=user).exists():
        raise NotAllowed("squad", _("join the campaign before enrolling a squad"))
    if squad.owner_id != user.pk:
        raise NotAllowed("squad", _("you can only enrol your own squads"))
    squad = roster_services.squad_lock(squad=squad)  # Missing if deleted meanwhile
    if squad.in_campaign:
        raise Conflict("squad", _("this squad already belongs to a campaign"))
    if squad.system != campaign.system:
        raise ServiceError("squad", _("this squad is not for this campaign's game"))
    if Entry.objects.filter(campaign=campaign, original=squad).exists():
        raise Conflict("squad", _("this squad is already enrolled in this campaign"))
    if campaign.require_valid_squads:
        _check_valid(campaign, squad)
    copy = roster_services.squad_campaign_copy(
        squad=squad, owner=user, points_limit=campaign.points_limit
    )
    try:
        with transaction.atomic():  # a savepoint: the error must not break the transaction
            return Entry.objects.create(campaign=campaign, player=user, squad=copy, original=squad)
    except IntegrityError:  # enrolled by a request the lock did not order (cannot happen)
        raise Conflict("squad", _("this squad is already enrolled in this campaign")) from None


def _check_valid(campaign: Campaign, squad: Squad) -> None:
    """Refuse a squad that breaks a rule once enrolled (the campaign's points limit and house
    rules included), naming each rule and the model it concerns."""
    roster = as_enrolled(campaign, load_rosters([squad.pk])[squad.pk].roster)
    problems = violation_lines(squad_violations(campaign, roster))
    if problems:
        message = ngettext(
            "this campaign enrols valid squads only, and %(squad)s breaks %(count)d rule: "
            "%(problems)s",
            "this campaign enrols valid squads only, and %(squad)s breaks %(count)d rules: "
            "%(problems)s",
            len(problems),
        ) % {"squad": squad.name, "count": len(problems), "problems": "; ".join(problems)}
        raise Invalid("squad", message, code="squad-not-valid")


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
            if decided:
                _apply(battle, campaign, user, rng, report=report, rosters=rosters, sides=sides)
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
        for path, template, params in rules.check_side(roster, side):
            problems.append((f"sides[{i}].{path}", _(template) % params))
    return problems


# --- confirm, reject, apply -----------------------------------------------------------------


def _opponent(battle: Battle, user: AbstractBaseUser) -> bool:
    """A player on one of the battle's sides who did not send the report."""
    if user.pk == battle.submitted_by_id:
        return False
    return battle.sides.filter(entry__player=user, entry__withdrawn__isnull=True).exists()


def _battle_state(battle: Battle) -> Conflict:
    return Conflict(
        "battle",
        _("this battle is %(status)s") % {"status": battle.get_status_display()},
        code="battle-state",
    )


def can_decide(battle: Battle, user: AbstractBaseUser) -> bool:
    return user.pk == battle.campaign.organiser_id or _opponent(battle, user)


@transaction.atomic
def battle_confirm(
    *, battle: Battle, user: AbstractBaseUser, rng: random.Random | None = None
) -> Battle:
    """The organiser or an opposing player confirms a report: it is applied."""
    campaign = Campaign.objects.select_for_update().get(pk=battle.campaign_id)
    battle = Battle.objects.select_for_update().get(pk=battle.pk)
    battle.campaign = campaign
    if not can_decide(battle, user):
        raise NotAllowed("battle", _("only the organiser or an opponent can confirm"))
    if battle.status != Battle.Status.PENDING:
        raise _battle_state(battle)
    _apply(battle, campaign, user, rng)
    _forget_deciders(battle)
    return battle


def _forget_deciders(battle: Battle) -> None:
    """The badge counts of everyone who could decide ``battle``, counted again."""
    players = battle.sides.values_list("entry__player_id", flat=True)
    waiting.forget([battle.campaign.organiser_id, *players])


@transaction.atomic
def battle_reject(*, battle: Battle, user: AbstractBaseUser) -> Battle:
    # Campaign first, then battle: the order confirm and void take their locks in.
    campaign = Campaign.objects.select_for_update().get(pk=battle.campaign_id)
    battle = Battle.objects.select_for_update().get(pk=battle.pk)
    battle.campaign = campaign
    if not can_decide(battle, user):
        raise NotAllowed("battle", _("only the organiser or an opponent can reject"))
    if battle.status != Battle.Status.PENDING:
        raise _battle_state(battle)
    battle.status = Battle.Status.REJECTED
    battle.decided_by = user
    battle.decided_at = timezone.now()
    battle.save(update_fields=["status", "decided_by", "decided_at"])
    _forget_deciders(battle)
    return battle


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
    results = [
        rules.resolve_side(rosters[side.squad_id].roster, side, rng, house, report)
        for side in report.sides
    ]
    if rules.placings is not None:
        return results, rules.placings(report.sides, results)
    return results, placings([result.score.total_vp for result in results])


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
    place in the order battles were applied (its fields, for the caller to write)."""
    campaign.battles_applied += 1
    return {
        "status": Battle.Status.CONFIRMED,
        "applied_seq": campaign.battles_applied,
        "decided_by": user,
        "decided_at": timezone.now(),
    }


# --- void -----------------------------------------------------------------------------------


def aftermath_members(battle: Battle) -> dict[int, list[Member]]:
    """The models a confirmed battle marked for a record by hand (``aftermath_kinds``), by
    entry; empty for a game that asks for none."""
    rules = campaign_rules(battle.campaign)
    if not rules.aftermath_kinds or battle.status != Battle.Status.CONFIRMED:
        return {}
    marked: dict[int, list[Member]] = {}
    for entry in battle.history.filter(kind__in=rules.aftermath_kinds).select_related("member"):
        marked.setdefault(entry.entry_id, []).append(entry.member)
    return marked


def can_record(battle: Battle, entry: Entry, user: AbstractBaseUser) -> bool:
    return user.pk in (battle.campaign.organiser_id, entry.player_id)


@transaction.atomic
def battle_aftermath(
    *,
    battle: Battle,
    user: AbstractBaseUser,
    member: Member,
    status: str,
    record: dict[str, Any],
) -> list[HistoryEntry]:
    """What happened to a model after the battle, recorded by hand (a serious injury whose
    table the rules do not print): its new status and record values, each a history entry
    of the battle, so that voiding the battle undoes them too. Only while the battle is its
    squad's latest."""
    campaign = Campaign.objects.select_for_update().get(pk=battle.campaign_id)
    battle = Battle.objects.select_for_update().get(pk=battle.pk)
    battle.campaign = campaign
    rules = campaign_rules(campaign)
    entry = next(
        (e for e in Entry.objects.filter(sides__battle=battle) if e.squad_id == member.squad_id),
        None,
    )
    marked = aftermath_members(battle).get(entry.pk, []) if entry is not None else []
    if entry is None or member.pk not in {m.pk for m in marked}:
        raise Invalid("member", _("this battle asks for no record of %(name)s") % {
            "name": member.name})  # fmt: skip
    if not can_record(battle, entry, user):
        raise NotAllowed("battle", _("only the organiser or the squad's player can record it"))
    later = Battle.objects.filter(
        campaign=campaign, status=Battle.Status.CONFIRMED,
        applied_seq__gt=battle.applied_seq, sides__entry=entry,
    ).exists()  # fmt: skip
    if later:
        raise Conflict("battle", _("the squad has fought since this battle"), code="battle-state")
    roster_services.squads_lock(squad_ids=[member.squad_id])
    member = Member.objects.select_related("squad").get(pk=member.pk)
    values: dict[str, Any] = {}
    if status != member.status:
        if status not in Member.Status.values:
            raise Invalid("status", _("unknown status %(code)r") % {"code": status})
        values["status"] = status
    allowed = set(rules.aftermath_fields) - {"status"}
    for key in record:
        if key not in allowed:
            raise Invalid(key, _("this is not recorded after a battle"))
    checked = roster_services.record_checked(member=member, values=record)
    values.update({k: v for k, v in checked.items() if v != member.record.get(k)})
    seq = (battle.history.aggregate(last=Max("seq"))["last"] or 0) + 1
    written = []
    for i, (field, after) in enumerate(values.items()):
        written.append(HistoryEntry(
            battle=battle, entry=entry, member=member, seq=seq + i, kind="recorded",
            field=field, before=member.value(field), after=after,
            params={"by": user.get_username()},
        ))  # fmt: skip
        member.set_value(field, after)
    HistoryEntry.objects.bulk_create(written)
    roster_services.members_write(members=[member])
    roster_services.squads_touch(squad_ids=[member.squad_id])
    return written


@transaction.atomic
def battle_void(*, battle: Battle, user: AbstractBaseUser) -> Battle:
    """The organiser voids a confirmed battle: every change it made is undone, exactly.

    Only a squad's latest battle can be voided (void the later ones first): a later battle
    was fought by the squad this one left behind.
    """
    campaign = Campaign.objects.select_for_update().get(pk=battle.campaign_id)
    battle = Battle.objects.select_for_update().get(pk=battle.pk)
    if user.pk != campaign.organiser_id:
        raise NotAllowed("battle", _("only the organiser can void a battle"))
    if battle.status != Battle.Status.CONFIRMED:
        raise Conflict("battle", _("only a confirmed battle can be voided"), code="battle-state")
    later = selectors.void_first(battle)
    if later is not None:
        raise Conflict(
            "battle",
            _("battle %(number)s was fought later by the same squads: void it first")
            % {"number": later},
            code="battle-state",
        )
    entries = list(battle.history.select_related("member").order_by("-seq"))
    members: dict[int, Member] = {}
    abilities: list[int] = []
    for entry in entries:
        if not entry.field:
            continue
        if entry.field == "abilities":
            if entry.ability_id is not None:
                abilities.append(entry.ability_id)
            continue
        member = members.setdefault(entry.member_id, entry.member)
        if member.value(entry.field) != entry.after:
            raise Conflict(
                "battle",
                _("%(name)s has changed since this battle; it cannot be undone")
                % {"name": member.name},
                code="battle-state",
            )
        member.set_value(entry.field, entry.before)
    roster_services.abilities_lose(ability_ids=abilities)
    roster_services.members_write(members=members.values())
    roster_services.squads_touch(
        squad_ids=list(battle.sides.values_list("entry__squad_id", flat=True))
    )
    battle.status = Battle.Status.VOIDED
    battle.voided_by = user
    battle.voided_at = timezone.now()
    battle.save(update_fields=["status", "voided_by", "voided_at"])
    return battle
