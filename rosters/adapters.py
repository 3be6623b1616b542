"""Stored squads to rules values, in a fixed number of queries whatever the squad size."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.db.models import Prefetch, QuerySet

from rosters.models import Ability as AbilityRow
from rosters.models import Equipment as EquipmentRow
from rosters.models import Member as MemberRow
from rosters.models import Squad
from rules import get_system
from rules.documents import parse_unit
from rules.registry import GameSystem
from rules.types import Ability, Equipment, Member, Roster, Unit


def members_prefetch() -> Prefetch:
    """A squad's members with their equipment and abilities, in order: 3 queries."""
    return Prefetch(
        "members",
        queryset=MemberRow.objects.prefetch_related(
            Prefetch("equipment", queryset=EquipmentRow.objects.order_by("position", "pk")),
            Prefetch("abilities", queryset=AbilityRow.objects.order_by("position", "pk")),
        ).order_by("position", "pk"),
    )


def squads_with_members(queryset: QuerySet[Squad] | None = None) -> QuerySet[Squad]:
    """Squads with members, equipment and abilities: 4 queries in all."""
    queryset = Squad.objects.all() if queryset is None else queryset
    return queryset.select_related("owner").prefetch_related(members_prefetch())


def member_to_rules(
    row: MemberRow,
    equipment: Iterable[EquipmentRow],
    abilities: Iterable[AbilityRow],
    system: GameSystem | None,
) -> Member:
    """One stored model, given its equipment and ability rows in order and its game (its
    record keeps the keys the game declares, those at their default left out)."""
    return Member(
        name=row.name,
        type=row.type,
        equipment=tuple(Equipment(e.item, e.count) for e in equipment),
        abilities=tuple(Ability(a.code, a.source, a.detail or None) for a in abilities),
        status=row.status,
        record=system.sparse_record(row.record) if system is not None else {},
    )


def rows_to_roster(
    squad: Squad,
    members: list[MemberRow],
    equipment: Mapping[int, Iterable[EquipmentRow]],
    abilities: Mapping[int, Iterable[AbilityRow]],
) -> Roster:
    """The rules value of a squad from its rows, however they were loaded (equipment and
    abilities by model id, each in order)."""
    try:
        system = get_system(squad.system)
    except KeyError:  # a game this server no longer knows: its callers say so; no record
        system = None
    return Roster(
        system=squad.system,
        name=squad.name,
        faction=squad.faction,
        members=tuple(
            member_to_rules(row, equipment.get(row.pk, ()), abilities.get(row.pk, ()), system)
            for row in members
        ),
        points_limit=squad.points_limit,
        units=units_to_rules(squad, system),
    )


def units_to_rules(squad: Squad, system: GameSystem | None) -> tuple[Unit, ...]:
    """A force's stored units (``Squad.units``), read through its game's rules."""
    if system is None or system.units is None:
        return ()
    return tuple(
        parse_unit(system, document, f"units[{i}]") for i, document in enumerate(squad.units)
    )


def squad_to_roster(squad: Squad) -> Roster:
    """The rules value of a squad fetched through ``squads_with_members`` (no more queries)."""
    rows = list(squad.members.all())
    return rows_to_roster(
        squad,
        rows,
        {row.pk: row.equipment.all() for row in rows},
        {row.pk: row.abilities.all() for row in rows},
    )
