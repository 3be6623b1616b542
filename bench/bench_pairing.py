"""Pairing a campaign round (rules/pairing.py, issue #31): 40 players after 9 rounds, by
standings (target <= 50 ms), and after 9 rounds whose standings were drawn at random each
time (opponents far apart in the order: the matching's hardest case seen)."""

from __future__ import annotations

import random

from bench.timing import median_seconds
from rules.pairing import pair_at_random, pair_by_standings

PLAYERS = 40


def nine_rounds(
    seed: int = 2026, drift: float = 6
) -> tuple[list[str], list[tuple[str, str | None]]]:
    """A 40-player campaign after nine rounds, each paired by standings as the product does,
    the standings shuffled a little between rounds (results move players a few places)."""
    rng = random.Random(seed)
    order = [f"p{i:02}" for i in range(PLAYERS)]
    history: list[tuple[str, str | None]] = []
    for number in range(9):
        round_ = (
            pair_at_random(order, rng, history)
            if number == 0
            else pair_by_standings(order, history)
        )
        history += [(t.first, t.second) for t in round_.tables]
        place = {p: i + rng.uniform(-drift, drift) for i, p in enumerate(order)}
        order.sort(key=place.__getitem__)
    return order, history


def run() -> list[tuple[str, float, str]]:
    order, history = nine_rounds()
    swiss = median_seconds(lambda: pair_by_standings(order, history), repeat=15)
    shuffled, far = nine_rounds(drift=PLAYERS)
    worst = median_seconds(lambda: pair_by_standings(shuffled, far), repeat=9)
    return [
        ("pair 40 players after 9 rounds, by standings (<= 50 ms)", swiss * 1e3, "ms"),
        ("pair 40 players after 9 rounds of standings drawn at random", worst * 1e3, "ms"),
    ]
