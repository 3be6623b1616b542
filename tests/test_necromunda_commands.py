"""The four commands with Necromunda documents, as docs/formats.md shows them, run in this
process as the command line runs them (``tests/test_commands.py`` has the shared helpers and
the real processes)."""

from __future__ import annotations

import json

from tests.test_commands import run, write

GANG = {
    "format": "squad-roster/1", "system": "necromunda", "name": "The Rust Rats",
    "faction": "Orlock",
    "members": [
        {"name": "Mak McMadd", "type": "leader", "advances": {"ws": 1, "bs": 1, "ld": 1},
         "equipment": [{"item": "bolt-pistol"}, {"item": "sword"}, {"item": "carapace"}]},
        {"name": "Hollis", "type": "ganger",
         "equipment": [{"item": "heavy-stubber"}, {"item": "laspistol"}]},
        {"name": "Pip", "type": "kid", "equipment": [{"item": "autopistol"}]},
    ],
}  # fmt: skip
RIVALS = {
    "format": "squad-roster/1", "system": "necromunda", "name": "The Iron Boys",
    "members": [{"name": "Grub", "type": "leader"}, {"name": "Skab", "type": "ganger"}],
}  # fmt: skip
REPORT = {
    "format": "battle-report/1", "system": "necromunda",
    "sides": [
        {"roster": GANG, "outcome": "win",
         "casualties": [{"member": "Pip", "state": "flesh-wound", "flesh_wounds": 2}]},
        {"roster": RIVALS, "outcome": "loss", "bottled": "test",
         "casualties": [{"member": "Skab", "state": "out-of-action"}]},
    ],
}  # fmt: skip


def test_validate_roster_says_not_costed_and_prints_the_derived_figures(tmp_path):
    done = run("validate_roster", write(tmp_path, GANG))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "The Rust Rats (Orlock): points: not costed"
    assert lines[1].startswith("Mak McMadd: profile {m 4, ws 4, bs 4,")
    assert "weapon_to_hit {bolt-pistol {short 1, long 3}}" in lines[1]
    assert lines[-2:] == ["bottle_at: 1", "valid"]

    as_json = json.loads(run("validate_roster", write(tmp_path, GANG), "--json").stdout)
    assert (as_json["valid"], as_json["points"], as_json["bottle_at"]) == (True, None, 1)
    assert list(as_json["derived"]) == ["Mak McMadd", "Hollis", "Pip"]


def test_validate_roster_exits_1_naming_the_fighter_and_2_on_black_sun_keys(tmp_path):
    broken = json.loads(json.dumps(GANG))
    broken["members"][2]["equipment"] += [{"item": "flak"}, {"item": "mesh"}]
    done = run("validate_roster", write(tmp_path, broken))
    assert done.returncode == 1 and "- Pip: " in done.stdout

    broken["members"][2]["rp"] = 3
    done = run("validate_roster", write(tmp_path, broken))
    assert done.returncode == 2
    assert "members[2].rp: unknown key 'rp'" in done.stderr


def test_score_battle_scores_the_enemies_out_of_action(tmp_path):
    done = run("score_battle", write(tmp_path, REPORT))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "The Rust Rats: win, 3 VP",
        "  enemies out of action: 1, +1 VP, total 4 VP",
        "The Iron Boys: loss (bottled: test), 0 VP",
        "  enemies out of action: 0, +0 VP, total 0 VP",
    ]
    scores = json.loads(run("score_battle", write(tmp_path, REPORT), "--json").stdout)
    assert scores == {"sides": [
        {"squad": "The Rust Rats", "mission_vp": 3, "casualty_vp": 1, "total_vp": 4},
        {"squad": "The Iron Boys", "mission_vp": 0, "casualty_vp": 0, "total_vp": 0},
    ]}  # fmt: skip


def test_score_battle_exits_2_when_a_bottled_gang_did_not_lose(tmp_path):
    report = json.loads(json.dumps(REPORT))
    report["sides"][1]["outcome"] = "win"
    report["sides"][0]["outcome"] = "loss"
    done = run("score_battle", write(tmp_path, report))
    assert done.returncode == 2 and "sides[1].outcome" in done.stderr
