"""URLs of the printed outputs (squad sheets, cards, reference cards), mounted at ``/print/``."""

from django.urls import path

from rosters import pdf_views

app_name = "print"

urlpatterns: list = [
    path("reference/<slug:system>.pdf", pdf_views.reference_card, name="reference_card"),
    # A squad's owner, by pk.
    path("squads/<int:pk>/sheet.pdf", pdf_views.squad_sheet, name="squad_sheet"),
    path("squads/<int:pk>/cards.pdf", pdf_views.squad_cards, name="squad_cards"),
    # Anyone, while the squad's public link is on.
    path("s/<uuid:public_id>/sheet.pdf", pdf_views.shared_sheet, name="shared_sheet"),
    path("s/<uuid:public_id>/cards.pdf", pdf_views.shared_cards, name="shared_cards"),
]
