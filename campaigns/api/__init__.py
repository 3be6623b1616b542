"""The campaigns part of the REST API (issue #6), under ``/api/campaigns/``.

Who may do what is what the campaign pages allow (``campaigns.views``): anyone, anonymous
clients included, reads a public campaign; only its organiser and players read a private
one, and anyone else gets 404 as if it did not exist. Writing takes an account: players
create campaigns and enrol their own squads; only a player whose squad fought reports a
battle; the organiser or an opposing player confirms or rejects it; only the organiser voids
it, changes the settings and house rules, makes a new invitation code, and lists and removes
players; the organiser or the squad's player records a model's fate after a battle (issue
#17: every campaign page has its operation here, ``tests/api/test_parity.py``). A reader who
may not do something gets 403; a request the stored state forbids (confirming a confirmed
battle, voiding a battle fought before a later one, enrolling a squad twice, removing the
organiser) gets 409.

One module per part, each a viewset on ``api.mixins.ApiViewSet``: ``campaigns`` (the
campaigns themselves, joining, standings, the report PDF), ``players``, ``squads`` (enrolling,
a campaign squad, a character), ``battles``, ``rounds`` and ``timeline`` (issue #31);
``common`` holds what they share. Views parse input, check who may read the campaign, call
``campaigns.services`` (a ``ServiceError`` becomes the status its class says, naming its
field) or ``campaigns.selectors``, and serialise.
"""

from __future__ import annotations

from rest_framework.routers import SimpleRouter

from campaigns.api.battles import BattleViewSet
from campaigns.api.campaigns import CampaignViewSet
from campaigns.api.common import IN_A_CAMPAIGN
from campaigns.api.players import PlayerViewSet
from campaigns.api.rounds import RoundViewSet
from campaigns.api.squads import CampaignSquadViewSet, CharacterViewSet, EnrolViewSet
from campaigns.api.timeline import TimelineViewSet

router = SimpleRouter()
router.register("campaigns", CampaignViewSet, basename="campaign")
router.register(f"{IN_A_CAMPAIGN}/players", PlayerViewSet, basename="campaign-player")
router.register(f"{IN_A_CAMPAIGN}/enrol", EnrolViewSet, basename="campaign-enrol")
router.register(f"{IN_A_CAMPAIGN}/squads", CampaignSquadViewSet, basename="campaign-squad")
router.register(f"{IN_A_CAMPAIGN}/characters", CharacterViewSet, basename="campaign-character")
router.register(f"{IN_A_CAMPAIGN}/battles", BattleViewSet, basename="campaign-battle")
router.register(f"{IN_A_CAMPAIGN}/rounds", RoundViewSet, basename="campaign-round")
router.register(f"{IN_A_CAMPAIGN}/timeline", TimelineViewSet, basename="campaign-timeline")
urlpatterns = router.urls

__all__ = ["urlpatterns"]
