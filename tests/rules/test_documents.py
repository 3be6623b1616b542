"""The squad-roster/1 and battle-report/1 documents of docs/formats.md: strict, with paths."""

import copy
import json

import pytest

from rules.documents import (
    DocumentError,
    load_battle_report,
    load_roster,
    parse_battle_report,
    parse_roster,
    roster_to_document,
)
from rules.types import Ability, BattleReport, Casualty, Deeds, Roster
from tests.rules.builders import member, roster, squad


def roster_doc(**changes) -> dict:
    doc = {
        "format": "squad-roster/1",
        "system": "black-sun",
        "name": "Mint's Marauders",
        "faction": "us-army",
        "points_limit": 200,
        "members": [
            {
                "name": "Capt. Steven Mint",
                "type": "boss",
                "equipment": [{"item": "pistol"}, {"item": "body-armour"}],
                "abilities": ["aggressive", "good-walker"],
                "rp": 0,
            },
            {"name": "Ling", "type": "grunt", "equipment": [{"item": "machine-gun"}]},
            {
                "name": "Song",
                "type": "grunt",
                "assists": "Ling",
                "equipment": [{"item": "assault-rifle"}, {"item": "grenades", "count": 2}],
            },
        ],
    }
    doc.update(changes)
    return doc


def problems_of(parse, data) -> list[tuple[str, str]]:
    with pytest.raises(DocumentError) as error:
        parse(data)
    return [(p.path, p.message) for p in error.value.problems]


def roster_problems(data) -> list[tuple[str, str]]:
    return problems_of(parse_roster, data)


def paths(problems) -> list[str]:
    return [path for path, _ in problems]


# --- squad-roster/1: reading ----------------------------------------------------------------


def test_the_formats_md_example_reads_as_a_roster():
    r = parse_roster(roster_doc())

    assert (r.system, r.name, r.faction, r.points_limit) == (
        "black-sun",
        "Mint's Marauders",
        "us-army",
        200,
    )
    assert r.members[0] == member(
        "Capt. Steven Mint", "boss", "pistol", "body-armour",
        abilities=("aggressive", "good-walker"),
    )  # fmt: skip
    assert r.members[2] == member("Song", "grunt", "assault-rifle", ("grenades", 2), assists="Ling")


def test_optional_keys_take_their_defaults():
    doc = roster_doc(members=[{"name": "Sung", "type": "grunt"}])
    del doc["points_limit"]

    r = parse_roster(doc)

    assert r.points_limit == 200
    assert r.members == (member("Sung", "grunt"),)
    assert (r.members[0].record, r.members[0].status) == ({}, "active")  # no RP, no CV lost


def test_abilities_may_be_objects_with_detail_and_source():
    doc = roster_doc(
        members=[
            {
                "name": "Kang",
                "type": "top",
                "abilities": [
                    {"code": "hates-enemy", "detail": "us-army", "source": "starting"},
                    {"code": "lame", "source": "injury"},
                    {"code": "skilled"},
                ],
            }
        ]
    )

    assert parse_roster(doc).members[0].abilities == (
        Ability("hates-enemy", "starting", "us-army"),
        Ability("lame", "injury"),
        Ability("skilled", "starting"),
    )


def test_load_roster_reads_json_text_and_bytes():
    text = json.dumps(roster_doc())

    assert load_roster(text) == load_roster(text.encode()) == parse_roster(roster_doc())


ROUND_TRIPS = [
    squad(),
    roster(name="Empty squad", faction="adaro", points_limit=1),
    roster(
        member(
            "Capt. Steven Mint", "boss", "pistol", "body-armour", ("grenades", 5),
            abilities=("aggressive", Ability("lame", "injury"), Ability("fast", "advance")),
            rp=7, cv_loss=1,
        ),
        member("Ling", "grunt", "machine-gun", status="recovering"),
        member("Song", "grunt", "assault-rifle", assists="Ling", status="captured"),
        member("Kang", "top", abilities=(Ability("hates-enemy", detail="viet-cong"),
                                         Ability("hates-enemy", "event", "adaro"))),
        member("Smith", "recruit", status="dead", cv_loss=2),
        member("Él Niño ☠", "doc", ("knife", 3),
               abilities=(Ability("frightening-scars", "event"),)),
        faction="fury-bugs", points_limit=350, name="Invalid, and that is fine",
    ),
    roster(member("A", "grunt", assists="Nobody"), member("A", "grunt", rp=4), faction="viet-cong"),
]  # fmt: skip


@pytest.mark.parametrize("original", ROUND_TRIPS, ids=["valid", "empty", "campaign", "broken"])
def test_a_roster_survives_a_round_trip_through_its_document(original):
    document = roster_to_document(original)

    assert parse_roster(document) == original
    assert load_roster(json.dumps(document)) == original


def test_the_document_of_a_roster_has_the_formats_md_shape():
    document = roster_to_document(parse_roster(roster_doc()))

    assert document["format"] == "squad-roster/1"
    assert document["system"] == "black-sun"
    assert document["members"][2] == {
        "name": "Song",
        "type": "grunt",
        "equipment": [{"item": "assault-rifle"}, {"item": "grenades", "count": 2}],
        "abilities": [],
        "assists": "Ling",
    }


# --- squad-roster/1: problems and their paths -----------------------------------------------


def test_an_unknown_key_at_the_top_level():
    assert roster_problems(roster_doc(colour="green")) == [("colour", "unknown key 'colour'")]


def test_an_unknown_key_in_a_member():
    doc = roster_doc()
    doc["members"][1]["weapon"] = "machine-gun"

    assert roster_problems(doc) == [("members[1].weapon", "unknown key 'weapon'")]


def test_an_unknown_key_in_an_equipment_line():
    doc = roster_doc()
    doc["members"][2]["equipment"][1]["amount"] = 2

    assert roster_problems(doc) == [("members[2].equipment[1].amount", "unknown key 'amount'")]


def test_an_unknown_key_in_an_ability_object():
    doc = roster_doc()
    doc["members"][0]["abilities"][0] = {"code": "aggressive", "sorce": "injury"}

    assert paths(roster_problems(doc)) == ["members[0].abilities[0].sorce"]


@pytest.mark.parametrize(
    "change, path, what",
    [
        (lambda d: d.update(faction="us-marines"), "faction", "faction 'us-marines'"),
        (lambda d: d["members"][1].update(type="sergeant"), "members[1].type",
         "model type 'sergeant'"),
        (lambda d: d["members"][0]["equipment"][0].update(item="laser"),
         "members[0].equipment[0].item", "item 'laser'"),
        (lambda d: d["members"][0]["abilities"].__setitem__(1, "flying"),
         "members[0].abilities[1]", "ability 'flying'"),
        (lambda d: d["members"][0]["abilities"].__setitem__(1, {"code": "flying"}),
         "members[0].abilities[1].code", "ability 'flying'"),
        (lambda d: d["members"][2].update(status="missing"), "members[2].status",
         "status 'missing'"),
        (lambda d: d["members"][0]["abilities"].__setitem__(
            0, {"code": "lame", "source": "birth"}), "members[0].abilities[0].source",
         "source 'birth'"),
    ],
    ids=["faction", "type", "item", "ability", "ability-object", "status", "source"],
)  # fmt: skip
def test_an_unknown_code_names_its_path_and_the_codes_expected(change, path, what):
    doc = roster_doc()
    change(doc)

    [(found_path, message)] = roster_problems(doc)

    assert found_path == path
    assert message.startswith(f"unknown {what} (expected one of: ")


def test_the_unknown_item_message_lists_the_known_items():
    doc = roster_doc()
    doc["members"][0]["equipment"][0]["item"] = "laser"

    [(_, message)] = roster_problems(doc)

    assert "assault-rifle" in message and "telekinetic-throw" in message


@pytest.mark.parametrize(
    "change, path, message",
    [
        (lambda d: d["members"][2]["equipment"][1].update(count="2"),
         "members[2].equipment[1].count", "must be a whole number, not a string"),
        (lambda d: d["members"][0].update(rp=1.5), "members[0].rp",
         "must be a whole number, not a decimal number"),
        (lambda d: d["members"][0].update(rp=1.0), "members[0].rp",
         "must be a whole number, not a decimal number"),
        (lambda d: d["members"][0].update(cv_loss=True), "members[0].cv_loss",
         "must be a whole number, not a boolean"),
        (lambda d: d.update(points_limit=False), "points_limit",
         "must be a whole number, not a boolean"),
        (lambda d: d.update(points_limit="200"), "points_limit",
         "must be a whole number, not a string"),
        (lambda d: d.update(members={"Ling": {"type": "grunt"}}), "members",
         "must be a list, not an object"),
        (lambda d: d["members"].__setitem__(1, ["Ling", "grunt"]), "members[1]",
         "must be an object, not a list"),
        (lambda d: d["members"][1].update(equipment="machine-gun"), "members[1].equipment",
         "must be a list, not a string"),
        (lambda d: d["members"][1].update(equipment=["machine-gun"]), "members[1].equipment[0]",
         "must be an object, not a string"),
        (lambda d: d["members"][0].update(abilities="aggressive"), "members[0].abilities",
         "must be a list, not a string"),
        (lambda d: d["members"][0]["abilities"].__setitem__(0, 3), "members[0].abilities[0]",
         "must be an object, not a number"),
        (lambda d: d.update(name=["Mint"]), "name", "must be a string, not a list"),
        (lambda d: d.update(name="   "), "name", "must not be empty"),
        (lambda d: d.update(name="x" * 101), "name", "must be at most 100 characters long"),
        (lambda d: d["members"][1].update(name=None), "members[1].name",
         "must be a string, not null"),
        (lambda d: d["members"][2].update(assists=7), "members[2].assists",
         "must be a string, not a number"),
        (lambda d: d.update(faction=1), "faction", "must be a string, not a number"),
        (lambda d: d["members"][0].update(rp=-1), "members[0].rp",
         "must be from 0 to 10000, not -1"),
        (lambda d: d["members"][0]["equipment"][0].update(count=0),
         "members[0].equipment[0].count", "must be from 1 to 99, not 0"),
        (lambda d: d.update(points_limit=0), "points_limit", "must be from 1 to 100000, not 0"),
    ],
)  # fmt: skip
def test_a_value_of_the_wrong_type_or_range_names_its_path(change, path, message):
    doc = roster_doc()
    change(doc)

    assert roster_problems(doc) == [(path, message)]


def test_a_document_that_is_not_an_object():
    assert roster_problems([roster_doc()]) == [("", "must be an object, not a list")]


@pytest.mark.parametrize("key", ["format", "system", "name", "faction", "members"])
def test_a_missing_required_key_at_the_top_level(key):
    doc = roster_doc()
    del doc[key]

    assert (key, "is required") in roster_problems(doc)


@pytest.mark.parametrize(
    "where, key, path",
    [
        (lambda d: d["members"][1], "name", "members[1].name"),
        (lambda d: d["members"][1], "type", "members[1].type"),
        (lambda d: d["members"][2]["equipment"][0], "item", "members[2].equipment[0].item"),
    ],
)
def test_a_missing_required_key_in_a_member_or_line(where, key, path):
    doc = roster_doc()
    del where(doc)[key]

    assert roster_problems(doc) == [(path, "is required")]


def test_a_missing_ability_code():
    doc = roster_doc()
    doc["members"][0]["abilities"][0] = {"source": "injury"}

    assert roster_problems(doc) == [("members[0].abilities[0].code", "is required")]


def test_hates_enemy_needs_a_detail():
    doc = roster_doc()
    doc["members"][0]["abilities"] = ["hates-enemy"]
    bare = roster_problems(doc)
    doc["members"][0]["abilities"] = [{"code": "hates-enemy", "source": "starting"}]
    as_object = roster_problems(doc)
    doc["members"][0]["abilities"] = [{"code": "hates-enemy", "detail": ""}]
    empty = roster_problems(doc)

    expected = [("members[0].abilities[0].detail", "hates-enemy needs a detail (which enemy)")]
    assert bare == as_object == expected
    assert empty == [("members[0].abilities[0].detail", "must not be empty")]


def test_other_abilities_take_no_detail():
    doc = roster_doc()
    doc["members"][0]["abilities"][1] = {"code": "good-walker", "detail": "fast"}

    assert roster_problems(doc) == [
        ("members[0].abilities[1].detail", "good-walker takes no detail")
    ]


def test_a_wrong_format_string():
    assert roster_problems(roster_doc(format="squad-roster/2")) == [
        ("format", "must be 'squad-roster/1', not 'squad-roster/2'")
    ]
    assert paths(roster_problems(roster_doc(format="battle-report/1"))) == ["format"]


def test_an_unknown_system():
    assert roster_problems(roster_doc(system="warhammer")) == [
        ("system", "unknown game system 'warhammer'")
    ]


def test_a_system_that_is_not_a_string():
    assert roster_problems(roster_doc(system=7)) == [("system", "must be a string, not a number")]


def test_every_problem_of_a_document_is_reported_at_once():
    doc = roster_doc(faction="us-marines", colour="green")
    doc["members"][0]["rp"] = "many"
    doc["members"][1]["type"] = "sergeant"
    doc["members"][2]["equipment"][0]["item"] = "laser"
    doc["members"][2]["equipment"][1]["count"] = 0
    del doc["members"][2]["name"]

    found = roster_problems(doc)

    assert sorted(paths(found)) == sorted(
        [
            "colour",
            "faction",
            "members[0].rp",
            "members[1].type",
            "members[2].name",
            "members[2].equipment[0].item",
            "members[2].equipment[1].count",
        ]
    )


def test_the_error_message_lists_every_problem_with_its_path():
    doc = roster_doc(faction="us-marines")
    doc["members"][1]["type"] = "sergeant"

    with pytest.raises(DocumentError) as error:
        parse_roster(doc)

    lines = str(error.value).splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("faction: unknown faction 'us-marines'")
    assert lines[1].startswith("members[1].type: unknown model type 'sergeant'")


def test_a_document_error_is_a_value_error():
    assert issubclass(DocumentError, ValueError)


# --- JSON text ------------------------------------------------------------------------------


def test_bad_json_says_where():
    [(path, message)] = problems_of(load_roster, '{"format": "squad-roster/1",\n "name": }')

    assert path == ""
    assert message.startswith("not valid JSON: Expecting value (line 2, column 10)")


def test_text_that_is_not_utf8():
    assert problems_of(load_roster, b'{"name": "\xff"}') == [("", "not UTF-8 text")]


def test_a_duplicated_key_names_its_path():
    text = json.dumps(roster_doc()).replace('"item": "pistol"', '"item": "pistol", "item": "laser"')

    assert problems_of(load_roster, text) == [
        ("members[0].equipment[0].item", "key 'item' appears twice")
    ]


def test_a_duplicated_top_level_key():
    text = json.dumps(roster_doc()).replace('"name": "Mint', '"name": "A", "name": "Mint')

    assert problems_of(load_roster, text) == [("name", "key 'name' appears twice")]


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_refused_with_their_path(constant):
    text = json.dumps(roster_doc()).replace('"rp": 0', f'"rp": {constant}')

    assert problems_of(load_roster, text) == [("members[0].rp", f"{constant} is not valid JSON")]


def test_every_duplicated_key_and_nan_is_reported_at_once():
    text = '{"a": NaN, "b": [1, {"c": 1, "c": 2}], "a": 1, "d": Infinity}'

    assert problems_of(load_roster, text) == [
        ("a", "key 'a' appears twice"),
        ("b[1].c", "key 'c' appears twice"),
        ("d", "Infinity is not valid JSON"),
    ]


def test_json_nested_too_deeply_is_a_problem_not_a_crash():
    assert problems_of(load_roster, "[" * 100_000 + "]" * 100_000) == [("", "nested too deeply")]


# --- battle-report/1 ------------------------------------------------------------------------


def us_roster() -> dict:
    return roster_doc(
        members=[
            {"name": "Capt. Steven Mint", "type": "boss"},
            {"name": "Smith", "type": "recruit"},
            {"name": "Sung", "type": "grunt"},
            {"name": "Doc", "type": "doc"},
        ]
    )


def report_doc(**changes) -> dict:
    doc = {
        "format": "battle-report/1",
        "system": "black-sun",
        "scenario": "Patrol at the river",
        "played_on": "2026-11-20",
        "sides": [
            {
                "roster": us_roster(),
                "outcome": "full",
                "casualties": [
                    {"member": "Smith", "state": "killed"},
                    {"member": "Sung", "state": "seriously-wounded", "treated": True},
                ],
                "deeds": [
                    {"member": "Capt. Steven Mint", "out_of_action": 2, "malice": 0,
                     "sarcasm": 1, "wealth": 0}
                ],
                "survival_rolls": {"Sung": 4},
            },
            {"squad_id": 12, "outcome": "failed", "casualties": []},
        ],
    }  # fmt: skip
    doc.update(changes)
    return doc


def report_problems(data) -> list[tuple[str, str]]:
    return problems_of(parse_battle_report, data)


def test_the_formats_md_example_reads_as_a_battle_report():
    report = parse_battle_report(report_doc())

    assert isinstance(report, BattleReport)
    assert (report.system, report.scenario, report.played_on) == (
        "black-sun",
        "Patrol at the river",
        "2026-11-20",
    )
    us, them = report.sides
    assert isinstance(us.roster, Roster) and us.squad_id is None
    assert us.outcome == "full"
    assert us.casualties == (
        Casualty("Smith", "killed"),
        Casualty("Sung", "seriously-wounded", {"treated": True}),
    )
    assert us.deeds == (Deeds("Capt. Steven Mint", {"out_of_action": 2, "sarcasm": 1}),)
    assert us.details == {"survival_rolls": {"Sung": 4}}
    assert us.state_of("Smith") == "killed" and us.state_of("Doc") == "unhurt"
    assert (them.roster, them.squad_id, them.outcome, them.casualties) == (None, 12, "failed", ())


def test_a_battle_report_needs_only_format_system_and_sides():
    doc = report_doc()
    del doc["scenario"], doc["played_on"]

    report = load_battle_report(json.dumps(doc))

    assert (report.scenario, report.played_on) == ("", None)


@pytest.mark.parametrize("side", [{"outcome": "full"}, {"outcome": "full", "squad_id": 3,
                                                        "roster": us_roster()}])  # fmt: skip
def test_a_side_gives_either_a_roster_or_a_squad_id(side):
    doc = report_doc()
    doc["sides"][1] = side

    assert report_problems(doc) == [("sides[1]", "give either roster or squad_id")]


@pytest.mark.parametrize("sides", [[], [{"squad_id": 1, "outcome": "full"}]])
def test_a_battle_has_at_least_two_sides(sides):
    assert report_problems(report_doc(sides=sides)) == [
        ("sides", "a battle has at least two sides")
    ]


@pytest.mark.parametrize(
    "entry, key",
    [
        ({"member": "Rambo", "state": "killed"}, "casualties"),
        ({"member": "Rambo", "out_of_action": 1}, "deeds"),
    ],
)
def test_a_casualty_or_deed_naming_a_model_not_in_the_roster(entry, key):
    doc = report_doc()
    doc["sides"][0][key].append(entry)
    index = len(doc["sides"][0][key]) - 1

    assert report_problems(doc) == [
        (f"sides[0].{key}[{index}].member", "no model named 'Rambo' in this side's roster")
    ]


def test_a_survival_roll_for_a_model_not_in_the_roster():
    doc = report_doc()
    doc["sides"][0]["survival_rolls"]["Rambo"] = 3

    assert report_problems(doc) == [
        ("sides[0].survival_rolls.Rambo", "no model named 'Rambo' in this side's roster")
    ]


@pytest.mark.parametrize("roll", [0, 7, -1, 2.5, "4", True])
def test_a_survival_roll_is_a_die_from_1_to_6(roll):
    doc = report_doc()
    doc["sides"][0]["survival_rolls"]["Sung"] = roll

    assert paths(report_problems(doc)) == ["sides[0].survival_rolls.Sung"]


def test_a_survival_roll_for_a_model_not_seriously_wounded():
    doc = report_doc()
    doc["sides"][0]["survival_rolls"]["Smith"] = 3

    assert report_problems(doc) == [
        ("sides[0].survival_rolls.Smith", "'Smith' did not end the battle seriously wounded")
    ]


def test_survival_rolls_must_be_an_object():
    doc = report_doc()
    doc["sides"][0]["survival_rolls"] = [4]

    assert report_problems(doc) == [("sides[0].survival_rolls", "must be an object, not a list")]


def test_a_model_is_a_casualty_at_most_once():
    doc = report_doc()
    doc["sides"][0]["casualties"].append({"member": "Smith", "state": "stunned"})

    assert report_problems(doc) == [("sides[0].casualties[2].member", "'Smith' is listed twice")]


def test_a_model_has_one_line_of_deeds_at_most():
    doc = report_doc()
    doc["sides"][0]["deeds"].append({"member": "Capt. Steven Mint", "wealth": 1})

    assert paths(report_problems(doc)) == ["sides[0].deeds[1].member"]


@pytest.mark.parametrize("played_on", ["20/11/2026", "2026-02-30", "20261120", "2026-W47-5", 2026])
def test_played_on_must_be_a_date(played_on):
    assert paths(report_problems(report_doc(played_on=played_on))) == ["played_on"]


@pytest.mark.parametrize(
    "change, path",
    [
        (lambda d: d["sides"][0].update(outcome="victory"), "sides[0].outcome"),
        (lambda d: d["sides"][0]["casualties"][0].update(state="dead"),
         "sides[0].casualties[0].state"),
        (lambda d: d["sides"][0]["casualties"][0].update(treated="yes"),
         "sides[0].casualties[0].treated"),
        (lambda d: d["sides"][0]["casualties"][0].update(cause="mine"),
         "sides[0].casualties[0].cause"),
        (lambda d: d["sides"][0]["deeds"][0].update(malice=-1), "sides[0].deeds[0].malice"),
        (lambda d: d["sides"][0]["deeds"][0].update(loot=1), "sides[0].deeds[0].loot"),
        (lambda d: d["sides"][1].update(squad_id=True), "sides[1].squad_id"),
        (lambda d: d["sides"][1].update(squad_id=0), "sides[1].squad_id"),
        (lambda d: d["sides"][1].update(score=3), "sides[1].score"),
        (lambda d: d["sides"][0]["roster"]["members"][1].update(type="private"),
         "sides[0].roster.members[1].type"),
        (lambda d: d["sides"][0]["roster"].update(format="battle-report/1"),
         "sides[0].roster.format"),
        (lambda d: d.update(format="squad-roster/1"), "format"),
        (lambda d: d.update(system="warhammer"), "system"),
        (lambda d: d.update(system=None), "system"),
        (lambda d: d.update(scenario=3), "scenario"),
        (lambda d: d.update(weather="rain"), "weather"),
        (lambda d: d.update(sides={}), "sides"),
        (lambda d: d["sides"].__setitem__(1, "the NVA"), "sides[1]"),
    ],
)  # fmt: skip
def test_each_battle_report_problem_names_its_path(change, path):
    doc = report_doc()
    change(doc)

    assert path in paths(report_problems(doc))


def test_a_missing_key_of_a_report_side_or_casualty():
    doc = report_doc()
    del doc["sides"]
    assert report_problems(doc) == [("sides", "is required")]

    doc = report_doc()
    del doc["sides"][1]["outcome"]
    del doc["sides"][0]["casualties"][0]["state"]
    del doc["sides"][0]["deeds"][0]["member"]
    assert sorted(report_problems(doc)) == [
        ("sides[0].casualties[0].state", "is required"),
        ("sides[0].deeds[0].member", "is required"),
        ("sides[1].outcome", "is required"),
    ]


def test_a_report_that_is_not_an_object():
    assert report_problems("battle") == [("", "must be an object, not a string")]


def test_load_battle_report_refuses_bad_json():
    [(path, message)] = problems_of(load_battle_report, "{")

    assert path == "" and message.startswith("not valid JSON")


def test_the_same_roster_in_a_report_reads_as_in_a_roster_document():
    report = parse_battle_report(report_doc())

    assert report.sides[0].roster == parse_roster(copy.deepcopy(us_roster()))


@pytest.mark.parametrize("name", ["Nul\x00l", "Tab\there", "Line\nbreak", "Lone \ud800"])
def test_names_with_control_characters_or_invalid_unicode_are_refused(name):
    from rules.documents import DocumentError, parse_roster

    document = {"format": "squad-roster/1", "system": "black-sun", "name": name,
                "faction": "us-army", "members": []}  # fmt: skip
    with pytest.raises(DocumentError) as error:
        parse_roster(document)
    assert [(p.path, p.message) for p in error.value.problems] == [
        ("name", "must not contain control characters or invalid Unicode")
    ]
