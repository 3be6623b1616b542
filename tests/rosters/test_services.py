import random

import pytest

from rosters import services
from rosters.adapters import squad_to_roster, squads_with_members
from rosters.demo import demo_rosters
from rosters.models import Ability, Member, Squad
from rosters.services import ServiceError
from rules.documents import roster_to_document
from rules.types import Ability as RulesAbility
from rules.types import Equipment, Roster
from rules.types import Member as RulesMember

pytestmark = pytest.mark.django_db


def stored(squad: Squad) -> Roster:
    return squad_to_roster(squads_with_members().get(pk=squad.pk))


@pytest.mark.parametrize("roster", demo_rosters(), ids=lambda r: r.faction)
def test_import_then_export_gives_back_the_same_document(make_squad, roster):
    assert roster_to_document(stored(make_squad(roster))) == roster_to_document(roster)


def test_round_trip_keeps_rp_injuries_status_and_campaign_abilities(make_squad):
    roster = Roster(
        "black-sun", "Scarred", "adaro",
        (
            RulesMember("Old One", "boss", (Equipment("grenades", 3),),
                        (RulesAbility("hates-enemy", "starting", "us-army"),
                         RulesAbility("lame", "injury"), RulesAbility("skilled", "advance")),
                        status="recovering", record={"rp": 7, "cv_loss": 1}),
            RulesMember("Gone", "grunt", status="dead"),
            RulesMember("Held", "grunt", status="captured", record={"assists": "Old One"}),
        ),
        points_limit=250,
    )  # fmt: skip
    assert stored(make_squad(roster)) == roster


def test_import_refuses_duplicate_names_and_stores_nothing(user):
    roster = Roster("black-sun", "Twins", "us-army",
                    (RulesMember("Bo", "boss"), RulesMember("Bo", "grunt")))  # fmt: skip
    with pytest.raises(ServiceError) as error:
        services.squad_import(owner=user, roster=roster)
    assert error.value.field == "members[1].name"
    assert not Squad.objects.exists()


def test_import_refuses_an_assistant_of_a_missing_model(user):
    roster = Roster(
        "black-sun", "X", "us-army", (RulesMember("Bo", "boss", record={"assists": "Nobody"}),)
    )
    with pytest.raises(ServiceError) as error:
        services.squad_import(owner=user, roster=roster)
    assert error.value.field == "members[0].assists"
    assert not Squad.objects.exists()


def test_every_edit_bumps_the_version(squad):
    member = squad.members.get(name="Ling")
    versions = [squad.version]
    services.equipment_add(member=member, item="pistol")
    versions.append(Squad.objects.get(pk=squad.pk).version)
    services.ability_add(member=member, code="lucky")
    versions.append(Squad.objects.get(pk=squad.pk).version)
    services.member_move(member=member, offset=-1)
    versions.append(Squad.objects.get(pk=squad.pk).version)
    assert versions == sorted(set(versions)) and len(versions) == 4


def test_adding_an_item_twice_raises_its_count(squad):
    member = squad.members.get(name="Song")
    services.equipment_add(member=member, item="grenades", count=2)
    services.equipment_add(member=member, item="grenades", count=1)
    assert list(member.equipment.filter(item="grenades").values_list("count", flat=True)) == [3]


def test_member_names_are_unique_in_a_squad(squad):
    with pytest.raises(ServiceError) as error:
        services.member_add(squad=squad, name="Ling", type="grunt")
    assert error.value.field == "name"


def test_member_move_reorders_the_squad(squad):
    song = squad.members.get(name="Song")
    services.member_move(member=song, offset=-1)
    names = list(squad.members.order_by("position").values_list("name", flat=True))
    assert names.index("Song") == names.index("Ling") - 1


def test_random_ability_draw_keeps_its_roll(squad):
    member = squad.members.get(name="Grunt 1")
    ability = services.ability_draw(member=member, rng=random.Random(3))
    assert ability.gained == Ability.Gained.RANDOM
    assert ability.roll is not None and ability.roll >= 1


def test_a_typed_physical_roll_picks_from_the_numbered_table(squad):
    member = squad.members.get(name="Grunt 1")
    ability = services.ability_add(member=member, gained="random", roll=1)
    assert (ability.code, ability.roll) == ("skilled", 1)
    with pytest.raises(ServiceError):
        services.ability_add(member=member, gained="random", roll=99)


def test_a_model_holds_an_ability_once(squad):
    member = squad.members.get(name="Capt. Steven Mint")
    with pytest.raises(ServiceError):
        services.ability_add(member=member, code="aggressive")


def test_hates_enemy_needs_its_enemy(squad):
    member = squad.members.get(name="Grunt 2")
    with pytest.raises(ServiceError) as error:
        services.ability_add(member=member, code="hates-enemy")
    assert error.value.field == "detail"


def test_duplicate_copies_everything_under_a_new_name(squad, other_user):
    copy = services.squad_duplicate(squad=squad, owner=other_user)
    assert copy.owner == other_user and copy.name.startswith(squad.name)
    original, copied = stored(squad), stored(copy)
    assert copied.members == original.members
    assert copy.members.get(name="Song").record["assists"] == "Ling"


def test_removing_a_gunner_keeps_its_assistant(squad):
    services.member_remove(member=squad.members.get(name="Ling"))
    assert Member.objects.get(squad=squad, name="Song").record["assists"] is None


def test_names_with_control_characters_are_refused(squad):
    with pytest.raises(services.ServiceError, match="control characters"):
        services.member_add(squad=squad, name="Nul\x00", type="grunt")
    with pytest.raises(services.ServiceError, match="control characters"):
        services.squad_update(squad=squad, name="Bad\x00", faction=squad.faction,
                              points_limit=squad.points_limit)  # fmt: skip


def test_rp_and_cv_loss_stay_within_what_a_document_holds(squad):
    member = squad.members.first()
    for rp, cv_loss, field in ((10_001, 0, "rp"), (0, 11, "cv_loss")):
        with pytest.raises(services.ServiceError) as error:
            services.member_update(member=member, name=member.name, type=member.type,
                                   status=member.status,
                                   record={"rp": rp, "cv_loss": cv_loss})  # fmt: skip
        assert error.value.field == field


def test_renaming_a_gunner_renames_it_in_its_assistant_s_record(squad):
    ling = squad.members.get(name="Ling")

    services.member_update(member=ling, name="Ling the Elder", type=ling.type, status=ling.status)

    assert Member.objects.get(squad=squad, name="Song").record["assists"] == "Ling the Elder"
    document = roster_to_document(squad_to_roster(squads_with_members().get(pk=squad.pk)))
    assert {m["name"]: m.get("assists") for m in document["members"]}["Song"] == "Ling the Elder"


def test_a_record_key_the_game_does_not_keep_is_refused(squad):
    member = squad.members.first()

    with pytest.raises(services.ServiceError) as error:
        services.member_update(member=member, name=member.name, type=member.type,
                               status=member.status, record={"advances": 2})  # fmt: skip

    assert (error.value.field, error.value.message) == (
        "advances",
        "This game keeps no advances for a model.",
    )


@pytest.mark.parametrize("named", ["Nobody", 7])
def test_an_assistant_gunner_serves_a_model_of_its_own_squad(squad, named):
    song = squad.members.get(name="Song")

    with pytest.raises(services.ServiceError) as error:
        services.member_update(member=song, name=song.name, type=song.type, status=song.status,
                               record={"assists": named})  # fmt: skip

    assert error.value.field == "assists"
    assert Member.objects.get(pk=song.pk).record["assists"] == "Ling"
