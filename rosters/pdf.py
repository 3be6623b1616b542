"""PDF printing with WeasyPrint: squad sheets, model cards, reference cards, campaign reports.

Every function takes plain values (a rules ``Roster``, an owner's name, a version number,
rows of dicts), so the command line prints a file with no database and the web views print
stored squads and campaigns the same way. HTML comes from Django templates (autoescaped);
the print engine (``rosters.print_engine``) lays it out with ``static/css/print.css`` in a
child process, within ``settings.PRINT_BUDGET_SECONDS``.

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
from collections.abc import Callable, Iterator
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from core.errors import ServiceError
from rosters import print_engine
from rosters.messages import violation_message
from rules import get_system
from rules.black_sun import data, reference
from rules.types import Roster

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
# Violation parameters that hold a rules label (translated), not a name the player typed.


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


def render_pdf(template_name: str, context: dict[str, Any]) -> bytes:
    """Render a ``templates/print/`` page to PDF bytes, within the print budget.

    The page is laid out by the print engine in a child process (``rosters.print_engine``);
    past ``settings.PRINT_BUDGET_SECONDS`` the child is stopped and ``PrintTooLong`` raised.
    """
    html = render_to_string(template_name, context)
    budget = settings.PRINT_BUDGET_SECONDS if _budgeted.get() else None
    try:
        return print_engine.render(html, budget=budget)
    except print_engine.RenderTooLong:
        raise PrintTooLong(
            "",
            gettext(
                "This PDF took longer than %(seconds)s seconds to print, the most one print may "
                "take, and was stopped. Leave the dead out (dead=0) or print fewer models."
            )
            % {"seconds": f"{budget:g}"},
        ) from None


def _paper(paper: str) -> str:
    if paper not in PAPER_SIZES:
        raise ValueError(f"unknown paper {paper!r} (expected one of: {', '.join(PAPER_SIZES)})")
    return PAPER_SIZES[paper]


def safe_filename(name: str, suffix: str = ".pdf") -> str:
    """``name`` made safe as a file name: no path separators, reserved or control characters."""
    cleaned = re.sub(r'[\x00-\x1f\x7f/\\:*?"<>|]+', "_", name).strip(" ._")
    return (cleaned[:100] or "squad") + suffix


# --- squad sheets and cards -----------------------------------------------------------------


def _label(text: str) -> str:
    return gettext(text) if text else text


def _weapon_row(code: str, name: str, count: int = 1) -> dict[str, Any]:
    p = data.WEAPON_PROFILES[code]
    return {
        "name": name,
        "count": count,
        "range": _label(p.range),
        "impact": p.impact,
        "stationary": _label(p.dice_stationary),
        "moving": _label(p.dice_moving),
        "suppression": p.suppression,
    }


def _model(roster: Roster, member, member_cost, assisted_by: list[str]) -> dict[str, Any]:
    model_type = data.MODEL_TYPES[member.type]
    weapons, gear = [], []
    for line in member.equipment:
        if line.item == data.GRENADES:
            continue  # printed from the cost, which counts the free ones
        item = data.ITEMS[line.item]
        if len(item.profiles) == 1:  # the item's own name: "Assault rifle (AR)"
            weapons.append(_weapon_row(item.profiles[0], _label(item.label), line.count))
        elif item.profiles:  # one row per profile: SAW and MG, slug and shot
            for code in item.profiles:
                profile_name = _label(data.WEAPON_PROFILES[code].label)
                weapons.append(_weapon_row(code, profile_name, line.count))
        else:
            gear.append({"label": _label(item.label), "count": line.count})
    abilities = []
    for ability in member.abilities:
        definition = data.ABILITIES[ability.code]
        detail = ability.detail
        if detail in data.FACTIONS:
            detail = _label(data.FACTIONS[detail].label)
        abilities.append({
            "label": _label(definition.label),
            "effect": _label(definition.effect),
            "detail": detail,
            "disadvantage": definition.kind == data.DISADVANTAGE,
            "source": SOURCE_LABELS.get(ability.source),
        })  # fmt: skip
    return {
        "name": member.name,
        "type": _label(model_type.label),
        "cv": member_cost.cv,
        "cv_base": member_cost.cv_base,
        "cv_loss": member.cv_loss,
        "armour": member_cost.armour,
        "grenades": member_cost.grenades,  # the hand-grenade profile is printed once, below
        "grenades_free": min(data.FACTIONS[roster.faction].free_grenades, member_cost.grenades),
        "grenade_row": (  # the cards repeat the profile: each card stands alone
            _weapon_row(
                "hand-grenade", _label(data.ITEMS[data.GRENADES].label), member_cost.grenades
            )
            if member_cost.grenades
            else None
        ),
        "points": member_cost.points,
        "rp": member.rp if model_type.key_character else None,
        "heal_value": model_type.heal_value,
        "specialist_value": model_type.specialist_value,
        "status": member.status,
        "status_label": STATUS_LABELS[member.status],
        "dead": member.status == "dead",
        "assists": member.assists,
        "assisted_by": assisted_by,
        "weapons": weapons,
        "gear": gear,
        "abilities": abilities,
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
) -> dict[str, Any]:
    """What the squad sheet and card templates show, with every rules label translated."""
    if roster.system != "black-sun":
        raise NotPrintable(f"no squad sheet for the game system {roster.system!r}")
    system = get_system(roster.system)
    costs = system.cost(roster)
    violations = system.validate(roster)
    faction = data.FACTIONS[roster.faction]
    assisted_by: dict[str, list[str]] = {}
    for member in roster.members:
        if member.assists is not None:
            assisted_by.setdefault(member.assists, []).append(member.name)
    models = [
        _model(roster, member, member_cost, assisted_by.get(member.name, []))
        for member, member_cost in zip(roster.members, costs.members, strict=True)
        if include_dead or member.status != "dead"
    ]
    return {
        "paper": _paper(paper),
        "cards": cards,
        "system_name": system.name,
        "squad": {
            "name": roster.name,
            "owner": owner,
            "version": version,
            "points": costs.points,
            "points_limit": costs.points_limit,
            "models": sum(1 for member_cost in costs.members if member_cost.counts),
            "valid": not violations,
        },
        "faction": {
            "label": _label(faction.label),
            "communication": _label(faction.communication),
            "special_rules": _label(faction.special_rules),
        },
        "violations": [_violation(v) for v in violations],
        "models": models,
        "card_rows": [models[i : i + 2] for i in range(0, len(models), 2)],
        "grenade": _weapon_row("hand-grenade", _label(data.WEAPON_PROFILES["hand-grenade"].label)),
        "blank_rows": range(BLANK_ROWS),
        "printed_on": (today or timezone.localdate()).isoformat(),
    }


def squad_sheet_html(roster: Roster, *, cards: bool = False, **options: Any) -> str:
    template = "print/squad_cards.html" if cards else "print/squad_sheet.html"
    return render_to_string(template, squad_sheet_context(roster, cards=cards, **options))


def squad_sheet_pdf(
    roster: Roster | Callable[[], Roster],
    *,
    owner: str | None = None,
    version: int | str | None = None,
    cache_key: str | None = None,
    paper: str = "a4",
    cards: bool = False,
    include_dead: bool = True,
) -> bytes:
    """The squad sheet (or one card per model) of ``roster`` as PDF bytes.

    With a ``cache_key`` (e.g. ``f"squad-{squad.pk}"``), the PDF is cached under that key,
    the version, the options, the language and the day (the footer prints the date), so a
    repeat download of an unchanged squad does not render again. ``roster`` may be a
    function that loads it: it is then called only when the cache does not hold the PDF, so
    a repeat download costs no query for the members.
    """
    today = timezone.localdate()
    key = None
    if cache_key is not None:
        layout = "cards" if cards else "sheet"
        dead = "all" if include_dead else "living"
        key = (
            f"print:{cache_key}:v{version}:{_paper(paper)}:{layout}:{dead}:"
            f"{get_language()}:{today.isoformat()}"
        )
        cached = cache.get(key)
        if cached is not None:
            return cached
    if callable(roster):
        roster = roster()
    context = squad_sheet_context(
        roster, owner=owner, version=version, paper=paper, cards=cards,
        include_dead=include_dead, today=today,
    )  # fmt: skip
    template = "print/squad_cards.html" if cards else "print/squad_sheet.html"
    pdf = render_pdf(template, context)
    if key is not None:
        cache.set(key, pdf, CACHE_SECONDS)
    return pdf


# --- quick-reference cards ------------------------------------------------------------------

REFERENCE_CARDS = {"black-sun": ("print/reference_black_sun.html", reference)}


def _table(table: reference.Table) -> dict[str, Any]:
    params = dict(table.note_params)
    return {
        "key": table.key,
        "title": _label(table.title),
        "columns": [_label(c) for c in table.columns],
        "rows": [
            {
                "cells": [_label(c) if isinstance(c, str) else c for c in row],
                "starred": i in table.starred,
            }
            for i, row in enumerate(table.rows)
        ],
        "notes": [_label(n) % params if params else _label(n) for n in table.notes],
    }


def reference_card_context(system_code: str, *, paper: str = "a4") -> dict[str, Any]:
    if system_code not in REFERENCE_CARDS:
        raise NotPrintable(f"no quick-reference card for the game system {system_code!r}")
    _template, module = REFERENCE_CARDS[system_code]
    return {
        "paper": _paper(paper),
        "system_name": get_system(system_code).name,
        "tables": {t.key.replace("-", "_"): _table(t) for t in module.TABLES},
    }


def reference_card_pdf(system_code: str, *, paper: str = "a4") -> bytes:
    """The quick-reference card of a game system; ``NotPrintable`` if it has none."""
    context = reference_card_context(system_code, paper=paper)
    key = f"print:reference:{system_code}:{context['paper']}:{get_language()}"
    cached = cache.get(key)
    if cached is None:
        cached = render_pdf(REFERENCE_CARDS[system_code][0], context)
        cache.set(key, cached, CACHE_SECONDS)
    return cached


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
) -> dict[str, Any]:
    """What ``print/campaign_report.html`` shows; the rows are the caller's, left as given."""
    log = []
    for battle in battles:
        status = battle["status"]
        log.append({
            **battle,
            "status_label": BATTLE_STATUS_LABELS.get(status, status),
            "struck": status in STRUCK_STATUSES,
        })  # fmt: skip
    return {
        "paper": _paper(paper),
        "campaign_name": campaign_name,
        "system_name": system_label,
        "organiser": organiser,
        "standings": standings,
        "battles": log,
        "confirmed": sum(1 for battle in battles if battle["status"] == "confirmed"),
        "printed_on": generated.isoformat(),
    }


def campaign_report_pdf(
    *,
    campaign_name: str,
    system_label: str,
    organiser: str,
    standings: list[dict],
    battles: list[dict],
    generated: datetime.date,
    cache_key: str | None = None,
    paper: str = "a4",
) -> bytes:
    """A campaign's standings and battle log as PDF bytes.

    ``standings`` rows hold ``rank, squad, player, vp, battles, wins, draws, losses,
    casualties``; ``battles`` rows hold ``number, date`` (a date or None), ``scenario``,
    ``sides`` (dicts of ``squad, player, outcome, vp``; ``outcome`` printed as given) and
    ``status`` (``confirmed``, ``pending``, ``voided`` or ``rejected``: the last two are struck
    through). With a ``cache_key`` that changes whenever the campaign does, the PDF is cached
    under it, the paper, the language and ``generated`` (the footer prints that date).
    """
    key = None
    if cache_key is not None:
        key = f"print:{cache_key}:{_paper(paper)}:{get_language()}:{generated.isoformat()}"
        cached = cache.get(key)
        if cached is not None:
            return cached
    context = campaign_report_context(
        campaign_name=campaign_name, system_label=system_label, organiser=organiser,
        standings=standings, battles=battles, generated=generated, paper=paper,
    )  # fmt: skip
    pdf = render_pdf("print/campaign_report.html", context)
    if key is not None:
        cache.set(key, pdf, CACHE_SECONDS)
    return pdf


def stored_squad_pdf(
    squad, *, paper: str = "a4", cards: bool = False, include_dead: bool = True
) -> tuple[bytes, str]:
    """A stored squad's sheet or cards and its file name; web download and API share the cache.

    The members are loaded (4 queries) only when the cache does not hold the PDF yet.
    """
    from rosters.adapters import squad_to_roster, squads_with_members
    from rosters.models import Squad

    def roster() -> Roster:
        return squad_to_roster(squads_with_members(Squad.objects.filter(pk=squad.pk)).get())

    pdf = squad_sheet_pdf(
        roster, owner=squad.owner.get_username(), version=squad.version,
        cache_key=f"squad-{squad.pk}", paper=paper, cards=cards, include_dead=include_dead,
    )  # fmt: skip
    stem = gettext("%(squad)s cards") % {"squad": squad.name} if cards else squad.name
    return pdf, safe_filename(stem)
