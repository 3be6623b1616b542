"""What every endpoint of the REST API shares: the one error shape, the JSON parser, paging,
throttles, renderers and the pieces of the OpenAPI description.

Errors. Every error response, whatever its status, is ``{"errors": [{"code", "message",
"field"}]}`` (``ErrorResponseSerializer``). ``exception_handler`` builds it from DRF's
exceptions, from ``rules.documents.DocumentError`` (one error per problem, ``field`` the
document path such as ``members[2].type``) and from ``core.errors.ServiceError`` (its
class says the status: ``Invalid`` 400, ``NotAllowed`` 403, ``Missing`` 404, ``Conflict``
409; ``field`` as the service names it), with the messages the web pages and the command line
show, translated. Codes are kebab-case: ``invalid-document``, ``not-found``, ``throttled``...

This module is named in ``settings.REST_FRAMEWORK``, which DRF reads while it defines
``APIView``: it must not import ``rest_framework.views`` (nor generics, viewsets, decorators)
at module level. Views that every app shares live in ``config/api_urls.py``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.core.exceptions import ImproperlyConfigured
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.db.models import ProtectedError
from django.http import Http404
from django.utils.connection import ConnectionProxy
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.utils import OpenApiResponse
from rest_framework import exceptions, serializers, status
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.pagination import PageNumberPagination
from rest_framework.parsers import BaseParser
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle, ScopedRateThrottle, UserRateThrottle

from accounts.limits import client_ip
from core.errors import ServiceError
from rosters.messages import problem_text
from rosters.pdf import RenderTooLong
from rules.documents import DocumentError, Problem, loads

MAX_BODY = 512 * 1024  # the web import's limit

# --- errors ---------------------------------------------------------------------------------


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField(
        help_text=_(
            "Stable, kebab-case: invalid-document, invalid, required, campaign-squad, "
            "not-authenticated, permission-denied, not-found, method-not-allowed, "
            "unsupported-media-type, throttled..."
        )
    )
    message = serializers.CharField(help_text=_("What is wrong, in the request's language."))
    field = serializers.CharField(
        allow_null=True,
        help_text=_(
            "Where: a field or a document path such as members[2].equipment[0].item; "
            "null for the request as a whole."
        ),
    )


class ErrorResponseSerializer(serializers.Serializer):
    """Every error response of the API, whatever its status."""

    errors = ErrorSerializer(many=True, allow_empty=False)


ERROR_DESCRIPTIONS = {
    400: _("Invalid input: one error per problem, each naming its field or document path."),
    401: _("No valid credentials: send `Authorization: Token <key>` or log in."),
    403: _("Not allowed (from a browser session: the CSRF token is missing or wrong)."),
    404: _("No such resource, or not yours."),
    409: _("The resource's state forbids this (e.g. a campaign squad: battles own its record)."),
    413: _("The body is larger than 512 KB."),
    415: _("The body must be JSON (Content-Type: application/json)."),
    429: _("Too many requests: wait for the number of seconds in Retry-After."),
    503: _("The PDF took longer than its time budget to render (PDF_RENDER_BUDGET)."),
}


def error_responses(*statuses: int) -> dict[tuple[int, str], OpenApiResponse]:
    """The documented error responses of an operation, for ``extend_schema(responses=...)``.

    401, 403 and 429 can happen anywhere, so every operation lists them.
    """
    wanted = sorted({*statuses, 401, 403, 429})
    return {
        (code, "application/json"): OpenApiResponse(
            ErrorResponseSerializer, description=ERROR_DESCRIPTIONS[code]
        )
        for code in wanted
    }


class Conflict(exceptions.APIException):
    status_code = status.HTTP_409_CONFLICT
    default_detail = _("The resource's state forbids this.")
    default_code = "conflict"


class RequestTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = _("The body is larger than 512 KB.")
    default_code = "too-large"


def _code(code: str) -> str:
    return code.replace("_", "-")


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _flatten(detail: Any, path: str = "") -> Iterator[dict[str, Any]]:
    """DRF's nested error details as flat errors whose ``field`` is a document-style path."""
    if isinstance(detail, Mapping):
        for key, value in detail.items():
            if key == api_settings.NON_FIELD_ERRORS_KEY:
                yield from _flatten(value, path)
            else:
                yield from _flatten(value, _join(path, key))
    elif isinstance(detail, list):
        for i, item in enumerate(detail):
            if isinstance(item, Mapping | list):  # the errors of the i-th item of a list
                yield from _flatten(item, _join(path, i))
            else:
                yield from _flatten(item, path)
    else:
        code = getattr(detail, "code", None) or "invalid"
        yield {"code": _code(code), "message": str(detail), "field": path or None}


def problem_error(problem: Problem) -> dict[str, Any]:
    """A document problem as the web import and the command line word it, translated."""
    return {
        "code": "invalid-document",
        "message": problem_text(problem),
        "field": problem.path or None,
    }


def error_response(status_code: int, errors: list[dict[str, Any]], **headers: str) -> Response:
    return Response({"errors": errors}, status=status_code, headers=headers or None)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """``settings.REST_FRAMEWORK["EXCEPTION_HANDLER"]``: every error in the one shape."""
    from rest_framework.views import set_rollback  # not at module level: see the docstring

    if isinstance(exc, DocumentError):
        set_rollback()
        return error_response(400, [problem_error(p) for p in exc.problems])
    if isinstance(exc, ServiceError):  # its class says the status: 400, 403, 404 or 409
        set_rollback()
        errors = [
            {"code": exc.code, "message": message, "field": field or None}
            for field, message in exc.problems
        ]
        return error_response(exc.status, errors)
    if isinstance(exc, RenderTooLong):  # a PDF stopped at its time budget (rosters/pdf.py)
        return error_response(503, [{"code": "render-too-long", "message": exc.message,
                                     "field": None}])  # fmt: skip
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, ProtectedError):
        exc = Conflict(_("Other records depend on this; it cannot be deleted."), "protected")
    if not isinstance(exc, exceptions.APIException):
        return None  # a bug: Django's 500 page
    headers = {}
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header
    if getattr(exc, "wait", None):
        headers["Retry-After"] = str(int(exc.wait))
    set_rollback()
    return error_response(exc.status_code, list(_flatten(exc.detail)), **headers)


class JSONErrors:
    """View mixin: errors are rendered as JSON even by views whose successes are not JSON
    (a PDF, an HTML page) or whatever the client's Accept header asked for."""

    def finalize_response(self, request, response, *args, **kwargs):
        if getattr(response, "exception", False):
            request.accepted_renderer = JSONRenderer()
            request.accepted_media_type = JSONRenderer.media_type
        return super().finalize_response(request, response, *args, **kwargs)


# --- input ----------------------------------------------------------------------------------


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


def _unstorable_text(data: Any) -> list[Problem]:
    """The path of every string (key or value) that no database can store: one holding NUL,
    which PostgreSQL refuses, or a lone UTF-16 surrogate, which is not Unicode text."""
    problems = []
    stack = [("", data)]
    while stack:  # not recursive: JSON may nest as deep as its parser allows
        path, value = stack.pop()
        if isinstance(value, dict):
            for key, item in reversed(value.items()):
                stack.append((_join(path, key), key))
                stack.append((_join(path, key), item))
        elif isinstance(value, list):
            stack.extend((_join(path, i), item) for i, item in reversed(list(enumerate(value))))
        elif isinstance(value, str):
            if "\x00" in value:
                problems.append(Problem(path, gettext_noop("must not contain NUL characters")))
            elif not value.isascii():
                try:
                    value.encode()
                except UnicodeEncodeError:
                    problems.append(Problem(path, gettext_noop("is not valid Unicode text")))
    return list(dict.fromkeys(problems))


class StrictJSONParser(BaseParser):
    """JSON bodies, read as strictly as the documents: a duplicated key or NaN is refused
    with its path (``rules.documents.loads``), so is text no database can store, and a body
    over 512 KB is a 413."""

    media_type = "application/json"

    def parse(self, stream, media_type=None, parser_context=None) -> Any:
        raw = stream.read(MAX_BODY + 1)
        if len(raw) > MAX_BODY:
            raise RequestTooLarge()
        data = loads(raw)  # DocumentError: exception_handler answers 400 with the paths
        if b"\\u" in raw and (problems := _unstorable_text(data)):  # only escapes make them
            raise DocumentError(problems)
        return data


def _kind(value: Any) -> str:
    """As the document parser names a JSON value's type in its messages."""
    kinds = {bool: "a boolean", int: "a number", float: "a decimal number", str: "a string",
             list: "a list", dict: "an object"}  # fmt: skip
    return kinds.get(type(value), type(value).__name__)


def _wrong_type(field: serializers.Field, value: Any) -> str | None:
    """What the document parser would say of ``value`` for this field; DRF itself would
    take 7 for a name or "7" for a number."""
    if value is None:
        return None  # the field says whether null is allowed
    if isinstance(field, serializers.CharField | serializers.ChoiceField):
        if not isinstance(value, str):
            return gettext("must be a string, not %(kind)s") % {"kind": _kind(value)}
    elif isinstance(field, serializers.BooleanField):
        if type(value) is not bool:
            return gettext("must be true or false, not %(kind)s") % {"kind": _kind(value)}
    elif isinstance(field, serializers.IntegerField):
        if type(value) is not int:
            return gettext("must be a whole number, not %(kind)s") % {"kind": _kind(value)}
    return None


class StrictSerializer(serializers.Serializer):
    """A JSON body read as strictly as the documents: a key it does not know is refused (a
    typo must not be silently ignored; the schema says ``additionalProperties: false``), and
    so is a value of the wrong JSON type."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            problems = {}
            for key, value in data.items():
                field = self.fields.get(key)
                if field is None or field.read_only:
                    message = gettext("unknown key %(key)r") % {"key": key}
                    problems[key] = [exceptions.ErrorDetail(message, code="unknown-key")]
                elif (message := _wrong_type(field, value)) is not None:
                    problems[key] = [exceptions.ErrorDetail(message, code="invalid")]
            if problems:
                raise serializers.ValidationError(problems)
        return super().to_internal_value(data)


class StrictSerializerExtension(OpenApiSerializerExtension):
    target_class = StrictSerializer
    match_subclasses = True

    def map_serializer(self, auto_schema, direction):
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        schema["additionalProperties"] = False
        if not type(self.target).__doc__:  # not StrictSerializer's docstring, inherited
            schema.pop("description", None)
        return schema


# --- output ---------------------------------------------------------------------------------


class DocumentRenderer(BaseRenderer):
    """A public JSON document exactly as the web export writes it (indented, UTF-8)."""

    media_type = "application/json"
    format = "json"
    charset = None

    def render(self, data, accepted_media_type=None, renderer_context=None) -> bytes:
        if data is None:
            return b""
        return json.dumps(data, ensure_ascii=False, indent=2).encode()


class PDFRenderer(BaseRenderer):
    media_type = "application/pdf"
    format = "pdf"
    charset = None
    render_style = "binary"

    def render(self, data, accepted_media_type=None, renderer_context=None) -> bytes:
        return data


class FirstRenderer(DefaultContentNegotiation):
    """For downloads: always the view's own format (errors are JSON through ``JSONErrors``)."""

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


# --- paging ---------------------------------------------------------------------------------


class Pagination(PageNumberPagination):
    """``?page=N&page_size=M`` (20 by default, at most 100); a bad page is 404, a bad page
    size 400."""

    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = 100

    def get_page_size(self, request) -> int:
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        try:
            size = int(raw)
        except ValueError:
            size = 0
        if not 1 <= size <= self.max_page_size:
            message = gettext("must be a whole number from 1 to %(max)d") % {
                "max": self.max_page_size
            }
            raise exceptions.ValidationError({self.page_size_query_param: [message]})
        return size

    def get_schema_operation_parameters(self, view) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            parameter["schema"]["minimum"] = 1
            if parameter["name"] == self.page_size_query_param:
                parameter["schema"]["maximum"] = self.max_page_size
        return parameters


# --- throttles ------------------------------------------------------------------------------


class _RatesFromSettings:
    """Read the rate when a request comes, not when the class is imported, so a test (or a
    settings override) can change ``DEFAULT_THROTTLE_RATES``; a rate of None turns a scope
    off. Counts live in the cache every worker shares (``settings.SHARED_CACHE``), and a
    client is known by its address as ``accounts.limits.client_ip`` reads it (X-Forwarded-For
    only behind ``settings.TRUSTED_PROXY_COUNT`` proxies), like the log-in limits."""

    cache = ConnectionProxy(caches, settings.SHARED_CACHE)

    def get_ident(self, request) -> str:
        return client_ip(request)

    def get_rate(self) -> str | None:
        rates = api_settings.DEFAULT_THROTTLE_RATES
        if self.scope not in rates:
            raise ImproperlyConfigured(f"no throttle rate for the scope {self.scope!r}")
        return rates[self.scope]


class AnonThrottle(_RatesFromSettings, AnonRateThrottle):
    """Anonymous clients, per IP address (scope ``anon``)."""


class UserThrottle(_RatesFromSettings, UserRateThrottle):
    """Authenticated clients, per user (scope ``user``)."""


class ScopedThrottle(_RatesFromSettings, ScopedRateThrottle):
    """Views with a ``throttle_scope`` (``token``, ``pdf``), per user or IP address."""
