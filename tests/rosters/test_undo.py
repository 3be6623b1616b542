"""Issue 14, part 1: undo of the last change made in the builder (``rosters.undo``).

One step, kept in the session: the squad as it was before the last change made there. Undo
puts it back whole (models, equipment, abilities, notes) unless something else changed the
squad since; a campaign squad, whose battles own its record, has no undo.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from rosters import services
from rosters.models import Squad
from rules.documents import parse_roster, roster_to_document
from tests.test_units import BAND, units_game  # noqa: F401 (the toy game of units, a fixture)

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
UNDO_BUTTON = "Undo the last change"


def undo_url(squad) -> str:
    return reverse("rosters:undo", args=[squad.pk])


def builder_html(client, squad) -> str:
    return client.get(reverse("rosters:builder", args=[squad.pk])).content.decode()


def add_item(client, member, item="pistol", **headers):
    url = reverse("rosters:equipment_add", args=[member.squad_id, member.pk])
    return client.post(url, {"item": item}, **headers)


def document(squad) -> dict:
    from rosters.adapters import squad_to_roster, squads_with_members

    row = squads_with_members(Squad.objects.filter(pk=squad.pk)).get()
    return roster_to_document(squad_to_roster(row))


def test_a_fresh_page_offers_no_undo(squad, owner_client):
    assert UNDO_BUTTON not in builder_html(owner_client, squad)


@pytest.mark.parametrize("headers", [HX, {}], ids=["htmx", "full page"])
def test_undo_puts_back_the_squad_as_it_was_before_the_last_change(squad, owner_client, headers):
    grunt = squad.members.get(name="Grunt 1")
    before = document(squad)
    response = add_item(owner_client, grunt, **headers)
    if headers:
        assert UNDO_BUTTON in response.content.decode()  # in the summary swapped in
    assert UNDO_BUTTON in builder_html(owner_client, squad)
    assert document(squad) != before
    version = Squad.objects.get(pk=squad.pk).version

    response = owner_client.post(undo_url(squad), **headers)
    assert response.status_code in (200, 302)
    assert document(squad) == before
    assert Squad.objects.get(pk=squad.pk).version == version + 1  # printed sheets see it
    assert UNDO_BUTTON not in builder_html(owner_client, squad)  # one step, not undone again


def test_only_the_last_change_is_undone(squad, owner_client):
    grunt = squad.members.get(name="Grunt 1")
    add_item(owner_client, grunt, **HX)
    after_first = document(squad)
    add_item(owner_client, grunt, item="shotgun", **HX)
    owner_client.post(undo_url(squad), **HX)
    assert document(squad) == after_first


def test_undo_brings_back_a_removed_model_with_its_kit_abilities_and_notes(squad, owner_client):
    boss = squad.members.first()
    services.member_update(
        member=boss, name=boss.name, type=boss.type, status=boss.status, notes="Leads from front"
    )
    before = document(squad)
    remove = reverse("rosters:member_remove", args=[squad.pk, boss.pk])
    owner_client.post(remove, **HX)
    assert not squad.members.filter(name=boss.name).exists()
    owner_client.post(undo_url(squad), **HX)
    assert document(squad) == before
    back = squad.members.get(name=boss.name)
    assert back.notes == "Leads from front"
    assert squad.members.order_by("position").first().name == boss.name  # in its place


def test_undo_of_a_notes_change_puts_the_old_notes_back(squad, owner_client):
    owner_client.post(
        reverse("rosters:edit", args=[squad.pk]), {"name": squad.name, "notes": "Plan A"}, **HX
    )
    owner_client.post(
        reverse("rosters:edit", args=[squad.pk]), {"name": squad.name, "notes": "Plan B"}, **HX
    )
    owner_client.post(undo_url(squad), **HX)
    squad.refresh_from_db()
    assert squad.notes == "Plan A"


def test_a_refused_edit_keeps_the_undo_of_the_change_before(squad, owner_client):
    grunt = squad.members.get(name="Grunt 1")
    before = document(squad)
    add_item(owner_client, grunt, **HX)
    refused = add_item(owner_client, grunt, item="no-such-item", **HX)
    assert UNDO_BUTTON in refused.content.decode()
    owner_client.post(undo_url(squad), **HX)
    assert document(squad) == before


def test_a_change_made_elsewhere_since_is_never_overwritten(squad, owner_client):
    grunt = squad.members.get(name="Grunt 1")
    add_item(owner_client, grunt, **HX)
    # another tab, or the API, changes the squad after that
    fresh = Squad.objects.get(pk=squad.pk)
    services.squad_update(squad=fresh, name="Renamed elsewhere", faction=fresh.faction,
                          points_limit=fresh.points_limit)  # fmt: skip
    elsewhere = document(squad)
    assert UNDO_BUTTON not in builder_html(owner_client, squad)

    response = owner_client.post(undo_url(squad), **HX)
    assert "nothing was undone" in response.content.decode()
    assert document(squad) == elsewhere


def test_with_nothing_to_undo_the_page_says_so(squad, owner_client):
    response = owner_client.post(undo_url(squad), **HX)
    assert "There is no change of yours to undo on this squad." in response.content.decode()
    response = owner_client.post(undo_url(squad), follow=True)
    assert "There is no change of yours to undo on this squad." in response.content.decode()


def test_the_undo_step_belongs_to_its_squad(make_squad, owner_client):
    first, second = make_squad(), make_squad()
    add_item(owner_client, first.members.get(name="Grunt 1"), **HX)
    before_second = document(second)
    response = owner_client.post(undo_url(second), **HX)
    assert "no change of yours to undo" in response.content.decode()
    assert document(second) == before_second
    assert UNDO_BUTTON in builder_html(owner_client, first)


def test_another_user_cannot_undo(squad, owner_client, other_user):
    add_item(owner_client, squad.members.get(name="Grunt 1"), **HX)
    owner_client.force_login(other_user)  # the same browser session, another account
    assert owner_client.post(undo_url(squad), **HX).status_code == 404


def test_a_campaign_squad_has_no_undo(squad, owner_client, user):
    copy = services.squad_campaign_copy(squad=squad, owner=user, points_limit=200)
    grunt = copy.members.get(name="Grunt 1")
    response = add_item(owner_client, grunt, **HX)
    assert response.status_code == 200
    assert UNDO_BUTTON not in response.content.decode()
    before = document(copy)
    owner_client.post(undo_url(copy), **HX)
    assert document(copy) == before


@pytest.mark.usefixtures("units_game")
def test_a_force_of_units_undoes_too(client, user):
    force = services.squad_import(owner=user, roster=parse_roster(BAND))
    client.force_login(user)
    before = document(force)
    url = reverse("rosters:unit_member_add", args=[force.pk, 0])
    response = client.post(url, {"name": "Archer"}, **HX)
    assert UNDO_BUTTON in response.content.decode()
    assert document(force) != before
    client.post(undo_url(force), **HX)
    assert document(force) == before


def _edits(squad):
    """An htmx edit of each kind the builder makes to a model, as (URL, data)."""
    grunt = squad.members.get(name="Grunt 1")
    line = grunt.equipment.first()
    services.ability_add(member=grunt, code=_any_ability(squad), gained="chosen")
    ability = grunt.abilities.first()
    return {
        "equipment_add": (reverse("rosters:equipment_add", args=[squad.pk, grunt.pk]),
                          {"item": "pistol"}),
        "equipment_remove": (reverse("rosters:equipment_remove",
                                     args=[squad.pk, grunt.pk, line.pk]), {}),
        "ability_remove": (reverse("rosters:ability_remove",
                                   args=[squad.pk, grunt.pk, ability.pk]), {}),
        "member_move": (reverse("rosters:member_move", args=[squad.pk, grunt.pk, "up"]), {}),
        "member_update": (reverse("rosters:member_update", args=[squad.pk, grunt.pk]),
                          {"name": "Grunt One"}),
        "member_duplicate": (reverse("rosters:member_duplicate", args=[squad.pk, grunt.pk]), {}),
        "member_remove": (reverse("rosters:member_remove", args=[squad.pk, grunt.pk]), {}),
        "member_add": (reverse("rosters:member_add", args=[squad.pk]),
                       {"name": "New recruit", "type": grunt.type}),
        "squad_edit": (reverse("rosters:edit", args=[squad.pk]), {"name": "Renamed"}),
    }  # fmt: skip


def _any_ability(squad) -> str:
    from rules import get_system

    return next(iter(get_system(squad.system).abilities))


@pytest.mark.parametrize(
    "edit",
    ["equipment_add", "equipment_remove", "ability_remove", "member_move", "member_update",
     "member_duplicate", "member_remove", "member_add", "squad_edit"],
)  # fmt: skip
def test_every_edit_of_a_model_can_be_undone(squad, owner_client, edit):
    """The page after the edit shows the squad as the edit left it, without reading it again
    (#29 item 3): with its new version, which the undo step keeps."""
    url, data = _edits(squad)[edit]
    before = document(squad)
    response = owner_client.post(url, data, **HX)
    assert response.status_code == 200
    assert UNDO_BUTTON in response.content.decode()
    assert document(squad) != before
    owner_client.post(undo_url(squad), **HX)
    assert document(squad) == before
