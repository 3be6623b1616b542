"""A crew sheet (issue #31, "Battle set-up"): the sheet, or the cards, of only the models (the
units, in a game played with units) a player takes to their table of a round, with the
table's scenario, its round and its opponent printed above the game's own sheet
(``print/_crew_table.html``, included by ``print/base.html``).

Rendered by the print engine in the request, as the pairings sheet is, not by the task
worker as a squad's sheet is: a crew is at most its squad (the games' document limits bound
it to a couple of seconds at worst, under the print budget), it is printed once or twice a
night by its own player, and nothing is gained by printing it ahead (a squad's sheet is,
after each edit: a crew changes with each round). The PDF is cached by what it prints: the
squad's version and the pack that costs it, the crew, the scenario, the table, the paper,
the layout, the language and the day (the footer prints it).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.core.cache import cache
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import get_language, gettext

from campaigns.adapters import load_rosters
from campaigns.models import Campaign, Round, Seat
from printing.contexts import _violation, safe_filename, squad_sheet_context, squad_template
from printing.pdf import CACHE_SECONDS, render_pdf
from rules import get_system
from rules.crew import crew_roster


class NoCrewSheet(LookupError):
    """The squad sits at no table of the round (absent, or it has the bye)."""


def _too_long() -> str:
    return gettext(
        "This crew sheet took longer than %(seconds)s seconds to print, the most one print "
        "may take, and was stopped: the service is busy. Try again in a few minutes."
    )


def crew_seat(round: Round, *, squad_id: int | None = None, entry_id: int | None = None) -> Seat:
    """The seat of a squad (by its id, or its entry's) at a table of ``round``, with its
    squad, player, table and the table's other seat (2 queries); ``NoCrewSheet`` if it sits
    at none."""
    where = {"entry__squad_id": squad_id} if entry_id is None else {"entry_id": entry_id}
    seat = (
        Seat.objects.select_related("entry__squad", "entry__player", "pairing")
        .prefetch_related(
            Prefetch("pairing__seats", queryset=Seat.objects.select_related("entry__squad"))
        )
        .filter(round=round, **where)
        .first()
    )
    if seat is None or seat.pairing.is_bye:
        raise NoCrewSheet(where)
    return seat


def crew_filename(seat: Seat, round: Round, *, cards: bool = False) -> str:
    stem = (
        gettext("%(squad)s crew cards, round %(n)d")
        if cards
        else gettext("%(squad)s crew, round %(n)d")
    )
    return safe_filename(stem % {"squad": seat.entry.squad.name, "n": round.number})


def _table(campaign: Campaign, round: Round, seat: Seat) -> dict[str, Any]:
    """What ``print/_crew_table.html`` prints above the sheet."""
    others = [s for s in seat.pairing.seats.all() if s.pk != seat.pk]
    return {
        "campaign": campaign.name,
        "round": round.number,
        "table": seat.pairing.table,
        "scenario": seat.pairing.scenario,
        "opponent": others[0].entry.squad.name if others else "",
        "crew": list(seat.crew or ()),
    }


def crew_sheet_pdf(
    campaign: Campaign, round: Round, seat: Seat, *, paper: str = "a4", cards: bool = False
) -> bytes:
    """The crew of ``seat`` (``crew_seat``) as PDF bytes: its squad's sheet (or cards) with
    only the crew's models or units (the whole squad when no crew was chosen), and the
    table's scenario above it. The squad's validity is the whole squad's (a crew is not a
    squad: it may lack a leader). Cached by what it prints."""
    squad = seat.entry.squad
    table = _table(campaign, round, seat)
    today = timezone.localdate()
    printed = json.dumps(table, sort_keys=True)
    digest = hashlib.sha256(printed.encode()).hexdigest()[:32]
    key = (
        f"print:crew:{squad.pk}:v{squad.version}:p{campaign.pack_version_id}:{digest}:"
        f"{paper}:{'cards' if cards else 'sheet'}:{get_language()}:{today.isoformat()}"
    )
    pdf = cache.get(key)
    if pdf is not None:
        return pdf
    loaded = load_rosters([squad.pk])[squad.pk]
    pack = campaign.pack
    roster = crew_roster(loaded.roster, seat.crew)
    context = squad_sheet_context(
        roster, owner=seat.entry.player.get_username(), version=squad.version, paper=paper,
        cards=cards, include_dead=False, today=today, notes=squad.notes,
        member_notes={row.name: row.notes for row in loaded.rows.values() if row.notes},
        pack=pack,
    )  # fmt: skip
    whole = get_system(loaded.roster.system).check(loaded.roster, pack)
    names = {m.name for m in roster.members} | {u.name for u in roster.units}
    context["squad"]["valid"] = not whole
    context["violations"] = [_violation(v) for v in whole if v.member in (None, *names)]
    context["crew_table"] = table
    pdf = render_pdf(squad_template(roster.system, cards), context, too_long=_too_long)
    cache.set(key, pdf, CACHE_SECONDS)
    return pdf
