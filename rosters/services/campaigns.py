"""What a campaign's battles write.

Campaigns own their squads' records (record numbers, status, gained abilities), but every
write to a squad is made here, so that one package knows how a squad changes and how its
version moves. These run inside the campaign service's transaction, which holds the locks."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import F
from django.utils import timezone

from rosters.models import Ability, Member, Squad
from rosters.services.squads import copy_members
from rosters.signals import squads_changed


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
