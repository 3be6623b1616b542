"""Issue #30 stage 2: each campaign's house rules become its own pack (campaigns 0012), and
its battles score the same before and after: each campaign is made with house rules at the
schema before the packs, its battles scored with the rules core from those house rules; then
migrated, and scored again through the campaign's pack (``campaigns.adapters``)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from rules import get_system
from rules.documents import parse_battle_report, parse_roster
from tests.migrations_at import latest, migrate

BEFORE = [("rosters", "0010_no_borrowed_points_limit"), ("campaigns", "0010_rounds")]
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"

HOUSE_RULES = {
    "black-sun": {
        "reputation": {"took-part": 3, "malice": -2},
        "survival": {
            "rows": [
                {"low": None, "high": 2, "result": "dies"},
                {"low": 3, "high": 4, "result": "misses-next-battle"},
                {"low": 5, "high": None, "result": "full-recovery"},
            ],
            "doc_bonus": 2,
            "injuries": ["lame", "weak", "lame"],
            "scar": "frightening-scars",
        },
    },
    "bolt-action": json.loads((EXAMPLES / "bolt-action-house-rules.json").read_text()),
    "one-page-modern": json.loads((EXAMPLES / "one-page-modern-house-rules.json").read_text()),
    "necromunda": {
        "victory_points": {"win": 5, "out_of_action": 2},
        "points": {"fighters": {"leader": 120, "ganger": 55}, "items": {}},
    },
}
EMPTY = {"bolt-action": {}, "necromunda": {"points": None}}  # no pack made for these


def scores(system: str, house_rules) -> list[tuple]:
    """Every side's VP of the game's example report under the house rules (the same dice)."""
    path = EXAMPLES / f"{system}-battle-report.json"
    if not path.exists():
        return []
    rules = get_system(system).campaign
    report = parse_battle_report(json.loads(path.read_text()))
    rng = random.Random(30)
    out = []
    for side in report.sides:
        result = rules.resolve_side(side.roster, side, rng, house_rules, report)
        out.append((result.score.mission_vp, result.score.casualty_vp, result.score.total_vp))
    return out


def points(system: str, costs) -> int | None:
    path = EXAMPLES / f"{system}-roster.json"
    if not path.exists():
        return None
    return costs(parse_roster(json.loads(path.read_text())))


@pytest.mark.django_db(transaction=True)
def test_house_rules_become_a_pack_and_battles_score_the_same(
    at_the_latest_schema, django_user_model
):
    user = django_user_model.objects.create_user(username="old", password="pw-old-1970")
    apps = migrate(BEFORE)
    Campaign = apps.get_model("campaigns", "Campaign")
    made = {}
    for n, (system, house) in enumerate([*HOUSE_RULES.items(), *EMPTY.items()]):
        made[n] = (system, house)
        Campaign.objects.create(
            organiser_id=user.pk, name=f"C{n}", system=system, house_rules=house,
            invite_code=f"code{n}",
        )  # fmt: skip
    before = {}
    for n, (system, house) in made.items():
        rules = get_system(system).campaign
        parsed = rules.parse_house_rules(house)
        cost = (lambda r, p=parsed, c=rules: c.points(r, p)) if rules.points else (lambda r: None)  # noqa: E731
        before[n] = (scores(system, parsed), points(system, cost))

    migrate(latest())

    from campaigns.adapters import campaign_points, house_rules_of
    from campaigns.models import Campaign as Now

    for n, (system, house) in made.items():
        campaign = Now.objects.get(name=f"C{n}")
        if n >= len(HOUSE_RULES):  # nothing to keep: no pack, the game's defaults
            assert campaign.pack_version is None and campaign.own_pack is None
        else:
            assert campaign.house_rules == house  # nothing lost
            assert campaign.own_pack.house_rules and campaign.own_pack.owner_id == user.pk
            assert campaign.pack_version.pack == campaign.own_pack
            assert campaign.pack_version.document["system"] == system
        after = (
            scores(system, house_rules_of(campaign)),
            points(system, lambda r, c=campaign: campaign_points(c, r)),
        )
        assert after == before[n], system
    assert any(s for s, _p in before.values())  # the reports were scored
    assert any(p for _s, p in before.values())  # and the rosters costed
