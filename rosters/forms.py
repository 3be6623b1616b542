from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rosters.messages import problem_message
from rules import get_system, systems
from rules.documents import DocumentError, load_roster

MAX_UPLOAD = 512 * 1024


def _system_choices():
    return [(system.code, system.name) for system in systems()]


def _faction_choices():
    """Every game's factions, one group per game; the service checks the pair."""
    return [("", "—")] + [
        (system.name, [(code, _(faction.label)) for code, faction in system.factions.items()])
        for system in systems()
        if system.factions is not None
    ]


class SquadForm(forms.Form):
    """A new squad: its game, name, faction and points limit (the game's usual one at first)."""

    system = forms.ChoiceField(label=gettext_lazy("Game"), choices=_system_choices, required=False)
    name = forms.CharField(label=gettext_lazy("Squad name"), max_length=100)
    faction = forms.ChoiceField(
        label=gettext_lazy("Faction"), choices=_faction_choices, required=False
    )
    faction_text = forms.CharField(
        label=gettext_lazy("Faction (free text)"), max_length=100, required=False,
        help_text=gettext_lazy("For a game whose rules list no factions: printed only."),
    )  # fmt: skip
    points_limit = forms.IntegerField(
        label=gettext_lazy("Points limit"), min_value=1, max_value=100_000, required=False,
        help_text=gettext_lazy(
            "Leave empty for the game's usual limit (none for a game whose rules print no points)."
        ),
    )  # fmt: skip

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        first = systems()[0]
        self.fields["system"].initial = first.code
        self.fields["points_limit"].initial = first.default_points_limit

    def clean(self):
        """The faction is a code of the game's list, or free text for a game without one."""
        data = super().clean()
        try:
            game = get_system(data.get("system") or systems()[0].code)
        except KeyError:
            return data  # the system field says what is wrong
        text = data.pop("faction_text", "")
        if game.factions is None:
            data["faction"] = text
        elif not data.get("faction"):
            self.add_error("faction", _("Choose a faction of %(game)s.") % {"game": game.name})
        return data


class ImportForm(forms.Form):
    """A squad-roster/1 document, uploaded or pasted; an error names the model it is about
    (``rosters.messages.problem_message``), or its path in the document."""

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
