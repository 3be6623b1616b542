import pytest

from rosters import services
from rosters.demo import demo_rosters
from rules.types import Equipment, Member, Roster


@pytest.fixture
def make_squad(user):
    """A stored squad from a roster value (the US Army demo squad by default)."""

    def make(roster: Roster | None = None, owner=None):
        return services.squad_import(owner=owner or user, roster=roster or demo_rosters()[0])

    return make


@pytest.fixture
def squad(make_squad):
    return make_squad()


def grunts_roster(size: int) -> Roster:
    members = [Member("Boss", "boss", (Equipment("pistol"),))]
    members += [
        Member(f"Grunt {i}", "grunt", (Equipment("assault-rifle"),)) for i in range(size - 1)
    ]
    return Roster("black-sun", f"{size} models", "us-army", tuple(members), 500)


@pytest.fixture
def owner_client(client, user):
    client.force_login(user)
    return client


@pytest.fixture
def other_client(client, other_user):
    client.force_login(other_user)
    return client
