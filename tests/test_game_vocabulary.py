"""The apps carry any game: outside ``rules/<game>/`` and ``templates/systems/<game>/``, no
module or template names a game's code or vocabulary; the apps ask the registry instead
(``rules.registry.GameSystem``).

The move was done in stages (issue #11) and is finished: ``STILL_NAMING``, the files that
still named a game's words with what was left to move, is empty, and a file that names them
fails.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCANNED = (
    "accounts", "api", "campaigns", "config", "core", "games", "printing", "rosters", "rules",
    "templates",
)  # fmt: skip
SUFFIXES = {".py", ".html", ".txt", ".js"}
# A game's own home, and what must name the game's words to do its job.
EXEMPT = (
    "rules/black_sun/", "templates/systems/black-sun/",
    "rules/necromunda/", "templates/systems/necromunda/",
    "rules/one_page_modern/", "templates/systems/one-page-modern/",
    "rules/bolt_action/", "templates/systems/bolt-action/",
    "/migrations/",
    "rules/__init__.py",  # where a game is registered: the one line it adds
)  # fmt: skip

# Black Sun's code and the words of its member record, costing, battle deeds and factions.
BLACK_SUN = re.compile(
    r"black[-_ ]sun|\brp\b|cv_loss|\bassists\b|malice|sarcasm|wealth|us-army|viet-cong"
    r"|key_character|heal_value|specialist_value|grenade",
    re.IGNORECASE,
)
# Necromunda's code and the words of its fighters' record, reports and derived values.
NECROMUNDA = re.compile(
    r"necromunda|\badvances\b|flesh[-_ ]wound|bottle[d_ ]|to_hit|ganger|bolt[-_ ]pistol",
    re.IGNORECASE,
)

STILL_NAMING: dict[str, str] = {}  # empty since issue #11: keep it so


def naming_files() -> set[str]:
    found = set()
    for top in SCANNED:
        for path in (ROOT / top).rglob("*"):
            relative = path.relative_to(ROOT).as_posix()
            if path.suffix not in SUFFIXES or any(part in f"/{relative}" for part in EXEMPT):
                continue
            text = path.read_text(encoding="utf-8")
            if BLACK_SUN.search(text) or NECROMUNDA.search(text):
                found.add(relative)
    return found


def test_no_new_file_names_a_game_s_vocabulary():
    assert naming_files() - set(STILL_NAMING) == set()


def test_the_list_of_files_still_to_move_only_shrinks():
    assert set(STILL_NAMING) - naming_files() == set()
