"""Pairing a campaign round: who plays whom, and who sits out (issue #31, "Rounds and pairings").

Every game pairs the same way, so this module names none. The organiser opens a round; the
players still in it are paired by one of three modes:

- **by standings** (Swiss): the players in the campaign's standings order, each paired as
  close to their own place as the rest allows;
- **at random** (round 1): the same, over an order drawn from the ``random.Random`` given, so
  a seed gives the same round again;
- **challenge**: the pairs the organiser accepted stand as they are; the others are paired
  by standings.

The rules, in the order they win over each other:

1. Everybody in the round plays exactly once, or has the bye.
2. With an odd number, the bye goes to a player with the fewest byes so far: nobody sits out
   twice before everybody has sat out once.
3. No rematch while any choice of bye (among those fairly due one) and of pairings avoids
   it; when none does, as few rematches as can be, each said (``Table.rematch``,
   ``RoundPairing.forced_rematches``).
4. The bye goes to the lowest-placed player due one.
5. Opponents are as close in the order as can be (the sum of the squared distances between
   opponents' places is least: first against second, third against fourth...).

It is a maximum-weight matching (the blossom algorithm, ``networkx.max_weight_matching``):
each pair is an edge whose weight adds the rules' terms, scaled so that a rule always
outweighs every rule after it taken together. The bye is one more vertex, joined to the
players due one. Forty players take a few tens of milliseconds (``make bench``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

import networkx as nx

Player = Hashable
_BYE = object()  # the bye's vertex


@dataclass(frozen=True, slots=True)
class Table:
    """One pairing of a round: ``number`` from 1 (the top of the order) down."""

    number: int
    first: Player  # the higher placed of the two
    second: Player
    rematch: bool = False  # these two have met before in this campaign


@dataclass(frozen=True, slots=True)
class RoundPairing:
    tables: tuple[Table, ...]
    bye: Player | None = None  # who sits out this round, if anybody
    forced_rematches: int = 0  # rematches no choice of bye and pairings could avoid

    def opponents(self) -> dict[Player, Player | None]:
        """Each player's opponent, ``None`` for the bye."""
        out: dict[Player, Player | None] = {}
        for table in self.tables:
            out[table.first], out[table.second] = table.second, table.first
        if self.bye is not None:
            out[self.bye] = None
        return out


class PairingError(ValueError):
    """A round that cannot be paired as asked: the message says why, naming the players."""


def pair_by_standings(
    order: Sequence[Player],
    history: Iterable[tuple[Player, Player | None]] = (),
    fixed: Sequence[tuple[Player, Player]] = (),
) -> RoundPairing:
    """The round's pairings for the players in ``order`` (best placed first, withdrawn
    players left out), given the campaign's earlier games: ``history`` holds one
    ``(player, opponent)`` per earlier pairing, ``(player, None)`` per bye. ``fixed``: pairs
    the organiser accepted (challenges), kept as they are."""
    players = list(order)
    if len(set(players)) != len(players):
        twice = next(p for p, n in Counter(players).items() if n > 1)
        raise PairingError(f"{twice!r} is in the round twice")
    met, byes = _past(history)
    placed = set(players)
    kept = []
    for a, b in fixed:
        for player in (a, b):
            if player not in placed:
                raise PairingError(f"{player!r} is paired twice or not in the round")
            placed.discard(player)
        kept.append((a, b))
    rest = [p for p in players if p in placed]
    pairs, bye = _match(rest, met, byes)
    place = {p: i for i, p in enumerate(players)}
    ordered = sorted(
        (tuple(sorted(pair, key=place.__getitem__)) for pair in [*kept, *pairs]),
        key=lambda pair: place[pair[0]],
    )
    tables = tuple(
        Table(n, a, b, rematch=frozenset((a, b)) in met)
        for n, (a, b) in enumerate(ordered, start=1)
    )
    forced = sum(1 for (a, b) in pairs if frozenset((a, b)) in met)
    return RoundPairing(tables, bye, forced)


def pair_at_random(
    players: Iterable[Player],
    rng: random.Random,
    history: Iterable[tuple[Player, Player | None]] = (),
) -> RoundPairing:
    """Pairings drawn at random (round 1), under the same rules of byes and rematches; the
    same ``rng`` state gives the same round."""
    order = sorted(players, key=repr)  # a fixed start, whatever order the caller had
    rng.shuffle(order)
    return pair_by_standings(order, history)


def _past(history: Iterable[tuple[Player, Player | None]]) -> tuple[set[frozenset], Counter]:
    met: set[frozenset] = set()
    byes: Counter = Counter()
    for player, opponent in history:
        if opponent is None:
            byes[player] += 1
        else:
            met.add(frozenset((player, opponent)))
    return met, byes


def _match(
    players: list[Player], met: set[frozenset], byes: Counter
) -> tuple[list[tuple[Player, Player]], Player | None]:
    """The pairs (and the bye) that best follow the module's rules for ``players``."""
    n = len(players)
    if n < 2:
        if n == 1:
            return [], players[0]
        return [], None
    due = []
    if n % 2:
        fewest = min(byes[p] for p in players)
        due = [i for i, p in enumerate(players) if byes[p] == fewest]
    # Each rule's weight outweighs every later rule's terms taken together.
    closeness_total = n**3  # more than any matching's sum of squared distances
    bye_step = closeness_total + 1
    no_rematch = bye_step * (n + 1)
    base = n * n  # keeps every weight positive

    graph = nx.Graph()
    for i in range(n):
        for j in range(i + 1, n):
            fresh = frozenset((players[i], players[j])) not in met
            graph.add_edge(i, j, weight=base - (j - i) ** 2 + no_rematch * fresh)
    for i in due:
        graph.add_edge(i, _BYE, weight=base + bye_step * i)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs, bye = [], None
    for a, b in matching:
        if a is _BYE or b is _BYE:
            bye = players[b if a is _BYE else a]
        else:
            pairs.append((players[a], players[b]))
    return pairs, bye
