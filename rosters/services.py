"""Every write to stored squads. Views and the API call these; they never write models.

Each service takes keyword-only arguments, runs in one transaction and bumps the squad's
version, so a printed sheet or an htmx view can tell that the squad changed. Codes are
checked against the squad's game system; rules about legality are the rules core's business
(an invalid squad can be saved).
"""

from __future__ import annotations

import random

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F, Max
from django.utils.translation import gettext as _

from rosters.models import Ability, Equipment, Member, Squad
from rules import get_system
from rules.black_sun.choices import ability_for_roll, draw_ability
from rules.types import Roster


class ServiceError(ValueError):
    """Input the service refuses; ``field`` names where (a form field or a document path)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


def _touch(squad: Squad) -> None:
    Squad.objects.filter(pk=squad.pk).update(version=F("version") + 1)
    squad.refresh_from_db(fields=["version", "updated"])


def _check_code(table, code: str, field: str, what: str) -> None:
    if code not in table:
        raise ServiceError(field, _("unknown %(what)s %(code)r") % {"what": what, "code": code})


def _check_name(squad: Squad, name: str, *, exclude: int | None = None) -> str:
    name = name.strip()
    if not name:
        raise ServiceError("name", _("A model needs a name."))
    if len(name) > 100:
        raise ServiceError("name", _("A name has at most 100 characters."))
    clash = squad.members.filter(name=name)
    if exclude is not None:
        clash = clash.exclude(pk=exclude)
    if clash.exists():
        raise ServiceError("name", _("Another model is already named %(name)s.") % {"name": name})
    return name


# --- squads ---------------------------------------------------------------------------------


@transaction.atomic
def squad_create(
    *,
    owner: AbstractBaseUser,
    name: str,
    faction: str,
    system: str = "black-sun",
    points_limit: int | None = None,
) -> Squad:
    game = get_system(system)
    _check_code(game.factions, faction, "faction", _("faction"))
    if not name.strip():
        raise ServiceError("name", _("A squad needs a name."))
    return Squad.objects.create(
        owner=owner,
        name=name.strip(),
        system=system,
        faction=faction,
        points_limit=points_limit or game.default_points_limit,
    )


@transaction.atomic
def squad_update(*, squad: Squad, name: str, faction: str, points_limit: int) -> Squad:
    _check_code(get_system(squad.system).factions, faction, "faction", _("faction"))
    if not name.strip():
        raise ServiceError("name", _("A squad needs a name."))
    if points_limit < 1:
        raise ServiceError("points_limit", _("The points limit must be at least 1."))
    Squad.objects.filter(pk=squad.pk).update(
        name=name.strip(), faction=faction, points_limit=points_limit
    )
    squad.refresh_from_db()
    _touch(squad)
    return squad


@transaction.atomic
def squad_import(*, owner: AbstractBaseUser, roster: Roster) -> Squad:
    """Store a parsed roster document as a new squad (nothing is stored if it fails)."""
    game = get_system(roster.system)
    names = [m.name for m in roster.members]
    for i, name in enumerate(names):
        if names.index(name) != i:
            raise ServiceError(
                f"members[{i}].name",
                _("another model is already named %(name)s") % {"name": name},
            )
    for i, member in enumerate(roster.members):
        if member.assists is not None and member.assists not in names:
            raise ServiceError(
                f"members[{i}].assists",
                _("no model named %(name)s in this squad") % {"name": member.assists},
            )
    squad = Squad.objects.create(
        owner=owner,
        name=roster.name,
        system=roster.system,
        faction=roster.faction,
        points_limit=roster.points_limit,
    )
    rows = Member.objects.bulk_create(
        Member(
            squad=squad, position=i, name=m.name, type=m.type, rp=m.rp,
            cv_loss=m.cv_loss, status=m.status,
        )
        for i, m in enumerate(roster.members)
    )  # fmt: skip
    by_name = {row.name: row for row in rows}
    assisting = []
    for row, member in zip(rows, roster.members, strict=True):
        if member.assists is not None:
            row.assists = by_name[member.assists]
            assisting.append(row)
    Member.objects.bulk_update(assisting, ["assists"])
    Equipment.objects.bulk_create(
        Equipment(member=row, position=j, item=e.item, count=e.count)
        for row, member in zip(rows, roster.members, strict=True)
        for j, e in enumerate(member.equipment)
    )
    abilities = []
    for row, member in zip(rows, roster.members, strict=True):
        chosen = game.model_types[member.type].chosen
        for j, a in enumerate(member.abilities):
            if a.source == "starting":
                gained = Ability.Gained.CHOSEN if chosen else Ability.Gained.RANDOM
            else:
                gained = a.source
            abilities.append(
                Ability(member=row, position=j, code=a.code, detail=a.detail or "", gained=gained)
            )
    Ability.objects.bulk_create(abilities)
    return squad


def copy_members(*, source: Squad, target: Squad) -> None:
    """Copy every model of ``source`` into ``target``, with equipment, abilities and AGs."""
    members = list(source.members.prefetch_related("equipment", "abilities"))
    copies = Member.objects.bulk_create(
        Member(
            squad=target, position=m.position, name=m.name, type=m.type, rp=m.rp,
            cv_loss=m.cv_loss, status=m.status,
        )
        for m in members
    )  # fmt: skip
    new_by_old = {m.pk: c for m, c in zip(members, copies, strict=True)}
    assisting = []
    for m, c in zip(members, copies, strict=True):
        if m.assists_id is not None:
            c.assists = new_by_old[m.assists_id]
            assisting.append(c)
    Member.objects.bulk_update(assisting, ["assists"])
    Equipment.objects.bulk_create(
        Equipment(member=new_by_old[m.pk], position=e.position, item=e.item, count=e.count)
        for m in members
        for e in m.equipment.all()
    )
    Ability.objects.bulk_create(
        Ability(
            member=new_by_old[m.pk], position=a.position, code=a.code, detail=a.detail,
            gained=a.gained, roll=a.roll,
        )
        for m in members
        for a in m.abilities.all()
    )  # fmt: skip


@transaction.atomic
def squad_duplicate(*, squad: Squad, owner: AbstractBaseUser) -> Squad:
    copy = Squad.objects.create(
        owner=owner,
        name=(_("%(name)s (copy)") % {"name": squad.name})[:100],
        system=squad.system,
        faction=squad.faction,
        points_limit=squad.points_limit,
    )
    copy_members(source=squad, target=copy)
    return copy


@transaction.atomic
def squad_delete(*, squad: Squad) -> None:
    squad.delete()


@transaction.atomic
def squad_set_public(*, squad: Squad, public: bool) -> Squad:
    Squad.objects.filter(pk=squad.pk).update(is_public=public)
    squad.is_public = public
    return squad


# --- members --------------------------------------------------------------------------------


@transaction.atomic
def member_add(*, squad: Squad, name: str, type: str) -> Member:
    _check_code(get_system(squad.system).model_types, type, "type", _("model type"))
    name = _check_name(squad, name)
    last = squad.members.aggregate(last=Max("position"))["last"]
    member = Member.objects.create(
        squad=squad, name=name, type=type, position=0 if last is None else last + 1
    )
    _touch(squad)
    return member


@transaction.atomic
def member_update(
    *,
    member: Member,
    name: str,
    type: str,
    rp: int,
    cv_loss: int,
    status: str,
    assists: Member | None,
) -> Member:
    squad = member.squad
    _check_code(get_system(squad.system).model_types, type, "type", _("model type"))
    _check_code(Member.Status.values, status, "status", _("status"))
    if rp < 0 or cv_loss < 0:
        raise ServiceError("rp", _("RP and CV loss cannot be negative."))
    if assists is not None and assists.squad_id != squad.pk:
        raise ServiceError("assists", _("An assistant gunner serves a model of its own squad."))
    member.name = _check_name(squad, name, exclude=member.pk)
    member.type = type
    member.rp = rp
    member.cv_loss = cv_loss
    member.status = status
    member.assists = assists
    member.save()
    _touch(squad)
    return member


@transaction.atomic
def member_remove(*, member: Member) -> None:
    squad = member.squad
    member.delete()
    _touch(squad)


@transaction.atomic
def member_move(*, member: Member, offset: int) -> None:
    """Move a model ``offset`` places up (negative) or down the list."""
    squad = member.squad
    members = list(squad.members.select_for_update().order_by("position", "pk"))
    index = next(i for i, m in enumerate(members) if m.pk == member.pk)
    target = max(0, min(len(members) - 1, index + offset))
    members.insert(target, members.pop(index))
    for position, m in enumerate(members):
        m.position = position
    Member.objects.bulk_update(members, ["position"])
    _touch(squad)


# --- equipment and abilities ----------------------------------------------------------------


@transaction.atomic
def equipment_add(*, member: Member, item: str, count: int = 1) -> Equipment:
    squad = member.squad
    _check_code(get_system(squad.system).items, item, "item", _("item"))
    if not 1 <= count <= 99:
        raise ServiceError("count", _("A count is from 1 to 99."))
    existing = member.equipment.filter(item=item).first()
    if existing is not None:  # one line per item: adding more raises the count
        existing.count = min(99, existing.count + count)
        existing.save(update_fields=["count"])
        line = existing
    else:
        last = member.equipment.aggregate(last=Max("position"))["last"]
        line = Equipment.objects.create(
            member=member, item=item, count=count, position=0 if last is None else last + 1
        )
    _touch(squad)
    return line


@transaction.atomic
def equipment_remove(*, equipment: Equipment) -> None:
    squad = equipment.member.squad
    equipment.delete()
    _touch(squad)


@transaction.atomic
def ability_add(
    *,
    member: Member,
    code: str = "",
    detail: str = "",
    gained: str = Ability.Gained.CHOSEN,
    roll: int | None = None,
) -> Ability:
    """Add an ability; a random one may be given by the roll of a physical die instead."""
    squad = member.squad
    _check_code(Ability.Gained.values, gained, "gained", _("origin"))
    if roll is not None:
        if gained != Ability.Gained.RANDOM:
            raise ServiceError("roll", _("Only a random ability has a roll."))
        try:
            code = ability_for_roll(roll)
        except ValueError as error:
            raise ServiceError("roll", str(error)) from None
    abilities = get_system(squad.system).abilities
    _check_code(abilities, code, "code", _("ability"))
    detail = detail.strip()
    if abilities[code].needs_detail and not detail:
        raise ServiceError("detail", _("Say which enemy is hated."))
    if not abilities[code].needs_detail:
        detail = ""
    if member.abilities.filter(code=code).exists():
        raise ServiceError("code", _("%(name)s already has this ability.") % {"name": member.name})
    last = member.abilities.aggregate(last=Max("position"))["last"]
    ability = Ability.objects.create(
        member=member, code=code, detail=detail[:100], gained=gained, roll=roll,
        position=0 if last is None else last + 1,
    )  # fmt: skip
    _touch(squad)
    return ability


@transaction.atomic
def ability_draw(*, member: Member, rng: random.Random, detail: str = "") -> Ability:
    """Draw a random ability with the server's dice; the roll is kept with it."""
    held = set(member.abilities.values_list("code", flat=True))
    code, roll = draw_ability(rng, held)
    if not code:
        raise ServiceError("code", _("%(name)s already has every ability.") % {"name": member.name})
    return ability_add(
        member=member, code=code, detail=detail or _("to be named"),
        gained=Ability.Gained.RANDOM, roll=roll,
    )  # fmt: skip


@transaction.atomic
def ability_remove(*, ability: Ability) -> None:
    squad = ability.member.squad
    ability.delete()
    _touch(squad)
