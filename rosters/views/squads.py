"""Squad pages: list, create, import, the builder, the squad's own edits, export, plain
text and the public read-only link."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from core.messages import document_message
from rosters import services, undo
from rosters.adapters import load_squad
from rosters.builder import squad_lines
from rosters.builder import squad_text as squad_text_of
from rosters.builder.shapes import shape_of
from rosters.forms import ImportForm, SquadForm
from rosters.models import COSTING_RELATED, Squad
from rosters.services import ServiceError
from rosters.undo import undoable
from rosters.views.edits import (
    _added,
    _after_change,
    _open,
    _owned_squad,
    _points_limit,
    _refused,
)
from rules.documents import roster_to_document


def _squad_list_context(request: HttpRequest, form: SquadForm) -> dict:
    lines = squad_lines(Squad.objects.filter(owner=request.user).order_by("name", "pk"))
    return {
        "squads": [line for line in lines if not line.squad.in_campaign],
        "campaign_squads": [line for line in lines if line.squad.in_campaign],
        "form": form,
    }


# What the new-squad form keeps when its game changes (``squad_create`` with ``choose``).
CHOSEN_KEPT = ("system", "name", "faction_text", "points_limit")


@login_required
def squad_list(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "rosters/squad_list.html",
        _squad_list_context(request, SquadForm(owner=request.user)),
    )


@login_required
@require_POST
def squad_create(request: HttpRequest) -> HttpResponse:
    """A new squad; or, sent with ``choose`` (the game changed: by htmx, or the button shown
    without JavaScript), the form again with the fields of the game chosen, what was typed
    kept and nothing created."""
    if "choose" in request.POST:
        form = SquadForm(
            initial={key: request.POST.get(key) for key in CHOSEN_KEPT}, owner=request.user
        )
        if request.htmx:
            return render(request, "rosters/squad_list.html#new_squad_game", {"form": form})
        return render(request, "rosters/squad_list.html", _squad_list_context(request, form))
    form = SquadForm(request.POST, owner=request.user)
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


@login_required
def builder(request: HttpRequest, pk: int) -> HttpResponse:
    """The builder: one card per model, or per unit in a game played with units
    (``rosters/builder/shapes.py``); its owner's, or for a force of units its campaign's
    organiser's (``editable_forces``)."""
    squad = get_object_or_404(Squad.objects.select_related("owner", *COSTING_RELATED), pk=pk)
    shape = shape_of(squad.system)
    if not shape.may_edit(squad, request.user):
        raise Http404
    context = shape.context(squad, owner=request.user, added=_added(request, pk),
                            open=_open(request))  # fmt: skip
    context["undo"] = undo.available(request, context["squad"])
    if request.htmx:
        return render(request, f"{shape.page}#roster", context)
    return render(request, shape.page, context)


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
            pack=services.pack_sent(squad, request.POST.get("pack", squad.pack_id)),
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
        return _after_change(request, pk, whole=True, refused=_refused(request, "undo", error))
    return _after_change(request, pk, whole=True, head=True)


@login_required
def squad_export(request: HttpRequest, pk: int) -> HttpResponse:
    """The squad as a squad-roster/1 document (2 queries)."""
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
    squads = Squad.objects.select_related("owner", *COSTING_RELATED)
    squad = get_object_or_404(squads, public_id=public_id, is_public=True)
    shape = shape_of(squad.system)
    context = shape.context(squad)
    context["read_only"] = True  # a model's columns: the game's part shared/ (its figures)
    return render(request, shape.shared, context)


@login_required
def squad_text(request: HttpRequest, pk: int) -> HttpResponse:
    """The squad as plain text, to paste into a chat (``builder.squad_text``)."""
    try:
        text = squad_text_of(pk, owner=request.user)
    except Squad.DoesNotExist:
        raise Http404 from None
    return HttpResponse(text, content_type="text/plain; charset=utf-8")
