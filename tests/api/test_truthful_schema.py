"""A truthful schema (issue #17, part 3): what the schema allows the server takes, what it
forbids the server refuses, one status per meaning, and the operations a client chains
(create -> read / update / delete, report -> confirm / reject / void) linked."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from campaigns import services as campaign_services
from campaigns.models import Campaign, Player
from tests.api.conftest import battle_report, errors, token_client

pytestmark = pytest.mark.django_db


def components(schema) -> dict:
    return schema["components"]["schemas"]


def operation_ids(schema) -> set[str]:
    return {op["operationId"] for item in schema["paths"].values() for op in item.values()}


# --- names: the pattern says what the services take ----------------------------------------

NAMES_TAKEN = ["Mint's Marauders", "x", "x" * 100, " padded ", "\tTabbed\n", "Ça va", "a b"]
NAMES_REFUSED = ["", " ", "\t\n", "a\x01b", "bell\x07", "a\x7fb", "x" * 101, "a\x00b"]


def name_schemas(schema):
    parts = components(schema)
    for key in parts:  # one per game: SquadCreateRequest is their oneOf
        if key.endswith("SquadCreateRequest") and key != "SquadCreateRequest":
            yield key, parts[key]["properties"]["name"]
    yield "PatchedSquadChangeRequest", parts["PatchedSquadChangeRequest"]["properties"]["name"]
    yield "CampaignCreateRequest", parts["CampaignCreateRequest"]["properties"]["name"]
    yield (
        "PatchedCampaignChangeRequest",
        parts["PatchedCampaignChangeRequest"]["properties"]["name"],
    )


def allowed(prop: dict, value: str) -> bool:
    return (
        prop["minLength"] <= len(value) <= prop["maxLength"]
        and re.search(prop["pattern"], value) is not None
    )


@pytest.mark.parametrize("name", NAMES_TAKEN)
def test_the_schema_allows_the_names_the_services_take(schema, owner_api, name):
    for component, prop in name_schemas(schema):
        assert allowed(prop, name), (component, name)
    squad = owner_api.post("/api/squads/", {"name": name, "faction": "us-army"}, format="json")
    campaign = owner_api.post("/api/campaigns/", {"name": name}, format="json")
    assert squad.status_code == 201, squad.content
    assert campaign.status_code == 201, campaign.content


@pytest.mark.parametrize("name", NAMES_REFUSED)
def test_the_schema_forbids_the_names_the_services_refuse(schema, owner_api, name):
    for component, prop in name_schemas(schema):
        assert not allowed(prop, name), (component, name)
    squad = owner_api.post("/api/squads/", {"name": name, "faction": "us-army"}, format="json")
    campaign = owner_api.post("/api/campaigns/", {"name": name}, format="json")
    assert squad.status_code == 400 and errors(squad)[0]["field"] == "name"
    assert campaign.status_code == 400 and errors(campaign)[0]["field"] == "name"
    assert not Campaign.objects.exists()


def test_a_campaign_name_with_control_characters_is_refused_in_the_squads_words(owner_api):
    response = owner_api.post("/api/campaigns/", {"name": "Night\x07raid"}, format="json")
    change = owner_api.post("/api/campaigns/", {"name": "Night raid"}, format="json").json()
    renamed = owner_api.patch(f"/api/campaigns/{change['id']}/", {"name": "a\x1bb"}, format="json")

    assert errors(response) == [{
        "code": "invalid", "message": "Names cannot hold control characters.", "field": "name",
    }]  # fmt: skip
    assert renamed.status_code == 400 and errors(renamed)[0]["field"] == "name"


# --- paging: ?page= is a whole number from 1 ------------------------------------------------


@pytest.mark.parametrize("url", ["/api/squads/", "/api/campaigns/"])
@pytest.mark.parametrize("page", ["", "0", "-1", "abc", "last", "1.5"])
def test_a_page_that_is_not_a_whole_number_from_1_is_a_400(owner_api, url, page):
    response = owner_api.get(f"{url}?page={page}")

    assert response.status_code == 400, response.content
    assert errors(response) == [{
        "code": "invalid", "message": "must be a whole number from 1", "field": "page",
    }]  # fmt: skip


def test_a_page_past_the_last_is_a_404_and_the_first_page_is_there_when_empty(owner_api):
    assert owner_api.get("/api/squads/?page=1").status_code == 200
    missing = owner_api.get("/api/squads/?page=2")
    assert missing.status_code == 404 and errors(missing)[0]["code"] == "not-found"


def test_the_battle_log_pages_strictly_too(owner_api, campaign, enrolled):
    response = owner_api.get(f"/api/campaigns/{campaign.pk}/battles/?page=")

    assert response.status_code == 400 and errors(response)[0]["field"] == "page"


def test_the_schema_says_a_page_is_a_whole_number_from_1(schema):
    for path in ("/api/squads/", "/api/campaigns/", "/api/campaigns/{id}/battles/"):
        parameters = {p["name"]: p for p in schema["paths"][path]["get"]["parameters"]}
        assert parameters["page"]["schema"] == {"type": "integer", "minimum": 1}, path
        assert "400" in schema["paths"][path]["get"]["responses"], path
        assert "404" in schema["paths"][path]["get"]["responses"], path


# --- one status per meaning: 409 for a conflict with stored state ---------------------------


def test_removing_the_organiser_is_a_conflict_with_the_campaign(organiser, campaign):
    own = Player.objects.get(campaign=campaign, user=organiser)

    response = token_client(organiser).delete(f"/api/campaigns/{campaign.pk}/players/{own.pk}/")

    assert response.status_code == 409
    assert errors(response) == [{
        "code": "organiser",
        "message": "the organiser cannot be removed from their own campaign",
        "field": "player",
    }]  # fmt: skip
    assert Player.objects.filter(pk=own.pk).exists()


def test_deleting_or_replacing_a_campaign_squad_is_the_same_409(owner_api, campaign, enrolled):
    squad_id = enrolled[0].squad_id
    body = owner_api.get(f"/api/squads/{squad_id}/").json()["roster"]

    deleted = owner_api.delete(f"/api/squads/{squad_id}/")
    replaced = owner_api.put(f"/api/squads/{squad_id}/", body, format="json")

    assert (deleted.status_code, replaced.status_code) == (409, 409)
    assert errors(deleted)[0]["code"] == errors(replaced)[0]["code"] == "campaign-squad"


def test_enrolling_a_squad_twice_is_a_409(owner_api, campaign, enrolled):
    original = enrolled[0].original_id

    response = owner_api.post(
        f"/api/campaigns/{campaign.pk}/enrol/", {"squad_id": original}, format="json"
    )

    assert response.status_code == 409 and errors(response)[0]["field"] == "squad_id"


@pytest.mark.parametrize(
    ("path", "method", "statuses"),
    [
        ("/api/campaigns/{id}/players/{player_id}/", "delete", {"403", "404", "409"}),
        ("/api/campaigns/{id}/enrol/", "post", {"400", "403", "404", "409", "422"}),
        ("/api/squads/{id}/", "delete", {"404", "409"}),
        ("/api/squads/{id}/", "put", {"400", "404", "409"}),
        ("/api/squads/{id}/", "patch", {"400", "404", "409", "422"}),
        ("/api/campaigns/{id}/battles/", "post", {"400", "403", "404", "409", "422"}),
        ("/api/campaigns/{id}/", "patch", {"400", "403", "404", "422"}),
        ("/api/campaigns/join/", "post", {"400", "404"}),
        ("/api/auth/token/", "post", {"400", "401"}),
        (
            "/api/campaigns/{id}/battles/{number}/aftermath/{member_id}/",
            "post",
            {"400", "403", "404", "409", "422"},
        ),
        ("/api/campaigns/{id}/battles/{number}/confirm/", "post", {"403", "404", "409"}),
    ],
)
def test_every_status_the_service_answers_is_documented(schema, path, method, statuses):
    assert statuses <= set(schema["paths"][path][method]["responses"])


# --- the user's own campaigns first ---------------------------------------------------------


def test_the_campaign_list_gives_your_own_campaigns_first(owner_api, user, other_user):
    mine = campaign_services.campaign_create(organiser=user, name="Mine, oldest")
    Campaign.objects.filter(pk=mine.pk).update(created=timezone.now() - timezone.timedelta(9))
    played = campaign_services.campaign_create(organiser=other_user, name="Played in")
    Campaign.objects.filter(pk=played.pk).update(created=timezone.now() - timezone.timedelta(5))
    campaign_services.campaign_join(campaign=played, user=user)
    public = campaign_services.campaign_create(
        organiser=other_user, name="Public, newest", is_public=True
    )
    private = campaign_services.campaign_create(organiser=other_user, name="Not readable")

    names = [c["name"] for c in owner_api.get("/api/campaigns/").json()["results"]]

    assert names == ["Played in", "Mine, oldest", "Public, newest"]  # yours newest first
    assert private.name not in names and public.is_public


def test_anonymous_clients_list_the_public_campaigns_newest_first(anon_api, user):
    old = campaign_services.campaign_create(organiser=user, name="Old", is_public=True)
    Campaign.objects.filter(pk=old.pk).update(created=timezone.now() - timezone.timedelta(3))
    campaign_services.campaign_create(organiser=user, name="New", is_public=True)

    names = [c["name"] for c in anon_api.get("/api/campaigns/").json()["results"]]

    assert names == ["New", "Old"]


# --- links ----------------------------------------------------------------------------------


def links(schema, path: str, method: str, status: str) -> dict:
    return schema["paths"][path][method]["responses"][status].get("links", {})


def test_a_new_squad_links_to_reading_changing_and_deleting_it(schema):
    for path in ("/api/squads/", "/api/squads/import/"):
        found = links(schema, path, "post", "201")
        targets = {link["operationId"] for link in found.values()}
        assert {
            "squads_retrieve", "squads_update", "squads_partial_update", "squads_destroy",
            "squads_export_retrieve",
        } <= targets, path  # fmt: skip
        for link in found.values():
            assert link["parameters"] == {"id": "$response.body#/id"}
    retrieve = links(schema, "/api/squads/{id}/", "get", "200")
    assert {link["operationId"] for link in retrieve.values()} >= {"squads_update"}


def test_a_battle_report_links_to_confirming_rejecting_and_voiding_it(schema):
    created = links(schema, "/api/campaigns/{id}/battles/", "post", "201")
    assert {link["operationId"] for link in created.values()} >= {
        "campaigns_battles_retrieve", "campaigns_battles_confirm_create",
        "campaigns_battles_reject_create",
    }  # fmt: skip
    for link in created.values():
        assert link["parameters"] == {"id": "$request.path.id", "number": "$response.body#/number"}
    confirmed = links(schema, "/api/campaigns/{id}/battles/{number}/confirm/", "post", "200")
    assert {link["operationId"] for link in confirmed.values()} >= {"campaigns_battles_void_create"}


def test_a_new_campaign_links_to_its_reading_and_setting_up(schema):
    created = links(schema, "/api/campaigns/", "post", "201")
    assert {link["operationId"] for link in created.values()} >= {
        "campaigns_retrieve", "campaigns_partial_update", "campaigns_enrol_create",
        "campaigns_battles_create",
    }  # fmt: skip


def test_every_link_names_an_operation_of_the_schema(schema):
    ids = operation_ids(schema)
    count = 0
    for item in schema["paths"].values():
        for operation in item.values():
            for response in operation["responses"].values():
                for link in response.get("links", {}).values():
                    assert link["operationId"] in ids
                    count += 1
    assert count >= 20


def test_the_battle_report_is_a_one_of_told_apart_by_system(schema):
    request = schema["paths"]["/api/campaigns/{id}/battles/"]["post"]["requestBody"]
    ref = request["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    document = components(schema)[ref]
    assert document["discriminator"]["propertyName"] == "system"
    assert len(document["oneOf"]) == len(document["discriminator"]["mapping"]) >= 2


def test_a_report_of_a_confirmed_battle_conflicts(owner_api, other_user, campaign, enrolled):
    us, them = enrolled
    battle = campaign_services.battle_submit(
        campaign=campaign, user=other_user, document=battle_report(them, us)
    ).battle

    first = owner_api.post(f"/api/campaigns/{campaign.pk}/battles/{battle.number}/confirm/")
    again = owner_api.post(f"/api/campaigns/{campaign.pk}/battles/{battle.number}/reject/")

    assert (first.status_code, again.status_code) == (200, 409)


# --- refusals no schema can express: 404, 409 or 422, located -------------------------------


def test_an_unknown_invitation_code_is_a_404_naming_the_code(owner_api):
    response = owner_api.post("/api/campaigns/join/", {"code": "no-such-code"}, format="json")

    assert response.status_code == 404
    assert errors(response)[0]["field"] == "code"


def test_enrolling_a_squad_that_is_not_yours_is_a_422_naming_it(owner_api, campaign, enrolled):
    theirs = enrolled[1].original_id
    for squad_id in (theirs, 4611686018427387903):
        response = owner_api.post(
            f"/api/campaigns/{campaign.pk}/enrol/", {"squad_id": squad_id}, format="json"
        )
        assert response.status_code == 422
        assert errors(response)[0]["field"] == "squad_id"


def test_a_report_naming_squads_outside_the_campaign_is_a_422(owner_api, campaign, enrolled):
    body = battle_report(*enrolled)
    body["sides"][1]["squad_id"] = 4611686018427387903

    response = owner_api.post(f"/api/campaigns/{campaign.pk}/battles/", body, format="json")

    assert response.status_code == 422
    assert errors(response)[0]["field"] == "sides[1].squad_id"


def test_an_unknown_house_rule_table_is_a_422_naming_it(campaign):
    organiser_api = token_client(campaign.organiser)
    response = organiser_api.patch(
        f"/api/campaigns/{campaign.pk}/", {"house_rules": {"nonsense": {}}}, format="json"
    )

    assert response.status_code == 422
    assert errors(response)[0]["field"].startswith("house_rules")


def test_replacing_a_squad_with_another_games_document_is_a_409(owner_api, squad):
    body = owner_api.get(f"/api/squads/{squad.pk}/").json()["roster"]
    other = next(s for s in owner_api.get("/api/systems/").json() if s["code"] != body["system"])
    response = owner_api.put(
        f"/api/squads/{squad.pk}/",
        {"format": "squad-roster/1", "system": other["code"], "name": "x", "units": []},
        format="json",
    )

    assert response.status_code in (400, 409)  # 400 when the document itself is refused
    if response.status_code == 409:
        assert errors(response)[0]["field"] == "system"


def test_an_undeclared_method_is_a_405_before_any_permission(anon_api):
    response = anon_api.generic("TRACE", "/api/auth/token/")

    assert response.status_code == 405


# --- lists: the schema states how many items the services take -----------------------------


@pytest.mark.parametrize("code", ["black-sun", "necromunda"])
def test_the_schema_states_how_many_models_and_equipment_lines_a_squad_takes(schema, code):
    from rules import get_system

    limits = get_system(code).limits
    prefix = "".join(part.title() for part in code.split("-"))
    parts = components(schema)
    roster = parts[f"{prefix}RosterDocumentRequest"]["properties"]
    member = parts[f"{prefix}MemberDocumentRequest"]["properties"]
    assert roster["members"]["maxItems"] == limits.members
    assert member["equipment"]["maxItems"] == limits.equipment


def test_a_model_with_more_equipment_lines_than_the_schema_states_is_refused_there(
    schema, owner_api
):
    from rules import get_system

    most = components(schema)["BlackSunMemberDocumentRequest"]["properties"]["equipment"]
    assert most["maxItems"] == get_system("black-sun").limits.equipment
    document = {
        "format": "squad-roster/1",
        "system": "black-sun",
        "name": "Overloaded",
        "faction": "us-army",
        "members": [
            {
                "name": "Pack mule",
                "type": "grunt",
                "equipment": [{"item": "knife"}] * (most["maxItems"] + 1),
            }
        ],
    }
    response = owner_api.post("/api/squads/import/", document, format="json")
    assert response.status_code == 400, response.content  # the document breaks its schema
    assert [e["field"] for e in response.json()["errors"]] == ["members[0].equipment"]


def test_an_id_past_64_bits_is_a_404_not_a_server_error(owner_api, campaign, enrolled):
    """schemathesis's long run found it: the campaign squad was looked up by its foreign key
    column, where SQLite raises OverflowError instead of finding nothing."""
    huge = 11765984748035972305780736
    for path in (f"squads/{huge}/", f"characters/{huge}/"):
        response = owner_api.get(f"/api/campaigns/{campaign.pk}/{path}")
        assert response.status_code == 404, (path, response.content)
        assert response.json()["errors"][0]["code"] == "not-found"
