"""Limits on what one client may ask, shared by the web pages and the API: whose address a
request comes from, the 429 page, and counts per user or address.

Every count lives in the shared cache (``settings.SHARED_CACHE``), so that every worker's
requests add up, in fixed windows, with the rates of ``settings.RATE_LIMITS`` read at each
request (django-ratelimit's ``get_usage``). A client is known by its address as
``client_ip`` reads it, the one rule the API throttles (``api.throttles``) and the log-in
limits (``accounts.limits``) use too.

Views: ``limited`` makes a view decorator (``limit_pdf``: renders per user, or per address
when anonymous), ``over_limit`` counts the requests a view picks; over their limit they
answer with the 429 page. The API's PDF endpoints count on the same counter as the web's
(``pdf_wait``, ``api.throttles``): one limit per user or address, wherever the PDF is asked
for.
"""

from __future__ import annotations

import ipaddress
import math
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
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


def minutes(seconds: int) -> int:
    """A wait in whole minutes, at least one."""
    return max(1, math.ceil(seconds / 60))


def too_many_requests(
    request: HttpRequest, seconds: int, message: str, *, reset: bool = False
) -> HttpResponse:
    """The 429 page: ``message`` and a Retry-After of ``seconds``; with ``reset``, the link to
    the password reset that lets a locked account's owner in at once."""
    context = {"message": message, "reset": reset}
    response = render(request, "accounts/too_many_requests.html", context, status=429)
    response["Retry-After"] = str(max(1, seconds))
    return response


def _wait_message(seconds: int) -> str:
    wait = minutes(seconds)
    return ngettext(
        "Too many requests: please wait %(minutes)d minute and try again.",
        "Too many requests: please wait %(minutes)d minutes and try again.",
        wait,
    ) % {"minutes": wait}


def over_limit(
    request: HttpRequest, group: str, *, key: str = "user_or_ip", method: Any = ALL
) -> HttpResponse | None:
    """Count ``request`` against ``RATE_LIMITS[group]``: the 429 page when it is over the
    limit, else ``None``. For a view that counts only some of its requests (a squad's PDF:
    asking again while the worker prints it costs nothing)."""
    wait = _counted(request, group, key=key, method=method)
    return None if wait is None else too_many_requests(request, wait, _wait_message(wait))


def _counted(request: Any, group: str, *, key: Any = "user_or_ip", method: Any = ALL) -> int | None:
    """Count ``request`` against ``RATE_LIMITS[group]``: the seconds to wait when it is over
    the limit, else ``None``."""
    usage = get_usage(request, group=group, key=key, rate=_rate, method=method, increment=True)
    if usage is not None and usage["should_limit"]:
        return max(1, usage["time_left"])
    return None


def pdf_wait(request: Any) -> int | None:
    """One PDF render counted for the API (a DRF request), on the web pages' counter
    (``limit_pdf``, ``over_limit(request, "pdf")``): the seconds to wait, or ``None``."""
    return _counted(request, "pdf")


def limited(group: str, *, key: Any = "user_or_ip", method: Any = ALL) -> Callable:
    """A view decorator: each request of ``method`` counts against ``RATE_LIMITS[group]``
    (``key``: django-ratelimit's, e.g. ``ip`` or ``user_or_ip``, or a function of the group
    and the request); over it, the 429 page."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            refused = over_limit(request, group, key=key, method=method)
            return refused or view(request, *args, **kwargs)

        return wrapped

    return decorator


limit_pdf = limited("pdf")
