"""What happened in a campaign (issue #31): its timeline, newest first (battles confirmed
and voided, rounds published and closed, the injuries, deaths and advancement the battles
left), for the timeline page, its Atom feed and the API; and each squad's latest battles and
notable history, for the campaign book. A fixed number of queries whatever the campaign's
length.

The history a timeline shows is the *notable* part of it (``notable``): a change of status
(an injury, a death, a return), an ability gained (an injury or an advance), a value
recorded by hand after a battle, and the game's own kinds it names
(``CampaignRules.aftermath_kinds``, ``timeline_kinds``: a unit destroyed...); not the VP,
the "fought" lines nor each deed's points, which the battle's page lists. The history of a
voided battle is left out: the void undid it (the voiding shows).
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.db.models import (
    CharField,
    Count,
    F,
    IntegerField,
    Prefetch,
    Q,
    QuerySet,
    Value,
    Window,
)
from django.db.models.functions import RowNumber
from django.urls import reverse
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaigns.models import Battle, BattleSide, Campaign, HistoryEntry, Round
from campaigns.selectors.words import describe
from rules import get_system

SHARED_NOTABLE_FIELDS = ("status", "abilities")
SHARED_NOTABLE_KINDS = ("recorded",)


def notable(system: str) -> Q:
    """The history entries a timeline shows, in a campaign of the game ``system``."""
    rules = get_system(system).campaign
    kinds = list(SHARED_NOTABLE_KINDS)
    if rules is not None:
        kinds += [*rules.aftermath_kinds, *rules.timeline_kinds]
    return Q(field__in=SHARED_NOTABLE_FIELDS) | Q(kind__in=kinds)


def _outcome_label(labels: dict, outcome: str) -> str:
    label = labels.get(f"outcome:{outcome}")
    return _(label) if label else outcome


def _labels(system: str) -> dict:
    rules = get_system(system).campaign
    return dict(rules.labels) if rules is not None else {}


def side_line(side: BattleSide, labels: dict) -> dict[str, Any]:
    """A battle side as the book and the timeline print it."""
    return {
        "squad": side.entry.squad.name,
        "player": side.entry.player.get_username(),
        "outcome": _outcome_label(labels, side.outcome),
        "vp": side.total_vp,
    }


# --- each squad's story, for the book ---------------------------------------------------------


@dataclass
class SquadStory:
    """A squad's latest battles (newest first) and notable history (oldest first), and how
    many of each the book leaves out."""

    battles: list[dict[str, Any]] = field(default_factory=list)
    battles_left_out: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    events_left_out: int = 0


def squad_stories(
    campaign: Campaign, entry_ids: list[int], *, battles: int, events: int
) -> dict[int, SquadStory]:
    """For each entry of ``entry_ids``: its latest ``battles`` battles (rejected ones left
    out) and its latest ``events`` notable history entries of confirmed battles, with the
    counts of the rest (4 queries, whatever the number of squads and battles)."""
    stories = {pk: SquadStory() for pk in entry_ids}
    if not entry_ids:
        return stories
    labels = _labels(campaign.system)
    sides = BattleSide.objects.filter(entry_id__in=entry_ids).exclude(
        battle__status=Battle.Status.REJECTED
    )
    totals = dict(sides.values("entry_id").annotate(n=Count("pk")).values_list("entry_id", "n"))
    latest = (
        sides.select_related("battle")
        .only("entry_id", "outcome", "total_vp", "battle__number", "battle__played_on",
              "battle__scenario", "battle__status")
        .annotate(row=Window(RowNumber(), partition_by=F("entry_id"),
                             order_by=F("battle__number").desc()))
        .filter(row__lte=battles)
        .order_by("entry_id", "-battle__number")
    )  # fmt: skip
    for side in latest:
        stories[side.entry_id].battles.append({
            "number": side.battle.number,
            "date": side.battle.played_on,
            "scenario": side.battle.scenario,
            "status": side.battle.status,
            "outcome": _outcome_label(labels, side.outcome),
            "vp": side.total_vp,
        })  # fmt: skip
    history = HistoryEntry.objects.filter(
        entry_id__in=entry_ids, battle__status=Battle.Status.CONFIRMED
    ).filter(notable(campaign.system))
    counted = dict(history.values("entry_id").annotate(n=Count("pk")).values_list("entry_id", "n"))
    rows = (
        history.select_related("battle", "member")
        .annotate(row=Window(RowNumber(), partition_by=F("entry_id"),
                             order_by=[F("battle__applied_seq").desc(), F("seq").desc()]))
        .filter(row__lte=events)
        .order_by("entry_id", "battle__applied_seq", "seq")
    )  # fmt: skip
    for row in rows:
        stories[row.entry_id].events.append({
            "battle": row.battle.number,
            "name": row.member.name if row.member_id else "",
            "text": describe(row, campaign.system),
        })  # fmt: skip
    for pk, story in stories.items():
        story.battles_left_out = totals.get(pk, 0) - len(story.battles)
        story.events_left_out = counted.get(pk, 0) - len(story.events)
    return stories


# --- the campaign's timeline ----------------------------------------------------------------

CONFIRMED, VOIDED, PUBLISHED, CLOSED, HISTORY = (
    "battle-confirmed", "battle-voided", "round-published", "round-closed", "history",
)  # fmt: skip
# Among events of the same moment, newest first: the history a battle left above its
# confirmation, a round's closing above the confirmation of its last battle.
_TIE = {HISTORY: 4, CLOSED: 3, VOIDED: 2, CONFIRMED: 1, PUBLISHED: 0}


def _events(queryset: QuerySet, kind: str, at: str) -> QuerySet:
    return queryset.annotate(
        event_kind=Value(kind, output_field=CharField()),
        event_at=F(at),
        event_tie=Value(_TIE[kind], output_field=IntegerField()),
        event_ref=F("pk"),
    ).values_list("event_kind", "event_at", "event_tie", "event_ref")


def timeline_events(campaign: Campaign) -> QuerySet:
    """Every event of the campaign's timeline as ``(kind, at, tie, ref)`` rows, newest
    first: one query, to count and to slice a page of (``timeline_items`` reads a page)."""
    battles = Battle.objects.filter(campaign=campaign).order_by()
    rounds = Round.objects.filter(campaign=campaign).order_by()
    history = (
        HistoryEntry.objects.filter(battle__campaign=campaign,
                                    battle__status=Battle.Status.CONFIRMED)
        .filter(notable(campaign.system))
        .order_by()
    )  # fmt: skip
    return (
        _events(
            battles.filter(
                status__in=[Battle.Status.CONFIRMED, Battle.Status.VOIDED], decided_at__isnull=False
            ),
            CONFIRMED,
            "decided_at",
        )  # fmt: skip
        .union(
            _events(battles.filter(voided_at__isnull=False), VOIDED, "voided_at"),
            _events(rounds.filter(published__isnull=False), PUBLISHED, "published"),
            _events(rounds.filter(closed__isnull=False), CLOSED, "closed"),
            _events(history, HISTORY, "battle__decided_at"),
            all=True,
        )
        .order_by("-event_at", "-event_tie", "-event_ref")
    )


@dataclass
class TimelineItem:
    """One event of the timeline, in the reader's language: ``title`` and ``lines`` are
    plain text (user text in them: escaped where shown), ``url`` the page it is about."""

    kind: str
    at: datetime.datetime
    title: str
    url: str
    lines: list[str] = field(default_factory=list)
    key: str = ""  # unique in the campaign: the Atom entry's id


def _battle_lines(battle: Battle, labels: dict) -> list[str]:
    lines = []
    for side in battle.sides.all():
        line = side_line(side, labels)
        if line["vp"] is None:
            line["vp"] = "–"
        lines.append(_("%(squad)s (%(player)s): %(outcome)s, %(vp)s VP") % line)
    return lines


def timeline_items(campaign: Campaign, rows: list[tuple]) -> list[TimelineItem]:
    """The events ``rows`` (a page of ``timeline_events``) as items to show, in their order:
    each kind's rows read in one query (4 queries at most, whatever the page's length)."""
    refs: dict[str, list[int]] = defaultdict(list)
    for kind, _at, _tie, ref in rows:
        refs[kind].append(ref)
    battle_ids = refs[CONFIRMED] + refs[VOIDED]
    battles = {}
    if battle_ids:
        sides = BattleSide.objects.select_related("entry__squad", "entry__player")
        battles = (
            Battle.objects.filter(pk__in=battle_ids)
            .prefetch_related(Prefetch("sides", queryset=sides))
            .in_bulk()
        )
    round_ids = refs[PUBLISHED] + refs[CLOSED]
    rounds = {}
    if round_ids:
        rounds = (
            Round.objects.filter(pk__in=round_ids)
            .annotate(tables=Count("pairings", filter=Q(pairings__table__isnull=False)))
            .in_bulk()
        )
    history = {}
    if refs[HISTORY]:
        history = (
            HistoryEntry.objects.filter(pk__in=refs[HISTORY])
            .select_related("battle", "member", "entry__squad")
            .in_bulk()
        )
    labels = _labels(campaign.system)
    items = []
    for kind, at, _tie, ref in rows:
        if kind in (CONFIRMED, VOIDED):
            battle = battles[ref]
            title = (_("Battle %(number)s confirmed") if kind == CONFIRMED
                     else _("Battle %(number)s voided")) % {"number": battle.number}  # fmt: skip
            lines = [battle.scenario] if battle.scenario else []
            url = reverse("campaigns:battle", args=[campaign.pk, battle.number])
            items.append(TimelineItem(kind, at, title, url, lines + _battle_lines(battle, labels)))
        elif kind in (PUBLISHED, CLOSED):
            round = rounds[ref]
            title = (_("Round %(number)s published") if kind == PUBLISHED
                     else _("Round %(number)s closed")) % {"number": round.number}  # fmt: skip
            line = ngettext("%(mode)s, %(tables)s table", "%(mode)s, %(tables)s tables",
                            round.tables) % {
                "mode": round.get_mode_display(), "tables": round.tables,
            }  # fmt: skip
            url = reverse("campaigns:round", args=[campaign.pk, round.number])
            items.append(TimelineItem(kind, at, title, url, [line]))
        else:
            entry = history[ref]
            what = describe(entry, campaign.system)
            values = {"squad": entry.entry.squad.name, "what": what}
            if entry.member_id:
                title = _("%(squad)s, %(name)s: %(what)s") % {**values, "name": entry.member.name}
                url = reverse("campaigns:character", args=[campaign.pk, entry.member_id])
            else:
                title = _("%(squad)s: %(what)s") % values
                url = reverse("campaigns:battle", args=[campaign.pk, entry.battle.number])
            line = _("after battle %(number)s") % {"number": entry.battle.number}
            items.append(TimelineItem(kind, at, title, url, [line]))
        items[-1].key = f"{kind}-{ref}"
    return items


def feed_token(campaign: Campaign) -> str:
    """The secret part of a private campaign's feed address: a keyed hash (the site's
    ``SECRET_KEY``) of the campaign and its invitation code, so that nobody can guess it and
    a new invitation code (``services.campaign_invite_regenerate``) ends the old address."""
    value = f"{campaign.pk}:{campaign.invite_code}"
    return salted_hmac("campaigns.timeline-feed", value, algorithm="sha256").hexdigest()[:32]
