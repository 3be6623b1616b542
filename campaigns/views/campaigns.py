"""Campaign pages: the list, a campaign, joining, its settings and invitation, its
players, enrolling a squad."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from campaigns import selectors, services
from campaigns.adapters import (
    campaign_rules,
    violation_lines,
)
from campaigns.forms import CampaignForm, JoinForm, SettingsForm
from campaigns.models import Battle, Campaign, Entry, Player
from campaigns.views import rows
from campaigns.views.common import _organised, _pk, _readable
from rosters.models import Squad

BATTLES_PER_PAGE = 25


# --- campaigns ------------------------------------------------------------------------------


def campaign_list(request: HttpRequest) -> HttpResponse:
    campaigns = selectors.readable_campaigns(request.user)
    return render(
        request,
        "campaigns/campaign_list.html",
        {"campaigns": campaigns, "form": CampaignForm(user=request.user), "join_form": JoinForm()},
    )


@login_required
@require_POST
def campaign_create(request: HttpRequest) -> HttpResponse:
    form = CampaignForm(request.POST, user=request.user)
    if form.is_valid():
        try:
            campaign = services.campaign_create(organiser=request.user, **form.created_with())
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
    players = selectors.player_names(campaign) if is_organiser else []
    is_player = is_organiser or selectors.is_player(campaign, user)
    sort = request.GET.get("sort", "rank")
    log_sort = request.GET.get("log", "-number")
    page = Paginator(selectors.battles(campaign, log_sort), BATTLES_PER_PAGE).get_page(
        request.GET.get("page")
    )
    standings = selectors.standings(campaign, sort)
    # the squads in enrolment order (a standings row: the entry and its squad's name)
    entries = sorted(standings, key=lambda row: (row.entry.enrolled, row.entry.pk))
    my_entries, has_free_squads = [], False
    if is_player:
        my_entries = [row for row in entries if row.entry.player_id == user.pk]
        has_free_squads = selectors.free_squads(campaign, user).exists()
    pending = [b for b in page if b.status == Battle.Status.PENDING]
    squads: dict[int, list[str]] = {}  # each player's squads still in: one pass, not one each
    for row in entries if is_organiser else ():
        if row.entry.withdrawn is None:
            squads.setdefault(row.entry.player_id, []).append(row.squad)
    show_byes = any(row.byes for row in standings)  # a campaign that runs rounds
    # a row's links, its pk added: one reverse for all the rows
    entry_prefix = reverse("campaigns:entry", args=[campaign.pk, 0]).removesuffix("0/")
    remove_prefix = reverse("campaigns:player_remove", args=[campaign.pk, 0]).removesuffix(
        "0/remove/"
    )
    return render(
        request,
        "campaigns/campaign_detail.html",
        {
            "campaign": campaign,
            "standings": standings,
            "standing_rows": rows.standing_rows(
                standings, entry_prefix=entry_prefix, show_byes=show_byes
            ),
            "player_rows": rows.player_rows(
                players, squads, organiser_id=campaign.organiser_id, remove_prefix=remove_prefix
            ),
            "standing_columns": campaign_rules(campaign).standing_columns,
            "show_byes": show_byes,
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
            # who has not finished a battle's aftermath (one query), for the organiser
            "unfinished": selectors.unfinished_aftermaths(campaign) if is_organiser else [],
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
    """What waits for the user, where the header's badge leads: the reports waiting for their
    confirmation, and their tables in a published round with no battle reported (5 queries)."""
    context = {
        "battles": selectors.waiting_battles(request.user),
        "tables": selectors.tables_to_play_list(request.user),
    }
    return render(request, "campaigns/waiting.html", context)


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
                {
                    "campaigns": campaigns,
                    "form": CampaignForm(user=request.user),
                    "join_form": form,
                },
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
                house_rules=campaign.house_rules,  # its pack's: edited on the pack's pages
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
        {"campaign": campaign, "form": form, "invite_url": invite_url},
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
