"""The rules core: game data and pure functions, with no Django import anywhere.

Start here:

- ``rules.types``: rosters, violations and battle reports as plain frozen values;
- ``rules.documents``: the ``squad-roster/1`` and ``battle-report/1`` JSON documents;
- ``rules.registry``: the game systems, looked up by code (``get_system("black-sun")``);
- ``rules.black_sun``: Black Sun's data tables (``data.py``, ``tables.py``) and its rules
  (``validation.py``, ``costs.py``, ``battle.py``);
- ``rules.necromunda``: Necromunda's (``data.py``, ``derive.py``, ``validation.py``,
  ``battle.py``).
"""

from rules import black_sun, necromunda  # noqa: F401  (each registers its system)
from rules.registry import GameSystem, get_system, systems

__all__ = ["GameSystem", "get_system", "systems"]
