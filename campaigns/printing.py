"""The campaign report PDF (standings and battle log), for the web page and the API alike."""

from __future__ import annotations

from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from campaigns import selectors
from campaigns.models import Campaign
from rosters.pdf import campaign_report_pdf
from rules import get_system


def report_pdf(campaign: Campaign, *, paper: str = "a4") -> tuple[bytes, str]:
    """The PDF bytes and a file name; cached until a battle, a squad or the campaign changes."""
    game = get_system(campaign.system)
    rules = game.campaign
    labels = rules.labels if rules else {}
    standings = [
        {"rank": s.rank, "squad": s.squad, "player": s.player, "vp": s.vp, "battles": s.battles,
         "wins": s.wins, "draws": s.draws, "losses": s.losses, "casualties": s.casualties,
         "tallies": s.tally_values}
        for s in selectors.standings(campaign)
    ]  # fmt: skip
    battles = [
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
        for b in selectors.battles(campaign, "number")
    ]
    pdf = campaign_report_pdf(
        campaign_name=campaign.name,
        system_label=game.name,
        organiser=campaign.organiser.get_username(),
        standings=standings,
        battles=battles,
        generated=timezone.localdate(),
        cache_key=f"campaign-{campaign.pk}-{selectors.report_stamp(campaign)}",
        paper=paper,
        casualties_label=_(labels["column:casualties"]) if "column:casualties" in labels else "",
        columns=[_(c.label) for c in (rules.standing_columns if rules else ())],
        note=_(labels["campaign:note"]) if "campaign:note" in labels else "",
    )
    return pdf, f"{slugify(campaign.name) or 'campaign'}-report-{paper}.pdf"
