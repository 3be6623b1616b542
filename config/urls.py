from django.contrib import admin
from django.urls import include, path

from accounts import views as accounts_views
from campaigns import urls as campaigns_urls
from config import views
from printing import urls as print_urls
from rosters import views as rosters_views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    # the installable app (issue #15): the service worker must sit at the root to control "/"
    path("sw.js", views.service_worker, name="service_worker"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("offline/", views.offline, name="offline"),
    path("accounts/signup/", accounts_views.signup, name="signup"),
    path("favicon.ico", accounts_views.favicon),
    path("accounts/profile/", accounts_views.profile, name="profile"),
    path("accounts/notifications/", accounts_views.notifications, name="notifications"),
    path("accounts/api-token/", accounts_views.api_token_create, name="api_token_create"),
    path("accounts/api-token/revoke/", accounts_views.api_token_revoke, name="api_token_revoke"),
    # Django's own, which also end the account's API tokens, forget its failed log-ins and limit
    # the reset mails (before the include: same names)
    path(
        "accounts/password_change/",
        accounts_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password_reset/",
        accounts_views.PasswordResetView.as_view(),
        name="password_reset",
    ),
    path(
        "accounts/reset/<uidb64>/<token>/",
        accounts_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path("accounts/", include("django.contrib.auth.urls")),
    path("squads/", include("rosters.urls")),
    path("packs/", include("rosters.pack_urls")),
    # the campaign pages and, in their namespace, the report PDF that printing serves
    path(
        "campaigns/",
        include((campaigns_urls.urlpatterns + print_urls.campaign_urlpatterns, "campaigns")),
    ),
    path("api/", include("config.api_urls")),
    path("s/<uuid:public_id>/", rosters_views.squad_shared, name="squad_shared"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("print/", include("printing.urls")),
]
