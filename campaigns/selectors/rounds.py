"""A campaign's rounds (issue #31): each with its tables, their squads and battles, its bye
and the squads withdrawn from it, in a fixed number of queries whatever their number."""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Prefetch, QuerySet

from campaigns.models import Campaign, Challenge, Entry, Pairing, Round, Seat, Withdrawal
from rosters.models import PackVersion
from rules.pack_tables import SCENARIOS


def _named(*entries: str) -> list[str]:
    """The fields a round's page, sheet and API read of each entry named (a path from the
    model queried): its squad's name and its player's username, nothing else of the two rows
    (a squad's units and notes, a battle's report, would be read for nothing)."""
    return [
        f"{entry}__{field}"
        for entry in entries
        for field in ("id", "player_id", "squad_id", "squad__id", "squad__name", "player__id",
                      "player__username")
    ]  # fmt: skip


def _seats() -> QuerySet[Seat]:
    """Seats in their tables' order, with their squads' names and players (``_named``)."""
    return (
        Seat.objects.select_related("entry__squad", "entry__player")
        .only("round_id", "pairing_id", "position", "crew", *_named("entry"))
        .order_by("position")
    )


def _with_tables(rounds: QuerySet[Round], *, seats: bool = True) -> QuerySet[Round]:
    """``rounds`` with their tables (the bye last), squads, players and battles, the squads
    withdrawn and the challenges (5 queries more; 4 without the ``seats``)."""
    pairings = (
        Pairing.objects.select_related("battle")
        .only(
            "round_id", "table", "forced_rematch", "scenario", "battle__id", "battle__number",
            "battle__status",
        )
        .order_by("table")
    )  # fmt: skip
    if seats:
        pairings = pairings.prefetch_related(Prefetch("seats", queryset=_seats()))
    return rounds.prefetch_related(
        Prefetch("pairings", queryset=pairings),
        Prefetch(
            "withdrawals",
            queryset=Withdrawal.objects.select_related("entry__squad", "entry__player").only(
                "round_id", *_named("entry")
            ),
        ),
        Prefetch(
            "challenges",
            queryset=Challenge.objects.select_related(
                "entry__squad", "entry__player", "opponent__squad", "opponent__player"
            ).only("round_id", "status", *_named("entry", "opponent")),
        ),
    )


def campaign_rounds(campaign: Campaign) -> QuerySet[Round]:
    """Every round of the campaign, newest first, with its tables (6 queries)."""
    return _with_tables(Round.objects.filter(campaign=campaign).order_by("-number"))


def round_detail(campaign: Campaign, number: int) -> Round:
    """One round with its tables (6 queries); ``Round.DoesNotExist`` if it has no such
    round. Each table's ``seats.all()`` is read with no query, as if prefetched.

    Its seats are read in one query and handed to their tables here: Django's prefetch
    copies the seats' query (a join, costly to copy) for every table it fills, a third of
    the round page's time at 250 tables."""
    round = _with_tables(Round.objects.filter(campaign=campaign), seats=False).get(number=number)
    by_table: dict[int, list[Seat]] = defaultdict(list)
    for seat in _seats().filter(round=round):
        by_table[seat.pairing_id].append(seat)
    pairing_field = Seat._meta.get_field("pairing")
    for table in round.pairings.all():
        found = by_table.get(table.pk, [])
        for seat in found:
            pairing_field.set_cached_value(seat, table)  # seat.pairing: no query either
        # what ``prefetch_related`` leaves: a queryset of the seats, already evaluated
        cached = QuerySet(model=Seat)
        cached._result_cache, cached._prefetch_done = found, True
        table.__dict__.setdefault("_prefetched_objects_cache", {})["seats"] = cached
    return round


def tables(round: Round) -> list[Pairing]:
    """The round's tables in order, the bye left out (prefetched: no query)."""
    return [p for p in round.pairings.all() if p.table is not None]


def bye(round: Round) -> Pairing | None:
    """The round's bye, if anybody sits out (prefetched: no query)."""
    return next((p for p in round.pairings.all() if p.table is None), None)


def latest_round(campaign: Campaign) -> Round | None:
    """The campaign's last round, if it has one (1 query)."""
    return Round.objects.filter(campaign=campaign).order_by("-number").first()


def table_setup(
    campaign: Campaign, entries: list[Entry], *, round: int | None = None, table: int | None = None
) -> tuple[dict[int, list[str] | None], str]:
    """The crews the players chose (by entry id) and the scenario typed for the table of a
    published round where ``entries`` sit together with no battle yet (that of round number
    ``round``, and table ``table``, when given); ``({}, "")`` when they sit at no such table
    (1 query)."""
    ids = {entry.pk for entry in entries}
    seats = Seat.objects.filter(
        round__campaign=campaign, round__status=Round.Status.PUBLISHED, entry_id__in=ids,
        pairing__table__isnull=False, pairing__battle__isnull=True,
    )  # fmt: skip
    if round is not None:
        seats = seats.filter(round__number=round)
    if table is not None:
        seats = seats.filter(pairing__table=table)
    rows = seats.values_list("pairing_id", "entry_id", "crew", "pairing__scenario")
    tables: dict[int, dict[int, list[str] | None]] = defaultdict(dict)
    scenarios: dict[int, str] = {}
    for pairing_id, entry_id, crew, scenario in rows:
        tables[pairing_id][entry_id] = crew
        scenarios[pairing_id] = scenario
    for pairing_id, crews in tables.items():
        if set(crews) == ids:
            return crews, scenarios[pairing_id]
    return {}, ""


def scenario_names(campaign: Campaign) -> list[str]:
    """The names of the scenarios in the campaign's pack (its ``scenarios`` table), offered
    where a scenario is typed; empty without a pack or without the table. One query with a
    pack (its document was checked when written), none without."""
    if campaign.pack_version_id is None:
        return []
    document = (
        PackVersion.objects.filter(pk=campaign.pack_version_id)
        .values_list("document", flat=True)
        .first()
    )
    rows = ((document or {}).get("tables") or {}).get(SCENARIOS) or []
    return [row["name"] for row in rows if isinstance(row, dict) and row.get("name")]


def tables_to_play(user) -> QuerySet[Pairing]:
    """The tables of published rounds where a squad of ``user`` (not withdrawn) sits and no
    battle is reported yet (a report waiting for confirmation counts as reported)."""
    return Pairing.objects.filter(
        round__status=Round.Status.PUBLISHED,
        table__isnull=False,
        battle__isnull=True,
        seats__entry__player=user,
        seats__entry__withdrawn__isnull=True,
    )


def tables_to_play_list(user) -> QuerySet[Pairing]:
    """``tables_to_play`` to read: each table's round and campaign, and its squads and
    players (2 queries)."""
    return (
        tables_to_play(user)
        .select_related("round__campaign")
        .prefetch_related(Prefetch("seats", queryset=_seats()))
        .order_by("round__published", "round_id", "table")
    )
