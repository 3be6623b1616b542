"""A campaign's battles: the log, a battle with what it changed, reporting one (a
``battle-report/1`` document), and deciding it: confirm, reject, void, a model's fate.

A battle report is read by ``rules.documents.parse_battle_report`` first, so a broken
document is a 400 naming every path, translated; the campaign's own objections (a squad not
in the campaign, a model that did not fight), which no schema can know, are a 422 naming
every path the same way, one error per problem (schemathesis.toml lists the exemption).
A battle whose state forbids the decision (confirming a confirmed battle, voiding a battle
fought before a later one) is a 409.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    extend_schema,
    extend_schema_view,
)
from rest_framework import exceptions, status
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from api.errors import id_errors, rule_refusal, unprocessable
from api.mixins import ApiViewSet, with_location
from api.openapi import LinkedResponse, links
from api.serializers import DOCUMENT_TEXT_PATTERN
from campaigns import selectors, services
from campaigns.api.aftermath import AftermathActions
from campaigns.api.common import BATTLE_NUMBER, CAMPAIGN_ID, MEMBER_ID, readable_campaign
from campaigns.models import Battle, Campaign
from campaigns.serializers import (
    BATTLE_REPORT_EXAMPLE,
    AftermathSerializer,
    BattleDetailSerializer,
    BattleSerializer,
    BattlesQuerySerializer,
    battle_report_schema,
)
from core.errors import ServiceError
from rosters.models import Member
from rules import systems

IDEMPOTENCY_HEADER = "Idempotency-Key"
MAX_KEY = 100  # Battle.idempotency_key
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f]")
# Each game's report keys that hold a side's dice by model name ("rolls").
_ROLLS = "|".join(re.escape(f.key) for s in systems() for f in s.report.side if f.kind == "rolls")

IDEMPOTENCY_KEY = OpenApiParameter(
    IDEMPOTENCY_HEADER,
    {"type": "string", "maxLength": MAX_KEY, "pattern": DOCUMENT_TEXT_PATTERN},  # _UNPRINTABLE
    OpenApiParameter.HEADER,
    required=False,
    description=_(
        "Any string of yours, new for each battle (a UUID): sending the same report again "
        "with the same key gives back the battle it created (200) instead of a second one. "
        "The same key with another report is a 409."
    ),
)  # fmt: skip

# What a client does next with a battle: the campaign of the request, the battle's number
# from the answer.
_THIS_BATTLE = {"id": "$request.path.id", "number": "$response.body#/number"}
_GET = ("GetBattle", "campaigns_battles_retrieve")
_CONFIRM = ("ConfirmBattle", "campaigns_battles_confirm_create")
_REJECT = ("RejectBattle", "campaigns_battles_reject_create")
_VOID = ("VoidBattle", "campaigns_battles_void_create")
REPORTED_LINKS = links([_GET, _CONFIRM, _REJECT], **_THIS_BATTLE)
DECIDED_LINKS = links([_GET, _VOID], **_THIS_BATTLE)
BATTLE_LINKS = links([_GET, _CONFIRM, _REJECT, _VOID], **_THIS_BATTLE)


def _errors(problems: list[tuple[str, str]], code: str) -> dict[str, list]:
    """(path, message) pairs as a DRF error detail: the handler gives one error per pair,
    ``field`` the path (null for the document as a whole)."""
    detail: dict[str, list] = {}
    for path, message in problems:
        detail.setdefault(path or "", []).append(exceptions.ErrorDetail(message, code=code))
    return detail


def _battle_action(summary, description, next_links) -> Any:
    return extend_schema(
        summary=summary,
        description=description,
        parameters=[CAMPAIGN_ID, BATTLE_NUMBER],
        request=None,
        responses={
            200: LinkedResponse(BattleDetailSerializer, links=next_links),
            **id_errors(409),
        },
    )


@extend_schema_view(
    list=extend_schema(
        summary=_("A campaign's battles"),
        description=_(
            "The battle log with each battle's sides and VP, newest first, a page at a time. "
            "Rejected reports are left out, as on the web page."
        ),
        parameters=[CAMPAIGN_ID],
        responses={200: BattleSerializer(many=True), **id_errors(400)},
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
            201: LinkedResponse(BattleDetailSerializer, links=REPORTED_LINKS),
            200: LinkedResponse(
                BattleDetailSerializer,
                description=_("The battle this Idempotency-Key created before."),
                links=REPORTED_LINKS,
            ),
            **id_errors(400, 409, 413, 415, 422),
        },
    ),
    retrieve=extend_schema(
        summary=_("A battle with its report and what it changed"),
        description=_(
            "Its sides with VP and placings, the report as sent, and every change it made to "
            "squads and models, in order, with the dice rolled."
        ),
        parameters=[CAMPAIGN_ID, BATTLE_NUMBER],
        responses={200: LinkedResponse(BattleDetailSerializer, links=BATTLE_LINKS), **id_errors()},
    ),
    confirm=_battle_action(
        _("Confirm a battle: it is applied"),
        _(
            "The organiser or an opposing player (403 for others). The rules run, the squads "
            "change and the standings count it. A battle that is not waiting is a 409."
        ),
        DECIDED_LINKS,
    ),
    reject=_battle_action(
        _("Reject a battle report"),
        _(
            "The organiser or an opposing player (403 for others); nothing is applied. A "
            "battle that is not waiting is a 409."
        ),
        links([_GET], **_THIS_BATTLE),
    ),
    void=_battle_action(
        _("Void a confirmed battle: every change it made is undone"),
        _(
            "The organiser only (403 for others). Only a squad's latest battle can be voided: "
            "void the later ones first (409)."
        ),
        links([_GET], **_THIS_BATTLE),
    ),
)
class BattleViewSet(AftermathActions, ApiViewSet):
    """A campaign's battles, under /api/campaigns/{id}/battles/."""

    queryset = Battle.objects.all()  # narrowed to the campaign's
    serializer_class = BattleSerializer
    lookup_field = "number"
    lookup_value_regex = "[0-9]+"
    READS = frozenset({"list", "retrieve"})
    # A side's dice by model name: an object's keys, which the schema cannot constrain; the
    # side's squad does (api.errors).
    open_parts: ClassVar = {"create": re.compile(rf"sides\[\d+\]\.(?:{_ROLLS})\.")}

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
        key = self._idempotency_key(request)
        try:
            submitted = services.battle_submit(
                campaign=campaign, user=request.user, document=request.data, idempotency_key=key
            )
        except services.ReportRefused as error:
            if error.document_error is not None:  # a 400 naming every path (422: the game's
                raise rule_refusal(error.document_error, "invalid-report") from None  # check)
            # squads not the campaign's, models not in the side's squad, outcomes the game
            # does not let fit together: stored data and the game's rules, a 422 naming
            # every path (schemathesis.toml)
            raise unprocessable(error) from None
        except ServiceError as error:  # 403 not the sender's to report, 409 a reused key
            raise unprocessable(error) from None
        number = submitted.battle.number
        if not submitted.created:
            return self._detail(campaign, number)
        response = self._detail(campaign, number, status.HTTP_201_CREATED)
        return with_location(
            response, self.reverse_action("detail", kwargs={"id": id, "number": number})
        )

    @staticmethod
    def _idempotency_key(request: Request) -> str:
        raw = request.headers.get(IDEMPOTENCY_HEADER, "")
        if len(raw) > MAX_KEY or _UNPRINTABLE.search(raw):
            message = gettext("must be at most %(max)d printable characters") % {"max": MAX_KEY}
            raise exceptions.ValidationError({IDEMPOTENCY_HEADER: [message]})
        return raw.strip()

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
            "others); a model the battle asks nothing of, or a key or status its game does not "
            "let a player set then, is a 422; a squad that has fought "
            "since is a 409."
        ),
        parameters=[CAMPAIGN_ID, BATTLE_NUMBER, MEMBER_ID],
        request=AftermathSerializer,
        responses={200: BattleDetailSerializer, **id_errors(400, 409, 413, 415, 422)},
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
        try:
            services.battle_aftermath(
                battle=battle, user=request.user, member=member,
                status=data.get("status", member.status), record=data.get("record", {}),
            )  # fmt: skip
        except ServiceError as error:  # the battle's record and the game's keys: 422
            raise unprocessable(error) from None  # 403 / 409: the handler
        return self._detail(campaign, battle.number)

    @action(detail=True, methods=["post"])
    def void(self, request: Request, id: str, number: str) -> Response:
        campaign = self._campaign()
        battle = self._battle(campaign, number)
        services.battle_void(battle=battle, user=request.user)  # 403 / 409: the handler
        return self._detail(campaign, battle.number)
