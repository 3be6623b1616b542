"""One-page modern's derived values (one-page-modern.md section 3): the spec's worked example,
the section 8 force, and every key of 3.1 at its edges."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.one_page_modern import data
from rules.one_page_modern.demo import EXAMPLE
from rules.one_page_modern.derive import (
    best_fire_points,
    by_range,
    derive,
    derive_unit,
    fire_points_at,
    infantry_fire_points,
    models,
    mount_context,
    moving_fire_points,
    skill_vs_cover,
    unit_leader,
    weapon_marks,
)
from rules.types import Equipment, Member, Roster, Unit

KEYS = {
    "kind", "training", "models", "base_activation", "leader", "activation", "skill",
    "skill_vs_cover", "max_pinned", "armour_class", "armour_save", "armoured", "tank",
    "crosses_medium_cover", "fire_points", "fire_points_moving", "members",
}  # fmt: skip
COLUMNS = ["8", "12", "16", "24", "32", "40", "48"]


def model(name="Rifleman", *items, count=1, leader=None, armour=None):
    record = {"count": count} if count != 1 else {}
    if leader:
        record["leader"] = leader
    if armour:
        record["armour"] = armour
    return Member(name, "", tuple(Equipment(i) for i in items), record=record)


def infantry(*members, name="Section", training="seasoned"):
    return Unit(name, "infantry", tuple(members), record={"training": training})


def vehicle(*items, name="Truck", tank=False, armour_class="unarmoured", training="seasoned"):
    record = {"training": training, "armour_class": armour_class}
    if tank:
        record["tank"] = True
    return Unit(name, "vehicle", equipment=tuple(_kit(items)), record=record)


def bunker(*items, name="Pillbox", training="green"):
    return Unit(name, "bunker", equipment=tuple(_kit(items)), record={"training": training})


def _kit(items):
    return (Equipment(i) if isinstance(i, str) else Equipment(*i) for i in items)


def row(*values):
    return dict(zip(COLUMNS, values, strict=True))


def fire_points(unit):
    return list(derive_unit(unit)["fire_points"].values())


# --- the spec's examples ----------------------------------------------------------------------


def test_the_worked_example_gun_team_of_three():
    team = infantry(
        model("Gunner", "heavy-machine-gun"),
        model("Loader", "pistol"),
        model("Rifleman", "infantry-rifle"),
        training="veteran",
    )

    points = derive_unit(team)["fire_points"]

    assert points["8"] == 5  # 4 + 1 + 1, less the lowest server (1)
    assert points["12"] == points["16"] == points["24"] == 5  # 4 + 0 + 1, less the pistol's 0
    assert points["32"] == 4
    assert points["40"] == 0
    assert points["48"] == 0


def test_the_section_8_force_comes_out_exactly():
    derived = json.loads(json.dumps(derive(EXAMPLE)))["derived"]

    assert list(derived) == ["1st Section", "Leopard", "Pillbox"]
    assert derived["1st Section"] == {
        "kind": "infantry",
        "training": "seasoned",
        "models": 7,
        "base_activation": 4,
        "leader": "Sgt. Hale",
        "activation": 3,
        "skill": 5,
        "skill_vs_cover": {"light": 6, "medium": 6, "hard": 6},
        "max_pinned": 2,
        "armour_class": None,
        "armour_save": None,
        "armoured": None,
        "tank": None,
        "crosses_medium_cover": None,
        "fire_points": row(16, 15, 9, 9, 3, 0, 0),
        "fire_points_moving": None,
        "members": {
            "Sgt. Hale": {"count": 1, "save": 5, "fire_points": row(3, 2, 1, 1, 0, 0, 0)},
            "Rifleman": {"count": 5, "save": 5, "fire_points": row(2, 2, 1, 1, 0, 0, 0)},
            "Gunner": {"count": 1, "save": 5, "fire_points": row(3, 3, 3, 3, 3, 0, 0)},
        },
    }
    assert derived["Leopard"] == {
        "kind": "vehicle",
        "training": "seasoned",
        "models": 1,
        "base_activation": 4,
        "leader": None,
        "activation": 4,
        "skill": 5,
        "skill_vs_cover": {"light": 6, "medium": 6, "hard": 6},
        "max_pinned": 0,
        "armour_class": "heavy",
        "armour_save": 3,
        "armoured": True,
        "tank": True,
        "crosses_medium_cover": True,
        "fire_points": row(12, 12, 12, 12, 12, 0, 0),  # cannon 4 + two HMGs 4 each
        "fire_points_moving": row(4, 4, 4, 4, 4, 0, 0),
        "members": {},
    }
    assert derived["Pillbox"] == {
        "kind": "bunker",
        "training": "green",
        "models": 1,
        "base_activation": 5,
        "leader": None,
        "activation": 5,
        "skill": 6,
        "skill_vs_cover": {"light": 6, "medium": 6, "hard": 6},
        "max_pinned": 0,
        "armour_class": None,
        "armour_save": None,
        "armoured": None,
        "tank": None,
        "crosses_medium_cover": None,
        "fire_points": row(6, 6, 6, 6, 6, 6, 6),
        "fire_points_moving": None,
        "members": {},
    }


@pytest.mark.parametrize("unit", [infantry(), infantry(model()), vehicle(), bunker()])
def test_every_unit_has_exactly_the_keys_of_3_1(unit):
    values = derive_unit(unit)

    assert set(values) == KEYS
    assert list(values["fire_points"]) == COLUMNS
    assert json.loads(json.dumps(values)) == values


def test_derive_keys_units_by_name():
    assert derive(Roster("one-page-modern", "F", "", (), None, ())) == {"derived": {}}


# --- kind, training, models -------------------------------------------------------------------


def test_models_sum_the_member_counts():
    unit = infantry(model("A", count=5), model("B"), model("C", count=3))

    assert derive_unit(unit)["models"] == models(unit) == 9
    assert derive_unit(infantry())["models"] == 0


@pytest.mark.parametrize("unit", [vehicle(), bunker()])
def test_a_vehicle_or_a_bunker_is_one_model(unit):
    assert derive_unit(unit)["models"] == 1


@pytest.mark.parametrize(
    ("training", "activation", "skill", "pinned"),
    [("green", 5, 6, 1), ("seasoned", 4, 5, 2), ("veteran", 3, 4, 3), ("elite", 2, 4, 4)],
)
def test_training_gives_activation_skill_and_pinning(training, activation, skill, pinned):
    values = derive_unit(infantry(model(), training=training))

    assert values["kind"] == "infantry" and values["training"] == training
    assert values["base_activation"] == values["activation"] == activation
    assert values["skill"] == skill
    assert values["max_pinned"] == pinned


def test_pinning_maximum_is_not_capped_by_the_units_size():
    assert derive_unit(infantry(model(count=2), training="elite"))["max_pinned"] == 4


@pytest.mark.parametrize("unit", [vehicle(training="elite"), bunker(training="elite")])
def test_vehicles_and_bunkers_cannot_be_pinned(unit):
    values = derive_unit(unit)

    assert values["max_pinned"] == 0
    assert values["base_activation"] == values["activation"] == 2
    assert values["kind"] == unit.kind


# --- leader and activation --------------------------------------------------------------------


def test_no_leader():
    values = derive_unit(infantry(model()))

    assert values["leader"] is None
    assert unit_leader(infantry(model())) is None


def test_a_better_leader_lowers_activation_only():
    values = derive_unit(infantry(model("Hale", leader="elite"), model(count=4)))

    assert values["leader"] == "Hale"
    assert (values["base_activation"], values["activation"]) == (4, 2)
    assert values["skill"] == 5 and values["max_pinned"] == 2  # still the unit's


@pytest.mark.parametrize("level", ["green", "seasoned"])
def test_an_equal_or_worse_leader_changes_nothing_but_is_named(level):
    values = derive_unit(infantry(model("Hale", leader=level)))

    assert values["leader"] == "Hale"
    assert values["activation"] == values["base_activation"] == 4


def test_with_several_leaders_the_best_level_counts():
    unit = infantry(model("Moss", leader="veteran"), model("Hale", leader="elite"))

    assert derive_unit(unit)["leader"] == "Hale"
    assert derive_unit(unit)["activation"] == 2


def test_of_leaders_of_one_level_the_first_listed_is_named():
    unit = infantry(model("Moss", leader="veteran"), model("Hale", leader="veteran"))

    assert derive_unit(unit)["leader"] == "Moss"


# --- skill against cover ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("skill", "expected"),
    [(4, {"light": 5, "medium": 6, "hard": 6}), (5, {"light": 6, "medium": 6, "hard": 6}),
     (6, {"light": 6, "medium": 6, "hard": 6}), (2, {"light": 3, "medium": 4, "hard": 5})],
)  # fmt: skip
def test_skill_against_cover_is_capped_at_6(skill, expected):
    assert skill_vs_cover(skill) == expected


def test_an_elite_unit_against_cover():
    assert derive_unit(infantry(model(), training="elite"))["skill_vs_cover"] == {
        "light": 5,
        "medium": 6,
        "hard": 6,
    }


# --- vehicle keys -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("armour_class", "save", "armoured"),
    [("unarmoured", 6, False), ("light", 5, True), ("medium", 4, True), ("heavy", 3, True),
     ("very-heavy", 2, True)],
)  # fmt: skip
def test_armour_class_save_and_armoured(armour_class, save, armoured):
    values = derive_unit(vehicle(armour_class=armour_class))

    assert values["armour_class"] == armour_class
    assert values["armour_save"] == save
    assert values["armoured"] is armoured


@pytest.mark.parametrize(
    ("armour_class", "tank", "crosses"),
    [("heavy", True, True), ("very-heavy", True, True), ("medium", True, False),
     ("heavy", False, False), ("very-heavy", False, False), ("unarmoured", True, False)],
)  # fmt: skip
def test_only_medium_and_heavy_tanks_cross_medium_cover(armour_class, tank, crosses):
    values = derive_unit(vehicle(armour_class=armour_class, tank=tank))

    assert values["tank"] is tank
    assert values["crosses_medium_cover"] is crosses


@pytest.mark.parametrize("unit", [infantry(model()), bunker()])
def test_vehicle_keys_are_null_for_infantry_and_bunkers(unit):
    values = derive_unit(unit)

    for key in ("armour_class", "armour_save", "armoured", "tank", "crosses_medium_cover"):
        assert values[key] is None, key
    assert values["fire_points_moving"] is None


# --- members ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("armour", "save"),
    [(None, None), ("light", 6), ("medium", 5), ("heavy", 4), ("power", 3), ("battlesuit", 2)],
)
def test_a_members_save_is_its_armours(armour, save):
    values = derive_unit(infantry(model("A", "pistol", armour=armour)))["members"]["A"]

    assert values["save"] == save


def test_a_members_values_are_one_models():
    values = derive_unit(infantry(model("Riflemen", "assault-rifle", count=5)))

    assert values["members"]["Riflemen"] == {
        "count": 5,
        "save": None,
        "fire_points": row(2, 2, 1, 1, 0, 0, 0),
    }
    assert values["fire_points"] == row(10, 10, 5, 5, 0, 0, 0)


def test_a_model_without_weapons_has_no_fire_points():
    values = derive_unit(infantry(model("Medic")))

    assert values["members"]["Medic"]["fire_points"] == row(0, 0, 0, 0, 0, 0, 0)
    assert values["fire_points"] == row(0, 0, 0, 0, 0, 0, 0)


def test_a_model_fires_its_best_weapon_at_each_range():
    values = derive_unit(infantry(model("A", "shotgun", "sniper-rifle", "grenades")))

    assert values["members"]["A"]["fire_points"] == row(3, 2, 2, 2, 2, 0, 0)


def test_the_count_of_a_carried_weapon_changes_nothing():
    gunner = Member("A", "", (Equipment("pistol", 3),))

    assert derive_unit(infantry(gunner))["fire_points"]["8"] == 1


# --- infantry fire points and HMG servers (3.3) -----------------------------------------------


def test_servers_are_the_models_with_the_lowest_fp():
    unit = infantry(
        model("Gunner", "heavy-machine-gun"),
        model("Shotgun", "shotgun"),  # 3 at 8"
        model("Pistol", "pistol"),  # 1 at 8"
    )

    assert fire_points(unit)[0] == 4 + 3  # the pistol serves


def test_servers_are_capped_by_the_models_carrying_no_gun():
    unit = infantry(model("Gunners", "heavy-machine-gun", count=3), model("Rifleman", "smg"))

    assert fire_points(unit) == [12, 12, 12, 12, 12, 0, 0]  # the one rifleman serves


def test_no_one_serves_beyond_the_guns_range():
    unit = infantry(model("Gunner", "heavy-machine-gun"), model("Mortar", "light-mortar"))

    assert fire_points(unit) == [4, 4, 4, 4, 4, 3, 0]


def test_a_carrier_with_another_weapon_is_not_a_server():
    unit = infantry(
        model("Gunner", "heavy-machine-gun", "light-mortar"), model("Mortar", "light-mortar")
    )

    assert fire_points(unit) == [4, 4, 4, 4, 4, 6, 0]  # at 40" both mortars fire


def test_group_entries_serve_as_many_models_as_needed():
    unit = infantry(
        model("Gunners", "heavy-machine-gun", count=2),
        model("Riflemen", "infantry-rifle", count=3),
        model("Unarmed", count=1),
    )

    # 8": 8 + 3 + 0, less one unarmed (0) and one rifleman (1)
    assert infantry_fire_points(unit.members, 8) == 10
    assert infantry_fire_points(unit.members, 40) == 0


def _brute_force(members, r):
    """3.3 word for word, one model at a time."""
    fp, carriers, others = 0, 0, []
    for m in members:
        for _ in range(m.record.get("count", 1)):
            best = max((data.WEAPONS[e.item].fp_at(r) for e in m.equipment), default=0)
            fp += best
            if any(e.item == "heavy-machine-gun" for e in m.equipment):
                carriers += 1
            else:
                others.append(best)
    if r <= 32:
        fp -= sum(sorted(others)[: min(carriers, len(others))])
    return fp


members = st.builds(
    lambda i, n, kit: Member(
        f"M{i}", "", tuple(Equipment(k) for k in kit), record={"count": n} if n > 1 else {}
    ),
    st.integers(0, 9), st.integers(1, 4), st.lists(st.sampled_from(list(data.WEAPONS)), max_size=3),
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(members, max_size=6), st.sampled_from(data.RANGES))
def test_infantry_fire_points_match_the_rule_model_by_model(crew, r):
    assert infantry_fire_points(crew, r) == _brute_force(crew, r)


# --- vehicle and bunker fire points -----------------------------------------------------------


def test_a_stationary_vehicle_fires_every_weapon_a_moving_one_its_best():
    truck = vehicle(("heavy-machine-gun", 2), "rpg", "light-mortar")
    values = derive_unit(truck)

    assert values["fire_points"] == row(14, 14, 14, 14, 11, 3, 0)  # 2 × 4, + 3 to 24", + 3 to 40"
    assert values["fire_points_moving"] == row(4, 4, 4, 4, 4, 3, 0)


def test_a_bunker_fires_every_weapon():
    values = derive_unit(bunker("light-cannon", ("heavy-machine-gun", 2)))

    assert values["fire_points"] == row(12, 12, 12, 12, 12, 0, 0)
    assert values["members"] == {}


def test_a_vehicle_without_weapons_fires_nothing():
    values = derive_unit(vehicle())

    assert values["fire_points"] == values["fire_points_moving"] == row(0, 0, 0, 0, 0, 0, 0)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(list(data.WEAPONS)), st.integers(1, 3)), max_size=4))
def test_moving_never_fires_more_than_stationary(kit):
    values = derive_unit(vehicle(*kit))

    for column in COLUMNS:
        assert 0 <= values["fire_points_moving"][column] <= values["fire_points"][column]


# --- helpers for the sheet --------------------------------------------------------------------


def test_mount_contexts():
    assert mount_context(infantry()) == "carried"
    assert mount_context(vehicle()) == "vehicle"
    assert mount_context(vehicle(tank=True)) == "tank"
    assert mount_context(bunker()) == "bunker"


@pytest.mark.parametrize(
    ("item", "context", "marks"),
    [
        ("pistol", "carried", ("W",)),
        ("assault-rifle", "carried", ("W",)),
        ("underslung-launcher", "carried", ("W",)),
        ("grenades", "carried", ("W", "AV")),
        ("heavy-machine-gun", "carried", ("2C",)),
        ("heavy-machine-gun", "vehicle", ()),
        ("heavy-machine-gun", "tank", ()),
        ("heavy-machine-gun", "bunker", ()),
        ("flamethrower", "carried", ("IC", "AV")),
        ("flamethrower", "vehicle", ("IC", "AV")),
        ("light-cannon", "tank", ("IC", "AV")),
        ("heavy-cannon", "tank", ("IC", "AV")),
        ("heavy-cannon", "bunker", ("AV",)),
        ("light-cannon", "vehicle", ("AV",)),
        ("rpg", "carried", ("AV",)),
        ("light-mortar", "bunker", ("AV",)),
        ("light-machine-gun", "vehicle", ("W",)),
    ],
)
def test_weapon_marks(item, context, marks):
    assert weapon_marks(item, context) == marks


def test_fire_points_at_a_range():
    assert fire_points_at("assault-rifle", 12) == 2
    assert fire_points_at("assault-rifle", 16) == 1
    assert fire_points_at("heavy-cannon", 48) == 6
    assert fire_points_at("pistol", 12) == 0
    assert best_fire_points((), 8) == 0
    assert moving_fire_points((Equipment("rpg", 3),), 24) == 3
    assert by_range(lambda r: r) == {c: int(c) for c in COLUMNS}
