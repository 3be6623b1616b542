"""Issue #30's Necromunda campaign with the example pack (docs/packs/necromunda.json): three
battles, each side's aftermath previewed then kept in one step (#31 item 3); a fighter out of
action gets an injury from the table (dice given), another gains experience and an advance,
the sheet prints both, and voiding the last battle puts every value back exactly."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from campaigns import selectors
from campaigns import services as campaign_services
from campaigns.adapters import load_rosters
from campaigns.models import HistoryEntry
from campaigns.services import aftermath as aftermath_services
from core.errors import Conflict, Invalid, NotAllowed
from printing.contexts import squad_sheet_html
from rosters import services as roster_services
from tests.campaigns.test_necromunda_campaign import play, war  # noqa: F401

pytestmark = pytest.mark.django_db

PACK = json.loads(
    (Path(__file__).resolve().parents[2] / "docs" / "packs" / "necromunda.json").read_text()
)
OOA = "out-of-action"


@pytest.fixture
def packed(war, organiser):  # noqa: F811
    """The campaign of two gangs (``war``) playing with the example pack."""
    campaign, entries = war
    pack = roster_services.pack_import(owner=organiser, document=PACK)
    campaign_services.campaign_pack_set(campaign=campaign, user=organiser, pack=pack)
    campaign.refresh_from_db()
    return campaign, entries


def members(entry) -> dict:
    """The squad's models as the rules read them (name -> Member)."""
    roster = load_rosters([entry.squad_id])[entry.squad_id].roster
    return {m.name: m for m in roster.members}


def words(battle) -> list[str]:
    return [
        selectors.describe(h, "necromunda")
        for h in HistoryEntry.objects.filter(battle=battle).order_by("seq")
    ]


def test_three_battles_injury_experience_advance_sheet_and_an_exact_void(
    packed, user, other_user, organiser
):
    campaign, (rats, boys) = packed
    first = play(campaign, (rats, boys), user, other_user, sides=(
        {"casualties": [{"member": "Hollis", "state": OOA}],
         "deeds": [{"member": "Mak", "out_of_action": 1}]},
        {"casualties": [{"member": "Skab", "state": OOA}]},
    ))  # fmt: skip
    assert aftermath_services.pending(first, rats, {"vp"})
    rolls = {"injury:Hollis": 4, "advance:Mak:1": 6, "advance:Pip:1": 5}

    untouched = members(rats)
    preview = campaign_services.preview_aftermath(battle=first, user=user, rolls=rolls)
    assert members(rats) == untouched  # a preview writes nothing
    assert {d.key for d in preview.dice} == set(rolls)
    shown = [(c.member, c.field, c.after) for c in preview.changes if c.field]
    for expected in (
        ("Hollis", "advances", {"m": -1}), ("Hollis", "injuries", "Leg wound"),
        ("Mak", "experience", 15), ("Mak", "advances", {"a": 1}),
        ("Pip", "skills", "Nerves of steel"),
    ):  # fmt: skip
        assert expected in shown

    with pytest.raises(NotAllowed):  # the other side's player may not keep the Rats'
        campaign_services.keep_aftermath(battle=first, user=other_user, rolls={}, entry=rats)
    with pytest.raises(Invalid) as refused:
        campaign_services.keep_aftermath(battle=first, user=user, rolls={"injury:Hollis": 1})
    assert refused.value.field == "rolls.injury:Hollis"

    campaign_services.keep_aftermath(battle=first, user=user, rolls=rolls)
    campaign_services.keep_aftermath(
        battle=first, user=organiser, rolls={}, entry=boys, rng=random.Random(7)
    )
    with pytest.raises(Conflict):  # kept already
        campaign_services.keep_aftermath(battle=first, user=user, rolls=rolls)

    kept = members(rats)
    assert kept["Hollis"].record["injuries"] == "Leg wound"
    assert kept["Hollis"].record["advances"] == {"m": -1}
    assert kept["Mak"].record["experience"] == 15 and kept["Mak"].record["advances"] == {"a": 1}
    said = words(first)
    assert "serious injury: rolled 4 at the table: Leg wound" in said
    assert "advance: rolled 6 at the table: A +1" in said
    assert any(w.startswith("aftermath kept by") for w in said)

    second = play(campaign, (rats, boys), user, other_user)
    campaign_services.keep_aftermath(battle=second, user=user, rolls={"advance:Mak:1": 1})
    campaign_services.keep_aftermath(battle=second, user=other_user, rolls={},
                                     rng=random.Random(2))  # fmt: skip

    before = (members(rats), members(boys))
    third = play(campaign, (rats, boys), user, other_user, sides=(
        {"casualties": [{"member": "Pip", "state": OOA}]},
        {"casualties": [{"member": "Nix", "state": OOA}]},
    ))  # fmt: skip
    campaign_services.keep_aftermath(battle=third, user=user, rolls={"injury:Pip": 9},
                                     rng=random.Random(5))  # fmt: skip
    campaign_services.keep_aftermath(battle=third, user=other_user, rolls={},
                                     rng=random.Random(5))  # fmt: skip
    pip = members(rats)["Pip"]
    assert pip.status == "recovering" and pip.record["injuries"] == "Head wound"

    roster = load_rosters([rats.squad_id])[rats.squad_id].roster
    sheet = squad_sheet_html(roster, owner=None, version=1, pack=campaign.pack)
    assert "Injuries: Leg wound" in sheet and "Injuries: Head wound" in sheet
    assert "Skills: Nerves of steel" in sheet
    assert '<span class="adv">(+1)</span>' in sheet  # Mak's A +1, printed under the value

    campaign_services.battle_void(battle=third, user=organiser)
    assert (members(rats), members(boys)) == before


def test_without_the_tables_the_aftermath_is_the_hand_record(war, user, other_user):  # noqa: F811
    campaign, entries = war
    rats, boys = entries
    battle = play(campaign, entries, user, other_user, sides=(
        {"casualties": [{"member": "Hollis", "state": OOA}]}, {},
    ))  # fmt: skip
    assert aftermath_services.pending(battle, rats, {"vp", "serious-injury"})
    assert not aftermath_services.pending(battle, boys, {"vp"})
    plan = campaign_services.preview_aftermath(battle=battle, user=user, rolls={})
    assert (plan.tables, plan.marked, plan.changes) == (False, ("Hollis",), ())
    with pytest.raises(Invalid):
        campaign_services.keep_aftermath(battle=battle, user=user, rolls={"injury:Hollis": 4})
    campaign_services.keep_aftermath(battle=battle, user=user, rolls={})
    assert members(rats)["Hollis"].record == {}
    assert HistoryEntry.objects.filter(battle=battle, kind="aftermath").count() == 1
