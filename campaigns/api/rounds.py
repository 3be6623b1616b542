"""A campaign's rounds (issue #31): the organiser opens one (its tables drawn at random or by
the standings), withdraws a squad from it or swaps two while it is a draft, publishes it and
closes it; anyone who reads the campaign reads its rounds. Every answer is the round with its
tables, its bye and the squads withdrawn from it."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import exceptions, status
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from api.errors import id_errors, relocated, unprocessable
from api.mixins import ApiViewSet, with_location
from api.openapi import LinkedResponse, links
from api.renderers import PDF_RESPONSE, FirstRenderer, PDFRenderer
from campaigns import selectors, services
from campaigns.api.common import CAMPAIGN_ID, readable_campaign
from campaigns.models import Campaign, Entry, Round
from campaigns.serializers import (
    ChallengeDecisionSerializer,
    ReportOptionsSerializer,
    RoundChallengeSerializer,
    RoundOpenSerializer,
    RoundSerializer,
    RoundSwapSerializer,
    RoundWithdrawSerializer,
    SeatCrewSerializer,
    TableScenarioSerializer,
)
from core.errors import ServiceError

ROUND_NUMBER = OpenApiParameter(
    "number", OpenApiTypes.INT, OpenApiParameter.PATH,
    description=_("The round's number in its campaign (1, 2, 3...)."),
)  # fmt: skip

_THIS_ROUND = {"id": "$request.path.id", "number": "$response.body#/number"}
_GET = ("GetRound", "campaigns_rounds_retrieve")
_PUBLISH = ("PublishRound", "campaigns_rounds_publish_create")
_SWAP = ("SwapSquads", "campaigns_rounds_swap_create")
_WITHDRAW = ("WithdrawSquad", "campaigns_rounds_withdraw_create")
_CLOSE = ("CloseRound", "campaigns_rounds_close_create")
_CHALLENGE = ("ProposeOpponent", "campaigns_rounds_challenge_create")
_ACCEPT = ("AcceptChallenge", "campaigns_rounds_accept_create")
_CREW = ("ChooseCrew", "campaigns_rounds_crew_create")
# An action with a body: unreadable (400), too big (413), not JSON (415); the round's state
# (409); what it names refused by the stored data (422)
WRITE_ERRORS = (400, 409, 413, 415, 422)
DRAFT_LINKS = links([_GET, _PUBLISH, _SWAP, _WITHDRAW, _CHALLENGE, _ACCEPT], **_THIS_ROUND)
PLAYED_LINKS = links([_GET, _CLOSE, _CREW], **_THIS_ROUND)


def _round_action(summary, description, request, next_links, *errors: int) -> Any:
    return extend_schema(
        summary=summary,
        description=description,
        parameters=[CAMPAIGN_ID, ROUND_NUMBER],
        request=request,
        responses={200: LinkedResponse(RoundSerializer, links=next_links), **id_errors(*errors)},
    )


@extend_schema_view(
    list=extend_schema(
        summary=_("A campaign's rounds"),
        description=_(
            "Every round, newest first, each with its tables, its bye and the squads "
            "withdrawn from it."
        ),
        parameters=[CAMPAIGN_ID],
        responses={200: RoundSerializer(many=True), **id_errors()},
    ),  # fmt: skip
    create=extend_schema(
        summary=_("Open the next round"),
        description=_(
            "The organiser only (403 for others). The round is a draft, paired at random "
            "(round 1, or on request; the seed draws the same round again), by the "
            "standings, or by challenge (paired by the standings until the organiser accepts "
            "the players' proposals, see challenge and accept): nobody sits out twice before "
            "everybody has sat out once, and no two squads meet again while any pairing "
            "avoids it (a table says forced_rematch when none could). The previous round "
            "must be closed, and two squads in the campaign (409)."
        ),
        parameters=[CAMPAIGN_ID],
        request=RoundOpenSerializer,
        responses={
            201: LinkedResponse(RoundSerializer, links=DRAFT_LINKS),
            **id_errors(400, 409, 413, 415),
        },
    ),
    retrieve=extend_schema(
        summary=_("A round with its tables"),
        description=_(
            "Its tables with their squads and battles once reported, its bye and the "
            "squads withdrawn from it."
        ),
        parameters=[CAMPAIGN_ID, ROUND_NUMBER],
        responses={200: LinkedResponse(RoundSerializer, links=PLAYED_LINKS), **id_errors()},
    ),  # fmt: skip
    publish=_round_action(
        _("Publish a draft round"),
        _(
            "The organiser only (403). Its pairings stand, and its battles may be reported; a "
            "round that is not a draft is a 409."
        ),
        None,
        PLAYED_LINKS,
        409,
    ),  # fmt: skip
    swap=_round_action(
        _("Swap two squads of a draft round"),
        _(
            "The organiser only (403). Each squad takes the other's table or bye. A squad not "
            "in the round, or withdrawn from it, is a 422; a round that is not a draft, a 409."
        ),
        RoundSwapSerializer,
        DRAFT_LINKS,
        *WRITE_ERRORS,
    ),  # fmt: skip
    withdraw=_round_action(
        _("Withdraw a squad from a draft round"),
        _(
            "The organiser only (403). The round is paired again without the squad (swaps "
            "made before are drawn again). A squad not in the round is a 422; a round that is "
            "not a draft, a 409."
        ),
        RoundWithdrawSerializer,
        DRAFT_LINKS,
        *WRITE_ERRORS,
    ),  # fmt: skip
    challenge=_round_action(
        _("Propose an opponent (a round paired by challenge)"),
        _(
            "The player of squad_id only (403). One proposal per squad: a new one replaces "
            "it until the organiser accepts it (then 409). Both squads must play in the round "
            "(422); a round that is not a draft paired by challenge is a 409."
        ),
        RoundChallengeSerializer,
        DRAFT_LINKS,
        *WRITE_ERRORS,
    ),  # fmt: skip
    accept=_round_action(
        _("Accept a squad's challenge"),
        _(
            "The organiser only (403). The challenger and its opponent sit at one table, as "
            "proposed; the round is paired again, every squad in no accepted challenge by "
            "the standings (swaps made before are drawn again). A squad with no proposal, or "
            "one already in another accepted challenge, is a 422; a round that is not a draft "
            "paired by challenge, a 409."
        ),
        ChallengeDecisionSerializer,
        DRAFT_LINKS,
        *WRITE_ERRORS,
    ),  # fmt: skip
    refuse=_round_action(
        _("Refuse a squad's challenge"),
        _(
            "The organiser only (403). A challenge accepted before is undone and the round "
            "paired again. A squad with no proposal is a 422; a round that is not a draft "
            "paired by challenge, a 409."
        ),
        ChallengeDecisionSerializer,
        DRAFT_LINKS,
        *WRITE_ERRORS,
    ),  # fmt: skip
    crew=_round_action(
        _("Choose a squad's crew for its table"),
        _(
            "The player of squad_id only (403), in a draft or published round, before the "
            "table's battle is reported (else 409): the names of the squad's models that can "
            "fight (its units in a game played with units) that take part; null or empty, "
            "the whole squad. A name the squad lacks is a 422 at crew[j]; so is a squad "
            "with the bye or not in the round. The report of the battle says its crew "
            "itself (battle-report/1's crew); the page's report screen proposes this one."
        ),
        SeatCrewSerializer,
        PLAYED_LINKS,
        *WRITE_ERRORS,
    ),  # fmt: skip
    scenario=_round_action(
        _("Type a table's scenario"),
        _(
            "The organiser only (403), in a draft or published round (else 409): free text, "
            "printed on the pairings sheet and proposed by the report screen. A table the "
            "round lacks is a 422. The pages offer the names of the campaign's pack's "
            "scenarios (GET /api/campaigns/{id}/pack/); any text is taken."
        ),
        TableScenarioSerializer,
        PLAYED_LINKS,
        *WRITE_ERRORS,
    ),  # fmt: skip
    pairings=extend_schema(
        summary=_("A round's pairings sheet as PDF"),
        description=_(
            "Its tables with their squads, players, crews and scenarios, the bye and the "
            "squads withdrawn, for whoever reads the campaign, as the round page's download "
            "prints it (in the request: a sheet of a page or two). Throttled on its own "
            "(scope 'pdf'); errors are JSON."
        ),
        parameters=[CAMPAIGN_ID, ROUND_NUMBER, ReportOptionsSerializer],
        responses={(200, "application/pdf"): PDF_RESPONSE, **id_errors(400, 503)},
    ),
    close=_round_action(
        _("Close a published round"),
        _(
            "The organiser only (403), every battle played or not; a round closes by itself "
            "once every table's battle is confirmed. The next round may then be opened. A "
            "round that is not published is a 409."
        ),
        None,
        links([_GET], **_THIS_ROUND),
        409,
    ),  # fmt: skip
)
class RoundViewSet(ApiViewSet):
    """A campaign's rounds, under /api/campaigns/{id}/rounds/."""

    queryset = Round.objects.all()  # narrowed to the campaign's
    serializer_class = RoundSerializer
    lookup_field = "number"
    lookup_value_regex = "[0-9]+"
    pagination_class = None  # a campaign plays a handful of rounds
    READS = frozenset({"list", "retrieve", "pairings"})

    def _round(self, campaign: Campaign, number: Any) -> Round:
        round = Round.objects.filter(campaign=campaign, number=number).first()
        if round is None:
            raise exceptions.NotFound()
        round.campaign = campaign
        return round

    def _detail(self, campaign: Campaign, number: int, status_code=status.HTTP_200_OK):
        """The round as it is now, with its tables (5 queries)."""
        try:
            round = selectors.round_detail(campaign, number)
        except Round.DoesNotExist:
            raise exceptions.NotFound() from None
        return Response(RoundSerializer(round).data, status=status_code)

    def _entry(self, campaign: Campaign, squad_id: int, path: str) -> Entry:
        entry = Entry.objects.select_related("squad").filter(
            campaign=campaign, squad_id=squad_id
        ).first()  # fmt: skip
        if entry is None:
            raise unprocessable(ServiceError(path, gettext("this squad is not in this campaign")))
        return entry

    def list(self, request: Request, id: str) -> Response:
        campaign = readable_campaign(request, id)
        rounds = selectors.campaign_rounds(campaign)
        return Response(RoundSerializer(rounds, many=True).data)

    def retrieve(self, request: Request, id: str, number: str) -> Response:
        return self._detail(readable_campaign(request, id), number)

    def create(self, request: Request, id: str) -> Response:
        campaign = readable_campaign(request, id)
        body = RoundOpenSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        round = services.round_open(
            campaign=campaign, by=request.user, mode=body.validated_data["mode"],
            seed=body.validated_data.get("seed"),
        )  # fmt: skip
        response = self._detail(campaign, round.number, status.HTTP_201_CREATED)
        url = self.reverse_action("detail", kwargs={"id": id, "number": round.number})
        return with_location(response, url)

    @action(detail=True, methods=["post"])
    def publish(self, request: Request, id: str, number: str) -> Response:
        campaign = readable_campaign(request, id)
        services.round_publish(round=self._round(campaign, number), by=request.user)
        return self._detail(campaign, number)

    def _act(self, request: Request, id: str, number: str, body_class, act) -> Response:
        """Read the body (``body_class``), run ``act(campaign, round, data, user)`` (a
        service call): a refusal of what it names is a 422 at the body's path (the
        services' ``entry`` is ``squad_id``, their ``opponent`` ``opponent_id``); 403 and
        409 say their own status. The round as it is then."""
        campaign = readable_campaign(request, id)
        round = self._round(campaign, number)
        body = body_class(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            act(campaign, round, body.validated_data, request.user)
        except ServiceError as error:
            error = relocated(relocated(error, "entry", "squad_id"), "opponent", "opponent_id")
            raise unprocessable(error) from None
        return self._detail(campaign, number)

    @action(detail=True, methods=["post"])
    def swap(self, request: Request, id: str, number: str) -> Response:
        def swap(campaign, round, data, user) -> None:
            first = self._entry(campaign, data["first"], "first")
            second = self._entry(campaign, data["second"], "second")
            services.round_swap(round=round, first=first, second=second, by=user)

        return self._act(request, id, number, RoundSwapSerializer, swap)

    def _on_squad(self, request: Request, id: str, number: str, body_class, service) -> Response:
        """``service(round=, entry=, by=)`` on the squad of the body's ``squad_id``."""

        def act(campaign, round, data, user) -> None:
            service(round=round, entry=self._entry(campaign, data["squad_id"], "squad_id"),
                    by=user)  # fmt: skip

        return self._act(request, id, number, body_class, act)

    @action(detail=True, methods=["post"])
    def withdraw(self, request: Request, id: str, number: str) -> Response:
        return self._on_squad(request, id, number, RoundWithdrawSerializer, services.round_withdraw)

    @action(detail=True, methods=["post"])
    def close(self, request: Request, id: str, number: str) -> Response:
        campaign = readable_campaign(request, id)
        services.round_close(round=self._round(campaign, number), by=request.user)
        return self._detail(campaign, number)

    @action(detail=True, methods=["post"])
    def challenge(self, request: Request, id: str, number: str) -> Response:
        def propose(campaign, round, data, user) -> None:
            entry = self._entry(campaign, data["squad_id"], "squad_id")
            opponent = self._entry(campaign, data["opponent_id"], "opponent_id")
            services.challenge_propose(round=round, entry=entry, opponent=opponent, by=user)

        return self._act(request, id, number, RoundChallengeSerializer, propose)

    @action(detail=True, methods=["post"])
    def accept(self, request: Request, id: str, number: str) -> Response:
        return self._on_squad(
            request, id, number, ChallengeDecisionSerializer, services.challenge_accept
        )

    @action(detail=True, methods=["post"])
    def refuse(self, request: Request, id: str, number: str) -> Response:
        return self._on_squad(
            request, id, number, ChallengeDecisionSerializer, services.challenge_refuse
        )

    @action(detail=True, methods=["post"])
    def crew(self, request: Request, id: str, number: str) -> Response:
        def choose(campaign, round, data, user) -> None:
            entry = self._entry(campaign, data["squad_id"], "squad_id")
            services.seat_crew(round=round, entry=entry, crew=data["crew"], by=user)

        return self._act(request, id, number, SeatCrewSerializer, choose)

    @action(
        detail=True, methods=["get"], renderer_classes=[PDFRenderer],
        content_negotiation_class=FirstRenderer, query_serializer=ReportOptionsSerializer,
    )  # fmt: skip
    def pairings(self, request: Request, id: str, number: str) -> Response:
        from printing.api import pdf_answer  # the PDF downloads' throttle and headers
        from printing.pairings import pairings_filename, pairings_pdf

        campaign = readable_campaign(request, id)
        query = ReportOptionsSerializer(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        try:
            round = selectors.round_detail(campaign, number)
        except Round.DoesNotExist:
            raise exceptions.NotFound() from None
        paper = query.validated_data["paper"]
        return pdf_answer(
            self, request, asked=False,
            pdf=lambda wait: pairings_pdf(campaign, round, paper=paper),
            filename=pairings_filename(campaign, round, paper=paper),
        )  # fmt: skip

    @action(detail=True, methods=["post"])
    def scenario(self, request: Request, id: str, number: str) -> Response:
        def type_it(campaign, round, data, user) -> None:
            services.table_scenario(round=round, by=user, **data)

        return self._act(request, id, number, TableScenarioSerializer, type_it)
