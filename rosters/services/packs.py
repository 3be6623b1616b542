"""Every write to stored packs (issue #30): create, import, edit (a new version each time),
share, copy, delete. A pack's document is checked by the rules core (``rules.packs``) before
it is written, each refusal at its table, row and cell (``tables.points.items[3].cost``) in
the reader's language; a version once written never changes.

Only a pack's owner edits, shares or deletes it; anyone with its share link may read it and
copy it. A pack a campaign plays with (any of its versions) cannot be deleted. Each new
version is told to the apps above (``rosters.signals.pack_changed``): a campaign whose own
pack it is moves onto it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.db.models import F, ProtectedError, Q
from django.utils.translation import gettext as _

from core.errors import Conflict, Invalid, Missing, NotAllowed
from core.messages import problem_text
from rosters.models import MAX_PACK_NAME, Pack, PackVersion, Squad
from rosters.signals import pack_changed
from rules import get_system, systems
from rules.documents import DocumentError
from rules.packs import pack_document, parse_pack, thaw
from rules.registry import GameSystem

MAX_NAME = MAX_PACK_NAME


def _name(name: str) -> str:
    name = (name or "").strip()
    if not name:
        raise Invalid("name", _("A pack needs a name."))
    if len(name) > MAX_NAME:
        raise Invalid("name", _("At most %(max)d characters.") % {"max": MAX_NAME})
    return name


def _system(code: str) -> str:
    if code not in {s.code for s in systems()}:
        raise Invalid("system", _("unknown game system %(code)r") % {"code": code})
    return code


def checked(document: Any) -> dict[str, Any]:
    """A ``game-pack/1`` document read by the rules core, as plain JSON; ``Invalid`` naming
    every problem's place (``tables.points.items[3].cost``) in the reader's language."""
    try:
        pack = parse_pack(document)
    except DocumentError as error:
        problems = [(p.path, problem_text(p)) for p in error.problems]
        raise Invalid(problems[0][0], problems[0][1], problems=problems) from None
    return {**document, "tables": {k: thaw(v) for k, v in pack.tables.items()}}


def latest(pack: Pack) -> PackVersion:
    """The pack's latest version (every pack has one)."""
    return pack.versions.get(number=pack.version)


def tables_of(pack: Pack) -> dict[str, Any]:
    return dict(latest(pack).document.get("tables", {}))


def can_read(pack: Pack, user: AbstractBaseUser | None, token: str | None = None) -> bool:
    """The owner reads a pack, and anyone with its share link while it is shared."""
    if user is not None and user.is_authenticated and pack.owner_id == user.pk:
        return True
    return pack.shared and token is not None and token == pack.share_token


def _owned(pack: Pack, user: AbstractBaseUser, *, lock: bool = True) -> Pack:
    rows = Pack.objects.select_for_update() if lock else Pack.objects.all()
    found = rows.filter(pk=pack.pk).first()
    if found is None:
        raise Missing("pack", _("This pack was deleted meanwhile."))
    if found.owner_id != user.pk:
        raise NotAllowed("pack", _("Only the pack's owner may change it."))
    return found


@transaction.atomic
def pack_create(
    *,
    owner: AbstractBaseUser,
    system: str,
    name: str,
    tables: Mapping[str, Any] | None = None,
    house_rules: bool = False,
) -> Pack:
    """A new pack of game ``system`` holding ``tables`` (none: an empty pack), version 1."""
    system = _system(system)
    name = _name(name)
    document = checked(pack_document(system, name, 1, tables or {}))
    pack = Pack.objects.create(owner=owner, system=system, name=name, house_rules=house_rules)
    PackVersion.objects.create(pack=pack, number=1, document=document)
    return pack


@transaction.atomic
def pack_import(*, owner: AbstractBaseUser, document: Any) -> Pack:
    """A new pack from a ``game-pack/1`` document (its system, name and tables; its own
    ``version`` text is replaced by the stored version number)."""
    checked(document)  # every problem at its place first
    return pack_create(
        owner=owner, system=document["system"], name=document["name"][:MAX_NAME],
        tables=document["tables"],
    )  # fmt: skip


@transaction.atomic
def pack_update(
    *,
    pack: Pack,
    user: AbstractBaseUser,
    name: str | None = None,
    tables: Mapping[str, Any] | None = None,
    expected_version: int | None = None,
) -> Pack:
    """The pack's new version with ``name`` and ``tables`` (each None: as they are); the
    same document again adds no version. ``expected_version``: the version the editor
    read; another version since is a ``Conflict`` (code ``version-mismatch``)."""
    locked = _owned(pack, user)
    if expected_version is not None and expected_version != locked.version:
        raise Conflict(
            "version",
            _("The pack changed in another window or tab: here it is as it is now."),
            code="version-mismatch",
        )
    current = latest(locked)
    name = locked.name if name is None else _name(name)
    tables = current.document.get("tables", {}) if tables is None else tables
    document = checked(pack_document(locked.system, name, locked.version + 1, tables))
    if name == locked.name and document["tables"] == current.document.get("tables"):
        return locked
    locked.version += 1
    locked.name = name
    locked.save(update_fields=["version", "name", "updated"])
    version = PackVersion.objects.create(pack=locked, number=locked.version, document=document)
    pack_changed.send(Pack, pack=locked, version=version)
    return locked


@transaction.atomic
def pack_table_set(
    *,
    pack: Pack,
    user: AbstractBaseUser,
    table: str,
    value: Any,
    expected_version: int | None = None,
) -> Pack:
    """One table of the pack set (None: left out), the rest as it is: a new version."""
    locked = _owned(pack, user)
    if get_system(locked.system).packs.table(table) is None:
        raise Invalid("table", _("This game's packs hold no table %(table)r.") % {"table": table})
    tables = tables_of(locked)
    if value is None:
        tables.pop(table, None)
    else:
        tables[table] = value
    return pack_update(pack=locked, user=user, tables=tables, expected_version=expected_version)


@transaction.atomic
def pack_share(*, pack: Pack, user: AbstractBaseUser, shared: bool, new_link: bool = False) -> Pack:
    """Share the pack by its link, or stop; ``new_link``: a new link (the old one stops)."""
    locked = _owned(pack, user)
    locked.shared = shared
    if new_link:
        locked.share_token = Pack._meta.get_field("share_token").get_default()
    locked.save(update_fields=["shared", "share_token", "updated"])
    return locked


@transaction.atomic
def pack_copy(*, pack: Pack, user: AbstractBaseUser, token: str | None = None) -> Pack:
    """A copy of a pack ``user`` may read (their own, or shared with the link ``token``),
    owned by them: its latest version's tables, as version 1."""
    if not can_read(pack, user, token):
        raise Missing("pack", _("No such pack, or it is not shared."))
    return pack_create(owner=user, system=pack.system, name=pack.name, tables=tables_of(pack))


@transaction.atomic
def pack_delete(*, pack: Pack, user: AbstractBaseUser) -> None:
    """Delete a pack and its versions; refused while a campaign plays with one of them or a
    battle was scored with one (they keep it)."""
    locked = _owned(pack, user)
    try:
        with transaction.atomic():
            locked.delete()
    except ProtectedError:
        raise Conflict(
            "pack",
            _(
                "A campaign plays with this pack, or a battle was scored with it: it cannot be "
                "deleted."
            ),
            code="pack-in-use",
        ) from None


# --- a squad built with a pack (issue #30, stage 3) ---------------------------------------

KEEP: Any = object()  # ``squad_update``'s pack: left as it is


def check_pack(
    game: GameSystem, version: PackVersion | None, user: AbstractBaseUser, token: str | None
) -> PackVersion | None:
    """A pack version the squad may be built with: of a pack of its game that ``user`` owns
    (their copies of packs shared with them included), or one shared with the link
    ``token``; None, the game's own costs."""
    if version is None:
        return None
    if not can_read(version.pack, user, token):
        raise Invalid("pack", _("No such pack, or it is not shared."))
    if version.pack.system != game.code:
        raise Invalid(
            "pack", _("This pack is for %(game)s, not for the squad's game.")
            % {"game": version.pack.game_name},
        )  # fmt: skip
    return version


def pack_version(value: Any) -> PackVersion | None:
    """The pack version a form or the API sent by its id ("" or None: none), its pack read
    with it; ``Invalid`` at ``pack`` for an id no version has."""
    if value in (None, ""):
        return None
    try:
        return PackVersion.objects.select_related("pack").get(pk=int(value))
    except (TypeError, ValueError, OverflowError, PackVersion.DoesNotExist):
        raise Invalid("pack", _("No such pack, or it is not shared.")) from None


def pack_sent(squad: Squad, value: Any) -> Any:
    """``squad_update``'s ``pack`` from a form's value: ``KEEP`` when it is the squad's own
    (no query), else ``pack_version``."""
    if str(value or "") == str(squad.pack_id or ""):
        return KEEP
    return pack_version(value)


def pack_versions(owner: AbstractBaseUser, system: str, current: PackVersion | None = None):
    """The pack versions a squad of ``system`` may be built with from ``owner``'s packs (their
    copies of packs shared with them included): each pack's latest, and ``current``, the one
    the squad has, kept among them (1 query)."""
    rows = PackVersion.objects.filter(pack__owner=owner, pack__system=system)
    latest = Q(number=F("pack__version"))
    if current is not None:
        latest |= Q(pk=current.pk)
    return list(
        rows.filter(latest).select_related("pack").order_by("pack__name", "pack", "-number")
    )
