"""The API's throttles: anonymous clients, users, and views with a ``throttle_scope``.

Named in ``settings.REST_FRAMEWORK``, which DRF reads while it defines ``APIView``: this
module (and what it imports) must not import ``rest_framework.views`` (nor generics,
viewsets, decorators) at module level.
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import caches
from django.core.exceptions import ImproperlyConfigured
from django.utils.connection import ConnectionProxy
from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle, ScopedRateThrottle, UserRateThrottle

from core.limits import client_ip, pdf_wait

PDF = "pdf"  # the scope whose count the web pages share (core.limits.pdf_wait)


class _RatesFromSettings:
    """Read the rate when a request comes, not when the class is imported, so a test (or a
    settings override) can change ``DEFAULT_THROTTLE_RATES``; a rate of None turns a scope
    off. Counts live in the cache every worker shares (``settings.SHARED_CACHE``), and a
    client is known by its address as ``core.limits.client_ip`` reads it (X-Forwarded-For
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
    """Views with a ``throttle_scope`` (``token``, ``pdf``), per user or IP address. The
    ``pdf`` scope counts on the web PDF pages' counter, at ``RATE_LIMITS["pdf"]``: a user
    gets that many renders a period, whether through the pages or the API."""

    _pdf_wait: int | None = None

    def allow_request(self, request, view) -> bool:
        if getattr(view, "throttle_scope", None) != PDF:
            return super().allow_request(request, view)
        self._pdf_wait = pdf_wait(request)
        return self._pdf_wait is None

    def wait(self) -> float | None:
        return self._pdf_wait if self._pdf_wait is not None else super().wait()
