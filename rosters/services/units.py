"""Forces of units (a game played with units, ``GameSystem.units``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import Conflict, Invalid, ServiceError
from core.messages import problem_text
from rosters.models import Squad
from rosters.services.base import _lock
from rosters.signals import squads_changed, units_changed
from rules import get_system
from rules.documents import (
    DocumentError,
    parse_roster,
    unit_to_document,
)

UnitsChange = Callable[[list[dict[str, Any]]], None]


@transaction.atomic
def squad_units_change(
    *,
    squad: Squad,
    change: UnitsChange,
    expected_version: int | None = None,
    by: AbstractBaseUser | None = None,
) -> Squad:
    """Edit a force's units (a game played with units, ``GameSystem.units``) in one step.

    ``change`` edits the units' documents in place (``squad-roster/1``'s ``units``: add a
    unit, a member, a weapon...); the force is then read again through the game's rules,
    so whatever the change left is a unit the document accepts, or nothing is stored and
    the error says where (``units[1].members[0].count: ...``). The squad is locked first;
    with ``expected_version`` (the builder's page), a change to a force edited meanwhile is
    refused (``Conflict``) instead of landing on a unit that moved. The version rises by one.
    ``signals.units_changed`` tells who listens (a campaign keeps its forces' edits) what the
    edit did and who (``by``) made it.
    """
    locked = _lock(squad)
    game = get_system(locked.system)
    if game.units is None:
        raise ServiceError("units", _("This game lists models, not units."))
    if expected_version is not None and locked.version != expected_version:
        raise Conflict(
            "version",
            _("The force changed in another window or tab: here it is as it is now."),
            code="version-mismatch",
        )
    documents = json.loads(json.dumps(locked.units))  # a deep copy of plain JSON
    change(documents)
    header = {"format": "squad-roster/1", "system": locked.system, "name": locked.name,
              "faction": locked.faction, "points_limit": locked.points_limit}  # fmt: skip
    if game.factions is None and not locked.faction:
        del header["faction"]
    try:
        roster = parse_roster({**header, "units": documents})
    except DocumentError as error:
        problems = [(p.path, problem_text(p)) for p in error.problems]
        raise Invalid(problems[0][0], problems[0][1], problems=problems) from None
    before = locked.units
    locked.units = [unit_to_document(game, unit) for unit in roster.units]
    locked.updated = timezone.now()
    locked.version += 1  # what the UPDATE makes of it: the row is locked, no other writer
    Squad.objects.filter(pk=locked.pk).update(
        units=locked.units, version=F("version") + 1, updated=locked.updated
    )
    squads_changed.send(Squad, squad_ids=[locked.pk])
    units_changed.send(Squad, squad=locked, before=before, after=locked.units, by=by)
    return locked
