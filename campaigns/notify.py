"""The e-mails campaigns sends its players, by the task worker, never in a request
(``campaigns.receivers`` enqueues these tasks once the change that calls for one commits):

- ``report_waiting``: a battle report waits for your confirmation (to the players of the
  other sides, not its sender: the organiser, who may decide every report, sees them in the
  header's list instead of a mail for each);
- ``pairings_published``: a round's pairings are published (to each seated player: their
  table, or the bye, their opponent, the scenario);
- ``battle_voided``: a battle of yours is voided (to the players of its sides, not the
  organiser who voided it).

Each goes only to active users with an e-mail address who did not turn it off
(``accounts.models.recipients``), in the site's language (``LANGUAGE_CODE``: the project stores
no language per user), with absolute links (``SITE_URL``). A task that finds its event
undone meanwhile (the report decided, the round closed, the battle deleted) sends nothing.

The tasks share the print queue (``printing.tasks``: one worker runs them all, under
``make run`` and ``make serve``) at ``PRIORITY``: after every PDF a player waits for, before
the renders ahead (a mail takes milliseconds; a burst of edits must not hold it back).
Subjects are made single-line (user text never adds a header: Django refuses a newline
there, and the mail would be lost); the bodies are plain text, nothing escaped.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, gettext_lazy
from django_tasks import task

from accounts.models import recipients
from campaigns.models import Battle, BattleSide, Round, Seat

log = logging.getLogger(__name__)

# Below ``printing.tasks.ASKED_PRIORITY`` (10), above ``AHEAD_PRIORITY`` (-10).
PRIORITY = 0


def one_line(text: str) -> str:
    """``text`` on one line, every run of white space (newlines included) a single space."""
    return " ".join(str(text).split())


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def _send(mails: Iterable[tuple[Any, str, str, dict[str, Any]]]) -> int:
    """Send each ``(user, subject, template, context)`` in one connection; how many went."""
    messages = [
        EmailMessage(
            subject=one_line(subject),
            body=render_to_string(template, {**context, "user": user}),
            to=[user.email],
        )
        for user, subject, template, context in mails
    ]
    if not messages:
        return 0
    return get_connection().send_messages(messages) or 0


def _sides(battle: Battle) -> list[BattleSide]:
    return list(battle.sides.select_related("entry__squad").order_by("position"))


def _battle(battle_id: int) -> Battle | None:
    return Battle.objects.select_related("campaign", "submitted_by").filter(pk=battle_id).first()


def _battle_mails(
    battle_id: int, status: str, kind: str, players: Callable[[Battle, list[BattleSide]], Any]
) -> int:
    """Mail ``players(battle, sides)`` (those of them who want ``kind``) about the battle
    ``battle_id`` while it has ``status``; how many."""
    battle = _battle(battle_id)
    if battle is None or battle.status != status:
        return 0
    sides = _sides(battle)
    to = recipients(players(battle, sides), kind)
    campaign = battle.campaign
    context = {
        "battle": battle,
        "campaign": campaign,
        "squads": [side.entry.squad.name for side in sides],
        "sender": battle.submitted_by.get_username() if battle.submitted_by else "",
        "url": absolute(reverse("campaigns:battle", args=[campaign.pk, battle.number])),
        "settings_url": absolute(reverse("notifications")),
    }
    template = f"campaigns/email/{BATTLE_MAILS[kind]}.txt"
    with translation.override(settings.LANGUAGE_CODE):
        subject = str(BATTLE_SUBJECTS[kind]) % {"campaign": campaign.name, "number": battle.number}
        return _send((user, subject, template, context) for user in to.values())


BATTLE_MAILS = {"reports": "report_waiting", "voided": "battle_voided"}
BATTLE_SUBJECTS = {
    "reports": gettext_lazy("%(campaign)s: battle %(number)s waits for your confirmation"),
    "voided": gettext_lazy("%(campaign)s: battle %(number)s is voided"),
}


@task(priority=PRIORITY)
def report_waiting(battle_id: int) -> int:
    """Mail the players whose confirmation the report ``battle_id`` waits for; how many."""

    def opponents(battle: Battle, sides: list[BattleSide]) -> list[int]:
        return [
            side.entry.player_id
            for side in sides
            if side.entry.withdrawn is None and side.entry.player_id != battle.submitted_by_id
        ]

    return _battle_mails(battle_id, Battle.Status.PENDING, "reports", opponents)


def _pairing_subject(round: Round, seat: Seat, opponent: Seat | None) -> str:
    names = {"campaign": round.campaign.name, "number": round.number}
    if seat.pairing.table is None:
        return gettext("%(campaign)s, round %(number)s: you have the bye") % names
    if opponent is None:
        return gettext("%(campaign)s, round %(number)s: table %(table)s") % {
            **names,
            "table": seat.pairing.table,
        }
    return gettext("%(campaign)s, round %(number)s: table %(table)s against %(opponent)s") % {
        **names,
        "table": seat.pairing.table,
        "opponent": opponent.entry.squad.name,
    }


@task(priority=PRIORITY)
def pairings_published(round_id: int) -> int:
    """Mail each seated player of the round ``round_id`` their table, opponent and scenario;
    how many."""
    round = Round.objects.select_related("campaign").filter(pk=round_id).first()
    if round is None or round.status != Round.Status.PUBLISHED:
        return 0
    seats = list(
        Seat.objects.filter(round=round)
        .select_related("pairing", "entry__squad", "entry__player")
        .order_by("pairing__table", "position")
    )
    by_pairing: dict[int, list[Seat]] = {}
    for seat in seats:
        by_pairing.setdefault(seat.pairing_id, []).append(seat)
    to = recipients((seat.entry.player_id for seat in seats), "pairings")
    campaign = round.campaign
    url = absolute(reverse("campaigns:round", args=[campaign.pk, round.number]))
    settings_url = absolute(reverse("notifications"))
    with translation.override(settings.LANGUAGE_CODE):
        mails = []
        for seat in seats:
            user = to.get(seat.entry.player_id)
            if user is None:
                continue
            opponents = [other for other in by_pairing[seat.pairing_id] if other is not seat]
            subject = _pairing_subject(round, seat, opponents[0] if opponents else None)
            context = {
                "campaign": campaign,
                "round": round,
                "seat": seat,
                "table": seat.pairing.table,
                "scenario": seat.pairing.scenario,
                "opponent": opponents[0] if opponents else None,
                "url": url,
                "settings_url": settings_url,
            }
            mails.append((user, subject, "campaigns/email/pairings_published.txt", context))
        return _send(mails)


@task(priority=PRIORITY)
def battle_voided(battle_id: int) -> int:
    """Mail the players of the voided battle ``battle_id`` (not who voided it); how many."""

    def players(battle: Battle, sides: list[BattleSide]) -> list[int]:
        return [
            side.entry.player_id for side in sides if side.entry.player_id != battle.voided_by_id
        ]

    return _battle_mails(battle_id, Battle.Status.VOIDED, "voided", players)
