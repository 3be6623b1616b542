"""The REST API under ``/api/`` (issue #6)."""

urlpatterns: list = []
