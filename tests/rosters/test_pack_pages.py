"""Issue #30 stage 2: the pack pages. A pack is made for a game, edited one table at a time
(rows added and removed, with htmx or whole pages), each refusal at its cell; imported and
exported as a file; shared by link and copied; deleted unless a campaign plays with it. A
campaign's house rules are its own pack's tables."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from campaigns import services as campaign_services
from rosters import services
from rosters.models import Pack

PACKS = Path(__file__).resolve().parents[2] / "docs" / "packs"
pytestmark = pytest.mark.django_db


@pytest.fixture
def client_in(client, user):
    client.force_login(user)
    return client


@pytest.fixture
def pack(user):
    return services.pack_create(owner=user, system="bolt-action", name="Club 1944")


def table_url(pack, table):
    return reverse("packs:table", args=[pack.pk, table])


def test_a_new_pack_for_a_game_and_the_list(client_in, user, django_assert_max_num_queries):
    response = client_in.post(reverse("packs:create"), {"system": "necromunda", "name": "Hive"})

    pack = Pack.objects.get(owner=user)
    assert response.status_code == 302 and response["Location"] == f"/packs/{pack.pk}/"
    with django_assert_max_num_queries(4):
        page = client_in.get(reverse("packs:list")).content.decode()
    assert "Hive" in page and "Necromunda" in page
    with django_assert_max_num_queries(4):
        page = client_in.get(reverse("packs:detail", args=[pack.pk])).content.decode()
    assert table_url(pack, "points") in page and table_url(pack, "victory_points") in page


def test_a_table_is_edited_row_by_row_with_the_games_codes_in_pickers(
    client_in, pack, django_assert_max_num_queries
):
    with django_assert_max_num_queries(5):
        page = client_in.get(table_url(pack, "points")).content.decode()
    assert 'name="units-count" value="0"' in page
    # a row added (no JavaScript: the whole page; nothing saved)
    page = client_in.post(table_url(pack, "points"), {"units-count": "0", "add": "units"})
    page = page.content.decode()
    assert 'name="units-0-kind"' in page and '<option value="infantry-squad">' in page
    assert pack.versions.count() == 1
    # with htmx: the form alone
    part = client_in.post(
        table_url(pack, "points"), {"units-count": "1", "add": "units"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert part.startswith('<form method="post"') and 'name="units-1-kind"' in part
    removed = client_in.post(
        table_url(pack, "points"),
        {"units-count": "2", "units-0-kind": "artillery", "remove": "units-0"},
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert 'name="units-1-kind"' not in removed and 'value="artillery" selected' not in removed

    saved = client_in.post(table_url(pack, "points"), {
        "version": "1", "model": "5", "units-count": "1", "units-0-kind": "infantry-squad",
        "units-0-quality": "regular", "units-0-cost": "20", "items-count": "0",
    })  # fmt: skip

    assert saved.status_code == 302
    pack.refresh_from_db()
    assert pack.version == 2
    assert pack.versions.first().document["tables"]["points"] == {
        "model": 5, "units": [{"kind": "infantry-squad", "quality": "regular", "cost": 20}]
    }  # fmt: skip


def test_each_refusal_is_shown_at_its_cell(client_in, pack):
    response = client_in.post(table_url(pack, "points"), {
        "version": "1", "units-count": "2",
        "units-0-kind": "infantry-squad", "units-0-quality": "regular", "units-0-cost": "-5",
        "units-1-kind": "infantry-squad", "units-1-quality": "regular", "units-1-cost": "x",
    })  # fmt: skip

    assert response.status_code == 400
    page = response.content.decode()
    cost0 = page[page.index('name="units-0-cost"') :]
    assert "must be from 0 to 9999" in cost0[: cost0.index("</td>")]
    cost1 = page[page.index('name="units-1-cost"') :]
    assert "must be a whole number" in cost1[: cost1.index("</td>")]
    assert pack.versions.count() == 1


def test_a_stale_form_is_refused(client_in, pack, user):
    services.pack_table_set(pack=pack, user=user, table="victory_points", value={"win": 4})

    response = client_in.post(table_url(pack, "victory_points"), {"version": "1", "win": "5"})

    assert response.status_code == 400
    assert "another window" in response.content.decode()


def test_import_and_export_a_file(client_in, user, django_assert_max_num_queries):
    text = (PACKS / "one-page-modern.json").read_bytes()
    response = client_in.post(
        reverse("packs:import"), {"file": SimpleUploadedFile("club.json", text)}
    )
    pack = Pack.objects.get(owner=user)
    assert response.status_code == 302
    with django_assert_max_num_queries(4):
        exported = client_in.get(reverse("packs:export", args=[pack.pk]))
    assert json.loads(exported.content)["tables"] == json.loads(text)["tables"]

    broken = json.loads(text)
    broken["tables"]["points"]["items"][0]["cost"] = 10**6
    refused = client_in.post(reverse("packs:import"), {
        "file": SimpleUploadedFile("bad.json", json.dumps(broken).encode())})  # fmt: skip
    assert refused.status_code == 400
    assert "tables.points.items[0].cost" in refused.content.decode()


def test_a_share_link_lets_anyone_read_and_a_user_copy(client, client_in, pack, other_user):
    client_in.post(reverse("packs:share", args=[pack.pk]), {"shared": "on"})
    pack.refresh_from_db()
    url = reverse("packs:shared", args=[pack.share_token])
    client_in.logout()

    services.pack_table_set(
        pack=pack,
        user=pack.owner,
        table="points",
        value={"model": 5, "units": [{"kind": "infantry-squad", "quality": "regular", "cost": 20}]},
    )
    page = client.get(url).content.decode()
    assert "Infantry squad" in page and "<td>20</td>" in page  # read-only, in words
    client.force_login(other_user)
    copied = client.post(url)
    assert copied.status_code == 302
    assert Pack.objects.filter(owner=other_user, name="Club 1944").exists()
    assert client.get(reverse("packs:detail", args=[pack.pk])).status_code == 404  # not theirs


def test_a_pack_a_campaign_plays_with_is_not_deleted(client_in, user, pack):
    campaign = campaign_services.campaign_create(organiser=user, name="Normandy",
                                                 system="bolt-action")  # fmt: skip
    campaign_services.campaign_pack_set(campaign=campaign, user=user, pack=pack)

    client_in.post(reverse("packs:delete", args=[pack.pk]))
    assert Pack.objects.filter(pk=pack.pk).exists()
    campaign_services.campaign_pack_set(campaign=campaign, user=user, pack=None)
    client_in.post(reverse("packs:delete", args=[pack.pk]))
    assert not Pack.objects.filter(pk=pack.pk).exists()


def test_the_house_rules_are_the_campaigns_own_pack(client, organiser, campaign):
    client.force_login(organiser)
    settings_page = client.get(reverse("campaigns:settings", args=[campaign.pk])).content
    assert b"textarea" not in settings_page.split(b'id="pack"')[0].split(b"<form")[1]

    response = client.post(reverse("campaigns:house_rules", args=[campaign.pk]))

    campaign.refresh_from_db()
    own = campaign.own_pack
    assert response["Location"] == reverse("packs:detail", args=[own.pk])
    client.post(table_url(own, "reputation"), {"version": "1", "took-part": "3"})
    campaign.refresh_from_db()
    assert campaign.house_rules == {"reputation": {"took-part": 3}}
    page = client.get(reverse("campaigns:pack", args=[campaign.pk])).content.decode()
    assert "version 2" in page


def test_a_campaign_is_created_with_one_of_my_packs(client_in, user, pack):
    page = client_in.get(reverse("campaigns:list")).content.decode()
    assert f'<option value="{pack.pk}">Club 1944 (Bolt Action)</option>' in page

    client_in.post(reverse("campaigns:create"), {"name": "Normandy", "system": "bolt-action",
                                                 "pack": pack.pk})  # fmt: skip

    campaign = user.organised_campaigns.get()
    assert campaign.pack_version.pack == pack
    refused = client_in.post(reverse("campaigns:create"), {"name": "Hive", "system": "necromunda",
                                                           "pack": pack.pk})  # fmt: skip
    assert refused.status_code == 400 and "not for the campaign" in refused.content.decode()
