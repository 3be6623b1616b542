"""Squad pages: list, builder (htmx partials, or full-page posts without JavaScript),
import, export and the public read-only link. Views parse input, call one service and render;
the rules live in ``rules/`` and the writes in ``services``.
"""

from __future__ import annotations

import json
import random
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import retarget

from core.messages import document_message
from rosters import services, undo
from rosters.adapters import load_squad
from rosters.builder import (
    Refused,
    builder_context,
    changes_assistance,
    free_item_notice,
    squad_lines,
)
from rosters.builder import squad_text as squad_text_of
from rosters.forms import ImportForm, SquadForm
from rosters.models import Ability, Equipment, Member, Squad
from rosters.services import ServiceError
from rosters.undo import undoable
from rosters.unit_builder import unit_builder_context
from rosters.unit_views import after_units_change
from rules import get_system
from rules.documents import roster_to_document

_rng = random.SystemRandom()


def _owned_squad(request: HttpRequest, pk: int) -> Squad:
    return _editing(request, get_object_or_404(Squad, pk=pk, owner=request.user))


def _owned_member(request: HttpRequest, pk: int, member_pk: int) -> Member:
    member = get_object_or_404(
        Member.objects.select_related("squad"), pk=member_pk, squad=pk, squad__owner=request.user
    )
    _editing(request, member.squad)
    return member


def _editing(request: HttpRequest, squad: Squad) -> Squad:
    """The squad this request changes, read once: the undo keeps what it is before the
    change (``undo.changing``), and the page after it shows it without reading it again
    (``_after_change``: the services leave the row as the change left it)."""
    undo.changing(request, squad)
    request.edited_squad = squad
    return squad


def _edited(request: HttpRequest, squad_pk: int) -> Squad | int:
    """The row of the squad changed (``_editing``), else its id to read it by."""
    row = getattr(request, "edited_squad", None)
    return row if row is not None and row.pk == squad_pk else squad_pk


def _int(
    request: HttpRequest, key: str, default: int | None = None, *, label: str = "", field: str = ""
) -> int | None:
    """The whole number sent as ``key``; else a ``ServiceError`` about ``field`` (default
    ``key``) that names it by ``label``."""
    value = request.POST.get(key, "").strip()
    if not value:
        return default
    try:
        return int(value)
    except ValueError:
        message = _("%(field)s must be a whole number.") % {"field": label or key}
        raise ServiceError(field or key, message) from None


def _points_limit(request: HttpRequest, squad: Squad) -> int | None:
    """The limit the squad form sent; left empty, none for a game without points (its
    text prints no costs), else the squad's own."""
    if "points_limit" not in request.POST:
        return squad.points_limit
    keep = None if get_system(squad.system).default_points_limit is None else squad.points_limit
    return _int(request, "points_limit", keep)


def record_values(request: HttpRequest, member: Member) -> dict[str, Any]:
    """The values of the game's record (``GameSystem.member_record``) the card's form sent:
    a number as a number, a model (sent by id) as its name, a code or none, a tick box as
    true or false (its form sends an empty value first); a key not sent is left out."""
    values: dict[str, Any] = {}
    for field in get_system(member.squad.system).member_record:
        label = _(field.label)
        if field.kind == "adjustments":  # one number box per code, named "<key>-<code>"
            names = {c: f"{field.key}-{c}" for c in field.choices}
            sent = {c: name for c, name in names.items() if name in request.POST}
            if sent:
                values[field.key] = {
                    c: _int(request, name, 0, label=label, field=field.key) or 0
                    for c, name in sent.items()
                }
            continue
        if field.key not in request.POST:
            continue
        if field.kind == "flag":  # a hidden empty value, then the box's own when ticked
            values[field.key] = any(request.POST.getlist(field.key))
            continue
        if field.kind == "code":
            values[field.key] = request.POST.get(field.key) or None
            continue
        if field.kind == "count":
            values[field.key] = _int(request, field.key, member.record.get(field.key), label=label)
            continue
        named = _int(request, field.key, label=label)
        if named is not None:
            named = member.squad.members.filter(pk=named).values_list("name", flat=True).first()
            if named is None:
                raise ServiceError(field.key, _("That model is not in this squad."))
        values[field.key] = named
    return values


def _builder_url(squad_pk: int, member_pk: int | None = None) -> str:
    """The builder, with the card of ``member_pk`` open and in view."""
    url = reverse("rosters:builder", args=[squad_pk])
    return f"{url}?open={member_pk}#member-{member_pk}" if member_pk else url


def _open(request: HttpRequest) -> int | None:
    """The model whose card the builder opens (``?open=<pk>``); None for none, or junk."""
    value = request.GET.get("open", "")
    return int(value) if value.isdigit() and len(value) < 12 else None


# Without JavaScript, the model just added, kept in the session for the builder page that
# follows: its add form offers that model's type and the next numbered name.
ADDED_KEY = "builder_added"


def _added(request: HttpRequest, squad_pk: int) -> int | None:
    """The model added to ``squad_pk`` by the full-page post just before, once."""
    squad, member = request.session.pop(ADDED_KEY, (None, None))
    return member if squad == squad_pk else None


# The forms whose refused edit, without htmx, comes back on the page rendered again: what the
# user typed in them is kept there to be fixed.
_PAGE_AGAIN = frozenset({"squad", "card", "add"})


def _undo(request: HttpRequest, context: dict[str, Any]) -> bool:
    """Whether the builder offers to undo the last change (``rosters.undo.rendered``)."""
    notes = {m.row.name: m.row.notes for m in context["members"] if m.row.notes}
    return undo.rendered(request, context["squad"], context["roster"], notes)


def _refused(request: HttpRequest, form: str, error: ServiceError) -> Refused:
    """The refusal of an edit made with ``form`` (see ``builder.Refused``)."""
    return Refused(form, error.field, error.message, request.POST)


def _after_change(
    request: HttpRequest,
    squad_pk: int,
    member_pk: int | None = None,
    *,
    whole: bool = False,
    refused: Refused | None = None,
    added: int | None = None,
    added_item: str = "",
    head: bool = False,
) -> HttpResponse:
    """htmx: the changed model's card with the summary and the other models' violations
    swapped out of band (or the whole roster: ``whole``, or when the card is gone; with the
    squad's form out of band too: ``head``). Without htmx: back to the builder page.

    A refused edit shows where it was made, with what was sent, so the user can fix it: in
    the card, the squad's form or the add form (``refused.form``). Without htmx the page is
    rendered again for an edit of those forms (400), as a Django form is; a refused add of
    an item or an ability says why at the top of the builder page."""
    if not request.htmx and (refused is None or refused.form not in _PAGE_AGAIN):
        if refused is not None:
            messages.error(request, refused.message)
        elif added_item and (notice := free_item_notice(squad_pk, member_pk, added_item)):
            messages.info(request, notice)
        if added is not None:
            request.session[ADDED_KEY] = (squad_pk, added)
        return redirect(_builder_url(squad_pk, member_pk))
    # The squad as the change left it; after a refusal (it may be gone: a 404), read again.
    squad = _edited(request, squad_pk) if refused is None else squad_pk
    # The header's forms (name, faction, limit) of a force. A model (``member_pk``) belongs
    # to a game of models: no query to ask.
    if member_pk is None and (
        _plays_units(squad.system) if isinstance(squad, Squad) else _lists_units(squad_pk)
    ):
        return after_units_change(request, squad_pk, refused=refused, head=head)
    try:
        context = builder_context(
            squad, owner=request.user, error_for=member_pk, refused=refused, added=added,
            added_item=added_item,
        )  # fmt: skip
    except Squad.DoesNotExist:  # deleted by another request meanwhile (the service said so)
        raise Http404 from None
    context["undo"] = _undo(request, context)
    if not request.htmx:
        return render(request, "rosters/builder.html", context, status=400)
    changed = next((m for m in context["members"] if m.row.pk == member_pk), None)
    if whole or head or changed is None:
        context["head_oob"] = head
        # Whatever the form meant to swap (a card's form targets its card).
        return retarget(render(request, "rosters/builder.html#roster", context), "#roster")
    context["changed"] = changed
    return render(request, "rosters/builder.html#changed", context)


def _squad_list_context(request: HttpRequest, form: SquadForm) -> dict:
    lines = squad_lines(Squad.objects.filter(owner=request.user).order_by("name", "pk"))
    return {
        "squads": [line for line in lines if not line.squad.in_campaign],
        "campaign_squads": [line for line in lines if line.squad.in_campaign],
        "form": form,
    }


# What the new-squad form keeps when its game changes (``squad_create`` with ``choose``).
CHOSEN_KEPT = ("system", "name", "faction_text", "points_limit")


# --- list, create, import -------------------------------------------------------------------


@login_required
def squad_list(request: HttpRequest) -> HttpResponse:
    return render(request, "rosters/squad_list.html", _squad_list_context(request, SquadForm()))


@login_required
@require_POST
def squad_create(request: HttpRequest) -> HttpResponse:
    """A new squad; or, sent with ``choose`` (the game changed: by htmx, or the button shown
    without JavaScript), the form again with the fields of the game chosen, what was typed
    kept and nothing created."""
    if "choose" in request.POST:
        form = SquadForm(initial={key: request.POST.get(key) for key in CHOSEN_KEPT})
        if request.htmx:
            return render(request, "rosters/squad_list.html#new_squad_game", {"form": form})
        return render(request, "rosters/squad_list.html", _squad_list_context(request, form))
    form = SquadForm(request.POST)
    if form.is_valid():
        try:
            squad = services.squad_create(owner=request.user, **form.cleaned_data)
        except ServiceError as error:  # a name the service refuses, say: at its field
            form.add_error(form.shown_field(error.field), error.message)
        else:
            return redirect("rosters:builder", squad.pk)
    context = _squad_list_context(request, form)
    return render(request, "rosters/squad_list.html", context, status=400)


@login_required
@require_http_methods(["GET", "POST"])
def squad_import(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        roster = form.cleaned_data["roster"]
        try:
            squad = services.squad_import(owner=request.user, roster=roster)
        except ServiceError as error:
            form.add_error(None, document_message(roster, error.field, error.message))
        else:
            messages.success(request, _("Squad imported."))
            return redirect("rosters:builder", squad.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "rosters/import.html", {"form": form}, status=status)


# --- one squad ------------------------------------------------------------------------------


def _lists_units(squad_pk: int) -> bool:
    system = Squad.objects.filter(pk=squad_pk).values_list("system", flat=True).first()
    return system is not None and _plays_units(system)


def _plays_units(system: str) -> bool:
    try:
        return get_system(system).units is not None
    except KeyError:
        return False


@login_required
def builder(request: HttpRequest, pk: int) -> HttpResponse:
    """The builder: one card per model, or per unit in a game played with units
    (``rosters/unit_builder.py``)."""
    squad = get_object_or_404(Squad.objects.select_related("owner"), pk=pk)
    units = _plays_units(squad.system)
    page = "rosters/unit_builder.html" if units else "rosters/builder.html"
    try:
        if units:  # its owner's, or its campaign's organiser's (``editable_forces``)
            context = unit_builder_context(pk, owner=request.user)
        elif squad.owner_id != request.user.pk:
            raise Http404
        else:
            context = builder_context(
                squad, added=_added(request, pk), open=_open(request)
            )  # fmt: skip
    except Squad.DoesNotExist:  # deleted meanwhile, or not the user's
        raise Http404 from None
    context["undo"] = undo.available(request, context["squad"])
    if request.htmx:
        return render(request, f"{page}#roster", context)
    return render(request, page, context)


@login_required
@require_POST
@undoable
def squad_edit(request: HttpRequest, pk: int) -> HttpResponse:
    squad = _owned_squad(request, pk)
    try:
        services.squad_update(
            squad=squad,
            name=request.POST.get("name", ""),
            faction=request.POST.get("faction", squad.faction),
            points_limit=_points_limit(request, squad),
            notes=request.POST.get("notes"),  # None (not sent): kept
        )
    except ServiceError as error:
        return _after_change(request, pk, refused=_refused(request, "squad", error), head=True)
    return _after_change(request, pk, head=True)


@login_required
@require_http_methods(["GET", "POST"])
def squad_delete(request: HttpRequest, pk: int) -> HttpResponse:
    squad = _owned_squad(request, pk)
    if request.method == "POST":
        try:
            services.squad_delete(squad=squad)
        except ServiceError as error:
            messages.error(request, error.message)
            return redirect("rosters:builder", squad.pk)
        messages.success(request, _("Squad %(name)s deleted.") % {"name": squad.name})
        return redirect("rosters:list")
    return render(request, "rosters/confirm_delete.html", {"squad": squad})


@login_required
@require_POST
def squad_duplicate(request: HttpRequest, pk: int) -> HttpResponse:
    copy = services.squad_duplicate(squad=_owned_squad(request, pk), owner=request.user)
    return redirect("rosters:builder", copy.pk)


@login_required
@require_POST
def squad_public(request: HttpRequest, pk: int) -> HttpResponse:
    squad = _owned_squad(request, pk)
    services.squad_set_public(squad=squad, public=request.POST.get("public") == "on")
    return _after_change(request, pk, whole=True)


@login_required
@require_POST
def squad_undo(request: HttpRequest, pk: int) -> HttpResponse:
    """Put back the squad as it was before the last change made in this session
    (``rosters.undo``)."""
    try:
        undo.undo(request, _owned_squad(request, pk))
    except ServiceError as error:
        if request.htmx and _lists_units(pk):
            return after_units_change(request, pk, error=error.message)
        return _after_change(request, pk, whole=True, refused=_refused(request, "undo", error))
    return _after_change(request, pk, whole=True, head=True)


@login_required
def squad_export(request: HttpRequest, pk: int) -> HttpResponse:
    """The squad as a squad-roster/1 document (3 queries)."""
    try:
        stored = load_squad(pk, owner=request.user)
    except Squad.DoesNotExist:
        raise Http404 from None
    squad, document = stored.squad, roster_to_document(stored.roster())
    response = HttpResponse(
        json.dumps(document, ensure_ascii=False, indent=2), content_type="application/json"
    )
    filename = f"{slugify(squad.name) or 'squad'}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def squad_shared(request: HttpRequest, public_id) -> HttpResponse:
    """The read-only page behind a squad's public link, while its owner keeps it on."""
    squad = get_object_or_404(Squad, public_id=public_id, is_public=True)
    if _lists_units(squad.pk):
        context = unit_builder_context(squad.pk)
        return render(request, "rosters/shared_units.html", context)
    context = builder_context(squad.pk)
    context["read_only"] = True
    # the game's own columns of a model (its folder's shared/), else its builder figures
    game_dir = context["game_dir"]
    context["shared_templates"] = {
        part: [f"{game_dir}/shared/{part}.html", f"rosters/_shared_{part}.html"]
        for part in ("heads", "cells")
    }
    return render(request, "rosters/shared.html", context)


# --- models ---------------------------------------------------------------------------------


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
def squad_text(request: HttpRequest, pk: int) -> HttpResponse:
    """The squad as plain text, to paste into a chat (``builder.squad_text``)."""
    try:
        text = squad_text_of(pk, owner=request.user)
    except Squad.DoesNotExist:
        raise Http404 from None
    return HttpResponse(text, content_type="text/plain; charset=utf-8")


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
