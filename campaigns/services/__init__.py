"""Everything that changes a campaign, each in one transaction.

Views and the API call these and nothing else to write; the game's rules come from
``rules`` through ``campaigns.adapters``. What a battle does to a squad is written by
``rosters.services`` (``members_write``, ``abilities_gain``, ``squads_touch``...), the one
owner of squad writes. A ``ServiceError`` names the field (or the path in
the battle-report document) and says what is wrong, in the user's language.

Concurrency: applying and voiding battles lock the campaign row first (``select_for_update``
on PostgreSQL; SQLite runs every transaction ``IMMEDIATE``, one writer at a time), then read
the squads, so two battles applied at the same moment to one squad run one after the other
and the second sees what the first wrote.
"""

from __future__ import annotations

from campaigns.services.aftermath import keep_aftermath, preview_aftermath
from campaigns.services.applying import (
    ReportRefused,
)
from campaigns.services.battles import (
    aftermath_members,
    battle_aftermath,
    battle_confirm,
    battle_reject,
    battle_void,
    can_decide,
    can_record,
)
from campaigns.services.campaigns import (
    Removed,
    campaign_create,
    campaign_invite_regenerate,
    campaign_join,
    campaign_update,
    enrol,
    player_remove,
)
from campaigns.services.packs import campaign_own_pack, campaign_pack_set, house_rules_write
from campaigns.services.reports import (
    MAX_KEY,
    SidePreview,
    Submitted,
    battle_preview,
    battle_submit,
)
from campaigns.services.rounds import (
    round_close,
    round_open,
    round_publish,
    round_swap,
    round_withdraw,
)
from campaigns.services.tables import (
    challenge_accept,
    challenge_propose,
    challenge_refuse,
    seat_crew,
    table_scenario,
)
from core.errors import Conflict, Invalid, Missing, NotAllowed, ServiceError

__all__ = [
    "campaign_create",
    "campaign_update",
    "campaign_pack_set",
    "campaign_own_pack",
    "house_rules_write",
    "campaign_invite_regenerate",
    "campaign_join",
    "Removed",
    "player_remove",
    "enrol",
    "ReportRefused",
    "MAX_KEY",
    "Submitted",
    "battle_submit",
    "SidePreview",
    "battle_preview",
    "can_decide",
    "battle_confirm",
    "battle_reject",
    "aftermath_members",
    "can_record",
    "battle_aftermath",
    "preview_aftermath",
    "keep_aftermath",
    "battle_void",
    "round_open",
    "round_withdraw",
    "round_swap",
    "round_publish",
    "round_close",
    "challenge_propose",
    "challenge_accept",
    "challenge_refuse",
    "seat_crew",
    "table_scenario",
    "Conflict",
    "Invalid",
    "Missing",
    "NotAllowed",
    "ServiceError",
]
