"""A campaign's rounds (issue #31): the list, where the organiser opens the next round, and
a round's page, with each table's battle once reported and, while the round is a draft, the
organiser's swap and withdraw controls (htmx: the round's section is rendered again in
place; without JavaScript the forms post and come back to the page). A round paired by
challenge shows the proposals: each player proposes an opponent for their squads, the
organiser accepts or refuses each (the same htmx section)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.backends.utils import csrf_input
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from campaigns import selectors, services
from campaigns.adapters import load_rosters
from campaigns.models import Campaign, Entry, Round, Seat
from campaigns.views import rows as page_rows
from campaigns.views.common import _pk, _problems, _readable
from rules.crew import crew_names


@require_http_methods(["GET", "POST"])
def round_list(request: HttpRequest, pk: int) -> HttpResponse:
    """The rounds, newest first; the organiser opens the next one here (POST)."""
    campaign = _readable(request, pk)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect("campaigns:rounds", campaign.pk)
        seed = request.POST.get("seed", "").strip()
        # a seed that is no whole number: -1, which the service refuses, saying what it takes
        drawn = (_pk(seed) if _pk(seed) is not None else -1) if seed else None
        try:
            round = services.round_open(
                campaign=campaign, by=request.user, mode=request.POST.get("mode", ""), seed=drawn
            )
        except services.ServiceError as error:
            messages.error(request, " ".join(_problems(error)))
            return redirect("campaigns:rounds", campaign.pk)
        return redirect("campaigns:round", campaign.pk, round.number)
    rounds = list(selectors.campaign_rounds(campaign))
    is_organiser = request.user.pk == campaign.organiser_id
    return render(
        request,
        "campaigns/rounds.html",
        {
            "campaign": campaign,
            "rounds": [(r, selectors.tables(r), selectors.bye(r)) for r in rounds],
            "is_organiser": is_organiser,
            "can_open": is_organiser and (not rounds or rounds[0].status == Round.Status.CLOSED),
            "first": not rounds,
            "modes": [(m.value, m.label) for m in services.rounds.OPEN_MODES],
        },
    )


def _page(request: HttpRequest, campaign: Campaign, number: int) -> HttpResponse:
    """The round's page, or its ``round`` section alone for htmx."""
    try:
        round = selectors.round_detail(campaign, number)
    except Round.DoesNotExist:
        raise Http404 from None
    tables = selectors.tables(round)
    bye = selectors.bye(round)
    is_organiser = request.user.pk == campaign.organiser_id
    seated = [seat.entry for table in round.pairings.all() for seat in table.seats.all()]
    challenges = list(round.challenges.all())
    proposed = {c.entry_id: c for c in challenges}
    challenging = round.mode == Round.Mode.CHALLENGE and round.status == Round.Status.DRAFT
    mine = [
        (entry, proposed.get(entry.pk)) for entry in seated if entry.player_id == request.user.pk
    ] if challenging else []  # fmt: skip
    template = "campaigns/round.html#round" if request.htmx else "campaigns/round.html"
    rows = [(t, list(t.seats.all())) for t in tables]
    can_set_scenario = is_organiser and round.status != Round.Status.CLOSED
    # the campaign's pack's scenarios, offered beside the typed text (a datalist)
    scenarios = selectors.scenario_names(campaign) if can_set_scenario else []
    return render(
        request,
        template,
        {
            "campaign": campaign,
            "round": round,
            "tables": rows,
            "table_rows": page_rows.table_rows(
                rows,
                round=round,
                user_id=request.user.pk,
                can_set_scenario=can_set_scenario,
                csrf_input=csrf_input(request) if can_set_scenario else "",
                scenario_list="scenarios" if scenarios else "",
                organiser=is_organiser,
            ),  # fmt: skip
            "scenarios": scenarios,
            "bye": bye.seats.all()[0] if bye is not None else None,
            "withdrawn": list(round.withdrawals.all()),
            "is_organiser": is_organiser,
            "can_edit": is_organiser and round.status == Round.Status.DRAFT,
            "can_close": is_organiser and round.status == Round.Status.PUBLISHED,
            "seated": sorted(seated, key=lambda e: e.squad.name.casefold()),
            "challenges": challenges,
            "can_challenge": challenging,
            "mine": mine,
        },
    )


def round_detail(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    return _page(request, _readable(request, pk), number)


def _round_action(request: HttpRequest, pk: int, number: int, act) -> HttpResponse:
    """Run ``act(round)`` (a service call); then the round again: its section for htmx, the
    page after a redirect otherwise. A refusal is said on the page."""
    campaign = _readable(request, pk)
    round = get_object_or_404(Round, campaign=campaign, number=number)
    round.campaign = campaign
    try:
        act(round)
    except services.ServiceError as error:
        messages.error(request, " ".join(_problems(error)))
    if request.htmx:
        return _page(request, campaign, number)
    return redirect("campaigns:round", campaign.pk, number)


def _entry(request: HttpRequest, round: Round, key: str) -> Entry:
    entry_pk = _pk(request.POST.get(key, ""))
    entry = Entry.objects.select_related("squad").filter(
        pk=entry_pk, campaign_id=round.campaign_id
    ).first() if entry_pk else None  # fmt: skip
    if entry is None:
        raise services.Invalid(key, _("choose a squad of this campaign"))
    return entry


@login_required
@require_POST
def round_publish(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    return _round_action(
        request, pk, number, lambda r: services.round_publish(round=r, by=request.user)
    )


@login_required
@require_POST
def round_close(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    return _round_action(
        request, pk, number, lambda r: services.round_close(round=r, by=request.user)
    )


@login_required
@require_POST
def round_swap(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    def swap(round: Round) -> None:
        first, second = _entry(request, round, "first"), _entry(request, round, "second")
        services.round_swap(round=round, first=first, second=second, by=request.user)

    return _round_action(request, pk, number, swap)


@login_required
@require_POST
def round_challenge(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A player proposes an opponent for one of their squads (a round paired by challenge)."""

    def propose(round: Round) -> None:
        entry, opponent = _entry(request, round, "entry"), _entry(request, round, "opponent")
        services.challenge_propose(round=round, entry=entry, opponent=opponent, by=request.user)

    return _round_action(request, pk, number, propose)


def _on_entry(name: str):
    """The organiser's view that runs ``services.<name>`` on the squad posted as ``entry``:
    withdraw it from the round, accept or refuse its challenge."""

    @login_required
    @require_POST
    def view(request: HttpRequest, pk: int, number: int) -> HttpResponse:
        def act(round: Round) -> None:
            entry = _entry(request, round, "entry")
            getattr(services, name)(round=round, entry=entry, by=request.user)

        return _round_action(request, pk, number, act)

    view.__name__ = name
    return view


round_withdraw = _on_entry("round_withdraw")
challenge_accept = _on_entry("challenge_accept")
challenge_refuse = _on_entry("challenge_refuse")


@login_required
@require_http_methods(["GET", "POST"])
def round_crew(request: HttpRequest, pk: int, number: int, entry_pk: int) -> HttpResponse:
    """A player chooses the crew their squad takes to its table: a box per model that can
    fight (per unit in a game played with units), all ticked for the whole squad."""
    campaign = _readable(request, pk)
    round = get_object_or_404(Round, campaign=campaign, number=number)
    round.campaign = campaign
    seat = get_object_or_404(
        Seat.objects.select_related("entry__squad", "entry__player", "pairing"),
        round=round, entry_id=entry_pk,
    )  # fmt: skip
    if seat.entry.player_id != request.user.pk:
        raise Http404
    if request.method == "POST":
        chosen = request.POST.getlist("crew")
        try:
            services.seat_crew(round=round, entry=seat.entry, crew=chosen, by=request.user)
        except services.ServiceError as error:
            messages.error(request, " ".join(_problems(error)))
            return redirect("campaigns:round_crew", campaign.pk, number, entry_pk)
        messages.success(request, _("Crew kept for round %(n)d.") % {"n": number})
        return redirect("campaigns:round", campaign.pk, number)
    roster = load_rosters([seat.entry.squad_id])[seat.entry.squad_id].roster
    names = crew_names(roster)
    return render(
        request,
        "campaigns/round_crew.html",
        {
            "campaign": campaign, "round": round, "seat": seat,
            "names": [(name, seat.crew is None or name in seat.crew) for name in names],
        },
    )  # fmt: skip


@login_required
@require_POST
def table_scenario(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """The organiser types a table's scenario (free text)."""

    def type_it(round: Round) -> None:
        table = _pk(request.POST.get("table", ""))
        if table is None:
            raise services.Invalid("table", _("choose a table of this round"))
        services.table_scenario(
            round=round, table=table, scenario=request.POST.get("scenario", ""), by=request.user
        )

    return _round_action(request, pk, number, type_it)
