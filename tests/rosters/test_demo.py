import pytest
from django.core.management import call_command

from rosters.adapters import squad_to_roster, squads_with_members
from rules import get_system

pytestmark = pytest.mark.django_db


def test_seed_demo_creates_legal_squads_of_every_game(django_user_model, settings, capsys):
    """One 200-point squad per Black Sun faction, and a Necromunda gang."""
    settings.DEBUG = True
    call_command("seed_demo")
    demo = django_user_model.objects.get(username="demo")
    squads = list(squads_with_members().filter(owner=demo))
    black_sun = get_system("black-sun")
    assert sorted(s.faction for s in squads if s.system == "black-sun") == sorted(
        black_sun.factions
    )
    assert [s.name for s in squads if s.system == "necromunda"] == ["The Rust Rats"]
    for squad in squads:
        roster = squad_to_roster(squad)
        game = get_system(squad.system)
        assert game.validate(roster) == []
        assert game.points(roster) == (200 if game is black_sun else None)
    assert "password" in capsys.readouterr().out


def test_seed_demo_leaves_a_database_with_accounts_alone(user, settings):
    settings.DEBUG = True
    call_command("seed_demo")
    assert not user.__class__.objects.filter(username="demo").exists()
