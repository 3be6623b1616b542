import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from rosters.models import Squad
from rules.types import Equipment, Member, Roster
from tests.rosters.conftest import grunts_roster

pytestmark = pytest.mark.django_db


def count_queries(fn) -> int:
    """The queries of ``fn``, called after a first call not counted: a page's header reads
    the user's waiting-reports badge from the shared cache, which the first page fills (1
    query), so that every page after it costs none for it (``campaigns.waiting``)."""
    fn()
    with CaptureQueriesContext(connection) as context:
        fn()
    return len(context.captured_queries)


@pytest.fixture
def squads(make_squad):
    return make_squad(grunts_roster(6)), make_squad(grunts_roster(15))


def test_builder_page_runs_the_same_queries_for_6_and_15_models(squads, owner_client):
    counts = [
        count_queries(lambda s=s: owner_client.get(reverse("rosters:builder", args=[s.pk])))
        for s in squads
    ]
    assert counts[0] == counts[1] <= 6


def test_htmx_update_runs_the_same_queries_for_6_and_15_models(squads, owner_client):
    def update(squad):
        grunt = squad.members.get(name="Grunt 1")
        url = reverse("rosters:equipment_add", args=[squad.pk, grunt.pk])
        owner_client.post(url, {"item": "pistol"}, HTTP_HX_REQUEST="true")

    counts = [count_queries(lambda s=s: update(s)) for s in squads]
    # 16 for the change and its answer, then 4 for the undo step (rosters.undo): the squad's
    # version before, and the session written (a savepoint around one UPDATE).
    assert counts[0] == counts[1] <= 20


def test_export_runs_a_fixed_number_of_queries(squads, owner_client, django_assert_max_num_queries):
    for squad in squads:
        with django_assert_max_num_queries(7):
            owner_client.get(reverse("rosters:export", args=[squad.pk]))


def test_squad_list_runs_the_same_queries_with_campaign_squads(make_squad, owner_client):
    url = reverse("rosters:list")
    make_squad(grunts_roster(6))
    before = count_queries(lambda: owner_client.get(url))
    for size in (6, 7, 8):
        Squad.objects.filter(pk=make_squad(grunts_roster(size)).pk).update(in_campaign=True)
    assert count_queries(lambda: owner_client.get(url)) == before


def test_a_campaign_squad_builder_runs_the_same_queries(squads, owner_client):
    url = reverse("rosters:builder", args=[squads[1].pk])
    before = count_queries(lambda: owner_client.get(url))
    Squad.objects.filter(pk=squads[1].pk).update(in_campaign=True)
    assert count_queries(lambda: owner_client.get(url)) == before


def _gang(size: int) -> Roster:
    """A Necromunda gang: a leader and ``size - 1`` gangers with a lasgun and flak."""
    fighters = [Member("Boss", "leader", (Equipment("bolt-pistol"),))]
    fighters += [
        Member(f"Ganger {i}", "ganger", (Equipment("lasgun"), Equipment("flak")),
               record={"advances": {"bs": 1}} if i % 2 else {})
        for i in range(1, size)
    ]  # fmt: skip
    return Roster("necromunda", f"Gang of {size}", "Orlock", tuple(fighters), None)


@pytest.fixture
def gangs(make_squad):
    return make_squad(_gang(4)), make_squad(_gang(12))


def test_a_necromunda_builder_runs_the_same_queries_for_4_and_12_fighters(gangs, owner_client):
    pages = [
        count_queries(lambda g=g: owner_client.get(reverse("rosters:builder", args=[g.pk])))
        for g in gangs
    ]
    assert pages[0] == pages[1] <= 6

    def update(gang):
        boss = gang.members.get(name="Boss")
        url = reverse("rosters:member_update", args=[gang.pk, boss.pk])
        data = {"name": "Boss", "type": "leader", "status": "active", "advances-ws": "1"}
        owner_client.post(url, data, HTTP_HX_REQUEST="true")

    updates = [count_queries(lambda g=g: update(g)) for g in gangs]
    assert updates[0] == updates[1] <= 20  # with the undo step, as above
    assert gangs[1].members.get(name="Boss").record["advances"] == {"ws": 1}
