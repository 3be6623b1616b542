"""Names of the OpenAPI schema's shared parts, for every registered game.

Each game's ``squad-roster/1`` document is a component of its own (``rosters.serializers``),
named after the game: ``schema_prefix("some-game")`` is ``"SomeGame"``. drf-spectacular
names an enum after its field, so the documents' ``format`` and ``system`` keys would
collide from game to game; ``enum_name_overrides()`` (read by ``SPECTACULAR_SETTINGS``)
names each set of values once.
"""

from __future__ import annotations

import re

ROSTER_FORMAT = "squad-roster/1"
BATTLE_FORMAT = "battle-report/1"


def schema_prefix(code: str) -> str:
    """``"some-game"`` -> ``"SomeGame"``: a game's part of its components' names."""
    return "".join(word.capitalize() for word in re.split(r"[-_ ]", code))


def enum_name_overrides() -> dict[str, list[str]]:
    from rules import systems  # plain Python: safe to import while the settings load

    names = {
        "RosterFormatEnum": [ROSTER_FORMAT],
        "BattleReportFormatEnum": [BATTLE_FORMAT],
        "SystemEnum": [s.code for s in systems()],
    }
    for system in systems():
        prefix = schema_prefix(system.code)
        names[f"{prefix}SystemEnum"] = [system.code]
        names[f"{prefix}OutcomeEnum"] = list(system.outcomes)
        names[f"{prefix}StateEnum"] = list(system.states)
    return names
