"""What the packs API reads and writes (issue #30). A pack's ``game-pack/1`` document is
described here for the schema and read by ``rules.packs`` (the same reader as the pages and
the command line); its tables' shapes are each game's (``GET /api/systems/{code}/``,
``pack_tables``), so the schema leaves ``tables`` open and the reader refuses at the cell."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from api.serializers import DocumentString, NameField, StrictSerializer
from rosters.models import Pack
from rosters.serializers.documents import SYSTEMS
from rules.pack_tables import NOTE_LENGTH, PACK_FORMAT
from rules.packs import VERSION_LENGTH

TABLES_HELP = _(
    "The pack's tables by id, each of the shape its game declares (GET /api/systems/{code}/, "
    "pack_tables); a table left out is the game's default."
)


class PackDocumentSerializer(StrictSerializer):
    """A ``game-pack/1`` document (``docs/formats.md``), for the schema."""

    format = serializers.ChoiceField(choices=[PACK_FORMAT])
    system = serializers.ChoiceField(choices=SYSTEMS)
    name = DocumentString(max_length=100)
    version = DocumentString(max_length=VERSION_LENGTH)
    example = serializers.BooleanField(required=False)
    note = DocumentString(max_length=NOTE_LENGTH, blank=True, required=False)
    tables = serializers.DictField(
        child=serializers.JSONField(allow_null=True), help_text=TABLES_HELP
    )


class PackSerializer(serializers.ModelSerializer):
    """A pack as listed: its settings, its latest version's number (its ETag)."""

    share_link = serializers.SerializerMethodField(
        help_text=_("The path anyone may read the pack at while it is shared; null when not.")
    )

    class Meta:
        model = Pack
        fields = ["id", "system", "name", "version", "shared", "share_link", "house_rules",
                  "created", "updated"]  # fmt: skip
        read_only_fields = fields

    def get_share_link(self, pack: Pack) -> str | None:
        return f"/api/packs/shared/{pack.share_token}/" if pack.shared else None


class PackDetailSerializer(PackSerializer):
    document = serializers.SerializerMethodField(help_text=_("The latest version's document."))

    class Meta(PackSerializer.Meta):
        fields = [*PackSerializer.Meta.fields, "document"]
        read_only_fields = fields

    def get_document(self, pack: Pack) -> dict[str, Any]:
        return self.context["document"]


class PackCreateSerializer(StrictSerializer):
    system = serializers.ChoiceField(choices=SYSTEMS)
    name = NameField(max_length=100)
    tables = serializers.DictField(child=serializers.JSONField(allow_null=True), required=False,
                                   help_text=TABLES_HELP)  # fmt: skip


class PackShareSerializer(StrictSerializer):
    shared = serializers.BooleanField()
    new_link = serializers.BooleanField(
        required=False, default=False, help_text=_("A new link: the old one stops working.")
    )


class CampaignPackSerializer(serializers.Serializer):
    """The pack a campaign plays with: which pack and version (null: none, the game's
    defaults), and its document."""

    pack = serializers.IntegerField(allow_null=True)
    version = serializers.IntegerField(allow_null=True)
    name = serializers.CharField(allow_null=True)
    own = serializers.BooleanField(help_text=_("The campaign's own pack (its house rules)."))
    document = serializers.JSONField(allow_null=True)


class CampaignPackSetSerializer(StrictSerializer):
    pack = serializers.IntegerField(
        allow_null=True, min_value=1,
        help_text=_("A pack of yours or one shared with you (its token); null: no pack."),
    )  # fmt: skip
    token = serializers.CharField(required=False, max_length=40,
                                  help_text=_("The share token of a pack not yours."))  # fmt: skip
