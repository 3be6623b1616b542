"""Necromunda rules: validate and derive a 10-fighter gang (target: 30 us together).

Both run on every edit of the gang builder and for ``validate_roster --json``. The gang is a
realistic one, heavier than most: advances on half the fighters, armour, grenades, a heavy
weapon, two-weapon fighters. Standalone (``python bench/bench_necromunda.py``), or through
``bench/run.py`` once listed there: ``run()`` gives (name, value, unit) rows.
"""

from __future__ import annotations

import os
import platform
import sys
from pathlib import Path

if __name__ == "__main__":  # run as a script: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import median_seconds  # noqa: E402
from rules import get_system  # noqa: E402
from rules.necromunda import battle  # noqa: E402
from rules.necromunda.derive import derive  # noqa: E402
from rules.necromunda.validation import validate  # noqa: E402
from rules.types import BattleReport, Casualty, Equipment, Member, Roster, Side  # noqa: E402


def _fighter(name, type_, *items, advances=None):
    equipment = tuple(Equipment(i) if isinstance(i, str) else Equipment(*i) for i in items)
    return Member(name, type_, equipment, record={"advances": advances} if advances else {})


def ten_fighters() -> Roster:
    members = (
        _fighter("Mak McMadd", "leader", "bolt-pistol", "sword", "carapace", "frag-grenades",
                 advances={"ws": 1, "bs": 1, "ld": 1, "w": 1}),
        _fighter("Hollis", "ganger", "heavy-stubber", "laspistol", "flak",
                 advances={"bs": 1}),
        _fighter("Grex", "ganger", "lasgun", "knife", "mesh", "krak-grenades"),
        _fighter("Vance", "ganger", "autogun", "frag-grenades", advances={"i": 1}),
        _fighter("Orla", "ganger", "boltgun", "flak"),
        _fighter("Siv", "ganger", "shotgun", "autopistol", advances={"s": 1, "a": 1}),
        _fighter("Dram", "ganger", "flamer", "laspistol"),
        _fighter("Pip", "kid", "autopistol", ("knife", 2)),
        _fighter("Nix", "kid", "laspistol", "smoke-grenades"),
        _fighter("Tam", "kid", "lasgun"),
    )  # fmt: skip
    return Roster("necromunda", "The Rust Rats", "Orlock", members, None)


def run() -> list[tuple[str, float, str]]:
    roster = ten_fighters()
    game = get_system("necromunda")  # as the apps call it: through the registry
    assert len(roster.members) == 10 and validate(roster) == []
    side = Side("win", roster, casualties=(Casualty("Pip", "out-of-action"),))
    other = Side("loss", roster, casualties=(Casualty("Hollis", "out-of-action"),))
    report = BattleReport("necromunda", (side, other))
    us = 1e6
    return [
        ("necromunda: validate a 10-fighter gang", median_seconds(lambda: validate(roster)) * us,
         "us"),
        ("necromunda: derive a 10-fighter gang", median_seconds(lambda: derive(roster)) * us,
         "us"),
        (
            "necromunda: validate + cost + derive, 10 fighters (target 30)",
            median_seconds(
                lambda: (game.validate(roster), game.points(roster), game.derived(roster))
            ) * us,
            "us",
        ),
        (
            "necromunda: score one side of a battle (VP)",
            median_seconds(lambda: battle.score_side(roster, side, report)) * us,
            "us",
        ),
    ]  # fmt: skip


def main() -> None:
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), "
          f"{os.cpu_count()} cores")  # fmt: skip
    for label, value, unit in run():
        print(f"{label:<62} {value:>10.2f} {unit}")


if __name__ == "__main__":
    main()
