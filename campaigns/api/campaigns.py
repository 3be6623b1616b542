"""Campaigns themselves: listing, creating, reading and setting them up, joining them by
invitation, the organiser's new invitation code, the standings and the reports waiting for
the user. The report PDF (``report``) is printing's (``printing.api``), at this prefix."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from django.db.models import (
    Prefetch,
)
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import status
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from api.errors import error_responses, id_errors, unprocessable
from api.mixins import ApiViewSet, with_location
from api.openapi import LinkedResponse, links
from campaigns import house_rule_fields, selectors, services
from campaigns.api.common import (
    CAMPAIGN_ID,
    campaign_detail,
    organised_campaign,
    readable_campaign,
)
from campaigns.models import BattleSide, Campaign
from campaigns.serializers import (
    CampaignChangeSerializer,
    CampaignCreateSerializer,
    CampaignDetailSerializer,
    CampaignSerializer,
    JoinSerializer,
    StandingSerializer,
    StandingsQuerySerializer,
    WaitingBattleSerializer,
    WaitingTableSerializer,
)
from core.errors import Invalid, Missing, ServiceError
from rosters.models import Pack
from rosters.serializers.packs import CampaignPackSerializer, CampaignPackSetSerializer
from rules import get_system

# What a client does next with a campaign it created, joined or read.
CAMPAIGN_LINKS = links(
    [
        ("GetCampaign", "campaigns_retrieve"),
        ("ChangeCampaign", "campaigns_partial_update"),
        ("ListPlayers", "campaigns_players_list"),
        ("EnrolSquad", "campaigns_enrol_create"),
        ("ReportBattle", "campaigns_battles_create"),
        ("ListBattles", "campaigns_battles_list"),
        ("GetStandings", "campaigns_standings_retrieve"),
        ("GetReport", "campaigns_report_retrieve"),
        ("NewInvitationCode", "campaigns_invite_code_create"),
    ],
    id="$response.body#/id",
)


def house_rules_sent(campaign: Campaign, sent: dict[str, Any]) -> dict[str, Any]:
    """The tables sent, stored as the settings page stores them
    (``campaigns.forms.SettingsForm.house_rules``): each over the game's default table,
    whole, and none that equals its default; a key the game has no table for is left for
    its rules to refuse."""
    rules = get_system(campaign.system).campaign
    tables = {t.key: t for t in house_rule_fields.tables(rules.default_house_rules())}
    stored = {}
    for key, value in sent.items():
        table = tables.get(key)
        merged = value if table is None else table.merged({}, value)
        if merged is not None:
            stored[key] = merged
    return stored


@extend_schema_view(
    list=extend_schema(
        summary=_("Campaigns you may read"),
        description=_(
            "The campaigns you organise or play in, then the public ones, newest first, a page "
            "at a time. Anonymous clients see the public ones."
        ),
        responses={200: CampaignSerializer(many=True), **error_responses(400, 404)},
    ),
    create=extend_schema(
        summary=_("Create a campaign"),
        description=_(
            "A campaign of a game with campaign rules, which you organise and play in; its "
            "points limit is the game's usual one unless you give another. Answers the "
            "campaign with its invitation code. A pack you do not have, or of another game, "
            "is a 422 at pack."
        ),
        request=CampaignCreateSerializer,
        responses={
            201: LinkedResponse(CampaignDetailSerializer, links=CAMPAIGN_LINKS),
            **error_responses(400, 413, 415, 422),
        },
    ),
    partial_update=extend_schema(
        summary=_("Change a campaign's settings and house rules"),
        description=_(
            "The settings page's fields; a key left out keeps its value. A new points limit "
            "applies to every campaign squad at once; house_rules replaces the campaign's "
            "tables and is checked by the game's rules (422 naming the path, as a points limit "
            "the game does not take). The organiser "
            "only (403 for the other readers)."
        ),
        parameters=[CAMPAIGN_ID],
        request=CampaignChangeSerializer,
        responses={200: CampaignDetailSerializer, **id_errors(400, 413, 415, 422)},
    ),
    retrieve=extend_schema(
        summary=_("A campaign with its settings, players and squads"),
        description=_(
            "Each entry's squad_id is the campaign's copy of a squad: battle reports name it. "
            "The invitation code is shown to the organiser only."
        ),
        parameters=[CAMPAIGN_ID],
        responses={200: CampaignDetailSerializer, **id_errors()},
    ),
)
class CampaignViewSet(ApiViewSet):
    """Campaigns: reading them, creating and setting them up, joining them."""

    queryset = Campaign.objects.all()  # narrowed to what the user may read
    serializer_class = CampaignSerializer
    lookup_value_regex = "[0-9]+"
    READS = frozenset({"list", "retrieve", "standings"})
    # The house rules are checked by the campaign's game: its schema is open (api.errors).
    open_parts: ClassVar = {"partial_update": re.compile(r"house_rules(?:[.\[]|$)")}

    def list(self, request: Request) -> Response:
        campaigns = selectors.readable_campaigns(request.user)  # yours first
        page = self.paginate_queryset(campaigns)
        return self.get_paginated_response(CampaignSerializer(page, many=True).data)

    def retrieve(self, request: Request, pk: str) -> Response:
        return campaign_detail(request, readable_campaign(request, pk))

    def create(self, request: Request) -> Response:
        serializer = CampaignCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        if data.get("pack") is not None:  # stored data no schema knows: a 422 at pack
            data["pack"] = Pack.objects.filter(pk=data["pack"], owner=request.user).first()
            if data["pack"] is None:
                raise unprocessable(Invalid("pack", gettext("You have no such pack.")))
        try:
            campaign = services.campaign_create(organiser=request.user, **data)
        except ServiceError as error:
            if error.field == "pack":
                raise unprocessable(error) from None
            raise
        response = campaign_detail(request, campaign, status.HTTP_201_CREATED)
        return with_location(response, self.reverse_action("detail", args=[campaign.pk]))

    def partial_update(self, request: Request, pk: str) -> Response:
        campaign = organised_campaign(request, pk)
        serializer = CampaignChangeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            services.campaign_update(
                campaign=campaign,
                name=data.get("name", campaign.name),
                description=data.get("description", campaign.description),
                points_limit=data.get("points_limit", campaign.points_limit),
                is_public=data.get("is_public", campaign.is_public),
                apply_at_once=data.get("apply_at_once", campaign.apply_at_once),
                house_rules=house_rules_sent(campaign, data["house_rules"])
                if "house_rules" in data
                else campaign.house_rules,
                require_valid_squads=data.get("require_valid_squads"),
            )
        except ServiceError as error:
            # the house rules' tables and the points limit are the campaign's game's, which
            # the request does not name: a 422 naming the setting (schemathesis.toml)
            if error.field == "points_limit" or error.field.startswith("house_rules"):
                raise unprocessable(error) from None
            raise
        return campaign_detail(request, readable_campaign(request, pk))

    @extend_schema(
        summary=_("Regenerate the invitation code"),
        description=_(
            "As the settings page's button: the campaign gets a new invitation code, and the "
            "old code and link stop working; the players stay. Answers the campaign with its "
            "new code. The organiser only (403 for the other readers)."
        ),
        parameters=[CAMPAIGN_ID],
        request=None,
        responses={200: CampaignDetailSerializer, **id_errors()},
    )
    @action(detail=True, methods=["post"], url_path="invite-code", url_name="invite-code")
    def invite_code(self, request: Request, pk: str) -> Response:
        campaign = readable_campaign(request, pk)  # 404 for whoever may not read it
        campaign = services.campaign_invite_regenerate(campaign=campaign, user=request.user)
        return campaign_detail(request, campaign)  # 403 for the other readers: the handler

    @extend_schema(
        summary=_("Join a campaign with its invitation code"),
        description=_(
            "201 when you join, 200 when you were a player already; either way the campaign. "
            "An unknown code is a 404 naming the code."
        ),
        request=JoinSerializer,
        responses={
            201: LinkedResponse(CampaignDetailSerializer, links=CAMPAIGN_LINKS),
            200: LinkedResponse(CampaignDetailSerializer, links=CAMPAIGN_LINKS),
            **error_responses(400, 404, 413, 415),
        },
    )
    @action(detail=False, methods=["post"])
    def join(self, request: Request) -> Response:
        serializer = JoinSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        code = serializer.validated_data["code"].strip()
        campaign = Campaign.objects.select_related("organiser").filter(invite_code=code).first()
        if campaign is None:
            # the code names nothing stored: a 404 located at the code, not a 400 (the
            # request is of the schema's shape; no schema knows the codes)
            message = gettext("No campaign has this invitation code.")
            raise Missing("code", message, code="unknown-code")
        _player, joined = services.campaign_join(campaign=campaign, user=request.user)
        response = campaign_detail(
            request, campaign, status.HTTP_201_CREATED if joined else status.HTTP_200_OK
        )
        return with_location(response, self.reverse_action("detail", args=[campaign.pk]))

    @extend_schema(
        operation_id="campaigns_waiting_list",
        summary=_("The battle reports waiting for you"),
        description=_(
            "In every campaign, the pending reports you may confirm or reject now: those of "
            "the campaigns you organise, and those naming a squad of yours that another "
            "player sent; oldest first, as the header's badge counts them."
        ),
        responses={200: WaitingBattleSerializer(many=True), **error_responses()},
    )
    @action(detail=False, methods=["get"], pagination_class=None)
    def waiting(self, request: Request) -> Response:
        sides = BattleSide.objects.select_related("entry__squad", "entry__player")
        battles = (
            selectors.waiting(request.user)
            .select_related("campaign", "submitted_by", "decided_by")
            .prefetch_related(Prefetch("sides", queryset=sides))
            .order_by("submitted_at", "pk")
        )  # as selectors.waiting_battles, with each side's player
        return Response(WaitingBattleSerializer(battles, many=True).data)

    @extend_schema(
        operation_id="campaigns_waiting_tables_list",
        summary=_("The tables waiting for you to play"),
        description=_(
            "In every campaign, your squads' tables in a published round with no battle "
            "reported yet (a report waiting for confirmation counts as reported), each with "
            "its campaign, round, squads and their crews, and its scenario; the oldest round "
            "first, as the header's badge counts them beside the reports (see waiting). "
            "Report each one's battle with its round (battle-report/1's round)."
        ),
        responses={200: WaitingTableSerializer(many=True), **error_responses()},
    )
    @action(detail=False, methods=["get"], pagination_class=None, url_path="waiting/tables")
    def waiting_tables(self, request: Request) -> Response:
        tables = selectors.tables_to_play_list(request.user)
        return Response(WaitingTableSerializer(tables, many=True).data)

    @extend_schema(
        summary=_("The standings"),
        description=_(
            "Every squad with its totals over the confirmed battles, ranked by VP then wins, "
            "sorted as the web page sorts them."
        ),
        parameters=[CAMPAIGN_ID, StandingsQuerySerializer],
        responses={200: StandingSerializer(many=True), **id_errors(400)},
    )
    @action(
        detail=True, methods=["get"], query_serializer=StandingsQuerySerializer,
        pagination_class=None,
    )  # fmt: skip
    def standings(self, request: Request, pk: str) -> Response:
        campaign = readable_campaign(request, pk)
        query = StandingsQuerySerializer(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        rows = selectors.standings(campaign, query.validated_data["sort"])
        return Response(StandingSerializer(rows, many=True).data)

    @extend_schema(
        summary=_("The campaign's pack"),
        description=_(
            "The pack version the campaign plays with (its house rules: VP tables, points...) "
            "and its game-pack/1 document; null when it plays with the game's defaults."
        ),
        parameters=[CAMPAIGN_ID],
        responses={200: CampaignPackSerializer, **id_errors()},
    )
    @action(detail=True, methods=["get"], pagination_class=None)
    def pack(self, request: Request, pk: str) -> Response:
        return Response(campaign_pack(readable_campaign(request, pk)))

    @extend_schema(
        summary=_("Set the campaign's pack"),
        description=_(
            "The organiser's choice: the campaign plays with the latest version of a pack of "
            "its game, yours or shared with you (its token), from now on (null: none). The "
            "battles played keep the version they were scored with; one waiting for "
            "confirmation is scored with the pack of its confirmation. A pack the request "
            "names that you cannot read, or of another game, is a 422 at pack."
        ),
        parameters=[CAMPAIGN_ID],
        request=CampaignPackSetSerializer,
        responses={200: CampaignPackSerializer, **id_errors(400, 413, 415, 422)},
    )
    @pack.mapping.put
    def pack_set(self, request: Request, pk: str) -> Response:
        campaign = organised_campaign(request, pk)
        serializer = CampaignPackSetSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        chosen = None
        if data["pack"] is not None:
            chosen = Pack.objects.filter(pk=data["pack"]).first()
            if chosen is None:
                raise unprocessable(Invalid("pack", gettext("No such pack, or it is not shared.")))
        try:
            campaign = services.campaign_pack_set(
                campaign=campaign, user=request.user, pack=chosen, token=data.get("token")
            )
        except ServiceError as error:
            raise unprocessable(error) from None
        return Response(campaign_pack(campaign))


def campaign_pack(campaign: Campaign) -> dict[str, Any]:
    version = campaign.pack_version
    if version is None:
        return {"pack": None, "version": None, "name": None, "own": False, "document": None}
    return {
        "pack": version.pack_id, "version": version.number, "name": version.document["name"],
        "own": version.pack_id == campaign.own_pack_id, "document": version.document,
    }  # fmt: skip
