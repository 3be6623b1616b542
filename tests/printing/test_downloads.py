"""Downloads of a stored squad's sheet and cards: who may, the options, the cache."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.template.loader import render_to_string
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from printing import pdf
from rosters import services
from rules.documents import parse_roster
from tests.printing.conftest import A4, LETTER, page_sizes, pdf_text, squad_document

pytestmark = pytest.mark.django_db

OWNER_URLS = ["print:squad_sheet", "print:squad_cards"]
SHARED_URLS = ["print:shared_sheet", "print:shared_cards"]


@pytest.fixture(autouse=True)
def empty_cache():
    """Rolled-back tests reuse primary keys: a PDF cached by another test must not answer."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def stored(user):
    return services.squad_import(owner=user, roster=parse_roster(squad_document()))


@pytest.fixture
def public(stored):
    return services.squad_set_public(squad=stored, public=True)


@pytest.fixture
def renders(monkeypatch):
    """Count WeasyPrint renders (the real ones still run)."""
    calls = []
    real = pdf.render_pdf

    def counting(template_name, context):
        calls.append(template_name)
        return real(template_name, context)

    monkeypatch.setattr(pdf, "render_pdf", counting)
    return calls


def owner_url(name, squad):
    return reverse(name, args=[squad.pk])


def shared_url(name, squad):
    return reverse(name, args=[squad.public_id])


def test_urls():
    assert reverse("print:squad_sheet", args=[12]) == "/print/squads/12/sheet.pdf"
    assert reverse("print:squad_cards", args=[12]) == "/print/squads/12/cards.pdf"
    public_id = "0b6c1d8e-4b8a-4c5e-9a43-2f6d1c3b7a10"
    assert reverse("print:shared_sheet", args=[public_id]) == f"/print/s/{public_id}/sheet.pdf"
    assert reverse("print:shared_cards", args=[public_id]) == f"/print/s/{public_id}/cards.pdf"


# --- who may download -----------------------------------------------------------------------


def test_owner_downloads_the_sheet(client, user, stored):
    client.force_login(user)

    response = client.get(owner_url("print:squad_sheet", stored))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'attachment; filename="Mint\'s Marauders.pdf"'
    text = pdf_text(response.content)
    assert "SQUAD SHEET Mint's Marauders" in text
    assert "commanded by mint" in text
    assert f"squad version {stored.version}" in text
    assert page_sizes(response.content) == [A4]


def test_owner_downloads_the_cards(client, user, stored):
    client.force_login(user)

    response = client.get(owner_url("print:squad_cards", stored))

    assert response.status_code == 200
    assert response["Content-Disposition"] == ('attachment; filename="Mint\'s Marauders cards.pdf"')
    text = pdf_text(response.content)
    assert "SQUAD Mint's Marauders" in text  # the squad's own card
    assert "Light machine gun (SAW)*" in text


@pytest.mark.parametrize("name", OWNER_URLS)
def test_another_user_gets_404(client, other_user, stored, renders, name):
    client.force_login(other_user)

    assert client.get(owner_url(name, stored)).status_code == 404
    assert renders == []


@pytest.mark.parametrize("name", OWNER_URLS)
def test_anonymous_is_sent_to_log_in(client, stored, renders, name):
    response = client.get(owner_url(name, stored))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert renders == []


@pytest.mark.parametrize("name", OWNER_URLS)
def test_owner_url_of_a_public_squad_is_still_owner_only(client, other_user, public, name):
    client.force_login(other_user)

    assert client.get(owner_url(name, public)).status_code == 404


@pytest.mark.parametrize("name", SHARED_URLS)
def test_anyone_downloads_a_public_squad(client, other_user, public, name):
    anonymous = client.get(shared_url(name, public))
    client.force_login(other_user)
    logged_in = client.get(shared_url(name, public))

    for response in (anonymous, logged_in):
        assert response.status_code == 200
        assert "Mint's Marauders" in pdf_text(response.content)
    assert anonymous.content == logged_in.content  # one cache entry for everyone


@pytest.mark.parametrize("name", SHARED_URLS)
def test_shared_url_is_404_once_the_public_link_is_off(client, user, public, renders, name):
    url = shared_url(name, public)
    services.squad_set_public(squad=public, public=False)

    assert client.get(url).status_code == 404
    client.force_login(user)  # the owner too: the link itself is off
    assert client.get(url).status_code == 404
    assert renders == []


@pytest.mark.parametrize("name", SHARED_URLS)
def test_shared_url_of_a_squad_never_made_public_is_404(client, stored, name):
    assert client.get(shared_url(name, stored)).status_code == 404


def test_unknown_public_id_is_404(client):
    url = reverse("print:shared_sheet", args=["0b6c1d8e-4b8a-4c5e-9a43-2f6d1c3b7a10"])

    assert client.get(url).status_code == 404


def test_a_squad_of_a_game_without_a_sheet_is_404(client, user, stored):
    type(stored).objects.filter(pk=stored.pk).update(system="chess")
    client.force_login(user)

    assert client.get(owner_url("print:squad_sheet", stored)).status_code == 404


# --- options ----------------------------------------------------------------------------------


def test_letter_paper(client, public):
    response = client.get(shared_url("print:shared_sheet", public), {"paper": "letter"})

    assert set(page_sizes(response.content)) == {LETTER}


def test_the_dead_are_printed_unless_left_out(client, public):
    url = shared_url("print:shared_sheet", public)

    with_dead = pdf_text(client.get(url).content)
    without = pdf_text(client.get(url, {"dead": "0"}).content)

    assert "Dubois" in with_dead and "Dead" in with_dead
    assert "Dubois" not in without
    assert "Hicks" in without
    assert "140 / 200" in without  # the dead model's points were freed either way


def test_cards_without_the_dead(client, public):
    text = pdf_text(client.get(shared_url("print:shared_cards", public), {"dead": "0"}).content)

    assert "Dubois" not in text
    assert "Song" in text


@pytest.mark.parametrize("query", [{"paper": "a3"}, {"dead": "yes"}, {"dead": ""}])
def test_bad_options_are_refused(client, public, renders, query):
    for name in SHARED_URLS:
        assert client.get(shared_url(name, public), query).status_code == 400
    assert renders == []


def test_only_get(client, user, stored):
    client.force_login(user)

    assert client.post(owner_url("print:squad_sheet", stored)).status_code == 405


# --- the cache --------------------------------------------------------------------------------


def test_repeat_download_does_not_render_or_load_the_members(client, user, stored, renders):
    client.force_login(user)
    url = owner_url("print:squad_sheet", stored)
    first = client.get(url)

    with CaptureQueriesContext(connection) as queries:
        second = client.get(url)

    assert second.content == first.content
    assert renders == ["systems/black-sun/sheet.html"]
    tables = " ".join(query["sql"] for query in queries.captured_queries)
    assert "rosters_member" not in tables and "rosters_equipment" not in tables


def test_an_edit_invalidates_the_cached_sheet(client, user, stored, renders):
    client.force_login(user)
    url = owner_url("print:squad_sheet", stored)
    before = pdf_text(client.get(url).content)
    hicks = stored.members.get(name="Hicks")

    services.member_update(
        member=hicks, name="Hicks the Younger", type="recruit", status="active",
        record={"rp": 0, "cv_loss": 0, "assists": None},
    )  # fmt: skip
    after = pdf_text(client.get(url).content)

    assert "Hicks the Younger" not in before
    assert "Hicks the Younger" in after
    stored.refresh_from_db()
    assert f"squad version {stored.version}" in after
    assert renders == ["systems/black-sun/sheet.html", "systems/black-sun/sheet.html"]


def test_each_option_has_its_own_cache_entry(client, public, renders):
    url = shared_url("print:shared_sheet", public)

    client.get(url)
    client.get(url, {"paper": "letter"})
    client.get(url, {"dead": "0"})
    client.get(shared_url("print:shared_cards", public))
    client.get(url, {"paper": "a4", "dead": "1"})  # the defaults, spelt out: cached

    assert len(renders) == 4


def test_owner_and_public_downloads_share_the_cache(client, user, public, renders):
    anonymous = client.get(shared_url("print:shared_sheet", public))
    client.force_login(user)
    owner = client.get(owner_url("print:squad_sheet", public))

    assert owner.content == anonymous.content
    assert len(renders) == 1


# --- the download form ------------------------------------------------------------------------


def test_builder_page_offers_the_owner_downloads(client, user, stored):
    client.force_login(user)

    html = client.get(reverse("rosters:builder", args=[stored.pk])).content.decode()

    assert f'action="/print/squads/{stored.pk}/sheet.pdf"' in html
    assert f'formaction="/print/squads/{stored.pk}/cards.pdf"' in html
    assert '<option value="letter">US Letter</option>' in html
    assert '<option value="0">without the dead</option>' in html


def test_download_form_for_the_public_page_uses_the_public_id(stored):
    html = render_to_string("print/_squad_downloads.html", {"squad": stored, "shared": True})

    assert f'action="/print/s/{stored.public_id}/sheet.pdf"' in html
    assert f'formaction="/print/s/{stored.public_id}/cards.pdf"' in html
    assert f"/print/squads/{stored.pk}/" not in html


def test_download_form_defaults_to_the_owner_urls(stored):
    html = render_to_string("print/_squad_downloads.html", {"squad": stored})

    assert f'action="/print/squads/{stored.pk}/sheet.pdf"' in html
    assert str(stored.public_id) not in html


def test_public_page_offers_the_public_downloads(client, public):
    html = client.get(reverse("squad_shared", args=[public.public_id])).content.decode()

    assert f'action="/print/s/{public.public_id}/sheet.pdf"' in html
    assert f"/print/squads/{public.pk}/" not in html
