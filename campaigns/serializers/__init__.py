"""What the campaigns API reads and writes, as DRF serializers.

The ``battle-report/1`` serializers *describe* the document for the OpenAPI schema; the API
reads reports with ``rules.documents.parse_battle_report``, the parser the services use, so
the two can never disagree. They describe what a campaign takes: every side names a
campaign squad by ``squad_id`` (the ``id`` of an entry's squad, not of the player's own).

The other serializers write campaigns, battles, standings and history as the campaign pages
show them; the views pass them rows from ``campaigns.selectors``, which fetch in a fixed
number of queries.
"""

from __future__ import annotations

from campaigns.serializers.battles import (
    BattleDetailSerializer,
    BattleSerializer,
    BattleSideSerializer,
    BattleStatusField,
    BattleStatusFieldExtension,
    CampaignSquadSerializer,
    EntryBattleSerializer,
    HistorySerializer,
    WaitingBattleSerializer,
)
from campaigns.serializers.campaigns import (
    AftermathSerializer,
    CampaignDetailSerializer,
    CampaignSerializer,
    EnrolledSerializer,
    EntrySerializer,
    ManagedPlayerSerializer,
    PlayerSerializer,
    PlayerSquadSerializer,
    RemovedSerializer,
)
from campaigns.serializers.inputs import (
    MAX_CAMPAIGN_NAME,
    MAX_DESCRIPTION,
    BattlesQuerySerializer,
    CampaignChangeSerializer,
    CampaignCreateSerializer,
    CampaignSettingsFields,
    EnrolSerializer,
    JoinSerializer,
    ReportOptionsSerializer,
    StandingsQuerySerializer,
)
from campaigns.serializers.reports import (
    BATTLE_REPORT_EXAMPLE,
    battle_report_schema,
    battle_report_serializer,
)
from campaigns.serializers.rounds import (
    ChallengeDecisionSerializer,
    RoundChallengeSerializer,
    RoundOpenSerializer,
    RoundSerializer,
    RoundSwapSerializer,
    RoundWithdrawSerializer,
    SeatCrewSerializer,
    TableScenarioSerializer,
    WaitingTableSerializer,
)
from campaigns.serializers.standings import (
    CharacterSerializer,
    StandingSerializer,
    TimelineSerializer,
)

__all__ = [
    "ChallengeDecisionSerializer",
    "RoundChallengeSerializer",
    "RoundOpenSerializer",
    "RoundSerializer",
    "RoundSwapSerializer",
    "RoundWithdrawSerializer",
    "SeatCrewSerializer",
    "TableScenarioSerializer",
    "battle_report_serializer",
    "battle_report_schema",
    "BATTLE_REPORT_EXAMPLE",
    "JoinSerializer",
    "EnrolSerializer",
    "StandingsQuerySerializer",
    "BattlesQuerySerializer",
    "ReportOptionsSerializer",
    "MAX_DESCRIPTION",
    "MAX_CAMPAIGN_NAME",
    "CampaignSettingsFields",
    "CampaignCreateSerializer",
    "CampaignChangeSerializer",
    "CampaignSerializer",
    "PlayerSerializer",
    "PlayerSquadSerializer",
    "ManagedPlayerSerializer",
    "RemovedSerializer",
    "EntrySerializer",
    "AftermathSerializer",
    "EnrolledSerializer",
    "CampaignDetailSerializer",
    "BattleSideSerializer",
    "BattleStatusField",
    "BattleStatusFieldExtension",
    "EntryBattleSerializer",
    "CampaignSquadSerializer",
    "BattleSerializer",
    "WaitingBattleSerializer",
    "WaitingTableSerializer",
    "HistorySerializer",
    "BattleDetailSerializer",
    "StandingSerializer",
    "TimelineSerializer",
    "CharacterSerializer",
]
