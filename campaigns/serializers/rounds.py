"""A campaign's rounds (issue #31): a round with its tables and its bye, and what the
organiser sends to open one, swap two squads or withdraw one."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.serializers import StrictSerializer
from campaigns.models import MAX_SEED, Challenge, Pairing, Round, Seat
from rules.documents import MAX_MEMBERS, MAX_NAME


class SeatSerializer(serializers.Serializer):
    """A squad at a table."""

    squad_id = serializers.IntegerField(source="entry.squad_id", help_text=_("The campaign squad."))
    squad = serializers.CharField(source="entry.squad.name")
    player = serializers.CharField(source="entry.player.get_username")


class TableSeatSerializer(SeatSerializer):
    """A squad at a table, with the crew its player chose."""

    crew = serializers.ListField(
        child=serializers.CharField(), allow_null=True,
        help_text=_(
            "The names of the models (units) its player chose to take to this table; null: "
            "the whole squad. The battle's report says its crew itself (battle-report/1)."
        ),
    )  # fmt: skip


class TableBattleSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text=_("The battle's number in its campaign."))
    status = serializers.CharField()


class TableSerializer(serializers.ModelSerializer):
    """A table of a round: its two squads, the higher placed first, and its battle once
    reported."""

    squads = TableSeatSerializer(source="seats", many=True)
    battle = TableBattleSerializer(allow_null=True)
    forced_rematch = serializers.BooleanField(
        help_text=_("These two squads have met before: no pairing could avoid it.")
    )

    class Meta:
        model = Pairing
        fields = ["table", "squads", "battle", "forced_rematch", "scenario"]
        read_only_fields = fields


class WaitingTableSerializer(TableSerializer):
    """A table waiting for you: yours, in a published round, with no battle reported yet;
    with its campaign and round."""

    campaign_id = serializers.IntegerField(source="round.campaign_id")
    campaign = serializers.CharField(source="round.campaign.name", help_text=_("Its name."))
    round = serializers.IntegerField(source="round.number", help_text=_("The round's number."))

    class Meta(TableSerializer.Meta):
        fields = ["campaign_id", "campaign", "round", "table", "squads", "forced_rematch",
                  "scenario"]  # fmt: skip
        read_only_fields = fields


class ChallengeSerializer(serializers.ModelSerializer):
    """A squad's proposed opponent in a round paired by challenge."""

    squad_id = serializers.IntegerField(source="entry.squad_id", help_text=_("The challenger."))
    squad = serializers.CharField(source="entry.squad.name")
    player = serializers.CharField(source="entry.player.get_username")
    opponent_id = serializers.IntegerField(
        source="opponent.squad_id", help_text=_("The squad it challenges.")
    )
    opponent = serializers.CharField(source="opponent.squad.name")

    class Meta:
        model = Challenge
        fields = ["squad_id", "squad", "player", "opponent_id", "opponent", "status"]
        read_only_fields = fields


class RoundSerializer(serializers.ModelSerializer):
    """A round with its tables, its bye, the squads withdrawn from it and, paired by
    challenge, the proposals."""

    tables = serializers.SerializerMethodField()
    bye = serializers.SerializerMethodField()
    withdrawn = serializers.SerializerMethodField()
    challenges = ChallengeSerializer(many=True, read_only=True)

    class Meta:
        model = Round
        fields = [
            "number", "status", "mode", "seed", "forced_rematches", "created", "published",
            "closed", "tables", "bye", "withdrawn", "challenges",
        ]  # fmt: skip
        read_only_fields = fields

    @extend_schema_field(TableSerializer(many=True))
    def get_tables(self, round: Round) -> list[dict[str, Any]]:
        tables = [p for p in round.pairings.all() if p.table is not None]
        return TableSerializer(tables, many=True).data

    @extend_schema_field(SeatSerializer(allow_null=True))
    def get_bye(self, round: Round) -> dict[str, Any] | None:
        """The squad that sits out this round, if any."""
        bye = next((p for p in round.pairings.all() if p.table is None), None)
        seat: Seat | None = bye.seats.all()[0] if bye is not None else None
        return SeatSerializer(seat).data if seat is not None else None

    @extend_schema_field(SeatSerializer(many=True))
    def get_withdrawn(self, round: Round) -> list[dict[str, Any]]:
        return SeatSerializer(round.withdrawals.all(), many=True).data


class RoundOpenSerializer(StrictSerializer):
    mode = serializers.ChoiceField(
        choices=[Round.Mode.RANDOM, Round.Mode.STANDINGS, Round.Mode.CHALLENGE],
        help_text=_(
            "random: round 1, or whenever you like; standings: by the standings; challenge: "
            "paired by the standings until the organiser accepts the players' challenges."
        ),
    )
    seed = serializers.IntegerField(
        min_value=0, max_value=MAX_SEED - 1, required=False, allow_null=True,
        help_text=_("A round paired at random: the same seed draws the same round again."),
    )  # fmt: skip


class RoundSwapSerializer(StrictSerializer):
    first = serializers.IntegerField(min_value=1, max_value=2**62, help_text=_("A squad_id."))
    second = serializers.IntegerField(min_value=1, max_value=2**62, help_text=_("A squad_id."))


def _squad_id(help_text: str) -> serializers.IntegerField:
    return serializers.IntegerField(min_value=1, max_value=2**62, help_text=help_text)


class RoundWithdrawSerializer(StrictSerializer):
    squad_id = _squad_id(_("The campaign squad to leave out."))


class RoundChallengeSerializer(StrictSerializer):
    squad_id = _squad_id(_("Your campaign squad, seated in the round."))
    opponent_id = _squad_id(_("The campaign squad it challenges."))


class ChallengeDecisionSerializer(StrictSerializer):
    squad_id = _squad_id(_("The challenger's campaign squad."))


class SeatCrewSerializer(StrictSerializer):
    squad_id = _squad_id(_("Your campaign squad, at a table of the round."))
    crew = serializers.ListField(
        child=serializers.CharField(max_length=MAX_NAME), allow_null=True, max_length=MAX_MEMBERS,
        help_text=_(
            "The names of the squad's models that can fight, or of its units, that take part; "
            "null or empty: the whole squad."
        ),
    )  # fmt: skip


class TableScenarioSerializer(StrictSerializer):
    table = serializers.IntegerField(min_value=1, max_value=32767, help_text=_("A table number."))
    scenario = serializers.CharField(
        max_length=200, allow_blank=True, trim_whitespace=True,
        help_text=_("Free text; empty: none yet."),
    )  # fmt: skip
