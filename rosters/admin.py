from django.contrib import admin

from rosters import services
from rosters.models import Ability, Equipment, Member, Pack, PackVersion, Squad


class NewVersion:
    """Model admin mixin: an edit made here bypasses ``rosters.services``, so it gives the
    squad a new version itself (``services.squad_changed_elsewhere``), after the object and
    its inlines are saved, or once the object is deleted."""

    @staticmethod
    def squad_id(obj) -> int | None:
        if isinstance(obj, Squad):
            return obj.pk
        member = obj if isinstance(obj, Member) else getattr(obj, "member", None)
        return member.squad_id if member is not None else None

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        services.squad_changed_elsewhere(squad_id=self.squad_id(form.instance))

    def delete_model(self, request, obj):
        squad_id = self.squad_id(obj)
        super().delete_model(request, obj)
        if not isinstance(obj, Squad):
            services.squad_changed_elsewhere(squad_id=squad_id)


class MemberInline(admin.TabularInline):
    model = Member
    extra = 0
    fields = ["position", "name", "type", "status", "record"]
    show_change_link = True


@admin.register(Squad)
class SquadAdmin(NewVersion, admin.ModelAdmin):
    list_display = ["name", "owner", "faction", "points_limit", "version", "is_public"]
    list_filter = ["system", "faction", "is_public"]
    search_fields = ["name", "owner__username"]
    inlines = [MemberInline]


class EquipmentInline(admin.TabularInline):
    model = Equipment
    extra = 0


class AbilityInline(admin.TabularInline):
    model = Ability
    extra = 0


@admin.register(Member)
class MemberAdmin(NewVersion, admin.ModelAdmin):
    list_display = ["name", "squad", "type", "status", "record"]
    list_filter = ["type", "status"]
    search_fields = ["name", "squad__name"]
    inlines = [EquipmentInline, AbilityInline]


@admin.register(Equipment)
class EquipmentAdmin(NewVersion, admin.ModelAdmin):
    list_display = ["member", "item", "count"]


@admin.register(Ability)
class AbilityAdmin(NewVersion, admin.ModelAdmin):
    list_display = ["member", "code", "detail", "gained", "roll"]


class PackVersionInline(admin.TabularInline):
    """A pack's versions, read-only: a version is never changed (``PackVersion.save``)."""

    model = PackVersion
    extra = 0
    fields = ["number", "created_at"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Pack)
class PackAdmin(admin.ModelAdmin):
    """Packs, to look at: their edits go through ``rosters.services`` (a new version each)."""

    list_display = ["name", "owner", "system", "version", "shared", "house_rules"]
    list_filter = ["system", "shared", "house_rules"]
    readonly_fields = ["owner", "system", "name", "version", "share_token", "house_rules"]
    fields = ["owner", "system", "name", "version", "shared", "share_token", "house_rules"]
    inlines = [PackVersionInline]
