import subprocess
import sys

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from tests.printing.conftest import A4, LETTER, page_sizes, pdf_text, squad_document, write_document


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    return tmp_path_factory.mktemp("print")


@pytest.fixture(scope="module")
def roster_file(workdir):
    document = squad_document()
    document["name"] = "Mint's: Marauders/2"  # characters a file name cannot hold
    return write_document(workdir / "squad.json", document)


@pytest.fixture(scope="module")
def default_output(workdir, roster_file):
    """``print_roster FILE`` run in a folder of its own: the PDF it writes there."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.chdir(workdir)
        call_command("print_roster", str(roster_file))
    return workdir / "Mint's_ Marauders_2.pdf"


@pytest.fixture(scope="module")
def cards(workdir, roster_file):
    output = workdir / "cards.pdf"
    call_command(
        "print_roster", str(roster_file), "-o", str(output), "--paper", "letter", "--cards",
        "--no-dead",
    )  # fmt: skip
    return output.read_bytes()


def test_print_roster_writes_the_squad_name_pdf_in_the_current_folder(default_output):
    data = default_output.read_bytes()

    assert data.startswith(b"%PDF-")
    assert set(page_sizes(data)) == {A4}
    assert "Mint's: Marauders/2" in pdf_text(data)


def test_print_roster_cards_on_letter_without_the_dead(cards):
    text = pdf_text(cards)

    assert set(page_sizes(cards)) == {LETTER}
    for name in ("Capt. Steven Mint", "Sgt. Pierce", "Chavez", "Doc Holloway", "Ling", "Song"):
        assert name in text
    assert "Dubois" not in text
    assert "Light machine gun (SAW)*" in text
    assert 'Grenades ×4 9" 1 2" blast template' in text  # each card repeats the profile


def test_print_roster_prints_an_invalid_squad_and_says_so(workdir, capsys):
    document = squad_document()
    document["points_limit"] = 100
    path = write_document(workdir / "over.json", document)

    call_command("print_roster", str(path), "-o", str(workdir / "over.pdf"))

    assert "breaks 1 rule" in capsys.readouterr().out
    assert "The squad costs 140 points; the limit is 100." in pdf_text(
        (workdir / "over.pdf").read_bytes()
    )


def test_print_roster_exits_2_on_an_unreadable_file(workdir, capsys):
    path = workdir / "broken.json"
    path.write_text('{"format": "squad-roster/1", "system": "black-sun"', encoding="utf-8")

    with pytest.raises(SystemExit) as exit_info:
        call_command("print_roster", str(path))

    assert exit_info.value.code == 2
    assert "not valid JSON" in capsys.readouterr().err


def test_print_roster_exits_2_on_a_missing_file(workdir):
    with pytest.raises(SystemExit) as exit_info:
        call_command("print_roster", str(workdir / "missing.json"))

    assert exit_info.value.code == 2


def test_print_reference_writes_the_card(workdir):
    output = workdir / "card.pdf"

    call_command("print_reference", "black-sun", "-o", str(output), "--paper", "a4")

    assert len(page_sizes(output.read_bytes())) <= 2


def test_print_reference_refuses_an_unknown_system_with_exit_2():
    with pytest.raises(CommandError, match="no quick-reference card for 'chess'") as error:
        call_command("print_reference", "chess")

    assert error.value.returncode == 2


def test_print_reference_process_exits_2_on_an_unknown_system():
    result = subprocess.run(
        [sys.executable, "manage.py", "print_reference", "chess"],
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert result.returncode == 2
    assert (
        "no quick-reference card for 'chess' (known: black-sun, necromunda, one-page-modern, "
        "bolt-action)" in result.stderr
    )
