"""The builder keeps a squad within the limits of the roster document (``GameSystem.limits``),
so that every stored squad exports to a document that imports again, and prints in time;
and it refuses what would make the squad's own export unreadable."""

from __future__ import annotations

import json

import pytest

from rosters import services
from rosters.adapters import squad_to_roster, squads_with_members
from rosters.models import Ability, Equipment, Member
from rosters.services import ServiceError
from rules import get_system
from rules.documents import load_roster, roster_to_document
from tests.rosters.conftest import grunts_roster

pytestmark = pytest.mark.django_db

LIMITS = get_system("black-sun").limits
ITEMS = list(get_system("black-sun").items)
ABILITIES = ["skilled", "mean", "wisecracker", "aggressive", "steady", "stout-hearted",
             "duck-feet", "lynx-eye", "fearless", "brawler", "fast", "lucky", "agile"]  # fmt: skip


def refused(call, **arguments) -> ServiceError:
    with pytest.raises(ServiceError) as error:
        call(**arguments)
    return error.value


def test_a_squad_takes_models_up_to_the_limit_the_dead_included(make_squad):
    squad = make_squad(grunts_roster(LIMITS.members - 1))
    squad.members.filter(name="Grunt 0").update(status=Member.Status.DEAD)
    services.member_add(squad=squad, name="Last", type="grunt")
    version = squad.version

    error = refused(services.member_add, squad=squad, name="One more", type="grunt")

    assert error.field == "members"
    assert error.message == (
        "At most 40 models per squad (a limit of this service, far above any legal squad)."
    )
    assert squad.members.count() == LIMITS.members
    squad.refresh_from_db()
    assert squad.version == version


def test_a_model_takes_equipment_lines_up_to_the_limit(make_squad):
    member = make_squad(grunts_roster(6)).members.get(name="Grunt 0")
    member.equipment.all().delete()
    for item in ITEMS[: LIMITS.equipment]:
        services.equipment_add(member=member, item=item)

    error = refused(services.equipment_add, member=member, item=ITEMS[LIMITS.equipment])

    assert (error.field, error.message) == (
        "equipment",
        "At most 8 equipment lines per model (a limit of this service, far above any legal model).",
    )
    # more of an item it lists is no new line
    services.equipment_add(member=member, item=ITEMS[0], count=2)
    assert member.equipment.count() == LIMITS.equipment


def test_a_squad_takes_equipment_lines_up_to_its_own_limit(make_squad):
    squad = make_squad(grunts_roster(LIMITS.squad_equipment // LIMITS.equipment + 2))
    Equipment.objects.filter(member__squad=squad).delete()
    members = list(squad.members.all())
    lines = [
        Equipment(member=m, item=item, position=j)
        for m in members[:-1]
        for j, item in enumerate(ITEMS[: LIMITS.equipment])
    ]
    Equipment.objects.bulk_create(lines[: LIMITS.squad_equipment])
    assert Equipment.objects.filter(member__squad=squad).count() == LIMITS.squad_equipment

    error = refused(services.equipment_add, member=members[-1], item="pistol")

    assert error.field == "equipment"
    assert error.message.startswith("At most 100 equipment lines per squad")


def test_the_count_of_a_line_is_limited(make_squad):
    member = make_squad(grunts_roster(6)).members.get(name="Grunt 0")

    error = refused(services.equipment_add, member=member, item="grenades", count=LIMITS.count + 1)

    assert (error.field, error.message) == ("count", "A count is from 1 to 99.")


def test_a_model_takes_abilities_up_to_the_limit(make_squad):
    member = make_squad(grunts_roster(6)).members.get(name="Grunt 0")
    for code in ABILITIES[: LIMITS.abilities]:
        services.ability_add(member=member, code=code, gained=Ability.Gained.ADVANCE)

    error = refused(
        services.ability_add, member=member, code=ABILITIES[LIMITS.abilities],
        gained=Ability.Gained.ADVANCE,
    )  # fmt: skip

    assert (error.field, error.message) == (
        "abilities",
        "At most 12 abilities per model (a limit of this service, far above what a campaign "
        "gives a model).",
    )
    assert member.abilities.count() == LIMITS.abilities


def test_a_squad_takes_abilities_up_to_its_own_limit(make_squad):
    squad = make_squad(grunts_roster(LIMITS.squad_abilities // LIMITS.abilities + 2))
    members = list(squad.members.all())
    Ability.objects.bulk_create(
        Ability(member=m, code=code, position=j, gained=Ability.Gained.ADVANCE)
        for m in members[:-2]
        for j, code in enumerate(ABILITIES[: LIMITS.abilities])
    )
    Ability.objects.bulk_create(
        Ability(member=members[-2], code=code, position=j, gained=Ability.Gained.ADVANCE)
        for j, code in enumerate(ABILITIES[: LIMITS.squad_abilities % LIMITS.abilities])
    )
    assert Ability.objects.filter(member__squad=squad).count() == LIMITS.squad_abilities

    error = refused(
        services.ability_add, member=members[-1], code="fast", gained=Ability.Gained.ADVANCE
    )

    assert error.field == "abilities"
    assert error.message.startswith("At most 50 abilities per squad")


@pytest.mark.parametrize("detail", ["vc\x01x", "viet\x00cong", "tab\tbed", "del\x7f"])
def test_a_detail_with_a_control_character_is_refused(make_squad, detail):
    member = make_squad(grunts_roster(6)).members.get(name="Boss")

    error = refused(services.ability_add, member=member, code="hates-enemy", detail=detail)

    assert error.field == "detail"
    assert not member.abilities.filter(code="hates-enemy").exists()


def test_a_stored_detail_keeps_the_squad_s_export_readable(make_squad):
    squad = make_squad(grunts_roster(6))
    member = squad.members.get(name="Boss")
    services.ability_add(member=member, code="hates-enemy", detail="  Viet Cong  ")
    document = roster_to_document(squad_to_roster(squads_with_members().get(pk=squad.pk)))

    assert load_roster(json.dumps(document)).members[0].abilities[-1].detail == "Viet Cong"
