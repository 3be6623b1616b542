import pytest
from django.urls import reverse

from rosters.adapters import load_squad, squad_to_roster, squads_with_members
from rosters.builder import builder_context
from rosters.demo import demo_rosters
from rules.types import Ability, Equipment, Member, Roster

pytestmark = pytest.mark.django_db


def test_every_url_a_card_posts_to_is_the_one_urls_py_gives(squad):
    context = builder_context(squad.pk)
    pk = squad.pk
    assert context["urls"] == {
        "builder": reverse("rosters:builder", args=[pk]),
        "member_add": reverse("rosters:member_add", args=[pk]),
        "edit": reverse("rosters:edit", args=[pk]),
    }
    for m in context["members"]:
        member = [pk, m.row.pk]
        assert m.urls.update == reverse("rosters:member_update", args=member)
        assert m.urls.move_up == reverse("rosters:member_move", args=[*member, "up"])
        assert m.urls.move_down == reverse("rosters:member_move", args=[*member, "down"])
        assert m.urls.remove == reverse("rosters:member_remove", args=member)
        assert m.urls.equipment_add == reverse("rosters:equipment_add", args=member)
        assert m.urls.ability_add == reverse("rosters:ability_add", args=member)
        assert m.urls.ability_draw == reverse("rosters:ability_draw", args=member)
        for line in m.equipment:
            args = [*member, line.row.pk]
            assert line.remove_url == reverse("rosters:equipment_remove", args=args)
        for line in m.abilities:
            args = [*member, line.row.pk]
            assert line.remove_url == reverse("rosters:ability_remove", args=args)


def test_a_card_offers_what_its_type_may_take(make_squad):
    roster = Roster(
        "black-sun", "Bugs", "fury-bugs",
        (Member("Queen", "boss"), Member("Larva", "recruit"), Member("Drone", "grunt")),
    )  # fmt: skip
    queen, larva, drone = builder_context(make_squad(roster).pk)["members"]
    items = {m.row.name: [code for code, _text in m.item_choices] for m in (queen, larva, drone)}
    assert "telekinetic-throw" in items["Queen"]
    assert "telekinetic-throw" not in items["Drone"]
    assert "body-armour" in items["Drone"] and "body-armour" not in items["Larva"]
    assert "bad-shot" not in queen.ability_options  # a Boss chooses among advantages
    assert '<option value="grunt" selected>Grunt · 10 pts</option>' in drone.type_options
    assert '<option value="top">Top · 25 pts · 0/3</option>' in drone.type_options
    assert '<option value="active" selected>' in drone.status_options
    assert 'value="chosen"' in queen.gained_options and 'value="chosen"' not in (
        drone.gained_options
    )


def test_assistant_choices_are_the_other_models_with_names_escaped(make_squad):
    roster = Roster(
        "black-sun", "X", "us-army",
        (Member("<b>Gunner</b>", "grunt", (Equipment("machine-gun"),)),
         Member("Mate", "grunt", record={"assists": "<b>Gunner</b>"})),
    )  # fmt: skip
    gunner, mate = builder_context(make_squad(roster).pk)["members"]
    assert "&lt;b&gt;Gunner&lt;/b&gt;" in mate.model_options["assists"]
    assert "<b>" not in mate.model_options["assists"]
    assert f'<option value="{gunner.row.pk}" selected>' in mate.model_options["assists"]
    assert f'value="{gunner.row.pk}"' not in gunner.model_options["assists"]  # not itself
    assert gunner.model_options["assists"].startswith('<option value="">')


def test_an_ability_gained_in_play_can_be_removed_outside_a_campaign(make_squad):
    roster = Roster(
        "black-sun", "X", "adaro", (Member("Old", "boss", abilities=(Ability("lame", "injury"),)),)
    )
    [old] = builder_context(make_squad(roster).pk)["members"]
    assert old.removable and old.abilities[0].removable


@pytest.mark.parametrize(
    "roster",
    [
        *demo_rosters(),
        Roster(
            "black-sun", "Scarred", "adaro",
            (Member("Old One", "boss", (Equipment("grenades", 3),),
                    (Ability("hates-enemy", "starting", "us-army"), Ability("lame", "injury")),
                    status="recovering", record={"rp": 7, "cv_loss": 1}),
             Member("Gone", "grunt", status="dead"),
             Member("Held", "grunt", status="captured", record={"assists": "Old One"})),
            points_limit=250,
        ),
    ],
    ids=lambda r: r.name,
)  # fmt: skip
def test_the_builder_reads_a_squad_as_the_adapters_do(make_squad, roster):
    squad = make_squad(roster)
    stored = load_squad(squad.pk)
    assert stored.roster() == squad_to_roster(squads_with_members().get(pk=squad.pk)) == roster
