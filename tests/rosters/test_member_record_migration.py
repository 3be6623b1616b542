"""rosters 0003: Black Sun's ``rp``, ``cv_loss`` and ``assists`` columns become each model's
``record``, and back, without losing a value: real squads and a campaign battle, migrated
down to the columns and up again, come back exactly, and the battle still voids exactly."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from campaigns import services as campaign_services
from rosters.adapters import squad_to_roster, squads_with_members
from rosters.models import Member
from rules.documents import roster_to_document

COLUMNS = [("rosters", "0002_squad_in_campaign")]
RECORD = [("rosters", "0003_member_record")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def document(squad_pk: int) -> dict:
    return roster_to_document(squad_to_roster(squads_with_members().get(pk=squad_pk)))


@pytest.fixture
def at_the_latest_schema():
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def battle(campaign, us, vc, user):
    report = {
        "format": "battle-report/1", "system": "black-sun", "scenario": "Ambush",
        "sides": [
            {"squad_id": us.squad_id, "outcome": "full",
             "casualties": [{"member": "Ling", "state": "seriously-wounded"}],
             "deeds": [{"member": "Capt. Steven Mint", "out_of_action": 2}]},
            {"squad_id": vc.squad_id, "outcome": "failed"},
        ],
    }  # fmt: skip
    submitted = campaign_services.battle_submit(campaign=campaign, user=user, document=report)
    return campaign_services.battle_confirm(
        battle=submitted.battle, user=campaign.organiser, rng=random.Random(4)
    )


@pytest.mark.django_db(transaction=True)
def test_records_go_down_to_columns_and_up_again_exactly(
    at_the_latest_schema, user, enrolled, campaign, organiser
):
    us, vc = enrolled  # the demo squads: Song assists Ling, Lam assists Hoa
    mine = us.original
    confirmed = battle(campaign, us, vc, user)
    squads = [mine.pk, vc.original_id, us.squad_id, vc.squad_id]
    before = {pk: document(pk) for pk in squads}
    records = dict(Member.objects.values_list("pk", "record"))
    assert any(r["rp"] for r in records.values()) and any(r["assists"] for r in records.values())

    old = migrate(COLUMNS)
    columns = {
        m.pk: (m.rp, m.cv_loss, m.assists.name if m.assists else None)
        for m in old.get_model("rosters", "Member").objects.select_related("assists")
    }
    assert columns == {pk: (r["rp"], r["cv_loss"], r["assists"]) for pk, r in records.items()}
    song = old.get_model("rosters", "Member").objects.get(squad=mine.pk, name="Song")
    assert song.assists.squad_id == mine.pk  # the model of its own squad, not a namesake's

    migrate(RECORD)
    assert dict(Member.objects.values_list("pk", "record")) == records
    executor = MigrationExecutor(connection)  # the later migrations add columns the models use
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert {pk: document(pk) for pk in squads} == before

    campaign_services.battle_void(battle=confirmed, user=organiser)
    assert document(us.squad_id) == document(mine.pk)  # as enrolled, before the battle
