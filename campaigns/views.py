"""Campaign pages. Each view checks who may see or do what, calls one service or selector,
and renders; the rules live in ``rules/``, the writes in ``services.py``, the reads in
``selectors.py``.

Who may do what: anyone reads a public campaign, only its organiser and players a private
one (others get 404); only the organiser changes settings, voids and removes players; the
organiser or an opposing player confirms; only a player whose squad fought enters a report.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Mapping
from itertools import repeat
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from campaigns import characters, selectors, services
from campaigns.adapters import (
    campaign_points,
    campaign_rules,
    campaign_violations,
    violation_lines,
)
from campaigns.forms import CampaignForm, JoinForm, ReportSide, SettingsForm, report_document
from campaigns.models import Battle, BattleSide, Campaign, Entry, Player
from rosters.adapters import units_to_rules
from rosters.models import Member, Squad
from rosters.views import record_values
from rules import get_system
from rules.registry import GameSystem, RecordField
from rules.types import Casualty, Side

BATTLES_PER_PAGE = 25


def _readable(request: HttpRequest, pk: int) -> Campaign:
    campaign = get_object_or_404(Campaign.objects.select_related("organiser"), pk=pk)
    if not selectors.can_read(campaign, request.user):
        raise Http404
    return campaign


def _organised(request: HttpRequest, pk: int) -> Campaign:
    return get_object_or_404(Campaign, pk=pk, organiser=request.user)


def _problems(
    error: services.ServiceError,
    campaign_sides: list[str] | None = None,
    document: dict | None = None,
) -> list[str]:
    """Service errors as lines a player can read: the squad's name instead of ``sides[0]``,
    and the model's or unit's instead of ``casualties[2]`` (from the report ``document``)."""
    pairs = getattr(error, "problems", None) or [(error.field, error.message)]
    lines = []
    for path, message in pairs:
        match = re.match(r"sides\[(\d+)\](?:\.(casualties|deeds)\[(\d+)\])?", path or "")
        if match and campaign_sides and int(match.group(1)) < len(campaign_sides):
            where = campaign_sides[int(match.group(1))]
            if match.group(2) and document is not None:
                where += _named(document, int(match.group(1)), match.group(2), int(match.group(3)))
            lines.append(message if message.startswith(where) else f"{where}: {message}")
        else:
            lines.append(f"{path}: {message}" if path else message)
    return lines


def _named(document: dict, side: int, key: str, index: int) -> str:
    """``", <name>"`` of the unit or model at ``sides[side].<key>[index]`` of a report."""
    try:
        item = document["sides"][side][key][index]
        name = item.get("unit", item.get("member"))
    except (KeyError, IndexError, TypeError, AttributeError):
        return ""
    return f", {name}" if isinstance(name, str) else ""


# --- campaigns ------------------------------------------------------------------------------


def campaign_list(request: HttpRequest) -> HttpResponse:
    campaigns = selectors.readable_campaigns(request.user)
    return render(
        request,
        "campaigns/campaign_list.html",
        {"campaigns": campaigns, "form": CampaignForm(), "join_form": JoinForm()},
    )


@login_required
@require_POST
def campaign_create(request: HttpRequest) -> HttpResponse:
    form = CampaignForm(request.POST)
    if form.is_valid():
        try:
            campaign = services.campaign_create(organiser=request.user, **form.cleaned_data)
        except services.ServiceError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        else:
            return redirect("campaigns:detail", campaign.pk)
    campaigns = selectors.readable_campaigns(request.user)
    return render(
        request,
        "campaigns/campaign_list.html",
        {"campaigns": campaigns, "form": form, "join_form": JoinForm()},
        status=400,
    )


def campaign_detail(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = _readable(request, pk)
    user = request.user
    is_organiser = user.is_authenticated and user.pk == campaign.organiser_id
    # the organiser manages the players, and is one (``services.campaign_create``)
    players = selectors.players(campaign) if is_organiser else []
    is_player = is_organiser or selectors.is_player(campaign, user)
    sort = request.GET.get("sort", "rank")
    log_sort = request.GET.get("log", "-number")
    page = Paginator(selectors.battles(campaign, log_sort), BATTLES_PER_PAGE).get_page(
        request.GET.get("page")
    )
    standings = selectors.standings(campaign, sort)
    entries = sorted((row.entry for row in standings), key=lambda e: (e.enrolled, e.pk))
    my_entries, has_free_squads = [], False
    if is_player:
        my_entries = [e for e in entries if e.player_id == user.pk]
        has_free_squads = selectors.free_squads(campaign, user).exists()
    pending = [b for b in page if b.status == Battle.Status.PENDING]
    return render(
        request,
        "campaigns/campaign_detail.html",
        {
            "campaign": campaign,
            "standings": standings,
            "players": [
                (player, [e.squad.name for e in entries
                          if e.player_id == player.user_id and e.withdrawn is None])
                for player in players
            ],
            "standing_columns": campaign_rules(campaign).standing_columns,
            # the game's word for what its casualties column counts, and where its rules
            # come from (a campaign layer the rulebook does not have)
            "casualties_label": campaign_rules(campaign).labels.get(
                "column:casualties", gettext_noop("Casualties")
            ),
            "campaign_note": campaign_rules(campaign).labels.get("campaign:note", ""),
            "sort": sort,
            "log_sort": log_sort,
            "page": page,
            "pending": pending,
            "is_organiser": is_organiser,
            "is_player": is_player,
            "my_entries": my_entries,
            "has_free_squads": has_free_squads,
            "game_name": campaign.game_name,
            "invite_url": request.build_absolute_uri(
                reverse("campaigns:join_link", args=[campaign.invite_code])
            ) if is_organiser else "",
        },
    )  # fmt: skip


@login_required
def waiting_list(request: HttpRequest) -> HttpResponse:
    """The reports waiting for the user's confirmation: where the header's badge leads."""
    return render(
        request, "campaigns/waiting.html", {"battles": selectors.waiting_battles(request.user)}
    )


@login_required
@require_http_methods(["GET", "POST"])
def player_remove(request: HttpRequest, pk: int, player_pk: int) -> HttpResponse:
    """The organiser removes a player (``services.player_remove``). The player list's button
    asks in a dialog (``hx-confirm``) and posts here through htmx; without JavaScript it GETs
    this page, whose form posts."""
    campaign = _organised(request, pk)
    player = get_object_or_404(Player.objects.select_related("user"), pk=player_pk,
                               campaign=campaign)  # fmt: skip
    if request.method == "GET":
        return render(
            request, "campaigns/confirm_remove.html", {"campaign": campaign, "player": player}
        )
    try:
        removed = services.player_remove(campaign=campaign, by=request.user, player=player)
    except services.ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _removed_message(removed))
    url = reverse("campaigns:detail", args=[campaign.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def _removed_message(removed: services.Removed) -> str:
    text = _("%(player)s was removed from the campaign.") % {"player": removed.username}
    if removed.withdrawn:
        text += " " + ngettext(
            "Their squad %(squads)s is withdrawn: its battles still count.",
            "Their squads %(squads)s are withdrawn: their battles still count.",
            len(removed.withdrawn),
        ) % {"squads": ", ".join(removed.withdrawn)}
    if removed.pending:
        text += " " + ngettext(
            "%(n)d report naming them still waits for your decision.",
            "%(n)d reports naming them still wait for your decision.",
            removed.pending,
        ) % {"n": removed.pending}
    return text


@login_required
@require_http_methods(["GET", "POST"])
def campaign_join(request: HttpRequest, code: str = "") -> HttpResponse:
    """The invitation link (``/campaigns/join/<code>/``) or the code typed in a form. A code
    no campaign can have (a NUL, too long: the database would refuse it in a query) is the
    form's error, 400, or a link not found."""
    if not code and request.method == "POST":
        form = JoinForm(request.POST)
        if not form.is_valid():
            campaigns = selectors.readable_campaigns(request.user)
            return render(
                request,
                "campaigns/campaign_list.html",
                {"campaigns": campaigns, "form": CampaignForm(), "join_form": form},
                status=400,
            )
        code = form.cleaned_data["code"]
    elif JoinForm({"code": code}).errors:
        raise Http404
    campaign = Campaign.objects.filter(invite_code=code).first() if code else None
    if campaign is None:
        if request.method == "POST":
            messages.error(request, _("No campaign has this invitation code."))
            return redirect("campaigns:list")
        raise Http404
    if request.method == "POST":
        services.campaign_join(campaign=campaign, user=request.user)
        messages.success(request, _("You joined %(name)s.") % {"name": campaign.name})
        return redirect("campaigns:detail", campaign.pk)
    return render(request, "campaigns/join.html", {"campaign": campaign, "code": code})


@login_required
@require_http_methods(["GET", "POST"])
def campaign_settings(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = _organised(request, pk)
    form = SettingsForm(request.POST or None, instance=campaign)
    if request.method == "POST" and form.is_valid():
        try:
            services.campaign_update(
                campaign=campaign,
                house_rules=form.house_rules(),
                **{k: form.cleaned_data[k] for k in SettingsForm.Meta.fields},
            )
        except services.ServiceError as error:
            form.add_service_error(error.field, error.message)
        else:
            messages.success(request, _("Settings saved."))
            return redirect("campaigns:detail", campaign.pk)
    invite_url = request.build_absolute_uri(
        reverse("campaigns:join_link", args=[campaign.invite_code])
    )
    return render(
        request,
        "campaigns/settings.html",
        {"campaign": campaign, "form": form, "house_tables": form.table_groups(),
         "invite_url": invite_url},
        status=400 if form.errors else 200,
    )  # fmt: skip


@login_required
@require_POST
def invite_regenerate(request: HttpRequest, pk: int) -> HttpResponse:
    """The settings page's button: a new invitation code, the old link and code dead
    (``services.campaign_invite_regenerate``). Posted by htmx after a confirmation, or by
    the plain form without JavaScript; back to the settings page either way."""
    campaign = _organised(request, pk)
    try:
        services.campaign_invite_regenerate(campaign=campaign, user=request.user)
    except services.ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("A new invitation code is made: the old link no longer works."))
    url = reverse("campaigns:settings", args=[campaign.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@login_required
@require_http_methods(["GET", "POST"])
def campaign_enrol(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the player's squads the campaign could enrol, each with what tells it from
    another (faction, points, models, the rules it breaks). POST: enrol one; a squad that
    breaks a rule is enrolled with a warning, or refused where the campaign requires valid
    squads (``services.enrol``)."""
    campaign = _readable(request, pk)
    if request.method == "GET":
        if not selectors.is_player(campaign, request.user):
            messages.error(request, _("Join the campaign before enrolling a squad."))
            return redirect("campaigns:detail", campaign.pk)
        return render(
            request,
            "campaigns/enrol.html",
            {"campaign": campaign, "choices": selectors.enrol_choices(campaign, request.user)},
        )
    squad_pk = _pk(request.POST.get("squad", ""))
    squad = Squad.objects.filter(pk=squad_pk, owner=request.user).first() if squad_pk else None
    if squad is None:
        messages.error(request, _("Choose one of your squads."))
        return redirect("campaigns:enrol", campaign.pk)
    try:
        entry = services.enrol(campaign=campaign, user=request.user, squad=squad)
    except services.ServiceError as error:
        messages.error(request, error.message)
        return redirect("campaigns:enrol", campaign.pk)
    problems = violation_lines(selectors.entry_violations(entry))
    if problems:
        messages.warning(request, _enrolled_invalid(entry, problems))
    else:
        messages.success(
            request, _("%(squad)s is enrolled; this copy is the one battles change.")
            % {"squad": entry.squad.name},
        )  # fmt: skip
    return redirect("campaigns:detail", campaign.pk)


def _enrolled_invalid(entry: Entry, problems: list[str]) -> str:
    return ngettext(
        "%(squad)s is enrolled but breaks %(count)d rule: %(problems)s. It cannot report a "
        "battle until its campaign copy is fixed (recruit and re-equip).",
        "%(squad)s is enrolled but breaks %(count)d rules: %(problems)s. It cannot report a "
        "battle until its campaign copy is fixed (recruit and re-equip).",
        len(problems),
    ) % {"squad": entry.squad.name, "count": len(problems), "problems": "; ".join(problems)}


# --- battles --------------------------------------------------------------------------------


def _pk(value: str) -> int | None:
    """A primary key sent in a form or a query, or None for anything else (``abc``, ``²``,
    a number no database column holds)."""
    value = value.strip()
    if value.isascii() and value.isdigit() and len(value) <= 18:
        return int(value)
    return None


def _report_sides(campaign: Campaign, entry_ids: list[str]) -> list[ReportSide]:
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
    return [
        ReportSide(
            i, entries[pk], members.get(entries[pk].squad_id, []), game,
            units_to_rules(entries[pk].squad, game),
        )
        for i, pk in enumerate(p for p in ids if p in entries)
    ]  # fmt: skip


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
    sides = _report_sides(campaign, data.getlist("side"))
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
        document, errors = report_document(request.POST, system=campaign.system, sides=sides)
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


def battle_detail(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    campaign = _readable(request, pk)
    try:
        battle = selectors.battle_detail(campaign, number)
    except Battle.DoesNotExist:
        raise Http404 from None
    user = request.user
    # The squad pages keep every model's "fought, unhurt"; here they would drown the news.
    history = [
        (h, selectors.describe(h, campaign.system))
        for h in battle.history.all()
        if not (h.kind == "fought" and h.params.get("state") == "unhurt")
    ]
    rules = campaign_rules(campaign)
    labels = rules.labels
    game = get_system(campaign.system)
    # what the report says, side by side, so the confirmer sees what they confirm (nothing
    # for a report stored before a change of the format: the rules cannot read it)
    report = selectors.stored_report(battle)
    reported = [_reported(side, game, labels) for side in report.sides] if report else []
    disputed = selectors.report_disagreements(battle, report)
    can_void = (
        user.is_authenticated
        and battle.status == Battle.Status.CONFIRMED
        and user.pk == campaign.organiser_id
    )
    void_first = battle.void_first if can_void else None
    return render(
        request,
        "campaigns/battle_detail.html",
        {
            "campaign": campaign,
            "battle": battle,
            "sides": [
                (s, _(labels.get(f"outcome:{s.outcome}", s.outcome)), lines, disputed.get(i, []))
                for i, (s, lines) in enumerate(
                    zip(battle.sides.all(), reported or repeat([]), strict=False)
                )
            ],  # fmt: skip
            "outcome_label": labels.get("column:outcome", gettext_noop("Result")),
            # a game whose outcomes are the result (win, draw, loss) has no column of its own
            # for the placing
            "show_placing": rules.placings is None,
            "history": history,
            "can_decide": user.is_authenticated
            and battle.status == Battle.Status.PENDING
            and services.can_decide(battle, user),
            "can_void": can_void and void_first is None,
            "void_first": void_first,
            "void_question": _void_question(battle),
            "casualty_vp_label": labels.get("column:casualty_vp", gettext_noop("VP lost")),
            "aftermath": _aftermath(battle, user),
            "parts": game.part_templates,  # a model's record in the aftermath
            "units_game": game.units is not None,
            "statuses": Member.Status.choices,
        },
    )


def _reported(side: Side, game: GameSystem, labels: Mapping[str, str]) -> list[str]:
    """One side of a stored report as lines, from what the rules read in it and the game's
    report fields (``ReportRules``): its own fields (how it gave up, say), then each
    casualty with the notes the game words (``note:<key>`` in ``labels``), each model's
    deeds, the dice it rolled at the table (a side field of kind ``rolls``)."""
    if game.units is not None:
        return [_unit_line(c, game, labels) for c in side.casualties]
    own = game.report.side
    lines = [_side_field_line(f, side.details[f.key], labels) for f in own
             if f.kind != "rolls" and side.details.get(f.key) not in (None, False, "")]  # fmt: skip
    for c in side.casualties:
        state = _(labels.get(c.state, c.state))
        lines.append(f"{c.member}: {state}{_casualty_notes(c, game, labels)}")
    for d in side.deeds:
        deeds = ", ".join(
            f"{_deed_word(deed, labels)} ×{d.count(deed.key)}"
            for deed in game.deeds
            if d.count(deed.key)
        )
        lines.append(f"{d.member}: {deeds}")
    for f in (f for f in own if f.kind == "rolls"):
        rolls = side.details.get(f.key, {})
        lines += [_roll_line(f, name, roll, labels) for name, roll in rolls.items()]
    return lines


def _casualty_notes(casualty: Casualty, game: GameSystem, labels: Mapping[str, str]) -> str:
    """What a casualty's own keys add after its state, for those the game words
    (``note:<key>``): " (treated)" for a flag, " (<word> <value>)" for another."""
    notes = ""
    for f in game.report.casualty:
        word = labels.get(f"note:{f.key}")
        value = casualty.details.get(f.key)
        if word is None or value in (None, False, ""):
            continue
        notes += f" ({_(word)})" if f.kind == "flag" else f" ({_(word)} {value})"
    return notes


def _roll_line(f: RecordField, name: str, roll: int, labels: Mapping[str, str]) -> str:
    """A die a side rolled at the table for one of its models, in the game's words
    (``rolls:<key>`` in ``labels``: a template of ``name`` and ``roll``), else its label."""
    template = labels.get(f"rolls:{f.key}")
    if template is None:
        return f"{name}: {_(f.label)} {roll}"
    return _(template) % {"name": name, "roll": roll}


def _side_field_line(f, value, labels) -> str:
    """A side's own field of a report (``ReportRules.side``) as "<label>: <value>", a code
    in the game's words (``<key>:<code>`` in ``labels``), a flag by its label alone."""
    if f.kind == "flag":
        return _(f.label)
    if f.kind == "code":
        value = _(labels.get(f"{f.key}:{value}", value))
    return _("%(label)s: %(value)s") % {"label": _(f.label), "value": value}


def _deed_word(deed, labels) -> str:
    """A deed in the reader's words: the game's word for it (``deed:<key>`` in ``labels``,
    the key as the report or as the history spells it), else the report field's label."""
    for key in (deed.key, deed.key.replace("_", "-")):
        if f"deed:{key}" in labels:
            return _(labels[f"deed:{key}"])
    return _(deed.label)


def _unit_line(casualty: Casualty, game: GameSystem, labels: Mapping[str, str]) -> str:
    """A unit's line of a report as sent: "1st Squad: casualties, models lost 3, pins 2"."""
    parts = []
    for f in game.report.casualty:
        if f.key not in casualty.details:
            continue
        value = casualty.details[f.key]
        if f.kind == "code":
            parts.append(_(labels.get(value, value)))
        else:
            parts.append(f"{_(f.label).lower()} {value}")
    return f"{casualty.member}: {', '.join(parts)}"


def _aftermath(battle: Battle, user) -> list[tuple[Entry, Member, bool]]:
    """The models the battle marked for a record by hand, and whether ``user`` may record."""
    marked = services.aftermath_members(battle)
    if not marked:
        return []
    entries = {e.pk: e for e in Entry.objects.filter(pk__in=marked)}
    return [
        (entries[entry_pk], member,
         user.is_authenticated and services.can_record(battle, entries[entry_pk], user))
        for entry_pk, members in marked.items()
        for member in members
    ]  # fmt: skip


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


# --- squads and characters ------------------------------------------------------------------


def entry_detail(request: HttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    """A campaign squad: each model with its record, CV and the like (the game's figures),
    equipment, abilities and injuries, or each unit; then its battles. 6 queries at most
    (the campaign comes with the entry)."""
    entry = get_object_or_404(
        Entry.objects.select_related("campaign__organiser", "squad", "player"),
        pk=entry_pk,
        campaign_id=pk,
    )
    campaign = entry.campaign
    if not selectors.can_read(campaign, request.user):
        raise Http404
    game = get_system(campaign.system)
    loaded = characters.load(entry.squad, list(entry.squad.members.all()))
    points = None
    if campaign_rules(campaign).points is not None:  # the campaign may cost squads its own way
        roster = loaded.roster()
        points = {
            "total": campaign_points(campaign, roster),
            "limit": roster.points_limit,
            "over": bool(campaign_violations(campaign, roster)),
        }
    return render(
        request,
        "campaigns/entry_detail.html",
        {
            "campaign": campaign,
            "entry": entry,
            "points": points,
            "models": characters.models_shown(loaded, game),
            "units": [
                (unit, _(game.units.kinds[unit.kind].label), game.units.models(unit))
                for unit in units_to_rules(entry.squad, game)
            ],
            "units_game": game.units is not None,
            "battles": selectors.entry_battles(entry),
            "edits": selectors.force_edits(entry) if game.units is not None else [],
            "is_owner": request.user.is_authenticated and request.user.pk == entry.player_id,
            # the organiser may edit a force of units between battles (each edit is kept)
            "can_edit_force": game.units is not None
            and request.user.is_authenticated
            and request.user.pk == campaign.organiser_id,
            "parts": game.part_templates,  # the game's record columns
            "abilities": bool(game.abilities),  # a game whose models carry none shows none
        },
    )


def character_detail(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    """A model of a campaign squad: what it carries into its next battle, then everything
    the campaign's battles did to it. 5 queries at most (the campaign comes with the model)."""
    member = get_object_or_404(
        Member.objects.select_related("squad__campaign_entry__campaign__organiser"),
        pk=member_pk,
        squad__campaign_entry__campaign_id=pk,
    )
    entry = member.squad.campaign_entry
    campaign = entry.campaign
    if not selectors.can_read(campaign, request.user):
        raise Http404
    timeline = [(h, selectors.describe(h, campaign.system)) for h in selectors.timeline(member.pk)]
    game = get_system(campaign.system)
    [shown] = characters.models_shown(characters.load(member.squad, [member]), game)
    return render(
        request,
        "campaigns/character.html",
        {
            "campaign": campaign,
            "member": member,
            "model": shown,
            "entry": entry,
            "type_label": shown.type_label,
            "timeline": timeline,
            "parts": game.part_templates,  # its record and figures
            "abilities": bool(game.abilities),  # a game whose models carry none shows none
        },
    )
