"""Issue #17, part 4, is done when a client that speaks only HTTP reads each game's catalogue,
builds a legal roster from it alone, creates a campaign, enrols two squads, reports, confirms
and voids a battle and downloads every PDF: scripts/api_games_walkthrough.py, run here
against a live server for every game."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from campaigns.models import Battle, Campaign
from rules import systems

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
SCRIPT = SCRIPTS / "api_games_walkthrough.py"


@pytest.fixture
def games_walkthrough(monkeypatch):
    """The script as a module (it is not in a package), for its ``main()``."""
    spec = importlib.util.spec_from_file_location("api_games_walkthrough", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "api_games_walkthrough", module)  # its dataclasses
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def players(transactional_db, django_user_model):
    alice = django_user_model.objects.create_user(username="alice", password="pw-alice-1970")
    bob = django_user_model.objects.create_user(username="bob", password="pw-bob-1970")
    return alice, bob


@pytest.mark.django_db
@pytest.mark.parametrize("code", [game.code for game in systems()])
def test_a_roster_built_from_the_catalogue_alone_is_legal(anon_api, games_walkthrough, code):
    catalogue = anon_api.get(f"/api/systems/{code}/").json()

    document = games_walkthrough.build_roster(catalogue, "From the catalogue")
    checked = anon_api.post("/api/squads/validate/", document, format="json")

    assert checked.status_code == 200, checked.content
    assert checked.json()["violations"] == [] and checked.json()["valid"] is True
    assert document["system"] == code


def test_the_script_names_no_game():
    text = SCRIPT.read_text(encoding="utf-8")

    for game in systems():
        assert game.code not in text
        assert game.name not in text


def test_the_script_plays_every_game_over_http(
    live_server, games_walkthrough, players, tmp_path, capsys
):
    out = tmp_path / "out"

    status = games_walkthrough.main([
        live_server.url, "--out", str(out), "--paper", "letter",
        "--organiser", "alice:pw-alice-1970", "--player", "bob:pw-bob-1970",
    ])  # fmt: skip

    printed = capsys.readouterr()
    assert status == 0, printed.err
    campaigns = {campaign.system: campaign for campaign in Campaign.objects.all()}
    assert set(campaigns) == {game.code for game in systems() if game.campaign is not None}
    for code, campaign in campaigns.items():
        assert campaign.organiser.username == "alice"
        assert list(campaign.battles.values_list("status", flat=True)) == [Battle.Status.VOIDED]
        assert campaign.entries.count() == 2
        files = sorted(path.name for path in (out / code).glob("*.pdf"))
        assert files == ["campaign-report.pdf", "cards.pdf", "reference.pdf", "sheet.pdf"]
        for path in (out / code).glob("*.pdf"):
            assert path.read_bytes().startswith(b"%PDF")
    assert "every game: every step worked" in printed.out


def test_one_game_may_be_chosen(live_server, games_walkthrough, players, tmp_path, capsys):
    code = systems()[-1].code

    status = games_walkthrough.main([
        live_server.url, "--out", str(tmp_path), "--system", code, "--no-pdf",
        "--organiser", "alice:pw-alice-1970", "--player", "bob:pw-bob-1970",
    ])  # fmt: skip

    assert status == 0, capsys.readouterr().err
    assert list(Campaign.objects.values_list("system", flat=True)) == [code]
    assert not list(tmp_path.rglob("*.pdf"))


def test_a_refusal_stops_it_with_the_api_s_errors(
    live_server, games_walkthrough, players, tmp_path, capsys
):
    status = games_walkthrough.main([
        live_server.url, "--out", str(tmp_path), "--system", "no-such-game",
        "--organiser", "alice:pw-alice-1970", "--player", "bob:pw-bob-1970",
    ])  # fmt: skip

    assert status == 1
    assert "GET /api/systems/no-such-game/: HTTP 404" in capsys.readouterr().err


def test_it_takes_an_organiser_and_a_player(games_walkthrough):
    with pytest.raises(SystemExit) as exit_:
        games_walkthrough.main(["http://localhost", "--organiser", "alice:pw"])

    assert exit_.value.code == 2
