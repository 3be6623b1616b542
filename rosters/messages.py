"""Rules messages in the reader's language: one function for the pages, the PDFs and the API."""

from __future__ import annotations

from django.utils.translation import gettext

from rules.documents import Problem
from rules.types import Violation

# Violation params that hold a rules label (marked for translation in rules/), not a name
LABEL_PARAMS = frozenset({"type", "item", "faction", "ability", "kind", "weapon"})


def violation_message(violation: Violation) -> str:
    """``violation.message`` translated, labels (types, items, factions...) included."""
    template = gettext(violation.template)
    if not violation.params:
        return template
    params = {
        key: gettext(value) if key in LABEL_PARAMS and isinstance(value, str) else value
        for key, value in violation.params.items()
    }
    return template % params


def problem_text(problem: Problem) -> str:
    """A document problem's message, translated (the API puts the path in ``field``)."""
    template = gettext(problem.template)
    return template % problem.params if problem.params else template


def problem_message(problem: Problem) -> str:
    """A document problem as a form shows it: ``members[2].type: unknown model type``."""
    text = problem_text(problem)
    return f"{problem.path}: {text}" if problem.path else text
