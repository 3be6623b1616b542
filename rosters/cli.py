"""What the command-line tools share: reading a document file with a clean exit 2.

The contract (``docs/formats.md``): exit 0 on success, 1 when a roster breaks a
rule, 2 when the file itself is unreadable, always with a message that says where and never
with a traceback.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from django.core.management.base import CommandError, OutputWrapper
from django.utils.translation import gettext as _

from rules.documents import DocumentError
from rules.pack_tables import Pack
from rules.packs import load_pack, pack_for

T = TypeVar("T")

EXIT_OK = 0
EXIT_BROKEN_RULES = 1
EXIT_UNREADABLE = 2


def read_document(path: str, loader: Callable[[bytes], T], stderr: OutputWrapper) -> T:
    """Load ``path`` with ``loader``, or print what is wrong and exit 2."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        stderr.write(f"{path}: cannot read the file: {error.strerror or error}")
        raise SystemExit(EXIT_UNREADABLE) from None
    try:
        return loader(data)
    except DocumentError as error:
        for problem in error.problems:
            where = f"{path}: {problem.path}" if problem.path else path
            stderr.write(f"{where}: {problem.message}")
        raise SystemExit(EXIT_UNREADABLE) from None


def read_pack(path: str | None, system: str, stderr: OutputWrapper) -> Pack | None:
    """The ``game-pack/1`` file at ``path`` for a roster of game ``system`` (None: no
    ``--pack``), or print what is wrong, naming the cell, and exit 2."""
    if path is None:
        return None
    return read_document(path, lambda data: pack_for(load_pack(data), system), stderr)


def write_pdf(path: Path, pdf: bytes, stdout: OutputWrapper) -> None:
    """Write a rendered PDF, or stop with a message that names the path."""
    try:
        path.write_bytes(pdf)
    except OSError as error:
        raise CommandError(
            _("%(path)s: cannot write the PDF: %(error)s")
            % {"path": path, "error": error.strerror or error}
        ) from None
    stdout.write(_("wrote %(path)s") % {"path": path})
