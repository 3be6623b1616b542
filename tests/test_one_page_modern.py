"""The one-page modern set, the first game played with units, through its documents, the
command line and the REST API (``docs/games/one-page-modern.md`` sections 2, 3, 4.1, 5, 8).
Its rules are tested in ``tests/rules/test_one_page_modern_*.py``; its sheets in
``tests/printing``."""

from __future__ import annotations

import copy
import json
import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from rosters import services
from rules import get_system
from rules.documents import DocumentError, parse_battle_report, parse_roster, roster_to_document
from rules.one_page_modern.demo import EXAMPLE

# The example force of section 8, as the spec prints it.
KESTREL = {
    "format": "squad-roster/1",
    "system": "one-page-modern",
    "name": "Task Force Kestrel",
    "faction": "Rapid reaction force (supplement)",
    "units": [
        {"name": "1st Section", "kind": "infantry", "training": "seasoned",
         "members": [
             {"name": "Sgt. Hale", "leader": "veteran", "armour": "medium",
              "equipment": [{"item": "assault-rifle"}, {"item": "grenades"}]},
             {"name": "Rifleman", "count": 5, "armour": "medium",
              "equipment": [{"item": "assault-rifle"}]},
             {"name": "Gunner", "armour": "medium", "equipment": [{"item": "light-machine-gun"}]},
         ]},
        {"name": "Leopard", "kind": "vehicle", "training": "seasoned",
         "armour_class": "heavy", "tank": True,
         "equipment": [{"item": "light-cannon"}, {"item": "heavy-machine-gun", "count": 2}]},
        {"name": "Pillbox", "kind": "bunker", "training": "green",
         "equipment": [{"item": "heavy-cannon"}], "notes": "Dug in on the ridge."},
    ],
}  # fmt: skip

REPORT = {
    "format": "battle-report/1", "system": "one-page-modern", "scenario": "Ridge road",
    "played_on": "2026-12-01",
    "sides": [
        {"roster": KESTREL, "outcome": "win", "casualties": [{"unit": "1st Section", "lost": 3}]},
        {"roster": KESTREL, "outcome": "loss",
         "casualties": [{"unit": "Leopard", "lost": 1}, {"unit": "1st Section", "lost": 0}]},
    ],
}  # fmt: skip


def problems(document, parse=parse_roster) -> dict[str, str]:
    with pytest.raises(DocumentError) as error:
        parse(document)
    return {p.path: p.message for p in error.value.problems}


def test_the_spec_s_example_force_reads_as_the_demo_and_round_trips():
    roster = parse_roster(KESTREL)
    assert roster == EXAMPLE
    document = roster_to_document(roster)
    assert parse_roster(document) == roster
    assert document == {**KESTREL, "points_limit": None}


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.pop("units"), "units"),
        (lambda d: d.update(members=[]), "members"),
        (lambda d: d["units"][0].pop("training"), "units[0].training"),
        (lambda d: d["units"][0].pop("members"), "units[0].members"),
        (lambda d: d["units"][1].pop("armour_class"), "units[1].armour_class"),
        (lambda d: d["units"][0]["members"][0].pop("name"), "units[0].members[0].name"),
        (lambda d: d["units"][1]["equipment"][0].pop("item"), "units[1].equipment[0].item"),
        (lambda d: d["units"][1].update(members=[]), "units[1].members"),
        (lambda d: d["units"][2].update(members=[]), "units[2].members"),
        (lambda d: d["units"][0].update(armour_class="light"), "units[0].armour_class"),
        (lambda d: d["units"][0].update(tank=True), "units[0].tank"),
        (lambda d: d["units"][2].update(tank=False), "units[2].tank"),
        (lambda d: d["units"][2].update(armour_class="light"), "units[2].armour_class"),
        (lambda d: d["units"][0].update(equipment=[]), "units[0].equipment"),
        (lambda d: d["units"][0]["members"][1].update(count=0), "units[0].members[1].count"),
        (lambda d: d["units"][0]["members"][1].update(count=2.0), "units[0].members[1].count"),
        (lambda d: d["units"][0]["members"][0].update(leader=True), "units[0].members[0].leader"),
        (lambda d: d["units"][0]["members"][0].update(armour="kevlar"),
         "units[0].members[0].armour"),
        (lambda d: d["units"][2].update(name="Leopard"), "units[2].name"),
        (lambda d: d["units"][0]["members"][2].update(name="Rifleman"),
         "units[0].members[2].name"),
        (lambda d: d.update(points_limit=0), "points_limit"),
        (lambda d: d["units"][0].update(training=None), "units[0].training"),
        (lambda d: d["units"][1].update(armour_class=None), "units[1].armour_class"),
        (lambda d: d["units"][0]["members"][0].update(armour=None), "units[0].members[0].armour"),
        (lambda d: d["units"][1].update(tank=None), "units[1].tank"),
        (lambda d: d["units"][0]["members"][0].update(rp=1), "units[0].members[0].rp"),
        (lambda d: d["units"][0]["members"][0].update(type="grunt"), "units[0].members[0].type"),
    ],
)  # fmt: skip
def test_section_4_1_an_unreadable_force_is_refused_where_it_is_wrong(change, path):
    document = copy.deepcopy(KESTREL)
    change(document)
    found = problems(document)
    assert path in found, found


def test_a_points_limit_is_kept_and_a_member_name_may_repeat_in_another_unit():
    document = {**copy.deepcopy(KESTREL), "points_limit": 500}
    document["units"].append({"name": "2nd Section", "training": "green",
                              "members": [{"name": "Rifleman", "count": 4}]})  # fmt: skip
    roster = parse_roster(document)
    assert roster.points_limit == 500 and roster.units[3].kind == "infantry"
    assert roster_to_document(roster)["units"][3]["kind"] == "infantry"


def test_validate_roster_prints_null_points_and_the_derived_values(tmp_path, capsys):
    path = tmp_path / "kestrel.json"
    path.write_text(json.dumps(KESTREL))
    call_command("validate_roster", str(path), "--json")
    result = json.loads(capsys.readouterr().out)
    assert set(result) == {"valid", "points", "violations", "derived"}
    assert (result["valid"], result["points"], result["violations"]) == (True, None, [])
    section = result["derived"]["1st Section"]
    assert (section["models"], section["activation"], section["leader"]) == (7, 3, "Sgt. Hale")
    assert result["derived"]["Leopard"]["crosses_medium_cover"] is True

    call_command("validate_roster", str(path))
    text = capsys.readouterr().out
    assert "points: not costed" in text and "valid" in text

    broken = copy.deepcopy(KESTREL)
    broken["units"][0]["members"][2]["equipment"] = [{"item": "heavy-cannon"}]
    path.write_text(json.dumps(broken))
    with pytest.raises(SystemExit) as exit_:
        call_command("validate_roster", str(path), "--json")
    assert exit_.value.code == 1
    result = json.loads(capsys.readouterr().out)
    assert [(v["code"], v["member"]) for v in result["violations"]] == [
        ("cannon-mount", "1st Section")
    ]


def test_a_battle_report_names_units_and_is_scored(tmp_path, capsys):
    report = parse_battle_report(REPORT)
    assert [c.member for c in report.sides[1].casualties] == ["Leopard", "1st Section"]
    path = tmp_path / "ridge.json"
    path.write_text(json.dumps(REPORT))
    call_command("score_battle", str(path), "--json")
    scores = json.loads(capsys.readouterr().out)
    sides = scores["sides"] if isinstance(scores, dict) else scores
    vp = [(s["mission_vp"], s["casualty_vp"], s["total_vp"]) for s in sides]
    assert vp == [(3, 0, 3), (0, 1, -1)]  # the Leopard (one model) destroyed


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda r: r["sides"][0]["casualties"].append({"unit": "Ghosts", "lost": 1}),
         "sides[0].casualties[1].unit"),
        (lambda r: r["sides"][0]["casualties"].append({"unit": "1st Section", "lost": 1}),
         "sides[0].casualties[1].unit"),
        (lambda r: r["sides"][0]["casualties"][0].update(lost=8), "sides[0].casualties[0].lost"),
        (lambda r: r["sides"][0]["casualties"][0].update(lost=-1), "sides[0].casualties[0].lost"),
        (lambda r: r["sides"][0]["casualties"][0].update(lost="3"), "sides[0].casualties[0].lost"),
        (lambda r: r["sides"][0]["casualties"][0].pop("lost"), "sides[0].casualties[0].lost"),
        (lambda r: r["sides"][1].update(outcome="win"), "sides"),
        (lambda r: r["sides"][0].update(deeds=[]), "sides[0].deeds"),
        (lambda r: r["sides"][0].update(survival_rolls={}), "sides[0].survival_rolls"),
        (lambda r: r["sides"][0]["casualties"][0].update(member="Sgt. Hale"),
         "sides[0].casualties[0].member"),
        (lambda r: r["sides"][0]["casualties"][0].update(state="dead"),
         "sides[0].casualties[0].state"),
    ],
)  # fmt: skip
def test_section_5_a_report_that_does_not_fit_is_refused(change, path):
    report = copy.deepcopy(REPORT)
    change(report)
    found = problems(report, parse_battle_report)
    assert path in found, found


@pytest.mark.django_db
def test_the_builder_shows_d6_scores_as_the_sheet_prints_them(client, user):
    """Section 3.1: a score of 3 means 3+; the builder says "3+", as the force sheet does."""
    force = services.squad_import(owner=user, roster=get_system("one-page-modern").demo()[0])
    client.force_login(user)
    page = client.get(reverse("rosters:builder", args=[force.pk])).content.decode()
    figures = dict(re.findall(r"<dt>([^<]+)</dt><dd>([^<]+)</dd>", page))
    assert re.fullmatch(r"[2-6]\+", figures["activation"]), figures
    assert re.fullmatch(r"[2-6]\+", figures["skill"]), figures
    assert figures["models"].isdigit()  # a count stays a count
    assert re.search(r"light: [2-6]\+", figures["skill against cover"]), figures
