"""The game contract (issue #29, stage 4): what a game's template folder holds is what its
``GameSystem`` declares, and only the registry spells where that folder is.

- A game names its folder once (``GameSystem.templates``, from ``rules.slots
  .template_folder``): no app, rules module or template spells ``systems/<code>``; a game's
  templates include their siblings by relative name (``"./_card.html"``).
- The page parts a game gives are declared (``GameSystem.parts``) and there; a file of its
  folder named like a part it did not declare would never be included, so it fails; every
  part has its shared fallback (``templates/game_parts/``), so an app includes
  ``GameSystem.part(name)`` without asking whether the game's file exists.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from rosters.builder import changes_assistance
from rules import get_system, systems
from rules.registry import FALLBACK_FOLDER, TEMPLATE_PARTS, GameSystem

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"
SCANNED = (
    "accounts", "api", "campaigns", "config", "core", "games", "printing", "rosters", "rules",
    "templates", "tests/toy",
)  # fmt: skip
# "systems/" as the start of a template's name (not "/api/systems/", not "templates/systems/")
FOLDER = re.compile(r"(?<![\w/.-])systems/")
SPELLS_IT = "rules/slots.py"  # template_folder


def spelled() -> list[str]:
    found = []
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            relative = path.relative_to(ROOT).as_posix()
            if path.suffix not in (".py", ".html") or relative == SPELLS_IT:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if FOLDER.search(line):
                    found.append(f"{relative}:{number}: {line.strip()[:100]}")
    return found


def test_only_the_registry_spells_a_game_s_template_folder():
    assert spelled() == []


def test_the_folder_reader_sees_a_spelling_and_leaves_urls_and_paths():
    assert FOLDER.search('"game_dir": f"systems/{code}"')
    assert FOLDER.search('{% include "systems/toy/_card.html" %}')
    assert not FOLDER.search("GET /api/systems/ and templates/systems/<code>/")


def folder_files(game: GameSystem) -> set[str]:
    folder = TEMPLATES / game.templates
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*.html")}


@pytest.mark.parametrize("game", systems(), ids=lambda game: game.code)
def test_a_game_s_folder_holds_what_its_system_declares(game):
    files = folder_files(game)
    assert {f"{part}.html" for part in game.parts} <= files
    undeclared = {f"{part}.html" for part in TEMPLATE_PARTS} & files - {
        f"{part}.html" for part in game.parts
    }
    assert undeclared == set(), f"{game.code}: parts in its folder it does not declare"
    if game.printing is not None:
        printed = [game.printing.sheet_template, game.printing.cards_template]
        printed += [game.printing.reference_template] if game.printing.reference_template else []
        for name in printed:
            assert name.startswith(f"{game.templates}/") and (TEMPLATES / name).is_file(), name


def test_every_part_has_its_shared_fallback():
    for part in TEMPLATE_PARTS:
        assert (TEMPLATES / FALLBACK_FOLDER / f"{part}.html").is_file(), part


def test_a_part_is_the_game_s_when_declared_else_the_fallback():
    game = systems()[0]
    given, *_ = sorted(game.parts)
    assert game.part(given) == f"{game.templates}/{given}.html"
    assert game.part_templates[given.split("/")[0]][given.split("/")[1]] == game.part(given)
    missing = next(part for part in TEMPLATE_PARTS if part not in game.parts)
    assert game.part(missing) == f"{FALLBACK_FOLDER}/{missing}.html"
    with pytest.raises(KeyError):
        game.part("builder/nothing")


def test_a_game_declares_only_parts_a_page_includes():
    game = systems()[0]
    with pytest.raises(ValueError, match="builder/nothing"):
        GameSystem(**{**vars(game), "parts": frozenset({"builder/nothing"})})


def test_crew_partner_items_are_declared_in_the_builder_choices():
    """The builder offers a model as another's crew partner by the game's declared
    ``BuilderChoices.partnered_items`` alone, never by an attribute of the game's data."""
    game = get_system("black-sun")
    assert game.builder.partnered_items == {"machine-gun", "flamethrower"}
    assert changes_assistance(game, ["machine-gun"]) and not changes_assistance(game, ["knife"])
    undeclared = replace(game, builder=replace(game.builder, partnered_items=frozenset()))
    assert not changes_assistance(undeclared, ["machine-gun"])
    others = [g for g in systems() if g is not game and g.builder is not None]
    assert others and not any(g.builder.partnered_items for g in others)
