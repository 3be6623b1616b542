"""Reading a campaign: standings, the battle log, a squad's battles, a character's timeline.

Each runs a fixed number of queries whatever the campaign's size (tests/campaigns/
test_queries.py); the sums are done by the database.
"""

from __future__ import annotations

from campaigns.selectors.access import (
    can_read,
    is_player,
    player_names,
    players,
    readable_campaigns,
)
from campaigns.selectors.aftermath import Unfinished, unfinished_aftermaths
from campaigns.selectors.battle_log import (
    BATTLE_SORTS,
    battle_detail,
    battles,
    entry_battles,
    report_disagreements,
    report_stamp,
    stored_report,
    timeline,
    void_first,
    waiting,
    waiting_battles,
)
from campaigns.selectors.enrolment import (
    EnrolChoice,
    enrol_choices,
    entry_violations,
    free_squads,
    model_count,
    squad_points,
)
from campaigns.selectors.ranks import (
    STANDING_SORTS,
    Standing,
    standings,
)
from campaigns.selectors.rounds import (
    bye,
    campaign_rounds,
    latest_round,
    round_detail,
    scenario_names,
    table_setup,
    tables,
    tables_to_play,
    tables_to_play_list,
)
from campaigns.selectors.words import (
    EDIT_MESSAGES,
    HISTORY_MESSAGES,
    describe,
    describe_edit,
    force_edits,
)

__all__ = [
    "Unfinished",
    "unfinished_aftermaths",
    "scenario_names",
    "bye",
    "campaign_rounds",
    "latest_round",
    "round_detail",
    "table_setup",
    "tables",
    "tables_to_play",
    "tables_to_play_list",
    "can_read",
    "is_player",
    "player_names",
    "players",
    "readable_campaigns",
    "free_squads",
    "EnrolChoice",
    "enrol_choices",
    "entry_violations",
    "squad_points",
    "model_count",
    "Standing",
    "STANDING_SORTS",
    "standings",
    "BATTLE_SORTS",
    "battles",
    "waiting",
    "waiting_battles",
    "void_first",
    "battle_detail",
    "stored_report",
    "report_disagreements",
    "entry_battles",
    "timeline",
    "report_stamp",
    "HISTORY_MESSAGES",
    "describe",
    "EDIT_MESSAGES",
    "force_edits",
    "describe_edit",
]
