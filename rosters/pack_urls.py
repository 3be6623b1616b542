"""The pack pages (issue #30), under ``/packs/``."""

from django.urls import path

from rosters.views import packs as views

app_name = "packs"

urlpatterns = [
    path("", views.pack_list, name="list"),
    path("new/", views.pack_create, name="create"),
    path("import/", views.pack_import, name="import"),
    path("<int:pk>/", views.pack_detail, name="detail"),
    path("<int:pk>/tables/<slug:table>/", views.pack_table, name="table"),
    path("<int:pk>/export.json", views.pack_export, name="export"),
    path("<int:pk>/share/", views.pack_share, name="share"),
    path("<int:pk>/delete/", views.pack_delete, name="delete"),
    path("shared/<str:token>/", views.pack_shared, name="shared"),
]
