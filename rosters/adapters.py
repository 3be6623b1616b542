"""Stored squads to rules values, in a fixed number of queries whatever the squad size.

The one loader of a squad's rows is ``load_squads`` (``load_squad`` for one): the builder,
its undo, the campaigns and their pages read squads through it. ``squads_with_members`` is
the same rows as a queryset's prefetch, for the API's lists and the PDFs.
"""

from __future__ import annotations

import functools
import json
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import connections
from django.db.models import CharField, F, IntegerField, Prefetch, QuerySet, TextField, Value
from django.db.models.functions import Cast

from rosters.models import COSTING_RELATED, Squad
from rosters.models import Ability as AbilityRow
from rosters.models import Equipment as EquipmentRow
from rosters.models import Member as MemberRow
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
    return queryset.select_related("owner", *COSTING_RELATED).prefetch_related(members_prefetch())


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
    and their kit: 1 more query, whatever their number and size (``_rows``; none when every
    one is a force of units). Each model row holds its squad's row (``row.squad`` runs no
    query)."""
    rows = list(squads)
    members, equipment, abilities = _rows({s.pk: s for s in rows if _lists_models(s.system)})
    return [StoredSquad(squad, members[squad.pk], equipment, abilities) for squad in rows]


def _lists_models(system: str) -> bool:
    """Whether a squad of ``system`` keeps model rows: a force of units keeps its units in
    its own row (``Squad.units``), so it has none to read (a game this server no longer
    knows: read them)."""
    try:
        return get_system(system).lists == "members"
    except KeyError:
        return True


def load_squad(squad: Squad | int, *, owner=None) -> StoredSquad:
    """One squad, by its row (1 query) or its id (2; with ``owner``, only theirs:
    ``Squad.DoesNotExist`` otherwise)."""
    if not isinstance(squad, Squad):
        squads = Squad.objects.select_related("owner", *COSTING_RELATED).filter(pk=squad)
        squad = (squads if owner is None else squads.filter(owner=owner)).get()
    return load_squads([squad])[0]


Kit = tuple[dict[int, list[EquipmentRow]], dict[int, list[AbilityRow]]]
# The columns of one line of ``_lines``: a model, an equipment line or an ability, each
# table's own columns in its own places (none of them has all).
_COLUMNS = (
    "k_kind", "k_member", "k_position", "k_pk", "k_code", "k_count", "k_gained", "k_detail",
    "k_roll", "k_squad", "k_status", "k_record",
)  # fmt: skip
_MEMBER_FIELDS = ["id", "squad_id", "position", "name", "type", "status", "record", "notes"]


def _lines(queryset, kind: str, **columns):
    """The rows of ``queryset`` as lines of ``_COLUMNS`` (those not given: empty)."""
    text, number = CharField(), IntegerField()
    blank = {
        "k_code": Value("", output_field=text), "k_count": Value(1, output_field=number),
        "k_gained": Value("", output_field=text), "k_detail": Value("", output_field=text),
        "k_roll": Cast(Value(None), number), "k_squad": Cast(Value(None), number),
        "k_status": Value("", output_field=text), "k_record": Cast(Value(None), TextField()),
    }  # fmt: skip
    return (
        queryset.order_by()
        .annotate(
            k_kind=Value(kind, output_field=text),
            k_position=F("position"),
            k_pk=F("pk"),
            **{**blank, **columns},
        )  # fmt: skip
        .values_list(*_COLUMNS)
    )


def _kit_lines(equipment, abilities):
    """The lines (``_lines``) of these equipment and ability rows."""
    return _lines(equipment, "e", k_member=F("member_id"), k_code=F("item"), k_count=F("count"))\
        .union(
            _lines(abilities, "a", k_member=F("member_id"), k_code=F("code"),
                   k_gained=F("gained"), k_detail=F("detail"), k_roll=F("roll")),
            all=True,
        )  # fmt: skip


def _read_kit(lines) -> Kit:
    """Equipment and abilities by model id, each in order, from ``_lines``' lines, read into
    unsaved rows; the models' lines are left out."""
    equipment: dict[int, list[EquipmentRow]] = defaultdict(list)
    abilities: dict[int, list[AbilityRow]] = defaultdict(list)
    for kind, member, position, pk, code, count, gained, detail, roll, *_rest in lines:
        if kind == "e":
            equipment[member].append(
                EquipmentRow(pk=pk, member_id=member, position=position, item=code, count=count)
            )
        elif kind == "a":
            abilities[member].append(
                AbilityRow(pk=pk, member_id=member, position=position, code=code,
                           gained=gained, detail=detail, roll=roll)
            )  # fmt: skip
    return equipment, abilities


@functools.lru_cache(maxsize=16)
def _rows_sql(db: str, count: int) -> tuple[str, tuple[Any, ...], tuple[int | None, ...]]:
    """The SQL of ``_rows``' query for ``count`` squads on the database ``db``, its
    parameters, and where the squad ids go among them (the index of the id, else None):
    compiled once, for squad ids written -1, -2... (never a real id, nor one of the query's
    constants). The ORM took longer to compile this union than the database to run it, on
    every builder edit."""
    ids = [-1 - index for index in range(count)]
    models = _lines(
        MemberRow.objects.filter(squad__in=ids), "m", k_member=F("pk"), k_code=F("name"),
        k_gained=F("type"), k_detail=F("notes"), k_squad=F("squad_id"), k_status=F("status"),
        k_record=Cast("record", TextField()),
    )  # fmt: skip
    kit_lines = _kit_lines(
        EquipmentRow.objects.filter(member__squad__in=ids),
        AbilityRow.objects.filter(member__squad__in=ids),
    )
    sql, params = models.union(kit_lines, all=True).query.get_compiler(db).as_sql()
    slots = tuple(-1 - p if type(p) is int and p < 0 else None for p in params)
    return sql, tuple(params), slots


def _rows(
    squads: Mapping[int, Squad],
) -> tuple[dict[int, list[MemberRow]], dict[int, list[EquipmentRow]], dict[int, list[AbilityRow]]]:
    """The models of these squads (by squad id, in order, each holding its squad's row),
    with their equipment and abilities (by model id, in order), in one query (none for no
    squad): the three tables read side by side (``UNION ALL``), a model's record as its
    JSON text."""
    members: dict[int, list[MemberRow]] = defaultdict(list)
    if not squads:
        return members, defaultdict(list), defaultdict(list)
    ids = list(squads)
    db = MemberRow.objects.db
    sql, params, slots = _rows_sql(db, len(ids))
    with connections[db].cursor() as cursor:
        cursor.execute(
            sql, [p if i is None else ids[i] for p, i in zip(params, slots, strict=True)]
        )
        lines = sorted(cursor.fetchall(), key=lambda line: (line[2], line[3]))
    for kind, pk, position, _pk, name, _c, type, notes, _r, squad, status, record in lines:
        if kind == "m":
            row = MemberRow.from_db(
                db, _MEMBER_FIELDS,
                (pk, squad, position, name, type, status, json.loads(record), notes),
            )  # fmt: skip
            row.squad = squads[squad]
            members[squad].append(row)
    return (members, *_read_kit(lines))


def kit(member_ids: Iterable[int]) -> Kit:
    """The equipment and the abilities of these models, each in order, by model id, in one
    query (none for no model): both tables read side by side (``UNION ALL``) into unsaved
    rows."""
    ids = list(member_ids)
    if not ids:
        return defaultdict(list), defaultdict(list)
    lines = _kit_lines(
        EquipmentRow.objects.filter(member_id__in=ids), AbilityRow.objects.filter(member_id__in=ids)
    )
    return _read_kit(sorted(lines, key=lambda line: (line[2], line[3])))
