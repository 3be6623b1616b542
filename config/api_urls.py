"""The REST API under ``/api/`` (issue #6): every endpoint, the schema and its docs.

Each app keeps its endpoints in its own ``api`` module (``rosters.api``; ``campaigns.api``, a
package of one module per part; ``accounts.api``, the token; ``games.api``, the games'
catalogue and reference cards under ``/api/systems/``) and exposes ``urlpatterns`` (a DRF
router's ``urls``), listed below under the namespace ``api``. The pieces they share are the
``api`` package, the ground floor that imports no app (``api.errors``, ``api.mixins``,
``api.serializers``, ``api.openapi``...). An app's viewset derives from
``api.mixins.ApiViewSet`` (unknown query parameters refused, errors as JSON, the actions in
``READS`` open to anonymous clients), reads bodies with ``StrictSerializer`` subclasses or
``rules.documents`` (a ``DocumentError`` becomes a 400 naming each path), writes through its
services (a ``ServiceError`` becomes the status its class says — 400, 403, 404, 409 —
naming its field), lists its errors with ``extend_schema(responses={...,
**id_errors(...)})`` and the operations that follow a response with
``api.openapi.LinkedResponse``. Paging (``?page=`` strict: a whole number from 1, else 400),
throttling and authentication come from the settings. The last pattern answers every other
``/api/`` URL with a 404 in the API's error shape, so app routes go before it.
"""

from __future__ import annotations

from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.urls import path, re_path
from django.utils.decorators import method_decorator
from drf_spectacular.views import SpectacularJSONAPIView, SpectacularSwaggerSplitView
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.views import APIView

from accounts import api as accounts_api
from api.mixins import JSONErrors
from campaigns import api as campaigns_api
from games import api as games_api
from printing import api as printing_api
from rosters import api as rosters_api

app_name = "api"


class NotFoundView(JSONErrors, APIView):
    """Any other URL under /api/, with any method."""

    permission_classes = [AllowAny]
    schema = None  # not an endpoint of the OpenAPI document

    def http_method_not_allowed(self, request, *args, **kwargs):
        raise NotFound()

    options = http_method_not_allowed


class SchemaView(JSONErrors, SpectacularJSONAPIView):
    pass


@method_decorator(csp_update({"style-src": [UNSAFE_INLINE]}), name="dispatch")
class DocsView(JSONErrors, SpectacularSwaggerSplitView):
    """Swagger UI, its start-up script served as a file of its own (``?script``): the
    Content-Security-Policy allows no inline script. Its page keeps one inline style block,
    so styles alone are relaxed here."""

    url_name = "api:schema"


urlpatterns = [
    path("schema/", SchemaView.as_view(), name="schema"),
    path("docs/", DocsView.as_view(), name="docs"),
    *accounts_api.urlpatterns,
    *rosters_api.urlpatterns,
    *campaigns_api.urlpatterns,
    *printing_api.urlpatterns,
    *games_api.urlpatterns,
    re_path(r"^", NotFoundView.as_view(), name="not-found"),
]
