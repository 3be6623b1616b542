from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rosters.messages import problem_message
from rules import get_system
from rules.documents import DocumentError, load_roster

MAX_UPLOAD = 512 * 1024


def _faction_choices():
    system = get_system("black-sun")
    return [(code, _(faction.label)) for code, faction in system.factions.items()]


class SquadForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Squad name"), max_length=100)
    faction = forms.ChoiceField(label=gettext_lazy("Faction"), choices=_faction_choices)
    points_limit = forms.IntegerField(
        label=gettext_lazy("Points limit"), min_value=1, max_value=100_000, initial=200
    )


class ImportForm(forms.Form):
    """A squad-roster/1 document, uploaded or pasted; errors name their path."""

    file = forms.FileField(label=gettext_lazy("Roster file (JSON)"), required=False)
    text = forms.CharField(
        label=gettext_lazy("…or paste the document"),
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false"}),
        required=False,
    )

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        text = data.get("text", "")
        if upload:
            if upload.size > MAX_UPLOAD:
                raise forms.ValidationError(_("The file is larger than 512 KB."))
            raw = upload.read()
        elif text.strip():
            raw = text.encode()
        else:
            raise forms.ValidationError(_("Choose a file or paste a roster document."))
        try:
            data["roster"] = load_roster(raw)
        except DocumentError as error:
            raise forms.ValidationError(
                [problem_message(problem) for problem in error.problems]
            ) from None
        return data
