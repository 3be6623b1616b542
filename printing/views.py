"""Downloads of the printed outputs.

- The quick-reference card of a game system: public; with a club's pack (``pack=<id>``, a
  pack the user may read, ``token=`` its share link's; or ``campaign=<id>``, the version the
  campaign plays with: ``printing.card_packs``), its weapon cells marked, cached by version.
- A campaign's report (``campaigns:report_pdf``): whoever may read the campaign.
- A campaign's book (``campaigns:book_pdf``, ``printing.book``): whoever may read the
  campaign; printed by the task worker as the report is.
- A round's pairings sheet (``campaigns:round_pairings_pdf``): whoever may read the campaign.
- A crew's sheet or cards (``campaigns:crew_sheet_pdf``, ``crew_cards_pdf``,
  ``printing.crew``): the squad's player and the campaign's organiser, rendered in the
  request.
- A stored squad's sheet or model cards: its owner's, through the squad's pk (another user
  gets a 404, an anonymous visitor is sent to log in, as on the builder); anyone's, through
  the squad's public id, while its owner keeps the public link on (else a 404).

Query parameters: ``paper=a4|letter`` (default ``a4``) and, for squads, ``dead=1|0``:
``1`` (the default) prints the dead models too, greyed and struck through, so the sheet is
the squad's whole record, as the command line prints it; ``0`` leaves them out, for the
table. Anything else is a 400.

A squad's PDF is cached by the squad's version (every edit bumps it), so a repeat download
of an unchanged squad costs one query and a cache read. With the task queue on, the worker
renders it (ahead, after each edit); a download that comes before the PDF waits for it, up to
``PDF_WAIT_SECONDS`` (the worker says on Redis when it is stored: ``printing.tasks``), and is
answered with it the moment it is there. Past that wait it answers 202 with a page that says
it is on its way and asks again by itself (``print/on_its_way.html``, after ``Retry-After``
seconds, from the queue's length and the measured render time), then shows the link. A
``Prefer: respond-async`` header answers 202 at once, ``Prefer: wait=N`` waits N seconds at
most. With the queue off the PDF is rendered in the request.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from campaigns import selectors
from campaigns.models import Campaign, Round
from core.errors import Missing, ServiceError
from core.limits import limit_pdf, over_limit
from printing.book import BOOK, REPORT, CampaignPrint
from printing.card_packs import card_pack
from printing.crew import NoCrewSheet, crew_filename, crew_seat, crew_sheet_pdf
from printing.pairings import pairings_filename, pairings_pdf
from printing.pdf import (
    PAPER_SIZES,
    NotPrintable,
    PrintTooLong,
    reference_card_pdf,
    reference_pack_key,
    stored_squad_filename,
)
from printing.tasks import (
    on_its_way,
    retry_after,
    squad_pdf_or_on_its_way,
    wait_seconds,
)
from rosters.models import COSTING_RELATED, Squad

DEAD_OPTIONS = {"1": True, "0": False}
ON_ITS_WAY = "print/on_its_way.html"


def print_budget(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A print stopped by the budget (``PrintTooLong``) answers 503 with its message."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except PrintTooLong as error:
            return HttpResponse(error.message, status=503, content_type="text/plain; charset=utf-8")

    return wrapped


def _paper(request: HttpRequest) -> str | None:
    paper = request.GET.get("paper", "a4")
    return paper if paper in PAPER_SIZES else None


def _pdf_response(pdf: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = content_disposition_header(
        as_attachment=True, filename=filename
    )
    return response


@require_GET
@limit_pdf
@print_budget
def reference_card(request: HttpRequest, system: str) -> HttpResponse:
    """``/print/reference/<system>.pdf?paper=a4|letter``: the card as a PDF attachment;
    with ``pack=<id>`` (and the share link's ``token``) or ``campaign=<id>``, with that pack's
    weapon profiles, marked (``printing.card_packs``)."""
    paper = _paper(request)
    if paper is None:
        return HttpResponseBadRequest(_("Paper must be a4 or letter."))
    try:
        version = card_pack(
            system=system, user=request.user, pack=request.GET.get("pack"),
            token=request.GET.get("token"), campaign=request.GET.get("campaign"),
        )  # fmt: skip
    except Missing as error:
        raise Http404(error.message) from None
    except ServiceError as error:
        return HttpResponseBadRequest(error.message)
    try:
        pdf = reference_card_pdf(
            system, paper=paper, pack=None if version is None else version.read,
            pack_key=None if version is None else reference_pack_key(version),
        )  # fmt: skip
    except NotPrintable:
        raise Http404(_("No quick-reference card for this game.")) from None
    return _pdf_response(pdf, f"{system}-reference-{paper}.pdf")


# --- what the task worker prints: squads' sheets and cards, campaign reports ----------------


def _download(
    request: HttpRequest,
    *,
    asked: bool,
    pdf: Callable[[float], bytes | None],
    filename: str,
    context: dict,
    waiting_page: str = ON_ITS_WAY,
) -> HttpResponse:
    """Every PDF a download may wait for (a squad's sheet or cards, a campaign's report):
    ``pdf(wait)`` gives it, waiting up to ``wait`` seconds for the worker, or ``None`` while
    the worker prints it (``printing.tasks``). Counted against the PDF limit unless it was
    ``asked`` for already (asking again while the worker prints is free); before it is
    ready, 202 with ``waiting_page``, which asks again by itself (htmx) after Retry-After
    seconds, then shows the link (``context``: what those pages show)."""
    if not asked:
        refused = over_limit(request, "pdf")
        if refused is not None:
            return refused
    wait = wait_seconds(request.headers.get("Prefer"))
    try:
        printed = pdf(wait)
    except PrintTooLong as error:
        if not request.htmx:
            raise  # print_budget: 503 with the message
        return render(request, ON_ITS_WAY + "#failed", {**context, "message": error.message})
    if printed is None:  # the worker is rendering it
        seconds = retry_after(wait=wait)
        page = ON_ITS_WAY + "#preparing" if request.htmx else waiting_page
        response = render(request, page, {**context, "retry_after": seconds}, status=202)
        response["Retry-After"] = str(seconds)
        return response
    if request.htmx:  # the "preparing" line asks again: it is there now
        return render(request, ON_ITS_WAY + "#ready", context)
    return _pdf_response(printed, filename)


def _squad_pdf(request: HttpRequest, squad: Squad, *, cards: bool, back: str) -> HttpResponse:
    """``back``: the squad's page, which the page of a PDF on its way links back to."""
    paper = _paper(request)
    if paper is None:
        return HttpResponseBadRequest(_("Paper must be a4 or letter."))
    include_dead = DEAD_OPTIONS.get(request.GET.get("dead", "1"))
    if include_dead is None:
        return HttpResponseBadRequest(_("Dead must be 1 (print the dead) or 0 (leave them out)."))

    options = {"paper": paper, "cards": cards, "include_dead": include_dead}

    def pdf(wait: float) -> bytes | None:
        try:
            return squad_pdf_or_on_its_way(squad, **options, wait=wait)
        except NotPrintable:
            raise Http404(_("No squad sheet for this game.")) from None

    filename = stored_squad_filename(squad, cards=cards)
    return _download(
        request,
        asked=on_its_way(squad, **options),
        pdf=pdf,
        filename=filename,
        context={
            "squad": squad,
            "filename": filename,
            "url": request.get_full_path(),
            "back": back,
        },
    )


def _owned(request: HttpRequest, pk: int) -> Squad:
    return get_object_or_404(
        Squad.objects.select_related("owner", *COSTING_RELATED), pk=pk, owner=request.user
    )


def _shared(public_id) -> Squad:
    return get_object_or_404(
        Squad.objects.select_related("owner", *COSTING_RELATED), public_id=public_id, is_public=True
    )


@login_required
@require_GET
@print_budget
def squad_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """``/print/squads/<pk>/sheet.pdf``: the owner's squad sheet."""
    return _squad_pdf(
        request, _owned(request, pk), cards=False, back=reverse("rosters:builder", args=[pk])
    )


@login_required
@require_GET
@print_budget
def squad_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """``/print/squads/<pk>/cards.pdf``: the owner's model cards."""
    return _squad_pdf(
        request, _owned(request, pk), cards=True, back=reverse("rosters:builder", args=[pk])
    )


@require_GET
@print_budget
def shared_sheet(request: HttpRequest, public_id) -> HttpResponse:
    """``/print/s/<public_id>/sheet.pdf``: a public squad's sheet, for anyone."""
    back = reverse("squad_shared", args=[public_id])
    return _squad_pdf(request, _shared(public_id), cards=False, back=back)


@require_GET
@print_budget
def shared_cards(request: HttpRequest, public_id) -> HttpResponse:
    """``/print/s/<public_id>/cards.pdf``: a public squad's model cards, for anyone."""
    back = reverse("squad_shared", args=[public_id])
    return _squad_pdf(request, _shared(public_id), cards=True, back=back)


# --- campaigns ------------------------------------------------------------------------------


def _campaign_pdf(request: HttpRequest, pk: int, printed: CampaignPrint) -> HttpResponse:
    """One of a campaign's PDFs (``printing.book.REPORT`` or ``BOOK``), for whoever may read
    the campaign (others get 404), printed by the task worker as a squad's sheet is."""
    campaign = get_object_or_404(
        Campaign.objects.select_related("organiser", "pack_version"), pk=pk
    )
    if not selectors.can_read(campaign, request.user):
        raise Http404
    paper = _paper(request)
    if paper is None:
        return HttpResponseBadRequest(_("Paper must be a4 or letter."))
    stamp = printed.stamp(campaign)
    filename = printed.filename(campaign, paper=paper)
    page_url = request.build_absolute_uri(reverse("campaigns:detail", args=[campaign.pk]))
    return _download(
        request,
        asked=printed.on_its_way(campaign, stamp=stamp, paper=paper),
        pdf=lambda wait: printed.pdf_or_on_its_way(
            campaign, stamp=stamp, paper=paper, page_url=page_url, wait=wait
        ),
        filename=filename,
        context={"campaign": campaign, "filename": filename, "url": request.get_full_path()},
        waiting_page="campaigns/report_on_its_way.html",
    )


@print_budget
def campaign_report(request: HttpRequest, pk: int) -> HttpResponse:
    """``/campaigns/<pk>/report.pdf?paper=a4|letter``: the standings and the latest battles."""
    return _campaign_pdf(request, pk, REPORT)


@require_GET
@print_budget
def campaign_book(request: HttpRequest, pk: int) -> HttpResponse:
    """``/campaigns/<pk>/book.pdf?paper=a4|letter``: the whole campaign (``printing.book``)."""
    return _campaign_pdf(request, pk, BOOK)


@require_GET
@limit_pdf
@print_budget
def round_pairings(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """``/campaigns/<pk>/rounds/<n>/pairings.pdf?paper=a4|letter``: the round's tables,
    squads, players, crews and scenarios (``printing.pairings``), rendered in the request."""
    campaign = get_object_or_404(Campaign, pk=pk)
    if not selectors.can_read(campaign, request.user):
        raise Http404
    paper = _paper(request)
    if paper is None:
        return HttpResponseBadRequest(_("Paper must be a4 or letter."))
    try:
        round = selectors.round_detail(campaign, number)
    except Round.DoesNotExist:
        raise Http404 from None
    pdf = pairings_pdf(campaign, round, paper=paper)
    return _pdf_response(pdf, pairings_filename(campaign, round, paper=paper))


def _crew_pdf(request: HttpRequest, pk: int, number: int, entry_pk: int, *, cards: bool):
    """A crew's sheet or cards (``printing.crew``), for the squad's player and the
    campaign's organiser (404 for anyone else, as a squad's own sheet), rendered in the
    request."""
    campaign = get_object_or_404(Campaign.objects.select_related("pack_version"), pk=pk)
    round = get_object_or_404(Round, campaign=campaign, number=number)
    try:
        seat = crew_seat(round, entry_id=entry_pk)
        if request.user.pk not in (seat.entry.player_id, campaign.organiser_id):
            raise NoCrewSheet(entry_pk)  # nobody else's: as if it were not there
        paper = _paper(request)
        if paper is None:
            return HttpResponseBadRequest(_("Paper must be a4 or letter."))
        pdf = crew_sheet_pdf(campaign, round, seat, paper=paper, cards=cards)
    except (NoCrewSheet, NotPrintable):
        raise Http404 from None
    return _pdf_response(pdf, crew_filename(seat, round, cards=cards))


@login_required
@require_GET
@limit_pdf
@print_budget
def crew_sheet(request: HttpRequest, pk: int, number: int, entry_pk: int) -> HttpResponse:
    """``/campaigns/<pk>/rounds/<n>/crew/<entry>/sheet.pdf``: the crew's sheet, with the
    table's scenario."""
    return _crew_pdf(request, pk, number, entry_pk, cards=False)


@login_required
@require_GET
@limit_pdf
@print_budget
def crew_cards(request: HttpRequest, pk: int, number: int, entry_pk: int) -> HttpResponse:
    """``/campaigns/<pk>/rounds/<n>/crew/<entry>/cards.pdf``: the crew's cards."""
    return _crew_pdf(request, pk, number, entry_pk, cards=True)
