"""The project's URLs plus ``bench/bare/``: a bare Django page listing 15 rows of the DB.

It is the baseline for the builder page's throughput in ``bench/bench_rosters.py``: one
query, a minimal template string, no login, no rules.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.template import engines
from django.urls import include, path

from rosters.models import Member

BARE_TEMPLATE = engines["django"].from_string(
    "<!DOCTYPE html><title>Bare</title><ul>"
    "{% for m in members %}<li>{{ m.name }} ({{ m.type }})</li>{% endfor %}</ul>"
)


def bare(request: HttpRequest) -> HttpResponse:
    members = Member.objects.order_by("pk")[:15]
    return HttpResponse(BARE_TEMPLATE.render({"members": members}))


urlpatterns = [
    path("bench/bare/", bare, name="bench_bare"),
    path("", include("config.urls")),
]
