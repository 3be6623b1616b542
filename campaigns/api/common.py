"""What the campaigns API's modules share: who may read or run a campaign, the path
parameters, and a campaign's detail as every operation on it answers."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import exceptions, status
from rest_framework.request import Request
from rest_framework.response import Response

from campaigns import selectors
from campaigns.models import Campaign, Entry
from campaigns.serializers import CampaignDetailSerializer

CAMPAIGN_ID = OpenApiParameter(
    "id", OpenApiTypes.INT, OpenApiParameter.PATH, description=_("The campaign's id.")
)
BATTLE_NUMBER = OpenApiParameter(
    "number", OpenApiTypes.INT, OpenApiParameter.PATH,
    description=_("The battle's number in its campaign (1, 2, 3...)."),
)  # fmt: skip
PLAYER_ID = OpenApiParameter(
    "player_id", OpenApiTypes.INT, OpenApiParameter.PATH,
    description=_("A player's id, as the campaign's players list gives it."),
)  # fmt: skip
SQUAD_ID = OpenApiParameter(
    "squad_id", OpenApiTypes.INT, OpenApiParameter.PATH,
    description=_("A campaign squad's id (an entry's squad_id)."),
)  # fmt: skip
MEMBER_ID = OpenApiParameter(
    "member_id", OpenApiTypes.INT, OpenApiParameter.PATH,
    description=_("The id of a model of one of the campaign's squads."),
)  # fmt: skip

# The URL prefix of what belongs to one campaign: /api/campaigns/{id}/...
IN_A_CAMPAIGN = r"campaigns/(?P<id>[0-9]+)"


def readable_campaign(request: Request, pk: Any) -> Campaign:
    """The campaign if the user may read it; 404 otherwise, as on the web pages."""
    campaign = Campaign.objects.select_related("organiser").filter(pk=pk).first()
    if campaign is None or not selectors.can_read(campaign, request.user):
        raise exceptions.NotFound()
    return campaign


def organised_campaign(request: Request, pk: Any) -> Campaign:
    """The campaign if the user organises it: 404 when they may not read it, 403 for its
    other readers. The settings and player pages are the organiser's alone."""
    campaign = readable_campaign(request, pk)
    if request.user.pk != campaign.organiser_id:
        raise exceptions.PermissionDenied(gettext("only the organiser can do this"))
    return campaign


def campaign_detail(
    request: Request, campaign: Campaign, status_code: int = status.HTTP_200_OK
) -> Response:
    """The campaign with its settings, players and squads, as the reader may see it."""
    user = request.user
    players = list(campaign.players.select_related("user"))
    context = {
        "players": players,
        "entries": Entry.objects.filter(campaign=campaign).select_related("squad", "player"),
        "is_organiser": user.pk is not None and user.pk == campaign.organiser_id,
        "is_player": user.pk is not None and any(p.user_id == user.pk for p in players),
    }
    return Response(CampaignDetailSerializer(campaign, context=context).data, status_code)
