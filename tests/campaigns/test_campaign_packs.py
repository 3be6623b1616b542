"""Issue #30 stage 2: packs stored (versions never changed) and a campaign's pack: the battles
keep the version they were scored with, a later edit changes none of them, and a campaign's
own pack (its house rules) moves the campaign onto each new version."""

from __future__ import annotations

import pytest

from campaigns import services
from campaigns.models import Battle, BattleSide
from core.errors import Conflict, Invalid, NotAllowed
from rosters import services as roster_services
from rosters.models import PackVersion
from tests.api.conftest import battle_report

pytestmark = pytest.mark.django_db


def test_a_version_is_never_changed_and_an_edit_adds_one(user, other_user):
    pack = roster_services.pack_create(owner=user, system="black-sun", name="Club")
    version = pack.versions.get()
    with pytest.raises(ValueError):
        version.save()

    pack = roster_services.pack_table_set(
        pack=pack, user=user, table="reputation", value={"took-part": 3}, expected_version=1
    )

    assert pack.version == 2
    assert [v.number for v in pack.versions.all()] == [2, 1]
    assert PackVersion.objects.get(pack=pack, number=1).document["tables"] == {}
    with pytest.raises(Conflict):  # edited meanwhile
        roster_services.pack_table_set(pack=pack, user=user, table="reputation", value={},
                                       expected_version=1)  # fmt: skip
    with pytest.raises(NotAllowed):
        roster_services.pack_update(pack=pack, user=other_user, name="Mine")
    with pytest.raises(Invalid) as refused:
        roster_services.pack_table_set(pack=pack, user=user, table="reputation",
                                       value={"took-part": 11})  # fmt: skip
    assert refused.value.field == "tables.reputation.took-part"


def test_battles_keep_the_pack_version_they_were_scored_with(
    campaign, organiser, user, other_user, enrolled
):
    us, vc = enrolled
    pack = roster_services.pack_create(owner=organiser, system="black-sun", name="Ours",
                                       tables={"reputation": {"took-part": 4}})  # fmt: skip
    services.campaign_pack_set(campaign=campaign, user=organiser, pack=pack)
    first = services.battle_submit(
        campaign=campaign, user=user, document=battle_report(us, vc)
    ).battle
    services.battle_confirm(battle=first, user=other_user)
    roster_services.pack_update(pack=pack, user=organiser, tables={})  # a later edit

    first.refresh_from_db()
    assert first.pack_version.number == 1  # the version it was scored with
    campaign.refresh_from_db()
    assert campaign.pack_version.number == 1  # a pack not its own: the campaign stays
    assert campaign.house_rules == {"reputation": {"took-part": 4}}
    with pytest.raises(Conflict):
        roster_services.pack_delete(pack=pack, user=organiser)

    services.campaign_pack_set(campaign=campaign, user=organiser, pack=None)
    second = services.battle_submit(
        campaign=campaign, user=user, document=battle_report(us, vc)
    ).battle
    services.battle_confirm(battle=second, user=other_user)
    second.refresh_from_db()
    assert second.pack_version is None
    assert BattleSide.objects.filter(battle=first).count() == 2
    assert Battle.objects.filter(pack_version__pack=pack).count() == 1


def test_the_own_pack_follows_the_house_rules_and_its_edits(campaign, organiser, other_user):
    services.campaign_update(
        campaign=campaign, name=campaign.name, description="", points_limit=campaign.points_limit,
        is_public=False, apply_at_once=False, house_rules={"reputation": {"took-part": 2}},
    )  # fmt: skip
    campaign.refresh_from_db()
    own = campaign.own_pack
    assert own.house_rules and own.owner == organiser and campaign.pack_version.pack == own

    roster_services.pack_table_set(pack=own, user=organiser, table="reputation",
                                   value={"took-part": 5})  # fmt: skip

    campaign.refresh_from_db()
    assert campaign.pack_version.number == 2
    assert campaign.house_rules == {"reputation": {"took-part": 5}}
    other = roster_services.pack_create(owner=other_user, system="black-sun", name="Theirs")
    with pytest.raises(Invalid):  # not shared with the organiser
        services.campaign_pack_set(campaign=campaign, user=organiser, pack=other)
    other = roster_services.pack_share(pack=other, user=other_user, shared=True)
    services.campaign_pack_set(campaign=campaign, user=organiser, pack=other,
                               token=other.share_token)  # fmt: skip
    campaign.refresh_from_db()
    assert campaign.house_rules == {}
    wrong = roster_services.pack_create(owner=organiser, system="necromunda", name="N")
    with pytest.raises(Invalid):
        services.campaign_pack_set(campaign=campaign, user=organiser, pack=wrong)
