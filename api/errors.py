"""The API's one error shape and the exception handler that builds it.

Every error response, whatever its status, is ``{"errors": [{"code", "message", "field"}]}``
(``ErrorResponseSerializer``). ``exception_handler`` builds it from DRF's exceptions, from
``rules.documents.DocumentError`` (one error per problem, ``field`` the document path such as
``members[2].type``) and from ``core.errors.ServiceError`` (its class says the status:
``Invalid`` 400, ``NotAllowed`` 403, ``Missing`` 404, ``Conflict`` 409; ``field`` as the
service names it, or as the view renames it with ``relocated``), with the messages the web
pages and the command line show, translated. Codes are kebab-case: ``invalid-document``,
``not-found``, ``throttled``...

``settings.REST_FRAMEWORK`` names ``exception_handler``, and ``api.parsers`` (named there too,
read while DRF defines ``APIView``) imports this module: it must not import
``rest_framework.views`` (nor generics, viewsets, decorators) at module level.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.db.models import ProtectedError
from django.http import Http404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.settings import api_settings

from core.errors import ServiceError
from core.messages import problem_text
from rules.documents import DocumentError, Problem


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
    409: _(
        "The stored state forbids this: a campaign squad (battles own its record), a battle "
        "already decided, a squad enrolled twice, the organiser removed from the players, a "
        "replacement based on an older version."
    ),
    412: _("The resource changed since the version If-Match names: read it again."),
    413: _("The body is larger than 512 KB."),
    415: _("The body must be JSON (Content-Type: application/json)."),
    422: _(
        "The body has the schema's shape, but names what the stored data does not hold (a "
        "model the squad does not have): one error per problem, each naming its path."
    ),
    428: _("If-Match is required: send the ETag of the resource as you read it."),
    429: _("Too many requests: wait for the number of seconds in Retry-After."),
    503: _("The PDF took longer than the service lets one print take, and was stopped."),
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


def id_errors(*statuses: int) -> dict[tuple[int, str], OpenApiResponse]:
    """The error responses of an operation on one resource: 404 when there is none the user
    may read, and ``statuses``."""
    return error_responses(404, *statuses)


class Conflict(exceptions.APIException):
    status_code = status.HTTP_409_CONFLICT
    default_detail = _("The resource's state forbids this.")
    default_code = "conflict"


class Unprocessable(exceptions.APIException):
    """A request of the schema's shape that names what the stored data does not hold: no
    schema can say it, so it is not a 400 (the schema's own refusals)."""

    status_code = status.HTTP_422_UNPROCESSABLE_ENTITY
    default_detail = _("The request names something that does not exist here.")
    default_code = "unprocessable"


class RequestTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = _("The body is larger than 512 KB.")
    default_code = "too-large"


def relocated(error: ServiceError, field: str | None, path: str) -> ServiceError:
    """``error`` naming ``path`` where it named ``field`` (any field when None): a service
    speaks of its page's form fields (``squad``, ``notes``), the API of its body's paths
    (``squad_id``, ``notes.squad``). An error naming another field is ``error`` itself."""
    if field is not None and error.field != field:
        return error
    problems = [(path if field in (None, f) else f, m) for f, m in error.problems]
    return type(error)(path, error.message, code=error.code, problems=problems)


class UnprocessableError(ServiceError):
    """A service's refusal of a request of the schema's shape, for what the stored data or
    the game's rules say (422): the request names the campaign's or the squad's game
    implicitly, so no schema can pick the tables that refuse it."""

    status = 422


def unprocessable(error: ServiceError) -> ServiceError:
    """``error`` as a 422 when it is a plain refusal of input (400); its other classes (403,
    404, 409) say their own status."""
    if error.status != 400:
        return error
    return UnprocessableError(error.field, error.message, code=error.code, problems=error.problems)


def rule_refusal(error: DocumentError, code: str = "invalid-document") -> Exception:
    """What to raise for a document refused: itself (a 400 naming every path) when its shape
    is wrong, a 422 naming every path the same way when its shape is right and only the
    game's rules refuse it (``Problem.rule``: two models of one name, a leader of five, a
    report's outcomes that do not fit together), which no schema can say."""
    if not error.problems or not all(p.rule for p in error.problems):
        return error
    first, *others = [problem_error(p) for p in error.problems]
    return UnprocessableError(
        first["field"] or "",
        first["message"],
        code=code,
        problems=[(e["field"] or "", e["message"]) for e in (first, *others)],
    )


def _code(code: str) -> str:
    return code.replace("_", "-")


def join_path(path: str, key: str | int) -> str:
    """A document-style path one step down: ``members`` and 2 give ``members[2]``."""
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
                yield from _flatten(value, join_path(path, key))
    elif isinstance(detail, list):
        for i, item in enumerate(detail):
            if isinstance(item, Mapping | list):  # the errors of the i-th item of a list
                yield from _flatten(item, join_path(path, i))
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


class BodyRefused(DocumentError):
    """What the JSON parser refuses of a body (``api.parsers``): a duplicated key, NaN, text
    no database stores, a number no field holds; each problem with its path."""


def _in_open_parts(error: DocumentError, view: Any) -> bool:
    """Whether every problem of a body the JSON parser refused (text no database stores, a
    number no field holds) lies where the view's action leaves its schema open
    (``open_parts``: a regular expression by action, for the keys of an object that names
    models, or house rules that only the campaign's game checks): there no schema says what
    is refused, so it is a 422, not a 400."""
    parts = getattr(view, "open_parts", {}).get(getattr(view, "action", None))
    return (
        parts is not None
        and bool(error.problems)
        and all(parts.match(p.path) for p in error.problems)
    )


def error_response(status_code: int, errors: list[dict[str, Any]], **headers: str) -> Response:
    return Response({"errors": errors}, status=status_code, headers=headers or None)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """``settings.REST_FRAMEWORK["EXCEPTION_HANDLER"]``: every error in the one shape."""
    from rest_framework.views import set_rollback  # not at module level: see the docstring

    if isinstance(exc, DocumentError):
        set_rollback()
        open_part = isinstance(exc, BodyRefused) and _in_open_parts(exc, context.get("view"))
        status = 422 if open_part else 400
        return error_response(status, [problem_error(p) for p in exc.problems])
    if isinstance(exc, ServiceError):  # its class says the status: 400, 403, 404, 409, 503
        set_rollback()
        errors = [
            {"code": exc.code, "message": message, "field": field or None}
            for field, message in exc.problems
        ]
        return error_response(exc.status, errors)
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
