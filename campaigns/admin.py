from django.contrib import admin

from campaigns.models import (
    Battle,
    BattleSide,
    Campaign,
    Entry,
    ForceEdit,
    HistoryEntry,
    Pairing,
    Player,
    Round,
)


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ["squad", "player", "original"]
    raw_id_fields = ["squad", "original"]


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = [
        "name", "organiser", "system", "points_limit", "is_public", "apply_at_once",
        "require_valid_squads",
    ]  # fmt: skip
    list_filter = ["system", "is_public", "require_valid_squads"]
    search_fields = ["name", "organiser__username"]
    readonly_fields = ["invite_code", "battles_numbered", "battles_applied"]
    inlines = [PlayerInline, EntryInline]


class BattleSideInline(admin.TabularInline):
    model = BattleSide
    extra = 0
    readonly_fields = ["mission_vp", "casualty_vp", "total_vp", "placing", "casualties"]


@admin.register(Battle)
class BattleAdmin(admin.ModelAdmin):
    """Battles change squads only through campaigns.services (confirm, void): read-only here."""

    list_display = ["__str__", "campaign", "status", "played_on", "submitted_by", "applied_seq"]
    list_filter = ["status"]
    search_fields = ["scenario", "campaign__name"]
    readonly_fields = [
        "campaign", "number", "status", "report", "submitted_by", "idempotency_key",
        "decided_by", "decided_at", "applied_seq", "voided_by", "voided_at",
    ]  # fmt: skip
    inlines = [BattleSideInline]


@admin.register(HistoryEntry)
class HistoryEntryAdmin(admin.ModelAdmin):
    list_display = ["battle", "entry", "member", "kind", "field", "before", "after", "roll"]
    list_filter = ["kind"]
    list_select_related = ["battle", "entry__squad", "member"]

    def has_change_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request):
        return False


@admin.register(ForceEdit)
class ForceEditAdmin(admin.ModelAdmin):
    """A force's edits between battles, as they were made: read, never changed."""

    list_display = ["entry", "by", "at", "changes"]
    list_select_related = ["entry__squad", "by"]

    def has_change_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request):
        return False


class PairingInline(admin.TabularInline):
    model = Pairing
    extra = 0
    fields = ["table", "battle", "forced_rematch", "scenario"]
    readonly_fields = ["table", "battle", "forced_rematch"]
    can_delete = False


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    """Rounds are paired, swapped and published through campaigns.services: read here."""

    list_display = ["__str__", "campaign", "status", "mode", "forced_rematches", "created"]
    list_filter = ["status", "mode"]
    readonly_fields = ["campaign", "number", "status", "mode", "seed", "forced_rematches",
                       "opened_by", "published", "closed", "closed_by"]  # fmt: skip
    inlines = [PairingInline]
