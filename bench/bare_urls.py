"""The project's URLs plus ``bench/squad/<pk>/``: the baseline the builder page is measured
beside in ``bench/bench_rosters.py`` (issue #14).

The baseline is what the builder page would cost if it did nothing but its job's minimum: a
logged-in page of the site (``base.html``: header, navigation, language menu) that loads the
same squad, its owner's, and lists its members in a plain table. No rules, no forms.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template import engines
from django.urls import include, path

from rosters.models import Squad

BASELINE_TEMPLATE = engines["django"].from_string(
    '{% extends "base.html" %}{% block content %}<h1>{{ squad.name }}</h1><table>'
    "<tr><th>Name</th><th>Type</th><th>Status</th></tr>"
    "{% for m in members %}<tr><td>{{ m.name }}</td><td>{{ m.type }}</td>"
    "<td>{{ m.status }}</td></tr>{% endfor %}</table>{% endblock %}"
)


@login_required
def squad_table(request: HttpRequest, pk: int) -> HttpResponse:
    squad = get_object_or_404(Squad, pk=pk, owner=request.user)
    members = squad.members.order_by("position", "pk")
    return HttpResponse(
        BASELINE_TEMPLATE.render({"squad": squad, "members": members}, request=request)
    )


urlpatterns = [
    path("bench/squad/<int:pk>/", squad_table, name="bench_squad_table"),
    path("", include("config.urls")),
]
