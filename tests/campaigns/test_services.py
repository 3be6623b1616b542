"""Campaign services: enrolment, reports, confirmation, application, voiding."""

import random

import pytest

from campaigns import services
from campaigns.models import Battle, HistoryEntry
from rosters import services as roster_services
from rosters.models import Ability, Member, Squad
from tests.campaigns.conftest import report

pytestmark = pytest.mark.django_db


def members(entry):
    return {m.name: m for m in Member.objects.filter(squad=entry.squad_id)}


def test_enrolling_copies_the_squad_and_leaves_the_original_free(campaign, enrolled, user):
    us = enrolled[0]
    assert us.squad.in_campaign and us.original.in_campaign is False
    assert us.squad.pk != us.original.pk
    assert [m.name for m in us.squad.members.all()] == [m.name for m in us.original.members.all()]
    roster_services.member_add(squad=us.original, name="New guy", type="grunt")
    assert not us.squad.members.filter(name="New guy").exists()


def test_enrol_refuses_others_squads_and_non_players(campaign, enrolled, user, other_user):
    with pytest.raises(services.ServiceError, match="your own"):
        services.enrol(campaign=campaign, user=user, squad=enrolled[1].original)
    with pytest.raises(services.ServiceError, match="already belongs"):
        services.enrol(campaign=campaign, user=user, squad=enrolled[0].squad)


def test_a_report_waits_for_confirmation_then_applies(campaign, enrolled, user, other_user):
    us, vc = enrolled
    doc = report(
        us, vc,
        us_side={"casualties": [{"member": "Ling", "state": "killed"}],
                 "deeds": [{"member": "Capt. Steven Mint", "out_of_action": 2}]},
        nva_side={"casualties": [{"member": "Manh", "state": "seriously-wounded"}],
                  "survival_rolls": {"Manh": 1}},
    )  # fmt: skip
    submitted = services.battle_submit(campaign=campaign, user=user, document=doc)
    battle = submitted.battle
    assert submitted.created and battle.status == "pending" and battle.number == 1
    assert members(us)["Ling"].status == "active"  # nothing applied yet
    with pytest.raises(services.ServiceError, match="organiser or an opponent"):
        services.battle_confirm(battle=battle, user=user)
    services.battle_confirm(battle=battle, user=other_user, rng=random.Random(3))
    battle.refresh_from_db()
    assert battle.status == "confirmed" and battle.applied_seq == 1
    assert members(us)["Ling"].status == "dead"
    assert members(vc)["Manh"].status == "dead"  # rolled a 1 at the table: dies of wounds
    mint = members(us)["Capt. Steven Mint"]
    assert mint.record["rp"] == 0 + 1 + 2 + 2  # took part, full success, two out of action
    sides = {s.entry_id: s for s in battle.sides.all()}
    assert (sides[us.pk].total_vp, sides[us.pk].placing) == (
        50 - 4,
        "win",
    )  # Ling: a grunt (CV 3), experienced, dead: -4
    assert sides[vc.pk].placing == "loss"
    rolls = HistoryEntry.objects.filter(battle=battle, kind="survival")
    assert [(h.member.name, h.roll) for h in rolls] == [("Manh", 1)]


def test_an_invalid_squad_cannot_report(campaign, enrolled, user):
    us, vc = enrolled
    roster_services.member_add(squad=us.squad, name="Extra", type="veteran")
    with pytest.raises(services.ReportRefused) as refused:
        services.battle_submit(campaign=campaign, user=user, document=report(us, vc))
    assert refused.value.problems[0][0] == "sides[0].squad_id"
    assert "not valid" in refused.value.problems[0][1]
    assert not Battle.objects.exists()


def test_a_model_that_did_not_fight_cannot_be_a_casualty(campaign, enrolled, user):
    us, vc = enrolled
    Member.objects.filter(squad=us.squad, name="Ling").update(status="recovering")
    doc = report(us, vc, us_side={"casualties": [{"member": "Ling", "state": "killed"}]})
    with pytest.raises(services.ReportRefused) as refused:
        services.battle_submit(campaign=campaign, user=user, document=doc)
    assert refused.value.problems == [
        ("sides[0].casualties[0].member", "'Ling' did not fight: the model is recovering")
    ]


def test_the_same_key_gives_one_battle(campaign, enrolled, user):
    us, vc = enrolled
    first = services.battle_submit(
        campaign=campaign, user=user, document=report(us, vc), idempotency_key="abc"
    )
    again = services.battle_submit(
        campaign=campaign, user=user, document=report(us, vc), idempotency_key="abc"
    )
    assert first.created and not again.created and first.battle.pk == again.battle.pk
    assert Battle.objects.count() == 1
    with pytest.raises(services.ServiceError, match="another battle report"):
        services.battle_submit(
            campaign=campaign, user=user, document=report(us, vc, us_outcome="partial"),
            idempotency_key="abc",
        )  # fmt: skip


def snapshot(entries):
    squads = Squad.objects.filter(pk__in=[e.squad_id for e in entries]).order_by("pk")
    return (
        list(squads.values("pk", "name", "faction", "points_limit")),
        list(Member.objects.filter(squad__in=squads).order_by("pk").values()),
        list(Ability.objects.filter(member__squad__in=squads).order_by("pk").values()),
    )


def test_voiding_the_latest_battle_restores_every_value(campaign, enrolled, user, organiser):
    us, vc = enrolled
    campaign.apply_at_once = True
    campaign.save()
    before = snapshot(enrolled)
    doc = report(
        us, vc,
        us_side={"casualties": [{"member": "Ling", "state": "seriously-wounded"}],
                 "survival_rolls": {"Ling": 2},
                 "deeds": [{"member": "Capt. Steven Mint", "malice": 3}]},
        nva_side={"casualties": [{"member": "Manh", "state": "killed"}]},
    )  # fmt: skip
    battle = services.battle_submit(
        campaign=campaign, user=user, document=doc, rng=random.Random(1)
    ).battle
    assert battle.status == "confirmed"
    assert snapshot(enrolled) != before
    assert Ability.objects.filter(member__name="Ling", gained="injury").count() == 1
    services.battle_void(battle=battle, user=organiser)
    assert snapshot(enrolled) == before
    battle.refresh_from_db()
    assert battle.status == "voided"


def test_only_the_latest_battle_of_a_squad_can_be_voided(campaign, enrolled, user, organiser):
    us, vc = enrolled
    campaign.apply_at_once = True
    campaign.save()
    first = services.battle_submit(campaign=campaign, user=user, document=report(us, vc)).battle
    second = services.battle_submit(campaign=campaign, user=user, document=report(us, vc)).battle
    with pytest.raises(services.ServiceError, match="battle 2 .* void it first"):
        services.battle_void(battle=first, user=organiser)
    services.battle_void(battle=second, user=organiser)
    services.battle_void(battle=first, user=organiser)
    assert members(us)["Capt. Steven Mint"].record["rp"] == 0


def test_house_rules_are_checked_and_used(campaign, enrolled, user, organiser):
    us, vc = enrolled
    with pytest.raises(services.ServiceError) as error:
        services.campaign_update(
            campaign=campaign, name="x", description="", points_limit=200, is_public=False,
            apply_at_once=True, house_rules={"reputation": {"took-part": 99}},
        )  # fmt: skip
    assert error.value.field == "house_rules.reputation.took-part"
    services.campaign_update(
        campaign=campaign, name="x", description="", points_limit=250, is_public=False,
        apply_at_once=True, house_rules={"reputation": {"took-part": 5}},
    )  # fmt: skip
    assert Squad.objects.get(pk=us.squad_id).points_limit == 250
    services.battle_submit(campaign=campaign, user=user, document=report(us, vc))
    assert members(us)["Capt. Steven Mint"].record["rp"] == 5 + 2


def test_a_model_in_the_history_cannot_be_removed(campaign, enrolled, user):
    us, vc = enrolled
    campaign.apply_at_once = True
    campaign.save()
    services.battle_submit(campaign=campaign, user=user, document=report(us, vc))
    grunt = Member.objects.get(squad=us.squad, name="Grunt 1")  # fought unhurt: 0 RP, active
    with pytest.raises(services.ServiceError, match="in the campaign's history"):
        roster_services.member_remove(member=grunt)
    assert Member.objects.filter(pk=grunt.pk).exists()
