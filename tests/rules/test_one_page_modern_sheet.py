"""What the one-page modern force sheet, unit cards and reference card print
(one-page-modern.md sections 6 and 7): the values ``squad_context`` gives each unit of the
spec's example force, and the card's tables as ``reference_context`` gives them."""

import pytest

from rules.one_page_modern import reference
from rules.one_page_modern.demo import EXAMPLE
from rules.one_page_modern.sheet import reference_context, squad_context, unit_block
from rules.types import Equipment, Member, Roster, RosterCost, Unit

E = Equipment


def same(text):
    return text


def mark(text):  # a "translation" that shows where translate was applied
    return "@" + text


@pytest.fixture(scope="module")
def context():
    return squad_context(EXAMPLE, None, True, same)


@pytest.fixture(scope="module")
def units(context):
    return {unit["name"]: unit for unit in context["units"]}


def vehicle(name="Truck", *items, armour_class="unarmoured", tank=False, training="green"):
    record = {"training": training, "armour_class": armour_class}
    if tank:
        record["tank"] = True
    return Unit(name, "vehicle", equipment=tuple(items), record=record)


# --- the force ------------------------------------------------------------------------------


def test_one_unit_dict_per_unit_in_the_forces_order(context):
    assert [unit["name"] for unit in context["units"]] == ["1st Section", "Leopard", "Pillbox"]
    assert context["model_count"] == 9  # seven riflemen, one tank, one bunker


def test_the_header_says_no_points(context):
    assert context["points_label"] == "no points"
    assert context["faction"] == {"label": "Rapid reaction force (supplement)"}
    assert context["game"] == "One-page modern skirmish"


def test_house_rule_points_replace_no_points():
    costs = RosterCost(points=120, points_limit=150, members=())

    assert squad_context(EXAMPLE, costs, True, same)["points_label"] == ""


def test_seven_range_columns(context):
    assert context["ranges"] == ['8"', '12"', '16"', '24"', '32"', '40"', '48"']


# --- infantry -------------------------------------------------------------------------------


def test_infantry_block(units):
    section = units["1st Section"]

    assert section["kind_label"] == "Infantry"
    assert section["infantry"] and not section["vehicle"] and not section["bunker"]
    assert section["training_label"] == "Seasoned"
    assert section["models"] == 7
    assert section["skill"] == "5+"
    assert [(c["label"], c["score"]) for c in section["skill_vs_cover"]] == [
        ("Light", "6+"), ("Medium", "6+"), ("Hard", "6+"),
    ]  # fmt: skip
    assert section["pinnable"] and section["max_pinned"] == 2
    assert section["pinned_label"] == ""
    assert section["weapons"] == []  # infantry carry theirs
    assert section["notes"] == ""


def test_a_better_leader_sets_the_activation_and_the_base_is_printed_beside_it(units):
    section = units["1st Section"]

    assert section["activation"] == "3+"
    assert section["activation_label"] == "3+ (4+ without Sgt. Hale)"


def test_a_leader_no_better_than_the_unit_changes_nothing():
    unit = Unit("Squad", "infantry", members=(
        Member("Cpl. Dunn", "", (E("pistol"),), record={"leader": "green"}),
        Member("Private", "", (E("infantry-rifle"),), record={"count": 3}),
    ), record={"training": "veteran"})  # fmt: skip

    block = unit_block(unit, same)

    assert block["activation_label"] == "3+"
    assert block["members"][0]["leader_label"] == "leader: Green"  # still marked


def test_member_lines(units):
    hale, riflemen, gunner = units["1st Section"]["members"]

    assert (hale["count"], hale["name"]) == (1, "Sgt. Hale")
    assert hale["leader_label"] == "leader: Veteran"
    assert [(w["name"], w["marks"]) for w in hale["weapons"]] == [
        ("Assault rifle", "W"), ("Thrown grenades", "W AV"),
    ]  # fmt: skip
    assert (hale["armour"], hale["save"]) == ("Medium", "5+")
    assert (riflemen["count"], riflemen["leader"], riflemen["leader_label"]) == (5, False, "")
    assert [(w["name"], w["marks"]) for w in gunner["weapons"]] == [("Light machine gun", "W")]


def test_infantry_marks_and_no_armour():
    unit = Unit("Support", "infantry", members=(
        Member("Gun team", "", (E("heavy-machine-gun"),), record={"count": 2}),
        Member("Burner", "", (E("flamethrower"), E("pistol", 2))),
        Member("Spare", ""),
    ), record={"training": "green"})  # fmt: skip

    gun, burner, spare = unit_block(unit, same)["members"]

    assert gun["weapons"][0]["marks"] == "2C"  # carried: two crew
    assert [(w["marks"], w["count"]) for w in burner["weapons"]] == [("IC AV", 1), ("W", 2)]
    assert spare["weapons"] == []
    assert (spare["armour"], spare["save"]) == ("None", "—")


def test_infantry_fire_points_in_the_seven_columns(units):
    assert units["1st Section"]["fire_points"] == [
        {"label": "unit total", "values": [16, 15, 9, 9, 3, 0, 0]},
    ]


# --- vehicles -------------------------------------------------------------------------------


def test_a_tank(units):
    tank = units["Leopard"]

    assert tank["kind_label"] == "Tank"
    assert tank["vehicle"] and not tank["infantry"]
    assert tank["training_label"] == "Seasoned"
    assert tank["activation_label"] == "4+"
    assert tank["skill"] == "5+"
    assert (tank["armour_class"], tank["armour_save"]) == ("Heavy", "3+")
    assert tank["armoured"] is True
    assert tank["armoured_label"] == "armoured (immune to small arms and HMGs)"
    assert not tank["pinnable"] and tank["pinned_label"] == "cannot be pinned"
    assert tank["members"] == []


def test_a_heavy_tank_moves_through_medium_cover_without_firing(units):
    assert units["Leopard"]["moves"] == [
        '12" (30 cm) in the open',
        '6" (15 cm) through light cover',
        '6" (15 cm) through medium cover, without firing',
    ]


def test_mounted_weapons_with_counts_and_marks(units):
    assert [(w["count"], w["name"], w["marks"]) for w in units["Leopard"]["weapons"]] == [
        (1, "Light cannon", "IC AV"),  # a tank's cannon ignores cover
        (2, "Heavy machine gun", ""),  # mounted: one crew, no 2C
    ]


def test_vehicle_fire_points_stationary_and_moving(units):
    assert units["Leopard"]["fire_points"] == [
        {"label": "stationary", "values": [12, 12, 12, 12, 12, 0, 0]},
        {"label": "moving", "values": [4, 4, 4, 4, 4, 0, 0]},
    ]


def test_a_truck_is_a_vehicle_not_armoured_and_keeps_out_of_medium_cover():
    block = unit_block(vehicle("Truck", E("heavy-machine-gun")), same)

    assert block["kind_label"] == "Vehicle"
    assert (block["armour_class"], block["armour_save"]) == ("None", "6+")
    assert block["armoured"] is False
    assert block["armoured_label"] == "not armoured (small arms and HMGs can harm it)"
    assert len(block["moves"]) == 2


def test_a_light_tank_does_not_cross_medium_cover():
    block = unit_block(vehicle("Light tank", armour_class="medium", tank=True), same)

    assert block["kind_label"] == "Tank"
    assert block["armoured"] is True
    assert len(block["moves"]) == 2
    assert block["fire_points"][0]["values"] == [0] * 7  # no weapons


# --- bunkers --------------------------------------------------------------------------------


def test_a_bunker(units):
    pillbox = units["Pillbox"]

    assert pillbox["kind_label"] == "Bunker"
    assert pillbox["bunker"] and not pillbox["vehicle"]
    assert pillbox["training_label"] == "Green"
    assert pillbox["activation_label"] == "5+"
    assert pillbox["skill"] == "6+"
    assert [(w["count"], w["name"], w["marks"]) for w in pillbox["weapons"]] == [
        (1, "Heavy cannon", "AV"),  # a bunker's cannon does not ignore cover
    ]
    assert pillbox["fire_points"] == [{"label": "all weapons", "values": [6] * 7}]
    assert pillbox["hard_cover"] == "hard cover: shooters +3"
    assert pillbox["pinned_label"] == "cannot be pinned"
    assert pillbox["notes"] == "Dug in on the ridge."
    assert "moves" not in pillbox and "armour_class" not in pillbox


# --- the weapon key -------------------------------------------------------------------------


def test_the_weapon_key_lists_each_weapon_the_force_uses_in_the_tables_order(context):
    assert [(w["name"], w["range"], w["fp"]) for w in context["weapon_key"]] == [
        ("Assault rifle", '24" (60 cm)', 1),
        ("Light machine gun", '32" (80 cm)', 3),
        ("Heavy machine gun", '32" (80 cm)', 4),
        ("Thrown grenades", '8" (20 cm)', 3),
        ("Light cannon", '32" (80 cm)', 4),
        ("Heavy cannon", '48" (120 cm)', 6),
    ]


def test_the_weapon_key_gives_each_weapons_notes(context):
    notes = {w["code"]: w["notes"] for w in context["weapon_key"]}

    assert notes["assault-rifle"] == ['2 FP at 12" (30 cm) or less']
    assert notes["heavy-machine-gun"] == [
        "carried by infantry: two crew; mounted on a vehicle or bunker: one"
    ]
    assert notes["heavy-cannon"] == ["tanks and bunkers only", "a tank's ignores cover"]
    assert notes["grenades"] == []


def test_the_marks_and_what_they_mean(context):
    assert [(m["mark"], m["meaning"]) for m in context["marks"]] == [
        ("W", "may fire during a Walk"),
        ("IC", "ignores cover"),
        ("AV", "can harm an armoured vehicle"),
        ("2C", "needs two crew"),
    ]


def test_a_force_without_units_prints_nothing_to_key():
    empty = Roster("one-page-modern", "Nobody", "", points_limit=None)
    context = squad_context(empty, None, True, same)

    assert context["units"] == [] and context["weapon_key"] == []
    assert context["model_count"] == 0


# --- translation ----------------------------------------------------------------------------


def test_every_label_goes_through_translate():
    context = squad_context(EXAMPLE, None, True, mark)
    section, tank, pillbox = context["units"]

    assert context["points_label"] == "@no points"
    assert section["kind_label"] == "@Infantry" and tank["kind_label"] == "@Tank"
    assert section["training_label"] == "@Seasoned"
    assert section["activation_label"] == "@3+ (4+ without Sgt. Hale)"
    assert section["skill_vs_cover"][0]["label"] == "@Light"
    assert section["members"][0]["leader_label"] == "@leader: @Veteran"
    assert section["members"][0]["weapons"][0]["name"] == "@Assault rifle"
    assert section["members"][0]["armour"] == "@Medium"
    assert section["fire_points"][0]["label"] == "@unit total"
    assert tank["armour_class"] == "@Heavy"
    assert tank["armoured_label"].startswith("@armoured")
    assert all(move.startswith("@") for move in tank["moves"])
    assert tank["pinned_label"] == "@cannot be pinned"
    assert [row["label"] for row in tank["fire_points"]] == ["@stationary", "@moving"]
    assert pillbox["hard_cover"] == "@hard cover: shooters +3"
    assert pillbox["notes"] == "Dug in on the ridge."  # free text, printed as given
    assert context["weapon_key"][0]["notes"] == ['@2 FP at 12" (30 cm) or less']
    assert context["marks"][0]["meaning"] == "@may fire during a Walk"
    assert context["fire_points_note"].startswith("@Fire points")


# --- the quick-reference card ---------------------------------------------------------------


def test_reference_context_gives_every_table_by_key_in_order():
    context = reference_context(same)

    assert context["order"] == [t.key.replace("-", "_") for t in reference.TABLES]
    assert list(context["tables"]) == context["order"]
    assert len(context["order"]) == 14


def test_reference_cells_as_the_spec_gives_them():
    tables = reference_context(same)["tables"]

    def rows(key):
        return [row["cells"] for row in tables[key]["rows"]]

    assert rows("training") == [
        ["Green", "5+", "6+"], ["Seasoned", "4+", "5+"],
        ["Veteran", "3+", "4+"], ["Elite", "2+", "4+"],
    ]  # fmt: skip
    assert rows("pinning") == [["Green", 1], ["Seasoned", 2], ["Veteran", 3], ["Elite", 4]]
    assert rows("actions")[0] == [
        "Walk",
        '6" (15 cm)',
        "may fire a small arm, or throw a grenade, at any point of the move",
    ]
    assert rows("actions")[3][:2] == ["On guard", '0"']
    assert rows("small_arms")[2] == ["Assault rifle", '24" (60 cm)', 1]
    assert rows("support_weapons")[-1] == ["Heavy cannon", '48" (120 cm)', 6]
    assert rows("personal_armour")[0] == ["None", "—", ""]
    assert rows("vehicles")[-1] == ["Very heavy", "2+", "heavy tanks"]
    assert rows("vehicle_damage")[0] == ["1–2", "crew stunned: −2 on the next activation"]
    assert rows("cover")[2] == ["Hard", "+3", "bunkers"]


def test_reference_context_translates_and_fills_in_numbers():
    tables = reference_context(mark)["tables"]

    assert tables["cover"]["title"] == "@Cover"
    assert tables["cover"]["columns"] == ["@Cover", "@Modifier", "@Examples"]
    notes = tables["cover"]["notes"]
    assert "@The modifier raises the firer's skill number, never past 6+." in notes
    assert tables["close_combat"]["rows"][1]["cells"][1].startswith(
        '@the attacker moves models into base contact with enemies up to 8" (20 cm) away'
    )
    assert tables["small_arms"]["notes"][1] == '@An assault rifle has 2 FP at 12" (30 cm) or less.'
    assert tables["pinning"]["rows"][0]["cells"] == ["@Green", 1]  # numbers stay numbers
