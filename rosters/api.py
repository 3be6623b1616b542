"""The squads part of the REST API (issue #6), under ``/api/squads/``.

A squad is read and written as a whole ``squad-roster/1`` document: GET gives it with the
squad's id and version, PUT replaces it, import stores a new one, export gives the file of
the web export byte for byte. Users see and change their own squads only; anyone else gets
404, as on the web pages. Views parse input, call ``rosters.services`` or the rules, and
serialise; ``api.errors.exception_handler`` turns every error into the API's one shape.
A squad's sheet (``/api/squads/{id}/sheet/``) is printing's, at this prefix (``printing.api``).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

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
from rest_framework.exceptions import ErrorDetail, ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.routers import SimpleRouter

from api.errors import (
    Unprocessable,
    error_responses,
    id_errors,
    relocated,
    rule_refusal,
    unprocessable,
)
from api.mixins import ApiViewSet, with_location
from api.openapi import LinkedResponse, links
from api.renderers import (
    DocumentRenderer,
    FirstRenderer,
    TextRenderer,
)
from core.errors import Conflict, Missing
from rosters import services
from rosters.adapters import squad_to_roster, squads_with_members
from rosters.builder import squad_text
from rosters.models import Member, Squad
from rosters.serializers import (
    SquadChangeSerializer,
    SquadCreateSerializer,
    SquadDetailSerializer,
    SquadSerializer,
    ValidationResultSerializer,
    ViolationSerializer,
    roster_document_schema,
    squad_create_schema,
)
from rules import get_system
from rules.documents import DocumentError, parse_roster, roster_to_document
from rules.types import Roster


def validation_result(roster: Roster) -> dict[str, Any]:
    system = get_system(roster.system)
    violations = system.validate(roster)
    return {
        "valid": not violations,
        "points": system.points(roster),
        "limit": roster.points_limit,
        "violations": ViolationSerializer(violations, many=True).data,
        **system.derived(roster),
    }


def _parsed(document: Any) -> Roster:
    """The roster of a squad-roster/1 document: one off the schema's shape is a 400 naming
    every path; one of the right shape that the game's own check refuses (two fighters of
    one name, a leader of five) a 422 naming them the same way, as no schema can say it.
    What the services refuse of a document read so (a model assisting one the squad lacks)
    is beyond the schema too: the views answer it with a 422."""
    try:
        return parse_roster(document)
    except DocumentError as error:
        raise rule_refusal(error) from None


def etag(squad: Squad) -> str:
    """A squad's version as an HTTP entity tag: every change of the squad changes it."""
    return f'"{squad.version}"'


# The If-Match values ``expected_version`` takes: a version (quoted or not, weak or not), *,
# or nothing.
IF_MATCH_PATTERN = r'^[ \t]*(?:\*|(?:W/)?"*[0-9]{1,10}"*)?[ \t]*$'


def expected_version(request: Request) -> int | None:
    """The version an ``If-Match`` header names (``"7"``, ``W/"7"`` or ``*``), or None."""
    header = request.headers.get("If-Match", "").strip()
    if not header or header == "*":
        return None
    tag = header.removeprefix("W/").strip('"')
    if not tag.isascii() or not tag.isdigit() or len(tag) > 10:
        raise ValidationError({
            "If-Match": [gettext('must be a squad\'s ETag, such as "7" (its version)')]
        })  # fmt: skip
    return int(tag)


# What a client does next with a squad it created or read: the squad's id from the answer.
SQUAD_LINKS = links(
    [
        ("GetSquad", "squads_retrieve"),
        ("ReplaceSquad", "squads_update"),
        ("ChangeSquad", "squads_partial_update"),
        ("DeleteSquad", "squads_destroy"),
        ("ExportSquad", "squads_export_retrieve"),
        ("ValidateSquad", "squads_validate_retrieve"),
        ("SquadText", "squads_text_retrieve"),
        ("SquadSheet", "squads_sheet_retrieve"),
        ("DuplicateSquad", "squads_duplicate_create"),
    ],
    id="$response.body#/id",
)
SQUAD = LinkedResponse(SquadDetailSerializer, links=SQUAD_LINKS)


def member_notes_update(squad: Squad, notes: dict[str, str]) -> None:
    """Each named model's notes, through the builder's service (``member_update``, its
    other values as they are). Names the squad has no model of are a 422, each located."""
    members = {m.name: m for m in Member.objects.filter(squad=squad, name__in=list(notes))}
    unknown = {
        f"notes.members.{name}": [
            ErrorDetail(
                gettext("This squad has no model named %(name)s.") % {"name": name},
                code="unknown-member",
            )
        ]
        for name in notes
        if name not in members
    }
    if unknown:
        raise Unprocessable(unknown)
    for name, text in notes.items():
        path = f"notes.members.{name}"
        member = members[name]
        try:
            services.member_update(
                member=member, name=member.name, type=member.type, status=member.status,
                notes=text,
            )  # fmt: skip
        except services.ServiceError as error:
            raise relocated(error, "notes", path) from None


PUBLIC_ID = OpenApiParameter(
    "public_id", OpenApiTypes.UUID, OpenApiParameter.PATH,
    description=_("The id in the squad's public link (/s/{public_id}/)."),
)  # fmt: skip


@extend_schema_view(
    list=extend_schema(
        summary=_("Your squads"),
        description=_("Your own squads, by name, a page at a time."),
        responses={200: SquadSerializer(many=True), **error_responses(400, 404)},
    ),
    create=extend_schema(
        summary=_("Create an empty squad"),
        description=_(
            "A new squad of yours with no models: build it on the web, or PUT a document."
        ),
        request=squad_create_schema(),
        responses={201: SQUAD, **error_responses(400, 413, 415)},
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
            "Name, faction, points limit, the public link and the notes; not the models (PUT "
            "the document for them). A campaign squad keeps its faction and points limit "
            "(409, campaign-squad); its name and notes change. A faction or points limit the "
            "squad's game does not take is a 422 naming it."
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
        squad = services.squad_create(owner=request.user, **serializer.validated_data)
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
            if data.keys() & {"name", "faction", "points_limit"} or "squad" in notes:
                try:
                    services.squad_update(
                        squad=squad,
                        name=data.get("name", squad.name),
                        faction=data.get("faction", squad.faction),
                        points_limit=data.get("points_limit", squad.points_limit),
                        notes=notes.get("squad"),
                    )
                except services.ServiceError as error:
                    # a faction or a points limit the stored squad's game does not take: the
                    # request does not name the game, so no schema can say it (422)
                    error = relocated(error, "notes", "notes.squad")
                    if error.field in ("faction", "points_limit"):
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
        return Response(validation_result(squad_to_roster(self.get_object())))

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


@extend_schema_view(
    retrieve=extend_schema(
        summary=_("A shared squad, by its public link"),
        description=_(
            "The squad behind a public link (/s/{public_id}/), as its squad-roster/1 "
            "document, for anyone while its owner keeps the link on (404 otherwise)."
        ),
        parameters=[PUBLIC_ID],
        responses={200: roster_document_schema(), **id_errors()},
        auth=[],
    ),
)
class SharedSquadViewSet(ApiViewSet):
    """Squads shared by their public link: read-only, for anyone."""

    queryset = Squad.objects.filter(is_public=True)
    permission_classes = [AllowAny]
    lookup_field = "public_id"
    lookup_value_regex = "[0-9a-fA-F-]{36}"

    def get_queryset(self):
        return squads_with_members(Squad.objects.filter(is_public=True))

    def retrieve(self, request: Request, public_id: str) -> Response:
        return Response(roster_to_document(squad_to_roster(self.get_object())))


router = SimpleRouter()
router.register("squads", SquadViewSet, basename="squad")
router.register("shared", SharedSquadViewSet, basename="shared-squad")
urlpatterns = router.urls
