"""Your packs (``/api/packs/``, issue #30): list, create, read, replace with ``If-Match``,
delete, import, export, share; and packs shared by their link (``/api/packs/shared/``).

A pack is read and written as its ``game-pack/1`` document (``docs/formats.md``), read by
``rules.packs`` as the pages and the command line read it. Its ETag is its version: a
replacement must send ``If-Match`` (428 without it) naming the version it read (412 when
another version was written since), and makes a new version; versions are never changed,
so a campaign keeps the one it plays with. A refusal inside ``tables`` (a cell the game's
packs do not take) is a 422 naming its table, row and cell; one of the document's own keys
a 400, as the schema says.
"""

from __future__ import annotations

from django.utils.text import slugify
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import exceptions, status
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from api.errors import UnprocessableError, error_responses, id_errors
from api.mixins import ApiViewSet, with_location
from api.renderers import DocumentRenderer, FirstRenderer
from core.errors import Conflict, Invalid
from rosters import services
from rosters.models import Pack
from rosters.serializers.packs import (
    PackCreateSerializer,
    PackDetailSerializer,
    PackDocumentSerializer,
    PackSerializer,
    PackShareSerializer,
)
from rosters.services.packs import checked, latest


class PreconditionFailed(exceptions.APIException):
    status_code = status.HTTP_412_PRECONDITION_FAILED
    default_detail = _("The pack changed since you read it: read it again (its ETag).")
    default_code = "version-mismatch"


class PreconditionRequired(exceptions.APIException):
    status_code = status.HTTP_428_PRECONDITION_REQUIRED
    default_detail = _('Send If-Match with the ETag of the pack you read, e.g. "3".')
    default_code = "if-match-required"


def pack_etag(pack: Pack) -> str:
    return f'"{pack.version}"'


def if_match(request: Request) -> int:
    """The version ``If-Match`` names; 428 without one (``*`` names none), 400 for a value
    that is no ETag of a pack."""
    header = request.headers.get("If-Match", "").strip()
    if not header or header == "*":
        raise PreconditionRequired()
    tag = header.removeprefix("W/").strip('"')
    if not tag.isascii() or not tag.isdigit() or len(tag) > 10:
        raise exceptions.ValidationError(
            {"If-Match": [gettext('must be a pack\'s ETag, such as "3" (its version)')]}
        )
    return int(tag)


def document_refused(error: Invalid) -> Exception:
    """A document's refusal: inside ``tables`` (the game's shapes, beyond the schema) a 422
    naming each cell, else the 400 the schema says."""
    if all(field.startswith("tables.") for field, _message in error.problems):
        return UnprocessableError(error.field, error.message, code="invalid-pack",
                                  problems=error.problems)  # fmt: skip
    return error


# A pack's replacement must name the version it read: no empty value and no ``*`` (428), unlike
# a squad's optional If-Match (``IF_MATCH_PATTERN``).
PACK_IF_MATCH_PATTERN = r'^[ \t]*(?:W/)?"?[0-9]{1,10}"?[ \t]*$'
IF_MATCH = OpenApiParameter(
    "If-Match", OpenApiTypes.STR, OpenApiParameter.HEADER, required=True,
    pattern=PACK_IF_MATCH_PATTERN,
    description=_('The ETag of the pack as you read it, e.g. "3" (its version).'),
)  # fmt: skip
SHARE_TOKEN = OpenApiParameter(
    "token", OpenApiTypes.STR, OpenApiParameter.PATH, pattern=r"^[A-Za-z0-9_-]{1,40}$",
    description=_("The pack's share token, from its share link."),
)  # fmt: skip
DETAIL = PackDetailSerializer


@extend_schema_view(
    list=extend_schema(
        summary=_("Your packs"),
        description=_("Your own packs (a campaign's own included), by name, a page at a time."),
        responses={200: PackSerializer(many=True), **error_responses(400, 404)},
    ),
    create=extend_schema(
        summary=_("Create a pack"),
        description=_("A new pack of yours for a game, empty or with tables: version 1."),
        request=PackCreateSerializer,
        responses={201: DETAIL, **error_responses(400, 413, 415, 422)},
    ),
    retrieve=extend_schema(
        summary=_("A pack with its document"),
        description=_("Its settings and its latest version's game-pack/1 document."),
        responses={200: DETAIL, **id_errors()},
    ),
    update=extend_schema(
        summary=_("Replace a pack with a game-pack/1 document"),
        description=_(
            "A new version of the pack with the document's name and tables (its version text "
            "is the stored version's number). If-Match is required: the ETag of the pack you "
            "read (428 without it, 412 when another version was written since). A document "
            "of another game is a 409 (system). A campaign playing with an older version "
            "keeps it; a campaign's own pack moves the campaign onto the new one."
        ),
        parameters=[IF_MATCH],
        request=PackDocumentSerializer,
        responses={200: DETAIL, **id_errors(400, 409, 412, 413, 415, 422, 428)},
    ),
    destroy=extend_schema(
        summary=_("Delete a pack"),
        description=_(
            "The pack and its versions; a pack a campaign plays with, or a battle was scored "
            "with, refuses (409, pack-in-use)."
        ),
        responses={204: OpenApiResponse(description=_("Deleted.")), **id_errors(409)},
    ),
)
class PackViewSet(ApiViewSet):
    """Your packs; each one's tables are its game-pack/1 document."""

    queryset = Pack.objects.all()  # narrowed to the user's own by get_queryset
    serializer_class = PackSerializer

    def get_queryset(self):
        return Pack.objects.filter(owner=self.request.user).order_by("name", "pk")

    def _detail(self, pack: Pack, status_code: int = status.HTTP_200_OK) -> Response:
        context = {**self.get_serializer_context(), "document": latest(pack).document}
        return Response(PackDetailSerializer(pack, context=context).data, status=status_code,
                        headers={"ETag": pack_etag(pack)})  # fmt: skip

    def _created(self, pack: Pack) -> Response:
        response = self._detail(pack, status.HTTP_201_CREATED)
        return with_location(response, self.reverse_action("detail", args=[pack.pk]))

    def list(self, request: Request) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response(PackSerializer(page, many=True).data)

    def create(self, request: Request) -> Response:
        serializer = PackCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            pack = services.pack_create(owner=request.user, **serializer.validated_data)
        except Invalid as error:
            raise document_refused(error) from None
        return self._created(pack)

    def retrieve(self, request: Request, pk: str) -> Response:
        return self._detail(self.get_object())

    def update(self, request: Request, pk: str) -> Response:
        pack = self.get_object()
        document = request.data  # a body that does not read is refused first (400, 415)
        version = if_match(request)
        try:
            checked(document)
        except Invalid as error:
            raise document_refused(error) from None
        if document["system"] != pack.system:
            raise Conflict("system", gettext("This pack is of another game."), code="system")
        try:
            pack = services.pack_update(
                pack=pack, user=request.user, name=document["name"], tables=document["tables"],
                expected_version=version,
            )  # fmt: skip
        except Conflict as error:
            if error.code == "version-mismatch":
                raise PreconditionFailed() from None
            raise
        return self._detail(pack)

    def destroy(self, request: Request, pk: str) -> Response:
        services.pack_delete(pack=self.get_object(), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        summary=_("Import a game-pack/1 document"),
        description=_("A new pack of yours from the document (a club's file): version 1."),
        request=PackDocumentSerializer,
        responses={201: DETAIL, **error_responses(400, 413, 415, 422)},
    )
    @action(detail=False, methods=["post"], url_path="import")
    def import_(self, request: Request) -> Response:
        try:
            pack = services.pack_import(owner=request.user, document=request.data)
        except Invalid as error:
            raise document_refused(error) from None
        return self._created(pack)

    @extend_schema(
        summary=_("Export a pack"),
        description=_("The latest version's game-pack/1 document, as a file to download."),
        responses={(200, "application/json"): PackDocumentSerializer, **id_errors()},
    )
    @action(
        detail=True, methods=["get"], renderer_classes=[DocumentRenderer],
        content_negotiation_class=FirstRenderer,
    )  # fmt: skip
    def export(self, request: Request, pk: str) -> Response:
        pack = self.get_object()
        name = slugify(pack.name) or "pack"
        return Response(latest(pack).document, headers={
            "Content-Disposition": f'attachment; filename="{name}.json"'})  # fmt: skip

    @extend_schema(
        summary=_("Share a pack by its link, or stop"),
        description=_(
            "Anyone with the share link reads the pack and may copy it; only you change it. "
            "new_link gives a new link (the old one stops working)."
        ),
        request=PackShareSerializer,
        responses={200: DETAIL, **id_errors(400, 413, 415)},
    )
    @action(detail=True, methods=["post"])
    def share(self, request: Request, pk: str) -> Response:
        pack = self.get_object()
        serializer = PackShareSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        pack = services.pack_share(pack=pack, user=request.user, **serializer.validated_data)
        return self._detail(pack)


@extend_schema_view(
    retrieve=extend_schema(
        summary=_("A pack shared by its link"),
        description=_(
            "The latest version's game-pack/1 document of a pack its owner shares, for anyone "
            "with the link (404 otherwise)."
        ),
        parameters=[SHARE_TOKEN],
        responses={200: PackDocumentSerializer, **id_errors()},
        auth=[],
    ),
)
class SharedPackViewSet(ApiViewSet):
    """Packs shared by their link: anyone reads them; an account copies one."""

    queryset = Pack.objects.filter(shared=True)
    serializer_class = PackSerializer
    lookup_field = "share_token"
    lookup_url_kwarg = "token"
    lookup_value_regex = "[A-Za-z0-9_-]{1,40}"
    READS = frozenset({"retrieve"})

    def get_permissions(self):
        if self.action == "retrieve":
            return [AllowAny()]
        return super().get_permissions()

    def retrieve(self, request: Request, token: str) -> Response:
        return Response(latest(self.get_object()).document)

    @extend_schema(
        summary=_("Copy a shared pack"),
        description=_("A copy of the shared pack, yours to edit: version 1 of a new pack."),
        parameters=[SHARE_TOKEN],
        request=None,
        responses={201: DETAIL, **id_errors()},
    )
    @action(detail=True, methods=["post"])
    def copy(self, request: Request, token: str) -> Response:
        source = self.get_object()
        pack = services.pack_copy(pack=source, user=request.user, token=token)
        context = {"request": request, "document": latest(pack).document}
        return Response(
            PackDetailSerializer(pack, context=context).data, status=status.HTTP_201_CREATED,
            headers={"ETag": pack_etag(pack)},
        )  # fmt: skip
