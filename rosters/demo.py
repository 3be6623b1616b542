"""The demo squads: every game's own (``GameSystem.demo``), for the demo account
(``manage.py seed_demo``), the print server's warm-up and the tests."""

from __future__ import annotations

from rules import systems
from rules.types import Roster


def demo_rosters() -> list[Roster]:
    """Every registered game's demo squads, game by game in registration order."""
    return [roster for game in systems() if game.demo is not None for roster in game.demo()]
