"""Your squads (``/api/squads/``): create, read, replace, change, delete, export, validate,
duplicate, plain text."""

from __future__ import annotations

import re
from typing import ClassVar

from django.db import transaction
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
from rest_framework import status
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from api.errors import (
    error_responses,
    id_errors,
    relocated,
    unprocessable,
)
from api.mixins import ApiViewSet, with_location
from api.renderers import (
    DocumentRenderer,
    FirstRenderer,
    TextRenderer,
)
from core.errors import Conflict, Missing
from rosters import services
from rosters.adapters import squad_to_roster, squads_with_members
from rosters.api.common import (
    IF_MATCH_PATTERN,
    SQUAD,
    _parsed,
    etag,
    expected_version,
    member_notes_update,
    validation_result,
)
from rosters.builder import squad_text
from rosters.models import Squad
from rosters.serializers import (
    SquadChangeSerializer,
    SquadCreateSerializer,
    SquadDetailSerializer,
    SquadSerializer,
    ValidationResultSerializer,
    roster_document_schema,
    squad_create_schema,
)
from rules.documents import roster_to_document


@extend_schema_view(
    list=extend_schema(
        summary=_("Your squads"),
        description=_("Your own squads, by name, a page at a time."),
        responses={200: SquadSerializer(many=True), **error_responses(400, 404)},
    ),
    create=extend_schema(
        summary=_("Create an empty squad"),
        description=_(
            "A new squad of yours with no models: build it on the web, or PUT a document. "
            "A pack it cannot be built with (another game's, or one neither yours nor shared "
            "with its pack_token) is a 422 at pack."
        ),
        request=squad_create_schema(),
        responses={201: SQUAD, **error_responses(400, 413, 415, 422)},
    ),
    retrieve=extend_schema(
        summary=_("A squad with its models"),
        description=_(
            "The squad's settings, under roster its squad-roster/1 document, and under notes "
            "the squad's and its models' notes, which the document leaves out."
        ),
        responses={200: SQUAD, **id_errors()},
    ),
    update=extend_schema(
        summary=_("Replace a squad with a squad-roster/1 document"),
        description=_(
            "Replaces the name, faction, points limit and every model in one go; the squad "
            "keeps its id and public link and its version goes up by one. Replacements sent "
            "at the same moment run one after the other, each leaving exactly its document. "
            "Send If-Match with the ETag of the squad you read (its version) to be refused "
            "(409, version-mismatch) instead of overwriting a change you have not seen. "
            "Campaign squads refuse (409, campaign-squad): their battles own their record; "
            "so does a squad whose game is not the document's (409, system)."
        ),
        parameters=[
            OpenApiParameter(
                "If-Match",
                OpenApiTypes.STR,
                OpenApiParameter.HEADER,
                required=False,
                pattern=IF_MATCH_PATTERN,
                description=_('The ETag of the squad as you read it, e.g. "7".'),
            )
        ],
        request=roster_document_schema(),
        responses={200: SQUAD, **id_errors(400, 409, 413, 415, 422)},
    ),
    partial_update=extend_schema(
        summary=_("Change a squad's settings"),
        description=_(
            "Name, faction, points limit, the pack it is built with, the public link and the "
            "notes; not the models (PUT the document for them). A campaign squad keeps its "
            "faction and points limit and takes no pack (409, campaign-squad); its name and "
            "notes change. A faction, points limit or pack the squad's game does not take (or "
            "a pack neither yours nor shared with its pack_token) is a 422 naming it."
        ),
        request=SquadChangeSerializer,
        responses={200: SQUAD, **id_errors(400, 409, 413, 415, 422)},
    ),
    destroy=extend_schema(
        summary=_("Delete a squad"),
        description=_("The squad and its models. A campaign squad refuses (409), as on the web."),
        responses={204: OpenApiResponse(description=_("Deleted.")), **id_errors(409)},
    ),
)
class SquadViewSet(ApiViewSet):
    """Your squads; each one's models are its squad-roster/1 document."""

    queryset = Squad.objects.all()  # narrowed to the user's own by get_queryset
    serializer_class = SquadSerializer
    # A model's notes by its name: an object's keys, which the schema cannot constrain; the
    # squad's models do (api.errors).
    open_parts: ClassVar = {"partial_update": re.compile(r"notes\.members\.")}

    def get_queryset(self):
        own = Squad.objects.filter(owner=self.request.user)
        if self.action == "list":
            return own.order_by("name", "pk")
        if self.action in ("destroy", "duplicate"):  # the members only when needed
            return own.select_related("owner")
        return squads_with_members(own)

    def _detail(self, squad: Squad, status_code: int = status.HTTP_200_OK) -> Response:
        """The squad as it is now, fetched again with its models (4 queries); a 404 if a
        DELETE committed since the change did (the change went through, the squad is gone)."""
        squad = self.get_queryset().filter(pk=squad.pk).first()
        if squad is None:
            raise Missing("squad", gettext("This squad was deleted meanwhile."))
        serializer = SquadDetailSerializer(squad, context=self.get_serializer_context())
        return Response(serializer.data, status=status_code, headers={"ETag": etag(squad)})

    def _created(self, squad: Squad) -> Response:
        response = self._detail(squad, status.HTTP_201_CREATED)
        return with_location(response, self.reverse_action("detail", args=[squad.pk]))

    # --- the squad ---------------------------------------------------------------------------

    def list(self, request: Request) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        serializer = SquadSerializer(page, many=True, context=self.get_serializer_context())
        return self.get_paginated_response(serializer.data)

    def create(self, request: Request) -> Response:
        serializer = SquadCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        try:
            if "pack" in data:
                data["pack"] = services.pack_version(data["pack"])
            squad = services.squad_create(owner=request.user, **data)
        except services.ServiceError as error:
            if error.field == "pack":  # a pack the schema cannot know of: at its field
                raise unprocessable(error) from None
            raise
        return self._created(squad)

    def retrieve(self, request: Request, pk: str) -> Response:
        squad = self.get_object()
        serializer = SquadDetailSerializer(squad, context=self.get_serializer_context())
        return Response(serializer.data, headers={"ETag": etag(squad)})

    def update(self, request: Request, pk: str) -> Response:
        squad = self.get_object()
        version = expected_version(request)
        roster = _parsed(request.data)
        try:
            services.squad_replace(squad=squad, roster=roster, expected_version=version)
        except services.ServiceError as error:
            if error.status == 400 and error.field == "system":
                # the stored squad's game is not the document's: a conflict with stored state
                raise Conflict(error.field, error.message, code="system") from None
            raise unprocessable(error) from None  # beyond the schema: see _parsed
        return self._detail(squad)

    def partial_update(self, request: Request, pk: str) -> Response:
        squad = self.get_object()
        serializer = SquadChangeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        notes = data.get("notes", {})
        with transaction.atomic():
            if data.keys() & {"name", "faction", "points_limit", "pack"} or "squad" in notes:
                try:
                    services.squad_update(
                        squad=squad,
                        name=data.get("name", squad.name),
                        faction=data.get("faction", squad.faction),
                        points_limit=data.get("points_limit", squad.points_limit),
                        notes=notes.get("squad"),
                        pack=services.pack_version(data["pack"])
                        if "pack" in data
                        else services.KEEP,
                        pack_token=data.get("pack_token"),
                    )
                except services.ServiceError as error:
                    # a faction, a points limit or a pack the stored squad's game does not
                    # take: the request does not name the game, so no schema can say it (422)
                    error = relocated(error, "notes", "notes.squad")
                    if error.field in ("faction", "points_limit", "pack"):
                        raise unprocessable(error) from None
                    raise error from None
            if notes.get("members"):
                member_notes_update(squad, notes["members"])
            if "is_public" in data:
                services.squad_set_public(squad=squad, public=data["is_public"])
        return self._detail(squad)

    def destroy(self, request: Request, pk: str) -> Response:
        services.squad_delete(squad=self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        summary=_("Duplicate a squad"),
        description=_(
            "A new squad of yours with the same models, equipment and abilities, named "
            '"<name> (copy)", as the builder\'s Duplicate button makes it. A campaign squad '
            "may be duplicated too: the copy plays in no campaign."
        ),
        request=None,
        responses={201: SQUAD, **id_errors()},
    )
    @action(detail=True, methods=["post"])
    def duplicate(self, request: Request, pk: str) -> Response:
        copy = services.squad_duplicate(squad=self.get_object(), owner=request.user)
        return self._created(copy)

    # --- documents ---------------------------------------------------------------------------

    @extend_schema(
        summary=_("Import a squad-roster/1 document as a new squad"),
        description=_("Nothing is stored when the document is refused; errors name their path."),
        request=roster_document_schema(),
        responses={201: SQUAD, **error_responses(400, 413, 415, 422)},
    )
    @action(detail=False, methods=["post"], url_path="import", url_name="import")
    def import_document(self, request: Request) -> Response:
        roster = _parsed(request.data)
        try:
            squad = services.squad_import(owner=request.user, roster=roster)
        except services.ServiceError as error:
            raise unprocessable(error) from None  # beyond the schema: see _parsed
        return self._created(squad)

    @extend_schema(
        summary=_("Export a squad as a squad-roster/1 document"),
        description=_("The same file as the web export, as an attachment."),
        responses={200: roster_document_schema(), **id_errors()},
    )
    @action(
        detail=True, methods=["get"], renderer_classes=[DocumentRenderer],
        content_negotiation_class=FirstRenderer,
    )  # fmt: skip
    def export(self, request: Request, pk: str) -> Response:
        squad = self.get_object()
        filename = f"{slugify(squad.name) or 'squad'}.json"
        return Response(
            roster_to_document(squad_to_roster(squad)),
            headers={"Content-Disposition": f'attachment; filename="{filename}"'},
        )

    @extend_schema(
        summary=_("Check a stored squad against the rules"),
        description=_("The points and every rule broken, as manage.py validate_roster --json."),
        responses={200: ValidationResultSerializer, **id_errors()},
    )
    @action(detail=True, methods=["get"], url_path="validate", url_name="validate")
    def validate(self, request: Request, pk: str) -> Response:
        squad = self.get_object()
        return Response(validation_result(squad_to_roster(squad), squad.costing_pack))

    @extend_schema(
        summary=_("Check a squad-roster/1 document against the rules, storing nothing"),
        description=_(
            "As manage.py validate_roster --json: the points and every rule broken. Open to "
            "anonymous clients, as the command line is. An unreadable document is a 400; one the "
            "game's own check refuses (two models of one name, a leader of five) a 422."
        ),
        request=roster_document_schema(),
        responses={200: ValidationResultSerializer, **error_responses(400, 413, 415, 422)},
    )
    @action(
        detail=False, methods=["post"], url_path="validate", url_name="validate-document",
        permission_classes=[AllowAny],
    )  # fmt: skip
    def validate_document(self, request: Request) -> Response:
        return Response(validation_result(_parsed(request.data)))

    @extend_schema(
        summary=_("The squad as plain text"),
        description=_(
            "The builder's Plain text: a line for the squad (game, faction, points, valid or "
            "the rules it breaks), then a line per model or unit, in the reader's language."
        ),
        responses={
            (200, "text/plain"): OpenApiResponse(OpenApiTypes.STR, description=_("The text.")),
            **id_errors(),
        },
    )
    @action(
        detail=True, methods=["get"], renderer_classes=[TextRenderer],
        content_negotiation_class=FirstRenderer,
    )  # fmt: skip
    def text(self, request: Request, pk: str) -> Response:
        squad = self.get_object()
        return Response(squad_text(squad.pk, owner=request.user))
