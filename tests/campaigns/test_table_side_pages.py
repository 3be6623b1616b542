"""The campaign squad and character pages show what a model carries into its next battle
(issue #14, part 2): its equipment, its abilities, its injuries and, in Black Sun, its CV
(black-sun.md 1.1 and 5: the type's base CV, less what injuries took for good); in a fixed
number of queries whatever the squad's size."""

from __future__ import annotations

import dataclasses

import pytest
from django.urls import reverse

from campaigns import services
from rosters import services as roster_services
from rosters.demo import demo_rosters
from rosters.models import Ability, Member
from rules.black_sun.data import ABILITIES, ITEMS
from rules.necromunda.data import WEAPONS

pytestmark = pytest.mark.django_db


@pytest.fixture
def mint(enrolled):
    """The US Army boss after a bad battle: CV 5 less 1 for good, and a lasting injury."""
    us, _vc = enrolled
    mint = Member.objects.get(squad=us.squad, name="Capt. Steven Mint")
    mint.record = {**mint.record, "cv_loss": 1, "rp": 3}
    mint.save()
    Ability.objects.create(member=mint, position=9, code="lame", gained=Ability.Gained.INJURY)
    return mint


def entry_url(entry) -> str:
    return reverse("campaigns:entry", args=[entry.campaign_id, entry.pk])


def character_url(member, campaign) -> str:
    return reverse("campaigns:character", args=[campaign.pk, member.pk])


def row_of(page: str, name: str) -> str:
    """The table row of the squad page that names ``name``."""
    start = page.index(f">{name}</a>")
    return page[page.rindex("<tr", 0, start) : page.index("</tr>", start)]


def test_the_squad_page_shows_each_models_cv_equipment_abilities_and_injuries(
    client, campaign, enrolled, mint, user
):
    us, _vc = enrolled
    client.force_login(user)

    page = client.get(entry_url(us)).content.decode()

    assert ">CV</th>" in page and "Equipment</th>" in page and "Abilities" in page
    row = row_of(page, "Capt. Steven Mint")
    assert "4 <span" in row and "(base 5)" in row  # CV 5, less 1 for good
    for item in ("pistol", "body-armour"):
        assert ITEMS[item].label in row
    for code in ("aggressive", "good-walker"):
        assert ABILITIES[code].label in row
    assert ABILITIES["lame"].label in row and "injury" in row
    ling = row_of(page, "Ling")
    assert ITEMS["machine-gun"].label in ling and "(base" not in ling  # a grunt: CV 3


def test_the_character_page_shows_its_cv_equipment_abilities_and_injuries(
    client, campaign, mint, user
):
    client.force_login(user)

    page = client.get(character_url(mint, campaign)).content.decode()

    assert "<dt>CV</dt>" in page and "4 (base 5, 1 lost for good)" in page
    assert ITEMS["pistol"].label in page and ITEMS["body-armour"].label in page
    assert ABILITIES["aggressive"].label in page and ABILITIES["aggressive"].effect in page
    injuries = page[page.index("Injuries") :]
    assert ABILITIES["lame"].label in injuries[: injuries.index("</dd>")]


@pytest.fixture
def gang(user, other_user):
    """A Necromunda campaign with the demo Orlock gang enrolled."""
    campaign = services.campaign_create(organiser=other_user, name="Underhive", system="necromunda")
    services.campaign_join(campaign=campaign, user=user)
    roster = next(r for r in demo_rosters() if r.system == "necromunda")
    squad = roster_services.squad_import(owner=user, roster=roster)
    return services.enrol(campaign=campaign, user=user, squad=squad)


def test_another_games_squad_and_character_pages_show_their_equipment(client, gang, user):
    client.force_login(user)
    fighter = gang.squad.members.prefetch_related("equipment").first()
    weapon = next(e.item for e in fighter.equipment.all() if e.item in WEAPONS)

    squad_page = client.get(entry_url(gang)).content.decode()
    character = client.get(character_url(fighter, gang.campaign)).content.decode()

    assert WEAPONS[weapon].label in row_of(squad_page, fighter.name)
    assert WEAPONS[weapon].label in character
    assert "Characteristics</dt>" in character and "WS 4 (+1)" in character  # advances too


def grow(entry, extra: int) -> None:
    """``extra`` more models, each with equipment and an ability, in the campaign squad."""
    roster = next(r for r in demo_rosters() if r.faction == "us-army")
    veteran = next(m for m in roster.members if m.type == "veteran")
    for i in range(extra):
        member = Member.objects.create(squad_id=entry.squad_id, position=50 + i,
                                       name=f"Extra {i}", type="veteran")  # fmt: skip
        for position, line in enumerate(veteran.equipment):
            member.equipment.create(position=position, item=line.item, count=line.count)
        member.abilities.create(position=0, code=veteran.abilities[0].code)


@pytest.mark.parametrize(("page", "most"), [("entry", 6), ("character", 5)])
def test_the_pages_run_the_same_few_queries_whatever_the_squads_size(
    client, campaign, enrolled, user, django_assert_max_num_queries, django_assert_num_queries,
    page, most,
):  # fmt: skip
    """As many as before the page showed each model's kit (tests/campaigns/test_queries.py:
    a public campaign; a private one asks once more whether the reader plays in it)."""
    campaign.is_public = True
    campaign.save()
    us, _vc = enrolled
    client.force_login(user)
    mint = Member.objects.get(squad=us.squad, name="Capt. Steven Mint")
    url = entry_url(us) if page == "entry" else character_url(mint, campaign)
    client.get(url)
    with django_assert_max_num_queries(most) as small:
        assert client.get(url).status_code == 200
    grow(us, 8)
    with django_assert_num_queries(len(small)):
        assert client.get(url).status_code == 200


def test_the_enrol_page_runs_the_same_few_queries_whatever_the_number_of_squads(
    client, campaign, user, make_squad_for, django_assert_max_num_queries,
    django_assert_num_queries,
):  # fmt: skip
    services.campaign_join(campaign=campaign, user=user)
    client.force_login(user)
    url = reverse("campaigns:enrol", args=[campaign.pk])
    make_squad_for(user)
    client.get(url)
    with django_assert_max_num_queries(9) as one:
        assert client.get(url).status_code == 200
    for faction in ("viet-cong", "adaro", "fury-bugs"):
        roster = next(r for r in demo_rosters() if r.faction == faction)
        roster_services.squad_import(owner=user, roster=dataclasses.replace(roster))
    with django_assert_num_queries(len(one)):
        assert "Swarm of the Black Sun" in client.get(url).content.decode()
