"""PDF printing with WeasyPrint: squad sheets, model cards, reference cards, campaign reports.

Every function takes plain values (a rules ``Roster``, an owner's name, a version number,
rows of dicts), so the command line prints a file with no database and the web views print
stored squads and campaigns the same way. HTML comes from Django templates (autoescaped);
the print engine (``printing.engine``) lays it out with ``static/css/print.css`` in a
child process, within ``settings.PRINT_BUDGET_SECONDS``.

This module prints what every game prints alike: a squad's header (name, owner, points,
validity, violations), its models' status, the footer, campaign reports. A game's own part
of its sheet, cards and quick-reference card, and their templates (under
``templates/systems/<code>/``), are its ``GameSystem.printing`` (``rules.registry.Printing``);
a game without one is ``NotPrintable``. The generic templates are under ``templates/print/``.

Rendering costs a tenth of a second or more, so a stored squad's PDF is cached by its
version (``squad_sheet_pdf(..., cache_key=...)``), a campaign report by the key its caller
builds from the campaign's state, and a reference card by system, paper and language.

WeasyPrint spends about half a millisecond on each element it lays out, whatever the layout
(table cell, paragraph, bold word): the templates keep the markup lean and ``print.css`` says
how (see bench/bench_print.py for the figures).
"""

from __future__ import annotations

import contextlib
import contextvars
import datetime
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from core.errors import ServiceError
from core.messages import violation_message
from rules import get_system, systems
from rules.registry import GameSystem, Pack, Printing
from rules.types import Member, Roster

PAPER_SIZES = {"a4": "A4", "letter": "letter"}
CACHE_SECONDS = 24 * 60 * 60
BLANK_ROWS = 4  # empty rows at the foot of a sheet, for recruits and notes

STATUS_LABELS = {
    "active": _("active"),
    "recovering": _("recovering: misses the next battle"),
    "captured": _("captured"),
    "dead": _("dead"),
}
SOURCE_LABELS = {"injury": _("injury"), "advance": _("advance"), "event": _("event")}


class NotPrintable(LookupError):
    """The game system has no printed sheet or reference card."""


class PrintTooLong(ServiceError):
    """The render outlived the print budget and was stopped (503: the service, not the
    request, is at its limit; the message says what to print instead)."""

    status = 503
    code = "print-too-long"


_budgeted = contextvars.ContextVar("budgeted", default=True)


@contextlib.contextmanager
def without_budget() -> Iterator[None]:
    """Render in this process, with no time limit: for the command line, which prints on the
    player's own machine and has no worker to keep alive."""
    token = _budgeted.set(False)
    try:
        yield
    finally:
        _budgeted.reset(token)


def _sheet_too_long() -> str:
    return gettext(
        "This PDF took longer than %(seconds)s seconds to print, the most one print may "
        "take, and was stopped. Leave the dead out (dead=0) or print fewer models."
    )


def render_pdf(
    template_name: str, context: dict[str, Any], *, too_long: Callable[[], str] = _sheet_too_long
) -> bytes:
    """Render a print template (``templates/print/``, ``templates/systems/<code>/``) to PDF
    bytes, within the print budget.

    The page is laid out by the print engine in a child process (``printing.engine``);
    past ``settings.PRINT_BUDGET_SECONDS`` the child is stopped and ``PrintTooLong`` raised
    with the message ``too_long()`` gives (``%(seconds)s``: the budget), the squad sheet's by
    default.
    """
    from printing import engine  # WeasyPrint: imported by what prints, not by what links

    html = render_to_string(template_name, context)
    budget = settings.PRINT_BUDGET_SECONDS if _budgeted.get() else None
    try:
        return engine.render(html, budget=budget)
    except engine.RenderTooLong:
        raise PrintTooLong("", too_long() % {"seconds": f"{budget:g}"}) from None


def _paper(paper: str) -> str:
    if paper not in PAPER_SIZES:
        raise ValueError(f"unknown paper {paper!r} (expected one of: {', '.join(PAPER_SIZES)})")
    return PAPER_SIZES[paper]


def safe_filename(name: str, suffix: str = ".pdf") -> str:
    """``name`` made safe as a file name: no path separators, reserved or control characters."""
    cleaned = re.sub(r'[\x00-\x1f\x7f/\\:*?"<>|]+', "_", name).strip(" ._")
    return (cleaned[:100] or "squad") + suffix


# --- squad sheets and cards -----------------------------------------------------------------


def _printing(system_code: str) -> tuple[GameSystem, Printing]:
    """The system registered under ``system_code`` and how it prints; ``NotPrintable`` if it
    is unknown or prints nothing."""
    unknown = NotPrintable(f"no squad sheet for the game system {system_code!r}")
    try:
        system = get_system(system_code)
    except KeyError:
        raise unknown from None
    if system.printing is None:
        raise unknown
    return system, system.printing


def require_printing(system_code: str) -> None:
    """``NotPrintable`` unless the game registered under ``system_code`` prints a sheet."""
    _printing(system_code)


def _with_envelope(model: dict[str, Any], member: Member, notes: str) -> dict[str, Any]:
    """A game's row for ``member`` with what every game prints alike: the name, the status,
    the player's notes and the source of each ability (the game gives its code)."""
    for ability in model.get("abilities", ()):
        ability["source"] = SOURCE_LABELS.get(ability["source"])
    return {
        **model,
        "name": member.name,
        "status": member.status,
        "status_label": STATUS_LABELS[member.status],
        "dead": member.status == "dead",
        "notes": notes,
    }


def _violation(violation) -> dict[str, Any]:
    return {"member": violation.member, "message": violation_message(violation)}


def squad_sheet_context(
    roster: Roster,
    *,
    owner: str | None,
    version: int | str | None,
    paper: str = "a4",
    cards: bool = False,
    include_dead: bool = True,
    today: datetime.date | None = None,
    notes: str = "",
    member_notes: Mapping[str, str] | None = None,
    pack: Pack | None = None,
) -> dict[str, Any]:
    """What the squad sheet and card templates show, with every rules label translated: the
    squad's header here, the rest from the game (``Printing.squad_context``). ``notes`` and
    ``member_notes`` (by model name) are the player's, which the document does not hold;
    ``pack``, a club's pack whose points table costs the squad (its total and limit)."""
    system, printing = _printing(roster.system)
    costs = system.cost(roster) if system.cost is not None else None  # None: not costed
    violations = system.check(roster, pack)
    points = system.points(roster, pack) if pack is not None else None
    if points is None and costs is not None:
        points = costs.points
    game = printing.squad_context(roster, costs, include_dead, gettext)
    if system.units is not None:  # a force of units: the game gives one dict per unit
        models: list[dict[str, Any]] = []
        cards_of = game["units"]
        model_count = game.get("model_count", 0)
    else:
        printed = [m for m in roster.members if include_dead or m.status != "dead"]
        member_notes = member_notes or {}
        models = [
            _with_envelope(model, member, member_notes.get(member.name, ""))
            for model, member in zip(game["models"], printed, strict=True)
        ]
        cards_of = models
        model_count = sum(1 for member in roster.members if member.status != "dead")
    return {
        **game,
        "paper": _paper(paper),
        "cards": cards,
        "system_name": gettext(system.name),
        "squad": {
            "name": roster.name,
            "owner": owner,
            "version": version,
            "points": points,
            "points_limit": roster.points_limit,
            "models": model_count,
            "units": len(roster.units),
            "valid": not violations,
            "notes": notes,
        },
        "violations": [_violation(v) for v in violations],
        "models": models,
        "card_rows": [cards_of[i : i + 2] for i in range(0, len(cards_of), 2)],
        "blank_rows": range(BLANK_ROWS),
        "printed_on": (today or timezone.localdate()).isoformat(),
    }


def _squad_template(system_code: str, cards: bool) -> str:
    _system, printing = _printing(system_code)
    return printing.cards_template if cards else printing.sheet_template


def squad_sheet_html(roster: Roster, *, cards: bool = False, **options: Any) -> str:
    context = squad_sheet_context(roster, cards=cards, **options)
    return render_to_string(_squad_template(roster.system, cards), context)


def squad_pdf_key(
    cache_key: str, *, version: int | str | None, paper: str, cards: bool, include_dead: bool
) -> str:
    """Where ``squad_sheet_pdf`` caches a squad's PDF: its key, version, options, the active
    language and today's date (the footer prints it)."""
    layout = "cards" if cards else "sheet"
    dead = "all" if include_dead else "living"
    return (
        f"print:{cache_key}:v{version}:{_paper(paper)}:{layout}:{dead}:"
        f"{get_language()}:{timezone.localdate().isoformat()}"
    )


def squad_sheet_pdf(
    roster: Roster | Callable[[], Roster],
    *,
    owner: str | None = None,
    version: int | str | None = None,
    cache_key: str | None = None,
    paper: str = "a4",
    cards: bool = False,
    include_dead: bool = True,
    notes: Callable[[], tuple[str, Mapping[str, str]]] | None = None,
    pack: Pack | None = None,
) -> bytes:
    """The squad sheet (or one card per model) of ``roster`` as PDF bytes; ``notes``, when
    given, returns the squad's notes and its models' by name (called after ``roster``).

    With a ``cache_key`` (e.g. ``f"squad-{squad.pk}"``), the PDF is cached under that key,
    the version, the options, the language and the day (the footer prints the date), so a
    repeat download of an unchanged squad does not render again. ``roster`` may be a
    function that loads it: it is then called only when the cache does not hold the PDF, so
    a repeat download costs no query for the members. A squad costed by a club's ``pack``
    is not cached (the key does not name the pack).
    """
    today = timezone.localdate()
    key = None
    if cache_key is not None and pack is None:
        key = squad_pdf_key(
            cache_key, version=version, paper=paper, cards=cards, include_dead=include_dead
        )
        cached = cache.get(key)
        if cached is not None:
            return cached
    if callable(roster):
        roster = roster()
    squad_notes, member_notes = notes() if notes is not None else ("", {})
    context = squad_sheet_context(
        roster, owner=owner, version=version, paper=paper, cards=cards,
        include_dead=include_dead, today=today, notes=squad_notes, member_notes=member_notes,
        pack=pack,
    )  # fmt: skip
    pdf = render_pdf(_squad_template(roster.system, cards), context)
    if key is not None:
        cache.set(key, pdf, CACHE_SECONDS)
    return pdf


# --- quick-reference cards ------------------------------------------------------------------


def reference_cards() -> dict[str, str]:
    """The game systems that print a quick-reference card: code -> the card's template."""
    return {
        system.code: system.printing.reference_template
        for system in systems()
        if system.printing is not None and system.printing.reference_template is not None
    }


def reference_card_context(system_code: str, *, paper: str = "a4") -> dict[str, Any]:
    """What a quick-reference card shows, labels translated; ``NotPrintable`` if none."""
    if system_code not in reference_cards():
        raise NotPrintable(f"no quick-reference card for the game system {system_code!r}")
    system = get_system(system_code)
    reference_context = system.printing.reference_context  # set with the template
    return {
        **reference_context(gettext),
        "paper": _paper(paper),
        "system_name": gettext(system.name),
    }


def reference_card_pdf(system_code: str, *, paper: str = "a4") -> bytes:
    """The quick-reference card of a game system; ``NotPrintable`` if it has none."""
    context = reference_card_context(system_code, paper=paper)
    key = f"print:reference:{system_code}:{context['paper']}:{get_language()}"
    cached = cache.get(key)
    if cached is None:
        cached = render_pdf(reference_cards()[system_code], context)
        cache.set(key, cached, CACHE_SECONDS)
    return cached


def reference_cards_ahead() -> list[tuple[str, str, str]]:
    """Every game's quick-reference card, on every paper and in every language, rendered
    into the PDF cache (which every process shares) unless it is there already: they change
    only with a release, so the task worker renders them as it starts (``print_worker``) and
    the first download of each is instant. Gives the (system, paper, language) of each."""
    done = []
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            for system in reference_cards():
                for paper in PAPER_SIZES:
                    reference_card_pdf(system, paper=paper)
                    done.append((system, paper, language))
    return done


# --- campaign reports -----------------------------------------------------------------------

BATTLE_STATUS_LABELS = {
    "confirmed": _("confirmed"),
    "pending": _("waiting for confirmation"),
    "voided": _("voided"),
    "rejected": _("rejected"),
}
# Printed struck through: these battles count for nothing.
STRUCK_STATUSES = frozenset({"voided", "rejected"})


def campaign_report_context(
    *,
    campaign_name: str,
    system_label: str,
    organiser: str,
    standings: list[dict],
    battles: list[dict],
    generated: datetime.date,
    paper: str = "a4",
    casualties_label: str = "",
    columns: Sequence[str] = (),
    note: str = "",
    confirmed: int | None = None,
    left_out: int = 0,
    page_url: str = "",
) -> dict[str, Any]:
    """What ``print/campaign_report.html`` shows; the rows are the caller's, left as given.
    ``casualties_label`` heads the casualties column (the game's word for what it counts),
    ``columns`` are the game's own standings columns (each row's ``tallies``, in order), and
    ``note`` says where the campaign's rules come from. ``battles`` may be the latest of the
    log only: ``left_out`` says how many earlier ones it leaves out, ``page_url`` where they
    all are, and ``confirmed`` how many of the whole log are confirmed (else counted in
    ``battles``)."""
    log = []
    for battle in battles:
        status = battle["status"]
        log.append({
            **battle,
            "status_label": BATTLE_STATUS_LABELS.get(status, status),
            "struck": status in STRUCK_STATUSES,
        })  # fmt: skip
    if confirmed is None:
        confirmed = sum(1 for battle in battles if battle["status"] == "confirmed")
    return {
        "paper": _paper(paper),
        "campaign_name": campaign_name,
        "system_name": system_label,
        "organiser": organiser,
        "standings": standings,
        "battles": log,
        "confirmed": confirmed,
        "left_out": left_out,
        "page_url": page_url,
        "printed_on": generated.isoformat(),
        "casualties_label": casualties_label,
        "columns": list(columns),
        "note": note,
    }


def _report_too_long() -> str:
    return gettext(
        "This campaign report took longer than %(seconds)s seconds to print, the most one "
        "print may take, and was stopped: the service is busy. Try again in a few minutes; "
        "the standings and every battle are on the campaign page."
    )


def campaign_report_key(cache_key: str, *, paper: str, generated: datetime.date) -> str:
    """Where ``campaign_report_pdf`` caches a report: its caller's key (which changes with
    the campaign), the paper, the active language and the day (the footer prints it)."""
    return f"print:{cache_key}:{_paper(paper)}:{get_language()}:{generated.isoformat()}"


def campaign_report_pdf(
    *,
    generated: datetime.date,
    cache_key: str | None = None,
    paper: str = "a4",
    **rows: Any,
) -> bytes:
    """A campaign's standings and battle log as PDF bytes; ``rows`` are the keyword
    arguments of ``campaign_report_context`` (``campaign_name``, ``standings``, ``battles``...).

    ``standings`` rows hold ``rank, squad, player, vp, battles, wins, draws, losses,
    casualties`` and ``tallies`` (values of ``columns``, see ``campaign_report_context``);
    ``battles`` rows hold ``number, date`` (a date or None), ``scenario``,
    ``sides`` (dicts of ``squad, player, outcome, vp``; ``outcome`` printed as given) and
    ``status`` (``confirmed``, ``pending``, ``voided`` or ``rejected``: the last two are struck
    through). With a ``cache_key`` that changes whenever the campaign does, the PDF is cached
    under ``campaign_report_key``. A render past the budget raises ``PrintTooLong`` with the
    report's own message.
    """
    key = None
    if cache_key is not None:
        key = campaign_report_key(cache_key, paper=paper, generated=generated)
        cached = cache.get(key)
        if cached is not None:
            return cached
    context = campaign_report_context(generated=generated, paper=paper, **rows)
    pdf = render_pdf("print/campaign_report.html", context, too_long=_report_too_long)
    if key is not None:
        cache.set(key, pdf, CACHE_SECONDS)
    return pdf


def stored_squad_key(
    squad, *, paper: str = "a4", cards: bool = False, include_dead: bool = True
) -> str:
    """The cache key of a stored squad's PDF, as ``stored_squad_pdf`` stores it."""
    return squad_pdf_key(
        f"squad-{squad.pk}", version=squad.version, paper=paper, cards=cards,
        include_dead=include_dead,
    )  # fmt: skip


def stored_squad_filename(squad, *, cards: bool = False) -> str:
    """The file name a stored squad's sheet or cards download under."""
    stem = gettext("%(squad)s cards") % {"squad": squad.name} if cards else squad.name
    return safe_filename(stem)


def stored_squad_pdf(
    squad, *, paper: str = "a4", cards: bool = False, include_dead: bool = True
) -> tuple[bytes, str]:
    """A stored squad's sheet or cards and its file name; web download and API share the cache.

    The members are loaded (4 queries) only when the cache does not hold the PDF yet.
    """
    from rosters.adapters import squad_to_roster, squads_with_members
    from rosters.models import Squad

    loaded: list[Squad] = []

    def roster() -> Roster:
        loaded.append(squads_with_members(Squad.objects.filter(pk=squad.pk)).get())
        return squad_to_roster(loaded[0])

    def notes() -> tuple[str, dict[str, str]]:
        row = loaded[0]  # its models are loaded with it
        return row.notes, {m.name: m.notes for m in row.members.all() if m.notes}

    pdf = squad_sheet_pdf(
        roster, owner=squad.owner.get_username(), version=squad.version,
        cache_key=f"squad-{squad.pk}", paper=paper, cards=cards, include_dead=include_dead,
        notes=notes,
    )  # fmt: skip
    return pdf, stored_squad_filename(squad, cards=cards)
