"""What every API view shares: errors always as JSON, unknown query parameters refused, the
schema class that writes links, and the permissions of a viewset whose reads are open."""

from __future__ import annotations

from typing import ClassVar

from django.utils.translation import gettext
from rest_framework import exceptions, serializers, viewsets
from rest_framework.permissions import AllowAny, BasePermission
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from api.openapi import LinkedAutoSchema


class JSONErrors:
    """View mixin: errors are rendered as JSON even by views whose successes are not JSON
    (a PDF, an HTML page) or whatever the client's Accept header asked for; and a method the
    view lacks is a 405 before the credentials or the permissions are asked about."""

    def initial(self, request, *args, **kwargs):
        method = request.method.lower()
        if method not in self.http_method_names or getattr(self, method, None) is None:
            self.http_method_not_allowed(request, *args, **kwargs)  # raises
        super().initial(request, *args, **kwargs)

    def finalize_response(self, request, response, *args, **kwargs):
        if getattr(response, "exception", False):
            request.accepted_renderer = JSONRenderer()
            request.accepted_media_type = JSONRenderer.media_type
        return super().finalize_response(request, response, *args, **kwargs)


class KnownQueryParams:
    """View mixin: query parameters the endpoint does not document are refused, as unknown
    keys of a body are (``?papr=letter`` must not quietly print on A4).

    Allowed: the paginator's on a list, and the fields of the view's ``query_serializer``.
    """

    query_serializer: type[serializers.Serializer] | None = None

    def allowed_query_params(self) -> set[str]:
        allowed = set()
        if getattr(self, "action", None) == "list" and self.paginator is not None:
            allowed |= {self.paginator.page_query_param, self.paginator.page_size_query_param}
        if self.query_serializer is not None:
            allowed |= set(self.query_serializer().fields)
        return allowed

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if getattr(self, request.method.lower(), None) is None:
            return  # a method the endpoint lacks: 405 comes next
        allowed = self.allowed_query_params()
        unknown = [key for key in request.query_params if key not in allowed]
        if unknown:
            raise exceptions.ValidationError({
                key: [exceptions.ErrorDetail(
                    gettext("unknown query parameter %(key)r") % {"key": key},
                    code="unknown-parameter",
                )]
                for key in unknown
            })  # fmt: skip


class ApiViewSet(KnownQueryParams, JSONErrors, viewsets.GenericViewSet):
    """The base of the apps' viewsets: JSON errors, known query parameters, links in the
    schema (``api.openapi``). ``READS`` names the actions open to anonymous clients; every
    other action takes an account. ``throttle_scope`` is set per action (``pdf``)."""

    schema = LinkedAutoSchema()
    READS: ClassVar[frozenset[str]] = frozenset()
    throttle_scope: str | None = None

    def get_permissions(self) -> list[BasePermission]:
        if self.action in self.READS:
            return [AllowAny()]
        return super().get_permissions()  # the settings' default: IsAuthenticated


def with_location(response: Response, url: str) -> Response:
    """``response`` with ``Location: url`` (a resource just created, or found again)."""
    response["Location"] = url
    return response
