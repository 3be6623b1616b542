"""Django's ``makemessages``, which also extracts the quick-reference cards' words.

A card's words are data (``rules/<game>/reference.toml``, ``rules.reference_toml``), which
xgettext cannot read. This command adds those files to the ones it reads, the way Django
handles templates: each is first written as a Python file of ``gettext_noop`` calls next to
it (``reference.toml.py``, removed afterwards), every call on the line of the data file that
holds its text, so the catalogue's comments point at ``reference.toml`` and its lines.
"""

from __future__ import annotations

import json
import os
import tomllib
from fnmatch import fnmatch

from django.core.management.commands import makemessages

from rules.reference_toml import msgids

# The data files holding translatable words, relative to the project's root.
DATA_FILES = "rules/*/reference.toml"
_EXTENSION = ".toml"


def python_of(text: str) -> str:
    """The ``gettext_noop`` calls xgettext reads for a card file's ``text``: one per
    translatable string, on the line where the file writes it (else where the last one was)."""
    lines = text.splitlines()
    calls: list[list[str]] = [[] for _ in lines] or [[]]
    at = 0
    for msgid in msgids(tomllib.loads(text)):
        written = (json.dumps(msgid, ensure_ascii=False), f"'{msgid}'")
        for i in range(at, len(lines)):
            if any(w in lines[i] for w in written):
                at = i
                break
        calls[at].append(f"gettext_noop({msgid!r})")
    return "\n".join("; ".join(line) for line in calls) + "\n"


class BuildFile(makemessages.BuildFile):
    @property
    def is_data(self) -> bool:
        return self.domain == "django" and self.translatable.file.endswith(_EXTENSION)

    def preprocess(self) -> None:
        if not self.is_data:
            return super().preprocess()
        with open(self.path, encoding="utf-8") as source:
            content = python_of(source.read())
        with open(self.work_path, "w", encoding="utf-8") as work:
            work.write(content)


class Command(makemessages.Command):
    help = makemessages.Command.help + " Also reads the reference cards' data files."
    build_file_class = BuildFile

    def find_files(self, root):
        found = super().find_files(root)
        if self.domain != "django":
            return found
        extensions = self.extensions
        self.extensions = {_EXTENSION}
        try:
            data = super().find_files(root)
        finally:
            self.extensions = extensions
        data = [f for f in data if fnmatch(os.path.relpath(f.path, root), DATA_FILES)]
        return sorted([*found, *data])
