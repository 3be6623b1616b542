"""The games under ``/api/systems/`` (issue #17): the list, each game's catalogue
(``games.catalogue``) and its quick-reference card.

Open to anonymous clients, as the reference card and ``POST /api/squads/validate/`` are. The
catalogue speaks the request's language (``Accept-Language``, read by Django's
``LocaleMiddleware``) and is sent with an ``ETag`` (a digest of the body, so English and
French differ) and ``Cache-Control``: a client that sends the tag back as ``If-None-Match``
gets a 304 with no body until the catalogue changes (a new release).
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.http import content_disposition_header, parse_etags
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import exceptions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.routers import SimpleRouter

from api.errors import error_responses
from api.mixins import JSONErrors, KnownQueryParams
from api.renderers import FirstRenderer, PDFRenderer
from games import catalogue
from games.serializers import SystemCatalogueSerializer, SystemSerializer
from printing.card_packs import card_pack
from printing.pdf import PAPER_SIZES, NotPrintable, reference_card_pdf, reference_pack_key
from rules import get_system, systems
from rules.registry import GameSystem

MAX_AGE = 3600  # seconds a client may keep a catalogue before asking again (with its ETag)


class PaperSerializer(serializers.Serializer):
    paper = serializers.ChoiceField(choices=sorted(PAPER_SIZES), default="a4")


class ReferenceCardSerializer(PaperSerializer):
    """The card's paper, and the club pack it prints with (``printing.card_packs``)."""

    pack = serializers.IntegerField(
        required=False, min_value=1,
        help_text=_(
            "A pack of the game (its id, GET /api/packs/): the card prints its weapon cells, "
            "marked as the pack's, from its latest version. Yours, or shared with you: then "
            "give token too."
        ),
    )  # fmt: skip
    token = serializers.CharField(
        required=False, max_length=100,
        help_text=_("The share link's token of a pack shared with you."),
    )  # fmt: skip
    campaign = serializers.IntegerField(
        required=False, min_value=1,
        help_text=_(
            "A campaign you may read: the card prints with the pack version it plays with "
            "(none: the card without a pack). Not with pack."
        ),
    )  # fmt: skip


# --- the views ------------------------------------------------------------------------------


def _matches(header: str, tag: str) -> bool:
    """Whether ``If-None-Match`` names ``tag`` (a weak comparison, as RFC 9110 asks)."""
    tags = parse_etags(header)
    return "*" in tags or tag.removeprefix("W/") in {t.removeprefix("W/") for t in tags}


def conditional(request: Request, data: Any) -> Response:
    """``data`` with its ETag, or a 304 when the client holds it already."""
    body = JSONRenderer().render(data)
    tag = f'"{hashlib.sha256(body).hexdigest()[:32]}"'
    headers = {"ETag": tag, "Cache-Control": f"public, max-age={MAX_AGE}"}
    if _matches(request.headers.get("If-None-Match", ""), tag):
        response = Response(status=status.HTTP_304_NOT_MODIFIED, headers=headers)
    else:
        response = Response(data, headers=headers)
    patch_vary_headers(response, ("Accept-Language",))
    return response


CODE = OpenApiParameter(
    "code", {"type": "string", "pattern": "^[a-z0-9-]+$"}, OpenApiParameter.PATH,
    description=_("The game's code, as GET /api/systems/ lists them."),
)  # fmt: skip
CACHED_PARAMETERS = [
    OpenApiParameter(
        "Accept-Language", OpenApiTypes.STR, OpenApiParameter.HEADER, required=False,
        description=_("en or fr: the language of the labels (English by default)."),
    ),
    OpenApiParameter(
        "If-None-Match", OpenApiTypes.STR, OpenApiParameter.HEADER, required=False,
        description=_("The ETag you hold: a 304 with no body while it is still current."),
    ),
    OpenApiParameter(
        "ETag", OpenApiTypes.STR, OpenApiParameter.HEADER, response=[200, 304],
        description=_("Send it back as If-None-Match."),
    ),
]  # fmt: skip
NOT_MODIFIED = OpenApiResponse(description=_("Not modified: the ETag you sent is current."))


@extend_schema_view(
    list=extend_schema(
        summary=_("The games"),
        description=_(
            "Every game the service serves, in its order (the first is the default game), "
            "each with the address of its catalogue. Open to anonymous clients; send the "
            "ETag back as If-None-Match to be answered 304."
        ),
        parameters=CACHED_PARAMETERS,
        responses={200: SystemSerializer(many=True), 304: NOT_MODIFIED, **error_responses(400)},
        auth=[],
    ),
    retrieve=extend_schema(
        summary=_("A game's catalogue"),
        description=_(
            "What the game declares, for a client that builds rosters and battle reports "
            "without knowing the game: factions, model types (what each may take and costs), "
            "items, abilities, unit kinds, the member and unit records (keys, kinds, "
            "defaults), the document limits, the battle states and outcomes, the report's "
            "own keys and the house-rule tables with their defaults. Costs are null for a "
            "game whose rules print none. Labels are in the request's language "
            "(Accept-Language); send the ETag back as If-None-Match to be answered 304."
        ),
        parameters=[CODE, *CACHED_PARAMETERS],
        responses={200: SystemCatalogueSerializer, 304: NOT_MODIFIED, **error_responses(400, 404)},
        auth=[],
    ),
)
class SystemViewSet(KnownQueryParams, JSONErrors, viewsets.GenericViewSet):
    """The games and their catalogues."""

    permission_classes = [AllowAny]
    pagination_class = None  # a handful of games: one page
    serializer_class = SystemSerializer
    lookup_field = "code"
    lookup_value_regex = "[^/]+"
    throttle_scope: str | None = None  # set per action (see ScopedThrottle)

    def _system(self, code: str) -> GameSystem:
        try:
            return get_system(code)
        except KeyError:
            raise exceptions.NotFound() from None

    def _url(self, code: str) -> str:
        return self.request.build_absolute_uri(reverse("api:system-detail", args=[code]))

    def _reference_url(self, code: str) -> str:
        return self.request.build_absolute_uri(reverse("api:system-reference", args=[code]))

    def list(self, request: Request) -> Response:
        return conditional(request, [catalogue.summary(s, self._url) for s in systems()])

    def retrieve(self, request: Request, code: str) -> Response:
        system = self._system(code)
        return conditional(request, catalogue.catalogue(system, self._url, self._reference_url))

    @extend_schema(
        summary=_("A game's quick-reference card as PDF"),
        description=_(
            "The card the web page offers, in the request's language (Accept-Language), on "
            "A4 or letter paper. Open to anonymous clients; throttled on its own (scope "
            "'pdf'); errors are JSON. 404 for a game without a card. With pack (or "
            "campaign): the pack's weapon profiles in the cells the game leaves blank and its "
            "own weapons, each marked with a dagger and a footnote naming the pack and its "
            "version; 404 for a pack or campaign you may not read, 400 for one of another "
            "game or both at once."
        ),
        parameters=[CODE, ReferenceCardSerializer, CACHED_PARAMETERS[0]],
        responses={
            (200, "application/pdf"): OpenApiResponse(
                OpenApiTypes.BINARY, description=_("The PDF, as an attachment.")
            ),
            **error_responses(400, 404, 503),
        },
        auth=[],
    )
    @action(
        detail=True, methods=["get"], renderer_classes=[PDFRenderer],
        content_negotiation_class=FirstRenderer, throttle_scope="pdf",
        query_serializer=ReferenceCardSerializer,
    )  # fmt: skip
    def reference(self, request: Request, code: str) -> Response:
        system = self._system(code)
        options = ReferenceCardSerializer(data=request.query_params.dict())
        options.is_valid(raise_exception=True)
        sent = options.validated_data
        paper = sent["paper"]
        version = card_pack(  # a ServiceError: 400 or 404, at its parameter
            system=system.code, user=request.user, token=sent.get("token"),
            pack=None if sent.get("pack") is None else str(sent["pack"]),
            campaign=None if sent.get("campaign") is None else str(sent["campaign"]),
        )  # fmt: skip
        try:
            pdf = reference_card_pdf(  # PrintTooLong: a 503
                system.code, paper=paper, pack=None if version is None else version.read,
                pack_key=None if version is None else reference_pack_key(version),
            )  # fmt: skip
        except NotPrintable:
            raise exceptions.NotFound(gettext("No quick-reference card for this game.")) from None
        filename = f"{system.code}-reference-{paper}.pdf"
        disposition = content_disposition_header(as_attachment=True, filename=filename)
        return Response(pdf, headers={"Content-Disposition": disposition})


router = SimpleRouter()
router.register("systems", SystemViewSet, basename="system")
urlpatterns = router.urls
