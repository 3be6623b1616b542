"""Squads shared by their public link (``/api/shared/``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import (
    extend_schema,
    extend_schema_view,
)
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from api.errors import (
    id_errors,
)
from api.mixins import ApiViewSet
from rosters.adapters import squad_to_roster, squads_with_members
from rosters.api.common import PUBLIC_ID
from rosters.models import Squad
from rosters.serializers import (
    roster_document_schema,
)
from rules.documents import roster_to_document


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
