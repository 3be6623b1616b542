"""What the builder shows of a broken rule or of an edit the service refused."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from core.messages import violation_message
from rules.types import Violation


@dataclass(frozen=True)
class Shown:
    """A violation as the page shows it, in the reader's language."""

    code: str
    message: str
    member: str | None


@dataclass(frozen=True)
class Refused:
    """An edit the service refused, shown where it was made so the user can fix it: the
    form (``"squad"``, ``"add"``, ``"undo"``, a model's card's ``"card"``, ``"equipment"``,
    ``"ability"``, or a unit's card: ``"units"``),
    the field it is about (``ServiceError.field``), the message, and what the form sent,
    shown again (nothing of it was saved)."""

    form: str
    field: str
    message: str
    sent: Mapping[str, str] = dataclasses.field(default_factory=dict)


def shown(violation: Violation) -> Shown:
    return Shown(violation.code, violation_message(violation), violation.member)
