"""The limits of one roster document (``GameSystem.limits``): a squad sheet's time grows with
what the roster lists, so past a limit the document is refused, with a located message that
names the limit and says it is the service's, not the game's."""

from __future__ import annotations

import pytest

from rules import get_system
from rules.documents import DocumentError, parse_battle_report, parse_roster
from rules.registry import DocumentLimits

LIMITS = get_system("black-sun").limits


def roster(members: list[dict]) -> dict:
    return {
        "format": "squad-roster/1", "system": "black-sun", "name": "Big", "faction": "us-army",
        "points_limit": 100_000, "members": members,
    }  # fmt: skip


def grunt(i: int, **fields) -> dict:
    return {"name": f"Grunt {i}", "type": "grunt", **fields}


ITEMS = list(get_system("black-sun").items)
LINES = [{"item": item} for item in ITEMS[: LIMITS.equipment]]
ABILITIES = ["skilled", "mean", "wisecracker", "aggressive", "steady", "stout-hearted",
             "duck-feet", "lynx-eye", "fearless", "brawler", "fast", "lucky", "agile"]  # fmt: skip


def problems(document: dict) -> list[tuple[str, str]]:
    with pytest.raises(DocumentError) as error:
        parse_roster(document)
    return [(p.path, p.message) for p in error.value.problems]


def test_black_sun_states_its_limits_far_above_a_legal_squad():
    assert LIMITS == DocumentLimits(
        members=40, equipment=8, count=99, abilities=12, squad_equipment=100, squad_abilities=50
    )
    assert len(ABILITIES) > LIMITS.abilities


def spread(total: int, parts: int, most: int) -> list[int]:
    """``total`` over ``parts`` counts: the first at ``most``, the rest as even as can be."""
    rest, others = total - most, parts - 1
    return [most] + [rest // others + (i < rest % others) for i in range(others)]


def test_the_largest_document_the_limits_allow_is_read():
    # 40 models holding the squad's limits exactly (100 lines and 50 abilities), the first
    # at the most lines and abilities a model may list
    lines = spread(LIMITS.squad_equipment, LIMITS.members, LIMITS.equipment)
    abilities = spread(LIMITS.squad_abilities, LIMITS.members, LIMITS.abilities)
    members = [
        grunt(i, equipment=[{"item": item, "count": LIMITS.count} for item in ITEMS[:n_lines]],
              abilities=ABILITIES[:n_abilities])
        for i, (n_lines, n_abilities) in enumerate(zip(lines, abilities, strict=True))
    ]  # fmt: skip

    parsed = parse_roster(roster(members))

    assert len(parsed.members) == LIMITS.members
    assert sum(len(m.equipment) for m in parsed.members) == LIMITS.squad_equipment
    assert sum(len(m.abilities) for m in parsed.members) == LIMITS.squad_abilities


def test_one_model_more_than_the_limit_is_refused():
    assert problems(roster([grunt(i) for i in range(LIMITS.members + 1)])) == [
        ("members", "at most 40 models per squad (a limit of this service, far above any "
                    "legal squad)"),
    ]  # fmt: skip


def test_one_equipment_line_more_than_the_limit_is_refused():
    lines = [*LINES, {"item": ITEMS[LIMITS.equipment]}]

    assert problems(roster([grunt(0), grunt(1, equipment=lines)])) == [
        ("members[1].equipment", "at most 8 equipment lines per model (a limit of this "
                                 "service, far above any legal model)"),
    ]  # fmt: skip


def test_one_ability_more_than_the_limit_is_refused():
    abilities = ABILITIES[: LIMITS.abilities + 1]

    assert problems(roster([grunt(0, abilities=abilities)])) == [
        ("members[0].abilities", "at most 12 abilities per model (a limit of this service, "
                                 "far above what a campaign gives a model)"),
    ]  # fmt: skip


def test_a_count_above_the_limit_is_refused():
    member = grunt(0, equipment=[{"item": "grenades", "count": LIMITS.count + 1}])

    assert problems(roster([member])) == [
        ("members[0].equipment[0].count", "must be from 1 to 99, not 100")
    ]


def test_the_squad_s_equipment_lines_are_limited_too():
    # 13 models at 8 lines each: every model within its limit, the squad over its own
    members = [grunt(i, equipment=LINES) for i in range(LIMITS.squad_equipment // 8 + 1)]

    assert problems(roster(members)) == [
        ("members", "at most 100 equipment lines per squad, not 104 (a limit of this "
                    "service, far above any legal squad)"),
    ]  # fmt: skip


def test_the_squad_s_abilities_are_limited_too():
    members = [grunt(i, abilities=ABILITIES[:12]) for i in range(LIMITS.squad_abilities // 12 + 1)]

    assert problems(roster(members)) == [
        ("members", "at most 50 abilities per squad, not 60 (a limit of this service, far "
                    "above what a campaign gives a squad)"),
    ]  # fmt: skip


def test_an_inline_roster_of_a_battle_report_has_the_same_limits():
    report = {
        "format": "battle-report/1", "system": "black-sun",
        "sides": [
            {"roster": roster([grunt(i) for i in range(LIMITS.members + 1)]), "outcome": "full"},
            {"squad_id": 1, "outcome": "failed"},
        ],
    }  # fmt: skip

    with pytest.raises(DocumentError) as error:
        parse_battle_report(report)

    assert [p.path for p in error.value.problems] == ["sides[0].roster.members"]
