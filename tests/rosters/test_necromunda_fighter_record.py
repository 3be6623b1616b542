"""Issue #30: the builder's fighter card edits a fighter's experience, injuries and skills
(the record a campaign's aftermath sets), and the public link shows them.

- an edit by htmx and by a plain post sets each of the three;
- a negative experience or a text over the document's length is refused at its field, with
  what was typed kept there;
- a hostile injury text is escaped on the builder and on the public link.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from printing.pdf import squad_sheet_html
from rosters import services
from rosters.adapters import squad_to_roster
from rosters.services.members import TEXT_LENGTH
from rules import get_system

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
HOSTILE = "<script>alert(1)</script>"


@pytest.fixture
def gang(make_squad):
    return make_squad(get_system("necromunda").demo()[0])


def _post(client, gang, fighter, htmx: bool, **record):
    url = reverse("rosters:member_update", args=[gang.pk, fighter.pk])
    data = {"name": fighter.name, "type": fighter.type, "status": fighter.status, **record}
    return client.post(url, data, **(HX if htmx else {}))


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_an_edit_sets_experience_injuries_and_skills(owner_client, gang, htmx):
    fighter = gang.members.get(type="leader")
    sent = {"experience": "12", "injuries": "Old battle wound", "skills": "Nerves of steel"}
    response = _post(owner_client, gang, fighter, htmx, **sent)
    assert response.status_code == (200 if htmx else 302)
    fighter.refresh_from_db()
    assert (fighter.record["experience"], fighter.record["injuries"],
            fighter.record["skills"]) == (12, "Old battle wound", "Nerves of steel")  # fmt: skip
    html = owner_client.get(reverse("rosters:builder", args=[gang.pk]) + f"?open={fighter.pk}")
    html = html.content.decode()
    assert 'name="experience" type="number" min="0" max="9999" value="12"' in html
    assert 'name="injuries" maxlength="200" value="Old battle wound"' in html
    assert 'name="skills" maxlength="200" value="Nerves of steel"' in html


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("experience", "-1", "Experience must be a whole number, 0 or more."),
        ("experience", "10000", "Experience: at most 9999."),
        ("injuries", "x" * (TEXT_LENGTH + 1), "Injuries: text of at most 200 characters."),
        ("skills", "y" * (TEXT_LENGTH + 1), "Skills: text of at most 200 characters."),
    ],
)
def test_a_refused_value_is_refused_at_its_field(owner_client, gang, key, value, message):
    fighter = gang.members.get(type="leader")
    html = _post(owner_client, gang, fighter, True, **{key: value}).content.decode()
    error = re.search(rf'<span id="member-{fighter.pk}-{key}-error"[^>]*>([^<]*)</span>', html)
    assert error is not None and error.group(1) == message
    field = re.search(rf'<input name="{key}"[^>]*>', html).group(0)
    assert 'aria-invalid="true"' in field and f'value="{value}"' in field  # kept to fix
    fighter.refresh_from_db()
    assert fighter.record.get(key) in (None, 0, "")  # nothing written


def test_a_hostile_injury_is_escaped_on_the_builder_and_the_public_link(owner_client, client, gang):
    fighter = gang.members.get(type="leader")
    _post(owner_client, gang, fighter, True, injuries=HOSTILE, skills=HOSTILE)
    fighter.refresh_from_db()
    assert fighter.record["injuries"] == HOSTILE
    url = reverse("rosters:builder", args=[gang.pk]) + f"?open={fighter.pk}"
    html = owner_client.get(url).content.decode()
    assert HOSTILE not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html

    services.squad_set_public(squad=gang, public=True)
    client.logout()
    html = client.get(reverse("squad_shared", args=[gang.public_id])).content.decode()
    assert HOSTILE not in html
    row = html.split(f"{fighter.name}</td>")[1].split("</tr>")[0]
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
    escaped = "&lt;script&gt;alert(1)&lt;/script&gt;"
    assert cells[10:13] == ["", escaped, escaped]  # experience (none), injuries, skills


@pytest.mark.parametrize("cards", [False, True], ids=["sheet", "cards"])
def test_the_sheet_and_the_cards_print_the_three_escaped(gang, cards):
    fighter = gang.members.get(type="leader")
    services.member_update(
        member=fighter, name=fighter.name, type=fighter.type, status=fighter.status,
        record={"experience": 7, "injuries": HOSTILE, "skills": "Iron jaw"},
    )  # fmt: skip
    gang.refresh_from_db()
    html = squad_sheet_html(squad_to_roster(gang), cards=cards, owner=None, version=None)
    assert HOSTILE not in html
    assert "Injuries: &lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "Skills: Iron jaw" in html and "Experience: 7" in html
