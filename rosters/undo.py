"""Undo of the last change made in the builder, for a squad outside campaigns (issue #14).

The session keeps one step: which squad, the version the change gave it, and the squad as it
was just before (its squad-roster/1 document and its notes, which the document leaves out).
"Undo" puts that back through ``services.squad_replace`` with the version as
``expected_version``: if anything else changed the squad since (another tab, the API), the
versions differ and nothing is undone. One step only: an undo is not itself undone.

A campaign squad has no undo: its battles own its record, so it is never replaced whole.
The builder's views that change a squad are wrapped in ``undoable``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from core.errors import Conflict, ServiceError
from rosters import services
from rosters.adapters import load_squad
from rosters.models import Squad
from rules.documents import DocumentError, parse_roster, roster_to_document
from rules.types import Roster

KEY = "builder_undo"


def _snapshot(row: Squad) -> dict[str, Any]:
    """The squad as stored now: its document and its notes (1 query for a squad of models,
    none for a force of units, all in its row: ``adapters.load_squad``)."""
    stored = load_squad(row)
    return {
        "document": roster_to_document(stored.roster()),
        "notes": row.notes,
        "member_notes": {m.name: m.notes for m in stored.members if m.notes},
    }


def undoable(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Keep what the squad was before ``view`` changes it, when that change alone gave it
    its new version (an edit refused, or another writer in between, keeps no step).

    The view reads the squad it changes once, as its user may change it, and hands that row
    to ``changing`` before the change: what it was is the step's "after" when the last
    change was made here too (the builder page rendered after it gives it: ``rendered``),
    else loaded (``_snapshot``)."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        request.undo_for = pk
        request.undo_pending = None
        response = view(request, pk, *args, **kwargs)
        if request.undo_pending is not None:  # no page was rendered (a redirect)
            now = Squad.objects.filter(pk=pk).values_list("version", flat=True).first()
            _keep(request, now, None)
        return response

    return wrapper


def changing(request: HttpRequest, row: Squad) -> None:
    """An ``undoable`` view is about to change ``row``, read as its user may change it:
    keep what it is now, for a squad of the user's own outside campaigns (the organiser
    of a campaign changes a force they do not own, and a campaign squad has no undo)."""
    if getattr(request, "undo_for", None) != row.pk or request.undo_pending is not None:
        return
    if row.in_campaign or row.owner_id != request.user.pk:
        return
    step = request.session.get(KEY)
    if step and step["squad"] == row.pk and step["version"] == row.version and step.get("after"):
        before = step["after"]
    else:
        before = _snapshot(row)
    request.undo_pending = (row.pk, row.version, before)


def _keep(request: HttpRequest, now: int | None, after: dict | None) -> None:
    """Keep the pending change's step if it alone moved the squad to version ``now``."""
    pk, version, before = request.undo_pending
    request.undo_pending = None
    if now == version + 1:
        request.session[KEY] = {"squad": pk, "version": now, "before": before, "after": after}


def rendered(request: HttpRequest, squad: Squad, roster: Roster,
             member_notes: Mapping[str, str]) -> bool:  # fmt: skip
    """The builder shows ``squad`` (as ``roster``, with its models' notes by name) after a
    change made by an ``undoable`` view, or on its page: keep the change's step, with what
    the squad is now; then whether the last change can be undone."""
    pending = getattr(request, "undo_pending", None)
    if pending is not None and pending[0] == squad.pk:
        after = {
            "document": roster_to_document(roster),
            "notes": squad.notes,
            "member_notes": dict(member_notes),
        }
        _keep(request, squad.version, after)
    return available(request, squad)


def available(request: HttpRequest, squad: Squad) -> bool:
    """Whether the last change to ``squad`` made in this session can be undone."""
    step = request.session.get(KEY)
    return (
        step is not None
        and step["squad"] == squad.pk
        and step["version"] == squad.version
        and not squad.in_campaign
    )


def undo(request: HttpRequest, squad: Squad) -> Squad:
    """Put back the squad as it was before the last change made in this session."""
    step = request.session.get(KEY)
    if step is None or step["squad"] != squad.pk:
        raise Conflict("undo", _("There is no change of yours to undo on this squad."),
                       code="nothing-to-undo")  # fmt: skip
    before = step["before"]
    try:
        roster = parse_roster(before["document"])
    except DocumentError:  # the game's data changed since: that squad cannot come back
        raise ServiceError("undo", _("This change can no longer be undone.")) from None
    try:
        restored = services.squad_replace(
            squad=squad, roster=roster, expected_version=step["version"],
            notes=services.SquadNotes(before["notes"], before["member_notes"]),
        )  # fmt: skip
    except Conflict as conflict:
        if conflict.code != "version-mismatch":
            raise
        del request.session[KEY]
        raise Conflict(
            "undo",
            _("The squad changed elsewhere since your last change: nothing was undone."),
            code="version-mismatch",
        ) from None
    del request.session[KEY]
    return restored
