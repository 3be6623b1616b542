"""A campaign's squads: enrolling one of yours (the campaign plays a copy), reading a campaign
squad with its record, and a model's history over the campaign's battles."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import exceptions, status
from rest_framework.request import Request
from rest_framework.response import Response

from api.errors import UnprocessableError, id_errors, relocated, unprocessable
from api.mixins import ApiViewSet, with_location
from api.openapi import LinkedResponse, link
from campaigns import selectors, services
from campaigns.adapters import load_rosters, squad_violations
from campaigns.api.common import CAMPAIGN_ID, MEMBER_ID, SQUAD_ID, readable_campaign
from campaigns.models import Entry
from campaigns.serializers import (
    CampaignSquadSerializer,
    CharacterSerializer,
    EnrolledSerializer,
    EnrolSerializer,
)
from rosters.models import Member, Squad
from rules.documents import roster_to_document

ENROLLED_LINKS = {
    "GetCampaignSquad": link(
        "campaigns_squads_retrieve", id="$request.path.id", squad_id="$response.body#/squad_id"
    ),
    "GetSquad": link("squads_retrieve", id="$response.body#/squad_id"),
}


@extend_schema_view(
    create=extend_schema(
        summary=_("Enrol one of your squads"),
        description=_(
            "The campaign plays a copy of the squad, with the campaign's points limit; your "
            "squad stays free to edit. Answers the entry: its squad_id is the copy's, the id "
            "to name in battle reports, with the rules the copy breaks (it cannot report a "
            "battle until they are fixed). A campaign that requires valid squads refuses one "
            "that breaks a rule (422, squad-not-valid); a squad of another game, or an id "
            "naming none of your squads, is a 422. A squad enrolled here already, or a "
            "campaign squad, is a 409. Players only (403 for other readers)."
        ),
        parameters=[CAMPAIGN_ID],
        request=EnrolSerializer,
        responses={
            201: LinkedResponse(EnrolledSerializer, links=ENROLLED_LINKS),
            **id_errors(400, 409, 413, 415, 422),
        },
    ),
)
class EnrolViewSet(ApiViewSet):
    """Enrolling a squad, under /api/campaigns/{id}/enrol/."""

    queryset = Entry.objects.all()
    serializer_class = EnrolSerializer

    def create(self, request: Request, id: str) -> Response:
        campaign = readable_campaign(request, id)
        if not selectors.is_player(campaign, request.user):
            raise exceptions.PermissionDenied(gettext("join the campaign before enrolling a squad"))
        serializer = EnrolSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        squad_id = serializer.validated_data["squad_id"]
        squad = Squad.objects.filter(pk=squad_id, owner=request.user).first()
        if squad is None:
            # an id of the schema's shape naming no squad of yours: stored data (422)
            message = gettext("Choose one of your squads.")
            raise UnprocessableError("squad_id", message, code="unknown-squad")
        try:
            entry = services.enrol(campaign=campaign, user=request.user, squad=squad)
        except services.ServiceError as error:  # the page's "squad" is the API's "squad_id"
            # a squad of another game, or one breaking a rule the campaign requires kept:
            # the stored squad's state, which no schema knows (422); 409 stays 409
            raise unprocessable(relocated(error, None, "squad_id")) from None
        entry = Entry.objects.select_related("squad", "player", "campaign").get(pk=entry.pk)
        context = {"violations": selectors.entry_violations(entry)}
        response = Response(
            EnrolledSerializer(entry, context=context).data, status=status.HTTP_201_CREATED
        )
        squad_url = reverse("api:squad-detail", args=[entry.squad_id])
        return with_location(response, request.build_absolute_uri(squad_url))


@extend_schema_view(
    retrieve=extend_schema(
        summary=_("A campaign squad"),
        description=_(
            "A squad of the campaign as its readers see it: its models (or units) as a "
            "squad-roster/1 document with their campaign record, its points in the campaign, "
            "the rules it breaks there, and its battles, newest first."
        ),
        parameters=[CAMPAIGN_ID, SQUAD_ID],
        responses={200: CampaignSquadSerializer, **id_errors()},
    ),
)
class CampaignSquadViewSet(ApiViewSet):
    """A campaign's squads, under /api/campaigns/{id}/squads/{squad_id}/."""

    queryset = Entry.objects.all()
    serializer_class = CampaignSquadSerializer
    lookup_url_kwarg = "squad_id"
    lookup_value_regex = "[0-9]+"
    READS = frozenset({"retrieve"})

    def retrieve(self, request: Request, id: str, squad_id: str) -> Response:
        campaign = readable_campaign(request, id)
        entry = (
            Entry.objects.select_related("squad", "player")
            .filter(campaign=campaign, squad__pk=squad_id)  # an id past 64 bits: none
            .first()
        )
        if entry is None:
            raise exceptions.NotFound()
        roster = load_rosters([entry.squad_id])[entry.squad_id].roster  # 4 queries
        context = {
            "roster": roster_to_document(roster),
            "points": selectors.squad_points(campaign, roster),
            "violations": squad_violations(campaign, roster),  # as selectors.entry_violations
            "battles": selectors.entry_battles(entry),
        }
        return Response(CampaignSquadSerializer(entry, context=context).data)


@extend_schema_view(
    retrieve=extend_schema(
        summary=_("A character's history"),
        description=_(
            "A model of a campaign squad with everything the campaign's battles did to it, "
            "oldest first, worded as the character page words it."
        ),
        parameters=[CAMPAIGN_ID, MEMBER_ID],
        responses={200: CharacterSerializer, **id_errors()},
    ),
)
class CharacterViewSet(ApiViewSet):
    """The models of a campaign's squads, under /api/campaigns/{id}/characters/{member_id}/."""

    queryset = Member.objects.all()
    serializer_class = CharacterSerializer
    lookup_url_kwarg = "member_id"
    lookup_value_regex = "[0-9]+"
    READS = frozenset({"retrieve"})

    def retrieve(self, request: Request, id: str, member_id: str) -> Response:
        campaign = readable_campaign(request, id)
        member = (
            Member.objects.select_related("squad__owner")
            .filter(pk=member_id, squad__campaign_entry__campaign=campaign)
            .first()
        )
        if member is None:
            raise exceptions.NotFound()
        context = {"system": campaign.system, "timeline": selectors.timeline(member.pk)}
        return Response(CharacterSerializer(member, context=context).data)
