"""``validate_roster`` and ``score_battle`` as docs/formats.md says: each command's exit codes
as a real process (``run_process``), its words and codes run in this process as the command
line runs it (``run``)."""

import io
import json
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from django.core.management import get_commands, load_command_class

ROOT = Path(__file__).resolve().parents[1]


def run_process(*args: str) -> subprocess.CompletedProcess:
    """``manage.py ARGS`` as a real process: its exit code is the contract (0, 1, 2)."""
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "Traceback" not in done.stderr
    return done


def run(*args: str) -> subprocess.CompletedProcess:
    """``manage.py ARGS`` in this process, as the command line runs it (``run_from_argv``: its
    parser, a ``CommandError`` or ``SystemExit`` as the exit code), its output captured; any
    other exception fails the test as a traceback would. Starting Django in a new process for
    each of these tests took most of their time; ``run_process`` keeps one per command."""
    out, err = io.StringIO(), io.StringIO()
    code = 0
    with redirect_stdout(out), redirect_stderr(err):
        command = load_command_class(get_commands()[args[0]], args[0])  # writes to the redirects
        try:
            command.run_from_argv(["manage.py", *args])
        except SystemExit as exited:
            code = 0 if exited.code is None else exited.code
    return subprocess.CompletedProcess(["manage.py", *args], code, out.getvalue(), err.getvalue())


def write(tmp_path: Path, data, name: str = "doc.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def roster_doc(members=None, **changes) -> dict:
    doc = {
        "format": "squad-roster/1",
        "system": "black-sun",
        "name": "Mint's Marauders",
        "faction": "us-army",
        "members": members
        if members is not None
        else [
            {"name": "Capt. Steven Mint", "type": "boss",
             "equipment": [{"item": "pistol"}, {"item": "body-armour"}],
             "abilities": ["aggressive", "good-walker"]},
            {"name": "Ling", "type": "grunt", "equipment": [{"item": "machine-gun"}]},
            {"name": "Song", "type": "grunt", "assists": "Ling",
             "equipment": [{"item": "assault-rifle"}, {"item": "grenades", "count": 2}]},
            *[{"name": f"Grunt {i}", "type": "grunt", "equipment": [{"item": "assault-rifle"}]}
              for i in range(1, 4)],
        ],
    }  # fmt: skip
    doc.update(changes)
    return doc


def broken_roster_doc() -> dict:
    doc = roster_doc(points_limit=90)
    doc["members"].append(
        {"name": "Smith", "type": "recruit", "equipment": [{"item": "body-armour"}]}
    )
    return doc


# --- validate_roster ------------------------------------------------------------------------


def test_validate_roster_prints_the_points_of_a_valid_roster_and_exits_0(tmp_path):
    done = run("validate_roster", write(tmp_path, roster_doc()))

    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["Mint's Marauders (US Army): 100 / 200 points", "valid"]


def test_validate_roster_names_each_broken_rule_and_its_model_and_exits_1(tmp_path):
    done = run("validate_roster", write(tmp_path, broken_roster_doc()))

    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert lines[0] == "Mint's Marauders (US Army): 105 / 90 points"
    assert "- Smith: Smith is a Recruit and cannot wear Body armour (flak vest)." in lines
    assert "- The squad costs 105 points; the limit is 90." in lines
    assert lines[-1] == "invalid: 2 broken"


def test_validate_roster_json_has_exactly_the_documented_keys(tmp_path):
    valid = run_process("validate_roster", write(tmp_path, roster_doc(), "valid.json"), "--json")
    broken = run_process(
        "validate_roster", write(tmp_path, broken_roster_doc(), "broken.json"), "--json"
    )

    assert valid.returncode == 0
    assert json.loads(valid.stdout) == {"valid": True, "points": 100, "violations": []}
    assert broken.returncode == 1
    result = json.loads(broken.stdout)
    assert set(result) == {"valid", "points", "violations"}
    assert (result["valid"], result["points"]) == (False, 105)
    assert all(set(v) == {"code", "message", "member"} for v in result["violations"])
    assert sorted((v["code"], v["member"]) for v in result["violations"]) == [
        ("points-limit", None),
        ("recruit-armour", "Smith"),
    ]


@pytest.mark.parametrize(
    "content, where",
    [
        ('{"format": "squad-roster/1", "name": ', "not valid JSON"),
        (roster_doc(colour="green"), ": colour: unknown key 'colour'"),
        (
            roster_doc([{"name": "Mint", "type": "boss", "equipment": [{"item": "laser"}]}]),
            ": members[0].equipment[0].item: unknown item 'laser'",
        ),
        (json.dumps(roster_doc(points_limit=200)).replace("200", "NaN"),
         ": points_limit: NaN is not valid JSON"),
    ],
    ids=["bad-json", "unknown-key", "unknown-code", "nan"],
)  # fmt: skip
def test_validate_roster_exits_2_on_an_unreadable_file_and_says_where(tmp_path, content, where):
    path = write(tmp_path, content)

    done = run("validate_roster", path, "--json")

    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(path)
    assert where in done.stderr


def test_validate_roster_exits_2_on_a_missing_file(tmp_path):
    missing = str(tmp_path / "nowhere.json")

    done = run_process("validate_roster", missing)

    assert done.returncode == 2
    assert done.stderr.startswith(f"{missing}: cannot read the file")


# --- score_battle ---------------------------------------------------------------------------


def vp_example() -> dict:
    """The rulebook's victory-points example, with both squads inline."""
    us = roster_doc(
        [{"name": "Capt. Steven Mint", "type": "boss"}, {"name": "Smith", "type": "recruit"}]
        + [{"name": f"Grunt {i}", "type": "grunt"} for i in range(1, 6)],
        name="US Army",
    )
    nva = roster_doc(
        [{"name": "Kang Thang", "type": "boss"}, {"name": "Manh", "type": "top"},
         {"name": "Ling", "type": "grunt", "equipment": [{"item": "machine-gun"}]}]
        + [{"name": f"Grunt {i}", "type": "grunt"} for i in range(1, 5)],
        name="NVA", faction="viet-cong",
    )  # fmt: skip
    return {
        "format": "battle-report/1",
        "system": "black-sun",
        "scenario": "The rulebook's example",
        "played_on": "2026-11-20",
        "sides": [
            {"roster": us, "outcome": "full",
             "casualties": [{"member": "Smith", "state": "killed"},
                            {"member": "Grunt 1", "state": "stunned"},
                            {"member": "Grunt 2", "state": "stunned"}]},
            {"roster": nva, "outcome": "failed",
             "casualties": [{"member": f"Grunt {i}", "state": "seriously-wounded"}
                            for i in range(1, 4)]
             + [{"member": "Manh", "state": "wounded"}, {"member": "Ling", "state": "wounded"}]},
        ],
    }  # fmt: skip


def test_score_battle_prints_mission_vp_each_casualty_and_the_total(tmp_path):
    done = run("score_battle", write(tmp_path, vp_example()))

    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "US Army: mission full, 50 VP"
    assert "  - Smith (killed, blue): -3 VP" in lines
    assert "  casualties -3 VP, total 47 VP" in lines
    assert "NVA: mission failed, 0 VP" in lines
    assert "  - Manh (wounded, veteran, leader x2): -4 VP" in lines
    assert "  - Grunt 3 (seriously-wounded, experienced): -3 VP" in lines
    assert lines[-1] == "  casualties -15 VP, total -15 VP"
    assert not any("Grunt 1 (stunned" in line for line in lines)  # stunned costs nothing


def test_score_battle_json_has_exactly_the_documented_keys(tmp_path):
    done = run_process("score_battle", write(tmp_path, vp_example()), "--json")

    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "sides": [
            {"squad": "US Army", "mission_vp": 50, "casualty_vp": 3, "total_vp": 47},
            {"squad": "NVA", "mission_vp": 0, "casualty_vp": 15, "total_vp": -15},
        ]
    }


def test_score_battle_exits_2_when_a_casualty_names_a_model_the_roster_lacks(tmp_path):
    report = vp_example()
    report["sides"][1]["casualties"][3]["member"] = "Rambo"
    path = write(tmp_path, report)

    done = run("score_battle", path)

    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip() == (
        f"{path}: sides[1].casualties[3].member: no model named 'Rambo' in this side's roster"
    )


def test_score_battle_exits_2_on_a_squad_id_side(tmp_path):
    report = vp_example()
    report["sides"][1] = {"squad_id": 12, "outcome": "failed"}
    path = write(tmp_path, report)

    done = run("score_battle", path, "--json")

    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(f"{path}: sides[1].squad_id: ")


def test_score_battle_exits_2_on_an_unreadable_file(tmp_path):
    text = json.dumps(vp_example()).replace(
        '"outcome": "full"', '"outcome": "full", "outcome": "x"'
    )
    path = write(tmp_path, text)

    done = run("score_battle", path)

    assert done.returncode == 2
    assert done.stderr.strip() == f"{path}: sides[0].outcome: key 'outcome' appears twice"


def test_score_battle_exits_2_on_a_missing_file(tmp_path):
    done = run_process("score_battle", str(tmp_path / "nowhere.json"))

    assert done.returncode == 2
    assert "cannot read the file" in done.stderr


@pytest.mark.parametrize("status", ["dead", "recovering", "captured"])
def test_score_battle_refuses_a_casualty_on_a_model_that_did_not_fight(tmp_path, status):
    """Issue #10, item 11: a dead Top listed as killed used to cost -10 VP, exit 0."""
    report = vp_example()
    report["sides"][1]["roster"]["members"][1]["status"] = status  # Manh, the Top
    path = write(tmp_path, report)

    done = run("score_battle", path, "--json")

    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip() == (
        f"{path}: sides[1].casualties[3].member: 'Manh' did not fight: the model is {status}"
    )
