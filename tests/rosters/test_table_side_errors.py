"""Issue 14, part 2: an edit the server refuses says why at its field, marks the field
invalid and keeps what the user typed, so it can be fixed; nothing is saved. The same with
htmx (the answer swaps the card or the form) and without JavaScript (the page comes back
from the full-page post, status 400).
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from rosters.models import Squad

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


class _Page(HTMLParser):
    """Every start tag with its attributes, and the text of every element that has an id."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.text: dict[str, str] = {}
        self._open: list[tuple[str, str | None]] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attributes = {k: v or "" for k, v in attrs}
        self.tags.append((tag, attributes))
        if tag not in ("input", "br", "img", "meta", "link"):
            self._open.append((tag, attributes.get("id")))
            if attributes.get("id"):
                self.text.setdefault(attributes["id"], "")

    def handle_endtag(self, tag):
        while self._open:
            if self._open.pop()[0] == tag:
                break

    def handle_data(self, data):
        for _, ident in self._open:
            if ident:
                self.text[ident] += data


def invalid_field(html: str, name: str) -> tuple[dict[str, str], str]:
    """The one field named ``name`` marked invalid, and the message it points to."""
    page = _Page(html)
    marked = [
        attrs
        for tag, attrs in page.tags
        if tag in ("input", "select") and attrs.get("name") == name
        and attrs.get("aria-invalid") == "true"
    ]  # fmt: skip
    assert len(marked) == 1, f"{name}: {len(marked)} fields marked invalid"
    message = page.text.get(marked[0].get("aria-describedby", ""), "")
    return marked[0], " ".join(message.split())


def full_page(response, status: int = 400) -> str:
    assert response.status_code == status
    html = response.content.decode()
    assert "<html" in html
    return html


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "full-page"])
def test_a_negative_points_limit_is_refused_at_its_field(squad, owner_client, htmx):
    url = reverse("rosters:edit", args=[squad.pk])
    data = {"name": "Hill 937", "faction": "us-army", "points_limit": "-5"}
    response = owner_client.post(url, data, **(HX if htmx else {}))
    html = response.content.decode() if htmx else full_page(response)
    field, message = invalid_field(html, "points_limit")
    assert field["value"] == "-5"
    assert "points limit is a whole number from 1" in message
    names = [a for _, a in _Page(html).tags if a.get("name") == "name"]
    assert any(a.get("value") == "Hill 937" for a in names)  # what was typed beside it
    squad.refresh_from_db()
    assert squad.points_limit == 200 and squad.name != "Hill 937"


def test_the_squad_form_comes_back_clean_once_the_limit_is_fixed(squad, owner_client):
    url = reverse("rosters:edit", args=[squad.pk])
    data = {"name": squad.name, "faction": "us-army", "points_limit": "250"}
    html = owner_client.post(url, data, **HX).content.decode()
    assert 'id="squad-form"' in html and "aria-invalid" not in html.split('id="squad-form"')[1]
    squad.refresh_from_db()
    assert squad.points_limit == 250


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "full-page"])
def test_an_empty_model_name_is_refused_at_its_field(squad, owner_client, htmx):
    grunt = squad.members.get(name="Grunt 1")
    url = reverse("rosters:member_update", args=[squad.pk, grunt.pk])
    data = {"name": "  ", "type": "grunt", "status": "active", "cv_loss": "1"}
    response = owner_client.post(url, data, **(HX if htmx else {}))
    html = response.content.decode() if htmx else full_page(response)
    field, message = invalid_field(html, "name")
    assert field["value"] == "  " and message == "A model needs a name."
    assert 'name="cv_loss" type="number" min="0" max="10" value="1"' in html  # kept too
    grunt.refresh_from_db()
    assert grunt.name == "Grunt 1" and grunt.record["cv_loss"] == 0


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "full-page"])
def test_cv_lost_out_of_range_is_refused_at_its_field(squad, owner_client, htmx):
    grunt = squad.members.get(name="Grunt 1")
    url = reverse("rosters:member_update", args=[squad.pk, grunt.pk])
    data = {"name": "Grunt 1", "type": "grunt", "status": "active", "cv_loss": "11"}
    response = owner_client.post(url, data, **(HX if htmx else {}))
    html = response.content.decode() if htmx else full_page(response)
    field, message = invalid_field(html, "cv_loss")
    assert field["value"] == "11" and message == "CV lost: at most 10."
    if htmx:
        assert html.lstrip().startswith(f'<article id="member-{grunt.pk}"')
    grunt.refresh_from_db()
    assert grunt.record["cv_loss"] == 0


def test_a_name_taken_by_another_model_is_refused_at_its_field(squad, owner_client):
    grunt = squad.members.get(name="Grunt 1")
    url = reverse("rosters:member_update", args=[squad.pk, grunt.pk])
    data = {"name": "Ling", "type": "grunt", "status": "active"}
    html = owner_client.post(url, data, **HX).content.decode()
    field, message = invalid_field(html, "name")
    assert field["value"] == "Ling" and message == "Another model is already named Ling."


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "full-page"])
def test_the_add_form_refuses_an_empty_name_at_its_field_and_keeps_the_type(
    squad, owner_client, htmx
):
    url = reverse("rosters:member_add", args=[squad.pk])
    response = owner_client.post(url, {"name": "", "type": "veteran"}, **(HX if htmx else {}))
    html = response.content.decode() if htmx else full_page(response)
    add_form = html.split('class="add-member')[1]
    field, message = invalid_field(add_form, "name")
    assert message == "A model needs a name."
    assert '<option value="veteran" selected>' in add_form
    assert squad.members.count() == 12


def test_a_refused_edit_leaves_the_version_alone(squad, owner_client):
    version = squad.version
    grunt = squad.members.get(name="Grunt 1")
    url = reverse("rosters:member_update", args=[squad.pk, grunt.pk])
    owner_client.post(url, {"name": "Grunt 1", "type": "grunt", "status": "active",
                            "cv_loss": "11"}, **HX)  # fmt: skip
    assert Squad.objects.get(pk=squad.pk).version == version


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "full-page"])
def test_a_force_of_units_refuses_an_empty_name_at_its_field(owner_client, user, htmx):
    from rosters import services
    from rosters.demo import demo_rosters

    force = next(r for r in demo_rosters() if r.system == "one-page-modern")
    squad = services.squad_import(owner=user, roster=force)
    url = reverse("rosters:edit", args=[squad.pk])
    response = owner_client.post(url, {"name": "", "faction": "Kestrel"}, **(HX if htmx else {}))
    html = response.content.decode() if htmx else full_page(response)
    field, message = invalid_field(html, "name")
    assert field["value"] == "" and message == "A squad needs a name."
    assert Squad.objects.get(pk=squad.pk).name == force.name


def test_a_necromunda_advance_out_of_range_is_refused_in_its_fieldset(owner_client, user):
    from rosters import services
    from rosters.demo import demo_rosters

    gang = next(r for r in demo_rosters() if r.system == "necromunda")
    squad = services.squad_import(owner=user, roster=gang)
    fighter = squad.members.first()
    url = reverse("rosters:member_update", args=[squad.pk, fighter.pk])
    data = {"name": fighter.name, "type": fighter.type, "status": "active", "advances-m": "12"}
    html = owner_client.post(url, data, **HX).content.decode()
    fieldset = html.split('<fieldset class="advances"')[1].split("</fieldset>")[0]
    assert 'aria-invalid="true"' in fieldset.split(">")[0]
    assert "whole numbers from -9 to 9" in fieldset and 'value="12"' in fieldset
    before = fighter.record
    fighter.refresh_from_db()
    assert fighter.record == before  # nothing saved
