"""A squad's sheet and cards with a club's pack (issue #30, item 1): the weapon cells the
game's data leaves "—" print the pack's, marked "†" with the reference card's footnote, the
pack's own weapons print as a table; the cache key names the pack version that costs the
squad (its own, or its campaign's while enrolled); ``print_roster --pack`` prints them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.template.loader import render_to_string

from campaigns import services as campaign_services
from printing.pdf import squad_sheet_context, squad_template, stored_squad_key, stored_squad_pdf
from rosters import services
from rosters.models import COSTING_RELATED, Squad
from rosters.services.packs import latest
from rules import get_system
from rules.documents import parse_roster
from rules.packs import parse_pack
from tests.printing.conftest import pdf_text
from tests.printing.test_necromunda_printing import rust_rats

ROOT = Path(__file__).resolve().parents[2]
PACKS = ROOT / "docs" / "packs"
HOSTILE = '<script>alert("x")</script> 50% %(x)s'


def example(system: str, **changes) -> object:
    document = json.loads((PACKS / f"{system}.json").read_text(encoding="utf-8"))
    document.update(changes)
    return parse_pack(document)


def with_heavy_bolter():
    gang = rust_rats()
    gang["members"][1]["equipment"].append({"item": "heavy-bolter"})
    return parse_roster(gang)


def example_roster(system: str):
    return parse_roster(json.loads((ROOT / "docs/examples" / f"{system}-roster.json").read_text()))


def weapons_of(context, system):
    if get_system(system).units is None:
        return [w for model in context["models"] for w in model["weapons"]]
    return [w for unit in context["units"] for w in unit["weapons"]]


def test_necromunda_prints_the_pack_s_cells_where_the_text_leaves_a_dash():
    roster = with_heavy_bolter()
    plain = squad_sheet_context(roster, owner=None, version=1)
    context = squad_sheet_context(roster, owner=None, version=1, pack=example("necromunda"))

    before = next(w for w in weapons_of(plain, "necromunda") if w["code"] == "heavy-bolter")
    bolter = next(w for w in weapons_of(context, "necromunda") if w["code"] == "heavy-bolter")
    assert before["short"] == "—" and not before["from_pack"]
    assert (bolter["short"], bolter["long"], bolter["strength"]) == ('0–20"', '20–30"', "5")
    assert (bolter["save_modifier"], bolter["ammo"]) == ("−2", "5+")
    assert set(bolter["from_pack"]) == {"short", "long", "strength", "save_modifier", "ammo"}
    # the to-hit cells the text gives (0 and 0) stay the game's: never the pack's
    assert bolter["hit_short"] == before["hit_short"] != "—"
    # an autopistol's +1 short is the fighter's score with it (Pip: BS 2, 5+; +1: 4+)
    pistol = next(w for w in weapons_of(context, "necromunda") if w["code"] == "autopistol")
    assert pistol["from_pack"]["hit_short"] and pistol["hit_short"] == "4+"
    assert context["pack_note"] == {"pack": {"name": "Example club pack", "version": "1"}}
    assert [row["cells"][0] for row in context["pack_weapons"]["rows"]] == ["Stub gun"]
    assert plain["pack_note"] is None and plain["pack_weapons"] is None


def test_bolt_action_prints_the_pack_s_shots_and_ranges_marked():
    roster = example_roster("bolt-action")
    context = squad_sheet_context(roster, owner=None, version=1, pack=example("bolt-action"))
    plain = squad_sheet_context(roster, owner=None, version=1)

    smg = next(w for w in weapons_of(context, "bolt-action") if w["code"] == "smg")
    assert (smg["shots"], smg["range"]) == (3, '10"') and set(smg["from_pack"]) >= {"shots"}
    assert any(unit["ranged"] for unit in context["units"])
    assert not any(unit["ranged"] for unit in plain["units"])
    assert [row["cells"][0] for row in context["pack_weapons"]["rows"]] == ["Flamethrower"]


def test_one_page_modern_prints_the_pack_s_own_weapons_only():
    roster = example_roster("one-page-modern")
    context = squad_sheet_context(roster, owner=None, version=1, pack=example("one-page-modern"))

    assert context["pack_note"] is None  # the text gives every cell of its own weapons
    row = context["pack_weapons"]["rows"][0]
    assert row["cells"][:3] == ["Automatic grenade launcher", '30" (75 cm)', 4]
    assert all(marked for marked, _cell in row["pairs"])


@pytest.mark.parametrize(
    ("system", "roster"),
    [("necromunda", with_heavy_bolter), ("bolt-action", lambda: example_roster("bolt-action")),
     ("one-page-modern", lambda: example_roster("one-page-modern"))],
)  # fmt: skip
@pytest.mark.parametrize("cards", [False, True])
def test_the_pack_s_text_is_escaped_and_marked_on_sheets_and_cards(system, roster, cards):
    document = json.loads((PACKS / f"{system}.json").read_text(encoding="utf-8"))
    document["name"] = HOSTILE
    for row in document["tables"]["weapons"]:
        if "name" in row:
            row["name"] = row["notes"] = HOSTILE
    pack = parse_pack(document)
    html = render_to_string(
        squad_template(system, cards),
        squad_sheet_context(roster(), owner=None, version=1, cards=cards, pack=pack),
    )
    assert "<script>" not in html
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; 50% %(x)s" in html
    assert 'class="pack-mark"' in html and "pack-note" in html
    plain = render_to_string(
        squad_template(system, cards), squad_sheet_context(roster(), owner=None, version=1)
    )
    assert "pack-mark" not in plain


def test_print_roster_with_a_pack_prints_its_weapon_cells_marked(tmp_path):
    output = tmp_path / "sheet.pdf"
    call_command(
        "print_roster", str(ROOT / "docs/examples/bolt-action-roster.json"), "-o", str(output),
        "--pack", str(PACKS / "bolt-action.json"),
    )  # fmt: skip
    text = pdf_text(output.read_bytes())
    assert "†" in text and "from the pack Example club pack, version 1" in text
    assert "Flamethrower" in text


# --- stored squads: the version that costs and prints them ----------------------------------


def example_version(owner, system: str):
    document = json.loads((PACKS / f"{system}.json").read_text())
    return latest(services.pack_import(owner=owner, document=document))


@pytest.mark.django_db
def test_a_campaign_squad_prints_and_is_keyed_by_its_campaign_s_pack(user, organiser):
    mine = example_version(user, "necromunda")
    campaign_pack = example_version(organiser, "necromunda")
    squad = services.squad_import(owner=user, roster=get_system("necromunda").demo()[0])
    services.squad_update(
        squad=squad, name=squad.name, faction=squad.faction, points_limit=1500, pack=mine
    )
    campaign = campaign_services.campaign_create(
        organiser=organiser, name="Underhive", system="necromunda", pack=campaign_pack.pack
    )
    campaign_services.campaign_join(campaign=campaign, user=user)
    copy = campaign_services.enrol(campaign=campaign, user=user, squad=squad).squad

    loaded = Squad.objects.select_related("owner", *COSTING_RELATED).get(pk=copy.pk)
    assert loaded.costing_version == campaign_pack  # the campaign's wins while enrolled
    assert f"-pack-{campaign_pack.pk}:" in stored_squad_key(loaded)
    assert loaded.costing_pack is not None and loaded.costing_pack.name == "Example club pack"

    # a new version of the campaign's pack (the organiser's edit, set again): a new key
    newer = latest(services.pack_update(pack=campaign_pack.pack, user=organiser, name="Club"))
    campaign_services.campaign_pack_set(campaign=campaign, user=organiser, pack=newer.pack)
    again = Squad.objects.select_related("owner", *COSTING_RELATED).get(pk=copy.pk)
    assert stored_squad_key(again) != stored_squad_key(loaded)
    assert f"-pack-{newer.pk}:" in stored_squad_key(again)


@pytest.mark.django_db
def test_a_stored_squad_s_sheet_prints_the_pack_s_cells(user):
    version = example_version(user, "bolt-action")
    squad = services.squad_import(owner=user, roster=get_system("bolt-action").demo()[0])
    services.squad_update(
        squad=squad, name=squad.name, faction=squad.faction, points_limit=2000, pack=version
    )
    squad = Squad.objects.select_related("owner", *COSTING_RELATED).get(pk=squad.pk)
    pdf, _name = stored_squad_pdf(squad)
    text = pdf_text(pdf)
    assert "†" in text and "Flamethrower" in text


@pytest.mark.django_db
def test_a_campaign_squad_s_repeat_download_reads_its_pack_in_the_squad_s_query(
    user, organiser, client, settings, django_assert_max_num_queries
):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "pdf": None}  # its count: its own queries
    version = example_version(organiser, "necromunda")
    campaign = campaign_services.campaign_create(
        organiser=organiser, name="Underhive", system="necromunda", pack=version.pack
    )
    campaign_services.campaign_join(campaign=campaign, user=user)
    squad = services.squad_import(owner=user, roster=get_system("necromunda").demo()[0])
    copy = campaign_services.enrol(campaign=campaign, user=user, squad=squad).squad
    client.force_login(user)
    url = f"/print/squads/{copy.pk}/sheet.pdf"
    first = client.get(url)
    assert first.status_code == 200 and "†" in pdf_text(first.content)
    with django_assert_max_num_queries(3):  # session, user, the squad with its packs
        again = client.get(url)
    assert again.status_code == 200 and again.content == first.content
