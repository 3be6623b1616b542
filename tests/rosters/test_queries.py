import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from rosters.models import Squad
from rules import get_system
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


# What an htmx edit of a model costs (issue #29: 19, then 15, before; at most 10), query by
# query: the session and its user (2); the model with its squad, read once for the view, its
# undo step and the page after (1); the service: a savepoint, the squad locked and given its
# new version in one UPDATE (``services.base._lock_to_change``), what the edit reads (an
# equipment add: the model's line of the item and the counts, in one query), its write, the
# release (5 or 6); the page: the models and their kit (1, ``adapters.load_squad``); the
# session written with the undo step (one UPDATE, ``core.sessions``).
EDIT = 10
# An add reads the models' count, last position and whether the name is taken in one query
# (16 before); a removal reads what the model's rows protect and where the squad's records
# name it (20, then 18, before).
ADD, REMOVE = 10, 13


def test_htmx_update_runs_the_same_queries_for_6_and_15_models(squads, owner_client):
    def update(squad, grunt):
        url = reverse("rosters:equipment_add", args=[squad.pk, grunt.pk])
        owner_client.post(url, {"item": "pistol"}, HTTP_HX_REQUEST="true")

    grunts = [s.members.get(name="Grunt 1") for s in squads]
    counts = [
        count_queries(lambda s=s, g=g: update(s, g)) for s, g in zip(squads, grunts, strict=True)
    ]
    assert counts[0] == counts[1] <= EDIT


def test_each_htmx_edit_of_a_model_runs_few_queries(
    squads, owner_client, django_assert_max_num_queries
):
    htmx = {"HTTP_HX_REQUEST": "true"}
    for squad in squads:
        grunt = squad.members.get(name="Grunt 1")
        edits = {
            "equipment_add": (["equipment_add", grunt.pk], {"item": "pistol"}, EDIT),
            "equipment_add (a new line)": (["equipment_add", grunt.pk],
                                           {"item": "grenades", "count": "2"}, EDIT),
            "member_update": (["member_update", grunt.pk], {"name": "Grunt 1", "type": "grunt",
                                                            "status": "active"}, EDIT),
            "member_add": (["member_add"], {"name": "Ling", "type": "grunt"}, ADD),
        }  # fmt: skip
        first = reverse("rosters:equipment_add", args=[squad.pk, grunt.pk])
        owner_client.post(first, {"item": "pistol"}, **htmx)  # it loads the undo step
        for name, (args, data, most) in edits.items():
            url = reverse(f"rosters:{args[0]}", args=[squad.pk, *args[1:]])
            with django_assert_max_num_queries(most, info=name):
                assert owner_client.post(url, data, **htmx).status_code == 200
        assert grunt.equipment.get(item="pistol").count == 2
        assert grunt.equipment.get(item="grenades").count == 2
        ling = squad.members.get(name="Ling")
        url = reverse("rosters:member_remove", args=[squad.pk, ling.pk])
        with django_assert_max_num_queries(REMOVE, info="member_remove"):
            assert owner_client.post(url, **htmx).status_code == 200
        assert not squad.members.filter(name="Ling").exists()


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
    """The same, but the pack picker of the squad's form (1 query), which a campaign squad
    has none of: its campaign's pack costs it (nor a squad of a game whose packs neither
    cost nor print a squad)."""
    url = reverse("rosters:builder", args=[squads[1].pk])
    before = count_queries(lambda: owner_client.get(url))
    Squad.objects.filter(pk=squads[1].pk).update(in_campaign=True)
    picker = 1 if get_system(squads[1].system).packs.for_squads else 0
    assert count_queries(lambda: owner_client.get(url)) == before - picker


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

    def update(gang, boss):
        url = reverse("rosters:member_update", args=[gang.pk, boss.pk])
        data = {"name": "Boss", "type": "leader", "status": "active", "advances-ws": "1",
                "experience": "3", "injuries": "Old wound", "skills": "Iron jaw"}  # fmt: skip
        owner_client.post(url, data, HTTP_HX_REQUEST="true")

    bosses = [g.members.get(name="Boss") for g in gangs]
    updates = [
        count_queries(lambda g=g, b=b: update(g, b)) for g, b in zip(gangs, bosses, strict=True)
    ]
    assert updates[0] == updates[1] <= EDIT  # with the undo step, as above
    record = gangs[1].members.get(name="Boss").record
    assert (record["advances"], record["experience"], record["injuries"], record["skills"]) == (
        {"ws": 1}, 3, "Old wound", "Iron jaw",
    )  # fmt: skip
