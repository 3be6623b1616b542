"""Every write to stored squads. Views and the API call these; they never write models.

Each service takes keyword-only arguments, runs in one transaction and bumps the squad's
version, so a printed sheet or an htmx view can tell that the squad changed. Codes are
checked against the squad's game system; rules about legality are the rules core's business
(an invalid squad can be saved).

A campaign squad (``Squad.in_campaign``) belongs to its campaign's battles: its player may
recruit, rename, re-equip, reorder and pick starting abilities, and remove a fresh recruit,
but not change the numbers of a model's record, its status or type, the faction or points
limit, remove an ability gained in the campaign, remove a model that has fought, or delete
the squad. The services refuse those changes with a ``ServiceError``, whoever calls them.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Count, F, Max, ProtectedError
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import Conflict, Invalid, Missing, ServiceError
from core.messages import problem_text
from rosters.models import Ability, Equipment, Member, Squad
from rosters.signals import squads_changed, units_changed
from rules import get_system, systems
from rules.documents import (
    MAX_NAME,
    MAX_POINTS_LIMIT,
    UNPRINTABLE,
    DocumentError,
    parse_roster,
    unit_to_document,
)
from rules.i18n import TO_BE_NAMED
from rules.registry import BuilderChoices, GameSystem, RecordField
from rules.types import Roster

# Abilities a model gains during a campaign (docs/formats.md ``source``); battles record them.
CAMPAIGN_GAINED = frozenset({Ability.Gained.INJURY, Ability.Gained.ADVANCE, Ability.Gained.EVENT})


def is_fresh_recruit(member: Member, *, abilities: Iterable[Ability] | None = None) -> bool:
    """True for a model that has not fought yet: active, every number of its record at 0
    (a skirmish game's reputation, say), no ability gained in a campaign. ``abilities``: the
    model's ability rows, when they are loaded already."""
    if member.status != Member.Status.ACTIVE:
        return False
    if any(isinstance(v, int) and v for v in member.record.values()):
        return False
    if abilities is None:
        return not member.abilities.filter(gained__in=CAMPAIGN_GAINED).exists()
    return not any(a.gained in CAMPAIGN_GAINED for a in abilities)


def _lock(squad: Squad) -> Squad:
    """Lock the squad's row before writing its members (PostgreSQL; SQLite has one writer)
    and return it as it is now (the same row, read again); ``Missing`` if another request
    deleted it meanwhile.

    Battles (``campaigns.services``) lock the squads first and then write their members: a
    roster edit takes its locks in the same order, so the two never deadlock. Deleting a
    squad locks it too, so a model added at the same moment is either added before the
    delete (and deleted with the squad) or refused with a 404, never a broken foreign key.
    """
    try:  # the caller's row is read again: it is the squad as it is now
        squad.refresh_from_db(from_queryset=Squad.objects.select_for_update())
    except Squad.DoesNotExist:
        raise Missing("squad", _("This squad was deleted meanwhile.")) from None
    return squad


def squad_lock(*, squad: Squad) -> Squad:
    """``_lock`` for another app's transaction (a campaign enrolling the squad)."""
    return _lock(squad)


def _lock_member(member: Member) -> Squad:
    """Lock the model's squad and check the model is still in it (another request may
    have removed it since the page loaded), in one query; return the squad, its row
    ``member.squad`` read again (the caller's row is the squad as it is now)."""
    squad = member.squad
    locked = Squad.objects.select_for_update(of=("self",)).filter(members=member.pk)
    try:
        squad.refresh_from_db(from_queryset=locked)
    except Squad.DoesNotExist:
        if Squad.objects.filter(pk=squad.pk).exists():
            raise Missing("member", _("This model was removed meanwhile.")) from None
        raise Missing("squad", _("This squad was deleted meanwhile.")) from None
    return squad


def _check_text(value: str, field: str) -> None:
    if UNPRINTABLE.search(value):
        raise ServiceError(field, _("Names cannot hold control characters."))


# Notes are the player's free text, printed on the sheet: a few lines for a model, a short
# page for the squad. Line breaks and tabs are kept; other control characters are refused.
MAX_SQUAD_NOTES = 2000
MAX_MEMBER_NOTES = 300
# What notes may not hold once stripped (a carriage return is a line break by then): the
# C0 and C1 control characters but the tab and the line feed.
NOTE_CONTROL = "".join(map(chr, [*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0)]))
_NOTE_CONTROL = re.compile(f"[{re.escape(NOTE_CONTROL)}]")


def _check_notes(value: str, maximum: int) -> str:
    """Notes as stored: Windows line ends made plain, the ends trimmed, checked."""
    value = value.replace("\r\n", "\n").replace("\r", "\n").strip()
    if _NOTE_CONTROL.search(value):
        raise ServiceError("notes", _("Notes cannot hold control characters."))
    if len(value) > maximum:
        raise ServiceError(
            "notes",
            _("Notes are at most %(max)d characters (these have %(count)d).")
            % {"max": maximum, "count": len(value)},
        )
    return value


def _touch(squad: Squad) -> None:
    """A new version: printed sheets, htmx views and caches keyed on it see the change, and
    the sheet is rendered ahead if it was printed before (``signals.squads_changed``). ``update()``
    skips ``auto_now``, so ``updated`` is set here too."""
    Squad.objects.filter(pk=squad.pk).update(version=F("version") + 1, updated=timezone.now())
    squad.refresh_from_db(fields=["version", "updated", "printed"])
    squads_changed.send(Squad, squad_ids=[squad.pk], squad=squad)


@transaction.atomic
def squad_changed_elsewhere(*, squad_id: int) -> None:
    """A new version for a squad changed without these services (the admin site): its
    sheets, the builder's kept lines and an undo see the change as they see any other."""
    squad = Squad.objects.filter(pk=squad_id).first()
    if squad is not None:
        _touch(squad)


def _check_squad_name(name: str) -> str:
    name = name.strip()
    if not name:
        raise ServiceError("name", _("A squad needs a name."))
    if len(name) > MAX_NAME:
        raise ServiceError("name", _("A name has at most %(max)d characters.") % {"max": MAX_NAME})
    _check_text(name, "name")
    return name


def _check_points_limit(points_limit: int | None, game: GameSystem) -> None:
    """A whole number from 1, or ``None`` (no limit) for a game whose text prints no points."""
    if points_limit is None and game.default_points_limit is None:
        return
    if points_limit is None or not 1 <= points_limit <= MAX_POINTS_LIMIT:
        raise ServiceError(
            "points_limit",
            _("The points limit is a whole number from 1 to %(max)d.") % {"max": MAX_POINTS_LIMIT},
        )


def _check_faction(game: GameSystem, faction: str) -> str:
    """A faction code of the game, or the free text of a game without faction codes."""
    if game.factions is None:
        faction = faction.strip()
        if len(faction) > MAX_NAME:
            raise ServiceError(
                "faction", _("A faction has at most %(max)d characters.") % {"max": MAX_NAME}
            )
        _check_text(faction, "faction")
        return faction
    if not faction:
        raise ServiceError("faction", _("Choose a faction of %(game)s.") % {"game": _(game.name)},
                           code="required")  # fmt: skip
    _check_code(game.factions, faction, "faction", _("faction"))
    return faction


def _check_code(table, code: str, field: str, what: str) -> None:
    if code not in table:
        raise ServiceError(
            field,
            _("unknown %(what)s %(code)r") % {"what": what, "code": code},
            code="invalid-choice",  # as the API's own choice fields say it
        )


def _check_name(squad: Squad, name: str, *, exclude: int | None = None) -> str:
    name = name.strip()
    if not name:
        raise ServiceError("name", _("A model needs a name."))
    if len(name) > 100:
        raise ServiceError("name", _("A name has at most 100 characters."))
    _check_text(name, "name")
    clash = squad.members.filter(name=name)
    if exclude is not None:
        clash = clash.exclude(pk=exclude)
    if clash.exists():
        raise ServiceError("name", _("Another model is already named %(name)s.") % {"name": name})
    return name


# --- squads ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class SquadNotes:
    """A squad's notes and its models' notes by name: what its document leaves out."""

    squad: str = ""
    members: Mapping[str, str] = dataclasses.field(default_factory=dict)


def notes_of(squad: Squad) -> SquadNotes:
    """The notes stored for ``squad`` (one query for the models')."""
    members = Member.objects.filter(squad=squad.pk).exclude(notes="")
    return SquadNotes(squad.notes, dict(members.values_list("name", "notes")))


@transaction.atomic
def squad_create(
    *,
    owner: AbstractBaseUser,
    name: str,
    faction: str,
    system: str | None = None,
    points_limit: int | None = None,
) -> Squad:
    """A new, empty squad of ``system`` (default: the first game registered) with the
    game's usual points limit unless ``points_limit`` says otherwise."""
    if not system:
        system = systems()[0].code
    try:
        game = get_system(system)
    except KeyError:
        raise ServiceError("system", _("unknown game system %(code)r") % {"code": system}) from None
    faction = _check_faction(game, faction)
    name = _check_squad_name(name)
    points_limit = points_limit or game.default_points_limit
    _check_points_limit(points_limit, game)
    return Squad.objects.create(
        owner=owner, name=name, system=system, faction=faction, points_limit=points_limit
    )


@transaction.atomic
def squad_update(
    *, squad: Squad, name: str, faction: str, points_limit: int | None, notes: str | None = None
) -> Squad:
    """Change the squad's name, faction, points limit and (unless ``notes`` is None) notes."""
    locked = _lock(squad)
    if locked.in_campaign and faction != locked.faction:
        raise Conflict("faction", _("A campaign squad keeps its faction."), code="campaign-squad")
    if locked.in_campaign and points_limit != locked.points_limit:
        raise Conflict(
            "points_limit", _("The campaign sets the points limit."), code="campaign-squad"
        )
    game = get_system(locked.system)
    faction = _check_faction(game, faction)
    name = _check_squad_name(name)
    _check_points_limit(points_limit, game)
    notes = locked.notes if notes is None else _check_notes(notes, MAX_SQUAD_NOTES)
    Squad.objects.filter(pk=squad.pk).update(
        name=name, faction=faction, points_limit=points_limit, notes=notes
    )
    squad.refresh_from_db()
    _touch(squad)
    return squad


def _check_roster(roster: Roster) -> None:
    """What a document can say but a squad cannot hold: two models of one name, an
    assistant gunner serving a model the squad does not have."""
    names = [m.name for m in roster.members]
    for i, name in enumerate(names):
        if names.index(name) != i:
            raise ServiceError(
                f"members[{i}].name",
                _("another model is already named %(name)s") % {"name": name},
            )
    naming = [f.key for f in get_system(roster.system).member_record if f.kind == "member"]
    for i, member in enumerate(roster.members):
        for key in naming:
            named = member.record.get(key)
            if named is not None and named not in names:
                raise ServiceError(
                    f"members[{i}].{key}",
                    _("no model named %(name)s in this squad") % {"name": named},
                )


def _store_members(squad: Squad, roster: Roster, notes: Mapping[str, str] | None = None) -> None:
    """Write the models of a checked roster into ``squad``, which has none; ``notes``: each
    model's notes, by name."""
    game = get_system(roster.system)
    defaults = game.record_defaults()
    notes = notes or {}
    rows = Member.objects.bulk_create(
        Member(
            squad=squad, position=i, name=m.name, type=m.type, status=m.status,
            record={**defaults, **m.record}, notes=notes.get(m.name, ""),
        )
        for i, m in enumerate(roster.members)
    )  # fmt: skip
    Equipment.objects.bulk_create(
        Equipment(member=row, position=j, item=e.item, count=e.count)
        for row, member in zip(rows, roster.members, strict=True)
        for j, e in enumerate(member.equipment)
    )
    abilities = []
    for row, member in zip(rows, roster.members, strict=True):
        drawn = game.builder is not None and game.builder.starting_drawn(member.type)
        for j, a in enumerate(member.abilities):
            if a.source == "starting":
                gained = Ability.Gained.RANDOM if drawn else Ability.Gained.CHOSEN
            else:
                gained = a.source
            abilities.append(
                Ability(member=row, position=j, code=a.code, detail=a.detail or "", gained=gained)
            )
    Ability.objects.bulk_create(abilities)


@transaction.atomic
def squad_import(*, owner: AbstractBaseUser, roster: Roster) -> Squad:
    """Store a parsed roster document as a new squad (nothing is stored if it fails)."""
    _check_roster(roster)
    squad = Squad.objects.create(
        owner=owner,
        name=roster.name,
        system=roster.system,
        faction=roster.faction,
        points_limit=roster.points_limit,
        units=_unit_documents(roster),
    )
    _store_members(squad, roster)
    return squad


def _unit_documents(roster: Roster) -> list[dict[str, Any]]:
    """A force's units as stored (``Squad.units``): their documents; [] for a game of models."""
    game = get_system(roster.system)
    return [unit_to_document(game, unit) for unit in roster.units] if game.units else []


@transaction.atomic
def squad_replace(
    *,
    squad: Squad,
    roster: Roster,
    expected_version: int | None = None,
    notes: SquadNotes | None = None,
) -> Squad:
    """Give ``squad`` the name, faction, limit and models of ``roster`` in one step, keeping
    its id, public link and owner; its version rises by one.

    The document holds no notes: the squad keeps its own, and each model of ``roster`` keeps
    the notes of the model of the same name, unless ``notes`` gives them all (an undo).

    The squad is locked first, so replacements sent at the same moment run one after the
    other and each leaves exactly its own document. With ``expected_version`` (the API's
    ``If-Match``), a replacement based on an older version is refused (``Conflict``) instead
    of overwriting a change its sender has not seen.
    """
    locked = _lock(squad)
    if roster.system != locked.system:
        raise ServiceError("system", _("A squad cannot change its game system."))
    if locked.in_campaign:
        raise Conflict(
            "squad",
            _("This squad plays in a campaign: its battles own its record, so it cannot be "
              "replaced."),
            code="campaign-squad",
        )  # fmt: skip
    if expected_version is not None and locked.version != expected_version:
        raise Conflict(
            "version",
            _("The squad changed since version %(expected)d (it is at version %(version)d): "
              "read it again, then send your change.")
            % {"expected": expected_version, "version": locked.version},
            code="version-mismatch",
        )  # fmt: skip
    _check_roster(roster)
    if notes is None:
        notes = notes_of(locked)
    Member.objects.filter(squad=locked).delete()
    _store_members(locked, roster, notes.members)
    Squad.objects.filter(pk=locked.pk).update(
        name=roster.name, faction=roster.faction, points_limit=roster.points_limit,
        units=_unit_documents(roster), notes=notes.squad, version=F("version") + 1,
        updated=timezone.now(),
    )  # fmt: skip
    squads_changed.send(Squad, squad_ids=[locked.pk])
    squad.refresh_from_db()
    return squad


def copy_members(*, source: Squad, target: Squad) -> None:
    """Copy every model of ``source`` into ``target``, with its record, equipment and
    abilities (a record names other models by name, which the copies keep)."""
    members = list(source.members.prefetch_related("equipment", "abilities"))
    copies = Member.objects.bulk_create(
        Member(
            squad=target, position=m.position, name=m.name, type=m.type, status=m.status,
            record=dict(m.record), notes=m.notes,
        )
        for m in members
    )  # fmt: skip
    new_by_old = {m.pk: c for m, c in zip(members, copies, strict=True)}
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
        units=squad.units,
        notes=squad.notes,
    )
    copy_members(source=squad, target=copy)
    return copy


@transaction.atomic
def squad_delete(*, squad: Squad) -> None:
    """Delete a squad with its models; the row is locked first, so an edit running at the
    same moment either finishes before (and its models go with the squad) or finds the
    squad gone (``Missing``)."""
    locked = _lock(squad)
    if locked.in_campaign:
        raise Conflict(
            "squad",
            _("%(name)s plays in a campaign: it cannot be deleted.") % {"name": locked.name},
            code="campaign-squad",
        )
    locked.delete()


@transaction.atomic
def squad_set_public(*, squad: Squad, public: bool) -> Squad:
    Squad.objects.filter(pk=squad.pk).update(is_public=public)
    squad.is_public = public
    return squad


# --- members --------------------------------------------------------------------------------


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
    _lock(squad)
    game = get_system(squad.system)
    _check_code(game.model_types, type, "type", _("model type"))
    name = _check_name(squad, name)
    held = squad.members.aggregate(count=Count("pk"), last=Max("position"))
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
    _touch(squad)
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
    squad = _lock_member(member)
    game = get_system(squad.system)
    _check_code(game.model_types, type, "type", _("model type"))
    _check_code(Member.Status.values, status, "status", _("status"))
    new_record = _check_record(squad, member, record or {}, game)
    if squad.in_campaign:
        _check_campaign_record(member, type=type, status=status, record=new_record, game=game)
    old_name = member.name
    member.name = _check_name(squad, name, exclude=member.pk)
    member.record = new_record
    if notes is not None:
        member.notes = _check_notes(notes, MAX_MEMBER_NOTES)
    if squad.in_campaign:  # never write back what a battle may have changed meanwhile
        _record_names_write(game, member)
    else:
        member.type = type
        member.status = status
        member.save()
    if member.name != old_name:
        _record_names_follow(squad, game, old_name, member.name)
    _touch(squad)
    return member


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
    squad = _lock_member(member)
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
    _touch(squad)


@transaction.atomic
def member_move(*, member: Member, offset: int) -> None:
    """Move a model ``offset`` places up (negative) or down the list."""
    squad = _lock_member(member)
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
    squad = _lock_member(member)
    game = get_system(squad.system)
    _check_code(game.items, item, "item", _("item"))
    limits = game.limits
    if not 1 <= count <= limits.count:
        raise ServiceError("count", _("A count is from 1 to %(max)d.") % {"max": limits.count})
    existing = member.equipment.filter(item=item).first()
    if existing is not None:  # one line per item: adding more raises the count
        existing.count = min(limits.count, existing.count + count)
        existing.save(update_fields=["count"])
        line = existing
    else:
        lines = member.equipment.aggregate(count=Count("pk"), last=Max("position"))
        if lines["count"] >= limits.equipment:
            raise ServiceError(
                "equipment",
                _("At most %(max)d equipment lines per model (a limit of this service, far "
                  "above any legal model).") % {"max": limits.equipment},
            )  # fmt: skip
        if Equipment.objects.filter(member__squad=squad).count() >= limits.squad_equipment:
            raise ServiceError(
                "equipment",
                _("At most %(max)d equipment lines per squad (a limit of this service, far "
                  "above any legal squad).") % {"max": limits.squad_equipment},
            )  # fmt: skip
        last = lines["last"]
        line = Equipment.objects.create(
            member=member, item=item, count=count, position=0 if last is None else last + 1
        )
    _touch(squad)
    return line


@transaction.atomic
def equipment_remove(*, equipment: Equipment) -> None:
    squad = _lock_member(equipment.member)
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
    squad = _lock_member(member)
    _check_code(Ability.Gained.values, gained, "gained", _("origin"))
    if squad.in_campaign and gained in CAMPAIGN_GAINED:
        raise ServiceError(
            "gained", _("In a campaign squad, battles record the abilities gained in play.")
        )
    game = get_system(squad.system)
    if roll is not None:
        if gained != Ability.Gained.RANDOM:
            raise ServiceError("roll", _("Only a random ability has a roll."))
        try:
            code = _random_table(game).ability_for_roll(roll)
        except ValueError as error:
            raise ServiceError("roll", str(error)) from None
    abilities = game.abilities
    _check_code(abilities, code, "code", _("ability"))
    detail = detail.strip()
    if abilities[code].needs_detail and not detail:
        raise ServiceError("detail", _("Say which enemy is hated."))
    if not abilities[code].needs_detail:
        detail = ""
    _check_text(detail, "detail")  # stored, it would make the squad's own export unreadable
    if member.abilities.filter(code=code).exists():
        raise ServiceError("code", _("%(name)s already has this ability.") % {"name": member.name})
    limits = game.limits
    if member.abilities.count() >= limits.abilities:
        raise ServiceError(
            "abilities",
            _("At most %(max)d abilities per model (a limit of this service, far above what a "
              "campaign gives a model).") % {"max": limits.abilities},
        )  # fmt: skip
    if Ability.objects.filter(member__squad=squad).count() >= limits.squad_abilities:
        raise ServiceError(
            "abilities",
            _("At most %(max)d abilities per squad (a limit of this service, far above what a "
              "campaign gives a squad).") % {"max": limits.squad_abilities},
        )  # fmt: skip
    last = member.abilities.aggregate(last=Max("position"))["last"]
    ability = Ability.objects.create(
        member=member, code=code, detail=detail[:100], gained=gained, roll=roll,
        position=0 if last is None else last + 1,
    )  # fmt: skip
    _touch(squad)
    return ability


def _random_table(game: GameSystem) -> BuilderChoices:
    """The game's random-ability draw; ``ServiceError`` when the game draws none."""
    if game.builder is None or not game.builder.random_abilities or not game.builder.draw_ability:
        raise ServiceError("gained", _("This game draws no random abilities."))
    return game.builder


@transaction.atomic
def ability_draw(*, member: Member, rng: random.Random, detail: str = "") -> Ability:
    """Draw a random ability with the server's dice; the roll is kept with it."""
    choices = _random_table(get_system(member.squad.system))
    held = frozenset(member.abilities.values_list("code", flat=True))
    code, roll = choices.draw_ability(rng, held)
    if not code:
        raise ServiceError("code", _("%(name)s already has every ability.") % {"name": member.name})
    return ability_add(
        member=member, code=code, detail=detail or TO_BE_NAMED,
        gained=Ability.Gained.RANDOM, roll=roll,
    )  # fmt: skip


@transaction.atomic
def ability_remove(*, ability: Ability) -> None:
    squad = _lock_member(ability.member)
    if squad.in_campaign and ability.gained in CAMPAIGN_GAINED:
        raise ServiceError(
            "ability", _("This ability was gained in the campaign: the squad keeps it.")
        )
    ability.delete()
    _touch(squad)


# --- what a campaign's battles write --------------------------------------------------------
#
# Campaigns own their squads' records (record numbers, status, gained abilities), but every
# write to a squad is made here, so that one module knows how a squad changes and how its
# version moves. These run inside the campaign service's transaction, which holds the locks.


def squads_lock(*, squad_ids: list[int]) -> None:
    """Lock the squads' rows, in one order (by id), before reading their members; a roster
    edit locks its squad the same way, so a battle and an edit never deadlock."""
    list(Squad.objects.select_for_update().filter(pk__in=squad_ids).order_by("pk").values("pk"))


def squads_touch(*, squad_ids: list[int]) -> None:
    """A new version for each squad a battle changed (printed sheets and caches follow)."""
    Squad.objects.filter(pk__in=squad_ids).update(version=F("version") + 1, updated=timezone.now())
    squads_changed.send(Squad, squad_ids=squad_ids)


def members_write(*, members: Iterable[Member]) -> None:
    """Save the status and record of models a battle changed (``Member.set_value``), in
    one UPDATE per distinct status or record.

    A battle changes a few values of a few models; grouping them is several times cheaper
    than ``bulk_update``'s CASE expressions over every row.
    """
    groups: dict[tuple[str, str], list[int]] = {}
    records: dict[str, dict[str, Any]] = {}
    for member in members:
        key = json.dumps(member.record, sort_keys=True)
        records[key] = member.record
        groups.setdefault((member.status, key), []).append(member.pk)
    for (status, key), pks in groups.items():
        Member.objects.filter(pk__in=pks).update(status=status, record=records[key])


def abilities_gain(*, abilities: list[Ability]) -> list[Ability]:
    """Store the abilities a battle gave (unsaved rows with member, position, code, gained)."""
    return Ability.objects.bulk_create(abilities)


def abilities_lose(*, ability_ids: list[int]) -> None:
    """Remove abilities a voided battle had given."""
    Ability.objects.filter(pk__in=ability_ids).delete()


def squad_campaign_copy(*, squad: Squad, owner: AbstractBaseUser, points_limit: int) -> Squad:
    """The copy of ``squad`` a campaign enrols: the same models, the campaign's limit, and
    ``in_campaign`` set, so its battles own its record from now on."""
    copy = Squad.objects.create(
        owner=owner, name=squad.name, system=squad.system, faction=squad.faction,
        points_limit=points_limit, in_campaign=True, units=squad.units, notes=squad.notes,
    )  # fmt: skip
    copy_members(source=squad, target=copy)
    return copy


def campaign_squads_limit(*, squad_ids: list[int], points_limit: int) -> None:
    """A campaign's new points limit, given to every squad it enrolled."""
    Squad.objects.filter(pk__in=squad_ids).update(
        points_limit=points_limit, version=F("version") + 1, updated=timezone.now()
    )
    squads_changed.send(Squad, squad_ids=squad_ids)


# --- forces of units --------------------------------------------------------------------------


UnitsChange = Callable[[list[dict[str, Any]]], None]


@transaction.atomic
def squad_units_change(
    *,
    squad: Squad,
    change: UnitsChange,
    expected_version: int | None = None,
    by: AbstractBaseUser | None = None,
) -> Squad:
    """Edit a force's units (a game played with units, ``GameSystem.units``) in one step.

    ``change`` edits the units' documents in place (``squad-roster/1``'s ``units``: add a
    unit, a member, a weapon...); the force is then read again through the game's rules,
    so whatever the change left is a unit the document accepts, or nothing is stored and
    the error says where (``units[1].members[0].count: ...``). The squad is locked first;
    with ``expected_version`` (the builder's page), a change to a force edited meanwhile is
    refused (``Conflict``) instead of landing on a unit that moved. The version rises by one.
    ``signals.units_changed`` tells who listens (a campaign keeps its forces' edits) what the
    edit did and who (``by``) made it.
    """
    locked = _lock(squad)
    game = get_system(locked.system)
    if game.units is None:
        raise ServiceError("units", _("This game lists models, not units."))
    if expected_version is not None and locked.version != expected_version:
        raise Conflict(
            "version",
            _("The force changed in another window or tab: here it is as it is now."),
            code="version-mismatch",
        )
    documents = json.loads(json.dumps(locked.units))  # a deep copy of plain JSON
    change(documents)
    header = {"format": "squad-roster/1", "system": locked.system, "name": locked.name,
              "faction": locked.faction, "points_limit": locked.points_limit}  # fmt: skip
    if game.factions is None and not locked.faction:
        del header["faction"]
    try:
        roster = parse_roster({**header, "units": documents})
    except DocumentError as error:
        problems = [(p.path, problem_text(p)) for p in error.problems]
        raise Invalid(problems[0][0], problems[0][1], problems=problems) from None
    before = locked.units
    locked.units = [unit_to_document(game, unit) for unit in roster.units]
    locked.updated = timezone.now()
    locked.version += 1  # what the UPDATE makes of it: the row is locked, no other writer
    Squad.objects.filter(pk=locked.pk).update(
        units=locked.units, version=F("version") + 1, updated=locked.updated
    )
    squads_changed.send(Squad, squad_ids=[locked.pk])
    units_changed.send(Squad, squad=locked, before=before, after=locked.units, by=by)
    return locked
