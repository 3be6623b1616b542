"""The builder's edits of a model: add, change, copy, remove, move, its equipment and
abilities."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_POST

from rosters import services
from rosters.builder import (
    changes_assistance,
)
from rosters.models import Ability, Equipment
from rosters.services import ServiceError
from rosters.undo import undoable
from rosters.views.edits import (
    _after_change,
    _int,
    _owned_member,
    _owned_squad,
    _refused,
    _rng,
    record_values,
)
from rules import get_system


@login_required
@require_POST
@undoable
def member_add(request: HttpRequest, pk: int) -> HttpResponse:
    squad = _owned_squad(request, pk)
    try:
        member = services.member_add(
            squad=squad, name=request.POST.get("name", ""), type=request.POST.get("type", "")
        )
    except ServiceError as error:
        return _after_change(request, pk, whole=True, refused=_refused(request, "add", error))
    return _after_change(request, pk, member.pk, whole=True, added=member.pk)


@login_required
@require_POST
@undoable
def member_update(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    """The card's form; fields it does not send (a campaign squad's) keep their values.

    With htmx, the answer is the card, unless the name changed, or the status of a model
    another may assist: the other cards name it among the models they may assist, so the
    whole roster comes back."""
    member = _owned_member(request, pk, member_pk)
    whole = request.POST.get("name", member.name).strip() != member.name
    if not whole and request.POST.get("status", member.status) != member.status:
        items = member.equipment.values_list("item", flat=True)
        whole = changes_assistance(get_system(member.squad.system), items)
    try:
        services.member_update(
            member=member,
            name=request.POST.get("name", member.name),
            type=request.POST.get("type", member.type),
            status=request.POST.get("status", member.status),
            record=record_values(request, member),
            notes=request.POST.get("notes"),  # None (not sent): kept
        )
    except ServiceError as error:
        return _after_change(request, pk, member_pk, refused=_refused(request, "card", error))
    return _after_change(request, pk, member_pk, whole=whole)


@login_required
@require_POST
@undoable
def member_duplicate(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    """Another model like this one, just after it, its card open (``services.member_duplicate``)."""
    try:
        copy = services.member_duplicate(member=_owned_member(request, pk, member_pk))
    except ServiceError as error:
        refused = _refused(request, "card", error)
        return _after_change(request, pk, member_pk, whole=True, refused=refused)
    return _after_change(request, pk, copy.pk, whole=True)


@login_required
@require_POST
@undoable
def member_remove(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    try:
        services.member_remove(member=_owned_member(request, pk, member_pk))
    except ServiceError as error:
        refused = _refused(request, "card", error)
        return _after_change(request, pk, member_pk, whole=True, refused=refused)
    return _after_change(request, pk, whole=True)


@login_required
@require_POST
@undoable
def member_move(request: HttpRequest, pk: int, member_pk: int, direction: str) -> HttpResponse:
    offset = -1 if direction == "up" else 1
    services.member_move(member=_owned_member(request, pk, member_pk), offset=offset)
    return _after_change(request, pk, member_pk, whole=True)


@login_required
@require_POST
@undoable
def equipment_add(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    member = _owned_member(request, pk, member_pk)
    item = request.POST.get("item", "")
    try:
        count = _int(request, "count", 1)
        services.equipment_add(member=member, item=item, count=count)
    except ServiceError as error:
        return _after_change(request, pk, member_pk, refused=_refused(request, "equipment", error))
    whole = changes_assistance(get_system(member.squad.system), [item])  # see member_update
    return _after_change(request, pk, member_pk, whole=whole, added_item=item)


@login_required
@require_POST
@undoable
def equipment_remove(request: HttpRequest, pk: int, member_pk: int, line_pk: int) -> HttpResponse:
    member = _owned_member(request, pk, member_pk)
    line = get_object_or_404(Equipment, pk=line_pk, member=member)
    line.member = member  # its squad's row is the one the page after shows (``_editing``)
    services.equipment_remove(equipment=line)
    whole = changes_assistance(get_system(member.squad.system), [line.item])  # see member_update
    return _after_change(request, pk, member_pk, whole=whole)


@login_required
@require_POST
@undoable
def ability_add(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    member = _owned_member(request, pk, member_pk)
    try:
        roll = _int(request, "roll")
        services.ability_add(
            member=member,
            code=request.POST.get("code", ""),
            detail=request.POST.get("detail", ""),
            gained=Ability.Gained.RANDOM
            if roll is not None
            else request.POST.get("gained", Ability.Gained.CHOSEN),
            roll=roll,
        )
    except ServiceError as error:
        return _after_change(request, pk, member_pk, refused=_refused(request, "ability", error))
    return _after_change(request, pk, member_pk)


@login_required
@require_POST
@undoable
def ability_draw(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    member = _owned_member(request, pk, member_pk)
    try:
        services.ability_draw(member=member, rng=_rng)
    except ServiceError as error:
        return _after_change(request, pk, member_pk, refused=_refused(request, "ability", error))
    return _after_change(request, pk, member_pk)


@login_required
@require_POST
@undoable
def ability_remove(request: HttpRequest, pk: int, member_pk: int, ability_pk: int) -> HttpResponse:
    member = _owned_member(request, pk, member_pk)
    ability = get_object_or_404(Ability, pk=ability_pk, member=member)
    ability.member = member  # as in equipment_remove
    try:
        services.ability_remove(ability=ability)
    except ServiceError as error:
        return _after_change(request, pk, member_pk, refused=_refused(request, "ability", error))
    return _after_change(request, pk, member_pk)
