"""The campaign report PDF (standings and the latest battles), for the web page and the API
alike, rendered by the task worker (``printing.tasks``).

The report's cost is bounded whatever the campaign's length: it prints the standings and the
latest ``REPORT_BATTLES`` battles, says how many earlier ones it leaves out and gives the
campaign page's address, where every battle is. WeasyPrint's time grows with the rows: on a
loaded two-core machine the whole log took 0.4-0.6 s at 50 battles, 2-3 s at 300 and 12-14 s
at 1,300 (21 s there, past the 20-second print budget, in issue #28); the latest hundred
take 0.7-2.2 s at any length.
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from campaigns import selectors
from campaigns.models import Battle, Campaign
from printing.pdf import campaign_report_key, campaign_report_pdf
from rules import get_system

REPORT_BATTLES = 100  # the latest battles a report prints


def report_filename(campaign: Campaign, *, paper: str = "a4") -> str:
    return f"{slugify(campaign.name) or 'campaign'}-report-{paper}.pdf"


def _cache_key(campaign: Campaign, stamp: str) -> str:
    return f"campaign-{campaign.pk}-{stamp}"


def report_key(campaign: Campaign, *, stamp: str, paper: str = "a4") -> str:
    """Where the report of ``campaign`` in the state ``stamp`` (``selectors.report_stamp``)
    is cached, in the active language, today."""
    return campaign_report_key(
        _cache_key(campaign, stamp), paper=paper, generated=timezone.localdate()
    )


def _battle_rows(campaign: Campaign, labels: dict) -> tuple[list[dict], int]:
    """The latest ``REPORT_BATTLES`` battles, oldest first, and how many come before them."""
    log = selectors.battles(campaign, "-number")
    latest = list(log[:REPORT_BATTLES])
    left_out = log.count() - len(latest) if len(latest) == REPORT_BATTLES else 0
    rows = [
        {
            "number": b.number,
            "date": b.played_on,
            "scenario": b.scenario,
            "status": b.status,
            "sides": [
                {
                    "squad": s.entry.squad.name,
                    "player": s.entry.player.get_username(),
                    "outcome": _(labels.get(f"outcome:{s.outcome}", s.outcome)),
                    "vp": s.total_vp,
                }
                for s in b.sides.all()
            ],  # fmt: skip
        }
        for b in reversed(latest)
    ]
    return rows, left_out


def report_pdf(
    campaign: Campaign, *, paper: str = "a4", stamp: str | None = None, page_url: str = ""
) -> bytes:
    """The report's PDF, cached until a battle, a squad or the campaign changes (``stamp``,
    ``selectors.report_stamp``, read here when not given); ``page_url`` is the campaign
    page's address, printed when battles are left out. Renders when the cache lacks it:
    the task worker's work, or the request's with the queue off."""
    if stamp is None:
        stamp = selectors.report_stamp(campaign)
    game = get_system(campaign.system)
    rules = game.campaign
    labels = rules.labels if rules else {}
    standings = [
        {"rank": s.rank, "squad": s.squad, "player": s.player, "vp": s.vp, "battles": s.battles,
         "wins": s.wins, "draws": s.draws, "losses": s.losses, "casualties": s.casualties,
         "tallies": s.tally_values}
        for s in selectors.standings(campaign)
    ]  # fmt: skip
    battles, left_out = _battle_rows(campaign, labels)
    confirmed = selectors.battles(campaign).filter(status=Battle.Status.CONFIRMED).count()
    return campaign_report_pdf(
        campaign_name=campaign.name,
        system_label=_(game.name),
        organiser=campaign.organiser.get_username(),
        standings=standings,
        battles=battles,
        confirmed=confirmed,
        left_out=left_out,
        page_url=page_url,
        generated=timezone.localdate(),
        cache_key=_cache_key(campaign, stamp),
        paper=paper,
        casualties_label=_(labels["column:casualties"]) if "column:casualties" in labels else "",
        columns=[_(c.label) for c in (rules.standing_columns if rules else ())],
        note=_(labels["campaign:note"]) if "campaign:note" in labels else "",
    )
