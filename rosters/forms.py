from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.messages import problem_message
from rosters.builder.choices import pack_choices
from rosters.services import ServiceError, pack_version
from rules import get_system, systems
from rules.documents import DocumentError, load_roster
from rules.registry import GameSystem

MAX_UPLOAD = 512 * 1024


def _system_choices():
    return [(system.code, _(system.name)) for system in systems()]


def _faction_label(code: str) -> str:
    """A faction code as its label, whichever game lists it (the code itself if none)."""
    for system in systems():
        if system.factions is not None and code in system.factions:
            return _(system.factions[code].label)
    return code


class SquadForm(forms.Form):
    """A new squad: its game, name, faction and points limit (empty: the game's usual one).

    The faction fields are those of the chosen game (``game``): its list of factions, or
    free text for a game that lists none. The page shows them for the game chosen; a faction
    sent for another game (a game switched without JavaScript) is refused at its field."""

    system = forms.ChoiceField(label=gettext_lazy("Game"), choices=_system_choices, required=False)
    name = forms.CharField(label=gettext_lazy("Squad name"), max_length=100)
    faction = forms.CharField(
        label=gettext_lazy("Faction"), max_length=100, required=False, widget=forms.Select
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

    pack = forms.ChoiceField(
        label=gettext_lazy("Pack"), required=False,
        help_text=gettext_lazy(
            "A pack of yours for the game (a copy of one shared with you too): its points "
            "cost the squad."
        ),
    )  # fmt: skip

    def __init__(self, *args, owner=None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["system"].initial = systems()[0].code
        self.game = self._chosen()
        if owner is None or not self.game.packs.for_squads:
            del self.fields["pack"]  # no one to read packs of, or no pack changes a squad
        else:
            self.fields["pack"].choices = pack_choices(owner, self.game.code, None)
        if self.game.factions is not None:
            self.fields["faction"].widget.choices = [("", "—")] + [
                (code, _(faction.label)) for code, faction in self.game.factions.items()
            ]
        limit = self.game.default_points_limit
        if limit is not None:  # shown, not filled in: an empty box takes it
            self.fields["points_limit"].widget.attrs["placeholder"] = str(limit)

    def _chosen(self) -> GameSystem:
        """The game the form is for: the one sent, else the one to show first."""
        code = (self.data if self.is_bound else self.initial).get("system")
        try:
            return get_system(code or systems()[0].code)
        except KeyError:
            return systems()[0]

    def shown_field(self, key: str) -> str | None:
        """The field the page shows for a service's field ``key`` (None: the whole form)."""
        if key == "faction" and self.game.factions is None:
            return "faction_text"
        return key if key in self.fields else None

    def clean(self):
        """The faction is a code of the game's list, or free text for a game without one:
        a faction of another game is refused at the field the game shows."""
        data = super().clean()
        try:
            game = get_system(data.get("system") or systems()[0].code)
        except KeyError:
            return data  # the system field says what is wrong
        text = data.pop("faction_text", "") or ""
        faction = data.get("faction") or ""
        params = {"game": _(game.name)}
        if game.factions is None:
            if faction:
                self.add_error("faction_text", _(
                    "%(faction)s is not a faction of %(game)s, whose rules list none: write "
                    "the faction here, or leave it empty."
                ) % {**params, "faction": _faction_label(faction)})  # fmt: skip
            data["faction"] = text
        elif faction and faction not in game.factions:
            self.add_error("faction", _(
                "%(faction)s is not a faction of %(game)s: choose one of its factions."
            ) % {**params, "faction": _faction_label(faction)})  # fmt: skip
        elif text.strip():
            self.add_error("faction", _(
                "%(game)s lists its factions: choose one here (“%(text)s” is not one)."
            ) % {**params, "text": text.strip()})  # fmt: skip
        elif not faction:
            self.add_error("faction", _("Choose a faction of %(game)s.") % params)
        if "pack" in self.fields:  # one of the choices: the service checks it again
            try:
                data["pack"] = pack_version(data.get("pack"))
            except ServiceError as error:
                self.add_error("pack", error.message)
        return data


class ImportForm(forms.Form):
    """A squad-roster/1 document, uploaded or pasted; an error names the model it is about
    (``core.messages.problem_message``), or its path in the document."""

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
