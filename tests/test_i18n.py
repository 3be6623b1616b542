"""The site speaks French: pages picked by Accept-Language, and a complete, compiled catalogue."""

import ast
import dataclasses
import gettext
import re
from html import unescape
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from campaigns import services as campaign_services
from rosters import services
from rosters.demo import demo_rosters

LC_MESSAGES = Path(settings.BASE_DIR) / "locale" / "fr" / "LC_MESSAGES"
PO = LC_MESSAGES / "django.po"
MO = LC_MESSAGES / "django.mo"
PLACEHOLDER = re.compile(r"%\([^)]+\)[sdr]|%%")


def french(client, url: str) -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 200
    # Compare plain text: entities decoded, and the no-break spaces of French typography
    # (before ":", ";", "?" and inside « ») read as plain spaces.
    return unescape(response.content.decode()).replace("\u00a0", " ")


def us_army(**changes):
    roster = next(r for r in demo_rosters() if r.faction == "us-army")
    return dataclasses.replace(roster, **changes)


@pytest.fixture(autouse=True)
def back_to_english():
    """LocaleMiddleware leaves the request's language active in the thread: reset it."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture
def squad(user):
    return services.squad_import(owner=user, roster=us_army())


# --- pages ----------------------------------------------------------------------------------


def test_home_page_is_in_french(client):
    html = french(client, reverse("home"))

    assert '<html lang="fr">' in html
    assert "Campagnes d'escarmouche" in html or "Campagnes d&#x27;escarmouche" in html
    assert "Composez vos escouades" in html
    assert "Fiche de référence rapide (PDF)" in html
    assert "Build squads" not in html


def test_login_page_is_in_french(client):
    html = french(client, reverse("login"))

    assert "Se connecter" in html
    assert "Mot de passe oublié ?" in html
    assert "Créer un compte" in html
    assert "Forgot your password?" not in html


def test_squad_list_is_in_french(client, user, squad):
    client.force_login(user)

    html = french(client, reverse("rosters:list"))

    assert "Mes escouades" in html
    assert "Limite de points" in html
    assert "Nouvelle escouade" in html
    assert "Créer l'escouade" in html
    assert squad.name in html
    assert "Armée américaine" in html  # the faction, a rules-core label
    assert "My squads" not in html


def test_builder_page_is_in_french(client, user, squad):
    client.force_login(user)

    first = squad.members.order_by("position").first()  # its card open
    html = french(client, reverse("rosters:builder", args=[squad.pk]) + f"?open={first.pk}")

    assert "Éditeur d" in html  # the title: "Éditeur d'escouade"
    assert "Escouade valide" in html
    assert "12 figurines" in html
    assert "Équipement" in html and "Capacités" in html
    assert "Ajouter une figurine" in html
    # labels from the rules core (gettext_noop in rules/) come out in French too
    assert "Vétéran" in html
    assert "Chanceux" in html
    assert "Gilet pare-balles" in html
    assert "Valid squad" not in html
    assert "Dupliquer" in html and "Texte brut (pour une messagerie)" in html
    assert "+ Pistolet · 1 PE" in html  # a picker's price


def test_builder_shows_a_broken_rule_in_french(client, user):
    squad = services.squad_import(owner=user, roster=us_army(points_limit=100))
    client.force_login(user)

    html = french(client, reverse("rosters:builder", args=[squad.pk]))

    assert "Non valide : 1 règle enfreinte" in html
    assert "L'escouade coûte 200 points ; la limite est de 100." in html
    assert "The squad costs" not in html


def test_campaign_list_is_in_french(client, user):
    campaign_services.campaign_create(organiser=user, name="Delta du Mékong", is_public=True)
    client.force_login(user)

    html = french(client, reverse("campaigns:list"))

    assert "<h1>Campagnes</h1>" in html
    assert "Organisateur" in html
    assert "Visibilité" in html
    assert "publique" in html
    assert "Rejoindre une campagne" in html
    assert "Organiser une campagne" in html
    assert "Delta du Mékong" in html


def test_english_stays_the_default(client):
    html = client.get(reverse("home")).content.decode()

    assert "Build squads for tabletop skirmish wargames" in html


# --- the catalogue --------------------------------------------------------------------------


@dataclasses.dataclass
class Entry:
    flags: set[str] = dataclasses.field(default_factory=set)
    references: list[str] = dataclasses.field(default_factory=list)
    fields: dict[str, str] = dataclasses.field(default_factory=dict)

    @property
    def msgid(self) -> str:
        return self.fields.get("msgid", "")

    @property
    def translations(self) -> list[str]:
        return [v for k, v in sorted(self.fields.items()) if k.startswith("msgstr")]


def parse_po(path: Path) -> list[Entry]:
    """The active entries of a .po file (obsolete "#~" entries left out), header first."""
    entries: list[Entry] = []
    entry, field = Entry(), None
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if not line.strip():
            if entry.fields:
                entries.append(entry)
            entry, field = Entry(), None
        elif line.startswith("#,"):
            entry.flags |= {f.strip() for f in line[2:].split(",")}
        elif line.startswith("#:"):
            entry.references += line[2:].split()
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            entry.fields[field] += ast.literal_eval(line)
        else:
            field, _, value = line.partition(" ")
            entry.fields[field] = ast.literal_eval(value)
    return entries


@pytest.fixture(scope="module")
def catalogue() -> list[Entry]:
    return parse_po(PO)


def test_catalogue_is_french_with_french_plurals(catalogue):
    header = catalogue[0]

    assert header.msgid == ""
    assert "Language: fr\n" in header.fields["msgstr"]
    assert "Plural-Forms: nplurals=2; plural=(n > 1);" in header.fields["msgstr"]


def test_catalogue_has_no_fuzzy_entry(catalogue):
    fuzzy = [e.msgid for e in catalogue if "fuzzy" in e.flags]

    assert fuzzy == []


def test_catalogue_has_no_empty_translation(catalogue):
    empty = [e.msgid for e in catalogue[1:] if not all(t.strip() for t in e.translations)]

    assert len(catalogue) > 500
    assert empty == []


def test_translations_keep_their_placeholders(catalogue):
    def placeholders(text: str) -> list[str]:
        return sorted(PLACEHOLDER.findall(text))

    wrong = [
        (e.msgid, text)
        for e in catalogue[1:]
        if "python-format" in e.flags
        for source, text in zip(
            [e.msgid, *[e.fields.get("msgid_plural", e.msgid)] * 2],
            e.translations,
            strict=False,
        )
        if placeholders(source) != placeholders(text)
    ]

    assert wrong == []


def test_catalogue_holds_the_rules_core_strings(catalogue):
    by_id = {e.msgid: e for e in catalogue}

    assert any(ref.startswith("rules/") for ref in by_id["Veteran"].references)
    assert by_id["Veteran"].fields["msgstr"] == "Vétéran"
    assert by_id["Out of action"].fields["msgstr"] == "Hors combat"
    assert any(ref.startswith("templates/") for ref in by_id["My squads"].references)


def test_compiled_catalogue_is_not_older_than_its_source():
    # a fresh checkout writes both files within moments of each other: allow for that
    assert MO.stat().st_mtime >= PO.stat().st_mtime - 5


def test_compiled_catalogue_holds_every_translation(catalogue):
    with MO.open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)._catalog

    stale = []
    for e in catalogue[1:]:
        key = e.msgid if "msgctxt" not in e.fields else f"{e.fields['msgctxt']}\x04{e.msgid}"
        if "msgid_plural" in e.fields:
            found = [compiled.get((key, n)) for n in range(2)]
            expected = [e.fields["msgstr[0]"], e.fields["msgstr[1]"]]
        else:
            found, expected = compiled.get(key), e.fields["msgstr"]
        if found != expected:
            stale.append(e.msgid)

    assert stale == []
