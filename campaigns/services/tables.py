"""A round's tables before their battles (issue #31): the challenges that choose them, a
table's scenario, each squad's crew.

A round paired by challenge opens paired by standings, like a round by standings; while it
is a draft, each player proposes an opponent for each of their squads in it
(``challenge_propose``: one proposal per squad, replaced until the organiser accepts it),
and the organiser accepts (``challenge_accept``) or refuses (``challenge_refuse``) each.
Every acceptance or refusal of an accepted proposal pairs the round again: the accepted
pairs sit at their tables as proposed, every other squad is paired by the standings (the
same rules of byes and rematches; the bye never goes to a squad whose challenge stands).
The organiser's own choice for the rest is a swap afterwards; pairing the round again
(another acceptance, a withdrawal) draws the rest afresh, as a withdrawal does.

Each player chooses their crew for their table (``seat_crew``): the names of the squad's
models or units that take part, kept on the ``Seat`` (none: the whole squad). The report
screen proposes it, and the report's ``crew`` (battle-report/1) is what the history records.

Each write locks the campaign, then the round, as every round write does
(``campaigns.services.rounds``).
"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaigns.adapters import load_rosters
from campaigns.models import Campaign, Challenge, Entry, Pairing, Round, Seat
from campaigns.services.rounds import _locked_round, _pair, _seat, _state, accepted_pairs
from core.errors import Conflict, Invalid, NotAllowed
from rules import crew as crew_rules
from rules.documents import UNPRINTABLE

# --- challenges ------------------------------------------------------------------------------


def _challenge_round(round: Round) -> None:
    if round.mode != Round.Mode.CHALLENGE:
        raise Conflict(
            "round", _("round %(number)d is not paired by challenge") % {"number": round.number},
            code="round-state",
        )  # fmt: skip
    _state(round, Round.Status.DRAFT)


def _players_round(round: Round, entry: Entry, by: AbstractBaseUser, refusal: str) -> Round:
    """The round locked (after its campaign, as every round write), if ``by`` plays
    ``entry``; else ``refusal`` (a msgid naming the squad) at ``entry``."""
    campaign = Campaign.objects.select_for_update().get(pk=round.campaign_id)
    round = Round.objects.select_for_update().get(pk=round.pk)
    round.campaign = campaign
    if entry.player_id != by.pk:
        raise NotAllowed("entry", _(refusal) % {"squad": entry.squad.name})
    return round


@transaction.atomic
def challenge_propose(
    *, round: Round, entry: Entry, opponent: Entry, by: AbstractBaseUser
) -> Challenge:
    """The player of ``entry`` proposes ``opponent`` for it in a draft round paired by
    challenge; a proposal made before for ``entry`` is replaced, unless the organiser has
    accepted it. Both squads must play in the round."""
    round = _players_round(round, entry, by, gettext_noop(
        "only the player of %(squad)s proposes its opponent"))  # fmt: skip
    _challenge_round(round)
    _seat(round, entry, "entry")
    _seat(round, opponent, "opponent")
    if opponent.pk == entry.pk:
        raise Invalid("opponent", _("a squad cannot challenge itself"))
    challenge = Challenge.objects.filter(round=round, entry=entry).first()
    if challenge is not None and challenge.status == Challenge.Status.ACCEPTED:
        raise Conflict(
            "entry",
            _("the organiser has accepted %(squad)s's challenge: it stands") % {
                "squad": entry.squad.name},
            code="round-state",
        )  # fmt: skip
    if challenge is None:
        challenge = Challenge(round=round, entry=entry)
    challenge.opponent, challenge.status, challenge.by = opponent, Challenge.Status.PROPOSED, by
    challenge.save()
    return challenge


def _challenge(round: Round, entry: Entry, by: AbstractBaseUser) -> tuple[Round, Challenge]:
    round = _locked_round(round, by)
    _challenge_round(round)
    challenge = (
        Challenge.objects.select_related("entry__squad", "opponent__squad")
        .filter(round=round, entry=entry)
        .first()
    )
    if challenge is None:
        raise Invalid("entry", _("%(squad)s has proposed no opponent in this round") % {
            "squad": entry.squad.name})  # fmt: skip
    return round, challenge


@transaction.atomic
def challenge_accept(*, round: Round, entry: Entry, by: AbstractBaseUser) -> Round:
    """The organiser accepts the challenge of ``entry``: it and its opponent sit at one table
    and the round is paired again (the reverse proposal, if any, is accepted with it). A
    squad already in another accepted pair is refused, naming it."""
    round, challenge = _challenge(round, entry, by)
    taken = {
        player: other
        for a, b in accepted_pairs(round)
        for player, other in ((a, b), (b, a))
    }  # fmt: skip
    pair = {challenge.entry_id, challenge.opponent_id}
    for squad in (challenge.entry, challenge.opponent):
        if squad.pk in taken and taken[squad.pk] not in pair:
            raise Invalid("entry", _("%(squad)s already plays an accepted challenge") % {
                "squad": squad.squad.name})  # fmt: skip
    Challenge.objects.filter(round=round).filter(
        Q(entry=challenge.entry, opponent=challenge.opponent)
        | Q(entry=challenge.opponent, opponent=challenge.entry)
    ).update(status=Challenge.Status.ACCEPTED)
    _pair(round)
    return round


@transaction.atomic
def challenge_refuse(*, round: Round, entry: Entry, by: AbstractBaseUser) -> Round:
    """The organiser refuses the challenge of ``entry`` (accepted before: the round is
    paired again without it)."""
    round, challenge = _challenge(round, entry, by)
    was = challenge.status
    challenge.status = Challenge.Status.REFUSED
    challenge.save(update_fields=["status", "at"])
    if was == Challenge.Status.ACCEPTED:
        Challenge.objects.filter(
            round=round, entry=challenge.opponent, opponent=challenge.entry,
            status=Challenge.Status.ACCEPTED,
        ).update(status=Challenge.Status.REFUSED)  # fmt: skip
        _pair(round)
    return round


# --- scenarios and crews ---------------------------------------------------------------------

MAX_SCENARIO = Pairing._meta.get_field("scenario").max_length


@transaction.atomic
def table_scenario(*, round: Round, table: int, scenario: str, by: AbstractBaseUser) -> Pairing:
    """The organiser types the scenario of a table of a draft or published round (free text;
    empty: none yet). Pairing a draft again draws new tables, without scenarios."""
    round = _locked_round(round, by)
    if round.status == Round.Status.CLOSED:
        _state(round, Round.Status.PUBLISHED)
    pairing = Pairing.objects.filter(round=round, table=table).first()
    if pairing is None:
        raise Invalid("table", _("round %(number)d has no table %(table)s") % {
            "number": round.number, "table": table})  # fmt: skip
    scenario = scenario.strip()
    if len(scenario) > MAX_SCENARIO or UNPRINTABLE.search(scenario):
        raise Invalid("scenario", _("a scenario is at most %(max)d printable characters") % {
            "max": MAX_SCENARIO})  # fmt: skip
    pairing.scenario = scenario
    pairing.save(update_fields=["scenario"])
    return pairing


@transaction.atomic
def seat_crew(*, round: Round, entry: Entry, crew: list[str] | None, by: AbstractBaseUser) -> Seat:
    """The player of ``entry`` chooses the crew it takes to its table of ``round`` (a draft
    or published round, its battle not reported yet): names of the squad's models that can
    fight, or of its units (``rules.crew``); ``None`` or empty: the whole squad. Each name
    refused at ``crew[j]``."""
    round = _players_round(round, entry, by, gettext_noop(
        "only the player of %(squad)s chooses its crew"))  # fmt: skip
    if round.status == Round.Status.CLOSED:
        _state(round, Round.Status.PUBLISHED)
    seat = _seat(round, entry, "entry")
    if seat.pairing.is_bye:
        raise Invalid("entry", _("%(squad)s has the bye: it plays no battle this round") % {
            "squad": entry.squad.name})  # fmt: skip
    if seat.pairing.battle_id is not None:
        raise Conflict(
            "entry", _("the battle of this table is reported already: its crew is in the report"),
            code="round-state",
        )  # fmt: skip
    names = list(crew or [])
    if names:
        roster = load_rosters([entry.squad_id])[entry.squad_id].roster
        problems = [
            (path, _(template) % params)
            for path, template, params in crew_rules.crew_problems(roster, names)
        ]
        if problems:
            raise Invalid(problems[0][0], problems[0][1], problems=problems)
    seat.crew = names or None
    seat.save(update_fields=["crew"])
    return seat
