"""The cards' words as data (rules/<game>/reference.toml, rules.reference_toml), and how
makemessages reads them (core/management/commands/makemessages.py)."""

import ast
import json
import tomllib
from pathlib import Path

import pytest

from core.management.commands.makemessages import python_of
from rules.reference_toml import Card, CardError, msgids

ROOT = Path(__file__).resolve().parents[2]
CARDS = sorted(ROOT.glob("rules/*/reference.toml"))


def card(text: str) -> Card:
    return Card.parse(tomllib.loads(text), "rules/x/reference.toml")


def test_every_game_with_a_card_has_its_words_in_data():
    assert {p.parent.name for p in CARDS} == {
        "black_sun", "necromunda", "bolt_action", "one_page_modern",
    }  # fmt: skip


def test_cells_read_as_the_card_prints_them():
    table = card(
        '[[table]]\nkey = "k"\ntitle = "Title"\ncolumns = ["d6", { text = "3" }]\n'
        'rows = [[1, "all"], [{ text = "6+" }, { signed = -2 }], ["x", { value = "v" }]]\n'
        'notes = ["A note."]\n'
    ).table("k", values={"v": 7})

    assert table.columns == ("d6", "3")
    assert table.rows == ((1, "all"), ("6+", "\u22122"), ("x", 7))
    assert table.notes == ("A note.",)


def test_only_plain_strings_are_translatable():
    document = tomllib.loads(
        '[[table]]\nkey = "k"\ntitle = "Title"\ncolumns = ["d6", { text = "3" }]\n'
        'rows = [[1, "all"], [{ text = "6+" }, { signed = 1 }], ["", { value = "v" }]]\n'
        'notes = ["A note."]\n'
    )

    assert list(msgids(document)) == ["Title", "d6", "all", "A note."]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[table]]\nkey = "k"\ntitle = "T"\nfoot = 1\n', "table 1: unknown field(s) foot"),
        ('[[table]]\ntitle = "T"\n', "table 1: a table needs a key and a title"),
        ('[[table]]\nkey = "k"\ntitle = "T"\nrows = [[true]]\n', "table 'k', row 1[0]"),
        ('[[table]]\nkey = "k"\ntitle = "T"\n[[table]]\nkey = "k"\ntitle = "U"\n', "twice"),
    ],
)
def test_a_faulty_file_is_refused_saying_where(text, message):
    with pytest.raises(CardError, match="rules/x/reference.toml") as error:
        card(text)

    assert message in str(error.value)


def test_a_card_refuses_a_table_left_incomplete():
    data = card('[[table]]\nkey = "k"\ntitle = "T"\ncolumns = ["a"]\nrows = [[{ value = "v" }]]\n')

    with pytest.raises(CardError, match="'k': a value is not given"):
        data.in_order()
    with pytest.raises(CardError, match="reference.toml, table 'k': no value 'v' given"):
        data.table("k", values={"w": 1})
    with pytest.raises(CardError, match="no table 'z'"):
        data.table("z")
    with pytest.raises(CardError, match="no columns or no rows"):
        card('[[table]]\nkey = "k"\ntitle = "T"\n').in_order()


@pytest.mark.parametrize("path", CARDS, ids=lambda p: p.parent.name)
def test_makemessages_reads_every_word_on_its_line(path):
    text = path.read_text(encoding="utf-8")
    python = python_of(text)
    nodes = [n for n in ast.walk(ast.parse(python)) if isinstance(n, ast.Call)]
    calls = [
        (n.lineno, n.args[0].value) for n in sorted(nodes, key=lambda n: (n.lineno, n.col_offset))
    ]

    assert len(python.splitlines()) == len(text.splitlines())
    assert [word for _, word in calls] == list(msgids(tomllib.loads(text)))
    for line, word in calls:  # each on the line of the file that writes it
        written = (json.dumps(word, ensure_ascii=False), f"'{word}'")
        assert any(w in text.splitlines()[line - 1] for w in written), (line, word)


def test_makemessages_reads_the_cards_files_and_nothing_else_of_their_kind(monkeypatch):
    from core.management.commands.makemessages import Command

    monkeypatch.chdir(ROOT)
    command = Command()
    command.domain, command.extensions, command.verbosity = "django", {".py"}, 0
    command.ignore_patterns, command.symlinks = [".venv", "bench", "tests", "scripts"], False
    command.locale_paths, command.default_locale_path = [str(ROOT / "locale")], None
    command.settings_available = True
    found = {f.path.removeprefix("./") for f in command.find_files(".")}

    assert {str(p.relative_to(ROOT)) for p in CARDS} <= found
    assert not [p for p in found if p.endswith(".toml") and not p.endswith("/reference.toml")]
    assert "pyproject.toml" not in found and "rules/reference_toml.py" in found
    assert command.extensions == {".py"}
