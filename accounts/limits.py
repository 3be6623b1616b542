"""Limits on what one client may try: log-in failures, sign-ups and PDF renders.

Counters are django-ratelimit's (``get_usage``: a fixed window per key, in the cache
``settings.RATELIMIT_USE_CACHE``, the shared one, so that every worker's requests add up),
with the rates of ``settings.RATE_LIMITS``, read at each request. A client is known by its
address as ``client_ip`` reads it, the one rule the API throttles use too (api/throttles.py).

Log-in. The web log-in, the admin's and the API's token endpoint all go through
``django.contrib.auth.authenticate``. ``LoginLimitBackend``, the first backend, refuses
(``PermissionDenied``: Django then asks no other backend, so the password is not checked)
while the client's address, or the account named, has reached its number of failures in
the current window, and notes the wait on the request; ``count_failure`` (the
``user_login_failed`` signal) counts each failure, per address and per account. Only
failures count, and an account's limit is well above an address's: a single address cannot
lock a real user out, it takes ``login-account / login-ip`` addresses to do so, while a
guesser spreading over many addresses still gets no more than ``login-account`` tries.
``LoginLimitMiddleware`` answers a refused web or admin log-in with a 429 page; the token
endpoint answers with its own 429 in the API's error shape (api/urls.py).

Views: ``limit_signup`` (sign-up POSTs per address) and ``limit_pdf`` (renders per user,
or per address when anonymous) answer over their limit with the same 429 page.
"""

from __future__ import annotations

import ipaddress
import math
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import ngettext
from django_ratelimit import ALL
from django_ratelimit.core import get_usage

UNKNOWN_ADDRESS = "0.0.0.0"  # no REMOTE_ADDR (a Unix socket): all such clients share one count


def client_ip(request: HttpRequest) -> str:
    """The client's address: REMOTE_ADDR, unless ``settings.TRUSTED_PROXY_COUNT`` proxies of
    ours stand in front, in which case the address the outermost one saw (the N-th from the
    right of X-Forwarded-For, as DRF's ``NUM_PROXIES`` reads it). A client can write the
    header's left part, never the part our proxies append."""
    remote = request.META.get("REMOTE_ADDR") or UNKNOWN_ADDRESS
    proxies = settings.TRUSTED_PROXY_COUNT
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR")
    if proxies <= 0 or not forwarded:
        return remote
    addresses = [address.strip() for address in forwarded.split(",")]
    try:
        return str(ipaddress.ip_address(addresses[-min(proxies, len(addresses))]))
    except ValueError:  # fewer proxies than configured, or one that writes nonsense
        return remote


def _rate(group: str, request: HttpRequest) -> str | None:
    return settings.RATE_LIMITS.get(group)


def _minutes(seconds: int) -> int:
    return max(1, math.ceil(seconds / 60))


def too_many_requests(request: HttpRequest, seconds: int, message: str) -> HttpResponse:
    """The 429 page: ``message`` and a Retry-After of ``seconds``."""
    response = render(request, "accounts/too_many_requests.html", {"message": message}, status=429)
    response["Retry-After"] = str(max(1, seconds))
    return response


# --- log-in -------------------------------------------------------------------------------


def _login_keys(username: str | None) -> list[tuple[str, Any]]:
    keys: list[tuple[str, Any]] = [("login-ip", "ip")]
    if username:
        account = str(username).strip().casefold()
        keys.append(("login-account", lambda group, request: account))
    return keys


def _username(credentials: dict[str, Any]) -> str | None:
    return credentials.get(get_user_model().USERNAME_FIELD) or credentials.get("username")


def login_wait(request: HttpRequest, username: str | None) -> int | None:
    """Seconds until the next log-in try, or None while the address and the account are both
    under their number of failures."""
    waits = []
    for group, key in _login_keys(username):
        usage = get_usage(request, group=group, key=key, rate=_rate, increment=False)
        if usage is not None and usage["count"] >= usage["limit"]:
            waits.append(max(1, usage["time_left"]))
    return max(waits, default=None)


class LoginLimitBackend:
    """First of AUTHENTICATION_BACKENDS: never logs anyone in, refuses over a limit. It has
    no ``get_user``, so sessions and ``force_login`` go to the next backend."""

    def authenticate(self, request: HttpRequest | None, **credentials: Any) -> None:
        if request is None:  # not a request (a command): nothing to count against
            return None
        wait = login_wait(request, _username(credentials))
        if wait is not None:
            request.login_blocked = wait
            raise PermissionDenied
        return None


def count_failure(sender, credentials: dict[str, Any], request=None, **kwargs) -> None:
    """``user_login_failed``: one more failure for the address and the account (not for a
    try refused unchecked, which guessed nothing)."""
    if request is None or hasattr(request, "login_blocked"):
        return
    for group, key in _login_keys(_username(credentials)):
        get_usage(request, group=group, key=key, rate=_rate, increment=True)


def login_message(seconds: int) -> str:
    minutes = _minutes(seconds)
    return ngettext(
        "Too many failed log-ins from your network or for this account, so log-ins are "
        "paused for safety. Please try again in %(minutes)d minute.",
        "Too many failed log-ins from your network or for this account, so log-ins are "
        "paused for safety. Please try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


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
        return too_many_requests(request, wait, login_message(wait))


# --- views ----------------------------------------------------------------------------------


def _wait_message(seconds: int) -> str:
    minutes = _minutes(seconds)
    return ngettext(
        "Too many requests: please wait %(minutes)d minute and try again.",
        "Too many requests: please wait %(minutes)d minutes and try again.",
        minutes,
    ) % {"minutes": minutes}


def limited(group: str, *, key: str = "user_or_ip", method: Any = ALL) -> Callable:
    """A view decorator: each request of ``method`` counts against ``RATE_LIMITS[group]``
    (``key``: django-ratelimit's, e.g. ``ip`` or ``user_or_ip``); over it, the 429 page."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            usage = get_usage(
                request, group=group, key=key, rate=_rate, method=method, increment=True
            )
            if usage is not None and usage["should_limit"]:
                wait = usage["time_left"]
                return too_many_requests(request, wait, _wait_message(wait))
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


limit_signup = limited("signup", key="ip", method="POST")
limit_pdf = limited("pdf")
