"""Campaign pages: standings, battle reports, house rules (issue #4)."""

from django.urls import path  # noqa: F401

app_name = "campaigns"

urlpatterns: list = []
