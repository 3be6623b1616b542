"""Issue 14, part 1: a builder that is fast to use and light to load.

- one line per model, one card open to edit (the page is light, and shows the whole squad);
- costs in every picker (points per type, EP per item, the effect of each ability), and the
  allowances left ("Top 2/3", and the starting abilities a model holds of its allowance);
- duplicate a model: the same type and equipment, the next numbered name, just after it;
- the summary lists every rule broken, each model's linked to its card;
- a plain-text export to paste into a chat.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from rosters import services
from rosters.models import Member as StoredMember
from rosters.models import Squad
from rules.types import Equipment, Member, Roster

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


def builder(squad, open_pk=None) -> str:
    url = reverse("rosters:builder", args=[squad.pk])
    return url if open_pk is None else f"{url}?open={open_pk}"


def article(html: str, member) -> str:
    return html.split(f'<article id="member-{member.pk}"')[1].split("</article>")[0]


# --- one line per model, one card open ------------------------------------------------------


def test_the_builder_lists_each_model_on_one_line_and_opens_no_card(squad, owner_client):
    html = owner_client.get(builder(squad)).content.decode()
    assert html.count("<article") == 12
    assert html.count('class="member member-line') == 12
    assert 'name="assists"' not in html and 'name="item"' not in html
    grunt = squad.members.get(name="Grunt 1")
    line = article(html, grunt)
    assert f'href="{builder(squad, grunt.pk)}#member-{grunt.pk}"' in line
    assert "Grunt 1" in line and "Assault rifle (AR)" in line and "Points 10" in line


def test_open_shows_that_models_card_alone(squad, owner_client):
    grunt = squad.members.get(name="Grunt 1")
    for headers in ({}, HX):
        html = owner_client.get(builder(squad, grunt.pk), **headers).content.decode()
        assert html.count('class="member is-open') == 1
        assert 'name="assists"' in article(html, grunt)
        assert html.count('class="member member-line') == 11


@pytest.mark.parametrize("junk", ["x", "-1", "99999999", "1e3", ""])
def test_an_open_that_names_no_model_opens_none(squad, owner_client, junk):
    response = owner_client.get(f"{builder(squad)}?open={junk}")
    assert response.status_code == 200
    assert 'class="member is-open' not in response.content.decode()


def test_a_model_just_added_comes_back_open(squad, owner_client):
    url = reverse("rosters:member_add", args=[squad.pk])
    html = owner_client.post(url, {"name": "Grunt 6", "type": "grunt"}, **HX).content.decode()
    added = squad.members.get(name="Grunt 6")
    assert f'<article id="member-{added.pk}" class="member is-open' in html
    assert html.count('class="member is-open') == 1


# --- costs and allowances in the pickers -----------------------------------------------------


def test_the_pickers_say_what_each_choice_costs(squad, owner_client):
    grunt = squad.members.get(name="Grunt 1")
    html = owner_client.get(builder(squad, grunt.pk)).content.decode()
    card = article(html, grunt)
    buttons = re.findall(r'<button name="item" value="([^"]+)">\+ ([^<]+)</button>', card)
    assert ("pistol", "Pistol · 1 EP") in buttons
    assert ("grenades", "Grenades · 1 EP per 2") in buttons
    assert ("knife", "Knife, club or tomahawk · 0 EP") in buttons
    add = html.split('class="add-member')[1].split("</form>")[0]
    assert '<option value="grunt" selected>Grunt · 10 pts</option>' in add  # the usual model
    assert '<option value="top">Top · 25 pts · 2/3</option>' in add  # the demo has two


def test_an_ability_picker_gives_each_ability_its_effect(squad, owner_client):
    mint = squad.members.get(name="Capt. Steven Mint")
    card = article(owner_client.get(builder(squad, mint.pk)).content.decode(), mint)
    assert re.search(r'<option value="lucky">Lucky — [^<]+</option>', card)
    assert "2/2" in card.split("<h4>")[2].split("</h4>")[0]  # starting abilities held / allowed


def test_the_add_form_shows_the_allowances_left(make_squad, owner_client):
    squad = make_squad(Roster("black-sun", "Few", "us-army", (Member("Doc", "doc"),)))
    html = owner_client.get(builder(squad)).content.decode()
    allowances = html.split('class="allowances')[1].split("</p>")[0]
    assert '<span class="short">Boss 0/1</span>' in allowances  # a squad needs its Boss
    assert '<span class="full">Doc 1/1</span>' in allowances
    assert "<span>Top 0/3</span>" in allowances


# --- duplicate a model ------------------------------------------------------------------------


def test_duplicate_copies_the_type_and_equipment_next_to_the_original(make_squad, owner_client):
    roster = Roster(
        "black-sun", "Dup", "us-army",
        (Member("Boss", "boss"),
         Member("Song", "grunt", (Equipment("assault-rifle"), Equipment("grenades", 3)),
                record={"assists": "Boss"}),
         Member("Hicks", "grunt")),
    )  # fmt: skip
    squad = make_squad(roster)
    song = squad.members.get(name="Song")
    services.ability_add(member=song, code="lucky", detail="", gained="advance", roll=None)
    url = reverse("rosters:member_duplicate", args=[squad.pk, song.pk])
    html = owner_client.post(url, **HX).content.decode()
    copy = squad.members.get(name="Song 2")
    assert [m.name for m in squad.members.order_by("position")] == [
        "Boss", "Song", "Song 2", "Hicks"
    ]  # fmt: skip
    assert [(e.item, e.count) for e in copy.equipment.order_by("position")] == [
        ("assault-rifle", 1), ("grenades", 3)
    ]  # fmt: skip
    assert copy.type == "grunt" and not copy.abilities.exists()
    assert copy.record.get("assists") is None  # one assistant per weapon: not copied
    assert f'<article id="member-{copy.pk}" class="member is-open' in html
    squad.refresh_from_db()
    assert squad.version == 3  # import, the ability, the copy: one version for the copy


def test_duplicates_number_on_past_the_names_taken(make_squad, owner_client):
    roster = Roster(
        "black-sun", "Dup", "us-army",
        (Member("Boss", "boss"), Member("Grunt 1", "grunt"), Member("Grunt 2", "grunt")),
    )  # fmt: skip
    squad = make_squad(roster)
    grunt = squad.members.get(name="Grunt 1")
    url = reverse("rosters:member_duplicate", args=[squad.pk, grunt.pk])
    owner_client.post(url)
    response = owner_client.post(url)  # without JavaScript: back to the builder, copy open
    copy = squad.members.get(name="Grunt 4")
    assert response.status_code == 302
    assert response["Location"] == f"{builder(squad, copy.pk)}#member-{copy.pk}"
    assert [m.name for m in squad.members.order_by("position")] == [
        "Boss", "Grunt 1", "Grunt 4", "Grunt 3", "Grunt 2"
    ]  # fmt: skip


def test_a_campaign_squad_duplicates_as_a_fresh_recruit(make_squad, owner_client):
    squad = make_squad()
    Squad.objects.filter(pk=squad.pk).update(in_campaign=True)
    grunt = squad.members.get(name="Grunt 1")
    # a model that fought: battles set these on a campaign squad
    StoredMember.objects.filter(pk=grunt.pk).update(
        status="recovering", record={**grunt.record, "cv_loss": 1}
    )
    url = reverse("rosters:member_duplicate", args=[squad.pk, grunt.pk])
    assert url in owner_client.get(builder(squad)).content.decode()
    owner_client.post(url, **HX)
    copy = squad.members.order_by("-pk").first()
    assert copy.pk != grunt.pk and copy.type == "grunt"
    assert copy.status == "active" and copy.record.get("cv_loss", 0) == 0  # fresh, not wounded
    assert list(copy.equipment.values_list("item", flat=True)) == list(
        grunt.equipment.values_list("item", flat=True)
    )


def test_nobody_duplicates_anothers_model(squad, other_client):
    grunt = squad.members.get(name="Grunt 1")
    response = other_client.post(reverse("rosters:member_duplicate", args=[squad.pk, grunt.pk]))
    assert response.status_code == 404
    assert squad.members.count() == 12


# --- every rule broken in the summary -------------------------------------------------------


def test_the_summary_lists_a_models_broken_rule_with_a_link_to_its_card(make_squad, owner_client):
    roster = Roster(
        "black-sun", "Broken", "us-army",
        (Member("Boss", "boss"), Member("Ling", "grunt", (Equipment("machine-gun"),))),
    )  # fmt: skip
    squad = make_squad(roster)
    ling = squad.members.get(name="Ling")
    html = owner_client.get(builder(squad)).content.decode()
    summary = html.split('id="summary"')[1].split("</section>")[0]
    assert 'data-code="squad-size"' in summary  # the squad's own
    item = summary.split('data-code="ag-missing"')[1].split("</li>")[0]
    assert f'href="{builder(squad, ling.pk)}#member-{ling.pk}"' in item
    assert f'hx-get="{builder(squad, ling.pk)}"' in item


# --- plain text ------------------------------------------------------------------------------


def test_the_plain_text_export_reads_as_a_chat_message(
    make_squad, owner_client, django_assert_max_num_queries
):
    roster = Roster(
        "black-sun", "Hill 937", "us-army",
        (Member("Mint", "boss", (Equipment("pistol"),)),
         Member("Song", "grunt", (Equipment("assault-rifle"), Equipment("grenades", 4)),
                status="recovering")),
    )  # fmt: skip
    squad = make_squad(roster)
    with django_assert_max_num_queries(8):
        response = owner_client.get(reverse("rosters:text", args=[squad.pk]))
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    lines = response.content.decode().splitlines()
    assert lines[0].startswith("Hill 937 · Black Sun · US Army · 60/200 pts · invalid: ")
    assert lines[1] == "- Mint (Boss, 50 pts): Pistol"
    assert lines[2] == "- Song (Grunt, 10 pts, recovering): Assault rifle (AR), Grenades ×4"


def test_the_plain_text_export_is_the_owners(squad, other_client):
    assert other_client.get(reverse("rosters:text", args=[squad.pk])).status_code == 404


def test_the_plain_text_export_speaks_french(squad, owner_client):
    owner_client.cookies["django_language"] = "fr"
    text = owner_client.get(reverse("rosters:text", args=[squad.pk])).content.decode()
    assert " pts" in text and ("valide" in text.splitlines()[0])
