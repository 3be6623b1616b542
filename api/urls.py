"""The REST API under ``/api/`` (issue #6), and the few views every part of it shares.

Each app keeps its endpoints in its own ``api`` module (``rosters.api``; ``campaigns.api``, a
package of one module per part) and exposes ``urlpatterns`` (a DRF router's ``urls``),
listed below; the games (``/api/systems/``: their catalogue and reference cards, issue #17)
belong to no app and live in ``api.systems``, built by ``api.catalogue`` from the registry.
The other modules of this app hold the shared pieces (``api.errors``, ``api.mixins``,
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
from django.contrib.auth import authenticate
from django.urls import path, re_path, reverse
from django.utils.decorators import method_decorator
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from drf_spectacular.views import SpectacularJSONAPIView, SpectacularSwaggerSplitView
from rest_framework import serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed, NotFound, Throttled
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api import systems as systems_api
from api.errors import error_responses
from api.mixins import JSONErrors
from api.serializers import StrictSerializer
from campaigns import api as campaigns_api
from printing import api as printing_api
from rosters import api as rosters_api

app_name = "api"


class LogInSerializer(StrictSerializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=4096, trim_whitespace=False)


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text=_("Send it as `Authorization: Token <token>`."))


class TokenView(JSONErrors, APIView):
    """A client's token: POST a username and password for it, DELETE it to log out."""

    throttle_scope = "token"

    def get_permissions(self):
        return [AllowAny()] if self.request.method == "POST" else [IsAuthenticated()]

    @extend_schema(
        summary=_("Get your API token"),
        description=_(
            "The same token for every call until it is deleted; wrong credentials are a 401. "
            "Throttled per IP address (scope 'token'); failed log-ins are limited per address "
            "and per account as well (429)."
        ),
        request=LogInSerializer,
        responses={200: TokenSerializer, **error_responses(400, 413, 415)},  # 401: always
        auth=[],
    )
    def post(self, request: Request) -> Response:
        serializer = LogInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = authenticate(request._request, **serializer.validated_data)
        if user is None:
            wait = getattr(request._request, "login_blocked", None)
            if wait is not None:  # too many failures from this address or for this account
                raise Throttled(wait, self._locked_account(request))
            # the body has the schema's shape; the credentials it holds are wrong: a 401 (the
            # message DRF's own token view gives, in its translations)
            raise AuthenticationFailed(
                gettext("Unable to log in with provided credentials."), "authorization"
            )
        token, _created = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})

    def _locked_account(self, request: Request) -> str | None:
        """For an account over its limit, how its owner gets in at once (DRF's own message
        otherwise)."""
        if not getattr(request._request, "login_blocked_account", False):
            return None
        reset = request.build_absolute_uri(reverse("password_reset"))
        return gettext(
            "Too many failed log-ins for this account. If it is yours and has an e-mail "
            "address, reset your password at %(url)s: you can then log in at once."
        ) % {"url": reset}

    @extend_schema(
        summary=_("Delete your API token (log out every client that uses it)"),
        request=None,
        responses={204: OpenApiResponse(description=_("Deleted.")), **error_responses()},
    )
    def delete(self, request: Request) -> Response:
        Token.objects.filter(user=request.user).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


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
    path("auth/token/", TokenView.as_view(), name="token"),
    *rosters_api.urlpatterns,
    *campaigns_api.urlpatterns,
    *printing_api.urlpatterns,
    *systems_api.urlpatterns,
    re_path(r"^", NotFoundView.as_view(), name="not-found"),
]
