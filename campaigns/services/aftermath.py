"""A battle's aftermath in one step (#31 item 3): under the pack the battle was scored with
(``Battle.pack_version``), its serious injuries, its experience and each advance
(``rules.aftermath``), for one side, previewed (nothing written) and kept (one
transaction). What it keeps are history entries of the battle, each with its before and
after, so that voiding the battle (``battle_void``) undoes them exactly; a last entry,
``aftermath`` (no field), marks the side's aftermath done, and who kept it.

A side's aftermath is pending once its battle is confirmed, where the battle's pack has an
aftermath table or the game marks models for a record by hand (``aftermath_kinds``; then
keeping it writes the mark alone), and done once kept.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from campaigns.adapters import LoadedSquad, campaign_rules, load_rosters
from campaigns.models import Battle, BattleSide, Campaign, Entry, HistoryEntry
from campaigns.selectors.aftermath import DONE, TABLES
from core.errors import Conflict, Invalid, NotAllowed
from rosters import services as roster_services
from rosters.models import Member
from rules import aftermath as rules_aftermath
from rules import get_system
from rules.crew import crew_names
from rules.documents import parse_battle_report
from rules.types import Change, Side


def aftermath_tables(battle: Battle) -> dict[str, Any]:
    """The aftermath's tables of the pack the battle was scored with, as read (none
    without one)."""
    if battle.pack_version_id is None:
        return {}
    read = battle.pack_version.read.read
    return {key: read[key] for key in TABLES if key in read}


@dataclass(frozen=True)
class Plan:
    """One side's aftermath, worked out: its squad's entry, the dice it asks for, what it
    changes (a preview) and the rolls used; ``tables``: under a pack's tables (else the
    models to record by hand, ``marked``)."""

    entry: Entry
    dice: tuple[rules_aftermath.Die, ...]
    changes: tuple[Change, ...]
    rolls: tuple[rules_aftermath.Rolled, ...]
    tables: bool
    marked: tuple[str, ...]
    loaded: LoadedSquad


def _entry_of(battle: Battle, user: AbstractBaseUser, entry: Entry | None) -> Entry:
    sides = list(BattleSide.objects.filter(battle=battle).select_related("entry"))
    entries = {side.entry_id: side.entry for side in sides}
    if entry is None:
        mine = [e for e in entries.values() if e.player_id == user.pk]
        if not mine:
            raise NotAllowed("battle", _("you have no side in this battle"))
        entry = mine[0]
    if entry.pk not in entries:
        raise Invalid("entry", _("this squad did not fight this battle"))
    if user.pk not in (battle.campaign.organiser_id, entry.player_id):
        raise NotAllowed(
            "battle", _("only the organiser or the squad's player can keep its aftermath")
        )
    return entries[entry.pk]


def is_done(battle: Battle, entry: Entry) -> bool:
    return battle.history.filter(entry=entry, kind=DONE).exists()


def _refuse_state(battle: Battle, entry: Entry) -> None:
    if battle.status != Battle.Status.CONFIRMED:
        raise Conflict("battle", _("the aftermath follows a confirmed battle"), code="battle-state")
    if is_done(battle, entry):
        raise Conflict("battle", _("this side's aftermath is kept already"), code="aftermath-done")
    later = Battle.objects.filter(
        campaign_id=battle.campaign_id, status=Battle.Status.CONFIRMED,
        applied_seq__gt=battle.applied_seq, sides__entry=entry,
    ).exists()  # fmt: skip
    if later:
        raise Conflict("battle", _("the squad has fought since this battle"), code="battle-state")


def _battle_changes(battle: Battle, entry: Entry) -> list[Change]:
    """The battle's own changes to the squad, from its history, in order."""
    return [
        Change(h.member.name if h.member else None, h.kind, h.field or None, h.before, h.after)
        for h in battle.history.filter(entry=entry).select_related("member").order_by("seq")
    ]


def _plan(
    battle: Battle,
    entry: Entry,
    rolls: Mapping[str, Any],
    rng: random.Random | None,
    *,
    lock: bool,
) -> Plan:
    """The side's aftermath worked out (``rng`` None: the dice it asks for alone)."""
    campaign = battle.campaign
    system = get_system(campaign.system)
    read = aftermath_tables(battle)
    loaded = load_rosters([entry.squad_id], lock=lock)[entry.squad_id]
    history = _battle_changes(battle, entry)
    marked = tuple(
        dict.fromkeys(
            c.member for c in history if c.kind in campaign_rules(campaign).aftermath_kinds
        )
    )
    if not isinstance(rolls, Mapping):
        raise Invalid("rolls", _("must be an object: a roll by die"))
    if not read:
        if rolls:
            key = next(iter(rolls))
            raise Invalid(f"rolls.{key}", _("this battle's pack has no aftermath table"))
        return Plan(entry, (), (), (), False, marked, loaded)
    report = parse_battle_report(battle.report)
    side = next((s for s in report.sides if s.squad_id == entry.squad_id), None)
    if side is None:  # a report is stored with its squads' ids (``battle_submit``)
        side = Side("loss", squad_id=entry.squad_id)
    before = rules_aftermath.revert(loaded.roster, history)
    crew = side.crew if side.crew is not None else crew_names(before)
    dice = rules_aftermath.needed(loaded.roster, side, read, crew)
    if rng is None:
        return Plan(entry, dice, (), (), True, marked, loaded)
    try:
        done = rules_aftermath.aftermath(
            system=system, roster=loaded.roster, side=side, read=read, rolls=rolls, rng=rng,
            crew=crew,
        )  # fmt: skip
    except rules_aftermath.RollRefused as refused:
        raise Invalid(f"rolls.{refused.key}", _(refused.template) % refused.params) from None
    return Plan(entry, dice, done.changes, done.rolls, True, marked, loaded)


def _locked(battle: Battle) -> Battle:
    campaign = Campaign.objects.select_for_update().get(pk=battle.campaign_id)
    # of=("self",): the battle's row only; PostgreSQL locks no row on the nullable side of
    # the join to its pack version (a battle scored without a pack)
    locked = Battle.objects.select_for_update(of=("self",)).select_related("pack_version")
    battle = locked.get(pk=battle.pk)
    battle.campaign = campaign
    return battle


@transaction.atomic
def preview_aftermath(
    *, battle: Battle, user: AbstractBaseUser, rolls: Mapping[str, Any], entry: Entry | None = None
) -> Plan:
    """What keeping the aftermath of ``entry``'s side (the user's own by default) would
    change, with ``rolls`` given and the rest rolled by the server (``Plan.rolls`` says
    which: give them back to keep what was shown); nothing is written."""
    battle = Battle.objects.select_related("campaign", "pack_version").get(pk=battle.pk)
    entry = _entry_of(battle, user, entry)
    _refuse_state(battle, entry)
    return _plan(battle, entry, rolls, random.SystemRandom(), lock=False)


@transaction.atomic
def keep_aftermath(
    *,
    battle: Battle,
    user: AbstractBaseUser,
    rolls: Mapping[str, Any],
    entry: Entry | None = None,
    rng: random.Random | None = None,
) -> Plan:
    """Keep the aftermath of ``entry``'s side (the user's own by default): every change a
    history entry of the battle (rolls given, the rest rolled by the server), then the mark
    that it is done. Refused a second time (409), by anyone but the side's player or the
    organiser (403), for a roll it cannot take (422, at ``rolls.<key>``)."""
    battle = _locked(battle)
    entry = _entry_of(battle, user, entry)
    _refuse_state(battle, entry)
    plan = _plan(battle, entry, rolls, rng or random.SystemRandom(), lock=True)
    seq = (battle.history.aggregate(last=Max("seq"))["last"] or 0) + 1
    rows = plan.loaded.rows
    changed: dict[int, Member] = {}
    written: list[HistoryEntry] = []
    for change in plan.changes:
        row = rows.get(change.member) if change.member else None
        written.append(HistoryEntry(
            battle=battle, entry=entry, member=row, seq=seq + len(written), kind=change.kind,
            field=change.field or "", before=change.before, after=change.after,
            roll=change.roll, params=change.params,
        ))  # fmt: skip
        if change.field and row is not None:
            row.set_value(change.field, change.after)
            changed[row.pk] = row
    rolled = {r.key: {"roll": r.value, "by": r.by} for r in plan.rolls}
    written.append(HistoryEntry(
        battle=battle, entry=entry, seq=seq + len(written), kind=DONE,
        params={"by": user.get_username(), "rolls": rolled},
    ))  # fmt: skip
    HistoryEntry.objects.bulk_create(written)
    if changed:
        roster_services.members_write(members=changed.values())
        roster_services.squads_touch(squad_ids=[entry.squad_id])
    return plan


def pending(battle: Battle, entry: Entry, history_kinds: set[str]) -> bool:
    """Whether a confirmed battle leaves an aftermath to keep on ``entry``'s side, from the
    kinds of the side's history entries (``history_kinds``): not done, and the battle's pack
    has an aftermath table or the battle marked a model for a record by hand."""
    if battle.status != Battle.Status.CONFIRMED or DONE in history_kinds:
        return False
    if aftermath_tables(battle):
        return True
    kinds = campaign_rules(battle.campaign).aftermath_kinds
    return bool(set(kinds) & history_kinds)


@dataclass(frozen=True)
class SideOutlook:
    """A side of a battle and its aftermath: ``state`` "pending", "done" or "none"; the dice
    it asks for while pending (``Plan``, its ``changes`` empty)."""

    side: BattleSide
    state: str
    plan: Plan | None


def outlook(*, battle: Battle) -> list[SideOutlook]:
    """Every side of ``battle`` with the state of its aftermath and, pending, its dice."""
    battle = Battle.objects.select_related("campaign", "pack_version").get(pk=battle.pk)
    kinds: dict[int, set[str]] = {}
    for entry_id, kind in battle.history.values_list("entry_id", "kind"):
        kinds.setdefault(entry_id, set()).add(kind)
    out = []
    for side in battle.sides.select_related("entry__squad", "entry__player").order_by("position"):
        seen = kinds.get(side.entry_id, set())
        if DONE in seen:
            out.append(SideOutlook(side, "done", None))
        elif pending(battle, side.entry, seen):
            out.append(
                SideOutlook(side, "pending", _plan(battle, side.entry, {}, None, lock=False))
            )
        else:
            out.append(SideOutlook(side, "none", None))
    return out
