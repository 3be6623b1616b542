"""A battle's aftermath on one screen, per player (#31 item 3): what the battle already did
to the squad (read-only), the dice to roll (at the table, or by the server), a preview of
every change, and Keep (``services.keep_aftermath``, one transaction)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaigns import selectors, services
from campaigns.models import Battle, Entry, HistoryEntry
from campaigns.services import aftermath as aftermath_services
from campaigns.views.common import _pk, _problems, _readable
from rules.types import Change

ROLL = "roll:"  # a die's input: "roll:<key>"
PURPOSES = {"injury": gettext_noop("serious injury"), "advance": gettext_noop("advance")}


def _rolls(request: HttpRequest) -> dict[str, Any]:
    """The dice the form gives, by key: a number as a number; an empty box left to the
    server; anything else as sent, for the service to refuse at its place."""
    out: dict[str, Any] = {}
    for name, value in request.POST.items():
        if not name.startswith(ROLL) or not value.strip():
            continue
        value = value.strip()
        out[name.removeprefix(ROLL)] = int(value) if value.isdigit() and len(value) < 4 else value
    return out


def _entry(request: HttpRequest, battle: Battle) -> Entry | None:
    sent = request.POST.get("entry") or request.GET.get("entry") or ""
    if not sent:
        return None
    found = _pk(sent)
    if found is None:
        return None
    return get_object_or_404(Entry, pk=found, campaign_id=battle.campaign_id)


def _described(changes: tuple[Change, ...], system: str) -> list[tuple[str, str]]:
    """Each change as its model's name and the history's words (no query: unsaved rows)."""
    return [
        (change.member or "", selectors.describe(HistoryEntry(
            kind=change.kind, field=change.field or "", before=change.before, after=change.after,
            roll=change.roll, params=change.params,
        ), system))
        for change in changes
    ]  # fmt: skip


@login_required
def after_battle(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    campaign = _readable(request, pk)
    battle = get_object_or_404(Battle, campaign=campaign, number=number)
    entry = _entry(request, battle)
    rolls = _rolls(request) if request.method == "POST" else {}
    action = request.POST.get("action", "") if request.method == "POST" else ""
    errors: list[str] = []
    plan = None
    try:
        if action == "keep":
            kept = services.keep_aftermath(
                battle=battle, user=request.user, rolls=rolls, entry=entry
            )
            messages.success(
                request, _("The aftermath of %(squad)s is kept.") % {"squad": kept.entry.squad.name}
            )
            return redirect("campaigns:battle", campaign.pk, number)
        plan = services.preview_aftermath(
            battle=battle, user=request.user, rolls=rolls, entry=entry
        )
    except services.NotAllowed:
        raise PermissionDenied from None
    except services.ServiceError as error:
        errors = _problems(error)
    if plan is None and entry is None:  # refused: show the page of the user's own side
        entry = battle.sides.filter(entry__player=request.user).values_list("entry", flat=True)
        entry = Entry.objects.filter(pk__in=entry).first()
    shown = plan.entry if plan is not None else entry
    applied = [
        (h.member.name if h.member else "", selectors.describe(h, campaign.system))
        for h in battle.history.filter(entry=shown).select_related("member").order_by("seq")
        if h.kind != "fought" or h.params.get("state") != "unhurt"
    ] if shown is not None else []  # fmt: skip
    previewed = action == "preview" and plan is not None and not errors
    dice = [
        (die, ROLL + die.key, _(PURPOSES.get(die.purpose, die.purpose)), rolls.get(die.key, ""))
        for die in (plan.dice if plan is not None else ())
    ]
    gained = [c for c in plan.changes if c.kind == "experience"] if plan is not None else []
    return render(
        request,
        "campaigns/after_battle.html",
        {
            "campaign": campaign,
            "battle": battle,
            "entry": shown,
            "plan": plan,
            "errors": errors,
            "applied": applied,
            "dice": dice,
            "gained": _described(tuple(gained), campaign.system),
            "previewed": previewed,
            "changes": _described(plan.changes, campaign.system) if previewed else [],
            "kept_rolls": [(ROLL + r.key, r.value) for r in plan.rolls] if previewed else [],
            "done": shown is not None and aftermath_services.is_done(battle, shown),
        },
    )
