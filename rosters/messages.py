"""Rules messages in the reader's language: one function for the pages, the PDFs and the API."""

from __future__ import annotations

from django.utils.translation import gettext

from rules.types import Violation

# Violation params that hold a rules label (marked for translation in rules/), not a name
LABEL_PARAMS = frozenset({"type", "item", "faction", "ability"})


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
