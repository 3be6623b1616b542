"""URLs of the printed outputs (squad sheets, cards, reference cards)."""

from django.urls import path

from rosters import pdf_views

app_name = "print"

urlpatterns: list = [
    path("reference/<slug:system>.pdf", pdf_views.reference_card, name="reference_card"),
]
