"""The apps carry any game: outside ``rules/<game>/`` and ``templates/systems/<game>/``, no
module or template names a game's code or vocabulary; the apps ask the registry instead
(``rules.registry.GameSystem``). And no app module, shared template or shared stylesheet
names any registered game by its code or its English name (issue #29): each failure names
the file and the line.

The move was done in stages (issue #11) and is finished: ``STILL_NAMING``, the files that
still named a game's words with what was left to move, is empty, and a file that names them
fails.
"""

from __future__ import annotations

import re
from pathlib import Path

from rules import systems

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


# --- no shared file names a registered game (issue #29) ----------------------------------------

APPS = ("accounts", "api", "campaigns", "config", "core", "games", "printing", "rosters")
SHARED_SUFFIXES = {".py", ".html", ".txt", ".js", ".css"}
# Not read: an app's migrations (a frozen record of what the schema was, defaults included).
NOT_READ = ("/migrations/",)


def name_pattern(words: str) -> re.Pattern:
    """A game's code or name, its words apart by a hyphen, an underscore or a space."""
    parts = [re.escape(w) for w in re.split(r"[-_\s]+", words) if w]
    return re.compile(r"\b" + r"[-_\s]".join(parts) + r"\b", re.IGNORECASE)


def shared_files() -> list[Path]:
    """The apps' modules, the templates outside each game's folder, and the stylesheets
    and scripts outside ``static/css/systems/``."""
    games = {f"templates/{game.templates}/" for game in systems()}
    tops = [ROOT / app for app in APPS] + [ROOT / "templates", ROOT / "static" / "css",
                                           ROOT / "static" / "js"]  # fmt: skip
    found = []
    for top in tops:
        for path in sorted(top.rglob("*")):
            relative = path.relative_to(ROOT).as_posix()
            if (
                path.suffix not in SHARED_SUFFIXES
                or any(skip in f"/{relative}" for skip in NOT_READ)
                or any(relative.startswith(folder) for folder in games)
                or relative.startswith("static/css/systems/")
            ):
                continue
            found.append(path)
    return found


def names_of_games(paths: list[Path]) -> list[str]:
    """``"<file>:<line>: <game> named (<words>)"`` for each line naming a registered game."""
    patterns = {game.code: (name_pattern(game.code), name_pattern(game.name)) for game in systems()}
    found = []
    for path in paths:
        relative = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for code, (by_code, by_name) in patterns.items():
                match = by_code.search(line) or by_name.search(line)
                if match:
                    found.append(f"{relative}:{number}: {code} named ({match.group(0)!r})")
    return found


def test_no_app_module_shared_template_or_stylesheet_names_a_game():
    found = names_of_games(shared_files())
    assert found == [], "\n".join(found)


def test_a_game_is_found_by_its_code_or_its_name_however_spelled(tmp_path):
    sheet = tmp_path / "site.css"
    sheet.write_text("/* plain */\n.black_sun { }\n/* for the ONE-PAGE modern skirmish */\n")
    assert names_of_games([sheet]) == [
        f"{sheet}:2: black-sun named ('black_sun')",
        f"{sheet}:3: one-page-modern named ('ONE-PAGE modern')",
    ]
    read = {path.relative_to(ROOT).as_posix() for path in shared_files()}
    assert {"rosters/builder/page.py", "templates/base.html", "static/css/site.css"} <= read
    assert "static/css/print.css" in read
    assert not any(r.startswith("templates/systems/") or "/migrations/" in r for r in read)
