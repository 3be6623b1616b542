"""Battles sent or confirmed at the same moment, in real concurrent transactions (issue #4);
how the threads and the database are set up: ``tests/concurrency.py``."""

import threading
import time
from types import SimpleNamespace

import pytest
from django.db import connections

from campaigns import services
from campaigns.models import Battle, Campaign, HistoryEntry
from rosters import services as roster_services
from rosters.models import Member
from tests.campaigns.conftest import report
from tests.concurrency import START_TIMEOUT, race, shared_database  # noqa: F401 - autouse

pytestmark = pytest.mark.django_db(transaction=True)

MINT = "Capt. Steven Mint"


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_the_threads_share_a_file_database_in_wal_mode():
    connection = connections["default"]
    if connection.vendor != "sqlite":
        pytest.skip("SQLite only")
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"
        cursor.execute("PRAGMA busy_timeout")
        assert cursor.fetchone()[0] == 5000
    assert not connection.is_in_memory_db()
    assert connection.settings_dict["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


def rp(entry, name: str) -> int:
    return Member.objects.get(squad=entry.squad_id, name=name).record["rp"]


def rp_chain(entry, name: str) -> list[tuple[int, int]]:
    """A character's RP changes, battle after battle: (before, after)."""
    return list(
        HistoryEntry.objects.filter(member__squad=entry.squad_id, member__name=name, kind="rp")
        .order_by("battle__applied_seq", "seq")
        .values_list("before", "after")
    )


# --- the same report twice ------------------------------------------------------------------


def test_the_same_report_sent_twice_at_once_makes_one_battle(campaign, enrolled, user, monkeypatch):
    """A double click, or a client that retries: the same key twice at the same moment.

    Each thread first looks the key up and finds nothing (they wait for each other right
    after that look-up), then both try to store the battle: one stores and applies it, the
    other hits the unique constraint and must give back the same battle, applied once.
    """
    us, vc = enrolled
    campaign.apply_at_once = True
    campaign.save()
    document = report(us, vc, us_side={"deeds": [{"member": MINT, "out_of_action": 1}]})
    looked_up = threading.Barrier(2)
    first_look = threading.local()
    by_key = services.reports._by_key

    def by_key_then_wait(*args):
        found = by_key(*args)
        if not getattr(first_look, "done", False):
            first_look.done = True
            looked_up.wait(START_TIMEOUT)
        return found

    monkeypatch.setattr(services.reports, "_by_key", by_key_then_wait)

    def send():
        return services.battle_submit(
            campaign=campaign, user=user, document=document, idempotency_key="double-click"
        )

    first, second = race(send, send)
    assert first.battle.pk == second.battle.pk
    assert sorted([first.created, second.created]) == [False, True]
    battle = Battle.objects.get()
    assert (battle.number, battle.status, battle.applied_seq) == (1, "confirmed", 1)
    campaign.refresh_from_db()
    assert (campaign.battles_numbered, campaign.battles_applied) == (1, 1)
    assert rp(us, MINT) == 1 + 2 + 1  # took part, full success, one out of action: once


# --- two reports on one squad ---------------------------------------------------------------

# Two battles of the same two squads; what each gives the US Army Boss and the VC Boss.
FIRST = {"us_side": {"deeds": [{"member": MINT, "out_of_action": 1}]}}  # Mint 1 + 2 + 1
SECOND = {
    "us_outcome": "partial",
    "us_side": {"deeds": [{"member": MINT, "sarcasm": 3}]},  # Mint 1 + 1 + 3
    "nva_side": {"deeds": [{"member": "Kang Thang", "malice": 1}]},  # Kang 1 + 1
}
MINT_RP = 4 + 5
KANG_RP = 1 + 2


@pytest.fixture
def slow_reads(monkeypatch):
    """Widen the window between reading the squads and writing them, inside the transaction:
    without the campaign lock both battles would read the same RP and one award would be
    lost."""
    load_rosters = services.applying.load_rosters

    def load_then_wait(squad_ids, **kwargs):
        loaded = load_rosters(squad_ids, **kwargs)
        time.sleep(0.3)
        return loaded

    # a report applied at once reads its squads in services.reports, a confirm in applying
    monkeypatch.setattr(services.reports, "load_rosters", load_then_wait)
    monkeypatch.setattr(services.applying, "load_rosters", load_then_wait)


def check_both_applied(campaign, us, vc) -> None:
    battles = list(Battle.objects.order_by("number"))
    assert [b.status for b in battles] == ["confirmed", "confirmed"]
    assert sorted(b.applied_seq for b in battles) == [1, 2]
    campaign.refresh_from_db()
    assert campaign.battles_applied == 2
    assert rp(us, MINT) == MINT_RP and rp(vc, "Kang Thang") == KANG_RP
    # The battle applied second started from what the first one wrote.
    chain = rp_chain(us, MINT)
    assert chain[0][0] == 0 and chain[-1][1] == MINT_RP
    assert all(a[1] == b[0] for a, b in zip(chain, chain[1:], strict=False))


def test_two_battles_confirmed_at_once_lose_nothing(
    campaign, enrolled, user, other_user, organiser, slow_reads
):
    us, vc = enrolled
    pending = [
        services.battle_submit(campaign=campaign, user=user, document=report(us, vc, **kw)).battle
        for kw in (FIRST, SECOND)
    ]
    assert [b.status for b in pending] == ["pending", "pending"]
    race(
        lambda: services.battle_confirm(battle=pending[0], user=other_user),
        lambda: services.battle_confirm(battle=pending[1], user=organiser),
    )
    check_both_applied(campaign, us, vc)


def test_two_reports_applied_at_once_lose_nothing(campaign, enrolled, user, other_user, slow_reads):
    us, vc = enrolled
    campaign.apply_at_once = True
    campaign.save()
    first, second = race(
        lambda: services.battle_submit(
            campaign=campaign, user=user, document=report(us, vc, **FIRST)
        ),
        lambda: services.battle_submit(
            campaign=campaign, user=other_user, document=report(us, vc, **SECOND)
        ),
    )
    assert first.created and second.created
    assert sorted([first.battle.number, second.battle.number]) == [1, 2]
    check_both_applied(campaign, us, vc)


def test_a_battle_confirmed_and_rejected_at_once_is_one_or_the_other(
    campaign, enrolled, user, other_user, organiser, slow_reads
):
    us, vc = enrolled
    battle = services.battle_submit(
        campaign=campaign, user=user, document=report(us, vc, **FIRST)
    ).battle

    def attempt(action, who):
        try:
            action(battle=battle, user=who)
        except services.ServiceError as error:
            return error.message
        return "done"

    confirmed, rejected = race(
        lambda: attempt(services.battle_confirm, organiser),
        lambda: attempt(services.battle_reject, other_user),
    )
    battle.refresh_from_db()
    assert sorted([confirmed, rejected]) in (
        ["done", "this battle is confirmed"],
        ["done", "this battle is rejected"],
    )
    if confirmed == "done":
        assert battle.status == "confirmed" and rp(us, MINT) == 4
    else:
        assert battle.status == "rejected" and rp(us, MINT) == 0


# --- lock order (PostgreSQL) ----------------------------------------------------------------
#
# On PostgreSQL two transactions that lock the same rows in opposite orders can deadlock; the
# server then aborts one of them ("deadlock detected", an OperationalError: a 500 for the
# user). Each test below holds the first transaction at the point between its two locks until
# the second one waits for a lock (``pg_locks``), so the bad order deadlocks every time and
# the good order never does. SQLite takes its one write lock when a transaction begins
# (IMMEDIATE), so writers never hold row locks against each other there.


def needs_row_locks() -> None:
    if connections["default"].vendor == "sqlite":
        pytest.skip("SQLite: one writer at a time, no row locks to take in the wrong order")


def wait_for_a_blocked_transaction(done: threading.Event | None = None) -> None:
    """Poll ``pg_locks`` (read live, not from a snapshot) from this thread's connection until
    some transaction waits for a lock, or until ``done`` is set."""
    deadline = time.monotonic() + START_TIMEOUT
    with connections["default"].cursor() as cursor:
        while time.monotonic() < deadline and not (done and done.is_set()):
            cursor.execute("SELECT count(*) FROM pg_locks WHERE NOT granted")
            if cursor.fetchone()[0]:
                return
            time.sleep(0.01)


def pause_once(function, reached: threading.Event, until):
    """``function``, whose first call, once done, sets ``reached`` and waits for ``until()``
    before it returns; later calls run as they are."""
    first = threading.Lock()

    def paused(*args, **kwargs):
        result = function(*args, **kwargs)
        if first.acquire(blocking=False):
            reached.set()
            until()
        return result

    return paused


class CampaignLocks:
    """``services.battles.Campaign.objects`` whose first ``select_for_update().get()`` pauses."""

    def __init__(self, reached: threading.Event) -> None:
        self.reached = reached
        self.pause = None

    def select_for_update(self, *args, **kwargs):
        queryset = Campaign.objects.select_for_update(*args, **kwargs)
        if self.pause is None:
            self.pause = pause_once(queryset.get, self.reached, wait_for_a_blocked_transaction)
            return SimpleNamespace(get=self.pause)
        return queryset

    def __getattr__(self, name):
        return getattr(Campaign.objects, name)


def test_a_confirm_and_a_reject_take_their_locks_in_the_same_order(
    campaign, enrolled, user, other_user, organiser, monkeypatch
):
    needs_row_locks()
    us, vc = enrolled
    battle = services.battle_submit(
        campaign=campaign, user=user, document=report(us, vc, **FIRST)
    ).battle
    campaign_locked = threading.Event()
    monkeypatch.setattr(
        services.battles, "Campaign", SimpleNamespace(objects=CampaignLocks(campaign_locked))
    )

    def confirm():
        services.battle_confirm(battle=battle, user=organiser)
        return "confirmed"

    def reject():
        assert campaign_locked.wait(START_TIMEOUT)  # the confirm holds the campaign now
        try:
            services.battle_reject(battle=battle, user=other_user)
        except services.ServiceError as error:
            return error.message
        return "rejected"

    assert race(confirm, reject) == ["confirmed", "this battle is confirmed"]
    assert rp(us, MINT) == 4


def test_a_model_edited_while_its_battle_applies(campaign, enrolled, user, other_user, monkeypatch):
    needs_row_locks()
    us, vc = enrolled
    killed = {"us_side": {"casualties": [{"member": "Ling", "state": "killed"}]}}
    battle = services.battle_submit(
        campaign=campaign, user=user, document=report(us, vc, **killed)
    ).battle
    ling = Member.objects.get(squad=us.squad_id, name="Ling")
    squads_locked, member_written = threading.Event(), threading.Event()
    monkeypatch.setattr(
        services.applying,
        "load_rosters",  # _apply reads the squads once it has locked them
        pause_once(
            services.applying.load_rosters,
            squads_locked,
            lambda: wait_for_a_blocked_transaction(done=member_written),
        ),
    )
    changed = roster_services.members._changed

    def written_then_changed(squad):  # member_update calls it once the member row is written
        member_written.set()
        changed(squad)

    monkeypatch.setattr(roster_services.members, "_changed", written_then_changed)

    def confirm():
        return services.battle_confirm(battle=battle, user=other_user).status

    def rename():
        assert squads_locked.wait(START_TIMEOUT)  # the battle holds the squads now
        return roster_services.member_update(
            member=ling, name="Ling Jr.", type=ling.type, status=ling.status,
            record=dict(ling.record),
        ).name  # fmt: skip

    assert race(confirm, rename) == ["confirmed", "Ling Jr."]
    assert Member.objects.get(pk=ling.pk).status == "dead"


def test_one_squad_enrolled_twenty_times_at_once_is_enrolled_once(campaign, user, make_squad_for):
    """Issue #10, item 3: 3 of 3 trials on PostgreSQL enrolled the same squad twice."""
    from campaigns.models import Entry
    from core.errors import Conflict
    from rosters.models import Squad

    services.campaign_join(campaign=campaign, user=user)
    squad = make_squad_for(user)

    results = race(
        *[lambda: services.enrol(campaign=campaign, user=user, squad=squad)] * 20, reraise=False
    )

    entries = [r for r in results if isinstance(r, Entry)]
    refused = [r for r in results if isinstance(r, Conflict)]
    assert (len(entries), len(refused)) == (1, 19), results
    assert {str(r.message) for r in refused} == {"this squad is already enrolled in this campaign"}
    assert Entry.objects.filter(campaign=campaign, original=squad).count() == 1
    assert Squad.objects.filter(owner=user, in_campaign=True).count() == 1  # no orphan copy


def test_twelve_joins_at_once_answer_201_once_and_200_after(campaign, settings, django_user_model):
    """Issue #28, item 24: twelve simultaneous ``POST /api/campaigns/join/`` answered 201
    twice while one player row exists; the request that did not add the row answers 200.
    Four players each send twelve at once (before the fix, about one round in two on
    SQLite, and every round on PostgreSQL, answered 201 more than once)."""
    from rest_framework.test import APIClient

    from campaigns.models import Player

    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_CLASSES": []}

    def join(user):
        client = APIClient()
        client.force_authenticate(user)
        response = client.post(
            "/api/campaigns/join/", {"code": campaign.invite_code}, format="json"
        )
        return response.status_code

    for n in range(4):
        player = django_user_model.objects.create_user(username=f"joiner{n}", password="pw")
        statuses = race(*[lambda p=player: join(p)] * 12)

        assert sorted(statuses) == [200] * 11 + [201], (player, statuses)
        assert Player.objects.filter(campaign=campaign, user=player).count() == 1
