"""A battle's aftermath over the API (#31 item 3): what is pending per side, and the one
step that previews or keeps a side's aftermath (``services.preview_aftermath`` /
``services.keep_aftermath``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from api.serializers import StrictSerializer


class DieSerializer(serializers.Serializer):
    key = serializers.CharField(
        help_text=_("The die's name in rolls: injury:<model> or advance:<model>:<k>.")
    )
    member = serializers.CharField(help_text=_("The model it is rolled for."))
    purpose = serializers.ChoiceField(choices=["injury", "advance"])
    dice = serializers.ChoiceField(
        choices=["d6", "2d6", "3d6", "d66"], help_text=_("2d6 and 3d6 summed; d66 tens then units.")
    )


class SideAftermathSerializer(serializers.Serializer):
    entry = serializers.IntegerField(help_text=_("The squad's entry in the campaign."))
    squad = serializers.CharField()
    player = serializers.CharField()
    state = serializers.ChoiceField(
        choices=["pending", "done", "none"],
        help_text=_("pending: to keep; done: kept; none: the battle leaves nothing to keep."),
    )
    tables = serializers.BooleanField(
        help_text=_("The battle's pack has an injury or experience table (else by hand).")
    )
    marked = serializers.ListField(
        child=serializers.CharField(), help_text=_("Models to record by hand (no table).")
    )
    dice = DieSerializer(many=True, help_text=_("The dice the aftermath asks for, pending."))


class AftermathOutlookSerializer(serializers.Serializer):
    battle = serializers.IntegerField(help_text=_("The battle's number."))
    sides = SideAftermathSerializer(many=True, help_text=_("Each side, in the report's order."))


class AftermathRequestSerializer(StrictSerializer):
    rolls = serializers.DictField(
        child=serializers.JSONField(), required=False, default=dict,
        help_text=_(
            "Dice rolled at the table, by key (a whole number the dice can give); a die left "
            "out is rolled by the server. To keep what a preview showed, send its rolls back."
        ),
    )  # fmt: skip
    preview = serializers.BooleanField(
        required=False, default=False, help_text=_("true: nothing is written.")
    )
    entry = serializers.IntegerField(
        required=False, min_value=1,
        help_text=_("The side's entry (the organiser's choice); left out: your own side."),
    )  # fmt: skip


class ChangeSerializer(serializers.Serializer):
    member = serializers.CharField(allow_null=True)
    kind = serializers.CharField()
    field = serializers.CharField(allow_null=True)
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)
    roll = serializers.IntegerField(allow_null=True)
    text = serializers.CharField(help_text=_("The change in the history's words."))


class RolledSerializer(serializers.Serializer):
    key = serializers.CharField()
    roll = serializers.IntegerField()
    by = serializers.ChoiceField(choices=["table", "server"])


class AftermathResultSerializer(serializers.Serializer):
    entry = serializers.IntegerField()
    squad = serializers.CharField()
    kept = serializers.BooleanField(help_text=_("false for a preview: nothing was written."))
    changes = ChangeSerializer(many=True)
    rolls = RolledSerializer(many=True)
