"""The standings: every squad with its totals over confirmed battles."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db.models import (
    Count,
    F,
    IntegerField,
    OuterRef,
    Q,
    Subquery,
    Sum,
)
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast, Coalesce

from campaigns.models import Battle, BattleSide, Campaign, Entry, Round, Seat
from rules import get_system

# --- standings ------------------------------------------------------------------------------


@dataclass
class Standing:
    entry: Entry
    rank: int
    vp: int
    battles: int
    wins: int
    draws: int
    losses: int
    casualties: int
    tallies: dict[str, int] = field(default_factory=dict)  # the game's own columns, by key
    byes: int = 0  # rounds sat out (published or closed): counted in as the game says
    # the squad's name and its player's username (read with the entry, whose ``squad`` and
    # ``player`` rows are not: 500 of each cost more to build than the page's sums)
    squad: str = ""
    player: str = ""

    @property
    def tally_values(self) -> list[int]:
        """The game's own columns, in its order (the keys are in that order)."""
        return list(self.tallies.values())


STANDING_SORTS = {
    "rank": lambda s: (s.rank, s.squad.casefold()),
    "squad": lambda s: s.squad.casefold(),
    "player": lambda s: (s.player.casefold(), s.squad.casefold()),
    "vp": lambda s: (s.vp, s.wins),
    "battles": lambda s: s.battles,
    "wins": lambda s: s.wins,
    "losses": lambda s: s.losses,
    "casualties": lambda s: s.casualties,
}


def standings(campaign: Campaign, sort: str = "rank") -> list[Standing]:
    """Every squad of the campaign with its totals over confirmed battles, in 2 queries.

    Rank by VP (a campaign's standings sum VP over battles), then wins, then, in a game
    that says so (``CampaignRules.rank_casualties``), the fewest casualties; equal squads
    share a rank. ``sort`` is a key of ``STANDING_SORTS``, ``-`` in front for the reverse order.

    A round's bye (issue #31) is no battle: it counts in ``byes``, and adds to the placing
    and the VP the game's rules give it (``CampaignRules.bye_placing``, ``bye_vp``: by
    default a win with no VP), once its round is published.
    """
    rules = get_system(campaign.system).campaign
    columns = rules.standing_columns if rules is not None else ()
    # A round's bye: a seat alone at its table (a subquery: no second join to multiply sums)
    byes = (
        Seat.objects.filter(
            entry=OuterRef("pk"), pairing__table__isnull=True,
            round__status__in=[Round.Status.PUBLISHED, Round.Status.CLOSED],
        )
        .values("entry")
        .annotate(n=Count("pk"))
        .values("n")
    )  # fmt: skip
    entries = Entry.objects.filter(campaign=campaign).annotate(
        byes=Coalesce(Subquery(byes, output_field=IntegerField()), 0),
        squad_name=F("squad__name"),
        username=F(f"player__{get_user_model().USERNAME_FIELD}"),
    )
    # The sums, by entry: the confirmed battles' sides alone, grouped by their squad (a
    # query of its own: joined to the entries, every side's battle row was read to learn
    # its status, three times slower at 10,000 battles)
    sums = {
        row.pop("entry_id"): row
        for row in BattleSide.objects.filter(
            battle__campaign=campaign, battle__status=Battle.Status.CONFIRMED
        )
        .values("entry_id")
        .annotate(
            vp=Sum("total_vp", default=0),
            battles=Count("pk"),
            wins=Count("pk", filter=Q(placing="win")),
            draws=Count("pk", filter=Q(placing="draw")),
            losses=Count("pk", filter=Q(placing="loss")),
            lost=Sum("casualties", default=0),
            **{
                f"tally_{column.key}": Sum(
                    Cast(KeyTextTransform(column.key, "tallies"), IntegerField()), default=0
                )
                for column in columns
            },
        )
        .order_by()
    }
    nothing = dict.fromkeys(("vp", "battles", "wins", "draws", "losses", "lost"), 0)
    rows = []
    for e in entries:
        n = sums.get(e.pk, nothing)
        rows.append(Standing(
            e, 0, n["vp"], n["battles"], n["wins"], n["draws"], n["losses"], n["lost"],
            {c.key: n.get(f"tally_{c.key}", 0) for c in columns}, e.byes, e.squad_name,
            e.username,
        ))  # fmt: skip
    if rules is not None:  # a bye scores as the game's rules say (a win with no VP)
        placing = {"win": "wins", "draw": "draws", "loss": "losses"}.get(rules.bye_placing)
        for row in rows:
            row.vp += row.byes * rules.bye_vp
            if placing is not None:
                setattr(row, placing, getattr(row, placing) + row.byes)
    # VP, then wins, then (a game that says so) the fewest casualties
    fewest = rules is not None and rules.rank_casualties

    def level(s: Standing) -> tuple[int, int, int]:
        return (-s.vp, -s.wins, s.casualties if fewest else 0)

    rows.sort(key=lambda s: (*level(s), s.squad.casefold()))
    for i, row in enumerate(rows):
        same = i and level(row) == level(rows[i - 1])
        row.rank = rows[i - 1].rank if same else i + 1
    key, reverse = _sort_key(sort, STANDING_SORTS, "rank")
    if key != "rank" or reverse:
        # numbers read best from the highest; names from A
        descending = key in ("vp", "battles", "wins", "losses", "casualties")
        rows.sort(key=STANDING_SORTS[key], reverse=descending != reverse)
    return rows


def _sort_key(sort: str, allowed: dict, default: str) -> tuple[str, bool]:
    reverse = sort.startswith("-")
    key = sort.lstrip("-")
    if key not in allowed:
        return default, False
    return key, reverse
