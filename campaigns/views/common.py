"""What every campaign page asks first (may the user read it, organise it) and how a
service's refusal reads on a page."""

from __future__ import annotations

import re

from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from campaigns import selectors, services
from campaigns.models import Campaign


def _readable(request: HttpRequest, pk: int) -> Campaign:
    campaign = get_object_or_404(Campaign.objects.select_related("organiser"), pk=pk)
    if not selectors.can_read(campaign, request.user):
        raise Http404
    return campaign


def _organised(request: HttpRequest, pk: int) -> Campaign:
    return get_object_or_404(Campaign, pk=pk, organiser=request.user)


def _problems(
    error: services.ServiceError,
    campaign_sides: list[str] | None = None,
    document: dict | None = None,
) -> list[str]:
    """Service errors as lines a player can read: the squad's name instead of ``sides[0]``,
    and the model's or unit's instead of ``casualties[2]`` (from the report ``document``)."""
    pairs = getattr(error, "problems", None) or [(error.field, error.message)]
    lines = []
    for path, message in pairs:
        match = re.match(r"sides\[(\d+)\](?:\.(casualties|deeds)\[(\d+)\])?", path or "")
        if match and campaign_sides and int(match.group(1)) < len(campaign_sides):
            where = campaign_sides[int(match.group(1))]
            if match.group(2) and document is not None:
                where += _named(document, int(match.group(1)), match.group(2), int(match.group(3)))
            lines.append(message if message.startswith(where) else f"{where}: {message}")
        else:
            lines.append(f"{path}: {message}" if path else message)
    return lines


def _named(document: dict, side: int, key: str, index: int) -> str:
    """``", <name>"`` of the unit or model at ``sides[side].<key>[index]`` of a report."""
    try:
        item = document["sides"][side][key][index]
        name = item.get("unit", item.get("member"))
    except (KeyError, IndexError, TypeError, AttributeError):
        return ""
    return f", {name}" if isinstance(name, str) else ""


def _pk(value: str) -> int | None:
    """A primary key sent in a form or a query, or None for anything else (``abc``, ``²``,
    a number no database column holds)."""
    value = value.strip()
    if value.isascii() and value.isdigit() and len(value) <= 18:
        return int(value)
    return None
