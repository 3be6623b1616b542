"""The packs' small forms (issue #30): a new pack (its game and name), a pack file uploaded.
A table is edited with ``rosters.pack_editor``; no form asks anyone to type JSON."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.messages import problem_message
from rosters.forms import MAX_UPLOAD
from rosters.models import MAX_PACK_NAME
from rules import systems
from rules.documents import DocumentError, loads
from rules.pack_tables import MAX_PACK_BYTES


def game_choices() -> list[tuple[str, str]]:
    return [(s.code, gettext_lazy(s.name)) for s in systems() if s.packs.tables]


class PackForm(forms.Form):
    system = forms.ChoiceField(label=gettext_lazy("Game"), choices=game_choices)
    name = forms.CharField(label=gettext_lazy("Name"), max_length=MAX_PACK_NAME)


class PackRenameForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=MAX_PACK_NAME)


class PackImportForm(forms.Form):
    """A ``game-pack/1`` file; the pack service reads it (each refusal at its cell)."""

    file = forms.FileField(label=gettext_lazy("Pack file (JSON)"))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        upload = data.get("file")
        if upload is None:
            return data
        if upload.size > min(MAX_UPLOAD, MAX_PACK_BYTES):
            raise forms.ValidationError(
                _("A pack may be at most %(max)d bytes long") % {"max": MAX_PACK_BYTES}
            )
        try:
            data["document"] = loads(upload.read())
        except DocumentError as error:
            raise forms.ValidationError([problem_message(p) for p in error.problems]) from None
        return data
