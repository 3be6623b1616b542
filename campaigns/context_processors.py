"""What every page's header shows of the user's campaigns (``config/settings.py``)."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.http import HttpRequest

from campaigns import waiting


class WaitingReports:
    """The header's list of what waits for the user (reports to confirm, tables to play),
    counted only when a page's header shows it (an htmx fragment does not): at most 1 query
    (``campaigns.waiting``)."""

    def __init__(self, user: Any) -> None:
        self.user = user

    @cached_property
    def counts(self) -> waiting.Waiting:
        return waiting.counts(self.user)

    @property
    def count(self) -> int:
        return self.counts.total

    @property
    def reports(self) -> int:
        return self.counts.reports

    @property
    def tables(self) -> int:
        return self.counts.tables


def waiting_reports(request: HttpRequest) -> dict[str, Any]:
    """``waiting_reports`` for a signed-in user; nothing, and no query, for a visitor."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"waiting_reports": WaitingReports(user)}
