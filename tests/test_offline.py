"""Offline at the table (issue #15), the server's side: the service worker at the site's root,
the app's manifest and icons, the policy that lets both in, the lines base.html gives
static/js/offline.js, and the report screen that can be posted twice and count once."""

from __future__ import annotations

import json
import re
from io import BytesIO

import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.urls import reverse
from PIL import Image

from campaigns.models import Battle

pytestmark = pytest.mark.django_db


def test_the_service_worker_is_served_from_the_root_so_that_it_controls_every_page(client):
    response = client.get("/sw.js")

    assert reverse("service_worker") == "/sw.js"
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"]  # a new version is seen at the next visit
    script = response.content.decode()
    assert 'addEventListener("fetch"' in script
    # it keeps what the pages fetched: no static file named (production hashes their names)
    assert "/static/" not in script and ".css" not in script


def test_the_manifest_makes_the_site_installable(client):
    response = client.get(reverse("manifest"))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Skirmish Campaigns"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == reverse("rosters:list")
    assert manifest["scope"] == "/"
    pngs = {icon["sizes"]: icon for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= set(pngs)  # what Chromium asks of an installable app
    assert any(icon["purpose"] == "maskable" for icon in manifest["icons"])


def test_the_manifest_is_in_the_browser_s_language(client):
    manifest = json.loads(client.get(reverse("manifest"), HTTP_ACCEPT_LANGUAGE="fr").content)

    assert manifest["lang"] == "fr"
    assert manifest["name"] == "Campagnes d'escarmouche"


@pytest.mark.parametrize(
    ("name", "size"),
    [("icon-192.png", 192), ("icon-512.png", 512), ("icon-maskable-512.png", 512)],
)
def test_each_icon_is_a_png_of_its_size(name, size):
    path = finders.find(f"img/{name}")
    assert path is not None
    with Image.open(path) as image:
        assert image.format == "PNG" and image.size == (size, size)


def test_with_hashed_static_names_the_manifest_names_the_hashed_icons(client, settings, tmp_path):
    """Production (``make serve``): collectstatic's hashed names, which the manifest follows."""
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "config.static.ManifestStorage"},  # production, uncompressed
    }
    call_command("collectstatic", "--noinput", verbosity=0)

    manifest = json.loads(client.get(reverse("manifest")).content)

    for icon in manifest["icons"]:
        assert re.search(r"\.[0-9a-f]{12}\.(png|svg)$", icon["src"]), icon["src"]
        path = tmp_path / icon["src"].removeprefix(settings.STATIC_URL)
        assert path.exists()
    with Image.open(BytesIO((tmp_path / manifest["icons"][1]["src"][8:]).read_bytes())) as big:
        assert big.size == (512, 512)


def test_the_policy_lets_the_worker_and_the_manifest_in_from_this_site_only(client):
    policy = client.get(reverse("home"))["Content-Security-Policy"]

    assert "worker-src 'self'" in policy
    assert "manifest-src 'self'" in policy
    assert "unsafe-inline" not in policy


def test_every_page_links_the_manifest_and_loads_the_offline_script(client, user):
    client.force_login(user)
    page = client.get(reverse("rosters:list")).content.decode()

    assert f'<link rel="manifest" href="{reverse("manifest")}">' in page
    assert re.search(r'<script src="/static/js/offline\.js" defer></script>', page)
    offline = re.search(r'<div id="offline"[^>]*>', page).group(0)
    assert f'data-worker="{reverse("service_worker")}"' in offline
    assert f'data-user="{user.pk}"' in offline
    assert re.search(r'data-rendered="\d{10}"', offline)  # when the server made the page
    assert 'data-as-of="Offline, as of {time}"' in offline
    assert re.search(r'<p class="notice offline-mark" role="status" hidden>', page)


def test_the_offline_lines_are_in_french_too(client, user):
    client.force_login(user)
    page = client.get(reverse("rosters:list"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    offline = re.search(r'<div id="offline"[^>]*>', page).group(0)
    assert 'data-log-in="Connexion"' in offline or 'data-log-in="Se connecter"' in offline


def test_the_logout_form_forgets_the_copies(client, user):
    client.force_login(user)
    page = client.get(reverse("rosters:list")).content.decode()

    assert re.search(
        r'<form method="post" action="/accounts/logout/"[^>]*data-offline-forget', page
    )


# --- the report screen, posted twice -------------------------------------------------------


@pytest.fixture
def player(client, user, enrolled):
    """The player of the first squad of ``enrolled``, logged in."""
    client.force_login(user)
    return client


def report_form_data(enrolled, *, idempotency_key: str, outcome: str = "full") -> dict:
    """The report screen's fields for a battle between the two squads, nobody hurt."""
    us, vc = enrolled
    return {
        "side": [us.pk, vc.pk], "idempotency_key": idempotency_key, "scenario": "Night raid",
        "s0-outcome": outcome, "s1-outcome": "failed",
    }  # fmt: skip


def test_the_report_screen_carries_an_idempotency_key_and_the_offline_hook(
    player, campaign, enrolled
):
    us, vc = enrolled
    url = reverse("campaigns:battle_new", args=[campaign.pk]) + f"?side={us.pk}&side={vc.pk}"
    page = player.get(url).content.decode()

    assert re.search(r'name="idempotency_key" value="[0-9a-f]{32}"', page)
    assert re.search(
        r'<form method="post" action="[^"]+" class="report" data-offline-report ', page
    )
    assert "data-refused" not in page
    assert re.search(r'<div class="violations offline-refused" role="alert" hidden>', page)


def test_a_report_posted_twice_with_its_key_records_one_battle(player, campaign, enrolled):
    """What the outbox does when it cannot tell whether a report arrived: send it again."""
    url = reverse("campaigns:battle_new", args=[campaign.pk])
    data = report_form_data(enrolled, idempotency_key="kept-on-the-phone")

    first = player.post(url, data)
    again = player.post(url, data)

    assert first.status_code == again.status_code == 302
    assert first["Location"] == again["Location"]
    battle = Battle.objects.get()
    assert first["Location"] == reverse("campaigns:battle", args=[campaign.pk, battle.number])
    assert battle.idempotency_key == "kept-on-the-phone"


def test_a_refused_report_comes_back_with_its_key_and_says_so(player, campaign, enrolled):
    url = reverse("campaigns:battle_new", args=[campaign.pk])
    data = report_form_data(enrolled, idempotency_key="to-correct", outcome="")

    response = player.post(url, data)

    assert response.status_code == 400
    page = response.content.decode()
    assert "data-offline-report data-refused" in page
    assert 'name="idempotency_key" value="to-correct"' in page
    assert not Battle.objects.exists()


def test_the_offline_page_says_a_pdf_was_never_downloaded_here_in_the_device_s_language(client):
    """What the service worker shows for a PDF not kept (issue #28, item 14); the page of each
    load names it, so that offline.js asks the worker to keep it."""
    page = client.get(reverse("offline")).content.decode()

    assert reverse("offline") == "/offline/"  # static/js/sw.js names it
    assert "This PDF was never downloaded on this device" in page
    assert 'id="offline-kept"' in page
    offline = re.search(r'<div id="offline"[^>]*>', page).group(0)
    assert 'data-offline-page="/offline/"' in offline
    assert 'const OFFLINE_PAGE = "/offline/";' in client.get("/sw.js").content.decode()


def test_the_builder_marks_what_needs_the_network(client, user):
    from rosters import services
    from rules import get_system

    squad = services.squad_import(owner=user, roster=get_system("black-sun").demo()[0])
    client.force_login(user)
    page = client.get(reverse("rosters:builder", args=[squad.pk])).content.decode()

    assert re.search(r'<div id="roster" data-needs-network[ >]', page)
    assert re.search(r'<form id="squad-form" data-needs-network ', page)
    assert "Editing needs the network" in page  # the line offline.js shows when offline
