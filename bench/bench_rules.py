"""Rules core: validate and cost a 15-model roster, score a battle (target < 30 us)."""

from __future__ import annotations

import random

from bench.timing import median_seconds
from rules import get_system
from rules.black_sun import battle
from rules.types import Ability, Casualty, Deeds, Equipment, Member, Roster, Side


def fifteen_models() -> Roster:
    members = [
        Member(
            "Mint",
            "boss",
            (Equipment("pistol"), Equipment("body-armour")),
            (Ability("aggressive"), Ability("good-walker")),
            record={"rp": 3},
        ),
        Member(
            "Pierce",
            "top",
            (Equipment("assault-rifle"), Equipment("body-armour")),
            (Ability("duck-feet"),),
        ),
        Member(
            "Jackson",
            "top",
            (Equipment("assault-rifle"), Equipment("body-armour")),
            (Ability("sure-shot"),),
        ),
        Member(
            "Chavez",
            "veteran",
            (Equipment("assault-rifle"), Equipment("body-armour")),
            (Ability("bad-shot"),),
        ),
        Member(
            "Berinson",
            "veteran",
            (Equipment("assault-rifle"), Equipment("body-armour")),
            (Ability("lucky"),),
        ),
        Member("Doc", "doc", (Equipment("pistol"), Equipment("body-armour")), (Ability("fast"),)),
        Member("Ling", "grunt", (Equipment("machine-gun"), Equipment("grenades", 4))),
        Member("Song", "grunt", (Equipment("assault-rifle"),), record={"assists": "Ling"}),
    ]
    for i in range(5):
        members.append(
            Member(f"Grunt {i}", "grunt", (Equipment("assault-rifle"), Equipment("body-armour")))
        )
    members.append(Member("Recruit 1", "recruit", (Equipment("assault-rifle"),)))
    members.append(Member("Recruit 2", "recruit", (Equipment("assault-rifle"),)))
    return Roster("black-sun", "Bench squad", "us-army", tuple(members), 300)  # fmt: skip


def run() -> list[tuple[str, float, str]]:
    system = get_system("black-sun")
    roster = fifteen_models()
    assert len(roster.members) == 15 and not system.validate(roster)
    side = Side(
        "full", roster,
        casualties=(Casualty("Pierce", "seriously-wounded"), Casualty("Grunt 1", "killed"),
                    Casualty("Recruit 1", "wounded")),
        deeds=(Deeds("Mint", {"out_of_action": 2, "sarcasm": 1}),),
    )  # fmt: skip
    rng = random.Random(7)
    us = 1e6
    return [
        ("validate a 15-model roster", median_seconds(lambda: system.validate(roster)) * us, "us"),
        ("cost a 15-model roster", median_seconds(lambda: system.cost(roster)) * us, "us"),
        (
            "validate and cost a 15-model roster",
            median_seconds(lambda: (system.validate(roster), system.cost(roster))) * us,
            "us",
        ),
        (
            "score one side of a battle (VP)",
            median_seconds(lambda: battle.score_side(roster, side)) * us,
            "us",
        ),
        (
            "resolve one side (VP, survival, reputation)",
            median_seconds(lambda: battle.resolve_side(roster, side, rng)) * us,
            "us",
        ),
    ]
