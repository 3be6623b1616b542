import pytest
from django.core.management import call_command

from rosters.adapters import squad_to_roster, squads_with_members
from rules import get_system

pytestmark = pytest.mark.django_db


def test_seed_demo_creates_one_legal_squad_per_faction(django_user_model, settings, capsys):
    settings.DEBUG = True
    call_command("seed_demo")
    demo = django_user_model.objects.get(username="demo")
    system = get_system("black-sun")
    squads = list(squads_with_members().filter(owner=demo))
    assert sorted(s.faction for s in squads) == sorted(system.factions)
    for squad in squads:
        roster = squad_to_roster(squad)
        assert system.validate(roster) == []
        assert system.cost(roster).points == 200
    assert "password" in capsys.readouterr().out


def test_seed_demo_leaves_a_database_with_accounts_alone(user, settings):
    settings.DEBUG = True
    call_command("seed_demo")
    assert not user.__class__.objects.filter(username="demo").exists()
