"""A campaign night at club scale (issue #31): the campaign page and a round's page of a
campaign of 500 squads and 10,000 battles (targets: each <= 50 ms, with a number of queries
that does not grow with the campaign).

The campaign is built fast, mostly with ``bulk_create``: two demo squads (US Army and Viet
Cong) enrolled and two real reports applied by the services (``bench_campaigns``'
``build_campaign`` at its smallest), then 498 more squads cloned from those two (their rows
and their models', each squad its own player), then battles 3 to 10,000 copied from the two
real ones onto other pairs of squads (their reports and sides, 1 in 10 voided, a few pending
or rejected, as ``build_campaign`` does). The battles' history is left out: neither page
reads it. Round 1 is then stored as the services would leave it once published: 250 tables
(the squads in enrolment order, two by two), half of them with their battle, crews on a few
seats, scenarios on a few tables.

Each page is fetched through ``django.test.Client`` logged in as the organiser; the figure
is the median of 41 calls after warm-up, wall-clock and then the CPU time of this process
(on a shared machine the wall-clock time also counts the time other processes had the
core). The queries of each page are counted twice, on the big campaign and on a small one
(10 squads, 20 battles, 5 tables): the same number says it is fixed. Django runs with
``bench/settings.py`` (DEBUG off) on a file SQLite database in a temporary folder, in a child
interpreter (``python -m bench.bench_rounds``), like ``bench_campaigns``.
"""

from __future__ import annotations

import json
import sys
import time
from datetime import date, timedelta

from bench.bench_campaigns import (
    SAMPLES,
    _rows,
    _timed,
    bench_database,
    build_campaign,
    copied_report,
    copied_status,
    in_child,
)

BIG_SQUADS = 500
BIG_BATTLES = 10_000
SMALL_SQUADS = 10
SMALL_BATTLES = 20


def _clone(instance, **changes):
    """A new unsaved row with ``instance``'s values, ``changes`` applied."""
    fields = {
        f.attname: getattr(instance, f.attname)
        for f in instance._meta.concrete_fields
        if not f.primary_key
    }
    fields.update(changes)
    return type(instance)(**fields)


def club_night(organiser, *, squads: int, battles: int, prefix: str):
    """The campaign of ``squads`` squads and ``battles`` battles described above, with its
    round 1 published; (campaign, round)."""
    import uuid

    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.utils import timezone

    from campaigns.models import Battle, BattleSide, Campaign, Entry, Pairing, Player, Round, Seat
    from rosters.models import Member, Squad

    campaign, (us, vc) = build_campaign(organiser, squads=2, battles=2, prefix=prefix)
    templates = [
        (battle, list(battle.sides.order_by("position")))
        for battle in Battle.objects.filter(campaign=campaign).order_by("number")
    ]
    models = {
        entry.pk: list(Member.objects.filter(squad_id=entry.squad_id).order_by("position"))
        for entry in (us, vc)
    }
    with transaction.atomic():
        users = get_user_model().objects.bulk_create(
            get_user_model()(username=f"{prefix}-club-{i}", password="!")
            for i in range(2, squads)
        )  # fmt: skip
        Player.objects.bulk_create(Player(campaign=campaign, user=user) for user in users)
        sources = [us if i % 2 == 0 else vc for i in range(2, squads)]
        new_squads = Squad.objects.bulk_create(
            _clone(source.squad, owner_id=user.pk, name=f"{source.squad.name} {i}",
                   public_id=uuid.uuid4())
            for i, (user, source) in enumerate(zip(users, sources, strict=True), start=2)
        )  # fmt: skip
        Member.objects.bulk_create(
            (
                _clone(member, squad_id=squad.pk)
                for squad, source in zip(new_squads, sources, strict=True)
                for member in models[source.pk]
            ),
            batch_size=2000,
        )
        entries = [us, vc] + Entry.objects.bulk_create(
            Entry(campaign=campaign, player=user, squad=squad)
            for user, squad in zip(users, new_squads, strict=True)
        )
        us_entries, vc_entries = entries[0::2], entries[1::2]
        now = timezone.now()
        rows, pairs, seq = [], [], 2
        for number in range(3, battles + 1):
            first = us_entries[number % len(us_entries)]
            second = vc_entries[(number // 2) % len(vc_entries)]
            template = templates[number % 2][0]
            report = copied_report(template, (first, second))
            status = copied_status(number)
            applied = status in (Battle.Status.CONFIRMED, Battle.Status.VOIDED)
            seq += applied
            rows.append(Battle(
                campaign=campaign, number=number, scenario=f"{template.scenario} {number}",
                played_on=date(2026, 1, 1) + timedelta(days=number % 300), status=status,
                report=report, submitted_by_id=first.player_id,
                decided_by=organiser if status != Battle.Status.PENDING else None,
                decided_at=now if status != Battle.Status.PENDING else None,
                applied_seq=seq if applied else None,
                voided_by=organiser if status == Battle.Status.VOIDED else None,
                voided_at=now if status == Battle.Status.VOIDED else None,
            ))  # fmt: skip
            pairs.append((number % 2, (first, second), applied))
        stored = Battle.objects.bulk_create(rows, batch_size=1000)
        BattleSide.objects.bulk_create(
            (
                BattleSide(
                    battle=battle, position=side.position, entry=entry, outcome=side.outcome,
                    mission_vp=side.mission_vp if applied else None,
                    casualty_vp=side.casualty_vp if applied else None,
                    total_vp=side.total_vp if applied else None,
                    placing=side.placing if applied else "", casualties=side.casualties,
                )
                for battle, (which, chosen, applied) in zip(stored, pairs, strict=True)
                for side, entry in zip(templates[which][1], chosen, strict=True)
            ),
            batch_size=2000,
        )  # fmt: skip
        Campaign.objects.filter(pk=campaign.pk).update(
            battles_numbered=battles, battles_applied=seq
        )
        round = Round.objects.create(
            campaign=campaign, number=1, status=Round.Status.PUBLISHED, mode=Round.Mode.STANDINGS,
            opened_by=organiser, published=now,
        )  # fmt: skip
        tables = len(entries) // 2
        battle_ids = [b.pk for b in stored[-tables:]]
        pairings = Pairing.objects.bulk_create(
            Pairing(
                round=round, table=n + 1, scenario=f"Scenario {n + 1}" if n % 5 == 0 else "",
                battle_id=battle_ids[n] if n % 2 == 0 and n < len(battle_ids) else None,
            )
            for n in range(tables)
        )  # fmt: skip
        crew = [m.name for m in models[us.pk][:5]]
        Seat.objects.bulk_create(
            Seat(
                round=round, pairing=pairing, entry=entries[2 * n + position],
                position=position,
                crew=crew if position == 0 and n % 3 == 0 and entries[2 * n] in us_entries
                else None,
            )
            for n, pairing in enumerate(pairings)
            for position in (0, 1)
        )  # fmt: skip
    campaign.refresh_from_db()
    return campaign, round


def _page(client, url: str, needle: bytes):
    def get() -> None:
        response = client.get(url)
        if response.status_code != 200 or needle not in response.content:
            raise RuntimeError(f"GET {url} answered {response.status_code}")

    return get


def _queries(get) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    get()
    with CaptureQueriesContext(connection) as captured:
        get()
    return len(captured)


def _pages(campaign) -> dict[str, tuple]:
    from django.test import Client
    from django.urls import reverse

    client = Client(SERVER_NAME="127.0.0.1")  # ALLOWED_HOSTS has no "testserver"
    client.force_login(campaign.organiser)
    return {
        "campaign": _page(client, reverse("campaigns:detail", args=[campaign.pk]), b"Battle log"),
        "round": _page(client, reverse("campaigns:round", args=[campaign.pk, 1]), b"table-1"),
    }


def run() -> list[tuple[str, float, str]]:
    return in_child("bench.bench_rounds", 900)


def _measure() -> list[tuple[str, float, str]]:
    with bench_database("bench-rounds-"):
        from django.contrib.auth import get_user_model

        users = get_user_model().objects
        small, _round = club_night(
            users.create_user("small-orga"), squads=SMALL_SQUADS, battles=SMALL_BATTLES,
            prefix="small",
        )  # fmt: skip
        small_pages = _pages(small)
        started = time.perf_counter()
        big, _round = club_night(
            users.create_user("big-orga"), squads=BIG_SQUADS, battles=BIG_BATTLES, prefix="big"
        )
        built = time.perf_counter() - started
        size = f"{BIG_SQUADS} squads, {BIG_BATTLES:,} battles"
        rows = []
        for name, get in _pages(big).items():
            label = f"{name} page GET, {size}"
            if name == "round":
                label += f", {BIG_SQUADS // 2} tables"
            rows += _rows(f"{label} (target <= 50 ms)", _timed(get, SAMPLES))
            rows.append((f"  queries of the {name} page, that campaign", _queries(get), "queries"))
            rows.append((
                f"  queries of the {name} page, {SMALL_SQUADS} squads and {SMALL_BATTLES} "
                "battles", _queries(small_pages[name]), "queries",
            ))  # fmt: skip
        rows.append(("  (building that campaign, once)", built, "s"))
    return rows


if __name__ == "__main__":
    json.dump(_measure(), sys.stdout)
