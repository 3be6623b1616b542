"""What Bolt Action's force sheet, unit cards and quick-reference card print
(bolt-action.md sections 5 and 6), read from the context the templates get."""

from dataclasses import replace

from rules.bolt_action import CODE, data, reference, sheet
from rules.bolt_action.demo import EXAMPLE
from rules.bolt_action.sheet import reference_context, squad_context, unit_block
from rules.types import Equipment, Member, Roster, RosterCost, Unit


def same(text):
    return text


def mark(text):  # a "translation" that shows where translate was applied
    return "@" + text


def man(name, *items, n=1, leader=False):
    equipment = tuple(Equipment(i) if isinstance(i, str) else Equipment(*i) for i in items)
    record = {**({"count": n} if n != 1 else {}), **({"leader": True} if leader else {})}
    return Member(name, "", equipment, record=record)


def unit(name, kind, *members, equipment=(), quality="regular", **record):
    items = tuple(Equipment(i) if isinstance(i, str) else Equipment(*i) for i in equipment)
    return Unit(name, kind, tuple(members), items, {"quality": quality, **record})


def force(*units):
    return Roster(CODE, "Force", "", (), None, tuple(units))


CONTEXT = squad_context(EXAMPLE, None, True, same)
UNITS = {u["name"]: u for u in CONTEXT["units"]}


def weapons(name):
    return [
        (w["count"], w["name"], w["labels_text"], w["shots"], w["damage_bonus"], w["notes"])
        for w in UNITS[name]["weapons"]
    ]


# --- the header -----------------------------------------------------------------------------


def test_header_gives_the_order_dice_and_not_costed():
    assert CONTEXT["game"] == "Bolt Action"
    assert CONTEXT["faction"] == {"label": "Germany"}
    assert CONTEXT["order_dice"] == 5  # one per unit
    assert CONTEXT["order_dice_label"] == "order dice: 5"
    assert CONTEXT["points_label"] == "points: not costed"
    assert CONTEXT["model_count"] == 9 + 3 + 3 + 1 + 5


def test_a_points_table_replaces_not_costed():
    costed = squad_context(EXAMPLE, RosterCost(120, 150, ()), True, same)

    assert costed["points_label"] == ""


def test_one_unit_dict_per_unit_in_the_forces_order():
    assert list(UNITS) == ["1st Squad", "MG Team", "Pak 40", "Panzer IV", "Scouts"]


# --- each unit's values (section 6) ---------------------------------------------------------


def test_each_units_values():
    rows = {
        name: (u["kind_label"], u["quality_label"], u["models"], u["morale"],
               u["destroyed_label"], len(u["pin_boxes"]), u["damage_label"], u["to_hit_label"],
               u["shots_label"], u["small_unit"])
        for name, u in UNITS.items()
    }  # fmt: skip

    assert rows == {
        "1st Squad": ("Infantry squad", "Regular", 9, 9, "destroyed at 9 pins", 9, "4+", "3+",
                      "—", False),
        "MG Team": ("Infantry team", "Veteran", 3, 10, "destroyed at 10 pins", 10, "5+", "3+",
                    4, False),
        "Pak 40": ("Artillery", "Regular", 3, 9, "destroyed at 9 pins", 9, "4+", "3+", "—",
                   False),
        "Panzer IV": ("Medium tank, tracked", "Regular", 1, 9, "destroyed at 9 pins", 9, "9+",
                      "3+", "—", False),
        "Scouts": ("Infantry squad", "Veteran", 5, 10, "destroyed at 10 pins", 10, "5+", "3+",
                   "—", False),
    }  # fmt: skip


def test_member_lines_count_name_nco_and_what_each_model_carries():
    lines = [
        (m["count"], m["name"], m["leader_label"],
         [(c["name"], c["label"], c["count"]) for c in m["carries"]])
        for m in UNITS["1st Squad"]["members"]
    ]  # fmt: skip

    assert lines == [
        (1, "Uffz. Becker", "NCO", [("Submachine gun", "", 1)]),
        (1, "MG gunner", "", [("Light machine gun", "MG 42", 1)]),
        (2, "Grenadier", "", [("Rifle", "", 1), ("One-shot anti-tank weapon", "Panzerfaust", 1)]),
        (5, "Rifleman", "", [("Rifle", "", 1)]),
    ]
    crew = UNITS["MG Team"]["members"][1]
    assert (crew["count"], crew["name"], crew["carries"]) == (2, "Crewman", [])
    assert UNITS["MG Team"]["nothing_label"] == "nothing listed"


def test_a_vehicle_has_no_member_lines():
    assert UNITS["Panzer IV"]["members"] == []
    assert UNITS["Panzer IV"]["vehicle"] is True


def test_weapons_each_item_once_with_its_total_and_labels():
    small = ["small arms"]
    one_shot = ["one-shot: tick each when fired; may pick its own target"]

    assert weapons("1st Squad") == [
        (1, "Submachine gun", "", "—", "none", small),
        (1, "Light machine gun", "MG 42", 3, "none", small),
        (7, "Rifle", "", 1, "none", small),
        (2, "One-shot anti-tank weapon", "Panzerfaust", 1, "—", one_shot),
    ]
    assert weapons("MG Team") == [
        (1, "Medium machine gun", "MG 42 on tripod", 4, "none", ["small arms", "crew-served"]),
    ]
    assert weapons("Pak 40") == [(1, "Anti-tank gun", "7.5 cm Pak 40", "—", "—", [])]
    assert weapons("Panzer IV") == [
        (1, "Anti-tank gun", "7.5 cm KwK 40", "—", "—", []),
        (2, "Medium machine gun", "", 4, "none", ["small arms", "crew-served"]),
    ]


def test_one_box_to_tick_per_one_shot_weapon():
    boxes = {w["code"]: len(w["boxes"]) for w in UNITS["1st Squad"]["weapons"]}

    assert boxes == {"smg": 0, "lmg": 0, "rifle": 0, "one-shot-anti-tank": 2}
    assert UNITS["1st Squad"]["one_shots"] == 2


def test_total_shots_or_a_dash():
    assert [(u["shots"], u["shots_label"]) for u in UNITS.values()] == [
        (None, "—"), (4, 4), (None, "—"), (None, "—"), (None, "—"),
    ]  # fmt: skip
    truck = unit_block(unit("Truck", "light-vehicle"), same)
    assert (truck["weapons"], truck["shots_label"]) == ([], 0)
    riflemen = unit_block(unit("Rifles", "infantry-squad", man("Rifleman", "rifle", n=6)), same)
    assert riflemen["shots_label"] == 6


def test_a_vehicle_prints_its_terrain_row():
    assert UNITS["Panzer IV"]["mover_label"] == "tracked vehicles"
    assert [(t["terrain"], t["move"]) for t in UNITS["Panzer IV"]["terrain"]] == [
        ("Open ground", "yes"),
        ("Rough ground (undergrowth, mud, sand, ruins)", "no Run"),
        ("Obstacle (hedge, stone wall, stream)",
         "yes, unless declared an anti-tank obstacle or impassable hedgerow"),
        ("Building", "no; heavy and super-heavy tanks may, demolishing it"),
        ("Road or track", "×2"),
    ]  # fmt: skip
    assert all(UNITS[name]["terrain"] == [] for name in ("1st Squad", "MG Team", "Pak 40"))


def test_a_wheeled_vehicle_reads_its_own_column():
    car = unit_block(unit("Puma", "armoured-car", equipment=["mmg"]), same)
    heavy = unit_block(unit("Maus", "super-heavy-tank", drive="wheeled"), same)

    assert car["kind_label"] == "Armoured car, wheeled"
    assert [t["move"] for t in car["terrain"]] == ["yes", "no", "no", "no", "×2"]
    assert heavy["kind_label"] == "Super-heavy tank, wheeled"  # the record's drive wins
    assert heavy["damage_label"] == "11+"


def test_notes_are_printed_as_written():
    assert UNITS["Pak 40"]["notes"] == "Dug in at the crossroads."
    assert UNITS["1st Squad"]["notes"] == ""


def test_inexperienced_shooters_hit_on_4_and_say_why():
    conscripts = unit("Volks", "infantry-squad", man("Volk", "rifle", n=5),
                      quality="inexperienced")  # fmt: skip
    block = unit_block(conscripts, same)

    assert (block["to_hit"], block["to_hit_label"]) == (4, "4+, inexperienced")
    assert (block["morale"], block["destroyed_label"], block["damage_label"]) == (
        8, "destroyed at 8 pins", "3+",
    )  # fmt: skip
    assert len(block["pin_boxes"]) == 8


def test_a_small_unit_is_marked_but_never_a_vehicle():
    team = unit_block(unit("Pair", "infantry-team", man("Gunner", "mmg"), man("Loader")), same)
    tank = unit_block(unit("Tiger", "heavy-tank"), same)

    assert team["small_unit"] is True
    assert team["small_unit_label"] == "small unit: −1 to hit it"
    assert (tank["small_unit"], tank["small_unit_label"]) == (False, "")


def test_house_rule_flags_print_as_notes(monkeypatch):
    flagged = replace(data.WEAPONS["hmg"], fire_order_only=True, no_advance_fire=True,
                      two_pins=True)  # fmt: skip
    monkeypatch.setattr(data, "WEAPONS", {**data.WEAPONS, "hmg": flagged})

    block = unit_block(unit("HMG", "infantry-team", man("Gunner", "hmg"), man("Loader")), same)

    assert block["weapons"][0]["notes"] == [
        "crew-served", "fires only on a Fire order", "cannot fire on an Advance order",
        "places 2 pins per hit",
    ]  # fmt: skip
    assert block["weapons"][0]["damage_bonus"] == "+1"


def test_every_label_goes_through_translate():
    context = squad_context(EXAMPLE, None, True, mark)
    squad, tank = context["units"][0], context["units"][3]

    assert context["order_dice_label"] == "@order dice: 5"
    assert context["points_label"] == "@points: not costed"
    assert squad["quality_label"] == "@Regular"
    assert squad["members"][0]["leader_label"] == "@NCO"
    assert squad["members"][0]["carries"][0]["name"] == "@Submachine gun"
    assert squad["weapons"][0]["damage_bonus"] == "@none"
    assert squad["destroyed_label"] == "@destroyed at 9 pins"
    assert tank["kind_label"] == "@@Medium tank, @tracked"  # "%(kind)s, %(drive)s" translated

    assert tank["terrain"][0] == {"terrain": "@Open ground", "move": "@yes"}
    assert context["order_test"]["title"] == "@Pins and the order test"


# --- the foot: morale modifiers (5.6) and the order test (5.4) ------------------------------


def test_the_foot_gives_the_morale_modifiers_and_the_order_test():
    assert CONTEXT["morale"]["notes"] == [
        "Morale modifiers: each pin −1; the squad's NCO killed −1; a team or gun crew down to "
        "one model −1.",
        "Morale never goes above 10 nor below 2.",
        "A unit with as many pins as its morale, or more, is destroyed.",
    ]
    test = CONTEXT["order_test"]
    assert test["columns"] == ["2D6", "Result"]
    assert [row["cells"] for row in test["rows"]] == [
        ["≤ modified morale", "pass: remove 1 pin, carry out the order"],
        ["> modified morale", "fail: the unit goes Down instead"],
        ["double 6", "no order; roll on the FUBAR table"],
        [2, "always a pass"],
        ["11 or 12", "always a fail (12 is a double 6: FUBAR as well)"],
    ]
    assert "Order test: 2D6 against morale − pins (and other modifiers)." in test["notes"]


def test_the_dash_legend_only_when_a_dash_is_printed():
    riflemen = force(unit("Rifles", "infantry-squad", man("Rifleman", "rifle", n=6)))

    assert CONTEXT["legend"].startswith("—: the source gives no number")
    assert squad_context(riflemen, None, True, same)["legend"] == ""


def test_an_empty_force_still_has_its_header_and_foot():
    context = squad_context(force(), None, True, same)

    assert (context["units"], context["order_dice"], context["model_count"]) == ([], 0, 0)
    assert context["order_dice_label"] == "order dice: 0"
    assert len(context["order_test"]["rows"]) == 5


# --- the quick-reference card (section 5) ---------------------------------------------------


def test_reference_context_has_every_table_in_card_order():
    context = reference_context(same)

    assert context["order"] == [t.key.replace("-", "_") for t in reference.TABLES]
    assert len(context["tables"]) == 14
    for table in reference.TABLES:
        printed = context["tables"][table.key.replace("-", "_")]
        assert printed["title"] == table.title
        assert printed["columns"] == list(table.columns)
        assert [row["cells"] for row in printed["rows"]] == [
            list(row) for row in table.english_rows()
        ], table.key
        assert printed["notes"] == list(table.english_notes()), table.key


def test_reference_context_translates_titles_headings_and_cells():
    tables = reference_context(mark)["tables"]

    assert tables["orders"]["title"] == "@The six orders"
    assert tables["orders"]["columns"] == ["@Die", "@Order", "@The unit…"]
    assert tables["orders"]["rows"][0]["cells"] == [
        1,
        "@Fire",
        "@stays put and shoots at full effect",
    ]
    assert tables["damage"]["rows"][6]["cells"] == ["@Medium tank", "@9+"]


def test_sheet_module_keeps_its_printing_entry():
    assert sheet.PRINTING.squad_context is squad_context
    assert sheet.PRINTING.reference_context is reference_context
    assert sheet.PRINTING.reference_template == "systems/bolt-action/reference.html"


def test_a_one_shot_line_prints_at_most_a_legal_squad_s_boxes():
    """One box to tick per one-shot weapon, up to one per model of the largest squad: a
    count the rules refuse prints no more (the largest document stays fast to print)."""
    squad = Unit(
        "Panzerfausts", "infantry-squad",
        members=(Member("Grenadier", "", (Equipment("rifle"), Equipment("one-shot-anti-tank", 99)),
                        record={"count": 5}),),
        record={"quality": "regular"},
    )  # fmt: skip
    roster = Roster(CODE, "Boxes", "", (), None, (squad,))
    (unit,) = squad_context(roster, None, True, same)["units"]
    one_shot = next(w for w in unit["weapons"] if w["one_shot"])
    assert len(one_shot["boxes"]) == data.KINDS["infantry-squad"].max_models == 10
