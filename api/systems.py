"""The games under ``/api/systems/`` (issue #17): the list, each game's catalogue
(``api.catalogue``) and its quick-reference card.

Open to anonymous clients, as the reference card and ``POST /api/squads/validate/`` are. The
catalogue speaks the request's language (``Accept-Language``, read by Django's
``LocaleMiddleware``) and is sent with an ``ETag`` (a digest of the body, so English and
French differ) and ``Cache-Control``: a client that sends the tag back as ``If-None-Match``
gets a 304 with no body until the catalogue changes (a new release).
"""

from __future__ import annotations

import dataclasses
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

from api import catalogue
from api.errors import error_responses
from api.mixins import JSONErrors, KnownQueryParams
from api.renderers import FirstRenderer, PDFRenderer
from printing.pdf import PAPER_SIZES, NotPrintable, reference_card_pdf
from rules import get_system, systems
from rules.registry import DocumentLimits, GameSystem

MAX_AGE = 3600  # seconds a client may keep a catalogue before asking again (with its ETag)
KINDS = ["count", "member", "adjustments", "code", "flag", "text", "rolls"]


# --- what the catalogue says, for the schema ------------------------------------------------


class CodeLabelSerializer(serializers.Serializer):
    code = serializers.CharField()
    label = serializers.CharField(help_text=_("In the request's language."))


class PriceSerializer(serializers.Serializer):
    """What the builder says a thing costs: its text and the numbers in it."""

    text = serializers.CharField(help_text=_("As the builder's pickers show it, translated."))
    values = serializers.DictField(child=serializers.IntegerField())


class RecordFieldSerializer(serializers.Serializer):
    """One key of a record (a model's, a unit's, a deed or a battle report's): its kind says
    its JSON type and what it may hold."""

    key = serializers.CharField(help_text=_("The key in the document."))
    label = serializers.CharField()
    help = serializers.CharField(allow_blank=True)
    kind = serializers.ChoiceField(
        choices=KINDS,
        help_text=_(
            "count: a whole number from minimum to maximum; member: another model's name or "
            "null; adjustments: an object of whole numbers keyed by the choices; code: one of "
            "the choices or null; flag: true or false; text: free text; rolls: an object of "
            "dice keyed by model names."
        ),
    )
    default = serializers.JSONField(allow_null=True, help_text=_("Its value when left out."))
    minimum = serializers.IntegerField(allow_null=True)
    maximum = serializers.IntegerField(allow_null=True)
    required = serializers.BooleanField()
    choices = CodeLabelSerializer(many=True)


class FactionItemsSerializer(serializers.Serializer):
    faction = serializers.CharField(allow_null=True, help_text=_("null: in any faction."))
    items = serializers.ListField(child=serializers.CharField())


class StartingAbilitiesSerializer(serializers.Serializer):
    count = serializers.IntegerField(
        allow_null=True, help_text=_("How many a new model has; null: the game says nothing.")
    )
    drawn = serializers.BooleanField(help_text=_("Drawn at random rather than chosen."))
    choices = serializers.ListField(child=serializers.CharField())


class CatalogueModelTypeSerializer(CodeLabelSerializer):
    cost = PriceSerializer(allow_null=True, help_text=_("null: the game prints no costs."))
    least = serializers.IntegerField(allow_null=True, help_text=_("The fewest a squad has."))
    most = serializers.IntegerField(allow_null=True, help_text=_("The most; null: any number."))
    items = FactionItemsSerializer(many=True, help_text=_("The items it may take, by faction."))
    starting_abilities = StartingAbilitiesSerializer()


class CatalogueItemSerializer(CodeLabelSerializer):
    cost = PriceSerializer(allow_null=True, help_text=_("null: the game prints no costs."))


class CatalogueAbilitySerializer(CodeLabelSerializer):
    effect = serializers.CharField(allow_blank=True)
    needs_detail = serializers.BooleanField(help_text=_("Its roster entry must carry a detail."))


class RangeSerializer(serializers.Serializer):
    least = serializers.IntegerField(help_text=_("The fewest."))
    most = serializers.IntegerField(allow_null=True, help_text=_("The most; null: any number."))


class CarrySerializer(serializers.Serializer):
    """What a model or a unit must (or may at most) hold."""

    items = serializers.ListField(
        child=serializers.CharField(), help_text=_("Item codes, counted together.")
    )
    least = serializers.IntegerField(help_text=_("The fewest of them it holds."))
    most = serializers.IntegerField(
        allow_null=True, help_text=_("The most of them it holds; null: any number.")
    )
    per = serializers.ChoiceField(
        choices=["model", "unit"],
        help_text=_(
            "model: counted on each model of a member entry; unit: over the whole unit, its "
            "models' equipment and its own together."
        ),
    )


class ShareSerializer(serializers.Serializer):
    """A faction's rule on the share of a squad's models that carry an item."""

    item = serializers.CharField()
    bound = serializers.ChoiceField(
        choices=["least", "most"],
        help_text=_("least: at least this share of the models carry it; most: at most."),
    )
    numerator = serializers.IntegerField()
    denominator = serializers.IntegerField()


class CatalogueFactionSerializer(CodeLabelSerializer):
    shares = ShareSerializer(many=True, help_text=_("Empty: the faction sets no share."))


class CatalogueUnitKindSerializer(CodeLabelSerializer):
    members = serializers.BooleanField(
        help_text=_("True: the unit lists its models; false: it carries its own equipment.")
    )
    keys = serializers.ListField(
        child=serializers.CharField(), help_text=_("The unit record's keys it may carry.")
    )
    required = serializers.ListField(
        child=serializers.CharField(), help_text=_("The keys it must carry.")
    )
    defaults = serializers.DictField(
        child=serializers.JSONField(allow_null=True),
        help_text=_("Each key's value when left out, for this kind."),
    )
    models = RangeSerializer(help_text=_("How many models a unit of this kind has."))
    items = serializers.ListField(
        child=serializers.CharField(), allow_null=True,
        help_text=_("The items a unit of this kind may hold; null: any."),
    )  # fmt: skip
    carries = CarrySerializer(
        many=True, help_text=_("What it must (or may at most) hold, beside which items.")
    )


class CatalogueUnitsSerializer(serializers.Serializer):
    kinds = CatalogueUnitKindSerializer(many=True)
    default_kind = serializers.CharField(
        allow_null=True, help_text=_("The kind of a unit that gives none; null: required.")
    )
    record = RecordFieldSerializer(many=True)


CatalogueLimitsSerializer = type(
    "CatalogueLimitsSerializer",
    (serializers.Serializer,),
    {
        "__doc__": "How much one roster may hold (limits of this service, not of the game).",
        **{f.name: serializers.IntegerField() for f in dataclasses.fields(DocumentLimits)},
    },
)


class CatalogueBattleSerializer(serializers.Serializer):
    """The game's words of a battle-report/1 document."""

    states = CodeLabelSerializer(many=True, help_text=_("A model's end-of-battle states."))
    outcomes = CodeLabelSerializer(many=True, help_text=_("A side's mission outcomes."))
    deeds = RecordFieldSerializer(many=True, help_text=_("The keys of a side's deeds."))
    casualty = RecordFieldSerializer(many=True, help_text=_("A casualty's own keys."))
    side = RecordFieldSerializer(many=True, help_text=_("A side's own keys."))


class HouseRuleKeySerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    default = serializers.JSONField(allow_null=True)


class HouseRuleTableSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    default = serializers.JSONField(allow_null=True)
    keys = HouseRuleKeySerializer(many=True, help_text=_("Empty for a table that is a list."))


class HouseRulesSerializer(serializers.Serializer):
    defaults = serializers.DictField(
        child=serializers.JSONField(allow_null=True),
        help_text=_("Every table at its default: a campaign's house_rules change these."),
    )
    tables = HouseRuleTableSerializer(many=True)


class SystemSerializer(serializers.Serializer):
    """A game in the list."""

    code = serializers.CharField()
    name = serializers.CharField()
    lists = serializers.ChoiceField(
        choices=["members", "units"], help_text=_("What a roster lists: models or units.")
    )
    costed = serializers.BooleanField(help_text=_("False: the game prints no points."))
    default_points_limit = serializers.IntegerField(allow_null=True)
    campaigns = serializers.BooleanField(help_text=_("The game has campaign rules."))
    url = serializers.URLField(help_text=_("Its catalogue."))


class SystemCatalogueSerializer(SystemSerializer):
    """Everything a client needs to build a legal roster and a battle report for the game."""

    factions = CatalogueFactionSerializer(
        many=True, allow_null=True, help_text=_("null: the faction is free text.")
    )
    roster_size = RangeSerializer(
        help_text=_(
            "How many living models a squad has, or units a force has in a game of units; "
            "most null: only the limits."
        )
    )
    model_types = CatalogueModelTypeSerializer(
        many=True, help_text=_("Empty for a game of units (their models have no type).")
    )
    items = CatalogueItemSerializer(many=True)
    equipment_labels = serializers.BooleanField(
        help_text=_("An equipment line may carry the player's own label.")
    )
    abilities = CatalogueAbilitySerializer(many=True)
    ability_sources = serializers.ListField(child=serializers.CharField())
    random_abilities = serializers.ListField(
        child=serializers.CharField(), help_text=_("The random-ability table, roll 1 first.")
    )
    member_statuses = CodeLabelSerializer(many=True)
    member_record = RecordFieldSerializer(
        many=True, help_text=_("The game's own keys of a model (or of a unit's member).")
    )
    units = CatalogueUnitsSerializer(allow_null=True, help_text=_("null: a game of models."))
    limits = CatalogueLimitsSerializer()
    battle = CatalogueBattleSerializer()
    house_rules = HouseRulesSerializer(
        allow_null=True, help_text=_("null: the game has no campaign rules.")
    )
    reference_card = serializers.URLField(
        allow_null=True, help_text=_("Its quick-reference card (PDF); null: none.")
    )


class PaperSerializer(serializers.Serializer):
    paper = serializers.ChoiceField(choices=sorted(PAPER_SIZES), default="a4")


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
            "'pdf'); errors are JSON. 404 for a game without a card."
        ),
        parameters=[CODE, PaperSerializer, CACHED_PARAMETERS[0]],
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
        query_serializer=PaperSerializer,
    )  # fmt: skip
    def reference(self, request: Request, code: str) -> Response:
        system = self._system(code)
        options = PaperSerializer(data=request.query_params.dict())
        options.is_valid(raise_exception=True)
        paper = options.validated_data["paper"]
        try:
            pdf = reference_card_pdf(system.code, paper=paper)  # PrintTooLong: a 503
        except NotPrintable:
            raise exceptions.NotFound(gettext("No quick-reference card for this game.")) from None
        filename = f"{system.code}-reference-{paper}.pdf"
        disposition = content_disposition_header(as_attachment=True, filename=filename)
        return Response(pdf, headers={"Content-Disposition": disposition})


router = SimpleRouter()
router.register("systems", SystemViewSet, basename="system")
urlpatterns = router.urls
