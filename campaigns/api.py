"""The campaigns part of the REST API (issue #6), under ``/api/campaigns/``.

Who may do what is what the campaign pages allow (``campaigns.views``): anyone, anonymous
clients included, reads a public campaign; only its organiser and players read a private
one, and anyone else gets 404 as if it did not exist. Writing takes an account: players
create campaigns and enrol their own squads; only a player whose squad fought reports a
battle; the organiser or an opposing player confirms or rejects it; only the organiser voids
it, changes the settings and house rules, and lists and removes players; the organiser or the
squad's player records a model's fate after a battle (issue #17: every campaign page has its
operation here, ``tests/api/test_parity.py``). A reader who may not do something gets 403; a
battle whose state forbids it (confirming a confirmed battle, voiding a battle fought before
a later one) gets 409.

Views parse input, check who asks, call ``campaigns.services`` (a ``ServiceError`` becomes a
400 naming its field) or ``campaigns.selectors``, and serialise. A battle report is read by
``rules.documents.parse_battle_report`` first, so a broken document is a 400 naming every
path, translated; the campaign's own objections (a squad not in the campaign, a model that
did not fight) come back the same way, one error per problem.
"""

from __future__ import annotations

import re
from typing import Any

from django.db.models import Prefetch
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import exceptions, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.routers import SimpleRouter

from api.errors import Conflict, error_responses
from api.mixins import JSONErrors, KnownQueryParams
from api.renderers import FirstRenderer, PDFRenderer
from campaigns import house_rule_fields, printing, selectors, services
from campaigns.adapters import load_rosters, squad_violations
from campaigns.models import Battle, BattleSide, Campaign, Entry, Player
from campaigns.serializers import (
    BATTLE_REPORT_EXAMPLE,
    AftermathSerializer,
    BattleDetailSerializer,
    BattleSerializer,
    BattlesQuerySerializer,
    CampaignChangeSerializer,
    CampaignCreateSerializer,
    CampaignDetailSerializer,
    CampaignSerializer,
    CampaignSquadSerializer,
    CharacterSerializer,
    EnrolledSerializer,
    EnrolSerializer,
    JoinSerializer,
    ManagedPlayerSerializer,
    RemovedSerializer,
    ReportOptionsSerializer,
    StandingSerializer,
    StandingsQuerySerializer,
    WaitingBattleSerializer,
    battle_report_schema,
)
from rosters.models import Member, Squad
from rules import get_system
from rules.documents import parse_battle_report, roster_to_document
from rules.types import BattleReport

IDEMPOTENCY_HEADER = "Idempotency-Key"
MAX_KEY = 100  # Battle.idempotency_key
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f]")

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
IDEMPOTENCY_KEY = OpenApiParameter(
    IDEMPOTENCY_HEADER, {"type": "string", "maxLength": MAX_KEY}, OpenApiParameter.HEADER,
    required=False,
    description=_(
        "Any string of yours, new for each battle (a UUID): sending the same report again "
        "with the same key gives back the battle it created (200) instead of a second one. "
        "The same key with another report is a 409."
    ),
)  # fmt: skip

PDF_RESPONSE = OpenApiResponse(OpenApiTypes.BINARY, description=_("The PDF, as an attachment."))


def _ids(*statuses: int) -> dict:
    """The error responses of an operation on one campaign (404: none you may read)."""
    return error_responses(404, *statuses)


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


def _errors(problems: list[tuple[str, str]], code: str) -> dict[str, list]:
    """(path, message) pairs as a DRF error detail: the handler gives one error per pair,
    ``field`` the path (null for the document as a whole)."""
    detail: dict[str, list] = {}
    for path, message in problems:
        detail.setdefault(path or "", []).append(exceptions.ErrorDetail(message, code=code))
    return detail


def report_pdf(campaign: Campaign, paper: str) -> bytes:
    """The campaign report, the same PDF as the web page's download."""
    return printing.report_pdf(campaign, paper=paper)[0]


# --- campaigns ------------------------------------------------------------------------------


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
            "campaign with its invitation code."
        ),
        request=CampaignCreateSerializer,
        responses={201: CampaignDetailSerializer, **error_responses(400, 413, 415)},
    ),
    partial_update=extend_schema(
        summary=_("Change a campaign's settings and house rules"),
        description=_(
            "The settings page's fields; a key left out keeps its value. A new points limit "
            "applies to every campaign squad at once; house_rules replaces the campaign's "
            "tables and is checked by the game's rules (400 naming the path). The organiser "
            "only (403 for the other readers)."
        ),
        parameters=[CAMPAIGN_ID],
        request=CampaignChangeSerializer,
        responses={200: CampaignDetailSerializer, **_ids(400, 413, 415)},
    ),
    retrieve=extend_schema(
        summary=_("A campaign with its settings, players and squads"),
        description=_(
            "Each entry's squad_id is the campaign's copy of a squad: battle reports name it. "
            "The invitation code is shown to the organiser only."
        ),
        parameters=[CAMPAIGN_ID],
        responses={200: CampaignDetailSerializer, **_ids()},
    ),
)
class CampaignViewSet(KnownQueryParams, JSONErrors, viewsets.GenericViewSet):
    """Campaigns: reading them, joining them and enrolling squads."""

    queryset = Campaign.objects.all()  # narrowed to what the user may read
    serializer_class = CampaignSerializer
    lookup_value_regex = "[0-9]+"
    throttle_scope: str | None = None  # set per action (see ScopedThrottle)
    READS = {"list", "retrieve", "standings", "report", "character", "squad"}

    def get_permissions(self):
        return [AllowAny()] if self.action in self.READS else [IsAuthenticated()]

    def _detail(self, campaign: Campaign, status_code: int = status.HTTP_200_OK) -> Response:
        user = self.request.user
        players = list(campaign.players.select_related("user"))
        context = {
            "players": players,
            "entries": Entry.objects.filter(campaign=campaign).select_related("squad", "player"),
            "is_organiser": user.pk is not None and user.pk == campaign.organiser_id,
            "is_player": user.pk is not None and any(p.user_id == user.pk for p in players),
        }
        return Response(CampaignDetailSerializer(campaign, context=context).data, status_code)

    def list(self, request: Request) -> Response:
        page = self.paginate_queryset(selectors.readable_campaigns(request.user))
        return self.get_paginated_response(CampaignSerializer(page, many=True).data)

    def retrieve(self, request: Request, pk: str) -> Response:
        return self._detail(readable_campaign(request, pk))

    def create(self, request: Request) -> Response:
        serializer = CampaignCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        campaign = services.campaign_create(organiser=request.user, **serializer.validated_data)
        response = self._detail(campaign, status.HTTP_201_CREATED)
        response["Location"] = self.reverse_action("detail", args=[campaign.pk])
        return response

    def partial_update(self, request: Request, pk: str) -> Response:
        campaign = organised_campaign(request, pk)
        serializer = CampaignChangeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
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
        )  # a refused setting or table: 400 naming it
        return self._detail(readable_campaign(request, pk))

    # --- players -----------------------------------------------------------------------------

    @extend_schema(
        operation_id="campaigns_players_list",
        summary=_("The players, as the organiser manages them"),
        description=_(
            "Every player, first joined first, with the id to remove them by and their squads "
            "still in the campaign. The organiser only (403 for the other readers)."
        ),
        parameters=[CAMPAIGN_ID],
        responses={200: ManagedPlayerSerializer(many=True), **_ids()},
    )
    @action(detail=True, methods=["get"], pagination_class=None)
    def players(self, request: Request, pk: str) -> Response:
        campaign = organised_campaign(request, pk)
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

    @extend_schema(
        summary=_("Remove a player"),
        description=_(
            "As the organiser's button on the campaign page: the player no longer reads a "
            "private campaign, reports, enrols or confirms. Their squads are withdrawn, not "
            "deleted: their battles stay counted; reports naming them that still wait are "
            "yours to decide. They may join again by invitation. The organiser only (403); "
            "the organiser cannot remove themselves (400)."
        ),
        parameters=[CAMPAIGN_ID, PLAYER_ID],
        request=None,
        responses={200: RemovedSerializer, **_ids(400)},
    )
    @action(
        detail=True, methods=["delete"], url_path=r"players/(?P<player_id>[0-9]+)",
        url_name="player",
    )  # fmt: skip
    def remove_player(self, request: Request, pk: str, player_id: str) -> Response:
        campaign = readable_campaign(request, pk)
        player = Player.objects.filter(pk=player_id, campaign=campaign).first()
        if player is None:
            raise exceptions.NotFound()
        removed = services.player_remove(campaign=campaign, by=request.user, player=player)
        return Response(RemovedSerializer(removed).data)  # 403 / 400: the handler

    @extend_schema(
        summary=_("Join a campaign with its invitation code"),
        description=_(
            "201 when you join, 200 when you were a player already; either way the campaign. "
            "An unknown code is a 400."
        ),
        request=JoinSerializer,
        responses={
            201: CampaignDetailSerializer, 200: CampaignDetailSerializer,
            **error_responses(400, 413, 415),
        },
    )  # fmt: skip
    @action(detail=False, methods=["post"])
    def join(self, request: Request) -> Response:
        serializer = JoinSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        code = serializer.validated_data["code"].strip()
        campaign = Campaign.objects.select_related("organiser").filter(invite_code=code).first()
        if campaign is None:
            message = gettext("No campaign has this invitation code.")
            raise exceptions.ValidationError({"code": [message]}, "unknown-code")
        joined_before = selectors.is_player(campaign, request.user)
        services.campaign_join(campaign=campaign, user=request.user)
        response = self._detail(
            campaign, status.HTTP_200_OK if joined_before else status.HTTP_201_CREATED
        )
        response["Location"] = self.reverse_action("detail", args=[campaign.pk])
        return response

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
        summary=_("Enrol one of your squads"),
        description=_(
            "The campaign plays a copy of the squad, with the campaign's points limit; your "
            "squad stays free to edit. Answers the entry: its squad_id is the copy's, the id "
            "to name in battle reports, with the rules the copy breaks (it cannot report a "
            "battle until they are fixed). A campaign that requires valid squads refuses one "
            "that breaks a rule (400, squad-not-valid). Players only (403 for other readers)."
        ),
        parameters=[CAMPAIGN_ID],
        request=EnrolSerializer,
        responses={201: EnrolledSerializer, **_ids(400, 409, 413, 415)},
    )
    @action(detail=True, methods=["post"])
    def enrol(self, request: Request, pk: str) -> Response:
        campaign = readable_campaign(request, pk)
        if not selectors.is_player(campaign, request.user):
            raise exceptions.PermissionDenied(gettext("join the campaign before enrolling a squad"))
        serializer = EnrolSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        squad_id = serializer.validated_data["squad_id"]
        squad = Squad.objects.filter(pk=squad_id, owner=request.user).first()
        if squad is None:
            raise services.ServiceError("squad_id", gettext("Choose one of your squads."))
        try:
            entry = services.enrol(campaign=campaign, user=request.user, squad=squad)
        except services.ServiceError as error:  # the page's "squad" is the API's "squad_id"
            problems = [("squad_id", message) for _field, message in error.problems]
            raise type(error)(
                "squad_id", error.message, code=error.code, problems=problems
            ) from None
        entry = Entry.objects.select_related("squad", "player", "campaign").get(pk=entry.pk)
        context = {"violations": selectors.entry_violations(entry)}
        response = Response(
            EnrolledSerializer(entry, context=context).data, status=status.HTTP_201_CREATED
        )
        squad_url = reverse("api:squad-detail", args=[entry.squad_id])
        response["Location"] = request.build_absolute_uri(squad_url)
        return response

    @extend_schema(
        summary=_("The standings"),
        description=_(
            "Every squad with its totals over the confirmed battles, ranked by VP then wins, "
            "sorted as the web page sorts them."
        ),
        parameters=[CAMPAIGN_ID, StandingsQuerySerializer],
        responses={200: StandingSerializer(many=True), **_ids(400)},
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
        summary=_("The campaign report as PDF"),
        description=_(
            "The standings and the whole battle log, as the web download renders them. "
            "Throttled on its own (scope 'pdf'); errors are JSON."
        ),
        parameters=[CAMPAIGN_ID, ReportOptionsSerializer],
        responses={(200, "application/pdf"): PDF_RESPONSE, **_ids(400, 503)},
    )
    @action(
        detail=True, methods=["get"], renderer_classes=[PDFRenderer],
        content_negotiation_class=FirstRenderer, throttle_scope="pdf",
        query_serializer=ReportOptionsSerializer,
    )  # fmt: skip
    def report(self, request: Request, pk: str) -> Response:
        campaign = readable_campaign(request, pk)
        options = ReportOptionsSerializer(data=request.query_params.dict())
        options.is_valid(raise_exception=True)
        pdf = report_pdf(campaign, options.validated_data["paper"])
        filename = f"{slugify(campaign.name) or 'campaign'}-report.pdf"
        disposition = content_disposition_header(as_attachment=True, filename=filename)
        return Response(pdf, headers={"Content-Disposition": disposition})

    @extend_schema(
        summary=_("A campaign squad"),
        description=_(
            "A squad of the campaign as its readers see it: its models (or units) as a "
            "squad-roster/1 document with their campaign record, its points in the campaign, "
            "the rules it breaks there, and its battles, newest first."
        ),
        parameters=[CAMPAIGN_ID, SQUAD_ID],
        responses={200: CampaignSquadSerializer, **_ids()},
    )
    @action(
        detail=True, methods=["get"], url_path=r"squads/(?P<squad_id>[0-9]+)", url_name="squad",
    )  # fmt: skip
    def squad(self, request: Request, pk: str, squad_id: str) -> Response:
        campaign = readable_campaign(request, pk)
        entry = (
            Entry.objects.select_related("squad", "player")
            .filter(campaign=campaign, squad_id=squad_id)
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

    @extend_schema(
        summary=_("A character's history"),
        description=_(
            "A model of a campaign squad with everything the campaign's battles did to it, "
            "oldest first, worded as the character page words it."
        ),
        parameters=[CAMPAIGN_ID, MEMBER_ID],
        responses={200: CharacterSerializer, **_ids()},
    )
    @action(
        detail=True, methods=["get"], url_path=r"characters/(?P<member_id>[0-9]+)",
        url_name="character",
    )  # fmt: skip
    def character(self, request: Request, pk: str, member_id: str) -> Response:
        campaign = readable_campaign(request, pk)
        member = (
            Member.objects.select_related("squad__owner")
            .filter(pk=member_id, squad__campaign_entry__campaign=campaign)
            .first()
        )
        if member is None:
            raise exceptions.NotFound()
        context = {"system": campaign.system, "timeline": selectors.timeline(member.pk)}
        return Response(CharacterSerializer(member, context=context).data)


# --- battles --------------------------------------------------------------------------------


def _battle_action(summary, description) -> Any:
    return extend_schema(
        summary=summary,
        description=description,
        parameters=[CAMPAIGN_ID, BATTLE_NUMBER],
        request=None,
        responses={200: BattleDetailSerializer, **_ids(409)},
    )


@extend_schema_view(
    list=extend_schema(
        summary=_("A campaign's battles"),
        description=_(
            "The battle log with each battle's sides and VP, newest first, a page at a time. "
            "Rejected reports are left out, as on the web page."
        ),
        parameters=[CAMPAIGN_ID],
        responses={200: BattleSerializer(many=True), **_ids(400)},
    ),
    create=extend_schema(
        summary=_("Report a battle (a battle-report/1 document)"),
        description=_(
            "Each side names a campaign squad by squad_id. Only a player whose squad fought "
            "may report (403 otherwise). The battle waits for the organiser or an opponent to "
            "confirm it, unless the campaign applies reports at once. Every problem comes "
            "back as one error whose field is its path in the document, e.g. "
            "sides[0].casualties[1].member. Send an Idempotency-Key to retry safely."
        ),
        parameters=[CAMPAIGN_ID, IDEMPOTENCY_KEY],
        request=battle_report_schema(),
        examples=[
            OpenApiExample(
                "battle",
                value=BATTLE_REPORT_EXAMPLE,
                request_only=True,
                summary=_("Two campaign squads; a model lost, one with deeds"),
            ),
        ],
        responses={
            201: BattleDetailSerializer,
            200: OpenApiResponse(
                BattleDetailSerializer,
                description=_("The battle this Idempotency-Key created before."),
            ),
            **_ids(400, 409, 413, 415),
        },
    ),
    retrieve=extend_schema(
        summary=_("A battle with its report and what it changed"),
        description=_(
            "Its sides with VP and placings, the report as sent, and every change it made to "
            "squads and models, in order, with the dice rolled."
        ),
        parameters=[CAMPAIGN_ID, BATTLE_NUMBER],
        responses={200: BattleDetailSerializer, **_ids()},
    ),
    confirm=_battle_action(
        _("Confirm a battle: it is applied"),
        _(
            "The organiser or an opposing player (403 for others). The rules run, the squads "
            "change and the standings count it. A battle that is not waiting is a 409."
        ),
    ),
    reject=_battle_action(
        _("Reject a battle report"),
        _(
            "The organiser or an opposing player (403 for others); nothing is applied. A "
            "battle that is not waiting is a 409."
        ),
    ),
    void=_battle_action(
        _("Void a confirmed battle: every change it made is undone"),
        _(
            "The organiser only (403 for others). Only a squad's latest battle can be voided: "
            "void the later ones first (409)."
        ),
    ),
)
class BattleViewSet(KnownQueryParams, JSONErrors, viewsets.GenericViewSet):
    """A campaign's battles, under /api/campaigns/{id}/battles/."""

    queryset = Battle.objects.all()  # narrowed to the campaign's
    serializer_class = BattleSerializer
    lookup_field = "number"
    lookup_value_regex = "[0-9]+"
    READS = {"list", "retrieve"}

    def get_permissions(self):
        return [AllowAny()] if self.action in self.READS else [IsAuthenticated()]

    @property
    def query_serializer(self):  # KnownQueryParams: ?sort on the list only
        return BattlesQuerySerializer if self.action == "list" else None

    def _campaign(self) -> Campaign:
        return readable_campaign(self.request, self.kwargs["id"])

    def _battle(self, campaign: Campaign, number: Any) -> Battle:
        battle = Battle.objects.filter(campaign=campaign, number=number).first()
        if battle is None:
            raise exceptions.NotFound()
        battle.campaign = campaign
        return battle

    def _detail(self, campaign: Campaign, number: int, status_code=status.HTTP_200_OK):
        """The battle as it is now, with its sides and history (5 queries)."""
        try:
            battle = selectors.battle_detail(campaign, number)
        except Battle.DoesNotExist:
            raise exceptions.NotFound() from None
        data = BattleDetailSerializer(battle, context={"system": campaign.system}).data
        return Response(data, status=status_code)

    # --- reading -----------------------------------------------------------------------------

    def list(self, request: Request, id: str) -> Response:
        campaign = self._campaign()
        query = BattlesQuerySerializer(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        battles = selectors.battles(campaign, query.validated_data["sort"]).select_related(
            "submitted_by", "decided_by"
        )
        page = self.paginate_queryset(battles)
        return self.get_paginated_response(BattleSerializer(page, many=True).data)

    def retrieve(self, request: Request, id: str, number: str) -> Response:
        return self._detail(self._campaign(), number)

    # --- reporting ---------------------------------------------------------------------------

    def create(self, request: Request, id: str) -> Response:
        campaign = self._campaign()
        user = request.user
        if not selectors.is_player(campaign, user):
            raise exceptions.PermissionDenied(
                gettext("only a player whose squad fought can report a battle")
            )
        key = self._idempotency_key(request)
        document = request.data
        if key:  # the same report sent again: the battle it made
            sent = Battle.objects.filter(campaign=campaign, submitted_by=user, idempotency_key=key)
            if (battle := sent.first()) is not None:
                if battle.report != document:
                    raise self._key_reused()
                return self._detail(campaign, battle.number)
        report = parse_battle_report(document)  # DocumentError: a 400 naming every path
        self._check_fought(campaign, user, report)
        submitted = services.battle_submit(
            campaign=campaign, user=user, document=document, idempotency_key=key
        )  # a refused report: 400 naming every path; a reused key: 409
        number = submitted.battle.number
        if not submitted.created:
            return self._detail(campaign, number)
        response = self._detail(campaign, number, status.HTTP_201_CREATED)
        response["Location"] = self.reverse_action("detail", kwargs={"id": id, "number": number})
        return response

    @staticmethod
    def _idempotency_key(request: Request) -> str:
        raw = request.headers.get(IDEMPOTENCY_HEADER, "")
        if len(raw) > MAX_KEY or _UNPRINTABLE.search(raw):
            message = gettext("must be at most %(max)d printable characters") % {"max": MAX_KEY}
            raise exceptions.ValidationError({IDEMPOTENCY_HEADER: [message]})
        return raw.strip()

    @staticmethod
    def _key_reused() -> Conflict:
        message = gettext("this key was already used for another battle report")
        return Conflict(_errors([(IDEMPOTENCY_HEADER, message)], "idempotency-key-reused"))

    @staticmethod
    def _check_fought(campaign: Campaign, user: Any, report: BattleReport) -> None:
        """403 when every side is a squad of the campaign and none is the sender's; any other
        problem with the sides is the service's to name (a 400)."""
        ids = [side.squad_id for side in report.sides]
        players = dict(
            Entry.objects.filter(campaign=campaign, squad_id__in=[i for i in ids if i])
            .values_list("squad_id", "player_id")
        )  # fmt: skip
        if report.system != campaign.system or not all(i in players for i in ids):
            return
        if user.pk not in {players[i] for i in ids}:
            raise exceptions.PermissionDenied(
                gettext("only a player whose squad fought can report a battle")
            )

    # --- deciding ----------------------------------------------------------------------------

    @action(detail=True, methods=["post"])
    def confirm(self, request: Request, id: str, number: str) -> Response:
        campaign = self._campaign()
        battle = self._battle(campaign, number)
        services.battle_confirm(battle=battle, user=request.user)  # 403 / 409: the handler
        return self._detail(campaign, battle.number)

    @action(detail=True, methods=["post"])
    def reject(self, request: Request, id: str, number: str) -> Response:
        campaign = self._campaign()
        battle = self._battle(campaign, number)
        services.battle_reject(battle=battle, user=request.user)  # 403 / 409: the handler
        return self._detail(campaign, battle.number)

    @extend_schema(
        summary=_("Record a model's fate after a battle"),
        description=_(
            "For a model the battle marked for a record by hand (an injury whose table the "
            "rules do not print), as the battle page records it: its new status and the "
            "record keys the game lets a player set then, each kept in the battle's history "
            "(voiding the battle undoes them). The organiser or the squad's player (403 for "
            "others); a model the battle asks nothing of is a 400; a squad that has fought "
            "since is a 409."
        ),
        parameters=[CAMPAIGN_ID, BATTLE_NUMBER, MEMBER_ID],
        request=AftermathSerializer,
        responses={200: BattleDetailSerializer, **_ids(400, 409, 413, 415)},
    )
    @action(
        detail=True, methods=["post"], url_path=r"aftermath/(?P<member_id>[0-9]+)",
        url_name="aftermath",
    )  # fmt: skip
    def aftermath(self, request: Request, id: str, number: str, member_id: str) -> Response:
        campaign = self._campaign()
        battle = self._battle(campaign, number)
        member = (
            Member.objects.select_related("squad")
            .filter(pk=member_id, squad__campaign_entry__campaign=campaign)
            .first()
        )
        if member is None:
            raise exceptions.NotFound()
        serializer = AftermathSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        services.battle_aftermath(
            battle=battle, user=request.user, member=member,
            status=data.get("status", member.status), record=data.get("record", {}),
        )  # fmt: skip  # 400 / 403 / 409: the handler
        return self._detail(campaign, battle.number)

    @action(detail=True, methods=["post"])
    def void(self, request: Request, id: str, number: str) -> Response:
        campaign = self._campaign()
        battle = self._battle(campaign, number)
        services.battle_void(battle=battle, user=request.user)  # 403 / 409: the handler
        return self._detail(campaign, battle.number)


router = SimpleRouter()
router.register("campaigns", CampaignViewSet, basename="campaign")
router.register(r"campaigns/(?P<id>[0-9]+)/battles", BattleViewSet, basename="campaign-battle")
urlpatterns = router.urls
