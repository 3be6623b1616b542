import pytest

from campaigns import services
from rosters import services as roster_services
from rosters.demo import demo_rosters


@pytest.fixture
def enrolled(campaign, user, other_user):
    """The US Army demo squad (user) and the Viet Cong demo squad (other_user), enrolled."""
    rosters = {r.faction: r for r in demo_rosters()}
    entries = []
    for player, faction in ((user, "us-army"), (other_user, "viet-cong")):
        services.campaign_join(campaign=campaign, user=player)
        squad = roster_services.squad_import(owner=player, roster=rosters[faction])
        entries.append(services.enrol(campaign=campaign, user=player, squad=squad))
    return entries


def report(us, nva, *, us_outcome="full", nva_outcome="failed", us_side=None, nva_side=None):
    """A battle-report/1 document between two entries."""
    return {
        "format": "battle-report/1",
        "system": "black-sun",
        "scenario": "Patrol at the river",
        "played_on": "2026-11-20",
        "sides": [
            {"squad_id": us.squad_id, "outcome": us_outcome, **(us_side or {})},
            {"squad_id": nva.squad_id, "outcome": nva_outcome, **(nva_side or {})},
        ],
    }


@pytest.fixture
def make_squad_for():
    def make(owner, faction="us-army"):
        roster = {r.faction: r for r in demo_rosters()}[faction]
        return roster_services.squad_import(owner=owner, roster=roster)

    return make
