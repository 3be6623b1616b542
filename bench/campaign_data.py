"""The campaigns the campaign benchmarks measure (``bench_campaigns``, ``bench_rounds``) and
``tests/campaigns/test_queries.py`` counts the queries of: two real battle reports between
the US Army and Viet Cong demo squads, and ``build_campaign``, a campaign of many enrolled
squads and battles (the first two applied by the services from real reports, the others
copied from them with ``bulk_create``). Importing this module does not set Django up.
"""

from __future__ import annotations

import copy
import random
from datetime import date, timedelta

# --- the campaigns --------------------------------------------------------------------------


def real_reports(us, vc) -> list[dict]:
    """Two battle-report/1 documents between a US Army and a Viet Cong demo squad entry."""
    return [
        {
            "format": "battle-report/1",
            "system": "black-sun",
            "scenario": "Patrol at the river",
            "played_on": "2026-11-20",
            "sides": [
                {
                    "squad_id": us.squad_id,
                    "outcome": "full",
                    "casualties": [
                        {"member": "Ling", "state": "seriously-wounded"},
                        {"member": "Grunt 1", "state": "wounded", "treated": True},
                    ],
                    "survival_rolls": {"Ling": 4},
                    "deeds": [
                        {"member": "Capt. Steven Mint", "out_of_action": 2, "sarcasm": 1},
                        {"member": "Sgt. Harry Pierce", "out_of_action": 1},
                    ],
                },
                {
                    "squad_id": vc.squad_id,
                    "outcome": "failed",
                    "casualties": [
                        {"member": "Fighter 1", "state": "killed"},
                        {"member": "Hoa", "state": "stunned"},
                    ],
                    "deeds": [{"member": "Kang Thang", "malice": 1}],
                },
            ],
        },
        {
            "format": "battle-report/1",
            "system": "black-sun",
            "scenario": "Night ambush",
            "played_on": "2026-11-27",
            "sides": [
                {
                    "squad_id": us.squad_id,
                    "outcome": "partial",
                    "casualties": [{"member": "Grunt 2", "state": "captured"}],
                    "deeds": [{"member": "Cpl. Tyrone Jackson", "out_of_action": 1}],
                },
                {
                    "squad_id": vc.squad_id,
                    "outcome": "partial",
                    "casualties": [
                        {"member": "Fighter 2", "state": "seriously-wounded"},
                        {"member": "Duc", "state": "wounded"},
                    ],
                    "survival_rolls": {"Fighter 2": 3},
                    "deeds": [{"member": "Vang Thi", "out_of_action": 2, "wealth": 1}],
                },
            ],
        },
    ]


def copied_report(template, entries) -> dict:
    """``template``'s battle report, its sides given to ``entries``' squads."""
    report = copy.deepcopy(template.report)
    for side, entry in zip(report["sides"], entries, strict=True):
        side["squad_id"] = entry.squad_id
    return report


def copied_status(number: int):
    """The status of copied battle ``number``: a few pending or rejected, 1 in 10 voided."""
    from campaigns.models import Battle

    if number % 50 == 13:
        return Battle.Status.PENDING
    if number % 50 == 29:
        return Battle.Status.REJECTED
    if number % 20 in (7, 17):
        return Battle.Status.VOIDED
    return Battle.Status.CONFIRMED


def build_campaign(organiser, *, squads: int, battles: int, prefix: str = "bench"):
    """A campaign of ``squads`` enrolled demo squads and ``battles`` battles; (campaign, entries).

    Squads alternate US Army and Viet Cong; the organiser plays the first, one new player
    (no password) each other. Battles 1 and 2 are real reports applied by the services
    between the first two squads; every later battle is a copy of one of them (its report,
    sides and whole history, mapped onto other squads by model name) stored with
    ``bulk_create``: a US Army squad against a Viet Cong one, the first squad in every other
    battle. Battle numbers ending in 7 or 17 out of 20 are voided, 13 out of 50 pending and
    29 out of 50 rejected; the rest are confirmed, in order.
    """
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.utils import timezone

    from campaigns import services
    from campaigns.models import Battle, BattleSide, Campaign, HistoryEntry
    from rosters import services as roster_services
    from rosters.demo import demo_rosters
    from rosters.models import Member

    if squads < 2 or battles < 2:
        raise ValueError("a campaign of at least 2 squads and 2 battles")
    users = get_user_model().objects
    rosters = {r.faction: r for r in demo_rosters()}
    campaign = services.campaign_create(
        organiser=organiser, name=f"{prefix}: {squads} squads, {battles} battles"
    )
    entries = []
    for i in range(squads):
        player = organiser if i == 0 else users.create_user(f"{prefix}-player-{i}")
        services.campaign_join(campaign=campaign, user=player)
        roster = rosters["us-army" if i % 2 == 0 else "viet-cong"]
        squad = roster_services.squad_import(owner=player, roster=roster)
        entries.append(services.enrol(campaign=campaign, user=player, squad=squad))
    us_entries, vc_entries = entries[0::2], entries[1::2]
    rng = random.Random(1968)
    templates = []
    for document in real_reports(us_entries[0], vc_entries[0]):
        battle = services.battle_submit(
            campaign=campaign, user=organiser, document=document, rng=rng
        ).battle
        if battle.status != Battle.Status.CONFIRMED:
            battle = services.battle_confirm(battle=battle, user=organiser, rng=rng)
        templates.append(
            (
                battle,
                list(battle.sides.order_by("position")),
                list(battle.history.select_related("member").order_by("seq")),
            )
        )
    if battles == 2:
        return campaign, entries

    members = {
        (squad_id, name): pk
        for pk, squad_id, name in Member.objects.filter(
            squad__in=[e.squad_id for e in entries]
        ).values_list("pk", "squad_id", "name")
    }
    now = timezone.now()
    seq = 2
    rows, pairs = [], []
    for number in range(3, battles + 1):
        us = us_entries[0] if number % 2 == 0 else us_entries[number % len(us_entries)]
        vc = vc_entries[(number // 2) % len(vc_entries)]
        template = templates[number % 2][0]
        report = copied_report(template, (us, vc))
        status = copied_status(number)
        applied = status in (Battle.Status.CONFIRMED, Battle.Status.VOIDED)
        decided = status != Battle.Status.PENDING
        if applied:
            seq += 1
        rows.append(
            Battle(
                campaign=campaign, number=number, scenario=f"{template.scenario} {number}",
                played_on=date(2026, 1, 1) + timedelta(days=number), status=status,
                report=report, submitted_by=us.player,
                decided_by=organiser if decided else None, decided_at=now if decided else None,
                applied_seq=seq if applied else None,
                voided_by=organiser if status == Battle.Status.VOIDED else None,
                voided_at=now if status == Battle.Status.VOIDED else None,
            )
        )  # fmt: skip
        pairs.append((number % 2, (us, vc), applied))
    with transaction.atomic():
        stored = Battle.objects.bulk_create(rows, batch_size=500)
        sides, history = [], []
        for battle, (which, chosen, applied) in zip(stored, pairs, strict=True):
            _template, template_sides, template_history = templates[which]
            by_entry = {
                side.entry_id: entry for side, entry in zip(template_sides, chosen, strict=True)
            }
            for side, entry in zip(template_sides, chosen, strict=True):
                sides.append(
                    BattleSide(
                        battle=battle, position=side.position, entry=entry,
                        outcome=side.outcome,
                        mission_vp=side.mission_vp if applied else None,
                        casualty_vp=side.casualty_vp if applied else None,
                        total_vp=side.total_vp if applied else None,
                        placing=side.placing if applied else "",
                        casualties=side.casualties,
                    )
                )  # fmt: skip
            if not applied:
                continue
            for row in template_history:
                entry = by_entry[row.entry_id]
                member = members[(entry.squad_id, row.member.name)] if row.member else None
                history.append(
                    HistoryEntry(
                        battle=battle, entry=entry, member_id=member, seq=row.seq,
                        kind=row.kind, field=row.field, before=row.before, after=row.after,
                        roll=row.roll, params=row.params,
                    )
                )  # fmt: skip
        BattleSide.objects.bulk_create(sides, batch_size=1000)
        HistoryEntry.objects.bulk_create(history, batch_size=1000)
        Campaign.objects.filter(pk=campaign.pk).update(
            battles_numbered=battles, battles_applied=seq
        )
    campaign.refresh_from_db()
    return campaign, entries


def apply_report(us, vc) -> dict:
    """The timed report: four casualties (one seriously wounded, its roll given) and deeds."""
    return {
        "format": "battle-report/1",
        "system": "black-sun",
        "scenario": "Bench patrol",
        "played_on": "2026-12-01",
        "sides": [
            {
                "squad_id": us.squad_id,
                "outcome": "full",
                "casualties": [
                    {"member": "Grunt 3", "state": "seriously-wounded", "treated": True},
                    {"member": "Grunt 4", "state": "wounded"},
                ],
                "survival_rolls": {"Grunt 3": 4},
                "deeds": [{"member": "Capt. Steven Mint", "out_of_action": 2, "sarcasm": 1}],
            },
            {
                "squad_id": vc.squad_id,
                "outcome": "failed",
                "casualties": [
                    {"member": "Fighter 3", "state": "killed"},
                    {"member": "Fighter 4", "state": "stunned"},
                ],
                "deeds": [{"member": "Kang Thang", "malice": 1}],
            },
        ],
    }
