"""The REST API's shared framework: what every endpoint under ``/api/`` has in common.

``errors`` (the one error shape and ``exception_handler``), ``parsers`` (the strict JSON
body), ``serializers`` (``StrictSerializer``), ``mixins`` (view mixins: ``JSONErrors``,
``KnownQueryParams``), ``renderers``, ``pagination``, ``throttles``; ``urls`` lists the
endpoints and holds the views every app shares (token, schema, docs, not found);
``systems`` serves the games' catalogue (``catalogue``) and reference cards. The
application's own error classes are ``core.errors``.

``settings.REST_FRAMEWORK`` names ``parsers``, ``pagination``, ``errors`` and ``throttles``.
DRF imports them lazily, while it defines ``APIView`` and ``GenericAPIView``: they, and what
they import, must not import ``rest_framework.views`` (nor generics, viewsets, decorators)
at module level.
"""
