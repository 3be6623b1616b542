"""Which of a player's downloads of its campaign squad's sheet is a repeat of the same sheet
(the campaign-night load test, ``bench/locustfile_campaign_night.py``; no Locust here).

A campaign squad gets a new version with every battle confirmed on it, by either of its
players, so a download is "the sheet again" only when no confirm on the squad began or ended
since the player's last download, and none is under way: else it is "the sheet after a
battle", a new version for the worker to render.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

AGAIN, AFTER_A_BATTLE = "sheet again", "sheet after a battle"


class SheetChanges:
    """What changed which squad's sheet, for every player of the process."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.confirming: Counter[int] = Counter()
        self.changed_at: dict[int, float] = {}
        self.asked_at: dict[tuple[str, int], float] = {}

    @contextmanager
    def confirming_battle(self, squad_ids: Iterable[int]) -> Iterator[None]:
        """Around a confirm of a battle between ``squad_ids``."""
        squad_ids = list(squad_ids)
        self.confirming.update(squad_ids)
        self.changed_at.update(dict.fromkeys(squad_ids, self.clock()))
        try:
            yield
        finally:
            self.confirming.subtract(squad_ids)
            self.changed_at.update(dict.fromkeys(squad_ids, self.clock()))

    def download(self, player: str, squad_id: int) -> str:
        """A download of ``squad_id``'s sheet by ``player`` begins: ``AGAIN`` or
        ``AFTER_A_BATTLE`` (its first download of the night follows the one before the
        night, when no battle had been fought)."""
        since = self.asked_at.get((player, squad_id), float("-inf"))
        self.asked_at[(player, squad_id)] = now = self.clock()
        changed = self.changed_at.get(squad_id)
        if self.confirming[squad_id] > 0 or (changed is not None and since <= changed <= now):
            return AFTER_A_BATTLE
        return AGAIN
