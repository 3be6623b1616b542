"""Every roster rule of docs/games/black-sun.md 1-7, shown firing and not firing."""

import re

import pytest

from rules.black_sun import validation
from rules.black_sun.data import ADVANTAGES, FACTIONS, MODEL_TYPES
from rules.black_sun.validation import validate
from rules.types import Ability
from tests.rules.builders import RIFLE, codes, grunts, member, roster, squad, violations


@pytest.mark.parametrize("faction", list(FACTIONS))
def test_the_base_squad_is_valid_in_every_faction(faction):
    assert validate(squad(faction=faction)) == []


# --- squad-size -----------------------------------------------------------------------------


@pytest.mark.parametrize("size, fires", [(5, True), (6, False), (15, False), (16, True)])
def test_a_squad_has_6_to_15_models(size, fires):
    r = roster(member("Boss", "boss"), *grunts(size - 1))

    found = violations(r, "squad-size")

    assert len(found) == int(fires)
    if fires:
        assert found[0].member is None
        assert found[0].message == f"A squad has 6 to 15 models; this one has {size}."


def test_dead_models_do_not_count_towards_the_squad_size():
    five_and_a_dead = roster(
        member("Boss", "boss"), *grunts(4), member("Gone", "grunt", status="dead")
    )
    fifteen_and_a_dead = roster(
        member("Boss", "boss"), *grunts(14), member("Gone", "grunt", status="dead")
    )

    assert codes(validate(five_and_a_dead)) == ["squad-size"]
    assert validate(fifteen_and_a_dead) == []


def test_recovering_and_captured_models_count_towards_the_squad_size():
    absent = [
        member("Resting", "grunt", status="recovering"),
        member("Prisoner", "grunt", status="captured"),
    ]

    six = roster(member("Boss", "boss"), *grunts(3), *absent)
    sixteen = roster(member("Boss", "boss"), *grunts(13), *absent)

    assert validate(six) == []
    assert [v.params["count"] for v in violations(sixteen, "squad-size")] == [16]


# --- type-count -----------------------------------------------------------------------------


def test_a_squad_without_a_boss_breaks_the_type_count():
    [found] = violations(roster(*grunts(6)), "type-count")

    assert found.member is None
    assert found.message == "A squad has exactly 1 Boss; this one has 0."


def test_a_squad_with_two_bosses_breaks_the_type_count():
    r = roster(member("Mint", "boss"), member("Kang", "boss"), *grunts(4))

    [found] = violations(r, "type-count")

    assert found.member is None
    assert found.params["count"] == 2


@pytest.mark.parametrize(
    "type_code, count", [("top", 4), ("veteran", 3), ("recruit", 4), ("doc", 2), ("specialist", 2)]
)
def test_one_model_over_a_types_limit_breaks_the_type_count(type_code, count):
    extra = [member(f"{type_code} {i}", type_code) for i in range(count)]

    found = violations(squad(*extra, points_limit=500), "type-count")

    assert [(v.member, v.params["count"]) for v in found] == [(None, count)]
    label = MODEL_TYPES[type_code].label
    assert found[0].message == f"A squad has at most {count - 1} {label}; this one has {count}."


def test_every_type_at_its_limit_is_valid():
    r = roster(
        member("Boss", "boss"),
        *[member(f"Top {i}", "top") for i in range(3)],
        *[member(f"Veteran {i}", "veteran") for i in range(2)],
        *[member(f"Recruit {i}", "recruit") for i in range(3)],
        member("Doc", "doc"),
        member("Specialist", "specialist"),
        *grunts(4),
        points_limit=300,
    )

    assert validate(r) == []


def test_dead_models_do_not_count_towards_the_type_limits():
    r = squad(
        member("Old boss", "boss", status="dead"),
        member("New boss", "boss"),
        *[member(f"Top {i}", "top") for i in range(3)],
        member("Fallen top", "top", status="dead"),
    )

    assert validate(r) == []


# --- duplicate-name -------------------------------------------------------------------------


def test_two_models_with_the_same_name_break_the_unique_names_rule():
    [found] = violations(squad(member("Grunt 1")), "duplicate-name")

    assert found.member == "Grunt 1"
    assert found.message == "2 models are named Grunt 1; names must be unique."


def test_a_dead_models_name_stays_taken():
    # Casualties name models: a living and a dead "Smith" would make battle reports ambiguous.
    r = squad(member("Smith", "recruit", status="dead"), member("Smith", "recruit"))

    assert [v.member for v in violations(r, "duplicate-name")] == ["Smith"]


def test_distinct_names_are_fine():
    assert violations(squad(member("Grunt 6")), "duplicate-name") == []


# --- ep-over --------------------------------------------------------------------------------


@pytest.mark.parametrize("type_code", list(MODEL_TYPES))
def test_a_model_may_spend_its_types_ep_and_no_more(type_code):
    allowed = MODEL_TYPES[type_code].ep

    at_limit = squad(member("Rex", type_code, ("pistol", allowed)), points_limit=500)
    over = squad(member("Rex", type_code, ("pistol", allowed + 1)), points_limit=500)

    assert validate(at_limit) == []
    [found] = violations(over, "ep-over")
    assert found.member == "Rex"
    label = MODEL_TYPES[type_code].label
    assert found.message == f"Rex spends {allowed + 1} EP; a {label} has {allowed}."


@pytest.mark.parametrize(
    "faction, grenades, spent",
    [
        ("us-army", 2, 2),  # the first two grenades are free
        ("us-army", 4, 3),
        ("us-army", 5, 4),
        ("viet-cong", 2, 3),
        ("viet-cong", 3, 4),
        ("adaro", 1, 3),
    ],
)
def test_grenades_cost_1_ep_per_pair_beyond_the_free_ones(faction, grenades, spent):
    gunner = member("Song", "grunt", "assault-rifle", ("grenades", grenades))

    found = violations(squad(gunner, faction=faction), "ep-over")

    assert [v.params["spent"] for v in found] == ([spent] if spent > 3 else [])


def test_knives_are_free():
    r = squad(member("Song", "grunt", "knife", "assault-rifle", "body-armour"))

    assert validate(r) == []


# --- recruit-armour -------------------------------------------------------------------------


def test_a_recruit_cannot_wear_body_armour():
    [found] = violations(squad(member("Smith", "recruit", "body-armour")), "recruit-armour")

    assert found.member == "Smith"
    assert found.message == "Smith is a Recruit and cannot wear Body armour (flak vest)."


def test_other_models_may_wear_body_armour():
    r = squad(member("Smith", "recruit", "pistol"), member("Sung", "grunt", "body-armour"))

    assert validate(r) == []


# --- faction-item and type-item -------------------------------------------------------------


def test_only_us_army_squads_may_take_grenade_launchers():
    launcher = member("Tex", "grunt", "grenade-launcher")

    [found] = violations(squad(launcher, faction="viet-cong"), "faction-item")

    assert validate(squad(launcher, faction="us-army")) == []
    assert found.member == "Tex"
    assert found.message == (
        "Tex carries Grenade launcher (GL), which Viet Cong / NVA squads cannot take."
    )


def test_only_fury_bugs_may_take_the_telekinetic_throw():
    bug_boss = member("Queen", "boss", "telekinetic-throw")

    assert validate(squad(bug_boss, faction="fury-bugs")) == []
    assert [(v.code, v.member) for v in validate(squad(bug_boss, faction="us-army"))] == [
        ("faction-item", "Queen")
    ]


def test_only_the_fury_bugs_boss_may_take_the_telekinetic_throw():
    drone = member("Drone", "grunt", "telekinetic-throw")

    [found] = validate(squad(drone, faction="fury-bugs"))

    assert (found.code, found.member) == ("type-item", "Drone")
    assert found.message == "Drone carries Telekinetic earth throw, which a Grunt cannot take."


# --- assistant gunners ----------------------------------------------------------------------


@pytest.mark.parametrize("weapon", ["machine-gun", "flamethrower"])
def test_a_heavy_weapon_needs_an_assistant_gunner(weapon):
    gunner = member("Ling", "grunt", weapon)

    [found] = validate(squad(gunner))

    assert (found.code, found.member) == ("ag-missing", "Ling")
    assert found.message == (
        "Ling needs an assistant gunner for each machine gun or flamethrower (1 missing)."
    )
    assert validate(squad(gunner, member("Song", "grunt", assists="Ling"))) == []


def test_two_heavy_weapons_need_two_assistant_gunners():
    gunner = member("Boss", "boss", ("machine-gun", 2))
    one = squad(gunner, member("Song", assists="Boss"))
    two = squad(gunner, member("Song", assists="Boss"), member("Sung", assists="Boss"))

    assert [(v.code, v.member, v.params["missing"]) for v in validate(one)] == [
        ("ag-missing", "Boss", 1)
    ]
    assert validate(two) == []


def test_each_gunner_needs_its_own_assistant():
    r = squad(
        member("Ling", "grunt", "machine-gun"),
        member("Lang", "grunt", "flamethrower"),
        member("Song", assists="Ling"),
    )

    assert [(v.code, v.member) for v in validate(r)] == [("ag-missing", "Lang")]


def test_an_assistant_of_a_model_not_in_the_squad():
    r = squad(member("Song", assists="Nobody"))

    [found] = validate(r)

    assert (found.code, found.member) == ("ag-target-missing", "Song")
    assert found.message == "Song assists Nobody, who is not in the squad."


def test_an_assistant_of_a_dead_gunner_assists_no_one_in_the_squad():
    r = squad(member("Ling", "grunt", "machine-gun", status="dead"), member("Song", assists="Ling"))

    assert [(v.code, v.member) for v in validate(r)] == [("ag-target-missing", "Song")]


def test_an_assistant_of_a_model_without_a_heavy_weapon():
    [found] = validate(squad(member("Song", assists="Grunt 1")))

    assert (found.code, found.member) == ("ag-target-no-weapon", "Song")
    assert found.message == "Song assists Grunt 1, who carries no machine gun or flamethrower."


def test_a_gunner_cannot_assist_itself():
    r = squad(member("Ling", "grunt", "machine-gun", assists="Ling"))

    # It claims to be an assistant gunner while carrying the weapon, and the weapon is unserved.
    assert sorted((v.code, v.member) for v in validate(r)) == [
        ("ag-carries-heavy", "Ling"),
        ("ag-missing", "Ling"),
        ("ag-self", "Ling"),
    ]
    assert violations(r, "ag-self")[0].message == "Ling cannot be its own assistant gunner."


def test_an_assistant_gunner_carries_no_heavy_weapon():
    # Two gunners serving each other: both weapons are served, but neither may carry one.
    r = squad(
        member("Ling", "grunt", "machine-gun", assists="Lang"),
        member("Lang", "grunt", "flamethrower", assists="Ling"),
    )

    found = validate(r)

    assert sorted((v.code, v.member) for v in found) == [
        ("ag-carries-heavy", "Lang"),
        ("ag-carries-heavy", "Ling"),
    ]
    assert found[0].message.endswith(
        "is an assistant gunner and cannot carry a machine gun or flamethrower."
    )


# --- abilities ------------------------------------------------------------------------------


@pytest.mark.parametrize("type_code", list(MODEL_TYPES))
def test_a_model_starts_with_at_most_its_types_abilities(type_code):
    allowed = MODEL_TYPES[type_code].starting_abilities
    at_limit = member("Rex", type_code, abilities=ADVANTAGES[:allowed])
    over = member("Rex", type_code, abilities=ADVANTAGES[: allowed + 1])

    assert validate(squad(at_limit, points_limit=500)) == []
    [found] = violations(squad(over, points_limit=500), "ability-allowance")
    assert found.member == "Rex"
    label = MODEL_TYPES[type_code].label
    assert found.message == (
        f"Rex starts with {allowed + 1} abilities; a {label} starts with {allowed}."
    )


def test_abilities_gained_in_the_campaign_do_not_count_against_the_allowance():
    veteran_grunt = member(
        "Sung",
        "grunt",
        abilities=(
            Ability("lame", "injury"),
            Ability("skilled", "advance"),
            Ability("fast", "event"),
        ),
    )
    boss = member(
        "Boss", "boss", abilities=("aggressive", "good-walker", Ability("lucky", "advance"))
    )

    assert validate(squad(veteran_grunt, boss)) == []


@pytest.mark.parametrize("type_code", ["boss", "specialist"])
def test_a_chosen_starting_ability_must_be_an_advantage(type_code):
    r = squad(member("Rex", type_code, abilities=("coward",)), points_limit=500)

    [found] = validate(r)

    assert (found.code, found.member) == ("chosen-disadvantage", "Rex")
    label = MODEL_TYPES[type_code].label
    assert found.message == (
        f"Rex chooses Coward: a {label}'s starting abilities are chosen from the advantages."
    )


@pytest.mark.parametrize("type_code", ["top", "veteran", "doc"])
def test_a_random_starting_ability_may_be_a_disadvantage(type_code):
    # The rulebook's own example squad has a veteran who rolled "Bad shot".
    r = squad(member("Rex", type_code, abilities=("bad-shot",)), points_limit=500)

    assert validate(r) == []


def test_a_boss_may_gain_a_disadvantage_from_an_injury():
    r = squad(member("Boss", "boss", abilities=("aggressive", Ability("lame", "injury"))))

    assert validate(r) == []


def test_a_model_holds_an_ability_at_most_once():
    lame_twice = member("Sung", abilities=(Ability("lame", "injury"), Ability("lame", "event")))

    [found] = validate(squad(lame_twice))

    assert (found.code, found.member) == ("duplicate-ability", "Sung")
    assert found.message == "Sung holds Lame more than once."


def test_hating_two_enemies_is_holding_hates_enemy_twice():
    hater = member(
        "Kang",
        "top",
        abilities=(
            Ability("hates-enemy", detail="us-army"),
            Ability("hates-enemy", "event", "adaro"),
        ),
    )

    assert [(v.code, v.member) for v in validate(squad(hater))] == [("duplicate-ability", "Kang")]


# --- rp-base-character ----------------------------------------------------------------------


@pytest.mark.parametrize("type_code", ["veteran", "grunt", "recruit"])
def test_base_characters_carry_no_reputation_points(type_code):
    [found] = validate(squad(member("Rex", type_code, rp=1)))

    assert (found.code, found.member) == ("rp-base-character", "Rex")
    label = MODEL_TYPES[type_code].label
    assert found.message == f"Rex is a {label}: only key characters carry reputation points."


@pytest.mark.parametrize("type_code", ["boss", "top", "doc", "specialist"])
def test_key_characters_carry_reputation_points(type_code):
    assert validate(squad(member("Rex", type_code, rp=12), points_limit=500)) == []


# --- faction shares -------------------------------------------------------------------------


@pytest.mark.parametrize("faction", ["adaro", "viet-cong"])
def test_half_the_models_carry_bolt_action_rifles_in_some_factions(faction):
    half = roster(member("Boss", "boss", RIFLE), *grunts(2, RIFLE), *grunts(3, start=3),
                  faction=faction)  # fmt: skip
    less = roster(member("Boss", "boss", RIFLE), *grunts(1, RIFLE), *grunts(4, start=2),
                  faction=faction)  # fmt: skip

    assert validate(half) == []
    [found] = validate(less)
    assert (found.code, found.member) == ("faction-share-min", None)
    label = FACTIONS[faction].label
    assert found.message == (
        f"{label} squads arm at least 50% of their models with Bolt-action rifle (BR): 2 of 6 do."
    )


@pytest.mark.parametrize("faction", ["us-army", "fury-bugs"])
def test_other_factions_need_no_bolt_action_rifles(faction):
    assert validate(roster(member("Boss", "boss"), *grunts(5), faction=faction)) == []


def test_a_dead_rifleman_does_not_count_towards_the_share():
    r = roster(
        member("Boss", "boss", RIFLE),
        *grunts(2, RIFLE),
        member("Gone", "grunt", RIFLE, status="dead"),
        *grunts(4, start=3),
        faction="adaro",
    )

    [found] = validate(r)

    assert (found.code, found.params["carriers"], found.params["count"]) == (
        "faction-share-min",
        3,
        7,
    )


@pytest.mark.parametrize("size, smgs, fires", [(10, 1, False), (9, 1, True), (10, 2, True)])
def test_at_most_one_viet_cong_model_in_ten_carries_an_smg(size, smgs, fires):
    r = roster(
        member("Boss", "boss", RIFLE),
        *grunts(smgs, RIFLE, "smg"),
        *grunts(size - 1 - smgs, RIFLE, start=smgs + 1),
        faction="viet-cong",
    )

    found = validate(r)

    assert [(v.code, v.member) for v in found] == ([("faction-share-max", None)] if fires else [])


def test_smgs_are_not_limited_outside_the_viet_cong():
    assert validate(squad(*grunts(2, "smg", start=6), faction="adaro")) == []


# --- points-limit ---------------------------------------------------------------------------


def test_a_squad_exactly_at_its_points_limit_is_valid():
    assert validate(squad(points_limit=100)) == []


def test_a_squad_over_its_points_limit():
    [found] = validate(squad(points_limit=99))

    assert (found.code, found.member) == ("points-limit", None)
    assert found.message == "The squad costs 100 points; the limit is 99."


def test_a_dead_model_frees_its_points_but_absent_ones_do_not():
    dead = squad(member("Gone", "veteran", status="dead"), points_limit=100)
    recovering = squad(member("Resting", "recruit", status="recovering"), points_limit=100)
    captured = squad(member("Prisoner", "recruit", status="captured"), points_limit=100)

    assert validate(dead) == []
    assert codes(validate(recovering)) == ["points-limit"]
    assert codes(validate(captured)) == ["points-limit"]


def test_the_default_points_limit_is_200():
    r = roster(member("Boss", "boss"), *grunts(15))  # 16 models, 200 points

    assert r.points_limit == 200
    assert codes(validate(r)) == ["squad-size"]
    assert codes(validate(roster(member("Boss", "boss"), *grunts(14), member("X", "top")))) == [
        "squad-size",
        "points-limit",
    ]


# --- every violation: its member and its message --------------------------------------------

# (code, roster that breaks the rule, the member it names or None for squad-wide rules)
BROKEN = [
    ("squad-size", roster(member("Boss", "boss"), *grunts(4)), None),
    ("type-count", roster(*grunts(6)), None),
    ("duplicate-name", squad(member("Grunt 2")), "Grunt 2"),
    ("ep-over", squad(member("Ling", "grunt", "shotgun", "smg", "pistol")), "Ling"),
    ("recruit-armour", squad(member("Smith", "recruit", "body-armour")), "Smith"),
    ("faction-item", squad(member("Tex", "grunt", "grenade-launcher"), faction="adaro"), "Tex"),
    ("type-item", squad(member("Drone", "top", "telekinetic-throw"), faction="fury-bugs"), "Drone"),
    ("ag-missing", squad(member("Ling", "grunt", "flamethrower")), "Ling"),
    ("ag-target-missing", squad(member("Song", assists="Lang")), "Song"),
    ("ag-target-no-weapon", squad(member("Song", assists="Boss")), "Song"),
    ("ag-self", squad(member("Ling", assists="Ling")), "Ling"),
    (
        "ag-carries-heavy",
        squad(
            member("Ling", "grunt", "machine-gun"),
            member("Lang", "grunt", "machine-gun", assists="Ling"),
        ),
        "Lang",
    ),  # fmt: skip
    ("ability-allowance", squad(member("Pierce", "top", abilities=("fast", "lucky"))), "Pierce"),
    ("chosen-disadvantage", squad(member("Mint", "boss", abilities=("greedy",))), "Mint"),
    ("duplicate-ability", squad(member("Mint", "boss", abilities=("fast", "fast"))), "Mint"),
    ("rp-base-character", squad(member("Chavez", "veteran", rp=3)), "Chavez"),
    ("faction-share-min", squad(*grunts(7, start=6), faction="viet-cong"), None),
    ("faction-share-max", squad(member("Vang", "grunt", "smg"), faction="viet-cong"), None),
    ("points-limit", squad(member("Doc", "doc"), points_limit=120), None),
]


def documented_codes() -> list[str]:
    """The codes in the table of ``validation.py``'s docstring, in order."""
    return re.findall(r"^([a-z][a-z-]+)\s{2,}", validation.__doc__, re.MULTILINE)


def test_every_documented_violation_code_is_shown_broken_here():
    assert len(documented_codes()) == 19
    assert [code for code, _, _ in BROKEN] == documented_codes()


@pytest.mark.parametrize("code, broken, name", BROKEN, ids=[case[0] for case in BROKEN])
def test_each_violation_names_its_member_in_a_readable_sentence(code, broken, name):
    found = [v for v in validate(broken) if v.code == code]

    assert len(found) == 1
    violation = found[0]
    assert violation.member == name
    message = violation.message
    assert message == violation.template % violation.params
    assert message[0].isupper() or message[0].isdigit()
    assert message.endswith(".")
    assert "%(" not in message and "None" not in message
    if name is not None:
        assert name in message
    assert violation.as_dict() == {"code": code, "message": message, "member": name}
