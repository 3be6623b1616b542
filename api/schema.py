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
    from rules.types import MEMBER_STATUSES

    names = {
        "RosterFormatEnum": [ROSTER_FORMAT],
        "BattleReportFormatEnum": [BATTLE_FORMAT],
        "SystemEnum": [s.code for s in systems()],
        "RoundStatusEnum": ["draft", "published", "closed"],  # campaigns.models.Round.Status
        "StatusEnum": list(MEMBER_STATUSES),  # a model's; its name before rounds had a status
    }
    named: set[tuple[str, ...]] = {tuple(values) for values in names.values()}

    def name(key: str, values) -> None:
        """One name per set of values: the first game to use a set names it (two names for
        one set is an error to drf-spectacular)."""
        values = tuple(values)
        if values and values not in named:
            named.add(values)
            names[key] = list(values)

    for system in systems():
        prefix = schema_prefix(system.code)
        name(f"{prefix}SystemEnum", [system.code])
        name(f"{prefix}OutcomeEnum", system.outcomes)
        name(f"{prefix}StateEnum", system.states)
        fields = [*(system.units.record if system.units else ()), *system.member_record]
        for field in fields:
            if field.kind == "code":
                name(f"{prefix}{schema_prefix(field.key)}Enum", field.choices)
        if system.units is not None:
            name(f"{prefix}KindEnum", system.units.kinds)
    return names
