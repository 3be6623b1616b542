"""Rounds of a campaign night (issue #31): the organiser opens a round, its pairings drawn by
``rules.pairing``; while it is a draft, withdraws a squad from it (the round is paired again
without it) or swaps two squads; publishes it; closes it, or it closes itself when every
table's battle is confirmed. A battle reported between the two squads of a table of a
published round is linked to that table (``battle_link``).

The pairing's history is the campaign's: every earlier round's tables and byes (published or
closed), and every battle between two squads that is confirmed or waiting for confirmation.
The order by standings is ``selectors.standings``' (a bye counts there as the game's rules
say, ``CampaignRules.bye_placing`` and ``bye_vp``).

A squad is paired, not a player: a player with two squads enrolled may meet themself.

A round paired by challenge, a table's scenario and each squad's crew at its table:
``campaigns.services.tables``.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaigns import selectors, signals, waiting
from campaigns.models import (
    MAX_SEED,
    Battle,
    BattleSide,
    Campaign,
    Challenge,
    Entry,
    Pairing,
    Round,
    Seat,
    Withdrawal,
)
from campaigns.services.applying import ReportRefused
from core.errors import Conflict, Invalid, NotAllowed
from rules.pairing import RoundPairing, pair_at_random, pair_by_standings

OPEN_MODES = (Round.Mode.RANDOM, Round.Mode.STANDINGS, Round.Mode.CHALLENGE)


def _organiser(campaign: Campaign, by: AbstractBaseUser) -> Campaign:
    """The campaign locked (every round write takes this lock first), if ``by`` runs it."""
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    if by.pk != campaign.organiser_id:
        raise NotAllowed("round", _("only the organiser runs the rounds"))
    return campaign


def _locked_round(round: Round, by: AbstractBaseUser) -> Round:
    campaign = _organiser(round.campaign, by)
    round = Round.objects.select_for_update().get(pk=round.pk)
    round.campaign = campaign
    return round


_NOT_PLAYED = gettext_noop("round %(number)d is not being played (it is %(status)s)")


def _state(round: Round, expected: str) -> None:
    if round.status == expected:
        return
    messages = {  # translated here: the templates are marked with gettext_noop
        Round.Status.DRAFT: gettext_noop("round %(number)d is %(status)s: its pairings stand"),
        Round.Status.PUBLISHED: _NOT_PLAYED,
    }
    raise Conflict(
        "round",
        _(messages[expected]) % {"number": round.number, "status": round.get_status_display()},
        code="round-state",
    )


def history(campaign: Campaign) -> list[tuple[int, int | None]]:
    """The campaign's games so far as ``rules.pairing`` reads them, by entry id: one
    ``(entry, opponent)`` per table of an earlier round and per pair of squads of a battle
    confirmed or waiting, ``(entry, None)`` per bye (2 queries)."""
    seats = Seat.objects.filter(round__campaign=campaign).exclude(round__status=Round.Status.DRAFT)
    games: dict[tuple[str, int], list[int]] = defaultdict(list)
    for pairing_id, entry_id in seats.values_list("pairing_id", "entry_id"):
        games["pairing", pairing_id].append(entry_id)
    sides = BattleSide.objects.filter(
        battle__campaign=campaign,
        battle__status__in=[Battle.Status.PENDING, Battle.Status.CONFIRMED],
    )
    for battle_id, entry_id in sides.values_list("battle_id", "entry_id"):
        games["battle", battle_id].append(entry_id)
    met: list[tuple[int, int | None]] = []
    for (kind, _pk), entries in games.items():
        if kind == "pairing" and len(entries) == 1:
            met.append((entries[0], None))
        for i, first in enumerate(entries):
            met.extend((first, second) for second in entries[i + 1 :])
    return met


def _players(round: Round) -> list[int]:
    """The entries the round pairs: the campaign's squads still in it, less those withdrawn
    from this round, in the standings' order (best placed first)."""
    out = set(Withdrawal.objects.filter(round=round).values_list("entry_id", flat=True))
    return [
        s.entry.pk
        for s in selectors.standings(round.campaign)
        if s.entry.withdrawn is None and s.entry.pk not in out
    ]


def _pair(round: Round) -> None:
    """Draw the round's tables again, from scratch."""
    players = _players(round)
    met = history(round.campaign)
    if round.mode == Round.Mode.RANDOM:
        drawn = pair_at_random(players, random.Random(round.seed), met)
    elif round.mode == Round.Mode.CHALLENGE:  # a squad gone from the campaign frees its pair
        playing = set(players)
        fixed = [pair for pair in accepted_pairs(round) if playing.issuperset(pair)]
        drawn = pair_by_standings(players, met, fixed)
    else:
        drawn = pair_by_standings(players, met)
    Pairing.objects.filter(round=round).delete()
    _store(round, drawn)


def _store(round: Round, drawn: RoundPairing) -> None:
    tables = [(t.number, (t.first, t.second), t.rematch) for t in drawn.tables]
    if drawn.bye is not None:
        tables.append((None, (drawn.bye,), False))
    pairings = Pairing.objects.bulk_create(
        Pairing(round=round, table=number, forced_rematch=rematch)
        for number, _entries, rematch in tables
    )
    Seat.objects.bulk_create(
        Seat(round=round, pairing=pairing, entry_id=entry, position=position)
        for pairing, (_number, entries, _rematch) in zip(pairings, tables, strict=True)
        for position, entry in enumerate(entries)
    )
    round.forced_rematches = drawn.forced_rematches
    round.save(update_fields=["forced_rematches"])


@transaction.atomic
def round_open(
    *, campaign: Campaign, by: AbstractBaseUser, mode: str, seed: int | None = None
) -> Round:
    """The campaign's next round, a draft paired by ``mode`` (``random``: from ``seed``, drawn
    when not given; ``standings``: by the campaign's standings). The previous round must be
    closed; the round needs two squads still in the campaign."""
    campaign = _organiser(campaign, by)
    if mode not in OPEN_MODES:
        raise Invalid("mode", _("a round is paired at random, by standings or by challenge"))
    if seed is not None and not 0 <= seed < MAX_SEED:
        raise Invalid("seed", _("a seed is a whole number from 0 to %(max)d") % {
            "max": MAX_SEED - 1})  # fmt: skip
    last = Round.objects.filter(campaign=campaign).order_by("-number").first()
    if last is not None and last.status != Round.Status.CLOSED:
        raise Conflict(
            "round", _("round %(number)d is still open: close it first") % {
                "number": last.number}, code="round-state",
        )  # fmt: skip
    if Entry.objects.filter(campaign=campaign, withdrawn__isnull=True).count() < 2:
        raise Conflict("round", _("a round needs two squads in the campaign"), code="round-state")
    if mode == Round.Mode.RANDOM and seed is None:
        seed = random.SystemRandom().randrange(MAX_SEED)
    round = Round.objects.create(
        campaign=campaign, number=last.number + 1 if last else 1, mode=mode,
        seed=seed if mode == Round.Mode.RANDOM else None, opened_by=by,
    )  # fmt: skip
    _pair(round)
    return round


def _seat(round: Round, entry: Entry, place: str) -> Seat:
    seat = Seat.objects.select_related("pairing").filter(round=round, entry=entry).first()
    if seat is not None:
        return seat
    if entry.campaign_id != round.campaign_id:
        raise Invalid(place, _("this squad is not in this campaign"))
    if Withdrawal.objects.filter(round=round, entry=entry).exists():
        raise Invalid(place, _("%(squad)s is withdrawn from this round") % {
            "squad": entry.squad.name})  # fmt: skip
    raise Invalid(place, _("%(squad)s does not play in this round") % {"squad": entry.squad.name})


@transaction.atomic
def round_withdraw(*, round: Round, entry: Entry, by: AbstractBaseUser) -> Round:
    """The organiser leaves a squad out of a draft round: the round is paired again without
    it (swaps made before are drawn again too)."""
    round = _locked_round(round, by)
    _state(round, Round.Status.DRAFT)
    _seat(round, entry, "entry")  # refuses a squad not in the round, or withdrawn already
    Withdrawal.objects.create(round=round, entry=entry, by=by)
    Challenge.objects.filter(round=round).filter(Q(entry=entry) | Q(opponent=entry)).delete()
    _pair(round)
    return round


@transaction.atomic
def round_swap(*, round: Round, first: Entry, second: Entry, by: AbstractBaseUser) -> Round:
    """The organiser swaps two squads of a draft round: each takes the other's table (or
    bye); each table says again whether its two squads have met before."""
    round = _locked_round(round, by)
    _state(round, Round.Status.DRAFT)
    a, b = _seat(round, first, "first"), _seat(round, second, "second")
    if a.pairing_id == b.pairing_id:
        raise Invalid("second", _("these two squads already sit at the same table"))
    Seat.objects.filter(pk__in=[a.pk, b.pk]).delete()
    Seat.objects.bulk_create([
        Seat(round=round, pairing_id=a.pairing_id, entry_id=b.entry_id, position=a.position,
             crew=b.crew),
        Seat(round=round, pairing_id=b.pairing_id, entry_id=a.entry_id, position=b.position,
             crew=a.crew),
    ])  # fmt: skip
    met = {frozenset(pair) for pair in history(round.campaign)}
    tables: dict[int, list[int]] = defaultdict(list)
    for pairing_id, entry_id in Seat.objects.filter(round=round).values_list(
        "pairing_id", "entry_id"
    ):
        tables[pairing_id].append(entry_id)
    pairings = list(Pairing.objects.filter(round=round))
    for pairing in pairings:
        pairing.forced_rematch = (
            len(tables[pairing.pk]) == 2 and frozenset(tables[pairing.pk]) in met
        )
    Pairing.objects.bulk_update(pairings, ["forced_rematch"])
    round.forced_rematches = sum(p.forced_rematch for p in pairings)
    round.save(update_fields=["forced_rematches"])
    return round


@transaction.atomic
def round_publish(*, round: Round, by: AbstractBaseUser) -> Round:
    """The organiser publishes a draft round: its pairings stand and its battles may be
    reported."""
    round = _locked_round(round, by)
    _state(round, Round.Status.DRAFT)
    round.status = Round.Status.PUBLISHED
    round.published = timezone.now()
    round.save(update_fields=["status", "published"])
    waiting.forget_round(round)
    signals.round_published.send(sender=Round, round=round)
    return round


@transaction.atomic
def round_close(*, round: Round, by: AbstractBaseUser) -> Round:
    """The organiser closes a published round, every battle played or not; the next round
    may then be opened."""
    round = _locked_round(round, by)
    _state(round, Round.Status.PUBLISHED)
    _close(round, by)
    return round


def _close(round: Round, by: AbstractBaseUser | None) -> None:
    round.status = Round.Status.CLOSED
    round.closed = timezone.now()
    round.closed_by = by
    round.save(update_fields=["status", "closed", "closed_by"])
    waiting.forget_round(round)


# --- challenges: the accepted pairs, which the pairing keeps (campaigns.services.tables) ----


def accepted_pairs(round: Round) -> list[tuple[int, int]]:
    """The pairs of entries the organiser accepted for ``round``, each once (1 query)."""
    pairs: dict[frozenset[int], tuple[int, int]] = {}
    for entry_id, opponent_id in Challenge.objects.filter(
        round=round, status=Challenge.Status.ACCEPTED
    ).values_list("entry_id", "opponent_id"):
        pairs.setdefault(frozenset((entry_id, opponent_id)), (entry_id, opponent_id))
    return list(pairs.values())


def battle_link(
    *, campaign: Campaign, battle: Battle, entries: Iterable[Entry], number: int | None
) -> Pairing | None:
    """Link a battle just reported to its table: the table of round ``number`` (a published
    round of the campaign, where the battle's two squads sit, with no battle yet: refused
    otherwise, at ``round``), or, without a number, the table of a published round where its
    two squads sit and that has no battle yet (none: the battle is linked to nothing).
    Caller holds the campaign lock."""
    entry_ids = {entry.pk for entry in entries}
    seats = Seat.objects.filter(
        round__campaign=campaign, entry_id__in=entry_ids, pairing__table__isnull=False
    )
    if number is not None:
        round = Round.objects.filter(campaign=campaign, number=number).first()
        if round is None:
            raise ReportRefused([("round", _("this campaign has no round %(number)d") % {
                "number": number})])  # fmt: skip
        if round.status != Round.Status.PUBLISHED:
            raise ReportRefused([("round", _(_NOT_PLAYED) % {
                "number": number, "status": round.get_status_display()})])  # fmt: skip
        seats = seats.filter(round=round)
    else:
        seats = seats.filter(round__status=Round.Status.PUBLISHED)
    tables: dict[int, set[int]] = defaultdict(set)
    for pairing_id, entry_id in seats.values_list("pairing_id", "entry_id"):
        tables[pairing_id].add(entry_id)
    found = [pk for pk, seated in tables.items() if seated == entry_ids]
    if not found and number is None:  # a battle outside the rounds: 1 query in all
        return None
    free = Pairing.objects.filter(pk__in=found, battle__isnull=True).order_by("round__number")
    pairing = free.select_related("round").first()
    if pairing is None:
        if number is None:
            return None
        taken = Pairing.objects.filter(pk__in=found).select_related("battle").first()
        message = (
            _("these squads' table of round %(number)d has its battle already (battle "
              "%(battle)d)") % {"number": number, "battle": taken.battle.number}
            if taken is not None
            else _("these squads are not paired together in round %(number)d") % {
                "number": number}
        )  # fmt: skip
        raise ReportRefused([("round", message)])
    pairing.battle = battle
    pairing.save(update_fields=["battle"])
    return pairing


def battle_applied(battle: Battle) -> None:
    """A battle confirmed: if it is a table's, ``table_played``. Caller holds the campaign
    lock."""
    pairing = Pairing.objects.filter(battle=battle).select_related("round").first()
    if pairing is not None:
        table_played(pairing)


def table_played(pairing: Pairing) -> None:
    """The battle of ``pairing`` confirmed: its round closes when every table's battle is
    confirmed. Caller holds the campaign lock."""
    if pairing.round.status != Round.Status.PUBLISHED:
        return
    unplayed = (
        Pairing.objects.filter(round=pairing.round, table__isnull=False)
        .exclude(battle__status=Battle.Status.CONFIRMED)
        .exists()
    )
    if not unplayed:
        _close(pairing.round, None)


def battle_unlinked(battle: Battle) -> None:
    """A battle rejected or voided leaves its table free for another report."""
    Pairing.objects.filter(battle=battle).update(battle=None)


def next_number(campaign: Campaign) -> int:
    """The number the campaign's next round will take."""
    last = Round.objects.filter(campaign=campaign).aggregate(last=Max("number"))["last"]
    return (last or 0) + 1
