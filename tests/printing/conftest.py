"""Rosters and PDF helpers for the printing tests.

WeasyPrint takes a noticeable time per document, so each test module renders each distinct
PDF once (module-scoped fixtures) and its tests read the text and pages that came out.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from rules.documents import parse_roster

A4 = (595, 842)
LETTER = (612, 792)


def squad_document() -> dict:
    """A valid US Army squad that shows every kind of thing the sheet prints."""
    return {
        "format": "squad-roster/1",
        "system": "black-sun",
        "name": "Mint's Marauders",
        "faction": "us-army",
        "points_limit": 200,
        "members": [
            {"name": "Capt. Steven Mint", "type": "boss", "rp": 7,
             "equipment": [{"item": "pistol"}, {"item": "body-armour"}],
             "abilities": ["aggressive", "good-walker"]},
            {"name": "Sgt. Pierce", "type": "top", "rp": 3, "cv_loss": 1,
             "equipment": [{"item": "assault-rifle"}],
             "abilities": ["lucky", {"code": "hates-enemy", "detail": "viet-cong",
                                     "source": "injury"}]},
            {"name": "Chavez", "type": "veteran", "equipment": [{"item": "shotgun"}],
             "abilities": ["bad-shot"]},
            {"name": "Doc Holloway", "type": "doc", "equipment": [{"item": "pistol"}],
             "abilities": ["fast"], "status": "recovering"},
            {"name": "Ling", "type": "grunt",
             "equipment": [{"item": "machine-gun"}, {"item": "grenades", "count": 4}]},
            {"name": "Song", "type": "grunt", "assists": "Ling",
             "equipment": [{"item": "assault-rifle"}]},
            {"name": "Dubois", "type": "grunt", "status": "dead",
             "equipment": [{"item": "assault-rifle"}]},
            {"name": "Hicks", "type": "recruit", "equipment": [{"item": "bolt-action-rifle"}]},
        ],
    }  # fmt: skip


def full_squad_document() -> dict:
    """A legal 15-model US Army squad (300 points): the largest a sheet prints."""
    grunt = {"type": "grunt", "equipment": [{"item": "assault-rifle"}, {"item": "body-armour"}]}
    members = [
        {"name": "Mint", "type": "boss", "rp": 3,
         "equipment": [{"item": "pistol"}, {"item": "body-armour"}],
         "abilities": ["aggressive", "good-walker"]},
        {"name": "Pierce", "type": "top", "abilities": ["duck-feet"],
         "equipment": [{"item": "assault-rifle"}, {"item": "body-armour"}]},
        {"name": "Jackson", "type": "top", "abilities": ["sure-shot"],
         "equipment": [{"item": "assault-rifle"}, {"item": "body-armour"}]},
        {"name": "Chavez", "type": "veteran", "abilities": ["bad-shot"],
         "equipment": [{"item": "assault-rifle"}, {"item": "body-armour"}]},
        {"name": "Berinson", "type": "veteran", "abilities": ["lucky"],
         "equipment": [{"item": "assault-rifle"}, {"item": "body-armour"}]},
        {"name": "Doc", "type": "doc", "abilities": ["fast"],
         "equipment": [{"item": "pistol"}, {"item": "body-armour"}]},
        {"name": "Ling", "type": "grunt",
         "equipment": [{"item": "machine-gun"}, {"item": "grenades", "count": 4}]},
        {"name": "Song", "type": "grunt", "assists": "Ling",
         "equipment": [{"item": "assault-rifle"}]},
        *({"name": f"Grunt {i}", **grunt} for i in range(5)),
        {"name": "Recruit 1", "type": "recruit", "equipment": [{"item": "assault-rifle"}]},
        {"name": "Recruit 2", "type": "recruit", "equipment": [{"item": "assault-rifle"}]},
    ]  # fmt: skip
    return {
        "format": "squad-roster/1",
        "system": "black-sun",
        "name": "Bench squad",
        "faction": "us-army",
        "points_limit": 300,
        "members": members,
    }


def hostile_document() -> dict:
    """An invalid squad whose names would break an unescaped page."""
    return {
        "format": "squad-roster/1",
        "system": "black-sun",
        "name": "<script>",
        "faction": "us-army",
        "members": [
            {"name": 'Bob & "Al"', "type": "boss", "equipment": [{"item": "machine-gun"}]},
            {"name": "Grunt <b>", "type": "grunt", "rp": 2},
            {"name": "Smith", "type": "grunt"},
        ],
    }


@pytest.fixture(scope="module")
def squad():
    return parse_roster(squad_document())


@pytest.fixture(scope="module")
def hostile():
    return parse_roster(hostile_document())


def write_document(path: Path, document: dict) -> Path:
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def pdf_text(data: bytes) -> str:
    """All the text of a PDF, whitespace collapsed to single spaces."""
    reader = PdfReader(io.BytesIO(data))
    return " ".join(" ".join(page.extract_text() for page in reader.pages).split())


def page_sizes(data: bytes) -> list[tuple[int, int]]:
    reader = PdfReader(io.BytesIO(data))
    return [(round(p.mediabox.width), round(p.mediabox.height)) for p in reader.pages]


def font_names(data: bytes) -> set[str]:
    """The names of the fonts a PDF embeds, subset prefix removed: ``Saira-Stencil``."""
    reader = PdfReader(io.BytesIO(data))
    names = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            names.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    return names
