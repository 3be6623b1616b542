"""A battle's page: its sides, what each reported, its history."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import repeat

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaigns import selectors, services
from campaigns.adapters import (
    campaign_rules,
)
from campaigns.models import Battle, Entry
from campaigns.views.battles import _void_question
from campaigns.views.common import _readable
from rosters.models import Member
from rules import get_system
from rules.registry import GameSystem, RecordField
from rules.types import Casualty, Side


def battle_detail(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    campaign = _readable(request, pk)
    try:
        battle = selectors.battle_detail(campaign, number)
    except Battle.DoesNotExist:
        raise Http404 from None
    user = request.user
    # The squad pages keep every model's "fought, unhurt"; here they would drown the news.
    history = [
        (h, selectors.describe(h, campaign.system))
        for h in battle.history.all()
        if not (h.kind == "fought" and h.params.get("state") == "unhurt")
    ]
    rules = campaign_rules(campaign)
    labels = rules.labels
    game = get_system(campaign.system)
    # what the report says, side by side, so the confirmer sees what they confirm (nothing
    # for a report stored before a change of the format: the rules cannot read it)
    report = selectors.stored_report(battle)
    reported = [_reported(side, game, labels) for side in report.sides] if report else []
    disputed = selectors.report_disagreements(battle, report)
    can_void = (
        user.is_authenticated
        and battle.status == Battle.Status.CONFIRMED
        and user.pk == campaign.organiser_id
    )
    void_first = battle.void_first if can_void else None
    return render(
        request,
        "campaigns/battle_detail.html",
        {
            "campaign": campaign,
            "battle": battle,
            "sides": [
                (s, _(labels.get(f"outcome:{s.outcome}", s.outcome)), lines, disputed.get(i, []))
                for i, (s, lines) in enumerate(
                    zip(battle.sides.all(), reported or repeat([]), strict=False)
                )
            ],  # fmt: skip
            "outcome_label": labels.get("column:outcome", gettext_noop("Result")),
            # a game whose outcomes are the result (win, draw, loss) has no column of its own
            # for the placing
            "show_placing": rules.placings is None,
            "history": history,
            "can_decide": user.is_authenticated
            and battle.status == Battle.Status.PENDING
            and services.can_decide(battle, user),
            "can_void": can_void and void_first is None,
            "void_first": void_first,
            "void_question": _void_question(battle),
            "casualty_vp_label": labels.get("column:casualty_vp", gettext_noop("VP lost")),
            "aftermath": _aftermath(battle, user),
            "after_sides": _after_sides(battle, user),
            "parts": game.part_templates,  # a model's record in the aftermath
            "units_game": game.units is not None,
            "statuses": Member.Status.choices,
        },
    )


def _reported(side: Side, game: GameSystem, labels: Mapping[str, str]) -> list[str]:
    """One side of a stored report as lines, from what the rules read in it and the game's
    report fields (``ReportRules``): its own fields (how it gave up, say), then each
    casualty with the notes the game words (``note:<key>`` in ``labels``), each model's
    deeds, the dice it rolled at the table (a side field of kind ``rolls``)."""
    if game.units is not None:
        return [_unit_line(c, game, labels) for c in side.casualties]
    own = game.report.side
    lines = [_side_field_line(f, side.details[f.key], labels) for f in own
             if f.kind != "rolls" and side.details.get(f.key) not in (None, False, "")]  # fmt: skip
    for c in side.casualties:
        state = _(labels.get(c.state, c.state))
        lines.append(f"{c.member}: {state}{_casualty_notes(c, game, labels)}")
    for d in side.deeds:
        deeds = ", ".join(
            f"{_deed_word(deed, labels)} ×{d.count(deed.key)}"
            for deed in game.deeds
            if d.count(deed.key)
        )
        lines.append(f"{d.member}: {deeds}")
    for f in (f for f in own if f.kind == "rolls"):
        rolls = side.details.get(f.key, {})
        lines += [_roll_line(f, name, roll, labels) for name, roll in rolls.items()]
    return lines


def _casualty_notes(casualty: Casualty, game: GameSystem, labels: Mapping[str, str]) -> str:
    """What a casualty's own keys add after its state, for those the game words
    (``note:<key>``): " (treated)" for a flag, " (<word> <value>)" for another."""
    notes = ""
    for f in game.report.casualty:
        word = labels.get(f"note:{f.key}")
        value = casualty.details.get(f.key)
        if word is None or value in (None, False, ""):
            continue
        notes += f" ({_(word)})" if f.kind == "flag" else f" ({_(word)} {value})"
    return notes


def _roll_line(f: RecordField, name: str, roll: int, labels: Mapping[str, str]) -> str:
    """A die a side rolled at the table for one of its models, in the game's words
    (``rolls:<key>`` in ``labels``: a template of ``name`` and ``roll``), else its label."""
    template = labels.get(f"rolls:{f.key}")
    if template is None:
        return f"{name}: {_(f.label)} {roll}"
    return _(template) % {"name": name, "roll": roll}


def _side_field_line(f, value, labels) -> str:
    """A side's own field of a report (``ReportRules.side``) as "<label>: <value>", a code
    in the game's words (``<key>:<code>`` in ``labels``), a flag by its label alone."""
    if f.kind == "flag":
        return _(f.label)
    if f.kind == "code":
        value = _(labels.get(f"{f.key}:{value}", value))
    return _("%(label)s: %(value)s") % {"label": _(f.label), "value": value}


def _deed_word(deed, labels) -> str:
    """A deed in the reader's words: the game's word for it (``deed:<key>`` in ``labels``,
    the key as the report or as the history spells it), else the report field's label."""
    for key in (deed.key, deed.key.replace("_", "-")):
        if f"deed:{key}" in labels:
            return _(labels[f"deed:{key}"])
    return _(deed.label)


def _unit_line(casualty: Casualty, game: GameSystem, labels: Mapping[str, str]) -> str:
    """A unit's line of a report as sent: "1st Squad: casualties, models lost 3, pins 2"."""
    parts = []
    for f in game.report.casualty:
        if f.key not in casualty.details:
            continue
        value = casualty.details[f.key]
        if f.kind == "code":
            parts.append(_(labels.get(value, value)))
        else:
            parts.append(f"{_(f.label).lower()} {value}")
    return f"{casualty.member}: {', '.join(parts)}"


def _aftermath(battle: Battle, user) -> list[tuple[Entry, Member, bool]]:
    """The models the battle marked for a record by hand, and whether ``user`` may record."""
    marked = services.aftermath_members(battle)
    if not marked:
        return []
    entries = {e.pk: e for e in Entry.objects.filter(pk__in=marked)}
    return [
        (entries[entry_pk], member,
         user.is_authenticated and services.can_record(battle, entries[entry_pk], user))
        for entry_pk, members in marked.items()
        for member in members
    ]  # fmt: skip


def _after_sides(battle: Battle, user) -> list[Entry]:
    """The sides whose aftermath screen ``user`` may open: a confirmed battle's, their
    player's own, every side for the organiser (the sides are read already)."""
    if not user.is_authenticated or battle.status != Battle.Status.CONFIRMED:
        return []
    organiser = user.pk == battle.campaign.organiser_id
    return [s.entry for s in battle.sides.all() if organiser or s.entry.player_id == user.pk]
