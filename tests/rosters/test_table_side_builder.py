"""Issue 14, part 2: what the roster builder offers and says, where it misled a new player.

- the add form keeps the type just added, and suggests the next numbered name;
- "Assists" lists only the models this one may assist (black-sun.md 1.2, "needs an AG");
- the summary counts the living models, and says how many are dead;
- an item that costs this model nothing says so at the equipment form;
- a model's ability list leaves out the abilities it holds (each is held at most once).
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from rosters import services
from rosters.builder import builder_context
from rules.types import Equipment, Member, Roster

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


def add_form(html: str) -> str:
    return html.split('class="add-member')[1].split("</form>")[0]


def card(html: str, member) -> str:
    return html.split(f'<article id="member-{member.pk}"')[1].split("</article>")[0]


def options(select_html: str) -> list[str]:
    return re.findall(r"<option[^>]*>([^<]*)</option>", select_html)


# --- the add form keeps the type ------------------------------------------------------------


def test_after_an_add_the_add_form_keeps_the_type_and_numbers_the_name(squad, owner_client):
    url = reverse("rosters:member_add", args=[squad.pk])
    html = owner_client.post(url, {"name": "Grunt 6", "type": "grunt"}, **HX).content.decode()
    form = add_form(html)
    assert '<option value="grunt" selected>' in form
    assert 'value="Grunt 7"' in form  # the next free number
    assert squad.members.filter(name="Grunt 6", type="grunt").exists()


def test_the_suggested_name_skips_the_names_taken(squad, owner_client):
    url = reverse("rosters:member_add", args=[squad.pk])
    html = owner_client.post(url, {"name": "Ling", "type": "recruit"}, **HX)
    assert html.status_code == 200  # refused: Ling is taken; nothing to number yet
    owner_client.post(url, {"name": "Grunt 7", "type": "grunt"})
    html = owner_client.post(url, {"name": "Grunt 6", "type": "grunt"}, **HX).content.decode()
    assert 'value="Grunt 8"' in add_form(html)


def test_without_javascript_the_add_form_keeps_the_type_too(squad, owner_client):
    url = reverse("rosters:member_add", args=[squad.pk])
    response = owner_client.post(url, {"name": "Newbie", "type": "recruit"}, follow=True)
    form = add_form(response.content.decode())
    assert '<option value="recruit" selected>' in form and 'value="Newbie 2"' in form


def test_the_first_page_offers_no_suggestion(squad, owner_client):
    html = owner_client.get(reverse("rosters:builder", args=[squad.pk])).content.decode()
    form = add_form(html)
    assert "value=" not in form.split('name="name"')[1][:40]
    # the squad has its Boss: the type offered is the game's ordinary model (issue #28)
    assert re.findall(r'<option value="(\w+)" selected>', form) == ["grunt"]


# --- "Assists" lists the models this one may assist -----------------------------------------


def assists(member_view) -> list[str]:
    return options(member_view.model_options["assists"])


def test_assists_lists_only_the_other_models_carrying_a_weapon_that_needs_an_ag(make_squad):
    roster = Roster(
        "black-sun", "AG", "us-army",
        (Member("Boss", "boss", (Equipment("pistol"),)),
         Member("Gunner", "grunt", (Equipment("machine-gun"),)),
         Member("Burner", "grunt", (Equipment("flamethrower"),)),
         Member("Gone", "grunt", (Equipment("machine-gun"),), status="dead"),
         Member("Rifle", "grunt", (Equipment("assault-rifle"),)),
         Member("Mate", "grunt", record={"assists": "Gunner"})),
    )  # fmt: skip
    boss, gunner, burner, gone, rifle, mate = builder_context(make_squad(roster).pk)["members"]
    assert assists(mate) == ["—", "Gunner", "Burner"]
    assert assists(rifle) == ["—", "Gunner", "Burner"]
    assert assists(gunner) == ["—"]  # it carries a machine gun: an AG carries none
    assert "selected" in mate.model_options["assists"].split("Gunner")[0].rsplit("<option", 1)[1]


def test_a_named_model_stays_listed_even_when_it_may_no_longer_be_assisted(make_squad):
    """So the card shows what is stored; the rules say beside it what is wrong."""
    roster = Roster(
        "black-sun", "AG", "us-army",
        (Member("Boss", "boss"), Member("Rifle", "grunt", (Equipment("assault-rifle"),)),
         Member("Mate", "grunt", record={"assists": "Rifle"})),
    )  # fmt: skip
    *_, mate = builder_context(make_squad(roster).pk)["members"]
    assert assists(mate) == ["—", "Rifle"]


def test_a_new_machine_gun_comes_back_in_every_cards_assists_list(squad, owner_client):
    grunt, other = squad.members.get(name="Grunt 1"), squad.members.get(name="Grunt 2")
    url = reverse("rosters:equipment_add", args=[squad.pk, grunt.pk])
    response = owner_client.post(url, {"item": "machine-gun"}, **HX)
    assert response["HX-Retarget"] == "#roster"
    builder = reverse("rosters:builder", args=[squad.pk])
    html = owner_client.get(f"{builder}?open={other.pk}", **HX).content.decode()
    select = card(html, other).split('name="assists"')[1]
    assert "Grunt 1" in options(select.split("</select>")[0])


def test_a_machine_gunner_dead_leaves_every_cards_assists_list(squad, owner_client):
    ling, grunt = squad.members.get(name="Ling"), squad.members.get(name="Grunt 1")
    url = reverse("rosters:member_update", args=[squad.pk, ling.pk])
    data = {"name": "Ling", "type": "grunt", "status": "dead"}
    owner_client.post(url, data, **HX)
    builder = reverse("rosters:builder", args=[squad.pk])
    html = owner_client.get(f"{builder}?open={grunt.pk}", **HX).content.decode()
    select = card(html, grunt).split('name="assists"')[1].split("</select>")[0]
    assert options(select) == ["—"]


# --- the model count ------------------------------------------------------------------------


def test_the_summary_counts_the_living_and_says_how_many_are_dead(squad, owner_client):
    grunt = squad.members.get(name="Grunt 1")
    services.member_update(member=grunt, name=grunt.name, type="grunt", status="dead")
    html = owner_client.get(reverse("rosters:builder", args=[squad.pk])).content.decode()
    summary = html.split('id="summary"')[1].split("</section>")[0]
    assert "11 models (1 dead)" in " ".join(summary.split())


def test_no_dead_no_mention(squad, owner_client):
    html = owner_client.get(reverse("rosters:builder", args=[squad.pk])).content.decode()
    summary = " ".join(html.split('id="summary"')[1].split("</section>")[0].split())
    assert "12 models ·" in summary and "dead" not in summary


# --- a free item says so --------------------------------------------------------------------


def test_grenades_free_for_a_us_army_model_say_so_at_the_equipment_form(squad, owner_client):
    grunt = squad.members.get(name="Grunt 1")
    url = reverse("rosters:equipment_add", args=[squad.pk, grunt.pk])
    html = owner_client.post(url, {"item": "grenades", "count": "2"}, **HX).content.decode()
    kit = html.split('<div class="kit">')[1].split("</div>")[0]
    assert "Grenades are free for the US Army: they cost no EP." in kit


def test_a_paid_item_says_nothing(squad, owner_client):
    grunt = squad.members.get(name="Grunt 1")
    url = reverse("rosters:equipment_add", args=[squad.pk, grunt.pk])
    html = owner_client.post(url, {"item": "grenades", "count": "4"}, **HX).content.decode()
    assert 'class="notice"' not in html and "cost no EP" not in html


def test_a_grenade_that_completes_a_paid_pair_is_not_called_free(make_squad, owner_client):
    """Viet Cong grenades cost 1 EP per 2: the second of a pair adds no EP, but is not free."""
    roster = Roster(
        "black-sun", "VC", "viet-cong", (Member("Bao", "veteran", (Equipment("grenades"),)),)
    )
    squad = make_squad(roster)
    bao = squad.members.get()
    url = reverse("rosters:equipment_add", args=[squad.pk, bao.pk])
    html = owner_client.post(url, {"item": "grenades"}, **HX).content.decode()
    assert "cost no EP" not in html


def test_an_item_of_no_ep_says_so(squad, owner_client):
    grunt = squad.members.get(name="Grunt 1")
    url = reverse("rosters:equipment_add", args=[squad.pk, grunt.pk])
    html = owner_client.post(url, {"item": "knife"}, **HX).content.decode()
    assert "Knife, club or tomahawk costs no EP." in html


def test_without_javascript_a_free_item_says_so_on_the_page(squad, owner_client):
    grunt = squad.members.get(name="Grunt 1")
    url = reverse("rosters:equipment_add", args=[squad.pk, grunt.pk])
    response = owner_client.post(url, {"item": "grenades", "count": "2"}, follow=True)
    assert "Grenades are free for the US Army: they cost no EP." in response.content.decode()


# --- abilities held are not offered again ---------------------------------------------------


def test_the_ability_list_leaves_out_the_abilities_the_model_holds(squad):
    views = {m.row.name: m for m in builder_context(squad.pk)["members"]}
    mint = views["Capt. Steven Mint"]  # Aggressive and Good walker
    offered = mint.ability_options
    assert 'value="aggressive"' not in offered and 'value="good-walker"' not in offered
    assert 'value="lucky"' in offered
    grunt = views["Grunt 1"]  # holds none
    assert 'value="aggressive"' in grunt.ability_options


def test_the_page_offers_the_held_abilities_to_no_one_twice(squad, owner_client):
    mint = squad.members.get(name="Capt. Steven Mint")
    builder = reverse("rosters:builder", args=[squad.pk])
    html = owner_client.get(f"{builder}?open={mint.pk}").content.decode()
    select = card(html, mint).split('<select name="code"')[1].split("</select>")[0]
    assert 'value="aggressive"' not in select and 'value="lucky"' in select
