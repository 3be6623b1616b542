"""A reported battle decided: confirmed, rejected, recorded after, voided."""

from __future__ import annotations

import random
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from campaigns import selectors, signals, waiting
from campaigns.adapters import (
    campaign_rules,
)
from campaigns.models import (
    Battle,
    Campaign,
    Entry,
    HistoryEntry,
)
from campaigns.services import rounds
from campaigns.services.applying import _apply
from core.errors import Conflict, Invalid, NotAllowed
from rosters import services as roster_services
from rosters.models import Member

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
    rounds.battle_applied(battle)
    _forget_deciders(battle)
    return battle


def _forget_deciders(battle: Battle) -> None:
    """The badge counts of everyone who could decide ``battle`` (or play its table again),
    counted again."""
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
    rounds.battle_unlinked(battle)
    _forget_deciders(battle)
    return battle


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
    rounds.battle_unlinked(battle)
    _forget_deciders(battle)  # a table of a round may wait for its players again
    signals.battle_voided.send(sender=Battle, battle=battle)
    return battle
