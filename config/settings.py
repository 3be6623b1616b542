"""Django settings: one file, read from the environment (see README, "Environment")."""

import os
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = os.environ.get("DEBUG", "1").lower() in ("1", "true", "yes")

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "django-insecure-development-only"

ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",")
    if host.strip()
]

# WAL lets readers work while one request writes; IMMEDIATE takes the write lock when a
# transaction begins, so two writers wait (busy_timeout) instead of failing with
# "database is locked" half-way through.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "init_command": (
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=5000;"
    ),
}


def database_config(url: str | None) -> dict[str, Any]:
    """The default database for a DATABASE_URL; no URL means db.sqlite3 in BASE_DIR."""
    config = dj_database_url.parse(url or f"sqlite:///{BASE_DIR / 'db.sqlite3'}")
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = {**config.get("OPTIONS", {}), **SQLITE_OPTIONS}
    return config


DATABASES = {"default": database_config(os.environ.get("DATABASE_URL"))}

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "template_partials",
    "rosters",
    "campaigns",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("fr", _("French")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- REST API (/api/, config/api_urls.py; shared pieces in config/api.py) --------------------

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # Token first: an anonymous client gets 401 with "WWW-Authenticate: Token"; the browser's
    # session works too, with CSRF checked on every unsafe method.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PARSER_CLASSES": ["config.api.StrictJSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PAGINATION_CLASS": "config.api.Pagination",
    "PAGE_SIZE": 20,
    "EXCEPTION_HANDLER": "config.api.exception_handler",
    "URL_FORMAT_OVERRIDE": None,  # ?format= would be one more way to get a 404
    "DEFAULT_THROTTLE_CLASSES": [
        "config.api.AnonThrottle",
        "config.api.UserThrottle",
        "config.api.ScopedThrottle",
    ],
    # Per minute: anonymous per IP, users per account; "token" guards the log-in endpoint
    # against password guessing and "pdf" the expensive renders. None turns a scope off.
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("API_RATE_ANON", "60/minute"),
        "user": os.environ.get("API_RATE_USER", "600/minute"),
        "token": os.environ.get("API_RATE_TOKEN", "10/minute"),
        "pdf": os.environ.get("API_RATE_PDF", "30/minute"),
    },
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Black Sun Squads API",
    "DESCRIPTION": (
        "Squads as squad-roster/1 documents (the same JSON as the web import and export and "
        "the command line). Authenticate with a token (POST /api/auth/token/, then send "
        "`Authorization: Token <key>`) or, from a browser, with the site's session and its "
        'CSRF token. Every error is {"errors": [{"code", "message", "field"}]}; '
        "lists are paged with ?page= and ?page_size=."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": "/api/",
    "COMPONENT_SPLIT_REQUEST": True,
    # Swagger UI and Redoc from the drf-spectacular-sidecar package: no CDN, works offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}
