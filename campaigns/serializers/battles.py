"""Battles, their sides and history, and a squad's battles."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.plumbing import ResolvedComponent
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from campaigns.models import Battle, BattleSide, Entry, HistoryEntry
from campaigns.selectors import describe
from campaigns.serializers.campaigns import EnrolledSerializer, EntrySerializer
from campaigns.serializers.reports import battle_report_schema
from rosters.serializers import (
    roster_document_schema,
)

# --- battles --------------------------------------------------------------------------------


class BattleSideSerializer(serializers.ModelSerializer):
    """A side of a battle; the VP and the placing come when the battle is applied."""

    squad_id = serializers.IntegerField(source="entry.squad_id")
    squad = serializers.CharField(source="entry.squad.name")
    player = serializers.CharField(source="entry.player.get_username")
    vp = serializers.IntegerField(
        source="total_vp", allow_null=True, help_text=_("Mission VP minus the VP lost.")
    )
    placing = serializers.SerializerMethodField()

    class Meta:
        model = BattleSide
        fields = [
            "squad_id", "squad", "player", "outcome", "mission_vp", "casualty_vp", "vp",
            "placing", "casualties",
        ]  # fmt: skip
        read_only_fields = fields

    @extend_schema_field(
        serializers.ChoiceField(choices=BattleSide.Placing.values, allow_null=True)
    )
    def get_placing(self, side: BattleSide) -> str | None:
        return side.placing or None


class BattleStatusField(serializers.ChoiceField):
    """A battle's status, documented as the ``BattleStatusEnum`` component."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=Battle.Status.choices, read_only=True, **kwargs)


class BattleStatusFieldExtension(OpenApiSerializerFieldExtension):
    """Its own enum component: drf-spectacular would otherwise name every enum of a field
    called ``status`` after the field and warn that the squads' member status collides."""

    target_class = BattleStatusField

    def map_serializer_field(self, auto_schema, direction):
        component = ResolvedComponent(
            name="BattleStatusEnum",
            type=ResolvedComponent.SCHEMA,
            object="BattleStatusEnum",
            schema={
                "type": "string",
                "enum": Battle.Status.values,
                "description": _(
                    "pending: waiting for confirmation; confirmed: applied; rejected; voided: "
                    "applied, then undone."
                ),
            },
        )
        auto_schema.registry.register_on_missing(component)
        return component.ref


class EntryBattleSerializer(serializers.Serializer):
    """A battle the squad fought (a rejected report left out)."""

    number = serializers.IntegerField(source="battle.number")
    status = BattleStatusField(source="battle.status")
    outcome = serializers.CharField()
    vp = serializers.IntegerField(source="total_vp", allow_null=True)
    placing = serializers.SerializerMethodField()

    @extend_schema_field(
        serializers.ChoiceField(choices=BattleSide.Placing.values, allow_null=True)
    )
    def get_placing(self, side: BattleSide) -> str | None:
        return side.placing or None


class CampaignSquadSerializer(EnrolledSerializer):
    """A campaign squad as the campaign's readers see it: its models as a squad-roster/1
    document, the rules it breaks in the campaign, and its battles."""

    # ``context``: roster (the document), points, violations, battles (BattleSide rows)

    withdrawn = serializers.DateTimeField(
        allow_null=True, help_text=_("Set when its player was removed: it fights no more.")
    )
    points = serializers.SerializerMethodField(
        help_text=_("Its points in the campaign (a house-rule points table where there is "
                    "one); null: not costed.")
    )  # fmt: skip
    limit = serializers.IntegerField(source="squad.points_limit", allow_null=True)
    valid = serializers.SerializerMethodField(help_text=_("It breaks no rule."))
    roster = serializers.SerializerMethodField()
    battles = serializers.SerializerMethodField()

    class Meta(EnrolledSerializer.Meta):
        fields = [*EntrySerializer.Meta.fields, "withdrawn", "points", "limit", "valid",
                  "violations", "roster", "battles"]  # fmt: skip
        read_only_fields = fields

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_points(self, entry: Entry) -> int | None:
        return self.context["points"]

    @extend_schema_field(roster_document_schema())
    def get_roster(self, entry: Entry) -> dict[str, Any]:
        return self.context["roster"]

    @extend_schema_field(EntryBattleSerializer(many=True))
    def get_battles(self, entry: Entry) -> list[dict[str, Any]]:
        return EntryBattleSerializer(self.context["battles"], many=True).data


def _username(user) -> str | None:
    return user.get_username() if user is not None else None


class BattleSerializer(serializers.ModelSerializer):
    """A battle in the log, with its sides."""

    status = BattleStatusField()
    submitted_by = serializers.SerializerMethodField()
    decided_by = serializers.SerializerMethodField()
    sides = BattleSideSerializer(many=True)

    class Meta:
        model = Battle
        fields = [
            "number", "status", "scenario", "played_on", "submitted_by", "submitted_at",
            "decided_by", "decided_at", "voided_at", "sides",
        ]  # fmt: skip
        read_only_fields = fields

    @extend_schema_field(serializers.CharField())
    def get_submitted_by(self, battle: Battle) -> str:
        return battle.submitted_by.get_username()

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_decided_by(self, battle: Battle) -> str | None:
        return _username(battle.decided_by)


class WaitingBattleSerializer(BattleSerializer):
    """A report waiting for your decision, with the campaign it belongs to."""

    campaign_id = serializers.IntegerField()
    campaign = serializers.CharField(source="campaign.name", help_text=_("Its name."))

    class Meta(BattleSerializer.Meta):
        fields = ["campaign_id", "campaign", *BattleSerializer.Meta.fields]
        read_only_fields = fields


class HistorySerializer(serializers.ModelSerializer):
    """One change a battle made to a squad or a model."""

    # ``context["system"]``: the campaign's game, for the words of ``text``.

    squad_id = serializers.IntegerField(source="entry.squad_id")
    member_id = serializers.IntegerField(allow_null=True)
    member = serializers.SerializerMethodField(help_text=_("The model; null for the squad."))
    field = serializers.SerializerMethodField(
        help_text=_(
            "What changed: status, abilities or a key of the game's member record; null "
            "for a record only."
        )
    )
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)
    text = serializers.SerializerMethodField(help_text=_("As the campaign pages word it."))

    class Meta:
        model = HistoryEntry
        fields = ["seq", "squad_id", "member_id", "member", "kind", "field", "before", "after",
                  "roll", "text"]  # fmt: skip
        read_only_fields = fields

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_member(self, entry: HistoryEntry) -> str | None:
        return entry.member.name if entry.member is not None else None

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_field(self, entry: HistoryEntry) -> str | None:
        return entry.field or None

    def get_text(self, entry: HistoryEntry) -> str:
        return describe(entry, self.context["system"])


class BattleDetailSerializer(BattleSerializer):
    """A battle with its report as sent and every change it made, in order."""

    # The battle comes from campaigns.selectors.battle_detail (history prefetched).

    voided_by = serializers.SerializerMethodField()
    report = serializers.SerializerMethodField()
    history = serializers.SerializerMethodField()

    class Meta(BattleSerializer.Meta):
        fields = [*BattleSerializer.Meta.fields, "voided_by", "report", "history"]
        read_only_fields = fields

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_voided_by(self, battle: Battle) -> str | None:
        return _username(battle.voided_by)

    @extend_schema_field(battle_report_schema())
    def get_report(self, battle: Battle) -> Any:
        return battle.report

    @extend_schema_field(HistorySerializer(many=True))
    def get_history(self, battle: Battle) -> list[dict[str, Any]]:
        return HistorySerializer(battle.history.all(), many=True, context=self.context).data
