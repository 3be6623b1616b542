"""The REST API's shared framework: what every endpoint under ``/api/`` has in common.

``errors`` (the one error shape and ``exception_handler``), ``parsers`` (the strict JSON
body), ``serializers`` (``StrictSerializer``), ``mixins`` (view mixins: ``JSONErrors``,
``KnownQueryParams``), ``renderers``, ``pagination``, ``throttles``, ``openapi``,
``schema``. The ground floor, beside ``core`` (the application's own error classes,
``core.errors``): it imports ``rules`` and ``core``, never an app (``tests/test_layers.py``).
The endpoints are the apps' (``rosters.api``, ``campaigns.api``, ``accounts.api``,
``games.api``), listed with the schema and docs views in ``config/api_urls.py``.

``settings.REST_FRAMEWORK`` names ``parsers``, ``pagination``, ``errors`` and ``throttles``.
DRF imports them lazily, while it defines ``APIView`` and ``GenericAPIView``: they, and what
they import, must not import ``rest_framework.views`` (nor generics, viewsets, decorators)
at module level.
"""
