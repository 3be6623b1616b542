"""The API's list of what waits for you (issue #31, item 5) has the page's tables to play
beside the reports to confirm: ``GET /api/campaigns/waiting/tables/``, documented in the
schema, read in a fixed number of queries."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from campaigns import services
from tests.campaigns.conftest import report

pytestmark = pytest.mark.django_db

URL = "/api/campaigns/waiting/tables/"


def test_your_tables_to_play_until_their_battle_is_reported(
    campaign, organiser, enrolled, user, other_user, django_assert_max_num_queries
):
    round = services.round_open(campaign=campaign, by=organiser, mode="random", seed=1)
    api = APIClient()
    api.force_authenticate(user)
    assert api.get(URL).json() == []  # a draft waits for nobody
    services.round_publish(round=round, by=organiser)
    services.table_scenario(round=round, table=1, scenario="<b>Ford</b>", by=organiser)
    with django_assert_max_num_queries(6):
        tables = api.get(URL).json()
    us, vc = enrolled
    assert tables == [{
        "campaign_id": campaign.pk, "campaign": campaign.name, "round": 1, "table": 1,
        "squads": tables[0]["squads"], "forced_rematch": False, "scenario": "<b>Ford</b>",
    }]  # fmt: skip
    assert {s["squad_id"] for s in tables[0]["squads"]} == {us.squad_id, vc.squad_id}
    assert {s["player"] for s in tables[0]["squads"]} == {user.username, other_user.username}
    api.force_authenticate(organiser)
    assert api.get(URL).json() == []  # seated nowhere

    services.battle_submit(campaign=campaign, user=user, document=report(us, vc))
    api.force_authenticate(user)
    assert api.get(URL).json() == []  # reported: it waits no more
    api.force_authenticate(other_user)
    assert api.get(URL).json() == []
    assert len(api.get("/api/campaigns/waiting/").json()) == 1  # the report waits instead
    assert APIClient().get(URL).status_code in (401, 403)


def test_the_schema_documents_the_tables_to_play():
    schema = APIClient().get("/api/schema/").json()
    operation = schema["paths"][URL]["get"]
    assert operation["operationId"] == "campaigns_waiting_tables_list"
    table = schema["components"]["schemas"]["WaitingTable"]
    assert {"campaign_id", "campaign", "round", "table", "squads", "scenario"} <= set(
        table["properties"]
    )
