"""Campaigns and their players: creating one, its settings and invitation, joining,
removing a player, enrolling a squad."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaigns import waiting
from campaigns.adapters import (
    as_enrolled,
    campaign_rules,
    load_rosters,
    squad_violations,
    violation_lines,
)
from campaigns.models import (
    Battle,
    Campaign,
    Entry,
    Player,
    new_invite_code,
)
from campaigns.services.packs import campaign_pack_set, house_rules_write
from core.errors import Conflict, Invalid, Missing, NotAllowed, ServiceError
from rosters import services as roster_services
from rosters.models import Pack, Squad
from rules import get_system, systems
from rules.documents import MAX_POINTS_LIMIT, UNPRINTABLE
from rules.registry import GameSystem


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
    pack: Pack | None = None,
) -> Campaign:
    """A campaign of ``system`` (default: the first game registered with campaign rules)
    organised by ``organiser``, who is its first player; its points limit is the game's
    usual one unless ``points_limit`` says otherwise; it plays with the latest version of
    ``pack`` (one of the organiser's, or shared with them), none by default."""
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
    if pack is not None:
        campaign_pack_set(campaign=campaign, user=organiser, pack=pack, token=pack.share_token)
        campaign.refresh_from_db(fields=["pack_version"])
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
    house_rules_write(campaign=campaign, house_rules=house_rules)
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
