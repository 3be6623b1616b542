"""The standings and a character's timeline."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from campaigns.serializers.battles import BattleStatusField, HistorySerializer

# --- standings and characters ---------------------------------------------------------------


class StandingSerializer(serializers.Serializer):
    """A squad's totals over the campaign's confirmed battles."""

    rank = serializers.IntegerField(help_text=_("Squads equal on VP and wins share a rank."))
    squad_id = serializers.IntegerField(source="entry.squad_id")
    squad = serializers.CharField()
    player = serializers.CharField()
    vp = serializers.IntegerField()
    battles = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    casualties = serializers.IntegerField()
    tallies = serializers.DictField(
        child=serializers.IntegerField(),
        help_text=_("The game's own columns of the standings, by key (none for some games)."),
    )
    byes = serializers.IntegerField(
        help_text=_("Rounds the squad sat out; each counts in wins, draws or VP as the game says.")
    )


class TimelineSerializer(HistorySerializer):
    battle = serializers.IntegerField(source="battle.number")
    battle_status = BattleStatusField(
        source="battle.status", help_text=_("A voided battle's changes were undone.")
    )

    class Meta(HistorySerializer.Meta):
        fields = ["battle", "battle_status", "seq", "kind", "field", "before", "after", "roll",
                  "text"]  # fmt: skip
        read_only_fields = fields


class CharacterSerializer(serializers.Serializer):
    """A model of a campaign squad and its history, battle by battle."""

    # ``context["system"]`` and ``context["timeline"]``

    id = serializers.IntegerField()
    name = serializers.CharField()
    type = serializers.CharField()
    status = serializers.CharField()
    record = serializers.JSONField(
        help_text=_("The game's own values of the model (its member record), every key.")
    )
    squad_id = serializers.IntegerField()
    squad = serializers.CharField(source="squad.name")
    player = serializers.CharField(source="squad.owner.get_username")
    timeline = serializers.SerializerMethodField()

    @extend_schema_field(TimelineSerializer(many=True))
    def get_timeline(self, member) -> list[dict[str, Any]]:
        return TimelineSerializer(self.context["timeline"], many=True, context=self.context).data
