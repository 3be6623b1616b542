"""Django settings, read from the environment (see README, "Environment"): the flags and the
database's URL through ``config/env.py``, the caches from ``config/caches.py``."""

import os
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from api.schema import enum_name_overrides
from config.caches import (  # noqa: F401 (settings read by name, the helpers by the tests)
    FRAGMENT_CACHE,
    SHARED_CACHE,
    cache_config,
    shared_cache_config,
)
from config.env import SQLITE_OPTIONS, database_config, env_flag  # noqa: F401

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_flag("DEBUG", True)

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

DATABASES = {"default": database_config(os.environ.get("DATABASE_URL"))}

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",  # collected through config.static's finder (below)
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "template_partials",
    "csp",
    "django_tasks",
    "django_tasks_db",
    "rosters",
    "campaigns",
    "printing",
    "accounts",
    "api",
    "games",
    "core",  # the ground floor; its ``makemessages`` also reads the cards' data files
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # static files from the app itself, compressed, cached forever under hashed names
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "accounts.limits.LoginLimitMiddleware",
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
                "campaigns.context_processors.waiting_reports",
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
# The apps' files are collected without what the site does not serve (config/static.py).
# (An app config of our own for django.contrib.staticfiles would hide it from pytest-django,
# whose live server then serves no static file: the browser tests' pages had no script.)
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "config.static.AppDirectoriesFinder",
]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
# With DEBUG off, ``collectstatic`` (``make serve`` runs it) writes each file under a hashed
# name only, gzip and Brotli beside it, and WhiteNoise serves them with a far-future cache
# header; in development Django's finders serve ``static/`` as it is. What the site does not
# serve (source maps, Redoc...) is not collected: config/static.py.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "config.static.CompressedManifestStorage"
    },
}
WHITENOISE_KEEP_ONLY_HASHED_FILES = True  # every page names the hashed file ({% static %})

# Mail (campaigns/notify.py: the players' notifications, sent by the task worker; password
# resets): SMTP when EMAIL_HOST names a server (make serve), else printed on the console (make
# run). SITE_URL begins every link a mail holds.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587" if env_flag("EMAIL_USE_TLS", False) else "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_flag("EMAIL_USE_TLS", False)
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "10"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "webmaster@localhost")
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

# Django's ModelBackend with the log-in limits in front (accounts/limits.py): over a limit, a
# try is refused before the password is even checked.
AUTHENTICATION_BACKENDS = ["accounts.limits.LoginLimitBackend"]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "rosters:list"  # as sign-up: where a player starts
LOGOUT_REDIRECT_URL = "home"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- caches (config/caches.py), client addresses and limits (core/limits.py, accounts/limits.py)

REDIS_URL = os.environ.get("REDIS_URL", "")
CACHES = cache_config(REDIS_URL, os.environ.get("PDF_CACHE_DIR"))
# Django's database sessions, an existing one saved in one UPDATE (``core.sessions``); with
# Redis, a session is read from Redis, written through to the database.
SESSION_ENGINE = "core.sessions.cached_db" if REDIS_URL else "core.sessions.db"

# How many reverse proxies of ours stand in front of the app, each appending the address it
# got the request from to X-Forwarded-For. 0: the header is never read (anyone can write it)
# and the client is REMOTE_ADDR; N: the client is the N-th address from the right. The API
# throttles (NUM_PROXIES below) and every limit use this one rule: core.limits.client_ip.
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))

# django-ratelimit's counters (rates "N/period", period s, m, h or d with an optional
# multiplier such as 15m; None turns a limit off). Log-in counts failures only, per client
# address and per account, the account's limit well above the address's, so that no single
# address can lock a real user out (and a password reset clears an account's count).
# Sign-up counts its POSTs per address, the password reset (a mail each) per address and
# per e-mail address. PDF renders, on the web pages and through the API alike, count on one
# counter per user (or address when anonymous).
RATE_LIMITS = {
    "login-ip": os.environ.get("LOGIN_RATE_IP", "20/h"),
    "login-account": os.environ.get("LOGIN_RATE_ACCOUNT", "100/h"),
    "signup": os.environ.get("SIGNUP_RATE", "10/h"),
    "password-reset-ip": os.environ.get("PASSWORD_RESET_RATE_IP", "10/h"),
    "password-reset-email": os.environ.get("PASSWORD_RESET_RATE_EMAIL", "3/h"),
    "pdf": os.environ.get("API_RATE_PDF", "30/minute"),
}
RATELIMIT_USE_CACHE = SHARED_CACHE
RATELIMIT_IP_META_KEY = "core.limits.client_ip"

# The longest one PDF may take to lay out, in seconds (printing.engine): past it, the
# child process printing it is stopped and the page or API answers 503 with a message. The
# document limits keep the worst legal sheet to about 2 s; 20 s stays under gunicorn's
# 30-second worker timeout. 0 renders in the worker itself, with no limit.
PRINT_BUDGET_SECONDS = float(os.environ.get("PRINT_BUDGET_SECONDS", "20"))

# --- HTTPS and the browser's protections -----------------------------------------------------

# Behind a proxy that ends TLS, HTTPS=1 turns on every HTTPS setting at its safe value (each
# can still be set on its own), so that ``manage.py check --deploy`` has nothing to say.
HTTPS = env_flag("HTTPS", False)
SECURE_SSL_REDIRECT = env_flag("SECURE_SSL_REDIRECT", HTTPS)
SECURE_REDIRECT_EXEMPT = [r"^healthz/?$"]  # a load balancer probes over plain HTTP
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", 365 * 24 * 3600 if HTTPS else 0))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_flag("SECURE_HSTS_INCLUDE_SUBDOMAINS", HTTPS)
SECURE_HSTS_PRELOAD = env_flag("SECURE_HSTS_PRELOAD", HTTPS)
SESSION_COOKIE_SECURE = env_flag("SESSION_COOKIE_SECURE", HTTPS)
CSRF_COOKIE_SECURE = env_flag("CSRF_COOKIE_SECURE", HTTPS)
if HTTPS and TRUSTED_PROXY_COUNT:  # our proxy says which scheme the client used
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
CSRF_TRUSTED_ORIGINS = [
    origin.strip()
    for origin in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",")
    if origin.strip()
]

# Content-Security-Policy (django-csp): scripts, styles, fonts and images from this site
# only; no inline script anywhere (htmx's indicator style is off, base.html), no framing, no
# plugins, forms posted here only; the service worker and the app's manifest (/sw.js,
# /manifest.webmanifest) from this site too. The API docs page relaxes styles for Swagger
# UI's own (config/api_urls.py, DocsView).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# --- the task queue: squads' PDFs rendered by a worker (printing/tasks.py) --------------------

# django-tasks (the backport of Django 6's tasks API) with django-tasks-db: the jobs live in
# this database, enqueued once an edit commits or when a download finds no PDF, and
# ``manage.py db_worker`` runs them (``make serve`` and ``make run`` start one).
# TASK_QUEUE=off records nothing and renders nothing ahead: a download then renders in its
# request.
TASK_QUEUE = os.environ.get("TASK_QUEUE", "database")
TASKS = {
    "default": {
        "BACKEND": {
            "database": "django_tasks_db.DatabaseBackend",
            "off": "django_tasks.backends.dummy.DummyBackend",
        }[TASK_QUEUE]
    }
}
# A squad's sheet is rendered when the squad changes, and a download that finds no PDF
# answers that it is on its way (202) while the worker renders it.
PRERENDER_SHEETS = PRINT_ON_QUEUE = TASK_QUEUE != "off"
# Seconds between an edit and its render: a burst of edits within them renders once.
PRERENDER_DELAY_SECONDS = float(os.environ.get("PRERENDER_DELAY_SECONDS", "2"))
# A download whose PDF is not stored yet waits for it (printing/tasks.py: the worker says on
# Redis when it has stored it) up to PDF_WAIT_SECONDS, in a thread of its web worker (make
# serve runs gunicorn's gthread workers, WEB_THREADS threads each), in at most PDF_WAITERS
# threads of a process at once: the others serve the pages. Past the wait, or with no thread
# to spare, it answers 202 with a Retry-After taken from the queue. 0 never waits.
WEB_THREADS = int(os.environ.get("WEB_THREADS", "8"))
PDF_WAIT_SECONDS = float(os.environ.get("PDF_WAIT_SECONDS", "10"))
PDF_WAITERS = int(os.environ.get("PDF_WAITERS", max(0, WEB_THREADS - 2)))

# --- REST API (/api/: config/api_urls.py; shared pieces in the api package) -----------------

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # Token first: an anonymous client gets 401 with "WWW-Authenticate: Token"; the browser's
    # session works too, with CSRF checked on every unsafe method.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PARSER_CLASSES": ["api.parsers.StrictJSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PAGINATION_CLASS": "api.pagination.Pagination",
    "PAGE_SIZE": 20,
    "EXCEPTION_HANDLER": "api.errors.exception_handler",
    "URL_FORMAT_OVERRIDE": None,  # ?format= would be one more way to get a 404
    "NUM_PROXIES": TRUSTED_PROXY_COUNT,  # the throttles' get_ident is client_ip all the same
    "DEFAULT_THROTTLE_CLASSES": [
        "api.throttles.AnonThrottle",
        "api.throttles.UserThrottle",
        "api.throttles.ScopedThrottle",
    ],
    # Per minute: anonymous per IP, users per account; "token" guards the log-in endpoint
    # against password guessing. None turns a scope off. The scope "pdf" (the expensive
    # renders) counts on the web pages' counter, at RATE_LIMITS["pdf"] (api/throttles.py).
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("API_RATE_ANON", "60/minute"),
        "user": os.environ.get("API_RATE_USER", "600/minute"),
        "token": os.environ.get("API_RATE_TOKEN", "10/minute"),
    },
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Skirmish Campaigns API",
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
    "ENUM_NAME_OVERRIDES": enum_name_overrides(),  # every game's document its own names
    # Swagger UI and Redoc from the drf-spectacular-sidecar package: no CDN, works offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# --- logging --------------------------------------------------------------------------------

# Django's default logs a 500 only while DEBUG is on (its console handler requires it), so a
# server error in production left no trace. Everything at LOG_LEVEL and above goes to
# standard error, one line per record, whatever DEBUG says; the process manager keeps it.
# LOG_FORMAT=json writes one JSON object per record instead (python-json-logger), for a log
# collector to index by field; ``make serve`` uses it.
LOG_LEVEL = os.environ.get("LOG_LEVEL", "WARNING").upper()
LOG_FORMAT = os.environ.get("LOG_FORMAT", "line")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "line": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"},
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "format": "%(asctime)s %(levelname)s %(name)s %(process)d %(message)s",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        },
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "json" if LOG_FORMAT == "json" else "line",
        },
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        # Each 4xx is a warning of django.request; keep those out unless asked for.
        "django.request": {"level": os.environ.get("LOG_LEVEL_REQUESTS", "ERROR").upper()},
    },
}
