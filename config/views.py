import logging
import uuid
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.cache import caches
from django.db import connection
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language, gettext
from django.views.decorators.cache import cache_control, never_cache

from printing.tasks import queue_health
from rules import systems


def home(request: HttpRequest) -> HttpResponse:
    """The welcome page, with every game the service carries and its reference card."""
    games = [
        {
            "code": game.code,
            "name": game.name,
            "reference": game.printing is not None and game.printing.reference_template,
        }
        for game in systems()
    ]
    return render(request, "home.html", {"games": games})


log = logging.getLogger(__name__)


def _database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def _cache() -> None:
    """A round trip through the cache every process shares (the limits' counts)."""
    cache = caches[settings.SHARED_CACHE]
    key, value = "healthz", uuid.uuid4().hex
    cache.set(key, value, 30)
    if cache.get(key) != value:
        raise RuntimeError("the shared cache did not keep a value")


QUEUE_LATE_SECONDS = 120  # a task still waiting this long after it was due: no worker runs


def _queue() -> None:
    """The task queue's table answers, and no task waits long past its time (a worker is
    running: ``make serve`` starts them). Renders ahead (a priority below the default) are
    left out: they wait, by design, while players wait for other renders."""
    if settings.TASK_QUEUE != "database":
        return
    from django_tasks_db.models import DBTaskResult, get_date_max

    late = timezone.now() - timedelta(seconds=QUEUE_LATE_SECONDS)
    waiting = DBTaskResult.objects.ready().filter(  # "no run_after" is stored as the max date
        Q(run_after__lt=late) | Q(run_after=get_date_max(), enqueued_at__lt=late),
        priority__gte=0,
    )
    if waiting.exists():
        raise RuntimeError(f"tasks wait more than {QUEUE_LATE_SECONDS} s: is a worker running?")


HEALTH_CHECKS = {"database": _database, "cache": _cache, "queue": _queue}


@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    """For a load balancer or a process manager: 200 when this process reaches the database
    and the shared cache and the task queue keeps up, else 503 naming what failed (the
    details go to the log). ``queue`` says how the renders fare (``printing.tasks
    .queue_health``): the renders players wait for still in the queue and the oldest one's
    wait now, and the workers' running averages of a render's wait in the queue and of its
    time."""
    checks = {}
    for name, check in HEALTH_CHECKS.items():
        try:
            check()
        except Exception:
            log.exception("health check %s failed", name)
            checks[name] = "failing"
        else:
            checks[name] = "ok"
    healthy = all(state == "ok" for state in checks.values())
    body: dict = {"status": "ok" if healthy else "failing", "checks": checks}
    try:
        body["queue"] = queue_health()
    except Exception:  # the checks above say what fails
        log.exception("the task queue's figures could not be read")
    return JsonResponse(body, status=200 if healthy else 503)


# --- the installable app: its service worker and manifest (issue #15) -----------------------

SERVICE_WORKER = "js/sw.js"


@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    """``static/js/sw.js`` at the site's root: a service worker controls the pages under its
    own address, so it must be served from ``/`` to keep a copy of every page. The browser
    checks it for a new version on each visit (``no-cache``); it names no static file, so
    WhiteNoise's hashed names change nothing in it."""
    path = finders.find(SERVICE_WORKER)
    if path is None:
        raise Http404
    return HttpResponse(Path(path).read_bytes(), content_type="text/javascript; charset=utf-8")


def offline(request: HttpRequest) -> HttpResponse:
    """``/offline/``: what the service worker shows, offline, for a PDF this device never
    downloaded (issue #28): that no copy of it is kept, and what is (static/js/offline.js lists
    the kept pages and PDFs, which the worker knows). The worker keeps this page in the
    device's language as it starts controlling the pages."""
    return render(request, "offline.html")


THEME_COLOUR = "#1f2328"  # the icon's background (static/img/favicon.svg)


@cache_control(max_age=24 * 60 * 60)
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest, in the browser's language: what a phone needs to install the
    site as an app (name, icons, where it opens). A view, not a static file, so that the
    icons' addresses are the hashed ones of production."""
    icons = [
        ("img/icon-192.png", "192x192", "image/png", "any"),
        ("img/icon-512.png", "512x512", "image/png", "any"),
        ("img/icon-maskable-512.png", "512x512", "image/png", "maskable"),
        ("img/favicon.svg", "any", "image/svg+xml", "any"),
    ]
    data = {
        "id": "/",
        "name": gettext("Skirmish Campaigns"),
        "short_name": gettext("Skirmish Campaigns"),
        "description": gettext(
            "Build squads for tabletop skirmish wargames and see at once whether they follow "
            "the rules."
        ),
        "lang": get_language(),
        "start_url": reverse("rosters:list"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME_COLOUR,
        "icons": [
            {"src": static(src), "sizes": sizes, "type": kind, "purpose": purpose}
            for src, sizes, kind, purpose in icons
        ],
    }
    return JsonResponse(
        data, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False}
    )
