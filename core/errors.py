"""The errors a service raises, each knowing the HTTP status it means.

A service refuses with one of these and says *where* (``field``: a form field or a document
path such as ``sides[0].casualties[1].member``) and *what* (``message``, already in the
user's language). The API's exception handler (``api.errors.exception_handler``) and the
pages map the class once — 400, 403, 404 or 409 — so no view asks the service's question
again before calling it (see HackSoft's Django Styleguide, ``core/exceptions.py``).

Plain Python: no Django import, so the module can be imported anywhere.
"""

from __future__ import annotations


class ServiceError(ValueError):
    """Input the service refuses (400); ``problems`` lists every (field, message) pair when
    there are several, the first one being ``field`` and ``message``."""

    status = 400
    code = "invalid"

    def __init__(
        self, field: str, message: str, *, code: str | None = None,
        problems: list[tuple[str, str]] | None = None,
    ) -> None:  # fmt: skip
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message
        if code is not None:
            self.code = code
        self.problems = problems or [(field, message)]


class Invalid(ServiceError):
    """The input is wrong (400)."""


class NotAllowed(ServiceError):
    """This user may not do this (403)."""

    status = 403
    code = "permission-denied"


class Missing(ServiceError):
    """The thing to change is gone, e.g. deleted by another request meanwhile (404)."""

    status = 404
    code = "not-found"


class Conflict(ServiceError):
    """The state of what is changed forbids it (409): a confirmed battle confirmed again, a
    squad enrolled twice, a replacement based on an older version."""

    status = 409
    code = "conflict"
