"""Wording a new player tripped over (issue #14, part 2), in English and in French.

Each test names the sentence that read wrong: "A Adaro squad", "+1 RP for took part",
"ended the battle violent death", an untranslated "to be named", and French typography
(a no-break space before ":" ";" "!" "?").
"""

from __future__ import annotations

import gettext
import re
from html import unescape
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from campaigns.models import HistoryEntry
from campaigns.selectors import describe
from core.messages import violation_message
from rosters import services
from rosters.models import Member
from rules.black_sun.campaign import END_STATE_LABELS
from rules.black_sun.data import RANDOM_ABILITY_TABLE
from rules.black_sun.validation import validate
from rules.documents import parse_roster

MO = Path(settings.BASE_DIR) / "locale" / "fr" / "LC_MESSAGES" / "django.mo"
NBSP = "\u00a0"


def in_french(function, *args):
    with translation.override("fr"):
        return function(*args)


# --- "A Adaro squad": no article to agree with the faction's name ---------------------------


@pytest.fixture(scope="module")
def adaro_messages() -> dict[str, tuple[str, str]]:
    """An Adaro squad with too few bolt-action rifles and a US-only grenade launcher: each
    rule it breaks, in English and in French."""
    roster = parse_roster({
        "format": "squad-roster/1", "system": "black-sun", "name": "Deep Ones",
        "faction": "adaro",
        "members": [
            {"name": "Gill", "type": "boss", "equipment": [{"item": "grenade-launcher"}]},
            {"name": "Fin", "type": "grunt", "equipment": [{"item": "assault-rifle"}]},
        ],
    })  # fmt: skip
    return {
        v.code: (violation_message(v), in_french(violation_message, v)) for v in validate(roster)
    }


@pytest.mark.parametrize("code", ["faction-share-min", "faction-item"])
def test_a_faction_rule_puts_no_article_before_the_faction(adaro_messages, code):
    english, french = adaro_messages[code]

    assert not re.search(r"\b[Aa]n? Adaro\b", english), english
    assert "Adaro squads" in english
    assert "escouade de la faction Adaro" in french


def test_the_share_rule_reads_right(adaro_messages):
    english, french = adaro_messages["faction-share-min"]

    assert english == (
        "Adaro squads arm at least 50% of their models with Bolt-action rifle (BR): 0 of 2 do."
    )
    assert french == (
        f"Une escouade de la faction Adaro équipe au moins 50{NBSP}% de ses figurines de "
        f"«{NBSP}Fusil à verrou (BR){NBSP}»{NBSP}: 0 sur 2 le sont."
    )


def test_the_faction_item_rule_reads_right(adaro_messages):
    english, french = adaro_messages["faction-item"]

    assert english == "Gill carries Grenade launcher (GL), which Adaro squads cannot take."
    assert french == (
        f"Gill porte «{NBSP}Lance-grenades (GL){NBSP}», interdit à une escouade de la "
        f"faction Adaro."
    )


# --- the campaign history: "+1 RP for took part", "ended the battle violent death" ----------


def history(kind: str, params: dict, before=None, after=None, roll=None) -> tuple[str, str]:
    entry = HistoryEntry(kind=kind, params=params, before=before, after=after, roll=roll)
    return describe(entry, "black-sun"), in_french(describe, entry, "black-sun")


def test_a_survival_roll_says_its_modifier_and_total():
    """Black Sun's own wording (``rules/black_sun/campaign.py``'s ``HISTORY``, issue #29)."""
    english, french = history("survival", {"result": "recovers", "modifier": 1}, roll=4)

    assert english == "survival roll 4 + 1 = 5: recovers fully"
    assert french.startswith("jet de survie 4 + 1 = 5")
    assert history("survival", {"result": "recovers"}, roll=6)[0] == (
        "survival roll 6: recovers fully"
    )


def test_a_reputation_line_reads_as_a_sentence():
    english, french = history("rp", {"rp": 1, "deed": "took-part"}, 0, 1)

    assert "RP for took part" not in english
    assert english == "+1 RP: took part in the battle (0 → 1)"
    assert french == f"+1 PR{NBSP}: participation à la bataille (0 → 1)"


def test_a_repeated_deed_keeps_its_count():
    english, french = history("rp", {"rp": 2, "deed": "out-of-action", "count": 2}, 3, 5)

    assert english == "+2 RP: put an enemy model out of action ×2 (3 → 5)"
    assert french == f"+2 PR{NBSP}: figurine ennemie mise hors combat ×2 (3 → 5)"


@pytest.mark.parametrize("state", sorted(END_STATE_LABELS))
def test_the_state_a_model_ended_the_battle_in_reads_right(state):
    english, french = history("fought", {"state": state, "treated": False})
    label = END_STATE_LABELS[state]

    assert english == f"fought; state at the end of the battle: {label}"
    assert french.startswith(f"a combattu{NBSP}; état en fin de bataille{NBSP}: ")
    assert "ended the battle violent death" not in english


def test_a_treated_model_says_so():
    english, french = history("fought", {"state": "wounded", "treated": True})

    assert english == "fought; state at the end of the battle: wounded (treated)"
    assert french == f"a combattu{NBSP}; état en fin de bataille{NBSP}: blessé (soigné)"


# --- "to be named": the placeholder of a drawn "Hates enemy" is read in the reader's language
# The draw stored the placeholder translated into the drawer's language, so another reader
# (or the same one after switching language) saw it untranslated: stored as the English
# msgid, like a code, it is translated where it is shown.


class Draws:
    """A die that draws "Hates enemy" from the random ability table."""

    def randint(self, low: int, high: int) -> int:
        return RANDOM_ABILITY_TABLE.index("hates-enemy") + 1


def test_a_drawn_hated_enemy_is_to_be_named_in_french(client, user):
    squad = services.squad_import(
        owner=user,
        roster=parse_roster({
            "format": "squad-roster/1", "system": "black-sun", "name": "Mint's Marauders",
            "faction": "us-army",
            "members": [{"name": "Hicks", "type": "grunt",
                         "equipment": [{"item": "assault-rifle"}]}],
        }),
    )  # fmt: skip
    member = Member.objects.get(squad=squad, name="Hicks")
    services.ability_draw(member=member, rng=Draws())  # drawn by a player reading English
    client.force_login(user)

    response = client.get(reverse("rosters:builder", args=[squad.pk]), HTTP_ACCEPT_LANGUAGE="fr")
    html = unescape(response.content.decode())

    assert "Déteste son ennemi" in html
    assert "à désigner" in html
    assert "to be named" not in html


def test_a_drawn_hated_enemy_stays_english_for_an_english_reader(client, user):
    squad = services.squad_import(
        owner=user,
        roster=parse_roster({
            "format": "squad-roster/1", "system": "black-sun", "name": "Kang's Cell",
            "faction": "viet-cong",
            "members": [{"name": "Lam", "type": "grunt",
                         "equipment": [{"item": "bolt-action-rifle"}]}],
        }),
    )  # fmt: skip
    member = Member.objects.get(squad=squad, name="Lam")
    in_french(lambda: services.ability_draw(member=member, rng=Draws()))  # read in French
    client.force_login(user)

    html = unescape(client.get(reverse("rosters:builder", args=[squad.pk])).content.decode())

    assert "to be named" in html
    assert "à désigner" not in html


# --- "CV" in French ---------------------------------------------------------------------------


def french_catalogue() -> dict:
    with MO.open("rb") as mo:
        return gettext.GNUTranslations(mo)._catalog


def test_french_keeps_the_rulebooks_cv():
    """The French rulebook calls the combat value "CV" ("La valeur de combat [...] est
    appelée CV"); its "VC" means the Viet Cong. Every French label keeps "CV"."""
    catalogue = french_catalogue()
    with_cv = {k: v for k, v in catalogue.items() if isinstance(k, str) and re.search(r"\bCV\b", k)}

    assert len(with_cv) > 20
    assert [k for k, v in with_cv.items() if not re.search(r"\bCV\b", v)] == []
    assert [k for k, v in catalogue.items() if re.search(r"\bVC\b", str(v))] == []


# --- French typography: a no-break space before ":" ";" "!" "?" -------------------------------

# A mark of punctuation ending a word or a phrase: preceded by a plain space, or by no space
# at all, and followed by a space or the end. "?!" counts once; a no-break space (U+00A0) or
# a narrow one (U+202F) before the first mark is right.
BAD_SPACING = re.compile(r"(?: |(?<=[^\s\u00a0\u202f?!]))[:;!?](?=\s|$)")
# Text that is code, not French: quoted code (in backticks or an HTML <code>), an HTTP
# header, a URL, a JSON shape.
CODE = re.compile(r"`[^`]*`|<code>[^<]*</code>|Content-Type: \S+|https?://\S+")
JSON_OBJECT = re.compile(r"\{[^{}]*\}")  # the innermost: removed until none is left


def spacing_faults(text: str) -> list[str]:
    prose = CODE.sub("", text)
    while JSON_OBJECT.search(prose):
        prose = JSON_OBJECT.sub("", prose)
    return [prose[max(0, m.start() - 20) : m.end() + 10] for m in BAD_SPACING.finditer(prose)]


@pytest.mark.parametrize(
    ("text", "faults"),
    [
        (f"Points{NBSP}: 200", 0),
        ("Points : 200", 1),
        ("Points: 200", 1),
        (f"%(field)s{NBSP}: au plus %(max)d.", 0),
        ("%(field)s : au plus %(max)d.", 1),
        (f"«{NBSP}Qu'est-ce que…{NBSP}?!{NBSP}»", 0),
        ("Bataille à 10:30, dead=0", 0),
        (f"envoyez `Authorization: Token <key>`{NBSP}; ou pas", 0),
        (f"l'en-tête <code>Authorization: Token</code>{NBSP}; ou pas", 0),
        ("l'en-tête Authorization: Token", 1),
        (f'(JSON{NBSP}: {{"units": {{type: {{qualité: coût}}}}}})', 0),
        ("Content-Type: application/json", 0),
        ("voir https://example.org/a:b", 0),
    ],
)
def test_spacing_check_knows_french_from_code(text, faults):
    assert len(spacing_faults(text)) == faults


def test_french_catalogue_puts_a_no_break_space_before_colons():
    wrong = {
        key: faults
        for key, value in french_catalogue().items()
        for faults in [spacing_faults(value)]
        if key and faults
    }

    assert wrong == {}
