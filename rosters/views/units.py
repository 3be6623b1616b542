"""The builder's forms for a game played with units: add, change and remove units, their
members and their weapons.

Each view turns its form into a change of the force's unit documents and hands it to one
service, ``services.squad_units_change``, which reads the force again through the game's
rules: a value the game refuses comes back as an error that says where
(``units[1].members[0].count: ...``), and nothing is stored. The forms carry the version
of the force they were shown with, so a change made to a force edited meanwhile (another
tab) is refused rather than applied to a unit that moved. The page after the change is the
builder's one (``edits._after_change``): with htmx the force (``#roster``), without
JavaScript the builder page again. The force's owner edits it, and so does the organiser of
the campaign it plays in (``editable_forces``).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import Missing
from rosters import services
from rosters.builder import Refused
from rosters.builder.units import editable_forces
from rosters.models import COSTING_RELATED, Squad
from rosters.services import ServiceError
from rosters.undo import undoable
from rosters.views.edits import _after_change, _editing
from rules import get_system
from rules.registry import GameSystem, RecordField

Units = list[dict[str, Any]]


def _force(request: HttpRequest, pk: int) -> Squad:
    """The force this request changes, as its user may edit it (``editable_forces``), read
    once (``edits._editing``)."""
    squad = getattr(request, "edited_squad", None)
    if squad is None or squad.pk != pk:
        forces = editable_forces(request.user).select_related("owner", *COSTING_RELATED)
        squad = _editing(request, get_object_or_404(forces, pk=pk))
    return squad


def _change(request: HttpRequest, pk: int, change) -> HttpResponse:
    squad = _force(request, pk)
    version = request.POST.get("version", "")
    try:
        services.squad_units_change(
            squad=squad, change=change,
            expected_version=int(version) if version.isdigit() else None, by=request.user,
        )  # fmt: skip
    except ServiceError as error:
        message = f"{error.field}: {error.message}" if "[" in error.field else error.message
        return _after_change(request, pk, refused=Refused("units", error.field, message))
    return _after_change(request, pk)


def _value(f: RecordField, post: QueryDict) -> Any:
    """A form's value of a record field, as the document writes it (a wrong one is left for
    the document's reader to refuse, with its place)."""
    raw = post.get(f.key, "")
    if f.kind == "flag":
        return raw in ("on", "true", "1")
    if f.kind == "count":
        raw = raw.strip()
        return int(raw) if raw.lstrip("-").isdigit() and len(raw) < 10 else raw
    if f.kind == "code":
        return raw or None
    return raw.strip()


def _set_record(target: dict[str, Any], fields, post: QueryDict) -> None:
    """Write the posted fields into a unit's or member's document: a value equal to the
    field's default is left out, as the documents write it."""
    for f in fields:
        if f.kind != "flag" and f.key not in post:
            continue  # a field the form did not show keeps its value
        value = _value(f, post)
        if value is None or (f.default is not None and value == f.default):
            target.pop(f.key, None)
        else:
            target[f.key] = value


def _game(pk: int, request: HttpRequest) -> GameSystem:
    game = get_system(_force(request, pk).system)
    if game.units is None:
        raise Http404("this game lists models, not units")
    return game


def _unit(units: Units, index: int) -> dict[str, Any]:
    if not 0 <= index < len(units):
        raise Missing("units", _("This unit was removed meanwhile."))
    return units[index]


def _holder(units: Units, index: int, member: int | None) -> dict[str, Any]:
    unit = _unit(units, index)
    if member is None:
        return unit
    members = unit.get("members", [])
    if not 0 <= member < len(members):
        raise Missing("units", _("This member was removed meanwhile."))
    return members[member]


@login_required
@require_POST
@undoable
def unit_add(request: HttpRequest, pk: int) -> HttpResponse:
    """A new unit: its name and kind, every value its kind requires at its first choice."""
    shape = _game(pk, request).units
    assert shape is not None
    kind_code = request.POST.get("kind", "") or shape.default_kind or ""
    name = request.POST.get("name", "").strip()

    def change(units: Units) -> None:
        unit: dict[str, Any] = {"name": name, "kind": kind_code}
        kind = shape.kinds.get(kind_code)
        if kind is not None:
            for key in kind.required:
                f = shape.field(key)
                unit[key] = request.POST.get(key) or (f.choices[0] if f and f.choices else "")
            unit["members" if kind.members else "equipment"] = []
        units.append(unit)

    return _change(request, pk, change)


@login_required
@require_POST
@undoable
def unit_update(request: HttpRequest, pk: int, index: int) -> HttpResponse:
    shape = _game(pk, request).units
    assert shape is not None

    def change(units: Units) -> None:
        unit = _unit(units, index)
        if "name" in request.POST:
            unit["name"] = request.POST["name"].strip()
        kind = shape.kinds.get(unit.get("kind") or shape.default_kind or "")
        allowed = [f for f in shape.record if kind is not None and f.key in kind.keys]
        _set_record(unit, allowed, request.POST)

    return _change(request, pk, change)


@login_required
@require_POST
@undoable
def unit_remove(request: HttpRequest, pk: int, index: int) -> HttpResponse:
    _game(pk, request)

    def change(units: Units) -> None:
        _unit(units, index)
        units.pop(index)

    return _change(request, pk, change)


@login_required
@require_POST
@undoable
def member_add(request: HttpRequest, pk: int, index: int) -> HttpResponse:
    game = _game(pk, request)

    def change(units: Units) -> None:
        member: dict[str, Any] = {"name": request.POST.get("name", "").strip(), "equipment": []}
        _set_record(member, game.member_record, request.POST)
        _unit(units, index).setdefault("members", []).append(member)

    return _change(request, pk, change)


@login_required
@require_POST
@undoable
def member_update(request: HttpRequest, pk: int, index: int, member: int) -> HttpResponse:
    game = _game(pk, request)

    def change(units: Units) -> None:
        target = _holder(units, index, member)
        if "name" in request.POST:
            target["name"] = request.POST["name"].strip()
        _set_record(target, game.member_record, request.POST)

    return _change(request, pk, change)


@login_required
@require_POST
@undoable
def member_remove(request: HttpRequest, pk: int, index: int, member: int) -> HttpResponse:
    _game(pk, request)

    def change(units: Units) -> None:
        _holder(units, index, member)
        units[index]["members"].pop(member)

    return _change(request, pk, change)


@login_required
@require_POST
@undoable
def equipment_add(
    request: HttpRequest, pk: int, index: int, member: int | None = None
) -> HttpResponse:
    game = _game(pk, request)

    def change(units: Units) -> None:
        line: dict[str, Any] = {"item": request.POST.get("item", "")}
        count = request.POST.get("count", "1").strip() or "1"
        line["count"] = int(count) if count.isdigit() and len(count) < 10 else count
        label = request.POST.get("label", "").strip()
        if label and game.equipment_labels:
            line["label"] = label
        _holder(units, index, member).setdefault("equipment", []).append(line)

    return _change(request, pk, change)


@login_required
@require_POST
@undoable
def equipment_remove(
    request: HttpRequest, pk: int, index: int, line: int, member: int | None = None
) -> HttpResponse:
    _game(pk, request)

    def change(units: Units) -> None:
        lines = _holder(units, index, member).get("equipment", [])
        if not 0 <= line < len(lines):
            raise Missing("units", _("This line was removed meanwhile."))
        lines.pop(line)

    return _change(request, pk, change)
