"""The rules core: game data and pure functions, with no Django import anywhere.

Start here:

- ``rules.types``: rosters, violations and battle reports as plain frozen values;
- ``rules.documents``: the ``squad-roster/1`` and ``battle-report/1`` JSON documents (its
  ``reader``, ``members``, ``units``, ``roster`` and ``report``);
- ``rules.registry``: the game systems, looked up by code (``get_system("black-sun")``), with
  the shape of a game's records (``rules.records``) and its optional parts (``rules.slots``);
- ``rules.campaign``, ``rules.vp_campaign``, ``rules.house_rules``: what the games'
  campaigns share; ``rules.unit_game`` and ``rules.unit_names``: what the games played with
  units share;
- ``rules.black_sun``: Black Sun's data tables (``data.py``, ``tables.py``) and its rules
  (``validation.py``, ``costs.py``, ``battle.py``);
- ``rules.necromunda``: Necromunda's (``data.py``, ``derive.py``, ``validation.py``,
  ``battle.py``);
- ``rules.one_page_modern`` and ``rules.bolt_action``: the two games played with units
  (``data.py``, ``document.py``, ``derive.py``, ``validation.py``, ``battle.py``);
- ``rules.pairing``: a campaign round's pairings and bye, for every game.
- ``rules.pack_tables`` and ``rules.packs``: club packs (``game-pack/1``), a club's own
  numbers for a game: the shapes of the tables each game declares (``GameSystem.packs``) and
  the reader that checks a pack against them.
"""

# Each registers its system, in this order: the first is the default game, and the first
# game to use a set of codes names it in the API schema (api/schema.py).
# isort: off
from rules import black_sun, necromunda  # noqa: F401
from rules import one_page_modern, bolt_action  # noqa: F401

# isort: on
from rules.registry import GameSystem, get_system, systems

__all__ = ["GameSystem", "get_system", "systems"]
