"""What each PDF shows: the context of its template, every rules label translated.

Plain values in (a rules ``Roster``, an owner's name, rows of dicts), a template's context out:
the squad sheet and cards (the header every game prints alike, the rest from the game's
``GameSystem.printing``), the quick-reference cards and the campaign report. Each context of a
game's PDF names the game (``system_code``): ``printing.pdf`` lays it out with the game's own
stylesheet. Rendering and caching the PDFs is ``printing.pdf``'s part.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.messages import violation_message
from rules import get_system, systems
from rules.registry import GameSystem, Pack, Printing
from rules.types import Member, Roster

PAPER_SIZES = {"a4": "A4", "letter": "letter"}
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


def paper_size(paper: str) -> str:
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
    ``pack``, a club's pack: its points table costs the squad (its total and limit), and
    its weapon profiles fill the cells the game leaves "—", marked as the pack's."""
    system, printing = _printing(roster.system)
    costs = system.cost(roster) if system.cost is not None else None  # None: not costed
    violations = system.check(roster, pack)
    points = system.points(roster, pack) if pack is not None else None
    if points is None and costs is not None:
        points = costs.points
    game = printing.squad_context(roster, costs, include_dead, gettext, pack)
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
        "paper": paper_size(paper),
        "cards": cards,
        "system_name": gettext(system.name),
        "system_code": system.code,  # the PDF's stylesheet is the game's (printing.styles)
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


def squad_template(system_code: str, cards: bool) -> str:
    _system, printing = _printing(system_code)
    return printing.cards_template if cards else printing.sheet_template


def squad_sheet_html(roster: Roster, *, cards: bool = False, **options: Any) -> str:
    context = squad_sheet_context(roster, cards=cards, **options)
    return render_to_string(squad_template(roster.system, cards), context)


# --- quick-reference cards ------------------------------------------------------------------


def reference_cards() -> dict[str, str]:
    """The game systems that print a quick-reference card: code -> the card's template."""
    return {
        system.code: system.printing.reference_template
        for system in systems()
        if system.printing is not None and system.printing.reference_template is not None
    }


def reference_card_context(
    system_code: str, *, paper: str = "a4", pack: Pack | None = None
) -> dict[str, Any]:
    """What a quick-reference card shows, labels translated; ``NotPrintable`` if none. With a
    club's ``pack`` (of this game), its weapon profiles, marked as the pack's."""
    if system_code not in reference_cards():
        raise NotPrintable(f"no quick-reference card for the game system {system_code!r}")
    system = get_system(system_code)
    reference_context = system.printing.reference_context  # set with the template
    tables = reference_context(gettext) if pack is None else reference_context(gettext, pack)
    return {
        **tables,
        "paper": paper_size(paper),
        "system_name": gettext(system.name),
        "system_code": system.code,  # the PDF's stylesheet is the game's (printing.styles)
    }


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
        "paper": paper_size(paper),
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
