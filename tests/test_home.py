from django.urls import reverse

from rules import systems


def test_home_page_names_the_product_and_every_game(client):
    response = client.get(reverse("home"))

    assert response.status_code == 200
    html = response.content.decode()
    assert "Skirmish Campaigns" in html
    for game in systems():
        assert game.name in html
        assert reverse("print:reference_card", args=[game.code]) in html


def test_home_page_loads_htmx_from_our_own_static_files(client):
    html = client.get(reverse("home")).content.decode()

    assert '<script src="/static/js/htmx.min.js" defer></script>' in html
    assert "https://" not in html


def test_home_page_sends_the_csrf_token_with_htmx_requests(client):
    response = client.get(reverse("home"))

    token = response.context["csrf_token"]
    assert f'hx-headers=\'{{"X-CSRFToken": "{token}"}}\'' in response.content.decode()


def test_home_page_is_translated_to_french(client):
    response = client.get(reverse("home"), headers={"accept-language": "fr"})

    assert '<html lang="fr">' in response.content.decode()


def test_the_language_menu_switches_to_french(client):
    response = client.post(reverse("set_language"), {"language": "fr", "next": "/"})
    assert response.status_code == 302
    page = client.get("/").content.decode()
    assert 'lang="fr"' in page and "Langue" in page and "Campagnes" in page
