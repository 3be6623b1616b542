"""What the campaigns API reads: joining, enrolling, query strings, settings."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from api.serializers import NameField, StrictSerializer
from campaigns.models import Campaign
from campaigns.selectors import BATTLE_SORTS, STANDING_SORTS
from printing.pdf import PAPER_SIZES
from rules import systems
from rules.documents import (
    MAX_POINTS_LIMIT,
)


def _sorts(keys) -> list[str]:
    return [sort for key in keys for sort in (key, f"-{key}")]


# --- input ----------------------------------------------------------------------------------


class JoinSerializer(StrictSerializer):
    code = serializers.CharField(
        max_length=20, help_text=_("The invitation code the organiser gave you.")
    )


class EnrolSerializer(StrictSerializer):
    squad_id = serializers.IntegerField(
        min_value=1, max_value=2**62,
        help_text=_(
            "One of your own squads, not a campaign squad: the campaign plays a copy of it."
        ),
    )  # fmt: skip


class StandingsQuerySerializer(serializers.Serializer):
    sort = serializers.ChoiceField(
        choices=_sorts(STANDING_SORTS), default="rank",
        help_text=_("As the web page sorts: a column, '-' in front for the reverse order."),
    )  # fmt: skip


class BattlesQuerySerializer(serializers.Serializer):
    sort = serializers.ChoiceField(
        choices=_sorts(BATTLE_SORTS), default="-number",
        help_text=_("As the web page's battle log sorts; the newest battle first by default."),
    )  # fmt: skip


class ReportOptionsSerializer(serializers.Serializer):
    paper = serializers.ChoiceField(choices=sorted(PAPER_SIZES), default="a4")


def _campaign_games() -> list[str]:
    return [s.code for s in systems() if s.campaign is not None]


MAX_DESCRIPTION = Campaign._meta.get_field("description").max_length


MAX_CAMPAIGN_NAME = Campaign._meta.get_field("name").max_length


class CampaignSettingsFields(StrictSerializer):
    """The settings the campaign pages' forms set, as the settings page words them."""

    description = serializers.CharField(
        max_length=MAX_DESCRIPTION, required=False, allow_blank=True, trim_whitespace=False
    )
    points_limit = serializers.IntegerField(
        min_value=1, max_value=MAX_POINTS_LIMIT, required=False, allow_null=True,
        help_text=_(
            "Applies to every campaign squad at once; null: none, for a game whose rules "
            "print no points."
        ),
    )  # fmt: skip
    is_public = serializers.BooleanField(required=False, help_text=_("Anyone can read it."))
    apply_at_once = serializers.BooleanField(
        required=False,
        help_text=_("Off: a report waits until the organiser or an opponent confirms it."),
    )
    require_valid_squads = serializers.BooleanField(
        required=False,
        help_text=_("Off: a squad that breaks the rules is enrolled with a warning."),
    )


class CampaignCreateSerializer(CampaignSettingsFields):
    """A new campaign: you organise it and are its first player."""

    name = NameField(max_length=MAX_CAMPAIGN_NAME)
    system = serializers.ChoiceField(
        choices=_campaign_games(), required=False,
        help_text=_("A game with campaign rules; the first one by default."),
    )  # fmt: skip
    pack = serializers.IntegerField(
        required=False, allow_null=True, min_value=1,
        help_text=_("One of your packs, of the campaign's game: it plays with its latest "
                    "version (GET /api/campaigns/{id}/pack/); none by default."),
    )  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["system"].choices = _campaign_games()  # as registered now
        self.fields["points_limit"].help_text = _(
            "Defaults to the game's usual limit (none for a game without points)."
        )


class CampaignChangeSerializer(CampaignSettingsFields):
    """The campaign's settings and house rules; a key left out keeps its value."""

    name = NameField(max_length=MAX_CAMPAIGN_NAME, required=False)
    house_rules = serializers.DictField(
        child=serializers.JSONField(allow_null=True), required=False,
        help_text=_(
            "The game's campaign tables (GET /api/systems/{code}/ lists them with their "
            "defaults); replaces the campaign's. A table that is an object may give only "
            "some of its keys: the others keep their default; null or the default itself "
            "brings a table back to its default. Checked by the game's rules: an error names "
            "its path, e.g. house_rules.<table>.<key>. Written as a new version of the "
            "campaign's own pack, which the campaign then plays with."
        ),
    )  # fmt: skip
