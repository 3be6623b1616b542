"""Campaigns, their players and their squads."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.serializers import StrictSerializer
from campaigns.models import Campaign, Entry, Player
from rosters.serializers import (
    ViolationSerializer,
)
from rules.types import MEMBER_STATUSES

# --- campaigns ------------------------------------------------------------------------------


class CampaignSerializer(serializers.ModelSerializer):
    """A campaign in a list: who organises it and its main settings."""

    organiser = serializers.CharField(source="organiser.get_username", read_only=True)

    class Meta:
        model = Campaign
        fields = ["id", "name", "system", "organiser", "points_limit", "is_public", "created"]
        read_only_fields = fields


class PlayerSerializer(serializers.Serializer):
    username = serializers.CharField(source="user.get_username")
    joined = serializers.DateTimeField()


class PlayerSquadSerializer(serializers.Serializer):
    squad_id = serializers.IntegerField(help_text=_("The campaign squad."))
    name = serializers.CharField()


class ManagedPlayerSerializer(serializers.ModelSerializer):
    """A player as the organiser manages them: the id to remove them by, and their squads
    still in the campaign."""

    # ``context["squads"]``: user id -> the player's squads not withdrawn, as dicts;
    # ``context["organiser_id"]``.

    username = serializers.CharField(source="user.get_username")
    is_organiser = serializers.SerializerMethodField()
    squads = serializers.SerializerMethodField()

    class Meta:
        model = Player
        fields = ["id", "username", "joined", "is_organiser", "squads"]
        read_only_fields = fields

    def get_is_organiser(self, player: Player) -> bool:
        return player.user_id == self.context["organiser_id"]

    @extend_schema_field(PlayerSquadSerializer(many=True))
    def get_squads(self, player: Player) -> list[dict[str, Any]]:
        return self.context["squads"].get(player.user_id, [])


class RemovedSerializer(serializers.Serializer):
    """A player removed: their squads are withdrawn, their battles still count."""

    username = serializers.CharField()
    withdrawn = serializers.ListField(
        child=serializers.CharField(), help_text=_("The names of the squads withdrawn.")
    )
    pending = serializers.IntegerField(
        help_text=_("Reports naming them that still wait for your decision.")
    )


class EntrySerializer(serializers.ModelSerializer):
    """A squad enrolled in the campaign: the campaign's own copy, which battles change."""

    squad_id = serializers.IntegerField(
        help_text=_(
            "The campaign squad: name it in battle reports; its owner reads it at "
            "/api/squads/{squad_id}/."
        )
    )
    squad = serializers.CharField(source="squad.name", help_text=_("The squad's name."))
    faction = serializers.CharField(source="squad.faction")
    player = serializers.CharField(source="player.get_username")

    class Meta:
        model = Entry
        fields = ["id", "squad_id", "squad", "faction", "player", "enrolled"]
        read_only_fields = fields


class AftermathSerializer(StrictSerializer):
    """What happened to a model after a battle that asks for it, as the battle page records
    it: its status and the keys of its record the game lets a player set then."""

    status = serializers.ChoiceField(
        choices=list(MEMBER_STATUSES), required=False, help_text=_("Left out: kept.")
    )
    record = serializers.DictField(
        child=serializers.JSONField(allow_null=True), required=False,
        help_text=_(
            "Keys of the game's member record (GET /api/systems/{code}/, member_record) "
            "that the game records after a battle; checked as the builder checks them."
        ),
    )  # fmt: skip


class EnrolledSerializer(EntrySerializer):
    """A squad just enrolled, with the rules its campaign copy breaks: enrolled all the same
    (unless the campaign requires valid squads), it cannot report a battle until fixed."""

    valid = serializers.SerializerMethodField(help_text=_("The copy breaks no rule."))
    violations = serializers.SerializerMethodField(
        help_text=_("The rules the copy breaks, each naming its model (null: the squad).")
    )

    class Meta(EntrySerializer.Meta):
        fields = [*EntrySerializer.Meta.fields, "valid", "violations"]
        read_only_fields = fields

    def get_valid(self, entry: Entry) -> bool:
        return not self.context["violations"]

    @extend_schema_field(ViolationSerializer(many=True))
    def get_violations(self, entry: Entry) -> list[dict[str, Any]]:
        return ViolationSerializer(self.context["violations"], many=True).data


class CampaignDetailSerializer(CampaignSerializer):
    """A campaign with its settings, players and squads."""

    # The view passes players, entries, is_player and is_organiser in the context.

    house_rules = serializers.JSONField(
        read_only=True,
        help_text=_(
            "The campaign's tables as the game's house rules shape them, read from the pack "
            "it plays with (GET /api/campaigns/{id}/pack/); {}: the game's defaults."
        ),
    )
    players = serializers.SerializerMethodField()
    entries = serializers.SerializerMethodField()
    is_organiser = serializers.SerializerMethodField(help_text=_("You organise it."))
    is_player = serializers.SerializerMethodField(help_text=_("You play in it."))
    invite_code = serializers.SerializerMethodField(
        help_text=_("For the organiser only: the code that lets others join.")
    )

    class Meta(CampaignSerializer.Meta):
        fields = [
            *CampaignSerializer.Meta.fields, "description", "apply_at_once",
            "require_valid_squads", "house_rules",
            "battles_numbered", "battles_applied", "is_organiser", "is_player", "invite_code",
            "players", "entries",
        ]  # fmt: skip
        read_only_fields = fields

    @extend_schema_field(PlayerSerializer(many=True))
    def get_players(self, campaign: Campaign) -> list[dict[str, Any]]:
        return PlayerSerializer(self.context["players"], many=True).data

    @extend_schema_field(EntrySerializer(many=True))
    def get_entries(self, campaign: Campaign) -> list[dict[str, Any]]:
        return EntrySerializer(self.context["entries"], many=True).data

    def get_is_organiser(self, campaign: Campaign) -> bool:
        return self.context["is_organiser"]

    def get_is_player(self, campaign: Campaign) -> bool:
        return self.context["is_player"]

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_invite_code(self, campaign: Campaign) -> str | None:
        return campaign.invite_code if self.context["is_organiser"] else None
