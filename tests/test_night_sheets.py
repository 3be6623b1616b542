"""The campaign-night load test tells a repeat download of the same sheet from one of a
sheet a battle changed since (``bench/night_sheets.py``, issue #32): a campaign squad gets a
new version with every battle confirmed on it, so its player's next download is a render,
not "the sheet again"."""

from __future__ import annotations

from bench.night_sheets import AFTER_A_BATTLE, AGAIN, SheetChanges


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1
        return self.now


def test_a_download_with_no_battle_confirmed_since_is_the_sheet_again():
    sheets = SheetChanges(Clock())
    assert sheets.download("night01", 7) == AGAIN  # as printed before the night
    with sheets.confirming_battle([8, 9]):  # another squad's battle
        pass
    assert sheets.download("night01", 7) == AGAIN


def test_a_battle_confirmed_since_the_last_download_makes_it_a_new_sheet():
    sheets = SheetChanges(Clock())
    assert sheets.download("night01", 7) == AGAIN
    with sheets.confirming_battle([7, 8]):
        pass
    assert sheets.download("night01", 7) == AFTER_A_BATTLE
    assert sheets.download("night01", 7) == AGAIN  # nothing since that one


def test_a_battle_being_confirmed_during_the_download_makes_it_a_new_sheet():
    sheets = SheetChanges(Clock())
    with sheets.confirming_battle([7, 8]):
        assert sheets.download("night02", 8) == AFTER_A_BATTLE
    assert sheets.download("night02", 8) == AFTER_A_BATTLE  # it ended after that download
    assert sheets.download("night02", 8) == AGAIN
