"""Which stylesheets a PDF is laid out with: print.css, which every PDF shares, and its game's.

A game prints with its own stylesheet, ``css/systems/<code>.css``, found where Django finds
any static file (``django.contrib.staticfiles.finders``): the project's ``static/`` for the
games it ships, or a static folder of the game's own (the test suite's toy game keeps
``tests/toy/static/css/systems/toy.css``). A game with no such file prints with print.css
alone. The print engine (``printing.engine``) parses each file once per thread.
"""

from __future__ import annotations

from pathlib import Path

from django.contrib.staticfiles import finders


def game_stylesheet_path(system_code: str) -> str:
    """Where a game's print stylesheet is looked for, among the static files."""
    return f"css/systems/{system_code}.css"


def game_stylesheet(system_code: str | None) -> str | None:
    """The file of the print stylesheet of the game ``system_code`` (an absolute path), or
    ``None`` when the game ships none (or the PDF is no game's)."""
    if not system_code:
        return None
    found = finders.find(game_stylesheet_path(system_code))
    if not found:
        return None
    return str(Path(found).resolve())
