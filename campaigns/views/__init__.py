"""Campaign pages. Each view checks who may see or do what, calls one service or selector,
and renders; the rules live in ``rules/``, the writes in ``services``, the reads in
``selectors``.

Who may do what: anyone reads a public campaign, only its organiser and players a private
one (others get 404); only the organiser changes settings, voids and removes players; the
organiser or an opposing player confirms; only a player whose squad fought enters a report.
"""

from __future__ import annotations

from campaigns.views.after_battle import after_battle
from campaigns.views.battle_page import (
    battle_detail,
)
from campaigns.views.battles import (
    battle_aftermath,
    battle_confirm,
    battle_new,
    battle_reject,
    battle_void,
)
from campaigns.views.campaigns import (
    BATTLES_PER_PAGE,
    campaign_create,
    campaign_detail,
    campaign_enrol,
    campaign_join,
    campaign_list,
    campaign_settings,
    invite_regenerate,
    player_remove,
    waiting_list,
)
from campaigns.views.packs import campaign_pack, house_rules
from campaigns.views.rounds import (
    challenge_accept,
    challenge_refuse,
    round_challenge,
    round_close,
    round_crew,
    round_detail,
    round_list,
    round_publish,
    round_swap,
    round_withdraw,
    table_scenario,
)
from campaigns.views.squads import (
    character_detail,
    entry_detail,
)
from campaigns.views.timeline import campaign_timeline, timeline_feed

__all__ = [
    "campaign_timeline",
    "timeline_feed",
    "campaign_pack",
    "house_rules",
    "round_challenge",
    "challenge_accept",
    "challenge_refuse",
    "round_close",
    "round_crew",
    "table_scenario",
    "round_detail",
    "round_list",
    "round_publish",
    "round_swap",
    "round_withdraw",
    "BATTLES_PER_PAGE",
    "campaign_list",
    "campaign_create",
    "campaign_detail",
    "waiting_list",
    "player_remove",
    "campaign_join",
    "campaign_settings",
    "invite_regenerate",
    "campaign_enrol",
    "battle_new",
    "battle_aftermath",
    "after_battle",
    "battle_confirm",
    "battle_reject",
    "battle_void",
    "battle_detail",
    "entry_detail",
    "character_detail",
]
