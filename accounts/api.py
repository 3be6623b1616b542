"""The API's token (``/api/auth/token/``): a client's username and password for the token it
sends with every call, and the call that deletes it. The account's notification settings
(``/api/account/notifications/``): which e-mails the player gets.

The log-in goes through ``django.contrib.auth.authenticate``, so through the log-in limits
(``accounts.limits``): over them it is a 429 in the API's error shape, which for an account
over its own limit names the password reset that lets its owner in at once.
"""

from __future__ import annotations

from django.contrib.auth import authenticate
from django.urls import path, reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed, Throttled
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import services
from accounts.models import KINDS, notifications_of
from api.errors import error_responses
from api.mixins import JSONErrors
from api.serializers import StrictSerializer


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


class NotificationsSerializer(StrictSerializer):
    reports = serializers.BooleanField(
        help_text=_("An e-mail when a battle report waits for your confirmation.")
    )
    pairings = serializers.BooleanField(
        help_text=_("An e-mail when a round's pairings are published: your table and opponent.")
    )
    voided = serializers.BooleanField(help_text=_("An e-mail when a battle of yours is voided."))


class NotificationsView(JSONErrors, APIView):
    """The e-mails the player gets (each on until turned off); they go to the account's
    e-mail address, when it has one."""

    permission_classes = [IsAuthenticated]

    def _answer(self, found) -> Response:
        return Response({kind: getattr(found, kind) for kind in KINDS})

    @extend_schema(
        summary=_("Read which e-mails you get"),
        responses={200: NotificationsSerializer, **error_responses()},
    )
    def get(self, request: Request) -> Response:
        return self._answer(notifications_of(request.user))

    @extend_schema(
        summary=_("Choose which e-mails you get"),
        description=_("Every setting; PATCH sends only those it changes."),
        request=NotificationsSerializer,
        responses={200: NotificationsSerializer, **error_responses(400, 413, 415)},
    )
    def put(self, request: Request) -> Response:
        return self._write(request, partial=False)

    @extend_schema(
        summary=_("Turn some e-mails on or off"),
        request=NotificationsSerializer(partial=True),
        responses={200: NotificationsSerializer, **error_responses(400, 413, 415)},
    )
    def patch(self, request: Request) -> Response:
        return self._write(request, partial=True)

    def _write(self, request: Request, *, partial: bool) -> Response:
        serializer = NotificationsSerializer(data=request.data, partial=partial)
        serializer.is_valid(raise_exception=True)
        found = services.notifications_write(user=request.user, **serializer.validated_data)
        return self._answer(found)


urlpatterns = [
    path("auth/token/", TokenView.as_view(), name="token"),
    path("account/notifications/", NotificationsView.as_view(), name="notifications"),
]
