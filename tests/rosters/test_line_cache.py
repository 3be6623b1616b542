"""The builder's model lines are kept rendered (``MemberView.line_key``, the "fragments"
cache): a line must never outlive what it shows."""

import pytest
from django.core.cache import caches
from django.urls import reverse

from rosters import services

pytestmark = pytest.mark.django_db


def line_of(html: str, pk: int) -> str:
    start = html.index(f'<article id="member-{pk}"')
    return html[start : html.index("</article>", start)]


def test_a_line_is_rendered_once_per_version_and_language(squad, owner_client):
    url = reverse("rosters:builder", args=[squad.pk])
    ling = squad.members.get(name="Ling")
    fragments = caches["fragments"]
    fragments.clear()
    first = owner_client.get(url).content.decode()
    kept = len(fragments._cache)  # noqa: SLF001  (LocMemCache's own store: what it holds)
    assert kept == squad.members.count()  # one line per model, no card open
    again = owner_client.get(url).content.decode()
    assert len(fragments._cache) == kept  # noqa: SLF001  (served, not rendered again)
    assert line_of(again, ling.pk) == line_of(first, ling.pk)


def test_a_change_to_one_model_shows_on_every_line_it_touches(squad, owner_client):
    url = reverse("rosters:builder", args=[squad.pk])
    ling = squad.members.get(name="Ling")
    mint = squad.members.get(name="Capt. Steven Mint")
    owner_client.get(url)  # the lines are kept
    services.equipment_add(member=ling, item="smg", count=1)
    html = owner_client.get(url).content.decode()
    assert "Submachine gun (SMG)" in line_of(html, ling.pk)
    services.member_update(
        member=mint, name="Capt. Mint", type=mint.type, status=mint.status, record={}
    )
    html = owner_client.get(url).content.decode()
    assert "<strong>Capt. Mint</strong>" in line_of(html, mint.pk)
    # a line shows the rules its model breaks through another's change: Song assists Ling,
    # whose machine gun goes
    song = squad.members.get(name="Song")
    assert 'data-code="ag-target-no-weapon"' not in line_of(html, song.pk)
    services.equipment_remove(equipment=ling.equipment.get(item="machine-gun"))
    html = owner_client.get(url).content.decode()
    assert 'data-code="ag-target-no-weapon"' in line_of(html, song.pk)


def test_a_line_speaks_the_readers_language(squad, owner_client):
    url = reverse("rosters:builder", args=[squad.pk])
    ling = squad.members.get(name="Ling")
    english = owner_client.get(url, headers={"accept-language": "en"}).content.decode()
    french = owner_client.get(url, headers={"accept-language": "fr"}).content.decode()
    assert ">Duplicate</button>" in line_of(english, ling.pk)
    assert ">Dupliquer</button>" in line_of(french, ling.pk)


def test_a_kept_line_carries_no_token_and_its_button_posts_the_shared_form(squad, owner_client):
    url = reverse("rosters:builder", args=[squad.pk])
    ling = squad.members.get(name="Ling")
    html = owner_client.get(url).content.decode()
    line = line_of(html, ling.pk)
    assert "csrfmiddlewaretoken" not in line  # a token is the session's: never in the cache
    assert 'form="line-actions"' in line
    duplicate = reverse("rosters:member_duplicate", args=[squad.pk, ling.pk])
    response = owner_client.post(duplicate)  # what the button posts without JavaScript
    assert response.status_code == 302
    assert squad.members.filter(name__startswith="Ling").count() == 2


def test_an_edit_in_the_admin_site_gives_the_squad_a_new_version(squad, admin_client):
    """The admin site bypasses the services: its edits still reach the kept lines and the
    sheets, which follow the version."""
    line = squad.members.get(name="Ling").equipment.first()
    before = squad.version
    url = f"/admin/rosters/equipment/{line.pk}/change/"
    response = admin_client.post(
        url,
        {
            "member": line.member_id,
            "position": line.position,
            "item": "smg",
            "count": 2,
            "label": "",
        },
    )
    assert response.status_code == 302, response.content
    squad.refresh_from_db()
    assert squad.version == before + 1
    response = admin_client.post(f"/admin/rosters/equipment/{line.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    squad.refresh_from_db()
    assert squad.version == before + 2
