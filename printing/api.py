"""The PDFs of the REST API: a squad's sheet or cards (``/api/squads/{id}/sheet/``, and a
shared squad's, ``/api/shared/{public_id}/sheet/``) a campaign's report
(``/api/campaigns/{id}/report/``) and book, and a crew's sheet for its table of a round
(``/api/campaigns/{id}/rounds/{number}/crew-sheet/``, rendered in the request:
``printing.crew``), at the addresses and under the operation ids of the squads'
and campaigns' own endpoints (each viewset here is registered under their prefix and
basename), rendered as the web downloads render them (``printing.views``), by the task
worker: a request that comes before the PDF is ready waits for it (``PDF_WAIT_SECONDS``, less
with ``Prefer: wait=N``, none with ``Prefer: respond-async``) and gets it the moment the worker
has stored it, or, past the wait, 202, where to fetch it and when (``Retry-After``, from the
queue's length and the measured render time).
Throttled on their own (scope ``pdf``); asking again while the worker prints is free.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import JsonResponse
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.routers import SimpleRouter

from api.errors import id_errors
from api.mixins import ApiViewSet
from api.renderers import PDF_RESPONSE, FirstRenderer, PDFRenderer
from api.throttles import ScopedThrottle
from campaigns.api.common import CAMPAIGN_ID, IN_A_CAMPAIGN, readable_campaign
from campaigns.api.rounds import ROUND_NUMBER
from campaigns.models import Campaign, Round
from campaigns.serializers import ReportOptionsSerializer
from printing.book import BOOK, REPORT, CampaignPrint, book_filename
from printing.crew import NoCrewSheet, crew_filename, crew_seat, crew_sheet_pdf
from printing.pdf import PAPER_SIZES, NotPrintable, stored_squad_filename
from printing.tasks import (
    on_its_way,
    retry_after,
    squad_pdf_or_on_its_way,
    wait_seconds,
)
from rosters.api import PUBLIC_ID
from rosters.models import COSTING_RELATED, Squad
from rosters.serializers import PrintingSerializer, SheetOptionsSerializer

# The headers of a 202 "on its way" answer (squad sheets, campaign reports), and the request's
# Prefer header, which says how long to wait for the PDF.
ON_ITS_WAY_HEADERS = [
    OpenApiParameter(header, kind, OpenApiParameter.HEADER, response=[202], description=text)
    for header, kind, text in (
        ("Location", OpenApiTypes.URI, _("Where to fetch the PDF: this same address.")),
        (
            "Retry-After",
            OpenApiTypes.INT,
            _(
                "Seconds to wait before asking again: when the PDF should be there (the "
                "renders ahead in the queue and the time the workers measured for one), less "
                "the time the next request will wait for it."
            ),
        ),
    )
]
PREFER = OpenApiParameter(
    "Prefer",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    description=_(
        "How long to wait for a PDF that is not printed yet (RFC 7240): by default the "
        "request waits a few seconds and gets the PDF as soon as the worker has stored it; "
        "'wait=N' waits N seconds at most; 'respond-async' answers 202 at once."
    ),
)
ON_ITS_WAY_PARAMETERS = [PREFER, *ON_ITS_WAY_HEADERS]
SHEET_PARAMETERS = [SheetOptionsSerializer, *ON_ITS_WAY_PARAMETERS]
PDF_RESPONSES = {
    (200, "application/pdf"): PDF_RESPONSE,
    (202, "application/json"): OpenApiResponse(
        PrintingSerializer,
        description=_(
            "The PDF is still being printed by the task worker after the wait: GET the "
            "Location again after Retry-After seconds."
        ),
    ),
    **id_errors(400, 503),
}
PDF_ACTION = {
    "detail": True,
    "methods": ["get"],
    "renderer_classes": [PDFRenderer],
    "content_negotiation_class": FirstRenderer,
}


def on_its_way_response(request: Request, *, wait: float) -> JsonResponse:
    """202: the task worker is printing the PDF; GET this same address again (Location)
    after Retry-After seconds (``retry_after``: the next request waits ``wait`` seconds)."""
    location = request.build_absolute_uri()
    body = {
        "detail": gettext("The PDF is being printed: fetch it again in a moment."),
        "location": location,
    }
    headers = {"Location": location, "Retry-After": str(retry_after(wait=wait))}
    return JsonResponse(body, status=status.HTTP_202_ACCEPTED, headers=headers)


def pdf_answer(
    view: ApiViewSet,
    request: Request,
    *,
    asked: bool,
    pdf: Callable[[float], bytes | None],
    filename: str,
) -> Response:
    """Every PDF the API may have to wait for: ``pdf(wait)`` gives it, waiting up to
    ``wait`` seconds (the ``Prefer`` header's, at most ``PDF_WAIT_SECONDS``), or ``None``
    while the worker prints it (202). Throttled (scope ``pdf``) unless it was ``asked`` for
    already."""
    if not asked:  # asking again is free
        view.throttle_scope = "pdf"
        throttle = ScopedThrottle()
        if not throttle.allow_request(request, view):
            view.throttled(request, throttle.wait())
    wait = wait_seconds(request.headers.get("Prefer"))
    printed = pdf(wait)
    if printed is None:  # the worker is rendering it: come back for it
        return on_its_way_response(request, wait=wait)
    disposition = content_disposition_header(as_attachment=True, filename=filename)
    return Response(printed, headers={"Content-Disposition": disposition})


def sheet_answer(view: ApiViewSet, request: Request, squad: Squad) -> Response:
    """A squad's sheet or cards as the print pages give them."""
    query = SheetOptionsSerializer(data=request.query_params.dict())
    query.is_valid(raise_exception=True)
    options = query.validated_data

    def pdf(wait: float) -> bytes | None:
        try:
            return squad_pdf_or_on_its_way(squad, **options, wait=wait)
        except NotPrintable:
            raise NotFound(gettext("No squad sheet for this game.")) from None

    filename = stored_squad_filename(squad, cards=options["cards"])
    return pdf_answer(view, request, asked=on_its_way(squad, **options), pdf=pdf, filename=filename)


class SquadSheetViewSet(ApiViewSet):
    """Your squads' sheets (``/api/squads/{id}/sheet/``, beside ``rosters.api``'s)."""

    queryset = Squad.objects.all()  # narrowed to the user's own by get_queryset

    def get_queryset(self):
        return Squad.objects.filter(owner=self.request.user).select_related(
            "owner", *COSTING_RELATED
        )

    @extend_schema(
        summary=_("The squad sheet (or model cards) as PDF"),
        description=_(
            "Rendered as the web download and manage.py print_roster render it, by the task "
            "worker: a request that comes before the PDF is ready waits for it and gets it "
            "as soon as it is stored, or, past the wait (see Prefer), 202 and fetches it "
            "again after Retry-After. Throttled on its own (scope 'pdf'); errors are JSON."
        ),
        parameters=SHEET_PARAMETERS,
        responses=PDF_RESPONSES,
    )
    @action(**PDF_ACTION, query_serializer=SheetOptionsSerializer)
    def sheet(self, request: Request, pk: str) -> Response:
        return sheet_answer(self, request, self.get_object())


class SharedSquadSheetViewSet(ApiViewSet):
    """Shared squads' sheets (``/api/shared/{public_id}/sheet/``), for anyone."""

    queryset = Squad.objects.filter(is_public=True).select_related("owner", *COSTING_RELATED)
    permission_classes = [AllowAny]
    lookup_field = "public_id"
    lookup_value_regex = "[0-9a-fA-F-]{36}"

    @extend_schema(
        summary=_("A shared squad's sheet (or model cards) as PDF"),
        description=_(
            "As the squad's own sheet, for anyone while its public link is on; a request "
            "that comes before the PDF is ready waits for it, or, past the wait, gets 202 "
            "and fetches it again after Retry-After. Throttled on its own (scope 'pdf'); "
            "errors are JSON."
        ),
        parameters=[PUBLIC_ID, *SHEET_PARAMETERS],
        responses=PDF_RESPONSES,
        auth=[],
    )
    @action(**PDF_ACTION, query_serializer=SheetOptionsSerializer)
    def sheet(self, request: Request, public_id: str) -> Response:
        return sheet_answer(self, request, self.get_object())


REPORT_TEXT = _(
    "The standings and the latest battles (the report says how many earlier ones it "
    "leaves out), as the web download renders them, by the task worker: a request "
    "that comes before the PDF is ready waits for it, or, past the wait, gets 202 "
    "and fetches it again after Retry-After. Throttled on its own (scope 'pdf'); "
    "errors are JSON."
)
BOOK_TEXT = _(
    "The whole campaign in one PDF: a cover (the campaign, its game, organiser, "
    "dates, the pack it plays with and its version), the standings, the latest "
    "rounds with their tables and results, and the first squads of the standings "
    "with their rosters, latest battles, injuries, deaths and advancement (each part "
    "bounded, saying what it leaves out). Printed by the task worker as the report "
    "is: a request that comes before the PDF is ready waits for it, or, past the "
    "wait, gets 202 and fetches it again after Retry-After. Throttled on its own "
    "(scope 'pdf'); errors are JSON."
)


def campaign_pdf_schema(*, summary: Any, description: Any) -> Callable:
    """The schema of one of a campaign's PDFs: its options, the wait, the answers."""
    return extend_schema(
        summary=summary,
        description=description,
        parameters=[CAMPAIGN_ID, ReportOptionsSerializer, *ON_ITS_WAY_PARAMETERS],
        responses=PDF_RESPONSES,
    )


class CampaignReportViewSet(ApiViewSet):
    """Campaigns' reports and books (``/api/campaigns/{id}/report/``, ``.../book/``, beside
    ``campaigns.api``'s)."""

    queryset = Campaign.objects.all()  # narrowed to what the user may read
    lookup_value_regex = "[0-9]+"
    READS = frozenset({"report", "book"})

    @campaign_pdf_schema(summary=_("The campaign report as PDF"), description=REPORT_TEXT)
    @action(**PDF_ACTION, query_serializer=ReportOptionsSerializer)
    def report(self, request: Request, pk: str) -> Response:
        return self._campaign_pdf(
            request, pk, REPORT, lambda c, paper: f"{slugify(c.name) or 'campaign'}-report.pdf"
        )

    @campaign_pdf_schema(summary=_("The campaign book as PDF"), description=BOOK_TEXT)
    @action(**PDF_ACTION, query_serializer=ReportOptionsSerializer)
    def book(self, request: Request, pk: str) -> Response:
        return self._campaign_pdf(request, pk, BOOK, lambda c, paper: book_filename(c, paper=paper))

    def _campaign_pdf(
        self,
        request: Request,
        pk: str,
        printed: CampaignPrint,
        filename: Callable[[Campaign, str], str],
    ) -> Response:
        """One of a campaign's PDFs (``printing.book.REPORT`` or ``BOOK``) as the web
        download gives it."""
        campaign = readable_campaign(request, pk)
        query = ReportOptionsSerializer(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        paper = query.validated_data["paper"]
        stamp = printed.stamp(campaign)
        page_url = request.build_absolute_uri(reverse("campaigns:detail", args=[campaign.pk]))
        return pdf_answer(
            self,
            request,
            asked=printed.on_its_way(campaign, stamp=stamp, paper=paper),
            pdf=lambda wait: printed.pdf_or_on_its_way(
                campaign, stamp=stamp, paper=paper, page_url=page_url, wait=wait
            ),
            filename=filename(campaign, paper),
        )


CREW_SHEET_TEXT = _(
    "The sheet (cards=true: the cards) of only the models (units) of squad_id that its "
    "player chose as the table's crew (see crew; none chosen: the whole squad), with the "
    "round, the table, the opponent and the scenario above them. The squad's player and the "
    "campaign's organiser only: anyone else, and a squad at no table of the round (or with "
    "its bye), gets 404. Rendered in the request, as the round page's download (a squad's "
    "sheet at most). Throttled on its own (scope 'pdf'); errors are JSON."
)


class CrewSheetOptionsSerializer(serializers.Serializer):
    squad_id = serializers.IntegerField(
        min_value=1, max_value=2**31 - 1,
        help_text=_(
            "Your squad at a table of the round (an entry's squad_id); the organiser's, any."
        ),
    )  # fmt: skip
    paper = serializers.ChoiceField(choices=sorted(PAPER_SIZES), default="a4")
    cards = serializers.BooleanField(
        default=False, help_text=_("One cut-out card per model (unit) instead of the sheet.")
    )


class CrewSheetViewSet(ApiViewSet):
    """A round's crew sheets (``/api/campaigns/{id}/rounds/{number}/crew-sheet/``, beside
    ``campaigns.api.rounds``'s)."""

    queryset = Round.objects.all()  # narrowed to the campaign's
    lookup_field = "number"
    lookup_value_regex = "[0-9]+"

    @extend_schema(
        summary=_("Your crew's sheet (or cards) for your table of a round, as PDF"),
        description=CREW_SHEET_TEXT,
        parameters=[CAMPAIGN_ID, ROUND_NUMBER, CrewSheetOptionsSerializer],
        responses={(200, "application/pdf"): PDF_RESPONSE, **id_errors(400, 503)},
    )
    @action(**PDF_ACTION, url_path="crew-sheet", query_serializer=CrewSheetOptionsSerializer)
    def crew_sheet(self, request: Request, id: str, number: str) -> Response:
        campaign = readable_campaign(request, id)
        query = CrewSheetOptionsSerializer(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        options = query.validated_data
        round = Round.objects.filter(campaign=campaign, number=number).first()
        if round is None:
            raise NotFound()
        try:
            seat = crew_seat(round, squad_id=options["squad_id"])
        except NoCrewSheet:
            raise NotFound() from None
        if request.user.pk not in (seat.entry.player_id, campaign.organiser_id):
            raise NotFound()

        def pdf(wait: float) -> bytes:
            try:
                return crew_sheet_pdf(
                    campaign, round, seat, paper=options["paper"], cards=options["cards"]
                )
            except NotPrintable:
                raise NotFound(gettext("No squad sheet for this game.")) from None

        filename = crew_filename(seat, round, cards=options["cards"])
        return pdf_answer(self, request, asked=False, pdf=pdf, filename=filename)


# Registered under the squads' and campaigns' own prefixes and basenames: the same addresses,
# URL names and operation ids as their other actions (squad-sheet, squads_sheet_retrieve...).
router = SimpleRouter()
router.register("squads", SquadSheetViewSet, basename="squad")
router.register("shared", SharedSquadSheetViewSet, basename="shared-squad")
router.register("campaigns", CampaignReportViewSet, basename="campaign")
router.register(f"{IN_A_CAMPAIGN}/rounds", CrewSheetViewSet, basename="campaign-round")
urlpatterns = router.urls
