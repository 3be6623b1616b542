"""What every page's header shows of the user's campaigns (``config/settings.py``)."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.http import HttpRequest

from campaigns import waiting


class WaitingReports:
    """The badge's count, read only when a page's header shows it (an htmx fragment does
    not): at most 1 query (``campaigns.waiting``)."""

    def __init__(self, user: Any) -> None:
        self.user = user

    @cached_property
    def count(self) -> int:
        return waiting.count(self.user)


def waiting_reports(request: HttpRequest) -> dict[str, Any]:
    """``waiting_reports`` for a signed-in user; nothing, and no query, for a visitor."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"waiting_reports": WaitingReports(user)}
