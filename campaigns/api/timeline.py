"""A campaign's timeline (issue #31), under ``/api/campaigns/{id}/timeline/``: the events of
its timeline page, newest first, a page at a time (``campaigns.selectors.happenings``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from api.errors import id_errors
from api.mixins import ApiViewSet
from campaigns.api.common import CAMPAIGN_ID, readable_campaign
from campaigns.models import Campaign
from campaigns.selectors.happenings import (
    CLOSED,
    CONFIRMED,
    HISTORY,
    PUBLISHED,
    VOIDED,
    timeline_events,
    timeline_items,
)


class TimelineItemSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        choices=[CONFIRMED, VOIDED, PUBLISHED, CLOSED, HISTORY],
        help_text=_(
            "What happened: a battle confirmed or voided, a round published or closed, or "
            "a change a confirmed battle left on a squad (an injury, a death, an advance)."
        ),
    )
    at = serializers.DateTimeField(help_text=_("When it happened."))
    title = serializers.CharField(help_text=_("What happened, in the reader's language."))
    lines = serializers.ListField(
        child=serializers.CharField(), help_text=_("The details: the battle's sides, VP...")
    )
    url = serializers.CharField(help_text=_("The page it is about."))


class TimelineViewSet(ApiViewSet):
    """A campaign's timeline, for whoever may read the campaign."""

    queryset = Campaign.objects.none()
    serializer_class = TimelineItemSerializer
    READS = frozenset({"list"})

    @extend_schema(
        summary=_("The campaign's timeline"),
        description=_(
            "What happened in the campaign, newest first, as its timeline page shows it: "
            "battles confirmed and voided, rounds published and closed, and the injuries, "
            "deaths and advancement the confirmed battles left. Paged; its Atom feed is the "
            "timeline page's."
        ),
        parameters=[CAMPAIGN_ID],
        responses={200: TimelineItemSerializer(many=True), **id_errors(400)},
    )
    def list(self, request: Request, id: str) -> Response:
        campaign = readable_campaign(request, id)
        rows = self.paginate_queryset(timeline_events(campaign))
        items = timeline_items(campaign, list(rows))
        data = TimelineItemSerializer(items, many=True).data
        return self.get_paginated_response(data)
