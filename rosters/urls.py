from django.urls import path

from rosters import views
from rosters.views import units as unit_views

app_name = "rosters"

urlpatterns = [
    path("", views.squad_list, name="list"),
    path("new/", views.squad_create, name="create"),
    path("import/", views.squad_import, name="import"),
    path("<int:pk>/", views.builder, name="builder"),
    path("<int:pk>/edit/", views.squad_edit, name="edit"),
    path("<int:pk>/delete/", views.squad_delete, name="delete"),
    path("<int:pk>/duplicate/", views.squad_duplicate, name="duplicate"),
    path("<int:pk>/public/", views.squad_public, name="public"),
    path("<int:pk>/undo/", views.squad_undo, name="undo"),
    path("<int:pk>/export.json", views.squad_export, name="export"),
    path("<int:pk>/squad.txt", views.squad_text, name="text"),
    # Every model action lives under <pk>/members/<member_pk>/: rosters/builder/ builds the
    # cards' URLs from that prefix (tests/rosters/test_builder.py checks them).
    path("<int:pk>/members/add/", views.member_add, name="member_add"),
    path("<int:pk>/members/<int:member_pk>/", views.member_update, name="member_update"),
    path("<int:pk>/members/<int:member_pk>/remove/", views.member_remove, name="member_remove"),
    path(
        "<int:pk>/members/<int:member_pk>/duplicate/",
        views.member_duplicate,
        name="member_duplicate",
    ),
    path(
        "<int:pk>/members/<int:member_pk>/move/<str:direction>/",
        views.member_move,
        name="member_move",
    ),
    path(
        "<int:pk>/members/<int:member_pk>/equipment/",
        views.equipment_add,
        name="equipment_add",
    ),
    path(
        "<int:pk>/members/<int:member_pk>/equipment/<int:line_pk>/remove/",
        views.equipment_remove,
        name="equipment_remove",
    ),
    path("<int:pk>/members/<int:member_pk>/abilities/", views.ability_add, name="ability_add"),
    path(
        "<int:pk>/members/<int:member_pk>/abilities/draw/",
        views.ability_draw,
        name="ability_draw",
    ),
    path(
        "<int:pk>/members/<int:member_pk>/abilities/<int:ability_pk>/remove/",
        views.ability_remove,
        name="ability_remove",
    ),
    # a game played with units: the force's units, by position (rosters/views/units.py)
    path("<int:pk>/units/add/", unit_views.unit_add, name="unit_add"),
    path("<int:pk>/units/<int:index>/", unit_views.unit_update, name="unit_update"),
    path("<int:pk>/units/<int:index>/remove/", unit_views.unit_remove, name="unit_remove"),
    path("<int:pk>/units/<int:index>/members/add/", unit_views.member_add,
         name="unit_member_add"),
    path("<int:pk>/units/<int:index>/members/<int:member>/", unit_views.member_update,
         name="unit_member_update"),
    path("<int:pk>/units/<int:index>/members/<int:member>/remove/", unit_views.member_remove,
         name="unit_member_remove"),
    path("<int:pk>/units/<int:index>/equipment/add/", unit_views.equipment_add,
         name="unit_equipment_add"),
    path("<int:pk>/units/<int:index>/equipment/<int:line>/remove/",
         unit_views.equipment_remove, name="unit_equipment_remove"),
    path("<int:pk>/units/<int:index>/members/<int:member>/equipment/add/",
         unit_views.equipment_add, name="unit_member_equipment_add"),
    path("<int:pk>/units/<int:index>/members/<int:member>/equipment/<int:line>/remove/",
         unit_views.equipment_remove, name="unit_member_equipment_remove"),
]  # fmt: skip
