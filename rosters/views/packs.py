"""Pack pages (issue #30): my packs, a new one (its game chosen), import a file, a pack's
page (its tables, share link, export, delete), one table edited at a time (rows added and
removed by htmx, or by the same buttons as whole pages without JavaScript), and the page
behind a share link, from which anyone signed in copies the pack. No page asks anyone to
type JSON: the file is uploaded and downloaded."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from rosters import pack_editor, services
from rosters.models import Pack, PackVersion
from rosters.pack_forms import PackForm, PackImportForm, PackRenameForm
from rosters.services import ServiceError
from rosters.services.packs import latest
from rules import get_system
from rules.pack_tables import WEAPONS


def _own(request: HttpRequest, pk: int) -> Pack:
    return get_object_or_404(Pack, pk=pk, owner=request.user)


def _list_context(request: HttpRequest, form: PackForm) -> dict:
    packs = Pack.objects.filter(owner=request.user).order_by("name", "pk")
    return {"packs": packs, "form": form, "import_form": PackImportForm()}


@login_required
def pack_list(request: HttpRequest) -> HttpResponse:
    return render(request, "packs/pack_list.html", _list_context(request, PackForm()))


@login_required
@require_POST
def pack_create(request: HttpRequest) -> HttpResponse:
    form = PackForm(request.POST)
    if form.is_valid():
        try:
            pack = services.pack_create(owner=request.user, **form.cleaned_data)
        except ServiceError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        else:
            return redirect("packs:detail", pack.pk)
    return render(request, "packs/pack_list.html", _list_context(request, form), status=400)


@login_required
@require_http_methods(["GET", "POST"])
def pack_import(request: HttpRequest) -> HttpResponse:
    form = PackImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            pack = services.pack_import(owner=request.user, document=form.cleaned_data["document"])
        except ServiceError as error:
            for field, message in error.problems:
                form.add_error(None, f"{field}: {message}" if field else message)
        else:
            messages.success(request, _("Pack imported."))
            return redirect("packs:detail", pack.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "packs/import.html", {"form": form}, status=status)


def _tables(pack: Pack, document: dict, *, contents: bool = False) -> list[dict]:
    """The game's tables, each with what the pack holds of it (``contents``: its cells, for
    the page behind a share link, which shows them read-only)."""
    held = document.get("tables", {})
    return [
        {"table": table, "label": _(table.label), "help": _(table.help) if table.help else "",
         "held": table.id in held, "rows": _size(held.get(table.id)),
         "form": pack_editor.form_from_table(table, held.get(table.id)) if contents else None}
        for table in get_system(pack.system).packs.tables
    ]  # fmt: skip


def _size(value: object) -> int:
    if isinstance(value, list):
        return len(value)
    if isinstance(value, dict):
        return sum(len(v) if isinstance(v, list) else 1 for v in value.values())
    return 0


def _reference_card(pack: Pack, version: PackVersion) -> str:
    """The game's quick-reference card printed with the pack's weapon profiles (its URL), or
    "" when the game prints no card or the pack holds no weapon profiles."""
    printing = get_system(pack.system).printing
    if printing is None or printing.reference_template is None:
        return ""
    if WEAPONS not in version.document.get("tables", {}):
        return ""
    return f"{reverse('print:reference_card', args=[pack.system])}?pack={pack.pk}"


@login_required
@require_http_methods(["GET", "POST"])
def pack_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The pack's page: its tables, each with a link to edit it; its name (POST: renamed)."""
    pack = _own(request, pk)
    form = PackRenameForm(request.POST or None, initial={"name": pack.name})
    if request.method == "POST" and form.is_valid():
        try:
            services.pack_update(pack=pack, user=request.user, name=form.cleaned_data["name"])
        except ServiceError as error:
            form.add_error("name", error.message)
        else:
            return redirect("packs:detail", pack.pk)
    version = latest(pack)
    context = {
        "pack": pack, "version": version, "tables": _tables(pack, version.document),
        "form": form, "share_url": request.build_absolute_uri(
            reverse("packs:shared", args=[pack.share_token])) if pack.shared else "",
        "reference_card": _reference_card(pack, version),
    }  # fmt: skip
    return render(request, "packs/pack_detail.html", context, status=400 if form.errors else 200)


@login_required
@require_http_methods(["GET", "POST"])
def pack_table(request: HttpRequest, pk: int, table: str) -> HttpResponse:
    """One table of the pack as a form. POST ``add`` (a list) or ``remove`` (a row): the
    form again with the row added or taken out, nothing saved (htmx swaps the form; without
    JavaScript, the whole page); else saved as the pack's new version, each refusal at its
    cell."""
    pack = _own(request, pk)
    declared = get_system(pack.system).packs.table(table)
    if declared is None:
        raise Http404
    status = 200
    if request.method == "GET":
        current = latest(pack).document.get("tables", {}).get(table)
        form = pack_editor.form_from_table(declared, current)
    else:
        add, remove = request.POST.get("add", ""), request.POST.get("remove", "")
        form = pack_editor.form_from_post(declared, request.POST, add=add, remove=remove)
        if not add and not remove:
            try:
                services.pack_table_set(
                    pack=pack, user=request.user, table=table,
                    value=pack_editor.table_value(form),
                    expected_version=_version(request.POST.get("version")),
                )  # fmt: skip
            except ServiceError as error:
                for field, message in error.problems:
                    if field.startswith("tables."):
                        form.place(field, message)
                    else:
                        form.errors.append(message)
                status = 400
            else:
                messages.success(request, _("Table %(table)s saved.") % {"table": form.label})
                return redirect("packs:detail", pack.pk)
    context = {"pack": pack, "form": form, "table": table}
    if request.htmx:
        return render(request, "packs/table.html#table_form", context, status=status)
    return render(request, "packs/table.html", context, status=status)


def _version(raw: str | None) -> int | None:
    return int(raw) if raw and raw.isdigit() and len(raw) <= 10 else None


@login_required
def pack_export(request: HttpRequest, pk: int) -> HttpResponse:
    pack = _own(request, pk)
    return _download(pack)


def _download(pack: Pack) -> HttpResponse:
    document = latest(pack).document
    response = HttpResponse(
        json.dumps(document, ensure_ascii=False, indent=2), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="{slugify(pack.name) or "pack"}.json"'
    return response


@login_required
@require_POST
def pack_share(request: HttpRequest, pk: int) -> HttpResponse:
    pack = _own(request, pk)
    services.pack_share(
        pack=pack, user=request.user, shared=request.POST.get("shared") == "on",
        new_link=request.POST.get("new_link") == "on",
    )  # fmt: skip
    return redirect("packs:detail", pack.pk)


@login_required
@require_http_methods(["GET", "POST"])
def pack_delete(request: HttpRequest, pk: int) -> HttpResponse:
    pack = _own(request, pk)
    if request.method == "POST":
        try:
            services.pack_delete(pack=pack, user=request.user)
        except ServiceError as error:
            messages.error(request, error.message)
            return redirect("packs:detail", pack.pk)
        messages.success(request, _("Pack %(name)s deleted.") % {"name": pack.name})
        return redirect("packs:list")
    return render(request, "packs/confirm_delete.html", {"pack": pack})


@require_http_methods(["GET", "POST"])
def pack_shared(request: HttpRequest, token: str) -> HttpResponse:
    """The page behind a share link: the pack's tables, its file, and (signed in) a copy."""
    pack = get_object_or_404(Pack, share_token=token, shared=True)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"/accounts/login/?next={request.path}")
        copy = services.pack_copy(pack=pack, user=request.user, token=token)
        messages.success(request, _("Pack copied: it is yours to edit."))
        return redirect("packs:detail", copy.pk)
    if request.GET.get("download") == "1":
        return _download(pack)
    version = latest(pack)
    tables = _tables(pack, version.document, contents=True)
    return render(
        request, "packs/shared.html", {"pack": pack, "version": version, "tables": tables}
    )
