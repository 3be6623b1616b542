"""What every builder edit shares: the squad or model it changes (read once, its undo
step kept), the numbers its form sends, and the page after it (``_after_change``)."""

from __future__ import annotations

import random
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django_htmx.http import retarget

from rosters import undo
from rosters.builder import Refused, free_item_notice
from rosters.builder.shapes import shape_of
from rosters.models import COSTING_RELATED, Member, Squad
from rosters.services import ServiceError
from rules import get_system

_rng = random.SystemRandom()


def _owned_squad(request: HttpRequest, pk: int) -> Squad:
    squads = Squad.objects.select_related(*COSTING_RELATED)  # the pack its page is costed by
    return _editing(request, get_object_or_404(squads, pk=pk, owner=request.user))


def _owned_member(request: HttpRequest, pk: int, member_pk: int) -> Member:
    member = get_object_or_404(
        Member.objects.select_related(*(f"squad__{related}" for related in COSTING_RELATED)),
        pk=member_pk, squad=pk, squad__owner=request.user,
    )  # fmt: skip
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
    true or false (its form sends an empty value first), a text as typed; a key not sent is
    left out."""
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
        if field.kind == "text":  # as typed, its ends trimmed; the service bounds its length
            values[field.key] = request.POST.get(field.key, "").strip()
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
    notes = {m.row.name: m.row.notes for m in context.get("members", ()) if m.row.notes}
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
    swapped out of band (or the whole roster: ``whole``, when the card is gone, and always
    for a force of units; with the squad's form out of band too: ``head``). Without htmx:
    back to the builder page. The page is the game's (``shapes.shape_of``).

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
    shape = shape_of(_system(request, squad_pk))
    try:
        context = shape.context(
            squad, owner=request.user, member=member_pk, refused=refused, added=added,
            added_item=added_item,
        )  # fmt: skip
    except Squad.DoesNotExist:  # deleted by another request meanwhile (the service said so)
        raise Http404 from None
    context["undo"] = _undo(request, context)
    if not request.htmx:
        return render(request, shape.page, context, status=400)
    # A model's card alone, when only it changed (a force of units has no such card).
    changed = next((m for m in context.get("members", ()) if m.row.pk == member_pk), None)
    if whole or head or changed is None:
        context["head_oob"] = head
        # Whatever the form meant to swap (a card's form targets its card).
        return retarget(render(request, f"{shape.page}#roster", context), "#roster")
    context["changed"] = changed
    return render(request, f"{shape.page}#changed", context)


def _system(request: HttpRequest, squad_pk: int) -> str | None:
    """The game of the squad changed: from its row read before the change (a squad never
    changes its game), else read (None: gone)."""
    row = getattr(request, "edited_squad", None)
    if row is not None and row.pk == squad_pk:
        return row.system
    return Squad.objects.filter(pk=squad_pk).values_list("system", flat=True).first()
