"""Issue #6 is done when a script that speaks only HTTP imports a roster, validates it, enrols
it in a campaign, posts a battle, reads the standings and downloads the sheet:
scripts/api_walkthrough.py, run here against a live server."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from campaigns import services as campaign_services
from campaigns.models import Battle
from tests.api.conftest import document

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "api_walkthrough.py"


@pytest.fixture
def walkthrough(monkeypatch):
    """The script as a module (it is not in a package), for its ``main()``."""
    spec = importlib.util.spec_from_file_location("api_walkthrough", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "api_walkthrough", module)  # its dataclasses look it up
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def rosters(tmp_path):
    paths = []
    for index, name in ((0, "us-army.json"), (1, "viet-cong.json")):
        path = tmp_path / name
        path.write_text(json.dumps(document(index)), encoding="utf-8")
        paths.append(str(path))
    return paths


@pytest.fixture
def players(transactional_db, django_user_model):
    alice = django_user_model.objects.create_user(username="alice", password="pw-alice-1970")
    bob = django_user_model.objects.create_user(username="bob", password="pw-bob-1970")
    return alice, bob


def test_the_script_plays_a_campaign_over_http(
    live_server, walkthrough, players, rosters, tmp_path, capsys
):
    alice, _bob = players
    campaign = campaign_services.campaign_create(organiser=alice, name="Mekong Delta 1968")
    campaign.invite_code = "-" + campaign.invite_code[1:]  # a code may start with "-"
    campaign.save()
    out = tmp_path / "out"

    status = walkthrough.main([
        live_server.url, f"--invite={campaign.invite_code}", "--out", str(out),
        "--player", "alice:pw-alice-1970", rosters[0],
        "--player", "bob:pw-bob-1970", rosters[1],
    ])  # fmt: skip

    printed = capsys.readouterr()
    assert status == 0, printed.err
    standings = json.loads((out / "standings.json").read_text())
    assert [(row["rank"], row["squad"], row["player"], row["battles"], row["wins"])
            for row in standings] == [
        (1, "Mint's Marauders", "alice", 1, 1),
        (2, "Kang Thang's Cell", "bob", 1, 0),
    ]  # fmt: skip
    assert standings[0]["vp"] == 50 and standings[1]["casualties"] == 1
    sheets = list(out.glob("squad-*.pdf"))
    assert len(sheets) == 1 and sheets[0].read_bytes().startswith(b"%PDF")
    assert (out / "campaign-report.pdf").read_bytes().startswith(b"%PDF")
    assert Battle.objects.get().status == "confirmed"  # once, though sent twice
    assert "POST /api/squads/import/" in printed.out and "done: every step worked" in printed.out


def test_the_script_fails_with_the_apis_errors(
    live_server, walkthrough, players, rosters, tmp_path, capsys
):
    status = walkthrough.main([
        live_server.url, "--invite", "no-such-code", "--out", str(tmp_path),
        "--player", "alice:pw-alice-1970", rosters[0],
        "--player", "bob:pw-bob-1970", rosters[1],
    ])  # fmt: skip

    assert status == 1
    err = capsys.readouterr().err
    assert "POST /api/campaigns/join/: HTTP 404" in err
    assert "code: No campaign has this invitation code." in err


def test_a_wrong_password_stops_it(live_server, walkthrough, players, rosters, tmp_path, capsys):
    status = walkthrough.main([
        live_server.url, "--invite", "x", "--out", str(tmp_path),
        "--player", "alice:wrong", rosters[0], "--player", "bob:pw-bob-1970", rosters[1],
    ])  # fmt: skip

    assert status == 1
    assert "POST /api/auth/token/: HTTP 401" in capsys.readouterr().err


def test_it_takes_two_players(walkthrough, rosters):
    with pytest.raises(SystemExit) as exit_:
        walkthrough.main(["http://localhost", "--invite", "x", "--player", "a:b", rosters[0]])

    assert exit_.value.code == 2
