import json
import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from rosters.models import Squad
from rules.documents import roster_to_document
from tests.rosters.conftest import grunts_roster

pytestmark = pytest.mark.django_db


def squad_urls(squad):
    ling = squad.members.get(name="Ling")
    line = ling.equipment.first()
    mint = squad.members.get(name="Capt. Steven Mint")
    ability = mint.abilities.first()
    pk = squad.pk
    return [
        ("get", reverse("rosters:builder", args=[pk]), {}),
        ("get", reverse("rosters:export", args=[pk]), {}),
        ("get", reverse("rosters:delete", args=[pk]), {}),
        ("post", reverse("rosters:edit", args=[pk]),
         {"name": "X", "faction": "us-army", "points_limit": "200"}),
        ("post", reverse("rosters:duplicate", args=[pk]), {}),
        ("post", reverse("rosters:public", args=[pk]), {"public": "on"}),
        ("post", reverse("rosters:member_add", args=[pk]), {"name": "New", "type": "grunt"}),
        ("post", reverse("rosters:member_update", args=[pk, ling.pk]),
         {"name": "Ling", "type": "grunt", "status": "active"}),
        ("post", reverse("rosters:member_move", args=[pk, ling.pk, "up"]), {}),
        ("post", reverse("rosters:equipment_add", args=[pk, ling.pk]), {"item": "pistol"}),
        ("post", reverse("rosters:equipment_remove", args=[pk, ling.pk, line.pk]), {}),
        ("post", reverse("rosters:ability_add", args=[pk, ling.pk]), {"code": "lucky"}),
        ("post", reverse("rosters:ability_draw", args=[pk, ling.pk]), {}),
        ("post", reverse("rosters:ability_remove", args=[pk, mint.pk, ability.pk]), {}),
        ("post", reverse("rosters:member_remove", args=[pk, ling.pk]), {}),
        ("post", reverse("rosters:delete", args=[pk]), {}),
    ]  # fmt: skip


def test_another_user_gets_404_everywhere_and_changes_nothing(squad, other_client):
    version = squad.version
    for method, url, data in squad_urls(squad):
        response = getattr(other_client, method)(url, data)
        assert response.status_code == 404, url
        response = getattr(other_client, method)(url, data, HTTP_HX_REQUEST="true")
        assert response.status_code == 404, url
    assert Squad.objects.get(pk=squad.pk).version == version
    assert Squad.objects.count() == 1


def test_anonymous_is_sent_to_log_in_everywhere(squad, client):
    for method, url, data in squad_urls(squad):
        response = getattr(client, method)(url, data)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("login")), url
    assert client.get(reverse("rosters:list")).status_code == 302


def test_the_owner_can_use_every_view(squad, owner_client):
    for method, url, data in squad_urls(squad):
        response = getattr(owner_client, method)(url, data)
        assert response.status_code in (200, 302), url
    assert not Squad.objects.filter(pk=squad.pk).exists()  # the last one deletes it


def test_builder_full_page_and_htmx_partial(squad, owner_client):
    url = reverse("rosters:builder", args=[squad.pk])
    page = owner_client.get(url).content.decode()
    partial = owner_client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" in page and 'id="roster"' in page and "200 / 200" in page
    assert "<html" not in partial and partial.lstrip().startswith('<div id="roster"')
    assert "Valid squad" in partial


def test_a_violation_shows_next_to_its_model_and_goes_away(squad, owner_client):
    song = squad.members.get(name="Song")
    ling = squad.members.get(name="Ling")
    url = reverse("rosters:member_update", args=[squad.pk, song.pk])
    data = {"name": "Song", "type": "grunt", "status": "active", "assists": ""}
    html = owner_client.post(url, data, HTTP_HX_REQUEST="true").content.decode()
    assert html.lstrip().startswith(f'<article id="member-{song.pk}"')
    assert 'data-code="ag-missing"' in html
    # the gunner's own list, out of band, says it (and the summary lists it too)
    assert 'data-code="ag-missing"' in html.split(f'id="violations-{ling.pk}"')[1].split("</ul>")[0]
    assert 'data-code="ag-missing"' in html.split('id="summary"')[1].split("</section>")[0]
    assert "Invalid" in html
    data["assists"] = str(ling.pk)
    html = owner_client.post(url, data, HTTP_HX_REQUEST="true").content.decode()
    assert "ag-missing" not in html and "Valid squad" in html


def test_htmx_item_change_returns_the_row_and_out_of_band_summary(squad, owner_client):
    grunt = squad.members.get(name="Grunt 1")
    url = reverse("rosters:equipment_add", args=[squad.pk, grunt.pk])
    html = owner_client.post(url, {"item": "pistol"}, HTTP_HX_REQUEST="true").content.decode()
    assert html.lstrip().startswith(f'<article id="member-{grunt.pk}"')
    assert 'id="summary"' in html and 'hx-swap-oob="true"' in html
    assert "EP 4 / 3" in html and 'data-code="ep-over"' in html


def test_without_javascript_a_change_redirects_to_the_builder(squad, owner_client):
    grunt = squad.members.get(name="Grunt 1")
    url = reverse("rosters:equipment_add", args=[squad.pk, grunt.pk])
    response = owner_client.post(url, {"item": "pistol"})
    assert response.status_code == 302
    assert (
        response["Location"]
        == reverse("rosters:builder", args=[squad.pk]) + f"?open={grunt.pk}#member-{grunt.pk}"
    )


def test_a_refused_change_says_why_next_to_the_model(squad, owner_client):
    grunt = squad.members.get(name="Grunt 1")
    url = reverse("rosters:member_update", args=[squad.pk, grunt.pk])
    data = {"name": "Ling", "type": "grunt", "status": "active"}
    response = owner_client.post(url, data, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert html.lstrip().startswith(f'<article id="member-{grunt.pk}"')
    assert html.index("already named Ling") < html.index("</article>")
    # the card keeps what was typed, marked invalid, to be mended (issue #14)
    assert 'value="Ling" maxlength="100" required aria-invalid="true"' in html
    assert squad.members.filter(name="Grunt 1").exists()


def test_a_new_name_comes_back_in_every_card(squad, owner_client):
    """Other cards offer it among the models they may assist."""
    grunt = squad.members.get(name="Grunt 1")
    url = reverse("rosters:member_update", args=[squad.pk, grunt.pk])
    data = {"name": "Hicks", "type": "grunt", "status": "active"}
    response = owner_client.post(url, data, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response["HX-Retarget"] == "#roster"
    assert html.lstrip().startswith('<div id="roster"') and html.count("<article") == 12
    # a rifleman: no card may assist him, so none lists him (issue #14: "Assists" lists only
    # the models a card may assist; tests/rosters/test_table_side_builder.py lists those)
    assert html.count(f'<option value="{grunt.pk}">Hicks</option>') == 0


def test_a_status_change_comes_back_in_its_card_alone(squad, owner_client):
    grunt = squad.members.get(name="Grunt 1")
    url = reverse("rosters:member_update", args=[squad.pk, grunt.pk])
    data = {"name": "Grunt 1", "type": "grunt", "status": "dead"}
    response = owner_client.post(url, data, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert "HX-Retarget" not in response
    assert html.lstrip().startswith(
        f'<article id="member-{grunt.pk}" class="member is-open is-dead"'
    )
    assert html.count("<article") == 1 and "190 / 200" in html


def test_an_invalid_squad_can_be_saved_and_is_marked_invalid(squad, owner_client):
    url = reverse("rosters:member_add", args=[squad.pk])
    owner_client.post(url, {"name": "Extra boss", "type": "boss"})
    page = owner_client.get(reverse("rosters:builder", args=[squad.pk])).content.decode()
    assert "Extra boss" in page and "Invalid" in page and 'data-code="type-count"' in page


def test_export_is_a_roster_document(squad, owner_client):
    response = owner_client.get(reverse("rosters:export", args=[squad.pk]))
    assert response["Content-Type"] == "application/json"
    assert "attachment" in response["Content-Disposition"]
    document = json.loads(response.content)
    assert document["format"] == "squad-roster/1" and len(document["members"]) == 12


def test_import_by_paste_then_export_round_trips(owner_client):
    document = roster_to_document(grunts_roster(7))
    response = owner_client.post(reverse("rosters:import"), {"text": json.dumps(document)})
    assert response.status_code == 302
    squad = Squad.objects.get()
    exported = json.loads(owner_client.get(reverse("rosters:export", args=[squad.pk])).content)
    assert exported == document


def test_import_by_upload(owner_client, tmp_path):
    path = tmp_path / "squad.json"
    path.write_text(json.dumps(roster_to_document(grunts_roster(6))))
    with path.open("rb") as handle:
        response = owner_client.post(reverse("rosters:import"), {"file": handle})
    assert response.status_code == 302 and Squad.objects.count() == 1


def test_import_errors_name_their_path_and_store_nothing(owner_client):
    document = roster_to_document(grunts_roster(6))
    document["members"][3]["equipment"][0]["item"] = "laser"
    response = owner_client.post(reverse("rosters:import"), {"text": json.dumps(document)})
    assert response.status_code == 400
    assert "Grunt 2, equipment 1: unknown item &#x27;laser&#x27;" in response.content.decode()
    assert not Squad.objects.exists()


def test_squad_list_shows_only_my_squads(make_squad, other_user, owner_client):
    mine = make_squad()
    theirs = make_squad(grunts_roster(6), owner=other_user)
    html = owner_client.get(reverse("rosters:list")).content.decode()
    assert escape(mine.name) in html and escape(theirs.name) not in html
    assert "US Army" in html


def test_create_a_squad(owner_client, user):
    response = owner_client.post(
        reverse("rosters:create"), {"name": "Fresh", "faction": "adaro", "points_limit": "200"}
    )
    squad = Squad.objects.get(owner=user)
    assert response["Location"] == reverse("rosters:builder", args=[squad.pk])


def test_public_link_works_only_while_on(squad, owner_client, client):
    url = reverse("squad_shared", args=[squad.public_id])
    assert client.get(url).status_code == 404
    owner_client.post(reverse("rosters:public", args=[squad.pk]), {"public": "on"})
    owner_client.logout()
    page = client.get(url)
    assert page.status_code == 200 and "Capt. Steven Mint" in page.content.decode()
    assert "hx-post" not in page.content.decode()
    squad.is_public = False
    squad.save()
    assert client.get(url).status_code == 404


def test_delete_asks_first(squad, owner_client):
    url = reverse("rosters:delete", args=[squad.pk])
    assert "Delete" in owner_client.get(url).content.decode()
    assert Squad.objects.filter(pk=squad.pk).exists()
    owner_client.post(url)
    assert not Squad.objects.filter(pk=squad.pk).exists()


def test_a_grunt_records_an_ability_gained_in_the_campaign(squad, owner_client):
    grunt = squad.members.get(name="Grunt 1")
    url = reverse("rosters:ability_add", args=[squad.pk, grunt.pk])
    html = owner_client.post(
        url, {"code": "lucky", "gained": "advance"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert grunt.abilities.get().gained == "advance"
    assert "ability-allowance" not in html and "Draw a random ability" not in html


def test_builder_and_public_page_offer_the_squad_downloads(squad, owner_client, client):
    page = owner_client.get(reverse("rosters:builder", args=[squad.pk]))
    assert "print/_squad_downloads.html" in [t.name for t in page.templates]
    squad.is_public = True
    squad.save()
    shared = client.get(reverse("squad_shared", args=[squad.public_id]))
    assert "print/_squad_downloads.html" in [t.name for t in shared.templates]


def test_every_builder_form_carries_a_token_for_posts_without_javascript(squad, owner_client):
    first = squad.members.first()
    url = reverse("rosters:builder", args=[squad.pk]) + f"?open={first.pk}"
    html = owner_client.get(url).content.decode()
    forms = [f for f in html.split("<form")[1:] if 'method="post"' in f.split(">")[0]]
    assert len(forms) > 1 + 6  # the lines' shared form, and the open card's forms
    for form in forms:
        assert 'name="csrfmiddlewaretoken"' in form.split("</form>")[0]
    # A line's "Duplicate" posts the one form #line-actions (the lines are cached: no token
    # of their own), which carries the token; every line but the open card's has one.
    owners = re.findall(r'<button form="([^"]+)" formaction="[^"]+/duplicate/"', html)
    assert owners == ["line-actions"] * (squad.members.count() - 1)
    assert '<form id="line-actions" method="post" hidden>' in html


def test_a_chip_posts_to_its_own_remove_url_with_or_without_htmx(squad, owner_client):
    ling = squad.members.get(name="Ling")
    line = ling.equipment.get()
    url = reverse("rosters:equipment_remove", args=[squad.pk, ling.pk, line.pk])
    builder = reverse("rosters:builder", args=[squad.pk])
    html = owner_client.get(f"{builder}?open={ling.pk}").content.decode()
    assert f'formaction="{url}" hx-post="{url}"' in html
    response = owner_client.post(url)
    assert response.status_code == 302 and not ling.equipment.exists()


def test_a_random_draw_by_full_page_post_comes_back_to_the_model(squad, owner_client):
    grunt = squad.members.get(name="Grunt 1")
    response = owner_client.post(reverse("rosters:ability_draw", args=[squad.pk, grunt.pk]))
    assert response["Location"].endswith(f"#member-{grunt.pk}")
    assert grunt.abilities.get().gained == "random"


def test_an_rp_left_out_of_the_form_keeps_its_value(make_squad, owner_client):
    squad = make_squad(grunts_roster(6))
    boss = squad.members.get(name="Boss")
    boss.rp = 5
    boss.save()
    url = reverse("rosters:member_update", args=[squad.pk, boss.pk])
    owner_client.post(url, {"name": "Big Boss"}, HTTP_HX_REQUEST="true")
    boss.refresh_from_db()
    assert (boss.name, boss.rp, boss.type, boss.status) == ("Big Boss", 5, "boss", "active")
