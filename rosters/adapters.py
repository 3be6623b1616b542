"""Stored squads to rules values, in a fixed number of queries whatever the squad size.

The one loader of a squad's rows is ``load_squads`` (``load_squad`` for one): the builder,
its undo, the campaigns and their pages read squads through it. ``squads_with_members`` is
the same rows as a queryset's prefetch, for the API's lists and the PDFs.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.db.models import CharField, F, IntegerField, Prefetch, QuerySet, Value

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


@dataclass(frozen=True)
class StoredSquad:
    """A squad as stored: its row, its models in order, and their equipment and abilities in
    order, by model id."""

    squad: Squad
    members: list[MemberRow]
    equipment: Mapping[int, list[EquipmentRow]]
    abilities: Mapping[int, list[AbilityRow]]

    def roster(self) -> Roster:
        return rows_to_roster(self.squad, self.members, self.equipment, self.abilities)

    def by_name(self) -> dict[str, MemberRow]:
        return {row.name: row for row in self.members}


def load_squads(squads: Iterable[Squad]) -> list[StoredSquad]:
    """``squads`` (a queryset, read here: 1 query; or rows already read) with their models
    and their kit: 2 more queries, whatever their number and size. Each model row holds its
    squad's row (``row.squad`` runs no query)."""
    rows = list(squads)
    members: dict[int, list[MemberRow]] = defaultdict(list)
    by_pk = {squad.pk: squad for squad in rows}
    if rows:
        for member in MemberRow.objects.filter(squad__in=list(by_pk)).order_by("position", "pk"):
            member.squad = by_pk[member.squad_id]
            members[member.squad_id].append(member)
    equipment, abilities = kit(m.pk for ms in members.values() for m in ms)
    return [StoredSquad(squad, members[squad.pk], equipment, abilities) for squad in rows]


def load_squad(squad: Squad | int, *, owner=None) -> StoredSquad:
    """One squad, by its row (2 queries) or its id (3; with ``owner``, only theirs:
    ``Squad.DoesNotExist`` otherwise)."""
    if not isinstance(squad, Squad):
        squads = Squad.objects.select_related("owner").filter(pk=squad)
        squad = (squads if owner is None else squads.filter(owner=owner)).get()
    return load_squads([squad])[0]


def kit(
    member_ids: Iterable[int],
) -> tuple[dict[int, list[EquipmentRow]], dict[int, list[AbilityRow]]]:
    """The equipment and the abilities of these models, each in order, by model id, in one
    query (none for no model): both tables read side by side (``UNION ALL``) into unsaved
    rows."""
    ids = list(member_ids)
    equipment: dict[int, list[EquipmentRow]] = defaultdict(list)
    abilities: dict[int, list[AbilityRow]] = defaultdict(list)
    if not ids:
        return equipment, abilities

    def columns(queryset, kind: str, code: str, count, gained, detail, roll):
        return queryset.filter(member_id__in=ids).order_by().annotate(
            k_kind=Value(kind, output_field=CharField()),
            k_member=F("member_id"),
            k_position=F("position"),
            k_pk=F("pk"),
            k_code=F(code),
            k_count=count,
            k_gained=gained,
            k_detail=detail,
            k_roll=roll,
        ).values_list(
            "k_kind", "k_member", "k_position", "k_pk", "k_code", "k_count", "k_gained",
            "k_detail", "k_roll",
        )  # fmt: skip

    blank = Value("", output_field=CharField())
    lines = columns(
        EquipmentRow.objects, "e", "item", F("count"), blank, blank,
        Value(None, output_field=IntegerField()),
    ).union(
        columns(AbilityRow.objects, "a", "code", Value(1, output_field=IntegerField()),
                F("gained"), F("detail"), F("roll")),
        all=True,
    )  # fmt: skip
    for kind, member, position, pk, code, count, gained, detail, roll in sorted(
        lines, key=lambda line: (line[2], line[3])
    ):
        if kind == "e":
            equipment[member].append(
                EquipmentRow(pk=pk, member_id=member, position=position, item=code, count=count)
            )
        else:
            abilities[member].append(
                AbilityRow(pk=pk, member_id=member, position=position, code=code,
                           gained=gained, detail=detail, roll=roll)
            )  # fmt: skip
    return equipment, abilities
