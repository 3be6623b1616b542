"""What every roster service shares: the locks, the new version (``_touch``), the checks
of names, notes and codes."""

from __future__ import annotations

import re
from collections.abc import Iterable

from django.db import transaction
from django.db.models import Exists, F, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import Missing, ServiceError
from rosters.models import Ability, Member, Squad
from rosters.signals import squads_changed
from rules.documents import (
    UNPRINTABLE,
)

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
        _refreshed(squad, Squad.objects.select_for_update())
    except Squad.DoesNotExist:
        raise Missing("squad", _("This squad was deleted meanwhile.")) from None
    return squad


def _refreshed(squad: Squad, queryset) -> None:
    """``squad`` read again from ``queryset``, the pack version it was read with kept when
    it is still the squad's (a version never changes): the page after the edit is costed
    by it without reading it again."""
    pack = squad.pack if Squad.pack.is_cached(squad) else None
    squad.refresh_from_db(from_queryset=queryset)
    if pack is not None and pack.pk == squad.pack_id:
        squad.pack = pack


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
        _refreshed(squad, locked)
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
    skips ``auto_now``, so ``updated`` is set here too.

    ``squad`` was read under its lock in this transaction (``_lock``, ``_lock_member``): no
    other writer can have moved its version since, so the new one is the one read plus one,
    and the row is not read again."""
    squad.updated = timezone.now()
    Squad.objects.filter(pk=squad.pk).update(version=F("version") + 1, updated=squad.updated)
    squad.version += 1
    _changed(squad)


def _changed(squad: Squad) -> None:
    """Say that ``squad``, at its new version, changed (``signals.squads_changed``: its sheet
    is rendered ahead if it was printed before), once the change has given it that version
    (``_touch``, ``_lock_to_change``)."""
    squads_changed.send(Squad, squad_ids=[squad.pk], squad=squad)


def _lock_to_change(squad: Squad, *, member: Member | None = None) -> Squad:
    """Lock the squad's row for an edit and give it its new version (``_touch`` without the
    signal, which ``_changed`` sends once the edit is made), in one UPDATE when the row is
    still as the caller read it; return the caller's row, as it is now.

    The UPDATE takes the row's lock as ``_lock`` does, in the same order as a battle's
    (``campaigns.services``). It lands only if the squad still has the version the caller
    read (every change of its models or settings moves it), the same ``printed`` and
    ``is_public`` (which change without a new version) and, with ``member``, that model:
    then the caller's row is the squad as it is now, and needs no reading again. Else
    (changed meanwhile, or gone) the row is locked and read again as ``_lock`` (or
    ``_lock_member`` with ``member``) does, ``Missing`` if gone, before the new version.
    An edit refused afterwards (``ServiceError``) rolls the new version back with the rest.
    """
    now = timezone.now()
    new_version = {"version": F("version") + 1, "updated": now}
    rows = Squad.objects.filter(pk=squad.pk)
    if member is not None:
        rows = rows.filter(Exists(Member.objects.filter(pk=member.pk, squad=OuterRef("pk"))))
    as_read = rows.filter(version=squad.version, printed=squad.printed, is_public=squad.is_public)
    if not as_read.update(**new_version):
        _lock(squad) if member is None else _lock_member(member)
        Squad.objects.filter(pk=squad.pk).update(**new_version)
    squad.version += 1
    squad.updated = now
    return squad


@transaction.atomic
def squad_changed_elsewhere(*, squad_id: int) -> None:
    """A new version for a squad changed without these services (the admin site): its
    sheets, the builder's kept lines and an undo see the change as they see any other."""
    squad = Squad.objects.select_for_update().filter(pk=squad_id).first()
    if squad is not None:
        _touch(squad)


def _check_code(table, code: str, field: str, what: str) -> None:
    if code not in table:
        raise ServiceError(
            field,
            _("unknown %(what)s %(code)r") % {"what": what, "code": code},
            code="invalid-choice",  # as the API's own choice fields say it
        )


def _check_name(squad: Squad, name: str, *, exclude: int | None = None) -> str:
    name = _checked_name(name)
    clash = squad.members.filter(name=name)
    if exclude is not None:
        clash = clash.exclude(pk=exclude)
    if clash.exists():
        raise _name_taken(name)
    return name


def _checked_name(name: str) -> str:
    """A model's name as stored, checked but for the other names of its squad
    (``_check_name``)."""
    name = name.strip()
    if not name:
        raise ServiceError("name", _("A model needs a name."))
    if len(name) > 100:
        raise ServiceError("name", _("A name has at most 100 characters."))
    _check_text(name, "name")
    return name


def _name_taken(name: str) -> ServiceError:
    return ServiceError("name", _("Another model is already named %(name)s.") % {"name": name})
