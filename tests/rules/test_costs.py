"""Points, EP, armour, CV and grenades (docs/games/black-sun.md 1-3), and the rulebook's
example squad."""

import pytest

from rules.black_sun.costs import ModelCost, cost, grenade_ep, squad_points
from rules.black_sun.data import MODEL_TYPES
from rules.black_sun.validation import validate
from tests.rules.builders import RIFLE, grunts, member, roster, squad


def one(m, faction="us-army") -> ModelCost:
    return cost(roster(m, faction=faction)).members[0]


def test_squad_points_are_the_sum_of_the_model_types_costs():
    r = roster(
        member("Mint", "boss"),
        member("Pierce", "top"),
        member("Chavez", "veteran"),
        member("Sung", "grunt"),
        member("Smith", "recruit"),
        member("Doc", "doc"),
        member("Radio", "specialist"),
    )

    total = cost(r)

    assert total.points == 50 + 25 + 15 + 10 + 5 + 25 + 30
    assert squad_points(r) == total.points
    assert total.points_limit == 200
    assert [c.points for c in total.members] == [50, 25, 15, 10, 5, 25, 30]


def test_equipment_costs_no_points():
    bare = roster(member("Mint", "boss"), *grunts(5))
    armed = roster(member("Mint", "boss", "pistol", "body-armour"), *grunts(5, "machine-gun"))

    assert cost(bare).points == cost(armed).points == 100


def test_dead_models_cost_nothing_but_absent_ones_do():
    r = roster(
        member("Mint", "boss"),
        member("Gone", "top", status="dead"),
        member("Resting", "veteran", status="recovering"),
        member("Prisoner", "grunt", status="captured"),
    )

    total = cost(r)

    assert total.points == 50 + 15 + 10
    assert [c.counts for c in total.members] == [True, False, True, True]
    assert total.member("Gone").points == 25  # what it cost, shown in the history
    assert squad_points(r) == 75


def test_points_limit_is_the_rosters():
    assert cost(squad(points_limit=150)).points_limit == 150


def test_a_members_cost_is_found_by_name():
    total = cost(squad())

    assert total.member("Grunt 3").type == "grunt"
    assert total.member("Nobody") is None


@pytest.mark.parametrize("type_code", list(MODEL_TYPES))
def test_ep_allowed_cv_and_key_character_come_from_the_type(type_code):
    model_type = MODEL_TYPES[type_code]

    c = one(member("Rex", type_code))

    assert (c.name, c.type, c.points) == ("Rex", type_code, model_type.cost)
    assert (c.ep_spent, c.ep_allowed) == (0, model_type.ep)
    assert c.cv_base == c.cv == model_type.cv
    assert c.key_character == model_type.key_character


def test_type_table_matches_the_specification():
    rows = {
        code: (t.min_count, t.max_count, t.cost, t.cv, t.ep, t.starting_abilities, t.chosen)
        for code, t in MODEL_TYPES.items()
    }

    assert rows == {
        "boss": (1, 1, 50, 5, 4, 2, True),
        "top": (0, 3, 25, 4, 3, 1, False),
        "veteran": (0, 2, 15, 4, 4, 1, False),
        "grunt": (0, None, 10, 3, 3, 0, False),
        "recruit": (0, 3, 5, 2, 2, 0, False),
        "doc": (0, 1, 25, 2, 3, 1, False),
        "specialist": (0, 1, 30, 2, 2, 2, True),
    }
    assert {c for c, t in MODEL_TYPES.items() if t.key_character} == {
        "boss",
        "top",
        "doc",
        "specialist",
    }


@pytest.mark.parametrize(
    "items, spent",
    [
        ((), 0),
        (("knife",), 0),
        (("pistol",), 1),
        ((RIFLE,), 2),
        (("assault-rifle",), 2),
        (("smg",), 1),
        (("body-armour",), 1),
        (("machine-gun",), 2),
        (("grenade-launcher",), 1),
        (("flamethrower",), 3),
        (("shotgun",), 2),
        (("telekinetic-throw",), 0),
        (("pistol", "body-armour", "shotgun"), 4),
        ((("pistol", 3),), 3),
    ],
)
def test_ep_spent_is_the_sum_of_the_items(items, spent):
    assert one(member("Rex", "boss", *items), faction="fury-bugs").ep_spent == spent


@pytest.mark.parametrize(
    "faction, listed, spent, carried",
    [
        ("us-army", 0, 2, 2),  # every US model carries 2 grenades, listed or not
        ("us-army", 2, 2, 2),
        ("us-army", 3, 3, 3),
        ("us-army", 4, 3, 4),
        ("us-army", 5, 4, 5),
        ("viet-cong", 0, 2, 0),
        ("viet-cong", 1, 3, 1),
        ("viet-cong", 2, 3, 2),
        ("viet-cong", 3, 4, 3),
        ("adaro", 4, 4, 4),
        ("fury-bugs", 3, 4, 3),
    ],
)
def test_grenades_cost_1_ep_per_pair_beyond_the_free_ones(faction, listed, spent, carried):
    items = ("assault-rifle",) + ((("grenades", listed),) if listed else ())

    c = one(member("Song", "grunt", *items), faction=faction)

    assert (c.ep_spent, c.grenades) == (spent, carried)


def test_grenades_on_several_lines_are_counted_together():
    c = one(member("Song", "grunt", ("grenades", 1), ("grenades", 1), ("grenades", 1)))

    assert (c.ep_spent, c.grenades) == (1, 3)


@pytest.mark.parametrize(
    "listed, free, ep",
    [(0, 0, 0), (1, 0, 1), (2, 0, 1), (3, 0, 2), (2, 2, 0), (3, 2, 1), (6, 2, 2)],
)
def test_grenade_ep(listed, free, ep):
    assert grenade_ep(listed, free) == ep


def test_armour_is_1_or_2_with_body_armour():
    assert one(member("Sung", "grunt", "assault-rifle")).armour == 1
    assert one(member("Sung", "grunt", "assault-rifle", "body-armour")).armour == 2


@pytest.mark.parametrize("loss, cv", [(0, 3), (1, 2), (2, 1), (3, 0), (5, 0)])
def test_current_cv_is_base_cv_less_the_permanent_loss(loss, cv):
    c = one(member("Sung", "grunt", cv_loss=loss))

    assert (c.cv_base, c.cv) == (3, cv)


# --- the rulebook's example squad ("Exemple d'escouade") ------------------------------------


def example_squad(*, recruits_armour: bool = True):
    recruit_items = ("assault-rifle", "body-armour") if recruits_armour else ("assault-rifle",)
    trooper = ("assault-rifle", "body-armour")
    return roster(
        member("Capt. Steven Mint", "boss", "pistol", "body-armour",
               abilities=("aggressive", "good-walker")),
        member("Sgt. Harry Pierce", "top", *trooper, abilities=("duck-feet",)),
        member("Cpl. Tyrone Jackson", "top", *trooper, abilities=("sure-shot",)),
        member("Alberto 'Al' Chavez", "veteran", *trooper, abilities=("bad-shot",)),
        member("Reed Berinson", "veteran", *trooper, abilities=("lucky",)),
        *grunts(5, *trooper),
        member("Recruit 1", "recruit", *recruit_items),
        member("Recruit 2", "recruit", *recruit_items),
        name="Mint's Marauders",
    )  # fmt: skip


def test_the_rulebook_example_squad_costs_190_points_not_the_200_printed():
    # The rulebook prints 25 for veteran Chavez, but a Veteran costs 15 (its own table, and
    # the other veteran of the example).
    total = cost(example_squad())

    assert total.points == 190
    assert total.member("Alberto 'Al' Chavez").points == 15
    assert total.member("Reed Berinson").points == 15
    assert len(example_squad().members) == 12


def test_the_rulebook_example_squad_shows_armour_and_cv_as_printed():
    total = cost(example_squad(recruits_armour=False))

    assert [c.cv for c in total.members] == [5, 4, 4, 4, 4, 3, 3, 3, 3, 3, 2, 2]
    assert [c.armour for c in total.members] == [2] * 10 + [1, 1]
    assert [c.grenades for c in total.members] == [2] * 12


def test_the_rulebook_example_squad_puts_armour_on_its_recruits():
    found = validate(example_squad())

    assert sorted((v.code, v.member) for v in found) == [
        ("ep-over", "Recruit 1"),  # assault rifle 2 EP + armour 1 EP, a Recruit has 2
        ("ep-over", "Recruit 2"),
        ("recruit-armour", "Recruit 1"),
        ("recruit-armour", "Recruit 2"),
    ]


def test_the_rulebook_example_squad_is_otherwise_valid():
    assert validate(example_squad(recruits_armour=False)) == []
