"""URLs of the printed outputs: squad sheets, cards and reference cards, mounted at ``/print/``;
the campaign report (``campaign_urlpatterns``), mounted by ``config.urls`` among the campaign
pages, under their namespace."""

from django.urls import path

from printing import views

app_name = "print"

urlpatterns: list = [
    path("reference/<slug:system>.pdf", views.reference_card, name="reference_card"),
    # A squad's owner, by pk.
    path("squads/<int:pk>/sheet.pdf", views.squad_sheet, name="squad_sheet"),
    path("squads/<int:pk>/cards.pdf", views.squad_cards, name="squad_cards"),
    # Anyone, while the squad's public link is on.
    path("s/<uuid:public_id>/sheet.pdf", views.shared_sheet, name="shared_sheet"),
    path("s/<uuid:public_id>/cards.pdf", views.shared_cards, name="shared_cards"),
]

# Under /campaigns/, in the campaigns namespace (campaigns:report_pdf).
campaign_urlpatterns: list = [
    path("<int:pk>/report.pdf", views.campaign_report, name="report_pdf"),
    path("<int:pk>/book.pdf", views.campaign_book, name="book_pdf"),
    path(
        "<int:pk>/rounds/<int:number>/pairings.pdf",
        views.round_pairings,
        name="round_pairings_pdf",
    ),  # fmt: skip
    path(
        "<int:pk>/rounds/<int:number>/crew/<int:entry_pk>/sheet.pdf",
        views.crew_sheet,
        name="crew_sheet_pdf",
    ),  # fmt: skip
    path(
        "<int:pk>/rounds/<int:number>/crew/<int:entry_pk>/cards.pdf",
        views.crew_cards,
        name="crew_cards_pdf",
    ),  # fmt: skip
]
