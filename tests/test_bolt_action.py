"""Bolt Action, the second game played with units, through its documents, the command line
and the REST API (``docs/games/bolt-action.md`` sections 2, 3 and 4). Its rules are tested
in ``tests/rules/test_bolt_action_*.py``; its sheets in ``tests/printing``."""

from __future__ import annotations

import copy
import json
import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from rosters import services
from rules import get_system
from rules.bolt_action.demo import EXAMPLE
from rules.documents import DocumentError, parse_battle_report, parse_roster, roster_to_document

# The example force of section 3, as the spec prints it.
BECKER = {
    "format": "squad-roster/1",
    "system": "bolt-action",
    "name": "Kampfgruppe Becker",
    "faction": "Germany",
    "units": [
        {"name": "1st Squad", "kind": "infantry-squad", "quality": "regular",
         "members": [
             {"name": "Uffz. Becker", "leader": True, "equipment": [{"item": "smg"}]},
             {"name": "MG gunner", "equipment": [{"item": "lmg", "label": "MG 42"}]},
             {"name": "Grenadier", "count": 2,
              "equipment": [{"item": "rifle"},
                            {"item": "one-shot-anti-tank", "label": "Panzerfaust"}]},
             {"name": "Rifleman", "count": 5, "equipment": [{"item": "rifle"}]},
         ]},
        {"name": "MG Team", "kind": "infantry-team", "quality": "veteran",
         "members": [
             {"name": "Gunner", "equipment": [{"item": "mmg", "label": "MG 42 on tripod"}]},
             {"name": "Crewman", "count": 2},
         ]},
        {"name": "Pak 40", "kind": "artillery", "quality": "regular",
         "notes": "Dug in at the crossroads.",
         "members": [
             {"name": "Gun layer",
              "equipment": [{"item": "anti-tank-gun", "label": "7.5 cm Pak 40"}]},
             {"name": "Crewman", "count": 2},
         ]},
        {"name": "Panzer IV", "kind": "medium-tank", "quality": "regular", "drive": "tracked",
         "equipment": [{"item": "anti-tank-gun", "label": "7.5 cm KwK 40"},
                       {"item": "mmg", "count": 2}]},
        {"name": "Scouts", "kind": "infantry-squad", "quality": "veteran",
         "members": [
             {"name": "Gefr. Ahrens", "leader": True, "equipment": [{"item": "smg"}]},
             {"name": "Brandt", "equipment": [{"item": "rifle"}]},
             {"name": "Claussen", "equipment": [{"item": "rifle"}]},
             {"name": "Dietz", "equipment": [{"item": "rifle"}]},
             {"name": "Ebert", "equipment": [{"item": "rifle"}]},
         ]},
    ],
}  # fmt: skip

REPORT = {
    "format": "battle-report/1", "system": "bolt-action", "scenario": "Crossroads",
    "played_on": "2026-11-20",
    "sides": [
        {"roster": BECKER, "outcome": "win",
         "casualties": [{"unit": "1st Squad", "state": "casualties", "lost": 3, "pins": 2},
                        {"unit": "MG Team", "state": "intact", "pins": 1},
                        {"unit": "Panzer IV", "state": "destroyed"}]},
        {"roster": BECKER, "outcome": "loss",
         "casualties": [{"unit": "Scouts", "state": "destroyed"},
                        {"unit": "Pak 40", "state": "destroyed"}]},
    ],
}  # fmt: skip


def problems(document, parse=parse_roster) -> dict[str, str]:
    with pytest.raises(DocumentError) as error:
        parse(document)
    return {p.path: p.message for p in error.value.problems}


def test_the_spec_s_example_force_reads_as_the_demo_and_round_trips():
    roster = parse_roster(BECKER)
    assert roster == EXAMPLE
    document = roster_to_document(roster)
    assert parse_roster(document) == roster
    expected = copy.deepcopy(BECKER)
    del expected["units"][3]["drive"]  # the medium tank's default: left out, as records are
    for unit in expected["units"]:  # and every member's equipment is written, [] for none
        for member in unit.get("members", []):
            member.setdefault("equipment", [])
    assert document == {**expected, "points_limit": None}


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.pop("units"), "units"),
        (lambda d: d.pop("name"), "name"),
        (lambda d: d.update(members=[]), "members"),
        (lambda d: d["units"][0].pop("kind"), "units[0].kind"),
        (lambda d: d["units"][0].pop("quality"), "units[0].quality"),
        (lambda d: d["units"][0].pop("members"), "units[0].members"),
        (lambda d: d["units"][0].update(kind="cavalry"), "units[0].kind"),
        (lambda d: d["units"][0].update(quality="green"), "units[0].quality"),
        (lambda d: d["units"][3].update(drive="hover"), "units[3].drive"),
        (lambda d: d["units"][3].update(members=[]), "units[3].members"),
        (lambda d: d["units"][0].update(equipment=[]), "units[0].equipment"),
        (lambda d: d["units"][0].update(drive="wheeled"), "units[0].drive"),
        (lambda d: d["units"][0]["members"][0].pop("name"), "units[0].members[0].name"),
        (lambda d: d["units"][0]["members"][0]["equipment"][0].pop("item"),
         "units[0].members[0].equipment[0].item"),
        (lambda d: d["units"][0]["members"][3].update(count=True), "units[0].members[3].count"),
        (lambda d: d["units"][0]["members"][3].update(count=0), "units[0].members[3].count"),
        (lambda d: d["units"][0]["members"][0].update(leader="yes"),
         "units[0].members[0].leader"),
        (lambda d: d["units"][0]["members"][1]["equipment"][0].update(label=42),
         "units[0].members[1].equipment[0].label"),
        (lambda d: d["units"][0].update(notes=3), "units[0].notes"),
        (lambda d: d.update(faction=7), "faction"),
        (lambda d: d["units"][4].update(name="Scouts") or d["units"][0].update(name="Scouts"),
         "units[4].name"),
        (lambda d: d["units"][1]["members"][1].update(name="Gunner"),
         "units[1].members[1].name"),
        (lambda d: d["units"][0]["members"][1].update(leader=True),
         "units[0].members[1].leader"),
        (lambda d: d["units"][0]["members"][0].update(type="grunt"), "units[0].members[0].type"),
        (lambda d: d["units"][0]["members"][0].update(status="dead"),
         "units[0].members[0].status"),
        (lambda d: d["units"][0].update(rp=1), "units[0].rp"),
        (lambda d: d["units"][0].update(quality=None), "units[0].quality"),
        (lambda d: d["units"][3].update(drive=None), "units[3].drive"),
    ],
)  # fmt: skip
def test_section_3_an_unreadable_force_is_refused_where_it_is_wrong(change, path):
    document = copy.deepcopy(BECKER)
    change(document)
    found = problems(document)
    assert path in found, found


def test_a_leader_in_a_team_is_a_violation_not_an_unreadable_document(tmp_path, capsys):
    document = copy.deepcopy(BECKER)
    document["units"][1]["members"][0]["leader"] = True
    path = tmp_path / "becker.json"
    path.write_text(json.dumps(document))
    with pytest.raises(SystemExit) as exit_:
        call_command("validate_roster", str(path), "--json")
    assert exit_.value.code == 1
    result = json.loads(capsys.readouterr().out)
    assert [(v["code"], v["member"]) for v in result["violations"]] == [
        ("leader-not-allowed", "MG Team")
    ]


def test_validate_roster_prints_null_points_order_dice_and_the_derived_values(tmp_path, capsys):
    path = tmp_path / "becker.json"
    path.write_text(json.dumps(BECKER))
    call_command("validate_roster", str(path), "--json")
    result = json.loads(capsys.readouterr().out)
    assert set(result) == {"valid", "points", "violations", "order_dice", "derived"}
    assert (result["valid"], result["points"], result["order_dice"]) == (True, None, 5)
    assert result["derived"]["1st Squad"] == {
        "models": 9, "morale": 9, "damage_value": 4, "to_hit_modifier": 0,
        "small_unit": False, "shots": None,
    }  # fmt: skip
    assert result["derived"]["MG Team"] == {
        "models": 3, "morale": 10, "damage_value": 5, "to_hit_modifier": 0,
        "small_unit": False, "shots": 4,
    }  # fmt: skip
    call_command("validate_roster", str(path))
    text = capsys.readouterr().out
    assert "points: not costed" in text and "order_dice: 5" in text


def test_a_battle_report_gives_each_unit_s_end_state_and_is_scored(tmp_path, capsys):
    report = parse_battle_report(REPORT)
    first = report.sides[0].casualties
    assert [(c.member, c.state) for c in first] == [
        ("1st Squad", "casualties"), ("MG Team", "intact"), ("Panzer IV", "destroyed"),
    ]  # fmt: skip
    assert first[0].details == {"state": "casualties", "lost": 3, "pins": 2}
    path = tmp_path / "crossroads.json"
    path.write_text(json.dumps(REPORT))
    call_command("score_battle", str(path), "--json")
    scores = json.loads(capsys.readouterr().out)
    sides = scores["sides"] if isinstance(scores, dict) else scores
    assert [(s["mission_vp"], s["casualty_vp"], s["total_vp"]) for s in sides] == [
        (3, 2, 5), (0, 1, 1),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda r: r["sides"][0]["casualties"].append({"unit": "Ghosts", "state": "destroyed"}),
         "sides[0].casualties[3].unit"),
        (lambda r: r["sides"][0]["casualties"].append({"unit": "MG Team", "state": "destroyed"}),
         "sides[0].casualties[3].unit"),
        (lambda r: r["sides"][0]["casualties"][0].pop("state"), "sides[0].casualties[0].state"),
        (lambda r: r["sides"][0]["casualties"][0].update(state="routed"),
         "sides[0].casualties[0].state"),
        (lambda r: r["sides"][0]["casualties"][0].pop("lost"), "sides[0].casualties[0].lost"),
        (lambda r: r["sides"][0]["casualties"][0].update(lost=9), "sides[0].casualties[0].lost"),
        (lambda r: r["sides"][0]["casualties"][2].update(pins=1), "sides[0].casualties[2].pins"),
        (lambda r: r["sides"][0]["casualties"][1].update(lost=1), "sides[0].casualties[1].lost"),
        (lambda r: r["sides"][0]["casualties"][1].update(pins=-1),
         "sides[0].casualties[1].pins"),
        (lambda r: r["sides"][1].update(outcome="win"), "sides[1].outcome"),
        (lambda r: r["sides"].append(copy.deepcopy(r["sides"][1])), "sides"),
        (lambda r: r["sides"][0].update(deeds=[]), "sides[0].deeds"),
        (lambda r: r["sides"][0].update(treated=[]), "sides[0].treated"),
        (lambda r: r["sides"][0]["casualties"][0].update(member="Uffz. Becker"),
         "sides[0].casualties[0].member"),
    ],
)  # fmt: skip
def test_section_4_a_report_that_does_not_fit_is_refused(change, path):
    report = copy.deepcopy(REPORT)
    change(report)
    found = problems(report, parse_battle_report)
    assert path in found, found


@pytest.mark.django_db
def test_the_builder_shows_a_damage_value_as_the_sheet_prints_it(client, user):
    """Section 2: a damage value of 7 is rolled "7+"; morale stays a number."""
    force = services.squad_import(owner=user, roster=get_system("bolt-action").demo()[0])
    client.force_login(user)
    page = client.get(reverse("rosters:builder", args=[force.pk])).content.decode()
    pairs = re.findall(r"<dt>([^<]+)</dt><dd>([^<]+)</dd>", page)
    damage = [value for key, value in pairs if key == "damage value"]
    morale = [value for key, value in pairs if key == "morale"]
    assert damage and all(re.fullmatch(r"\d+\+", v) for v in damage), damage
    assert morale and all(v.isdigit() for v in morale), morale
