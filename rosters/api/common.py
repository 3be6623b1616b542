"""What the squad endpoints share: a document read and checked, a squad's version as its
ETag, the links of a squad answer."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
)
from rest_framework.exceptions import ErrorDetail, ValidationError
from rest_framework.request import Request

from api.errors import (
    Unprocessable,
    relocated,
    rule_refusal,
)
from api.openapi import LinkedResponse, links
from rosters import services
from rosters.models import Member, Squad
from rosters.serializers import (
    SquadDetailSerializer,
    ViolationSerializer,
)
from rules import get_system
from rules.documents import DocumentError, parse_roster
from rules.pack_tables import Pack
from rules.types import Roster


def validation_result(roster: Roster, pack: Pack | None = None) -> dict[str, Any]:
    """As ``validate_roster --json``; with the ``pack`` a stored squad is built with, its
    points under the pack and over its limit the game's violation (``--pack``)."""
    system = get_system(roster.system)
    points, violations = system.assess(roster, pack)
    return {
        "valid": not violations,
        "points": points,
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
