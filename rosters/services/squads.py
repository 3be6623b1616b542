"""Squads: create, change, import, replace, copy, delete."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import Conflict, ServiceError
from rosters.models import Ability, Equipment, Member, PackVersion, Squad
from rosters.services.base import (
    MAX_SQUAD_NOTES,
    _check_code,
    _check_notes,
    _check_text,
    _lock,
    _touch,
)
from rosters.services.packs import KEEP, check_pack
from rosters.signals import squads_changed
from rules import get_system, systems
from rules.documents import (
    MAX_NAME,
    MAX_POINTS_LIMIT,
    unit_to_document,
)
from rules.registry import GameSystem
from rules.types import Roster


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
    pack: PackVersion | None = None,
    pack_token: str | None = None,
) -> Squad:
    """A new, empty squad of ``system`` (default: the first game registered) with the
    game's usual points limit unless ``points_limit`` says otherwise, built with the pack
    version ``pack`` (``_check_pack``; ``pack_token``: the share link of another's pack)."""
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
    pack = check_pack(game, pack, owner, pack_token)
    return Squad.objects.create(
        owner=owner, name=name, system=system, faction=faction, points_limit=points_limit,
        pack=pack,
    )  # fmt: skip


@transaction.atomic
def squad_update(
    *,
    squad: Squad,
    name: str,
    faction: str,
    points_limit: int | None,
    notes: str | None = None,
    pack: PackVersion | None = KEEP,
    pack_token: str | None = None,
) -> Squad:
    """Change the squad's name, faction, points limit, (unless ``notes`` is None) notes and
    (unless ``pack`` is ``KEEP``) the pack version it is built with, which a campaign squad
    has none of: its campaign's pack costs it."""
    locked = _lock(squad)
    if pack is KEEP:
        pack = locked.pack
    elif locked.in_campaign and pack is not None:
        raise Conflict(
            "pack", _("A campaign squad is costed by its campaign's pack."), code="campaign-squad"
        )
    elif pack is not None and pack.pk != locked.pack_id:  # the one it has is kept, whoever's
        pack = check_pack(get_system(locked.system), pack, locked.owner, pack_token)
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
        name=name, faction=faction, points_limit=points_limit, notes=notes, pack=pack
    )
    squad.refresh_from_db()
    squad.pack = pack  # read already (the page after the change is costed by it)
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
    """A force's units as stored (``Squad.units``): their documents; [] for a game of models
    (its roster has no units)."""
    game = get_system(roster.system)
    return [unit_to_document(game, unit) for unit in roster.units]


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
        pack=squad.pack if squad.owner_id == owner.pk and not squad.in_campaign else None,
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
