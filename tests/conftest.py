import pytest
from django.conf import settings
from django.core.cache import caches
from django.test import override_settings
from django.utils import translation

from campaigns import services as campaign_services
from rosters import services as roster_services
from rosters.demo import demo_rosters


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user(username="mint", password="pw-mint-1970")


@pytest.fixture
def other_user(django_user_model):
    return django_user_model.objects.create_user(username="charlie", password="pw-charlie-1970")


@pytest.fixture
def organiser(django_user_model):
    return django_user_model.objects.create_user(username="orga", password="pw-orga-1970")


@pytest.fixture
def campaign(organiser):
    """A private campaign; its organiser is one of its players, as campaign_create makes it."""
    return campaign_services.campaign_create(organiser=organiser, name="Mekong Delta 1968")


@pytest.fixture(autouse=True, scope="session")
def _fast_passwords():
    """A password hashed in a microsecond: the production hasher (PBKDF2, slow on purpose)
    took most of the suite's set-up time, with every user made and every log-in. What the
    tests prove of passwords does not depend on the hasher; production keeps Django's."""
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(autouse=True)
def _reset_language():
    """LocaleMiddleware leaves the last request's language active in the test thread."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


IMMEDIATE_QUEUE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
DATABASE_QUEUE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


@pytest.fixture(autouse=True)
def _tasks_run_at_once(settings):
    """The tests have no task worker: a task runs as it is enqueued (so a download that asks
    the worker for its PDF gets it in the same request), and no edit renders its sheet ahead
    (tests/rosters/test_sheet_ahead.py turns both back on with ``database_queue``)."""
    settings.TASKS = IMMEDIATE_QUEUE
    settings.PRERENDER_SHEETS = False


@pytest.fixture
def database_queue(settings):
    """The task queue as ``make serve`` has it: tasks stored in the database for a worker
    (none runs in the tests), and each edit's sheet enqueued ahead."""
    settings.TASKS = DATABASE_QUEUE
    settings.PRERENDER_SHEETS = True


DB_FIXTURES = {
    "db", "transactional_db", "live_server",
    "django_db_reset_sequences", "django_db_serialized_rollback",
}  # fmt: skip


@pytest.fixture(autouse=True)
def _clear_shared_cache(request):
    """Throttle and limit counts live in the shared cache, a table of the test database: a
    test that uses the database starts and ends with it empty, so no count passes from one
    test to the next (a transactional test's rows would outlive it). The PDFs' cache is
    emptied too: its keys name a squad by id and version, and a later test's squad may get
    the same id (the database reuses it after a rollback) and version."""
    if request.node.get_closest_marker("django_db") is None and not DB_FIXTURES.intersection(
        request.fixturenames
    ):
        yield
        return
    request.getfixturevalue("_django_db_helper")  # the database first, whatever asked for it
    shared = caches[settings.SHARED_CACHE]
    shared.clear()
    caches["default"].clear()
    yield
    shared.clear()
    caches["default"].clear()


@pytest.fixture
def enrolled(campaign, user, other_user):
    """The US Army demo squad (user) and the Viet Cong demo squad (other_user), enrolled."""
    rosters = {r.faction: r for r in demo_rosters()}
    entries = []
    for player, faction in ((user, "us-army"), (other_user, "viet-cong")):
        campaign_services.campaign_join(campaign=campaign, user=player)
        squad = roster_services.squad_import(owner=player, roster=rosters[faction])
        entries.append(campaign_services.enrol(campaign=campaign, user=player, squad=squad))
    return entries


@pytest.fixture
def make_squad_for():
    def make(owner, faction="us-army"):
        roster = {r.faction: r for r in demo_rosters()}[faction]
        return roster_services.squad_import(owner=owner, roster=roster)

    return make


@pytest.fixture
def at_the_latest_schema():
    """The database back at the latest schema after a test that migrated it elsewhere
    (``tests.migrations_at``)."""
    yield
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
