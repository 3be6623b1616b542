"""The games' catalogue under /api/systems/ (issue #17, part 2): every game listed, and each
one's declaration as a client needs it, read from the registry (no game named here), in
English or French, with an ETag."""

from __future__ import annotations

import pytest
from django.utils import translation

from rules import systems
from tests.api.conftest import errors

pytestmark = pytest.mark.django_db


def catalogue(client, code: str, **headers) -> dict:
    response = client.get(f"/api/systems/{code}/", **headers)
    assert response.status_code == 200, response.content
    return response.json()


def test_the_list_names_every_game_in_registration_order(anon_api, django_assert_max_num_queries):
    with django_assert_max_num_queries(1):  # the throttle's count in the shared cache
        response = anon_api.get("/api/systems/")

    assert response.status_code == 200
    listed = response.json()
    assert [game["code"] for game in listed] == [game.code for game in systems()]
    for game, row in zip(systems(), listed, strict=True):
        assert row["name"] == game.name
        assert row["lists"] == game.lists
        assert row["costed"] is (game.cost is not None)
        assert row["default_points_limit"] == game.default_points_limit
        assert row["url"] == f"http://testserver/api/systems/{game.code}/"


def test_a_catalogue_is_the_game_s_declaration(anon_api, django_assert_max_num_queries):
    for game in systems():
        with django_assert_max_num_queries(1):
            found = catalogue(anon_api, game.code)

        assert found["code"] == game.code
        if game.factions is None:
            assert found["factions"] is None
        else:
            assert [f["code"] for f in found["factions"]] == list(game.factions)
        assert [t["code"] for t in found["model_types"]] == list(game.model_types)
        assert [i["code"] for i in found["items"]] == list(game.items)
        assert [a["code"] for a in found["abilities"]] == list(game.abilities)
        assert [(f["key"], f["kind"]) for f in found["member_record"]] == [
            (f.key, f.kind) for f in game.member_record
        ]
        assert [s["code"] for s in found["battle"]["states"]] == list(game.states)
        assert [o["code"] for o in found["battle"]["outcomes"]] == list(game.outcomes)
        assert [d["key"] for d in found["battle"]["deeds"]] == [d.key for d in game.deeds]
        assert [c["key"] for c in found["battle"]["casualty"]] == [
            c.key for c in game.report.casualty
        ]
        assert found["limits"]["members"] == game.limits.members
        if game.units is None:
            assert found["units"] is None
        else:
            assert [k["code"] for k in found["units"]["kinds"]] == list(game.units.kinds)
            assert [f["key"] for f in found["units"]["record"]] == [
                f.key for f in game.units.record
            ]
        if game.campaign is None:
            assert found["house_rules"] is None
        else:
            assert found["house_rules"]["defaults"] == game.campaign.default_house_rules()


def test_a_game_that_prints_no_costs_gets_none_invented():
    uncosted = [game for game in systems() if game.cost is None]
    assert uncosted  # the catalogue must not make up numbers for these
    from rest_framework.test import APIClient

    client = APIClient()
    for game in uncosted:
        found = catalogue(client, game.code)
        assert found["costed"] is False
        assert {item["cost"] for item in found["items"]} == {None}
        assert all(t["cost"] is None for t in found["model_types"])


def test_a_costed_game_gives_the_builder_s_prices(anon_api):
    game = next(game for game in systems() if game.builder and game.builder.item_price)
    found = catalogue(anon_api, game.code)

    for item in found["items"]:
        message, params = game.builder.item_price(item["code"])
        assert item["cost"] == {"text": message % params, "values": dict(params)}
    for model_type in found["model_types"]:
        least, most = game.builder.type_range(model_type["code"])
        assert (model_type["least"], model_type["most"]) == (least, most)
        first = model_type["items"][0]
        assert first["items"] == list(game.builder.items(first["faction"], model_type["code"]))


def test_labels_follow_accept_language(anon_api):
    game = next(game for game in systems() if game.factions)
    code, row = next(iter(game.factions.items()))
    with translation.override("fr"):
        french = translation.gettext(row.label)
    assert french != row.label  # the catalogue of French is complete (tests/test_i18n.py)

    english = catalogue(anon_api, game.code)
    found = catalogue(anon_api, game.code, HTTP_ACCEPT_LANGUAGE="fr")

    assert english["factions"][0] | {"shares": []} == {
        "code": code,
        "label": row.label,
        "shares": [],
    }
    assert found["factions"][0] | {"shares": []} == {"code": code, "label": french, "shares": []}


def test_a_catalogue_is_cacheable_by_its_etag(anon_api):
    code = systems()[0].code
    first = anon_api.get(f"/api/systems/{code}/")
    tag = first["ETag"]

    again = anon_api.get(f"/api/systems/{code}/", HTTP_IF_NONE_MATCH=tag)
    weak = anon_api.get(f"/api/systems/{code}/", HTTP_IF_NONE_MATCH=f"W/{tag}")
    french = anon_api.get(
        f"/api/systems/{code}/", HTTP_IF_NONE_MATCH=tag, HTTP_ACCEPT_LANGUAGE="fr"
    )
    listed = anon_api.get("/api/systems/")

    assert tag.startswith('"') and "max-age" in first["Cache-Control"]
    assert "Accept-Language" in first["Vary"]
    assert (again.status_code, again.content, again["ETag"]) == (304, b"", tag)
    assert weak.status_code == 304
    assert french.status_code == 200 and french["ETag"] != tag  # another language, another tag
    assert anon_api.get("/api/systems/", HTTP_IF_NONE_MATCH=listed["ETag"]).status_code == 304


def test_an_unknown_game_is_a_404(anon_api):
    response = anon_api.get("/api/systems/no-such-game/")

    assert response.status_code == 404
    assert errors(response)[0]["code"] == "not-found"


def test_the_reference_card_is_a_pdf_in_the_reader_s_language(anon_api):
    game = next(game for game in systems() if game.printing and game.printing.reference_template)
    found = catalogue(anon_api, game.code)
    assert found["reference_card"] == f"http://testserver/api/systems/{game.code}/reference/"

    response = anon_api.get(f"/api/systems/{game.code}/reference/?paper=letter")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF-")
    assert f"{game.code}-reference-letter.pdf" in response["Content-Disposition"]


def test_the_reference_card_refuses_unknown_paper_and_games(anon_api):
    code = systems()[0].code

    paper = anon_api.get(f"/api/systems/{code}/reference/?paper=a5")
    unknown = anon_api.get("/api/systems/no-such-game/reference/")
    typo = anon_api.get(f"/api/systems/{code}/reference/?papr=a4")

    assert paper.status_code == 400 and errors(paper)[0]["field"] == "paper"
    assert unknown.status_code == 404 and errors(unknown)
    assert typo.status_code == 400 and errors(typo)[0]["code"] == "unknown-parameter"


# --- what a legal roster is made of (issue #17, part 4: a client builds one from this) -------


def test_a_catalogue_says_how_many_a_roster_lists(anon_api):
    for game in systems():
        found = catalogue(anon_api, game.code)

        least, most = game.composition.size
        assert found["roster_size"] == {"least": least, "most": most}


def test_every_model_type_has_its_range_where_the_rules_set_one(anon_api):
    for game in systems():
        found = catalogue(anon_api, game.code)

        declared = (game.builder and game.builder.type_range) or game.composition.type_range
        for model_type in found["model_types"]:
            expected = declared(model_type["code"]) if declared else (None, None)
            assert (model_type["least"], model_type["most"]) == tuple(expected)
    ranged = [g for g in systems() if g.builder is None and g.composition.type_range]
    assert ranged  # a game without a builder still says which types a squad must have


def test_a_unit_kind_says_its_models_items_and_what_it_carries(anon_api):
    games = [game for game in systems() if game.units is not None]
    assert games
    for game in games:
        found = catalogue(anon_api, game.code)

        for kind in found["units"]["kinds"]:
            shape = game.composition.kinds[kind["code"]]
            assert kind["models"] == {"least": shape.least, "most": shape.most}
            assert kind["items"] == (None if shape.items is None else list(shape.items))
            assert kind["carries"] == [
                {"items": list(c.items), "least": c.least, "most": c.most, "per": c.per}
                for c in shape.carries
            ]
            assert set(kind["items"] or ()) <= set(game.items)
    carried = [c for g in games for k in g.composition.kinds.values() for c in k.carries]
    assert {c.per for c in carried} == {"model", "unit"}  # both are declared somewhere


def test_a_faction_says_the_shares_of_its_models_that_carry_an_item(anon_api):
    game = next(game for game in systems() if game.composition.shares is not None)
    found = catalogue(anon_api, game.code)

    for faction in found["factions"]:
        assert faction["shares"] == [
            {
                "item": share.item,
                "bound": share.bound,
                "numerator": share.numerator,
                "denominator": share.denominator,
            }
            for share in game.composition.shares(faction["code"])
        ]
    assert any(faction["shares"] for faction in found["factions"])
    assert any(not faction["shares"] for faction in found["factions"])


def test_the_schema_describes_what_a_roster_is_made_of(anon_api):
    schema = anon_api.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    parts = schema["components"]["schemas"]

    assert "roster_size" in parts["SystemCatalogue"]["properties"]
    assert {"models", "items", "carries"} <= set(parts["CatalogueUnitKind"]["properties"])
    assert "shares" in parts["CatalogueFaction"]["properties"]


# --- club packs (issue #30): the tables a game's game-pack/1 may hold ------------------------


def _cells(rows) -> list[tuple[str, str, bool]]:
    return [(c["key"], c["kind"], c["required"]) for c in rows["cells"]]


def test_a_catalogue_publishes_the_tables_of_the_game_s_packs(anon_api):
    for game in systems():
        found = catalogue(anon_api, game.code)["pack_tables"]

        assert [t["id"] for t in found] == [t.id for t in game.packs.tables]
        for table, declared in zip(found, game.packs.tables, strict=True):
            if declared.rows is not None:
                assert table["parts"] == []
                assert _cells(table["rows"]) == [
                    (c.key, c.kind, c.required) for c in declared.rows.cells
                ]
                assert table["rows"]["unique"] == list(declared.rows.unique)
            else:
                assert table["rows"] is None
                assert [p["key"] for p in table["parts"]] == [p.key for p in declared.parts]
        assert "scenarios" in [t["id"] for t in found]  # every game's packs hold scenarios


def test_a_pack_cell_says_its_codes_and_bounds(anon_api):
    game = next(game for game in systems() if game.packs.table("points"))
    points = next(t for t in catalogue(anon_api, game.code)["pack_tables"] if t["id"] == "points")
    items = next(p for p in points["parts"] if p["key"] == "items")

    item, cost = items["rows"]["cells"]
    assert item["kind"] == "code" and item["new"] is False
    assert [c["code"] for c in item["choices"]] == list(game.items)
    assert all(c["label"] for c in item["choices"])
    assert (cost["kind"], cost["minimum"], cost["maximum"], cost["length"]) == (
        "whole", 0, 9999, None,
    )  # fmt: skip


def test_a_unit_game_s_catalogue_publishes_its_army_list(anon_api):
    published = []
    for game in systems():
        found = catalogue(anon_api, game.code)["pack_tables"]
        army = next((t for t in found if t["id"] == "army_list"), None)
        if game.packs.table("army_list") is None:
            assert army is None
            continue
        published.append(game.code)
        rows = army["rows"]
        assert [c["key"] for c in rows["cells"]] == ["faction", "kind", "minimum", "maximum"]
        kinds = game.units.kinds if game.units else game.model_types
        assert [c["code"] for c in rows["cells"][1]["choices"]] == list(kinds)
        assert rows["unique"] == ["faction", "kind"]
        assert rows["ordered"] == [["minimum", "maximum"]]  # no maximum below the minimum
        assert (rows["cells"][2]["minimum"], rows["cells"][3]["maximum"]) == (0, 99)
    assert {"bolt-action", "one-page-modern", "necromunda"} <= set(published)


def test_pack_tables_follow_accept_language(anon_api):
    game = next(game for game in systems() if game.packs.table("weapons"))
    english = catalogue(anon_api, game.code)["pack_tables"]
    french = catalogue(anon_api, game.code, HTTP_ACCEPT_LANGUAGE="fr")["pack_tables"]

    assert [t["id"] for t in english] == [t["id"] for t in french]
    weapons = next(t for t in english if t["id"] == "weapons")
    assert weapons["rows"]["cells"][0]["new"] is True  # a pack may add weapons
    assert weapons["rows"]["named"] == ["name"]


def test_the_schema_describes_the_pack_tables(anon_api):
    schema = anon_api.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    parts = schema["components"]["schemas"]

    assert "pack_tables" in parts["SystemCatalogue"]["properties"]
    assert {"id", "rows", "parts"} <= set(parts["PackTable"]["properties"])
    assert {"key", "kind", "minimum", "maximum", "choices", "new"} <= set(
        parts["PackCell"]["properties"]
    )
