"""Issue 14, part 1: notes per model and per squad, printed on the sheet.

The squad-roster/1 document has no key for notes (its keys are a public contract, and extra
keys are refused), so notes live beside it: the pages edit them, the sheet and the cards print
them, copies keep them, and a replacement of the document keeps each model's notes by name.
"""

from __future__ import annotations

import dataclasses
import json

import pytest
from django.urls import reverse

from printing import pdf
from rosters import services
from rosters.demo import demo_rosters
from rosters.models import Squad
from rosters.services import MAX_MEMBER_NOTES, MAX_SQUAD_NOTES, ServiceError
from rules.documents import roster_to_document
from tests.printing.conftest import pdf_text

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
FIRST, SECOND = (m.name for m in demo_rosters()[0].members[:2])


def edit_url(squad) -> str:
    return reverse("rosters:edit", args=[squad.pk])


def update_url(member) -> str:
    return reverse("rosters:member_update", args=[member.squad_id, member.pk])


def card_post(member, **values) -> dict:
    return {"name": member.name, "type": member.type, "status": member.status, **values}


# --- editing them ---------------------------------------------------------------------------


def test_squad_notes_are_saved_from_the_squad_form_and_shown_again(squad, owner_client):
    version = squad.version
    response = owner_client.post(
        edit_url(squad), {"name": squad.name, "notes": "Hold the ford.\r\nNo retreat."}, **HX
    )
    assert response.status_code == 200
    squad.refresh_from_db()
    assert squad.notes == "Hold the ford.\nNo retreat."
    assert squad.version == version + 1  # the sheet printed before is out of date
    html = owner_client.get(reverse("rosters:builder", args=[squad.pk])).content.decode()
    assert "Hold the ford.\nNo retreat.</textarea>" in html


def test_a_squad_form_without_notes_keeps_them(squad, owner_client):
    services.squad_update(
        squad=squad, name=squad.name, faction=squad.faction, points_limit=squad.points_limit,
        notes="Keep me",
    )  # fmt: skip
    owner_client.post(edit_url(squad), {"name": "Renamed"}, **HX)
    squad.refresh_from_db()
    assert (squad.name, squad.notes) == ("Renamed", "Keep me")


def test_a_model_s_notes_are_saved_from_its_card_and_shown_on_its_line(squad, owner_client):
    grunt = squad.members.get(name="Grunt 1")
    response = owner_client.post(
        update_url(grunt), card_post(grunt, notes="Carries the radio"), **HX
    )
    assert response.status_code == 200
    grunt.refresh_from_db()
    assert grunt.notes == "Carries the radio"
    assert "Carries the radio</textarea>" in response.content.decode()  # its open card
    page = owner_client.get(reverse("rosters:builder", args=[squad.pk])).content.decode()
    line = page.split(f'id="member-{grunt.pk}"')[1].split("</article>")[0]
    assert '<i class="line-notes">Carries the radio</i>' in line


def test_notes_too_long_are_refused_at_the_field_with_what_was_typed(squad, owner_client):
    grunt = squad.members.get(name="Grunt 1")
    typed = "x" * (MAX_MEMBER_NOTES + 1)
    response = owner_client.post(update_url(grunt), card_post(grunt, notes=typed), **HX)
    html = response.content.decode()
    assert f'id="member-{grunt.pk}-notes-error"' in html
    assert f"at most {MAX_MEMBER_NOTES} characters" in html
    assert f">{typed}</textarea>" in html
    grunt.refresh_from_db()
    assert grunt.notes == ""

    long_squad_notes = "y" * (MAX_SQUAD_NOTES + 1)
    response = owner_client.post(
        edit_url(squad), {"name": squad.name, "notes": long_squad_notes}, **HX
    )
    html = response.content.decode()
    assert 'id="squad-notes-error"' in html and f">{long_squad_notes}</textarea>" in html
    squad.refresh_from_db()
    assert squad.notes == ""


def test_notes_without_javascript_come_back_on_the_page_with_the_error(squad, owner_client):
    response = owner_client.post(edit_url(squad), {"name": squad.name, "notes": "bad\x07bell"})
    assert response.status_code == 400
    assert "Notes cannot hold control characters." in response.content.decode()


@pytest.mark.parametrize("bad", ["\x00", "\x1b[31m", "\x7f"])
def test_control_characters_are_refused_but_line_breaks_and_tabs_kept(squad, bad):
    grunt = squad.members.get(name="Grunt 1")
    with pytest.raises(ServiceError) as refused:
        services.member_update(
            member=grunt, name=grunt.name, type=grunt.type, status=grunt.status, notes=bad
        )
    assert refused.value.field == "notes"
    services.member_update(
        member=grunt, name=grunt.name, type=grunt.type, status=grunt.status,
        notes="one\n\ttwo",
    )  # fmt: skip
    grunt.refresh_from_db()
    assert grunt.notes == "one\n\ttwo"


def test_a_campaign_squad_s_player_edits_notes(squad, user):
    copy = services.squad_campaign_copy(squad=squad, owner=user, points_limit=200)
    grunt = copy.members.get(name="Grunt 1")
    services.member_update(
        member=grunt, name=grunt.name, type=grunt.type, status=grunt.status, notes="Veteran"
    )
    grunt.refresh_from_db()
    assert grunt.notes == "Veteran"


# --- kept where the squad goes -----------------------------------------------------------


def with_notes(squad):
    services.squad_update(
        squad=squad, name=squad.name, faction=squad.faction, points_limit=squad.points_limit,
        notes="Squad plan",
    )  # fmt: skip
    for member in squad.members.filter(name__in=[FIRST, SECOND]):
        services.member_update(
            member=member, name=member.name, type=member.type, status=member.status,
            notes=f"{member.name} note",
        )  # fmt: skip
    return Squad.objects.get(pk=squad.pk)


def test_copies_keep_the_notes(squad, user):
    squad = with_notes(squad)
    for copy in (
        services.squad_duplicate(squad=squad, owner=user),
        services.squad_campaign_copy(squad=squad, owner=user, points_limit=200),
    ):
        assert copy.notes == "Squad plan"
        assert dict(copy.members.exclude(notes="").values_list("name", "notes")) == {
            FIRST: f"{FIRST} note",
            SECOND: f"{SECOND} note",
        }


def test_the_document_has_no_notes_and_a_replacement_keeps_them_by_model_name(squad):
    squad = with_notes(squad)
    roster = demo_rosters()[0]
    document = roster_to_document(roster)
    assert "notes" not in json.dumps(document)
    kept = [m for m in roster.members if m.name != SECOND]  # the second leaves the squad
    services.squad_replace(squad=squad, roster=dataclasses.replace(roster, members=tuple(kept)))
    squad.refresh_from_db()
    assert squad.notes == "Squad plan"
    assert dict(squad.members.exclude(notes="").values_list("name", "notes")) == {
        FIRST: f"{FIRST} note"
    }


def test_the_export_leaves_the_notes_out(squad, owner_client):
    with_notes(squad)
    response = owner_client.get(reverse("rosters:export", args=[squad.pk]))
    assert "note" not in response.content.decode().lower()


# --- printed ---------------------------------------------------------------------------------


def test_the_sheet_prints_the_squad_s_and_the_models_notes(squad):
    squad = with_notes(squad)
    text = pdf_text(pdf.stored_squad_pdf(squad)[0])
    assert "NOTES Squad plan" in text  # the heading in capitals
    assert f"{FIRST} note" in text and f"{SECOND} note" in text


def test_the_cards_print_each_model_s_notes_not_the_squad_s(squad):
    squad = with_notes(squad)
    text = pdf_text(pdf.stored_squad_pdf(squad, cards=True)[0])
    assert f"{FIRST} note" in text and f"{SECOND} note" in text
    assert "Squad plan" not in text


@pytest.mark.parametrize("index", range(len(demo_rosters())))
def test_every_game_s_sheet_prints_the_squad_notes(index, user):
    stored = services.squad_import(owner=user, roster=demo_rosters()[index])
    first = stored.members.first()
    services.squad_update(
        squad=stored, name=stored.name, faction=stored.faction, points_limit=stored.points_limit,
        notes="Our plan <b>here</b>",
    )  # fmt: skip
    if first is not None:  # a game of models
        services.member_update(
            member=first, name=first.name, type=first.type, status=first.status,
            notes="First note",
        )  # fmt: skip
    stored.refresh_from_db()
    html_context = {}
    original = pdf.render_pdf

    def capture(template_name, context):
        html_context.update(context)
        return original(template_name, context)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pdf, "render_pdf", capture)
        text = pdf_text(pdf.stored_squad_pdf(stored)[0])
    assert "Our plan <b>here</b>" in text  # printed as text, not markup
    assert html_context["squad"]["notes"] == "Our plan <b>here</b>"
    if first is not None:
        assert "First note" in text
