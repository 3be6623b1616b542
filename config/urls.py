from django.contrib import admin
from django.urls import include, path

from config import views
from rosters import views as rosters_views

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("squads/", include("rosters.urls")),
    path("campaigns/", include("campaigns.urls")),
    path("api/", include("config.api_urls")),
    path("s/<uuid:public_id>/", rosters_views.squad_shared, name="squad_shared"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("print/", include("rosters.pdf_urls")),
]
