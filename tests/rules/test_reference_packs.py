"""A reference card's weapon tables with a club's pack (``rules.reference_packs``, issue #30
stage 3): the cells the game leaves "—" filled from the pack, its own weapons appended, every
such cell marked; without a pack, the card's tables as they were."""

import json
from pathlib import Path

import pytest

from rules.bolt_action import reference as bolt_action
from rules.necromunda import reference as necromunda
from rules.one_page_modern import reference as one_page_modern
from rules.packs import parse_pack
from rules.reference import DASH, PackText, Table, card_context
from rules.reference_packs import WeaponTable, pack_number, pack_text, with_pack

PACKS = Path(__file__).resolve().parents[2] / "docs" / "packs"
GAMES = {"necromunda": necromunda, "one-page-modern": one_page_modern, "bolt-action": bolt_action}


def example(code: str):
    document = json.loads((PACKS / f"{code}.json").read_text(encoding="utf-8"))
    return parse_pack(document)


def by_key(tables) -> dict[str, Table]:
    return {t.key: t for t in tables}


def row_of(table: Table, name: str) -> tuple[int, tuple]:
    for i, row in enumerate(table.rows):
        if row[0] == name:
            return i, row
    raise AssertionError(f"no row {name!r} in {table.key}")


@pytest.mark.parametrize("code", GAMES)
def test_without_a_pack_the_card_is_today_s(code):
    module = GAMES[code]

    assert module.tables(None) == module.TABLES
    assert module.tables() is not None
    assert all(t.pack is None and not t.from_pack for t in module.tables(None))


@pytest.mark.parametrize("code", GAMES)
def test_a_pack_without_weapons_changes_nothing(code):
    document = json.loads((PACKS / f"{code}.json").read_text(encoding="utf-8"))
    del document["tables"]["weapons"]

    assert GAMES[code].tables(parse_pack(document)) == GAMES[code].TABLES


@pytest.mark.parametrize("code", GAMES)
def test_only_the_weapon_tables_change_and_each_names_the_pack(code):
    module = GAMES[code]
    pack = example(code)

    changed = [t for t, old in zip(module.tables(pack), module.TABLES, strict=True) if t != old]

    assert changed and {t.key for t in changed} <= set(module.WEAPON_TABLES)
    assert all(t.pack == (pack.name, pack.version) for t in changed)


def test_bolt_action_fills_the_blank_cells_and_adds_the_flamethrower():
    tables = by_key(bolt_action.tables(example("bolt-action")))
    weapons = tables["weapons"]
    cells = weapons.english_rows()

    rifle, rifle_row = row_of(weapons, "Rifle")
    smg, _ = row_of(weapons, "Submachine gun")
    flamer = len(weapons.rows) - 1
    assert cells[rifle][3] == '20"' and (rifle, 3) in weapons.from_pack
    assert (rifle, 1) not in weapons.from_pack  # the game gives the rifle's shots
    assert cells[smg][1:4] == (3, "none", '10"')  # shots from the pack, bonus the game's
    assert (smg, 1) in weapons.from_pack and (smg, 2) not in weapons.from_pack
    assert cells[flamer] == (
        "Flamethrower",
        2,
        "+2",
        '5"',
        "A weapon of the club's own: no cover against it.",
    )
    assert {(flamer, j) for j in range(5)} <= weapons.from_pack
    bazooka, row = row_of(weapons, "Bazooka")  # not in the pack: "—" as today
    assert row[1:4] == (DASH, DASH, DASH) and all(i != bazooka for i, _ in weapons.from_pack)


def test_necromunda_adds_the_pack_s_weapons_to_each_table_it_gives_a_cell_of():
    tables = by_key(necromunda.tables(example("necromunda")))

    ranges = tables["weapon-ranges"]
    i, row = row_of(ranges, "Autopistol")
    assert row[1:] == ("0\u20136", "6\u201312", 12)
    assert {(i, 1), (i, 2), (i, 3)} <= ranges.from_pack and (i, 0) not in ranges.from_pack
    stub, row = row_of(ranges, "Stub gun")
    assert isinstance(row[0], PackText) and (stub, 0) in ranges.from_pack
    assert row_of(tables["range-modifiers"], "Stub gun")[1][1:] == ("0", "\u22121")
    assert row_of(tables["weapon-strength"], "Heavy bolter")[1] == ("Heavy bolter", 5)
    ammo = tables["ammo-rolls"]
    assert row_of(ammo, "Heavy bolter")[1] == ("Heavy bolter", "5+", DASH)
    assert ammo.rows.index(row_of(ammo, "Grenades")[1]) < row_of(ammo, "Heavy bolter")[0]
    # the autopistol's strength and ammo roll are the game's: no new row, nothing marked
    assert [r[0] for r in tables["weapon-strength"].rows].count("Autopistol") == 1


def test_one_page_modern_adds_the_pack_s_own_weapon_under_the_support_weapons():
    pack = example("one-page-modern")
    tables = by_key(one_page_modern.tables(pack))

    support = tables["support-weapons"]
    i, row = row_of(support, "Automatic grenade launcher")
    assert row[1:] == ('30" (75 cm)', 4)
    assert {(i, 0), (i, 1), (i, 2)} <= support.from_pack
    assert tables["small-arms"] == one_page_modern.BY_KEY["small-arms"]


def test_a_pack_s_text_is_printed_as_it_is_never_translated_nor_formatted():
    hostile = "<b>50%(x)s</b> %"
    table = Table(
        "weapons", "Weapons", ("Weapon", "Range", "Notes"),
        (("Rifle", "—", "range %(blank)s"),), params=(("blank", '6"'),),
    )  # fmt: skip
    how = WeaponTable(("rifle",), (pack_number("range"), pack_text("notes")))
    pack = parse_pack(
        {"format": "game-pack/1", "system": "bolt-action", "name": hostile, "version": "1",
         "tables": {"weapons": [
             {"weapon": "new-gun", "name": hostile, "range": 6, "notes": hostile},
         ]}}
    )  # fmt: skip

    filled = with_pack(table, how, pack, game_codes={"rifle"})
    context = card_context([filled], lambda text: f"fr:{text}")["tables"]["weapons"]

    assert context["rows"][0]["cells"] == ["fr:Rifle", "fr:—", 'fr:range 6"']
    assert context["rows"][1]["cells"] == [hostile, 6, hostile]
    assert context["rows"][1]["pairs"] == [(True, hostile), (True, 6), (True, hostile)]
    assert context["rows"][0]["pairs"] == [
        (False, "fr:Rifle"),
        (False, "fr:—"),
        (False, 'fr:range 6"'),
    ]
    assert context["pack"] == {"name": hostile, "version": "1"}
    assert filled.english_rows()[1] == (hostile, 6, hostile)


def test_without_a_pack_the_context_has_no_marks():
    context = card_context(bolt_action.TABLES, str)["tables"]["weapons"]

    assert "pack" not in context and all("pairs" not in row for row in context["rows"])
