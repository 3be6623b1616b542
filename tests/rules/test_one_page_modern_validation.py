"""One-page modern's force rules (one-page-modern.md section 4): every code, each broken and
kept at its boundary, and what makes a document unreadable (4.1)."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import get_system, unit_names
from rules.one_page_modern import data, validation
from rules.one_page_modern.demo import EXAMPLE
from rules.one_page_modern.validation import check_document, validate
from rules.types import Equipment, Member, Roster, Unit

CODES = set(re.findall(r"^([a-z][a-z-]+)\s{2,}", validation.__doc__, re.MULTILINE))


def model(name="Rifleman", *items, count=1, leader=None, armour=None):
    record = {"count": count} if count != 1 else {}
    if leader:
        record["leader"] = leader
    if armour:
        record["armour"] = armour
    return Member(name, "", tuple(Equipment(i) for i in items), record=record)


def infantry(*members, name="Section", training="seasoned"):
    return Unit(name, "infantry", tuple(members), record={"training": training})


def vehicle(*items, name="Truck", tank=False, armour_class="unarmoured"):
    record = {"training": "seasoned", "armour_class": armour_class}
    if tank:
        record["tank"] = True
    return Unit(name, "vehicle", equipment=tuple(Equipment(i) for i in items), record=record)


def bunker(*items, name="Pillbox"):
    return Unit(name, "bunker", equipment=tuple(Equipment(i) for i in items),
                record={"training": "green"})  # fmt: skip


def force(*units):
    return Roster("one-page-modern", "Force", "", (), None, tuple(units))


def codes(violations):
    return [v.code for v in violations]


def test_the_docstring_lists_the_codes_of_section_4():
    assert CODES == {
        "no-units", "empty-unit", "hmg-crew", "cannon-mount", "launcher-without-rifle",
        "not-mountable", "leaders-over-one",
    }  # fmt: skip


def test_the_section_8_example_force_is_valid():
    assert validate(EXAMPLE) == []
    assert check_document(EXAMPLE) == []


# --- no-units -------------------------------------------------------------------------------


def test_a_force_without_units_breaks_no_units():
    (violation,) = validate(force())

    assert violation.code == "no-units"
    assert violation.member is None
    assert violation.message == "A force has at least one unit; this one has none."


def test_a_force_of_one_unit_has_units():
    assert validate(force(infantry(model()))) == []


# --- empty-unit -----------------------------------------------------------------------------


def test_an_infantry_unit_without_members_is_empty():
    (violation,) = validate(force(infantry()))

    assert violation.code == "empty-unit"
    assert violation.member == "Section"
    assert "Section" in violation.message


def test_one_model_is_enough():
    assert validate(force(infantry(model()))) == []


@pytest.mark.parametrize("unit", [vehicle(), bunker()])
def test_vehicles_and_bunkers_have_no_members_and_are_not_empty(unit):
    assert validate(force(unit)) == []


# --- hmg-crew -------------------------------------------------------------------------------


def test_a_gunner_alone_has_no_crew():
    (violation,) = validate(force(infantry(model("Gunner", "heavy-machine-gun"))))

    assert violation.code == "hmg-crew"
    assert violation.member == "Section"
    assert violation.params == {"unit": "Section", "carriers": 1, "models": 1, "needed": 2}
    assert violation.message.startswith("Section has 1 models carrying a heavy machine gun")


def test_a_gunner_and_one_more_model_are_a_crew():
    unit = infantry(model("Gunner", "heavy-machine-gun"), model("Loader"))

    assert validate(force(unit)) == []


def test_the_second_model_may_carry_anything_or_nothing():
    unit = infantry(model("Gunner", "heavy-machine-gun"), model("Loader", "sniper-rifle"))

    assert validate(force(unit)) == []


def test_counts_count_models_carrying_a_gun():
    two_guns = model("Gunners", "heavy-machine-gun", count=2)

    assert validate(force(infantry(two_guns, model("Loaders", count=2)))) == []
    assert codes(validate(force(infantry(two_guns, model("Loader"))))) == ["hmg-crew"]


def test_two_gunners_serve_each_other_not():
    unit = infantry(model("A", "heavy-machine-gun"), model("B", "heavy-machine-gun"))

    (violation,) = validate(force(unit))
    assert violation.params["carriers"] == 2 and violation.params["models"] == 2


def test_the_equipment_count_of_a_carried_gun_is_not_a_carrier_count():
    gunner = Member("Gunner", "", (Equipment("heavy-machine-gun", 2),))

    assert validate(force(infantry(gunner, model("Loader")))) == []


@pytest.mark.parametrize("unit", [vehicle("heavy-machine-gun"), bunker("heavy-machine-gun")])
def test_a_mounted_hmg_needs_no_second_crew(unit):
    assert validate(force(unit)) == []


# --- cannon-mount ---------------------------------------------------------------------------


@pytest.mark.parametrize("cannon", ["light-cannon", "heavy-cannon"])
def test_a_member_never_carries_a_cannon(cannon):
    unit = infantry(model("Hale", cannon), model("Loader"))

    (violation,) = validate(force(unit))
    assert violation.code == "cannon-mount"
    assert violation.member == "Section"
    assert violation.params["member"] == "Hale" and violation.params["item"] == cannon
    assert violation.message.startswith("Hale carries a cannon")


@pytest.mark.parametrize("cannon", ["light-cannon", "heavy-cannon"])
def test_a_vehicle_that_is_not_a_tank_mounts_no_cannon(cannon):
    (violation,) = validate(force(vehicle(cannon, name="IFV", armour_class="medium")))

    assert violation.code == "cannon-mount"
    assert violation.member == "IFV"
    assert "IFV" in violation.message and "not a tank" in violation.message


@pytest.mark.parametrize("cannon", ["light-cannon", "heavy-cannon"])
def test_tanks_and_bunkers_mount_cannons(cannon):
    assert validate(force(vehicle(cannon, tank=True, armour_class="medium"))) == []
    assert validate(force(bunker(cannon))) == []


def test_each_cannon_line_of_a_vehicle_is_one_violation():
    truck = vehicle("light-cannon", "heavy-cannon", "heavy-machine-gun")

    assert codes(validate(force(truck))) == ["cannon-mount", "cannon-mount"]


# --- launcher-without-rifle -----------------------------------------------------------------


def test_a_launcher_needs_an_assault_rifle():
    unit = infantry(model("Cole", "underslung-launcher", "infantry-rifle"))

    (violation,) = validate(force(unit))
    assert violation.code == "launcher-without-rifle"
    assert violation.member == "Section"
    assert violation.params == {"unit": "Section", "member": "Cole"}
    assert violation.message.startswith("Cole has an integrated grenade launcher")


def test_a_launcher_under_an_assault_rifle_is_fine():
    unit = infantry(model("Cole", "assault-rifle", "underslung-launcher"))

    assert validate(force(unit)) == []


def test_another_members_assault_rifle_does_not_carry_the_launcher():
    unit = infantry(model("Cole", "underslung-launcher"), model("Rifleman", "assault-rifle"))

    assert codes(validate(force(unit))) == ["launcher-without-rifle"]


# --- not-mountable --------------------------------------------------------------------------


@pytest.mark.parametrize("item", ["grenades", "underslung-launcher"])
@pytest.mark.parametrize("where", [vehicle, bunker])
def test_grenades_and_launchers_are_never_mounted(item, where):
    unit = where(item)

    (violation,) = validate(force(unit))
    assert violation.code == "not-mountable"
    assert violation.member == unit.name
    assert violation.params["item"] == item


def test_a_mounted_launcher_breaks_only_not_mountable():
    # launcher-without-rifle is a member's rule: a vehicle has no members
    assert codes(validate(force(vehicle("underslung-launcher")))) == ["not-mountable"]


def test_models_carry_grenades_and_launchers():
    unit = infantry(model("Cole", "assault-rifle", "underslung-launcher", "grenades"))

    assert validate(force(unit)) == []


# --- leaders-over-one -----------------------------------------------------------------------


def test_one_leader_is_allowed():
    unit = infantry(model("Hale", leader="veteran"), model("Rifleman", count=5))

    assert validate(force(unit)) == []


def test_two_leader_members_are_too_many():
    unit = infantry(model("Hale", leader="veteran"), model("Moss", leader="elite"))

    (violation,) = validate(force(unit))
    assert violation.code == "leaders-over-one"
    assert violation.member == "Section"
    assert violation.params == {"unit": "Section", "count": 2, "members": "Hale, Moss"}


def test_a_leader_entry_of_two_models_is_two_leaders():
    (violation,) = validate(force(infantry(model("Sergeants", leader="veteran", count=2))))

    assert violation.code == "leaders-over-one"
    assert violation.params["count"] == 2


def test_a_worse_leader_is_no_fault():
    unit = infantry(model("Hale", leader="green"), training="elite")

    assert validate(force(unit)) == []


# --- every rule together ----------------------------------------------------------------------


def test_rules_are_reported_unit_by_unit_in_the_table_order():
    bad = infantry(
        model("Gunner", "heavy-machine-gun", "light-cannon", leader="elite", count=2),
        model("Cole", "underslung-launcher"),
    )
    truck = vehicle("heavy-cannon", "grenades")

    found = validate(force(bad, truck, infantry(name="Empty")))

    assert [(v.code, v.member) for v in found] == [
        ("hmg-crew", "Section"),
        ("cannon-mount", "Section"),
        ("launcher-without-rifle", "Section"),
        ("leaders-over-one", "Section"),
        ("cannon-mount", "Truck"),
        ("not-mountable", "Truck"),
        ("empty-unit", "Empty"),
    ]


def test_every_weapon_mount_set_has_a_code():
    for weapon in data.WEAPONS.values():
        assert weapon.mounts == data.ANYWHERE or weapon.mounts in validation._MISPLACED


items = st.sampled_from(list(data.WEAPONS))
members = st.builds(
    lambda i, n, lead, kit: Member(
        f"M{i}", "", tuple(Equipment(k) for k in kit),
        record={**({"count": n} if n > 1 else {}), **({"leader": lead} if lead else {})},
    ),
    st.integers(0, 5), st.integers(1, 4), st.sampled_from([None, *data.TRAINING]),
    st.lists(items, max_size=3),
)  # fmt: skip


@st.composite
def units(draw, i):
    kind = draw(st.sampled_from(list(data.KINDS)))
    record = {"training": draw(st.sampled_from(list(data.TRAINING)))}
    if kind == "infantry":
        crew = draw(st.lists(members, max_size=4, unique_by=lambda m: m.name))
        return Unit(f"U{i}", kind, tuple(crew), record=record)
    if kind == "vehicle":
        record["armour_class"] = draw(st.sampled_from(list(data.VEHICLE_ARMOUR)))
        if draw(st.booleans()):
            record["tank"] = True
    kit = draw(st.lists(items, max_size=4))
    return Unit(f"U{i}", kind, equipment=tuple(Equipment(k) for k in kit), record=record)


@st.composite
def forces(draw):
    n = draw(st.integers(0, 4))
    return force(*(draw(units(i)) for i in range(n)))


@settings(max_examples=200, deadline=None)
@given(forces())
def test_validate_never_raises_and_names_a_unit_or_the_force(roster):
    names = {unit.name for unit in roster.units}

    for violation in validate(roster):
        assert violation.code in CODES
        assert violation.member in names or (violation.member is None and not roster.units)
        assert violation.message == violation.template % violation.params


# --- unreadable documents (4.1) -------------------------------------------------------------


def test_two_units_sharing_a_name_are_unreadable():
    roster = force(infantry(model()), vehicle(name="Section"), bunker(name="Section"))

    assert check_document(roster) == [
        ("units[1].name", unit_names.UNIT_NAME_TWICE, {"name": "Section"}),
        ("units[2].name", unit_names.UNIT_NAME_TWICE, {"name": "Section"}),
    ]


def test_two_members_of_one_unit_sharing_a_name_are_unreadable():
    roster = force(
        infantry(model("Hale"), model("Rifleman"), model("Hale")),
        infantry(model("Hale"), name="2nd Section"),  # another unit may reuse a member's name
    )

    ((path, template, params),) = check_document(roster)
    assert path == "units[0].members[2].name"
    assert template % params == "another member of this unit is already named 'Hale'"


def test_distinct_names_are_readable():
    assert check_document(force(infantry(model("A"), model("B")), vehicle())) == []


# --- what the builder offers (issue #28 item 11) --------------------------------------------

WHERE = {
    "infantry": lambda item: infantry(model("Rifleman", item), model("Crew", count=2)),
    "vehicle": lambda item: vehicle(item),
    "tank": lambda item: vehicle(item, tank=True),
    "bunker": lambda item: bunker(item),
}


@pytest.mark.parametrize("where", list(WHERE))
def test_the_builder_offers_a_unit_exactly_the_weapons_that_may_sit_there(where):
    """1.2 and section 4: a unit is offered every weapon that breaks neither
    ``cannon-mount`` nor ``not-mountable`` there (a vehicle's cannons only if it is a tank),
    in the table's order."""

    def sits(item):
        broken = codes(validate(force(WHERE[where](item))))
        return "cannon-mount" not in broken and "not-mountable" not in broken

    offered = get_system("one-page-modern").builder.unit_items(WHERE[where]("pistol"))
    assert list(offered) == [item for item in data.WEAPONS if sits(item)]
    assert ("light-cannon" in offered) == (where in ("tank", "bunker"))
    assert ("grenades" in offered) == (where == "infantry")
