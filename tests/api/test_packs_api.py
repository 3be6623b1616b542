"""Issue #30 stage 2: the packs API (``/api/packs/``) and a campaign's pack."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from campaigns import services as campaign_services
from rosters import services
from rosters.models import Pack
from tests.api.conftest import errors, token_client

PACKS = Path(__file__).resolve().parents[2] / "docs" / "packs"
pytestmark = pytest.mark.django_db


def example(system: str) -> dict:
    return json.loads((PACKS / f"{system}.json").read_text())


@pytest.fixture
def organiser_api(organiser):
    return token_client(organiser)


def test_import_read_list_and_export(owner_api):
    created = owner_api.post("/api/packs/import/", example("bolt-action"), format="json")

    assert created.status_code == 201, created.json()
    body = created.json()
    assert created["ETag"] == '"1"' and created["Location"].endswith(f"/api/packs/{body['id']}/")
    assert body["system"] == "bolt-action" and body["version"] == 1
    assert body["document"]["tables"] == example("bolt-action")["tables"]
    assert body["document"]["version"] == "1"  # the stored version's number
    listed = owner_api.get("/api/packs/").json()
    assert [p["id"] for p in listed["results"]] == [body["id"]]
    exported = owner_api.get(f"/api/packs/{body['id']}/export/")
    assert exported.status_code == 200
    assert "attachment" in exported["Content-Disposition"]
    assert json.loads(exported.content)["tables"] == example("bolt-action")["tables"]


def test_a_refused_cell_is_named(owner_api):
    document = example("bolt-action")
    document["tables"]["points"]["items"][0]["cost"] = -5

    response = owner_api.post("/api/packs/import/", document, format="json")

    assert response.status_code == 422
    (error,) = errors(response)
    assert error["field"] == "tables.points.items[0].cost"
    assert "0 to 9999" in error["message"]
    wrong = owner_api.post("/api/packs/import/", {**document, "format": "x"}, format="json")
    assert wrong.status_code == 400


def test_a_table_the_game_does_not_declare_is_refused_at_its_place_even_when_null(owner_api):
    # the schema leaves ``tables`` open (each game's shapes): what it lets through, the
    # pack's reader refuses at the table, as a 422 (schemathesis found a null one given 400)
    for value in (None, {}):
        response = owner_api.post(
            "/api/packs/",
            {"name": "Club", "system": "black-sun", "tables": {"no-such-table": value}},
            format="json",
        )
        assert response.status_code == 422
        assert errors(response)[0]["field"].startswith("tables.no-such-table")
    assert not Pack.objects.exists()


def test_replace_needs_if_match_and_refuses_a_stale_one(owner_api, user):
    pack = services.pack_create(owner=user, system="necromunda", name="Club")
    url = f"/api/packs/{pack.pk}/"
    document = owner_api.get(url).json()["document"]
    document["tables"] = example("necromunda")["tables"]

    assert owner_api.put(url, document, format="json").status_code == 428
    ok = owner_api.put(url, document, format="json", HTTP_IF_MATCH='"1"')
    assert ok.status_code == 200 and ok["ETag"] == '"2"'
    assert ok.json()["document"]["tables"] == example("necromunda")["tables"]
    stale = owner_api.put(url, {**document, "name": "Other"}, format="json", HTTP_IF_MATCH='"1"')
    assert stale.status_code == 412
    assert errors(stale)[0]["code"] == "version-mismatch"
    other_game = owner_api.put(url, example("bolt-action"), format="json", HTTP_IF_MATCH='"2"')
    assert other_game.status_code == 409
    assert pack.versions.count() == 2  # each version kept


def test_only_the_owner_sees_a_pack_and_a_share_link_lets_anyone_read_and_copy(
    owner_api, other_api, anon_api, user
):
    pack = services.pack_create(owner=user, system="one-page-modern", name="Club",
                                tables=example("one-page-modern")["tables"])  # fmt: skip
    assert other_api.get(f"/api/packs/{pack.pk}/").status_code == 404
    assert anon_api.get(f"/api/packs/shared/{pack.share_token}/").status_code == 404  # private

    shared = owner_api.post(f"/api/packs/{pack.pk}/share/", {"shared": True}, format="json")
    assert shared.status_code == 200
    link = shared.json()["share_link"]
    assert anon_api.get(link).json()["tables"] == example("one-page-modern")["tables"]
    copied = other_api.post(f"{link}copy/")
    assert copied.status_code == 201
    assert copied.json()["document"]["tables"] == example("one-page-modern")["tables"]
    assert Pack.objects.get(pk=copied.json()["id"]).owner.username != user.username

    renewed = owner_api.post(f"/api/packs/{pack.pk}/share/", {"shared": True, "new_link": True},
                             format="json")  # fmt: skip
    assert renewed.json()["share_link"] != link
    assert anon_api.get(link).status_code == 404


def test_a_campaigns_pack_is_read_and_set_and_a_pack_in_use_stays(
    organiser_api, owner_api, organiser, campaign
):
    assert organiser_api.get(f"/api/campaigns/{campaign.pk}/pack/").json()["pack"] is None
    tables = {"reputation": {"took-part": 4}}
    pack = services.pack_create(owner=organiser, system="black-sun", name="Ours", tables=tables)

    response = organiser_api.put(f"/api/campaigns/{campaign.pk}/pack/", {"pack": pack.pk},
                                 format="json")  # fmt: skip

    assert response.status_code == 200, response.json()
    assert response.json()["version"] == 1 and not response.json()["own"]
    body = organiser_api.get(f"/api/campaigns/{campaign.pk}/").json()
    assert body["house_rules"] == tables  # derived from the pack, readable as before
    deleted = organiser_api.delete(f"/api/packs/{pack.pk}/")
    assert deleted.status_code == 409
    assert errors(deleted)[0]["code"] == "pack-in-use"
    foreign = organiser_api.put(f"/api/campaigns/{campaign.pk}/pack/", {"pack": 999999},
                                format="json")  # fmt: skip
    assert foreign.status_code == 422 and errors(foreign)[0]["field"] == "pack"
    assert owner_api.put(f"/api/campaigns/{campaign.pk}/pack/", {"pack": None},
                         format="json").status_code == 404  # fmt: skip


def test_house_rules_sent_go_to_the_campaigns_own_pack(organiser_api, campaign):
    response = organiser_api.patch(
        f"/api/campaigns/{campaign.pk}/", {"house_rules": {"reputation": {"took-part": 2}}},
        format="json",
    )  # fmt: skip

    assert response.status_code == 200, response.json()
    house_rules = response.json()["house_rules"]  # each table stored whole, as before
    assert house_rules["reputation"]["took-part"] == 2
    pack = organiser_api.get(f"/api/campaigns/{campaign.pk}/pack/").json()
    assert pack["own"] and pack["document"]["tables"] == house_rules
    campaign_services.campaign_pack_set(campaign=campaign, user=campaign.organiser, pack=None)
    assert organiser_api.get(f"/api/campaigns/{campaign.pk}/").json()["house_rules"] == {}


def test_a_campaign_is_created_with_a_pack(organiser_api, organiser):
    pack = services.pack_create(owner=organiser, system="bolt-action", name="Ours",
                                tables=example("bolt-action")["tables"])  # fmt: skip

    made = organiser_api.post("/api/campaigns/", {"name": "Normandy", "system": "bolt-action",
                                                  "pack": pack.pk}, format="json")  # fmt: skip

    assert made.status_code == 201, made.json()
    found = organiser_api.get(f"/api/campaigns/{made.json()['id']}/pack/").json()
    assert (found["pack"], found["version"]) == (pack.pk, 1)
    assert made.json()["house_rules"]["points"]["model"] == 5  # its points, as house rules
    body = {"name": "X", "system": "necromunda", "pack": pack.pk}
    other_game = organiser_api.post("/api/campaigns/", body, format="json")
    assert other_game.status_code == 422 and errors(other_game)[0]["field"] == "pack"
    unknown = organiser_api.post("/api/campaigns/", {"name": "X", "pack": 10**6}, format="json")
    assert unknown.status_code == 422
