from django.contrib import admin

from rosters.models import Ability, Equipment, Member, Squad


class MemberInline(admin.TabularInline):
    model = Member
    extra = 0
    fields = ["position", "name", "type", "status", "record"]
    show_change_link = True


@admin.register(Squad)
class SquadAdmin(admin.ModelAdmin):
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
class MemberAdmin(admin.ModelAdmin):
    list_display = ["name", "squad", "type", "status", "record"]
    list_filter = ["type", "status"]
    search_fields = ["name", "squad__name"]
    inlines = [EquipmentInline, AbilityInline]


@admin.register(Equipment)
class EquipmentAdmin(admin.ModelAdmin):
    list_display = ["member", "item", "count"]


@admin.register(Ability)
class AbilityAdmin(admin.ModelAdmin):
    list_display = ["member", "code", "detail", "gained", "roll"]
