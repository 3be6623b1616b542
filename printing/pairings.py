"""A round's printable pairings sheet (issue #31): its tables, each with its two squads,
their players and crews, and the scenario, a box for the result; the bye and the squads
withdrawn, for the organiser to pin up on a club night. Rendered by the print engine in
the request, as the quick-reference card is: a round holds a few dozen tables at most, a
page or two that take a few tenths of a second, and the sheet is cached by what it prints
(a change of pairing, crew or scenario prints it again).
"""

from __future__ import annotations

import datetime
import hashlib
import json
from typing import Any

from django.core.cache import cache
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import get_language, gettext

from campaigns import selectors
from campaigns.models import Campaign, Round
from printing.contexts import paper_size
from printing.pdf import CACHE_SECONDS, render_pdf
from rules import get_system


def _too_long() -> str:
    return gettext(
        "This pairings sheet took longer than %(seconds)s seconds to print, the most one "
        "print may take, and was stopped: the service is busy. Try again in a few minutes; "
        "the pairings are on the round's page."
    )


def pairings_filename(campaign: Campaign, round: Round, *, paper: str = "a4") -> str:
    return f"{slugify(campaign.name) or 'campaign'}-round-{round.number}-pairings-{paper}.pdf"


def _seat(seat) -> dict[str, Any]:
    return {
        "squad": seat.entry.squad.name,
        "player": seat.entry.player.get_username(),
        "crew": list(seat.crew or ()),
    }


def pairings_context(
    campaign: Campaign, round: Round, *, paper: str, generated: datetime.date
) -> dict[str, Any]:
    """What ``print/pairings_sheet.html`` shows, for ``round`` as ``selectors.round_detail``
    reads it (its tables prefetched: no query)."""
    bye = selectors.bye(round)
    return {
        "paper": paper_size(paper),
        "campaign_name": campaign.name,
        "system_name": gettext(get_system(campaign.system).name),
        "number": round.number,
        "mode": str(round.get_mode_display()),
        "status": str(round.get_status_display()),
        "tables": [
            {
                "table": table.table,
                "scenario": table.scenario,
                "rematch": table.forced_rematch,
                "seats": [_seat(seat) for seat in table.seats.all()],
                "battle": table.battle.number if table.battle_id else None,
            }
            for table in selectors.tables(round)
        ],
        "bye": _seat(bye.seats.all()[0]) if bye is not None else None,
        "withdrawn": [w.entry.squad.name for w in round.withdrawals.all()],
        "printed_on": generated.isoformat(),
    }


def pairings_pdf(campaign: Campaign, round: Round, *, paper: str = "a4") -> bytes:
    """The round's pairings sheet as PDF bytes, cached by what it prints (its context), the
    paper and the language."""
    context = pairings_context(campaign, round, paper=paper, generated=timezone.localdate())
    digest = hashlib.sha256(json.dumps(context, sort_keys=True).encode()).hexdigest()[:32]
    key = f"print:pairings:{campaign.pk}:{round.number}:{digest}:{get_language()}"
    pdf = cache.get(key)
    if pdf is None:
        pdf = render_pdf("print/pairings_sheet.html", context, too_long=_too_long)
        cache.set(key, pdf, CACHE_SECONDS)
    return pdf
