"""A campaign's timeline (issue #31, item 4): what happened, newest first, paginated, for
whoever may read the campaign; and its Atom feed (Django's syndication framework), for a
club's site or chat.

A feed reader has no session: a public campaign's feed is open at ``timeline.atom``; a
private campaign's is read through an address with a secret in it
(``selectors.happenings.feed_token``: a keyed hash of the campaign and its invitation code),
which the timeline page shows to the campaign's readers only, and which a new invitation
code ends. Without the secret, a private campaign's feed is read only by a logged-in reader
of the campaign; anyone else gets 404, as on its pages.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.syndication.views import Feed
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.crypto import constant_time_compare
from django.utils.feedgenerator import Atom1Feed
from django.utils.html import escape
from django.utils.translation import gettext as _

from campaigns import selectors
from campaigns.models import Campaign
from campaigns.selectors.happenings import (
    TimelineItem,
    feed_token,
    timeline_events,
    timeline_items,
)
from campaigns.views.common import _readable

TIMELINE_PER_PAGE = 30
FEED_ENTRIES = 50  # the latest events a feed gives


def feed_url(campaign: Campaign) -> str:
    """The feed's address a reader of ``campaign`` is given: the open one of a public
    campaign, the secret one of a private campaign."""
    if campaign.is_public:
        return reverse("campaigns:timeline_feed", args=[campaign.pk])
    return reverse("campaigns:timeline_feed_token", args=[campaign.pk, feed_token(campaign)])


def campaign_timeline(request: HttpRequest, pk: int) -> HttpResponse:
    """``/campaigns/<pk>/timeline/``: the campaign's events, newest first, a page at a time
    (6 queries whatever the campaign's length)."""
    campaign = _readable(request, pk)
    page = Paginator(timeline_events(campaign), TIMELINE_PER_PAGE).get_page(request.GET.get("page"))
    items = timeline_items(campaign, list(page.object_list))
    return render(
        request,
        "campaigns/timeline.html",
        {"campaign": campaign, "page": page, "items": items, "feed_url": feed_url(campaign)},
    )


@dataclass
class _Read:
    campaign: Campaign
    request: HttpRequest


class TimelineFeed(Feed):
    """The campaign's latest ``FEED_ENTRIES`` events as an Atom feed, newest first."""

    feed_type = Atom1Feed

    def get_object(self, request: HttpRequest, pk: int, token: str = "") -> _Read:
        campaign = get_object_or_404(Campaign, pk=pk)
        if token:
            if not constant_time_compare(token, feed_token(campaign)):
                raise Http404
        elif not selectors.can_read(campaign, request.user):
            raise Http404
        return _Read(campaign, request)

    def title(self, obj: _Read) -> str:
        return _("%(campaign)s: what happened") % {"campaign": obj.campaign.name}

    def subtitle(self, obj: _Read) -> str:
        return _("The campaign's battles, rounds, injuries, deaths and advancement, newest first.")

    def link(self, obj: _Read) -> str:
        return reverse("campaigns:timeline", args=[obj.campaign.pk])

    def items(self, obj: _Read) -> list[TimelineItem]:
        rows = list(timeline_events(obj.campaign)[:FEED_ENTRIES])
        items = timeline_items(obj.campaign, rows)
        for item in items:  # each entry's id: its page's address and its event
            item.key = f"{obj.request.build_absolute_uri(item.url)}#{item.key}"
        return items

    def item_title(self, item: TimelineItem) -> str:
        return item.title

    def item_description(self, item: TimelineItem) -> str:
        # Atom's summary is HTML (type="html"): the user text in it is escaped for it
        return "<br>".join(escape(line) for line in item.lines)

    def item_link(self, item: TimelineItem) -> str:
        return item.url

    def item_guid(self, item: TimelineItem) -> str:
        return item.key

    item_guid_is_permalink = False

    def item_pubdate(self, item: TimelineItem) -> Any:
        return item.at

    def item_updateddate(self, item: TimelineItem) -> Any:
        return item.at


timeline_feed = TimelineFeed()
