"""A campaign's players, as its organiser manages them: listed, and removed one by one."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import exceptions
from rest_framework.request import Request
from rest_framework.response import Response

from api.errors import id_errors
from api.mixins import ApiViewSet
from campaigns import selectors, services
from campaigns.api.common import CAMPAIGN_ID, PLAYER_ID, organised_campaign, readable_campaign
from campaigns.models import Entry, Player
from campaigns.serializers import ManagedPlayerSerializer, RemovedSerializer


@extend_schema_view(
    list=extend_schema(
        summary=_("The players, as the organiser manages them"),
        description=_(
            "Every player, first joined first, with the id to remove them by and their squads "
            "still in the campaign. The organiser only (403 for the other readers)."
        ),
        parameters=[CAMPAIGN_ID],
        responses={200: ManagedPlayerSerializer(many=True), **id_errors()},
    ),
    destroy=extend_schema(
        summary=_("Remove a player"),
        description=_(
            "As the organiser's button on the campaign page: the player no longer reads a "
            "private campaign, reports, enrols or confirms. Their squads are withdrawn, not "
            "deleted: their battles stay counted; reports naming them that still wait are "
            "yours to decide. They may join again by invitation. The organiser only (403); "
            "the organiser stays a player of their own campaign (409, organiser)."
        ),
        parameters=[CAMPAIGN_ID, PLAYER_ID],
        request=None,
        responses={200: RemovedSerializer, **id_errors(409)},
    ),
)
class PlayerViewSet(ApiViewSet):
    """A campaign's players, under /api/campaigns/{id}/players/."""

    queryset = Player.objects.all()  # narrowed to the campaign's
    serializer_class = ManagedPlayerSerializer
    lookup_url_kwarg = "player_id"
    lookup_value_regex = "[0-9]+"
    pagination_class = None  # a campaign has a handful of players

    def list(self, request: Request, id: str) -> Response:
        campaign = organised_campaign(request, id)
        players = selectors.players(campaign)
        squads: dict[int, list[dict[str, Any]]] = {}
        entries = (
            Entry.objects.filter(campaign=campaign, withdrawn__isnull=True)
            .select_related("squad")
            .order_by("enrolled", "pk")
        )
        for entry in entries:
            squads.setdefault(entry.player_id, []).append(
                {"squad_id": entry.squad_id, "name": entry.squad.name}
            )
        context = {"squads": squads, "organiser_id": campaign.organiser_id}
        return Response(ManagedPlayerSerializer(players, many=True, context=context).data)

    def destroy(self, request: Request, id: str, player_id: str) -> Response:
        campaign = readable_campaign(request, id)
        player = Player.objects.filter(pk=player_id, campaign=campaign).first()
        if player is None:
            raise exceptions.NotFound()
        # 403 (not the organiser) and 409 (the organiser themself): the handler
        removed = services.player_remove(campaign=campaign, by=request.user, player=player)
        return Response(RemovedSerializer(removed).data)
