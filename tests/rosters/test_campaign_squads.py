"""A campaign squad's battles own its record: what its player may and may not change."""

import pytest
from django.urls import reverse

from rosters import services
from rosters.models import Ability, Member, Squad
from rosters.services import ServiceError
from rules.types import Ability as RulesAbility
from rules.types import Equipment, Roster
from rules.types import Member as RulesMember

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def campaign_squad(make_squad):
    """A squad after a few battles: reputation, an injury, a recovering model, a recruit."""
    roster = Roster(
        "black-sun", "Veterans of Hue", "us-army",
        (
            RulesMember("Mint", "boss", (Equipment("pistol"),),
                        (RulesAbility("aggressive"), RulesAbility("good-walker"),
                         RulesAbility("lame", "injury")), record={"rp": 4}),
            RulesMember("Pierce", "top", (Equipment("assault-rifle"),), status="recovering"),
            RulesMember("Chavez", "veteran", abilities=(RulesAbility("lucky"),),
                        record={"cv_loss": 1}),
            RulesMember("Hicks", "grunt", (Equipment("machine-gun"),)),
            RulesMember("Song", "grunt", record={"assists": "Hicks"}),
            RulesMember("Rookie", "grunt"),
        ),
    )  # fmt: skip
    squad = make_squad(roster)
    Squad.objects.filter(pk=squad.pk).update(in_campaign=True)
    squad.refresh_from_db()
    return squad


def member(squad, name):
    return Member.objects.select_related("squad").get(squad=squad, name=name)


def update(m, **changes):
    values = {
        "name": m.name, "type": m.type, "status": m.status, "record": dict(m.record),
    }  # fmt: skip
    return services.member_update(member=m, **{**values, **changes})


# --- services -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "field", "value"),
    [("Mint", "rp", 9), ("Mint", "rp", 0), ("Chavez", "cv_loss", 0),
     ("Pierce", "status", "active"), ("Rookie", "status", "dead"), ("Rookie", "type", "top")],
)  # fmt: skip
def test_battles_set_rp_cv_loss_status_and_type(campaign_squad, name, field, value):
    changes = {field: value} if field in ("status", "type") else {"record": {field: value}}
    with pytest.raises(ServiceError) as error:
        update(member(campaign_squad, name), **changes)
    assert error.value.field == field
    assert (
        member(campaign_squad, name).value(field) != value
        if field != "type"
        else (member(campaign_squad, name).type != value)
    )


def test_the_player_renames_and_names_assistant_gunners(campaign_squad):
    rookie = member(campaign_squad, "Rookie")
    update(rookie, name="Doyle", record={"assists": "Hicks"})
    doyle = member(campaign_squad, "Doyle")
    assert doyle.record["assists"] == "Hicks" and doyle.record["rp"] == 0


def test_the_player_re_equips_and_recruits(campaign_squad):
    hicks = member(campaign_squad, "Hicks")
    line = services.equipment_add(member=hicks, item="grenades", count=2)
    services.equipment_remove(equipment=line)
    services.member_add(squad=campaign_squad, name="New guy", type="recruit")
    assert campaign_squad.members.count() == 7


@pytest.mark.parametrize("name", ["Mint", "Pierce", "Chavez"])
def test_a_model_that_has_fought_cannot_be_removed(campaign_squad, name):
    with pytest.raises(ServiceError) as error:
        services.member_remove(member=member(campaign_squad, name))
    assert error.value.field == "member" and name in error.value.message
    assert campaign_squad.members.filter(name=name).exists()


def test_a_fresh_recruit_can_be_removed(campaign_squad):
    services.member_remove(member=member(campaign_squad, "Rookie"))
    assert not campaign_squad.members.filter(name="Rookie").exists()


def test_an_ability_gained_in_the_campaign_stays(campaign_squad):
    lame = Ability.objects.get(member__squad=campaign_squad, code="lame")
    with pytest.raises(ServiceError) as error:
        services.ability_remove(ability=lame)
    assert error.value.field == "ability"
    assert Ability.objects.filter(pk=lame.pk).exists()


def test_a_starting_ability_can_be_changed(campaign_squad):
    mint = member(campaign_squad, "Mint")
    services.ability_remove(ability=mint.abilities.get(code="good-walker"))
    services.ability_add(member=mint, code="fast")
    assert set(mint.abilities.values_list("code", flat=True)) == {"aggressive", "fast", "lame"}


@pytest.mark.parametrize("gained", ["injury", "advance", "event"])
def test_the_player_cannot_record_abilities_gained_in_play(campaign_squad, gained):
    with pytest.raises(ServiceError) as error:
        services.ability_add(member=member(campaign_squad, "Hicks"), code="lucky", gained=gained)
    assert error.value.field == "gained"


def test_the_campaign_keeps_the_faction_and_points_limit(campaign_squad):
    for field, change in (
        ("faction", {"faction": "adaro"}),
        ("points_limit", {"points_limit": 250}),
    ):
        values = {"name": "X", "faction": "us-army", "points_limit": 200, **change}
        with pytest.raises(ServiceError) as error:
            services.squad_update(squad=campaign_squad, **values)
        assert error.value.field == field
    services.squad_update(squad=campaign_squad, name="Renamed", faction="us-army", points_limit=200)
    assert Squad.objects.get(pk=campaign_squad.pk).name == "Renamed"


def test_a_campaign_squad_cannot_be_deleted(campaign_squad):
    with pytest.raises(ServiceError):
        services.squad_delete(squad=campaign_squad)
    assert Squad.objects.filter(pk=campaign_squad.pk).exists()


def test_a_duplicate_is_a_free_squad(campaign_squad, user):
    copy = services.squad_duplicate(squad=campaign_squad, owner=user)
    assert not copy.in_campaign
    services.member_remove(member=member(copy, "Mint"))
    services.squad_delete(squad=copy)


# --- pages ----------------------------------------------------------------------------------


def test_the_builder_shows_no_input_for_what_battles_set(campaign_squad, owner_client):
    mint = member(campaign_squad, "Mint")
    url = reverse("rosters:builder", args=[campaign_squad.pk]) + f"?open={mint.pk}"
    for headers in ({}, HX):
        html = owner_client.get(url, **headers).content.decode()
        assert 'name="name"' in html and 'name="assists"' in html
        for field in ('name="rp"', 'name="cv_loss"', 'name="status"', 'name="faction"',
                      'name="points_limit"', 'value="injury"', 'value="advance"'):  # fmt: skip
            assert field not in html
        assert html.count('name="type"') == 1  # only the recruit form's
    page = owner_client.get(url).content.decode()
    assert "plays in a campaign" in page
    assert reverse("rosters:delete", args=[campaign_squad.pk]) not in page


def test_only_a_fresh_recruit_and_starting_abilities_offer_removal(campaign_squad, owner_client):
    pk = campaign_squad.pk
    builder = reverse("rosters:builder", args=[pk])
    for name in ("Mint", "Pierce", "Chavez", "Rookie"):
        model = member(campaign_squad, name)
        html = owner_client.get(f"{builder}?open={model.pk}").content.decode()
        url = reverse("rosters:member_remove", args=[pk, model.pk])
        assert (url in html) == (name == "Rookie"), name
    mint = member(campaign_squad, "Mint")
    html = owner_client.get(f"{builder}?open={mint.pk}").content.decode()
    for ability in mint.abilities.all():
        url = reverse("rosters:ability_remove", args=[pk, mint.pk, ability.pk])
        assert (url in html) == (ability.code != "lame"), ability.code


def test_renaming_through_the_card_keeps_the_record(campaign_squad, owner_client):
    mint = member(campaign_squad, "Mint")
    url = reverse("rosters:member_update", args=[campaign_squad.pk, mint.pk])
    html = owner_client.post(url, {"name": "Capt. Mint", "assists": ""}, **HX).content.decode()
    assert "Capt. Mint" in html and 'role="alert"' not in html
    renamed = Member.objects.get(pk=mint.pk)
    assert (renamed.name, renamed.record["rp"], renamed.status) == ("Capt. Mint", 4, "active")


def test_a_forged_rp_change_is_refused_beside_the_model(campaign_squad, owner_client):
    mint = member(campaign_squad, "Mint")
    url = reverse("rosters:member_update", args=[campaign_squad.pk, mint.pk])
    html = owner_client.post(url, {"name": "Mint", "rp": "40"}, **HX).content.decode()
    assert "battles set the RP" in html
    assert html.index(f'id="member-{mint.pk}"') < html.index("battles set the RP")
    assert Member.objects.get(pk=mint.pk).record["rp"] == 4


def test_removing_a_veteran_is_refused_with_htmx_and_without(campaign_squad, owner_client):
    pierce = member(campaign_squad, "Pierce")
    url = reverse("rosters:member_remove", args=[campaign_squad.pk, pierce.pk])
    html = owner_client.post(url, **HX).content.decode()
    assert html.lstrip().startswith('<div id="roster"') and "only a fresh recruit" in html
    response = owner_client.post(url, follow=True)
    assert "only a fresh recruit" in response.content.decode()
    assert campaign_squad.members.filter(pk=pierce.pk).exists()


def test_removing_an_injury_is_refused(campaign_squad, owner_client):
    mint = member(campaign_squad, "Mint")
    lame = mint.abilities.get(code="lame")
    url = reverse("rosters:ability_remove", args=[campaign_squad.pk, mint.pk, lame.pk])
    html = owner_client.post(url, **HX).content.decode()
    assert html.lstrip().startswith(f'<article id="member-{mint.pk}"')
    assert "gained in the campaign" in html
    assert Ability.objects.filter(pk=lame.pk).exists()


def test_delete_refuses_with_a_clear_message(campaign_squad, owner_client):
    url = reverse("rosters:delete", args=[campaign_squad.pk])
    page = owner_client.get(url).content.decode()
    main = page.split("</header>")[1].split("</main>")[0]
    assert "cannot be deleted" in main and "<button" not in main
    response = owner_client.post(url)
    assert response["Location"] == reverse("rosters:builder", args=[campaign_squad.pk])
    page = owner_client.get(response["Location"]).content.decode()
    assert "plays in a campaign: it cannot be deleted" in page
    assert Squad.objects.filter(pk=campaign_squad.pk).exists()


def test_the_squad_list_shows_campaign_squads_apart(campaign_squad, make_squad, owner_client):
    make_squad()
    html = owner_client.get(reverse("rosters:list")).content.decode()
    own, campaign = html.split("Campaign squads")
    assert "Mint&#x27;s Marauders" in own and "Veterans of Hue" not in own
    assert "Veterans of Hue" in campaign


def test_public_link_and_duplicate_stay_allowed(campaign_squad, owner_client, client):
    owner_client.post(reverse("rosters:public", args=[campaign_squad.pk]), {"public": "on"})
    response = owner_client.post(reverse("rosters:duplicate", args=[campaign_squad.pk]))
    copy = Squad.objects.exclude(pk=campaign_squad.pk).get()
    assert response["Location"] == reverse("rosters:builder", args=[copy.pk])
    assert not copy.in_campaign
    owner_client.logout()
    shared = client.get(reverse("squad_shared", args=[campaign_squad.public_id]))
    assert shared.status_code == 200 and "Veterans of Hue" in shared.content.decode()


def test_a_rename_does_not_write_back_what_a_battle_changed_meanwhile(campaign_squad):
    mint = member(campaign_squad, "Mint")  # read before the battle
    Member.objects.filter(pk=mint.pk).update(  # the battle
        record={**mint.record, "rp": 6}, status="recovering"
    )
    update(mint, name="Capt. Mint")
    stored = Member.objects.get(pk=mint.pk)
    assert (stored.name, stored.record["rp"], stored.status) == ("Capt. Mint", 6, "recovering")
