"""``validate_roster FILE --pack PACK`` and ``print_roster FILE --pack PACK`` (issue #30,
stage 1), as docs/formats.md says: ``validate_roster`` with a pack as a real process once
(``run_process``), its other words and codes in this process as the command line runs it
(``run``), ``print_roster`` in process."""

import json
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.printing.conftest import pdf_text
from tests.test_commands import ROOT, run, run_process, write

EXAMPLES = ROOT / "docs" / "examples"
PACKS = ROOT / "docs" / "packs"
FORCE = str(EXAMPLES / "bolt-action-roster.json")
PACK = str(PACKS / "bolt-action.json")


def test_validate_roster_with_a_pack_prints_a_whole_number_of_points():
    done = run_process("validate_roster", FORCE, "--pack", PACK, "--json")
    plain = run_process("validate_roster", FORCE, "--json")

    assert done.returncode == 0, done.stderr
    points = json.loads(done.stdout)["points"]
    assert type(points) is int and points > 0
    assert json.loads(plain.stdout)["points"] is None  # as today without a pack
    assert set(json.loads(done.stdout)) == set(json.loads(plain.stdout))  # no new key


def test_validate_roster_text_prints_the_pack_s_total():
    done = run("validate_roster", FORCE, "--pack", PACK)

    assert done.returncode == 0
    assert done.stdout.splitlines()[0] == "Kampfgruppe Becker (Germany): 525 points"


def test_a_force_over_its_limit_under_the_pack_breaks_the_game_s_points_rule(tmp_path):
    document = json.loads(Path(FORCE).read_text(encoding="utf-8"))
    document["points_limit"] = 500
    path = write(tmp_path, document, "over.json")

    done = run("validate_roster", path, "--pack", PACK, "--json")
    plain = run("validate_roster", path, "--json")

    assert done.returncode == 1
    result = json.loads(done.stdout)
    assert result["valid"] is False
    assert [v["code"] for v in result["violations"]] == ["points"]  # bolt-action.md 1.3
    assert "525" in result["violations"][0]["message"]
    assert plain.returncode == 0  # without the pack the force is not costed


@pytest.mark.parametrize(
    "change, where",
    [
        (lambda d: d["tables"]["points"]["items"][3].update(cost=-5),
         ": tables.points.items[3].cost: must be from 0 to 9999, not -5"),
        (lambda d: d["tables"].update(injuries=[]), ": tables.injuries: unknown table"),
        (lambda d: d["tables"]["weapons"][7].pop("name"),
         ": tables.weapons[7].name: is required for a code the game does not have"),
    ],
    ids=["out-of-bounds", "unknown-table", "unnamed-weapon"],
)  # fmt: skip
def test_an_unreadable_pack_exits_2_naming_the_cell(tmp_path, change, where):
    document = json.loads(Path(PACK).read_text(encoding="utf-8"))
    change(document)
    path = write(tmp_path, document, "pack.json")

    done = run("validate_roster", FORCE, "--pack", path, "--json")

    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(path)
    assert where in done.stderr


def test_a_pack_of_another_game_exits_2():
    other = str(PACKS / "necromunda.json")

    done = run("validate_roster", FORCE, "--pack", other)

    assert done.returncode == 2
    assert done.stderr == (
        f"{other}: system: a pack of 'necromunda' cannot be used for a roster of 'bolt-action'\n"
    )


def test_a_pack_that_is_not_json_or_missing_exits_2(tmp_path):
    broken = write(tmp_path, '{"format": "game-pack/1",', "broken.json")
    missing = str(tmp_path / "nowhere.json")

    not_json = run("validate_roster", FORCE, "--pack", broken)
    absent = run("validate_roster", FORCE, "--pack", missing)

    assert not_json.returncode == 2 and "not valid JSON" in not_json.stderr
    assert absent.returncode == 2 and absent.stderr.startswith(f"{missing}: cannot read")


def test_print_roster_with_a_pack_prints_the_pack_s_total(tmp_path):
    output = tmp_path / "force.pdf"
    plain = tmp_path / "plain.pdf"

    call_command("print_roster", FORCE, "-o", str(output), "--pack", PACK)
    call_command("print_roster", FORCE, "-o", str(plain))

    assert "525" in pdf_text(output.read_bytes())
    assert "525" not in pdf_text(plain.read_bytes())
    assert "not costed" in pdf_text(plain.read_bytes()).lower()


def test_print_roster_exits_2_on_an_unreadable_pack(tmp_path, capsys):
    path = write(tmp_path, {"format": "game-pack/1"}, "pack.json")

    with pytest.raises(SystemExit) as exited:
        call_command("print_roster", FORCE, "-o", str(tmp_path / "x.pdf"), "--pack", path)

    assert exited.value.code == 2
    assert f"{path}: system: is required" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()


# --- print_reference SYSTEM --pack PACK (#30 stage 3) ----------------------------------------

REFERENCE_PACK_TEXT = {
    # what each game's card prints from its example pack, each cell marked "†"
    "bolt-action": ('Rifle 1 none 20"†', 'Flamethrower† 2† +2† 5"†'),
    "necromunda": ("Autopistol 0–6† 6–12† 12†", "Stub gun† 0–5† 5–10† 10†", "Heavy bolter 5†"),
    "one-page-modern": ('Automatic grenade launcher† 30" (75 cm)† 4†',),
}


@pytest.mark.parametrize("system", REFERENCE_PACK_TEXT)
def test_print_reference_with_a_pack_prints_its_weapons_marked(tmp_path, system):
    output, plain = tmp_path / "pack.pdf", tmp_path / "plain.pdf"

    call_command("print_reference", system, "-o", str(output), "--pack", PACKS / f"{system}.json")
    call_command("print_reference", system, "-o", str(plain))

    text, without = pdf_text(output.read_bytes()), pdf_text(plain.read_bytes())
    for printed in REFERENCE_PACK_TEXT[system]:
        assert printed in text
    assert "† from the pack Example club pack, version 1" in text
    assert "†" not in without and "from the pack" not in without


def test_print_reference_exits_2_on_an_unreadable_pack(tmp_path, capsys):
    document = json.loads(Path(PACK).read_text(encoding="utf-8"))
    document["tables"]["weapons"][0]["range"] = "far"
    path = write(tmp_path, document, "pack.json")

    with pytest.raises(SystemExit) as exited:
        call_command(
            "print_reference", "bolt-action", "-o", str(tmp_path / "x.pdf"), "--pack", path
        )

    assert exited.value.code == 2
    assert f"{path}: tables.weapons[0].range: must be a whole number" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()


def test_print_reference_exits_2_on_a_pack_of_another_game(tmp_path, capsys):
    other = str(PACKS / "necromunda.json")

    with pytest.raises(SystemExit) as exited:
        call_command(
            "print_reference", "bolt-action", "-o", str(tmp_path / "x.pdf"), "--pack", other
        )

    assert exited.value.code == 2
    assert capsys.readouterr().err == (
        f"{other}: system: a pack of 'necromunda' cannot be used for a roster of 'bolt-action'\n"
    )


def test_validate_roster_reports_the_army_list_s_bounds_broken(tmp_path):
    document = json.loads(Path(FORCE).read_text(encoding="utf-8"))
    document["units"].pop()  # one infantry squad left of the two the list needs
    # three teams, the example list allows two
    document["units"] += [{**document["units"][1], "name": f"Team {i}"} for i in range(2)]
    document["units"].append({"name": "Maus", "kind": "super-heavy-tank", "quality": "regular"})
    document["faction"] = "Britain"  # no heavy tank for them either
    path = write(tmp_path, document, "force.json")

    done = run("validate_roster", path, "--pack", PACK, "--json")
    text = run("validate_roster", path, "--pack", PACK)

    assert done.returncode == 1 and text.returncode == 1
    result = json.loads(done.stdout)
    assert type(result["points"]) is int
    found = [(v["code"], v["member"]) for v in result["violations"]]
    assert found == [
        ("army-list-minimum", None),
        ("army-list-maximum", "Team 1"),
        ("army-list-not-allowed", "Maus"),
    ]
    assert result["violations"][1]["message"] == (
        "The army list allows at most 2 unit(s) of kind Infantry team; the force has 3, "
        "1 too many: 'Team 1'."
    )
    assert "1 too many: 'Team 1'" in text.stdout


def test_an_army_list_row_refused_exits_2_naming_its_cell(tmp_path):
    document = json.loads(Path(PACK).read_text(encoding="utf-8"))
    document["tables"]["army_list"][0]["maximum"] = 1  # below its minimum, 2
    path = write(tmp_path, document, "pack.json")

    done = run("validate_roster", FORCE, "--pack", path, "--json")

    assert done.returncode == 2 and done.stdout == ""
    assert ": tables.army_list[0].maximum: must not be below the row's minimum (2)" in done.stderr
