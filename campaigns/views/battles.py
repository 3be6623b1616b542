"""Battle pages that write: a report entered (with its preview), confirmed, rejected,
recorded after, voided."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from campaigns import selectors, services
from campaigns.adapters import (
    campaign_rules,
)
from campaigns.forms import ReportSide, report_document
from campaigns.models import Battle, BattleSide, Campaign, Entry
from campaigns.views.common import _organised, _pk, _problems, _readable
from rosters.adapters import units_to_rules
from rosters.models import Member
from rosters.views import record_values
from rules import get_system

# --- battles --------------------------------------------------------------------------------


def _report_sides(campaign: Campaign, entry_ids: list[str], data) -> tuple[list[ReportSide], str]:
    ids = []
    for value in entry_ids:
        pk = _pk(value)
        if pk is not None and pk not in ids:
            ids.append(pk)
    entries = {
        e.pk: e
        for e in Entry.objects.filter(
            campaign=campaign, pk__in=ids, withdrawn__isnull=True
        ).select_related("squad", "player")
    }
    members: dict[int, list[Member]] = {}
    for member in Member.objects.filter(
        squad__in=[e.squad_id for e in entries.values()], status=Member.Status.ACTIVE
    ).order_by("position", "pk"):
        members.setdefault(member.squad_id, []).append(member)
    game = get_system(campaign.system)
    sides = [
        ReportSide(
            i, entries[pk], members.get(entries[pk].squad_id, []), game,
            units_to_rules(entries[pk].squad, game),
        )
        for i, pk in enumerate(p for p in ids if p in entries)
    ]  # fmt: skip
    return _crewed(campaign, sides, data)


def _crewed(campaign: Campaign, sides: list[ReportSide], data) -> tuple[list[ReportSide], str]:
    """The sides with their crews, and the scenario of their table (or ""). The crews are
    those posted (``crew-<entry>``, once the screen's crew was chosen: ``crews``), else
    those the players chose for the table of a published round where these squads sit
    (``selectors.table_setup``; the round and table the link names, ``_tied``); each side's
    rows narrowed to its crew. A name the squad lacks is left out here, as the report would
    refuse it."""
    if len(sides) < 2:  # still choosing the squads
        return sides, ""
    round, table = _tied(data)
    entries = [side.entry for side in sides]
    chosen, scenario = selectors.table_setup(campaign, entries, round=round, table=table)
    if "crews" in data:
        chosen = {side.entry.pk: data.getlist(f"crew-{side.entry.pk}") or None for side in sides}
    for side in sides:
        side.names = (
            tuple(u.name for u in side.units) if side.game.units is not None
            else tuple(m.name for m in side.members)
        )  # fmt: skip
        crew = tuple(name for name in side.names if name in (chosen.get(side.entry.pk) or ()))
        if crew:
            side.crew = crew
            side.members = [m for m in side.members if m.name in crew]
            side.units = tuple(u for u in side.units if u.name in crew)
    return sides, scenario


def _tied(data) -> tuple[int | None, int | None]:
    """The round and the table a report is for, as the round page's link names them
    (``round``, ``table``: whole numbers from 1), or None: the report then says its round
    (``battle-report/1``'s ``round``), and the service ties it to that round's table or
    refuses it, at ``round``."""
    round = _pk(data.get("round", "")) or None
    table = _pk(data.get("table", "")) or None
    return round, table if round is not None else None


def _ticked(entries: list[Entry], user) -> list[int]:
    """The squads the choice starts with: the player's, when they have one, and its
    opponent, when the campaign has one other squad."""
    mine = [e.pk for e in entries if e.player_id == user.pk]
    if len(mine) != 1:
        return []
    others = [e.pk for e in entries if e.player_id != user.pk]
    return mine + others if len(others) == 1 else mine


@login_required
@require_http_methods(["GET", "POST"])
def battle_new(request: HttpRequest, pk: int) -> HttpResponse:
    """Step 1 (no ``side``): choose the squads. Step 2: the report, one screen."""
    campaign = _readable(request, pk)
    if not selectors.is_player(campaign, request.user):
        raise Http404
    data = request.POST if request.method == "POST" else request.GET
    sides, table_scenario = _report_sides(campaign, data.getlist("side"), data)
    if len(sides) < 2:
        if "side" in data:
            messages.error(request, _("Choose at least two squads."))
        entries = list(
            Entry.objects.filter(campaign=campaign, withdrawn__isnull=True).select_related(
                "squad", "player"
            )
        )
        return render(
            request,
            "campaigns/battle_choose.html",
            {"campaign": campaign, "entries": entries, "ticked": _ticked(entries, request.user)},
        )
    game = get_system(campaign.system)
    labels = game.campaign.labels
    errors: list[str] = []
    preview: dict[str, Any] | None = None
    if request.method == "POST":
        document, errors = report_document(
            request.POST, system=campaign.system, sides=sides, round=_tied(data)[0]
        )
        if "preview" in request.POST:
            preview = _preview(campaign, sides, data, document, errors)
            if request.htmx:
                return render(
                    request, "campaigns/battle_form.html#report-preview", {"preview": preview}
                )
            errors = []
        elif not errors:
            try:
                submitted = services.battle_submit(
                    campaign=campaign,
                    user=request.user,
                    document=document,
                    idempotency_key=request.POST.get("idempotency_key", ""),
                )
            except services.ServiceError as error:
                errors = _problems(error, [side.entry.squad.name for side in sides], document)
            else:
                battle = submitted.battle
                if battle.status == Battle.Status.CONFIRMED:
                    messages.success(request, _("Battle %(n)s applied.") % {"n": battle.number})
                else:
                    messages.success(
                        request,
                        _("Battle %(n)s recorded; it waits for the organiser or an opponent to "
                          "confirm it.") % {"n": battle.number},
                    )  # fmt: skip
                return redirect("campaigns:battle", campaign.pk, battle.number)
    return render(
        request,
        "campaigns/battle_form.html",
        {
            "campaign": campaign,
            "sides": [
                (
                    side,
                    side.outcome(data),
                    side.unit_rows(data) if game.units is not None else side.rows(data),
                    side.side_fields(data),
                )
                for side in sides
            ],  # fmt: skip
            "units_game": game.units is not None,
            "any_crew": any(side.crew is not None for side in sides),
            "tied": dict(zip(("round", "table"), _tied(data), strict=True)),
            # the table's scenario, typed by the organiser, until the screen has its own
            "scenario": data.get("scenario") if "scenario" in data else table_scenario,
            "scenarios": selectors.scenario_names(campaign),  # the pack's, offered
            "errors": errors,
            "states": [(code, _(labels.get(code, code))) for code in game.states],
            "deeds": game.deeds,
            "casualty_fields": game.report.casualty,
            "outcome_label": labels.get("column:outcome", gettext_noop("Result")),
            "roll_fields": tuple(f for f in game.report.side if f.kind == "rolls"),
            "parts": game.part_templates,  # the game's note under the sides
            "outcomes": [(c, _(labels.get(f"outcome:{c}", c))) for c in game.outcomes],
            "idempotency_key": data.get("idempotency_key") or uuid.uuid4().hex,
            "preview": preview,
        },
        status=400 if errors else 200,
    )


def _preview(
    campaign: Campaign, sides: list[ReportSide], data, document: dict, errors: list[str]
) -> dict[str, Any]:
    """What the report screen's preview shows: each side's VP by the game's rules
    (``services.battle_preview``), or why they cannot be counted yet."""
    label = campaign_rules(campaign).labels.get("column:casualty_vp", gettext_noop("VP lost"))
    preview: dict[str, Any] = {"sides": [], "problems": [], "casualty_vp_label": label}
    if any(not side.outcome(data) for side in sides):
        preview["problems"] = [_("Choose each side's mission to see its VP.")]
    elif errors:
        preview["problems"] = errors
    else:
        try:
            scored = services.battle_preview(campaign=campaign, document=document)
        except services.ServiceError as error:
            names = [side.entry.squad.name for side in sides]
            preview["problems"] = _problems(error, names, document)
        else:
            placings = dict(BattleSide.Placing.choices)
            preview["sides"] = [(side, placings.get(side.placing, "")) for side in scored]
    return preview


@login_required
@require_POST
def battle_aftermath(request: HttpRequest, pk: int, number: int, member_pk: int) -> HttpResponse:
    """A model's fate after the battle, recorded by hand (``services.battle_aftermath``)."""
    campaign = _readable(request, pk)
    battle = get_object_or_404(Battle, campaign=campaign, number=number)
    member = get_object_or_404(Member.objects.select_related("squad"), pk=member_pk)
    try:
        written = services.battle_aftermath(
            battle=battle, user=request.user, member=member,
            status=request.POST.get("status", member.status),
            record=record_values(request, member),
        )  # fmt: skip
    except services.ServiceError as error:
        messages.error(request, " ".join(_problems(error)))
    else:
        if written:
            messages.success(request, _("Recorded for %(name)s.") % {"name": member.name})
    return redirect("campaigns:battle", campaign.pk, number)


def _battle_action(request: HttpRequest, pk: int, number: int, action) -> HttpResponse:
    campaign = _readable(request, pk)
    battle = get_object_or_404(Battle, campaign=campaign, number=number)
    try:
        action(battle=battle, user=request.user)
    except services.ServiceError as error:
        messages.error(request, " ".join(_problems(error)))
    return redirect("campaigns:battle", campaign.pk, number)


@login_required
@require_POST
def battle_confirm(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    return _battle_action(request, pk, number, services.battle_confirm)


@login_required
@require_POST
def battle_reject(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    return _battle_action(request, pk, number, services.battle_reject)


@login_required
@require_http_methods(["GET", "POST"])
def battle_void(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Voiding undoes a battle for good, so it asks first: the battle page's button asks in a
    dialog (``hx-confirm``) and posts here through htmx, sent back to the battle page; without
    JavaScript the button GETs this page, whose form posts."""
    if request.method == "POST":
        response = _battle_action(request, pk, number, services.battle_void)
        return HttpResponseClientRedirect(response["Location"]) if request.htmx else response
    campaign = _organised(request, pk)
    battle = get_object_or_404(
        Battle.objects.prefetch_related(
            Prefetch("sides", queryset=BattleSide.objects.select_related("entry__squad"))
        ),
        campaign=campaign,
        number=number,
    )
    return render(
        request,
        "campaigns/confirm_void.html",
        {
            "campaign": campaign,
            "battle": battle,
            "question": _void_question(battle),
            "can_void": battle.status == Battle.Status.CONFIRMED,
            # only a confirmed battle can wait on a later one: a voided one keeps its place
            "void_first": (
                selectors.void_first(battle) if battle.status == Battle.Status.CONFIRMED else None
            ),
        },
    )


def _void_question(battle: Battle) -> str:
    return _(
        "Void battle %(n)s? Every change it made to the squads is undone, and it no longer "
        "counts in the standings. This cannot be taken back."
    ) % {"n": battle.number}
