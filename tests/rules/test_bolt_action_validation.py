"""Bolt Action's force rules (bolt-action.md section 1.4) and what makes a document
unreadable beyond its keys and types (section 3)."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import get_system, unit_names
from rules.bolt_action import CODE, data, validation
from rules.bolt_action.demo import EXAMPLE
from rules.bolt_action.validation import check_document, points_violation, validate
from rules.types import Equipment, Member, Roster, Unit

CODES = set(re.findall(r"^([a-z][a-z-]+)\s{2,}", validation.__doc__, re.MULTILINE))


def man(name, *items, n=1, leader=False):
    """A member entry: ``man("Rifleman", "rifle", n=5)``; an item may be ``(code, count)``."""
    equipment = tuple(Equipment(i) if isinstance(i, str) else Equipment(*i) for i in items)
    record = {}
    if n != 1:
        record["count"] = n
    if leader:
        record["leader"] = True
    return Member(name, "", equipment, record=record)


def unit(name, kind, *members, equipment=(), quality="regular"):
    items = tuple(Equipment(i) if isinstance(i, str) else Equipment(*i) for i in equipment)
    return Unit(name, kind, tuple(members), items, {"quality": quality})


def squad(riflemen=4, *extra, name="1st Squad"):
    """An NCO with an SMG, ``riflemen`` riflemen and ``extra`` members."""
    members = [man("NCO", "smg", leader=True)]
    if riflemen:
        members.append(man("Rifleman", "rifle", n=riflemen))
    return unit(name, "infantry-squad", *members, *extra)


def team(*members, name="MG Team"):
    return unit(name, "infantry-team", *members)


def mg_team(crew=2, weapon="mmg"):
    return team(man("Gunner", weapon), *([man("Crewman", n=crew)] if crew else []))


def gun(crew=2, weapon="anti-tank-gun"):
    return unit(
        "Pak", "artillery", man("Layer", weapon), *([man("Crewman", n=crew)] if crew else [])
    )


def force(*units):
    return Roster(CODE, "Kampfgruppe", "Germany", (), None, tuple(units))


def of(code, *units):
    return [v for v in validate(force(*units)) if v.code == code]


def codes(*units):
    return [v.code for v in validate(force(*units))]


# --- the spec's force and the list of codes -------------------------------------------------


def test_the_spec_example_force_is_valid():
    assert validate(EXAMPLE) == []
    assert check_document(EXAMPLE) == []


def test_the_docstring_lists_every_code_but_points():
    assert CODES == {
        "force-empty", "unit-size", "leader-not-allowed", "weapon-not-allowed",
        "squad-firearms", "squad-one-shot", "team-weapon", "artillery-gun",
    }  # fmt: skip


def test_templates_are_english_messages_with_named_params():
    for v in validate(force(team(man("Gunner", "rifle", leader=True)))):
        assert v.template % v.params == v.message
        assert "%(" in v.template
        assert v.member == "MG Team"


# --- force-empty ----------------------------------------------------------------------------


def test_a_force_with_no_unit_breaks_force_empty():
    (violation,) = validate(force())
    assert violation.code == "force-empty"
    assert violation.member is None
    assert violation.message == "A force has at least one unit; this one has none."


def test_a_force_of_one_unit_is_not_empty():
    assert validate(force(squad())) == []


# --- unit-size ------------------------------------------------------------------------------


@pytest.mark.parametrize("riflemen, ok", [(3, False), (4, True), (9, True), (10, False)])
def test_a_squad_has_5_to_10_models(riflemen, ok):
    assert (of("unit-size", squad(riflemen)) == []) is ok


def test_unit_size_names_the_unit_and_its_range():
    (v,) = of("unit-size", squad(10))
    assert v.member == "1st Squad"
    assert v.params == {"unit": "1st Squad", "models": 11, "kind": "Infantry squad",
                        "min": 5, "max": 10}  # fmt: skip
    assert v.message == "1st Squad: models: 11; a unit of this kind (Infantry squad) has 5 to 10."


@pytest.mark.parametrize("crew, ok", [(0, False), (1, True), (3, True), (4, False)])
def test_a_team_has_2_to_4_models(crew, ok):
    assert (of("unit-size", mg_team(crew)) == []) is ok


@pytest.mark.parametrize("crew, ok", [(0, False), (1, True), (19, True)])
def test_artillery_has_at_least_2_crew_and_no_maximum(crew, ok):
    assert (of("unit-size", gun(crew)) == []) is ok


def test_artillery_size_message_gives_only_a_minimum():
    (v,) = of("unit-size", gun(0))
    assert v.message == "Pak: models: 1; a unit of this kind (Artillery) has at least 2."
    assert "max" not in v.params


@pytest.mark.parametrize("kind", ["infantry-squad", "infantry-team", "artillery"])
def test_no_members_is_zero_models_and_always_too_few(kind):
    (v,) = of("unit-size", unit("Empty", kind))
    assert v.params["models"] == 0


@pytest.mark.parametrize("kind", data.VEHICLE_KINDS)
def test_a_vehicle_is_always_one_model(kind):
    assert codes(unit("Truck", kind)) == []


def test_counts_add_up_over_members():
    three_groups = unit("Sq", "infantry-squad", man("A", "rifle", n=2), man("B", "rifle", n=2),
                        man("C", "rifle", n=1))  # fmt: skip
    assert of("unit-size", three_groups) == []


# --- leader-not-allowed ---------------------------------------------------------------------


def test_a_squad_may_mark_its_nco():
    assert of("leader-not-allowed", squad()) == []


def test_a_squad_may_leave_its_nco_unmarked():
    assert validate(force(unit("Sq", "infantry-squad", man("Rifleman", "rifle", n=5)))) == []


@pytest.mark.parametrize("make", [lambda: team(man("Gunner", "mmg", leader=True),
                                               man("Crewman", n=2)),
                                  lambda: unit("Pak", "artillery",
                                               man("Layer", "anti-tank-gun", leader=True),
                                               man("Crewman", n=2))])  # fmt: skip
def test_a_team_or_gun_crew_has_no_leader(make):
    u = make()
    (v,) = of("leader-not-allowed", u)
    assert v.member == u.name
    assert v.params["member"] in ("Gunner", "Layer")
    assert v.params["member"] in v.message


def test_one_leader_not_allowed_per_member_marked():
    t = team(man("Gunner", "mmg", leader=True), man("Loader", leader=True))
    assert [v.params["member"] for v in of("leader-not-allowed", t)] == ["Gunner", "Loader"]


# --- weapon-not-allowed ---------------------------------------------------------------------

ALLOWED_IN = {  # spec 1.3, "allowed in"
    "squad": {"rifle", "smg", "lmg", "one-shot-anti-tank"},
    "team": {"mmg", "hmg", "bazooka", "mortar"},
    "artillery": {"anti-tank-gun", "howitzer"},
    "vehicle": {"lmg", "mmg", "hmg", "anti-tank-gun", "howitzer"},
}


def _holding(kind, item):
    place = data.KINDS[kind].place
    if place == "vehicle":
        return unit("V", kind, equipment=(item,))
    return unit("U", kind, man("Holder", item))


@pytest.mark.parametrize("kind", list(data.KINDS))
@pytest.mark.parametrize("item", list(data.WEAPONS))
def test_each_item_is_allowed_only_where_the_spec_says(kind, item):
    allowed = item in ALLOWED_IN[data.KINDS[kind].place]
    assert (of("weapon-not-allowed", _holding(kind, item)) == []) is allowed


def test_weapon_not_allowed_names_the_member_and_the_weapon():
    (v,) = of("weapon-not-allowed", squad(4, man("Gunner", "mmg")))
    assert v.member == "1st Squad"
    assert v.params == {"unit": "1st Squad", "member": "Gunner", "kind": "Infantry squad",
                        "item": "mmg", "weapon": "Medium machine gun"}  # fmt: skip
    assert v.message == ("Gunner of 1st Squad carries a weapon a unit of this kind "
                         "(Infantry squad) may not hold: Medium machine gun.")  # fmt: skip


def test_a_vehicle_weapon_not_allowed_names_the_unit():
    (v,) = of("weapon-not-allowed", unit("Sherman", "medium-tank", equipment=("rifle",)))
    assert v.message == ("Sherman lists a weapon a unit of this kind (Medium tank) may not "
                         "hold: Rifle.")  # fmt: skip
    assert "member" not in v.params


def test_a_crewman_listing_his_own_rifle_is_not_allowed():
    # Reading: a team lists only its crew-served weapon; the crew's arms are not listed
    t = team(man("Gunner", "mmg"), man("Crewman", "rifle", n=2))
    assert [v.params["member"] for v in of("weapon-not-allowed", t)] == ["Crewman"]


def test_one_violation_per_member_and_item():
    t = team(man("Gunner", "mmg", "rifle", "rifle"), man("Crewman", "smg", "rifle"))
    found = [(v.params["member"], v.params["item"]) for v in of("weapon-not-allowed", t)]
    assert found == [("Gunner", "rifle"), ("Crewman", "smg"), ("Crewman", "rifle")]


def test_a_vehicle_may_list_no_weapon_or_many():
    assert codes(unit("Truck", "light-vehicle")) == []
    tank = unit("Panzer IV", "medium-tank", equipment=("anti-tank-gun", ("mmg", 2), "hmg"))
    assert codes(tank) == []


# --- squad-firearms -------------------------------------------------------------------------


def test_one_firearm_per_model_in_every_entry():
    mixed = squad(3, man("Gunner", "lmg"))
    assert of("squad-firearms", mixed) == []


@pytest.mark.parametrize("items, firearms", [
    ((), 0),
    (("one-shot-anti-tank",), 0),
    (("rifle", "smg"), 2),
    ((("rifle", 2),), 2),
    (("rifle", "lmg", "smg"), 3),
])  # fmt: skip
def test_an_entry_without_exactly_one_firearm_breaks_it(items, firearms):
    (v,) = of("squad-firearms", squad(4, man("Odd", *items)))
    assert v.params == {"unit": "1st Squad", "member": "Odd", "firearms": firearms}
    assert "Odd" in v.message


def test_a_group_of_seven_with_one_rifle_each_is_fine():
    assert of("squad-firearms", squad(7)) == []


def test_squad_firearms_is_per_entry():
    sq = unit("Sq", "infantry-squad", man("A", n=3), man("B", "rifle", "smg", n=2),
              man("C", "rifle"))  # fmt: skip
    assert [v.params["member"] for v in of("squad-firearms", sq)] == ["A", "B"]


def test_firearms_are_not_counted_outside_squads():
    assert of("squad-firearms", mg_team()) == []


# --- squad-one-shot -------------------------------------------------------------------------


def test_one_one_shot_weapon_per_model_is_fine():
    grenadiers = man("Grenadier", "rifle", "one-shot-anti-tank", n=2)
    assert of("squad-one-shot", squad(3, grenadiers)) == []


@pytest.mark.parametrize("extra", [
    (("one-shot-anti-tank", 2),),
    ("one-shot-anti-tank", "one-shot-anti-tank"),
])  # fmt: skip
def test_two_one_shot_weapons_per_model_break_it(extra):
    (v,) = of("squad-one-shot", squad(3, man("Grenadier", "rifle", *extra, n=2)))
    assert v.params == {"unit": "1st Squad", "member": "Grenadier", "count": 2}
    assert "Grenadier" in v.message


# --- team-weapon ----------------------------------------------------------------------------


@pytest.mark.parametrize("weapon", ["mmg", "hmg", "bazooka", "mortar"])
def test_a_team_with_one_crew_served_weapon_is_fine(weapon):
    assert of("team-weapon", mg_team(weapon=weapon)) == []


def test_a_team_with_no_crew_served_weapon_breaks_it():
    (v,) = of("team-weapon", team(man("A"), man("B")))
    assert v.params == {"unit": "MG Team", "count": 0}
    assert v.message == "MG Team holds 0 crew-served weapons; an infantry team holds exactly one."


@pytest.mark.parametrize("members", [
    (man("Gunner", "mmg", n=2),),  # count x entry: 2
    (man("Gunner", ("mmg", 2)), man("Crewman")),
    (man("Gunner", "mmg"), man("Loader", "bazooka")),
])  # fmt: skip
def test_two_crew_served_weapons_break_it(members):
    (v,) = of("team-weapon", team(*members))
    assert v.params["count"] == 2


def test_a_gun_in_a_team_is_not_its_crew_served_weapon():
    assert codes(mg_team(weapon="anti-tank-gun")) == ["weapon-not-allowed", "team-weapon"]


# --- artillery-gun --------------------------------------------------------------------------


@pytest.mark.parametrize("weapon", ["anti-tank-gun", "howitzer"])
def test_an_artillery_unit_with_one_gun_is_fine(weapon):
    assert validate(force(gun(weapon=weapon))) == []


def test_artillery_without_a_gun_breaks_it():
    (v,) = of("artillery-gun", unit("Pak", "artillery", man("Crewman", n=3)))
    assert v.message == "Pak holds 0 guns; an artillery unit holds exactly one."


def test_artillery_with_two_guns_breaks_it():
    two = unit("Pak", "artillery", man("Layer", "anti-tank-gun", n=2), man("Crewman"))
    (v,) = of("artillery-gun", two)
    assert v.params == {"unit": "Pak", "count": 2}


# --- rules are independent ------------------------------------------------------------------


def test_a_unit_that_breaks_two_rules_gets_two_violations():
    bad = unit("Bad", "infantry-team", man("Gunner", "rifle", leader=True))
    assert codes(bad) == ["unit-size", "leader-not-allowed", "weapon-not-allowed", "team-weapon"]


def test_violations_come_unit_by_unit():
    found = [(v.member, v.code) for v in validate(force(squad(1), gun(0)))]
    assert found == [("1st Squad", "unit-size"), ("Pak", "unit-size")]


UNITS = st.builds(
    lambda kind, members, items: Unit(
        "U", kind,
        tuple(Member(f"M{i}", "", tuple(Equipment(c, k) for c, k in eq),
                     record={"count": n, "leader": lead})
              for i, (n, lead, eq) in enumerate(members)),
        tuple(Equipment(c, k) for c, k in items),
        {"quality": "regular"},
    ),
    st.sampled_from(list(data.KINDS)),
    st.lists(st.tuples(st.integers(1, 12), st.booleans(),
                       st.lists(st.tuples(st.sampled_from(list(data.WEAPONS)),
                                          st.integers(1, 3)), max_size=3)), max_size=4),
    st.lists(st.tuples(st.sampled_from(list(data.WEAPONS)), st.integers(1, 3)), max_size=3),
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(UNITS)
def test_validate_never_raises_and_uses_only_its_codes(u):
    found = validate(force(u))
    assert {v.code for v in found} <= CODES
    assert all(v.member == "U" for v in found)
    assert all(v.template % v.params == v.message for v in found)


# --- points (1.5) ---------------------------------------------------------------------------


def test_points_within_the_limit_or_with_no_limit():
    assert points_violation(500, 500) is None
    assert points_violation(900, None) is None


def test_points_over_the_limit():
    v = points_violation(501, 500)
    assert (v.code, v.member, v.params) == ("points", None, {"points": 501, "limit": 500})
    assert v.message == "The force costs 501 points; the limit is 500."


def test_validate_never_raises_points():
    assert "points" not in CODES


# --- check_document (section 3) -------------------------------------------------------------


def test_two_units_with_one_name_are_unreadable():
    problems = check_document(force(squad(), mg_team(), squad(name="MG Team")))
    assert problems == [("units[2].name", unit_names.UNIT_NAME_TWICE, {"name": "MG Team"})]


def test_two_members_of_a_unit_with_one_name_are_unreadable():
    sq = unit("Sq", "infantry-squad", man("A", "rifle", n=3), man("B", "rifle"),
              man("A", "rifle"))  # fmt: skip
    problems = check_document(force(squad(), sq))
    assert problems == [("units[1].members[2].name", unit_names.MEMBER_NAME_TWICE, {"name": "A"})]


def test_members_of_different_units_may_share_a_name():
    assert check_document(force(mg_team(), gun())) == []  # both have a "Crewman"


def test_two_leader_entries_are_unreadable():
    sq = unit("Sq", "infantry-squad", man("Sgt", "smg", leader=True), man("Cpl", "smg",
              leader=True), man("Rifleman", "rifle", n=3))  # fmt: skip
    problems = check_document(force(sq))
    assert problems == [
        ("units[0].members[1].leader", validation.LEADER_TWICE, {"name": "Cpl", "unit": "Sq"})
    ]
    assert problems[0][1] % problems[0][2] == (
        "'Cpl' is marked leader, but 'Sq' already has a leader model: a unit has at most one"
    )


def test_a_leader_entry_of_two_models_is_unreadable():
    sq = unit("Sq", "infantry-squad", man("NCO", "smg", n=2, leader=True), man("R", "rifle", n=4))
    problems = check_document(force(sq))
    assert problems == [
        ("units[0].members[0].count", validation.LEADER_NOT_ONE_MODEL, {"name": "NCO", "count": 2})
    ]


def test_one_leader_model_is_readable():
    assert check_document(force(squad())) == []


def test_a_single_leader_in_a_team_is_a_violation_not_unreadable():
    t = team(man("Gunner", "mmg", leader=True), man("Crewman", n=2))
    assert check_document(force(t)) == []
    assert codes(t) == ["leader-not-allowed"]


def test_two_leader_models_in_a_team_are_unreadable_too():
    t = team(man("Gunner", "mmg", leader=True), man("Crewman", n=2, leader=True))
    assert [p[0] for p in check_document(force(t))] == [
        "units[0].members[1].count", "units[0].members[1].leader",
    ]  # fmt: skip


@pytest.mark.parametrize("kind", list(data.KINDS))
def test_the_builder_offers_a_kind_exactly_the_weapons_its_rules_allow(kind):
    """1.3, "allowed in" (issue #28 item 11): what the builder offers a unit of each kind is
    what ``weapon-not-allowed`` lets it hold, in the table's order; only a squad is offered
    a rifle."""
    offered = get_system(CODE).builder.unit_items(unit("U", kind))

    def allowed(item):
        if data.KINDS[kind].vehicle:
            held = unit("U", kind, equipment=[item])
        else:
            held = unit("U", kind, man("A", item))
        return not of("weapon-not-allowed", held)

    assert list(offered) == [item for item in data.WEAPONS if allowed(item)]
    assert ("rifle" in offered) == (kind == "infantry-squad")
