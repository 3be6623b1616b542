"""A squad's models: add, copy, change (their game's record), remove, move."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from django.db import transaction
from django.db.models import Count, F, Max, ProtectedError, Q
from django.utils.translation import gettext as _

from core.errors import ServiceError
from rosters.models import Equipment, Member, Squad
from rosters.services.base import (
    MAX_MEMBER_NOTES,
    _changed,
    _check_code,
    _check_name,
    _check_notes,
    _checked_name,
    _lock_member,
    _lock_to_change,
    _name_taken,
    is_fresh_recruit,
)
from rules import get_system
from rules.documents.reader import MAX_TEXT as TEXT_LENGTH
from rules.registry import GameSystem, RecordField

_NUMBERED = re.compile(r"(.*?)\s*(\d+)")


def next_name(name: str, taken: Iterable[str]) -> str:
    """The name the add form suggests after ``name`` was added: its number plus one
    ("Grunt 6" after "Grunt 5"), or 2 for a name without one, past the names taken (names
    are unique in a squad); "" when it would be too long."""
    match = _NUMBERED.fullmatch(name)
    stem, number = (match.group(1), int(match.group(2))) if match and match.group(1) else (name, 1)
    taken = set(taken)
    number += 1
    while f"{stem} {number}" in taken:
        number += 1
    suggestion = f"{stem} {number}"
    return suggestion if len(suggestion) <= 100 else ""


@transaction.atomic
def member_add(*, squad: Squad, name: str, type: str) -> Member:
    _lock_to_change(squad)
    game = get_system(squad.system)
    _check_code(game.model_types, type, "type", _("model type"))
    name = _checked_name(name)
    held = squad.members.aggregate(  # and whether the name is taken, in the same query
        count=Count("pk"), last=Max("position"), clash=Count("pk", filter=Q(name=name))
    )
    if held["clash"]:
        raise _name_taken(name)
    if held["count"] >= game.limits.members:  # the dead included: they are printed
        raise ServiceError(
            "members",
            _("At most %(max)d models per squad (a limit of this service, far above any legal "
              "squad).") % {"max": game.limits.members},
        )  # fmt: skip
    last = held["last"]
    member = Member.objects.create(
        squad=squad, name=name, type=type, position=0 if last is None else last + 1,
        record=game.record_defaults(),
    )  # fmt: skip
    _changed(squad)
    return member


@transaction.atomic
def member_duplicate(*, member: Member) -> Member:
    """Another model like ``member``, just after it: the same type and equipment, under the
    next numbered name ("Grunt 3" after "Grunt 2", see ``next_name``). Its abilities, status
    and record are not copied: those belong to the model (a drawn ability, wounds, the model
    it helps); the copy starts as a new model of the type would."""
    squad = _lock_member(member)
    taken = list(squad.members.values_list("name", flat=True))
    name = next_name(member.name, taken)
    if not name:
        raise ServiceError("name", _("This model's name is too long to number a copy of it."))
    lines = list(member.equipment.order_by("position", "pk"))
    limit = get_system(squad.system).limits.squad_equipment
    if Equipment.objects.filter(member__squad=squad).count() + len(lines) > limit:
        raise ServiceError(
            "equipment",
            _("At most %(max)d equipment lines per squad (a limit of this service, far "
              "above any legal squad).") % {"max": limit},
        )  # fmt: skip
    copy = member_add(squad=squad, name=name, type=member.type)
    Equipment.objects.bulk_create(
        Equipment(member=copy, position=e.position, item=e.item, count=e.count) for e in lines
    )
    # Just after the original: the models after it move down one place.
    squad.members.filter(position__gt=member.position).exclude(pk=copy.pk).update(
        position=F("position") + 1
    )
    copy.position = member.position + 1
    copy.save(update_fields=["position"])
    return copy


def _check_campaign_record(member: Member, *, type: str, status: str, record: dict[str, Any],
                           game: GameSystem) -> None:  # fmt: skip
    """Battles, not the player, set these on a campaign squad's models: the type, the
    status and the numbers of the record (``RecordField`` of kind "count")."""
    if type != member.type:
        raise ServiceError(
            "type",
            _("A campaign squad's model keeps its type; remove a fresh recruit and recruit "
              "another instead."),
        )  # fmt: skip
    for field in game.member_record:
        if field.kind in _SET_BY_BATTLES and record[field.key] != member.record.get(field.key):
            raise ServiceError(
                field.key,
                _("In a campaign squad, battles set the %(field)s.") % {"field": _(field.label)},
            )
    if status != member.status:
        raise ServiceError("status", _("In a campaign squad, battles set the status."))


_SET_BY_BATTLES = ("count", "adjustments")  # a campaign squad's numbers: the campaign's


def record_checked(*, member: Member, values: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` over the model's record, each checked against its game's declaration, for
    a caller that writes a campaign squad's record itself (``campaigns.services``)."""
    game = get_system(member.squad.system)
    record = _check_record(member.squad, member, values, game)
    return {key: record[key] for key in values}


def _check_record(squad: Squad, member: Member, values: Mapping[str, Any],
                  game: GameSystem) -> dict[str, Any]:  # fmt: skip
    """The model's new record: ``values`` over its current one, each checked against the
    game's declaration (``RecordField``); keys the game does not declare are refused."""
    for key in values:
        if game.record_field(key) is None:
            raise ServiceError(key, _("This game keeps no %(key)s for a model.") % {"key": key})
    record = {**game.record_defaults(), **member.record, **values}
    for field in game.member_record:
        value, label = record[field.key], _(field.label)
        if field.kind == "count":
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ServiceError(
                    field.key, _("%(field)s must be a whole number, 0 or more.") % {"field": label}
                )
            if field.maximum is not None and value > field.maximum:
                # the limits of the squad-roster/1 document, so an export re-imports
                raise ServiceError(
                    field.key,
                    _("%(field)s: at most %(max)d.") % {"field": label, "max": field.maximum},
                )
        elif field.kind == "adjustments":
            record[field.key] = _check_adjustments(field, value)
        elif field.kind == "flag":
            if not isinstance(value, bool):
                raise ServiceError(field.key, _("%(field)s is yes or no.") % {"field": label})
        elif field.kind == "text":  # as the document reads it (``rules.documents``)
            if not isinstance(value, str) or len(value) > TEXT_LENGTH:
                raise ServiceError(
                    field.key,
                    _("%(field)s: text of at most %(max)d characters.")
                    % {"field": label, "max": TEXT_LENGTH},
                )
        elif field.kind == "code":
            if value is not None and value not in field.choices:
                raise ServiceError(
                    field.key, _("unknown %(what)s %(code)r") % {"what": label, "code": value}
                )
        elif value is not None and (
            not isinstance(value, str)
            or value == member.name
            or not squad.members.filter(name=value).exists()
        ):
            raise ServiceError(
                field.key,
                _("%(field)s: name another model of this squad.") % {"field": label},
            )
    return record


def _check_adjustments(field: RecordField, value: Any) -> dict[str, int]:
    """Whole numbers by code (a model's characteristic changes), zeros left out."""
    label = _(field.label)
    if not isinstance(value, Mapping):
        raise ServiceError(field.key, _("%(field)s: numbers by code.") % {"field": label})
    out = {}
    for code, number in value.items():
        if code not in field.choices:
            raise ServiceError(
                field.key, _("unknown %(what)s %(code)r") % {"what": label, "code": code}
            )
        if (
            isinstance(number, bool)
            or not isinstance(number, int)
            or not (field.minimum <= number <= field.maximum)
        ):
            raise ServiceError(
                field.key,
                _("%(field)s: whole numbers from %(min)d to %(max)d.")
                % {"field": label, "min": field.minimum, "max": field.maximum},
            )
        if number:
            out[code] = number
    return out


@transaction.atomic
def member_update(
    *,
    member: Member,
    name: str,
    type: str,
    status: str,
    record: Mapping[str, Any] | None = None,
    notes: str | None = None,
) -> Member:
    """Change a model: its name, type and status, the values of its game's record
    (``record``: some or all of the keys of ``GameSystem.member_record``; the others keep
    their values) and its notes (None: kept). A renamed model is renamed where the squad's
    records name it. A campaign squad's player changes its name and notes only."""
    squad = _lock_to_change(member.squad, member=member)
    game = get_system(squad.system)
    _check_code(game.model_types, type, "type", _("model type"))
    _check_code(Member.Status.values, status, "status", _("status"))
    new_record = _check_record(squad, member, record or {}, game)
    if squad.in_campaign:
        _check_campaign_record(member, type=type, status=status, record=new_record, game=game)
    old_name = member.name
    if squad.in_campaign or name.strip() != old_name:
        member.name = _check_name(squad, name, exclude=member.pk)
    member.record = new_record
    if notes is not None:
        member.notes = _check_notes(notes, MAX_MEMBER_NOTES)
    if squad.in_campaign:  # never write back what a battle may have changed meanwhile
        _record_names_write(game, member)
    else:
        member.type = type
        member.status = status
        # A name kept is not written: read with the squad as it was, it may be another
        # model's by now (renamed meanwhile), which the squad's other names were not checked
        # against.
        member.save(update_fields=None if member.name != old_name else _ALL_BUT_NAME)
    if member.name != old_name:
        _record_names_follow(squad, game, old_name, member.name)
    _changed(squad)
    return member


_ALL_BUT_NAME = [
    f.name for f in Member._meta.concrete_fields if not f.primary_key and f.name != "name"
]


def _naming_keys(game: GameSystem) -> list[str]:
    """The record keys that name another model of the squad."""
    return [f.key for f in game.member_record if f.kind == "member"]


def _record_names_write(game: GameSystem, member: Member) -> None:
    """Save the name and the naming keys of a campaign squad's model, leaving the numbers of
    its record as the database holds them (a battle may have changed them meanwhile)."""
    current = Member.objects.select_for_update().get(pk=member.pk)
    keys = _naming_keys(game)
    current.record = {**current.record, **{k: member.record.get(k) for k in keys}}
    current.name = member.name
    current.notes = member.notes
    current.save(update_fields=["name", "record", "notes"])
    member.record = current.record


def _record_names_follow(squad: Squad, game: GameSystem, old: str, new: str | None) -> None:
    """Where the squad's records name ``old`` (an assistant gunner's model), name ``new``
    instead: the model was renamed, or removed (``new`` is ``None``)."""
    changed = []
    for key in _naming_keys(game):
        for row in Member.objects.filter(squad=squad, **{f"record__{key}": old}):
            row.record = {**row.record, key: new}
            changed.append(row)
    Member.objects.bulk_update(changed, ["record"])


@transaction.atomic
def member_remove(*, member: Member) -> None:
    squad = _lock_to_change(member.squad, member=member)
    if squad.in_campaign and not is_fresh_recruit(member):
        raise ServiceError(
            "member",
            _("%(name)s has fought in the campaign: only a fresh recruit (one that has not "
              "fought yet) can be removed.") % {"name": member.name},
        )  # fmt: skip
    try:
        member.delete()
    except ProtectedError:  # a campaign's history names it
        raise ServiceError(
            "member",
            _("%(name)s is in the campaign's history and stays in the squad.")
            % {"name": member.name},
        ) from None
    _record_names_follow(squad, get_system(squad.system), member.name, None)
    _changed(squad)


@transaction.atomic
def member_move(*, member: Member, offset: int) -> None:
    """Move a model ``offset`` places up (negative) or down the list."""
    squad = _lock_to_change(member.squad, member=member)
    members = list(squad.members.select_for_update().order_by("position", "pk"))
    index = next(i for i, m in enumerate(members) if m.pk == member.pk)
    target = max(0, min(len(members) - 1, index + offset))
    members.insert(target, members.pop(index))
    for position, m in enumerate(members):
        m.position = position
    Member.objects.bulk_update(members, ["position"])
    _changed(squad)
