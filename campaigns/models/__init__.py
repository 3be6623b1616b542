"""The campaigns app's models: a campaign, its players, squads, battles and their history
(``campaigns.models.campaigns``), and its rounds (``campaigns.models.rounds``). Every name is
read from here, as when they were one module."""

from campaigns.models.campaigns import (
    Battle,
    BattleSide,
    Campaign,
    Entry,
    ForceEdit,
    HistoryEntry,
    Player,
    new_invite_code,
)
from campaigns.models.rounds import MAX_SEED, Challenge, Pairing, Round, Seat, Withdrawal

__all__ = [
    "Battle",
    "BattleSide",
    "Campaign",
    "Entry",
    "ForceEdit",
    "HistoryEntry",
    "Player",
    "new_invite_code",
    "MAX_SEED",
    "Challenge",
    "Pairing",
    "Round",
    "Seat",
    "Withdrawal",
]
