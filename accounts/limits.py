"""Limits on what one client may try to get into an account: log-in failures, sign-ups and
password resets.

Every count lives in the shared cache (``settings.SHARED_CACHE``), in fixed windows, with the
rates of ``settings.RATE_LIMITS`` read at each request: the views' counts are
django-ratelimit's (``core.limits``, which also knows the client's address, ``client_ip``,
and holds the 429 page and the PDF limit), the log-in's are reservations of our own (below),
because a try must count before its password is checked.

Log-in. The web log-in, the admin's and the API's token endpoint all go through
``django.contrib.auth.authenticate`` and so through ``LoginLimitBackend``, the one backend
(Django's ``ModelBackend`` with a limit in front). Each try first *reserves* a failure, per
address and per account, in a fixed window of ``settings.RATE_LIMITS``; over either limit it
is refused (``PermissionDenied``) before the password is checked, and the wait is noted on
the request. A try whose password is right gives its reservations back, so only failures
count. Reserving before checking is what keeps tries sent at once to the quota: each one
counts before its (slow) password check, not after. The count is exact where the cache's
``incr`` is atomic (Redis); the database cache's is a read then a write, so tries that meet
in those few milliseconds may count once for two. An account's limit is well above an
address's: a single address cannot lock a real user out, it takes
``login-account / login-ip`` addresses to do so, while a guesser spreading over many
addresses still gets no more than ``login-account`` tries. ``LoginLimitMiddleware`` answers
a refused web or admin log-in with a 429 page; the token endpoint answers with its own 429
in the API's error shape (accounts/api.py).

An account's failures are forgotten when its password is reset (``forget_failures``): the
owner of an account that others locked out proves it through the e-mail and logs in at once;
the 429 of a locked account says so, with a link to the password reset. An address's count
stays.

Views: ``limit_signup`` (sign-up POSTs per address) and ``limit_password_reset`` (reset
requests per address and per e-mail address) answer over their limit with the same 429 page.
"""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.cache import caches
from django.core.exceptions import ImproperlyConfigured, PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.utils.translation import ngettext

from core.limits import client_ip, limited, minutes, too_many_requests

# --- log-in -------------------------------------------------------------------------------

_RATE = re.compile(r"^(\d+)/(\d*)([smhd])", re.IGNORECASE)
_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


@dataclass(frozen=True)
class _Reservation:
    key: str
    count: int
    limit: int
    time_left: int


def _window(rate: str) -> tuple[int, int]:
    """``"20/h"`` → (20, 3600); django-ratelimit's rate syntax (``5/10m``, ``30/minute``)."""
    match = _RATE.match(rate)
    if match is None:
        raise ImproperlyConfigured(f"unreadable rate {rate!r} in RATE_LIMITS")
    count, multiple, unit = match.groups()
    return int(count), int(multiple or 1) * _SECONDS[unit.lower()]


def _reserve(group: str, value: str) -> _Reservation | None:
    """One more failure for ``value`` in ``group``'s current window, counted now (before the
    password is checked); None when the group has no limit."""
    rate = settings.RATE_LIMITS.get(group)
    if rate is None:
        return None
    limit, period = _window(rate)
    key, ends, now = _key(group, value, period)
    cache = caches[settings.SHARED_CACHE]
    count = 1 if cache.add(key, 1, period + 60) else cache.incr(key)
    return _Reservation(key, count, limit, ends - now)


def _key(group: str, value: str, period: int) -> tuple[str, int, int]:
    """The count's key in the current window of ``period`` seconds, the window's end, now."""
    now = int(time.time())
    ends = now - now % period + period
    digest = hashlib.sha256(value.encode()).hexdigest()[:32]
    return f"login-limit:{group}:{digest}:{ends}", ends, now


def _account(name: Any) -> str:
    return str(name).strip().casefold()


def forget_failures(username: str) -> None:
    """Forget the account's failed log-ins (its password was just reset by its owner)."""
    rate = settings.RATE_LIMITS.get("login-account")
    if rate is not None:
        key = _key("login-account", _account(username), _window(rate)[1])[0]
        caches[settings.SHARED_CACHE].delete(key)


def _give_back(reservations: list[_Reservation]) -> None:
    cache = caches[settings.SHARED_CACHE]
    for reservation in reservations:
        try:
            cache.decr(reservation.key)
        except ValueError:  # the window ended meanwhile: nothing left to give back
            pass


def _username(credentials: dict[str, Any]) -> str | None:
    return credentials.get(get_user_model().USERNAME_FIELD) or credentials.get("username")


class LoginLimitBackend(ModelBackend):
    """Django's ``ModelBackend`` behind the log-in limits (the module's docstring)."""

    def authenticate(self, request: HttpRequest | None, username=None, password=None, **kwargs):
        if request is None:  # not a request (a command): nothing to count against
            return super().authenticate(request, username, password, **kwargs)
        name = username or _username(kwargs)
        keys = [("login-ip", client_ip(request))]
        if name:
            keys.append(("login-account", _account(name)))
        reservations: list[_Reservation] = []
        for group, value in keys:
            reservation = _reserve(group, value)
            if reservation is None:
                continue
            reservations.append(reservation)
            if reservation.count > reservation.limit:
                # refused unchecked: it guessed nothing, so it counts for nothing
                _give_back(reservations)
                request.login_blocked = max(1, reservation.time_left)
                request.login_blocked_account = group == "login-account"
                raise PermissionDenied
        user = super().authenticate(request, username, password, **kwargs)
        if user is not None:
            _give_back(reservations)
        return user


def login_message(seconds: int, *, account: bool = False) -> str:
    """Why log-ins are refused and for how long; for an ``account`` over its limit, that a
    password reset lets its owner in at once."""
    wait = minutes(seconds)
    if account:
        return ngettext(
            "Too many failed log-ins for this account, so its log-ins are paused for safety "
            "for %(minutes)d minute. If it is yours and has an e-mail address, reset your "
            "password: you can then log in at once.",
            "Too many failed log-ins for this account, so its log-ins are paused for safety "
            "for %(minutes)d minutes. If it is yours and has an e-mail address, reset your "
            "password: you can then log in at once.",
            wait,
        ) % {"minutes": wait}
    return ngettext(
        "Too many failed log-ins from your network or for this account, so log-ins are "
        "paused for safety. Please try again in %(minutes)d minute.",
        "Too many failed log-ins from your network or for this account, so log-ins are "
        "paused for safety. Please try again in %(minutes)d minutes.",
        wait,
    ) % {"minutes": wait}


class LoginLimitMiddleware:
    """A log-in that ``LoginLimitBackend`` refused gets the 429 page, whatever form (the
    site's, the admin's) would have said; a view that answered 429 itself is left alone."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        wait = getattr(request, "login_blocked", None)
        if wait is None or response.status_code == 429:
            return response
        account = getattr(request, "login_blocked_account", False)
        return too_many_requests(request, wait, login_message(wait, account=account), reset=account)


# --- views ----------------------------------------------------------------------------------


def _email(group: str, request: HttpRequest) -> str:
    return request.POST.get("email", "").strip().casefold()


limit_signup = limited("signup", key="ip", method="POST")


def limit_password_reset(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Reset requests (POSTs: each sends a mail) per client address and per e-mail address
    (``RATE_LIMITS["password-reset-ip"]``, ``["password-reset-email"]``)."""
    return limited("password-reset-ip", key="ip", method="POST")(
        limited("password-reset-email", key=_email, method="POST")(view)
    )
