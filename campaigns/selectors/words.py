"""A battle's history and a force's edits in the reader's language."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaigns.models import Entry, ForceEdit, HistoryEntry
from rules import get_system

# --- words ----------------------------------------------------------------------------------

HISTORY_MESSAGES = {
    # English templates, translated when shown; params come from rules.types.Change
    "vp": gettext_noop(
        "%(outcome)s: %(mission_vp)s VP for the mission, %(casualty_vp)s lost, %(total_vp)s in all"
    ),
    "fought": gettext_noop("fought and ended the battle %(state)s"),
    "status": gettext_noop("status %(before)s → %(after)s"),
    "returns": gettext_noop("missed this battle (%(before)s); active again"),
    "ability": gettext_noop("gained %(ability)s"),
    "recorded": gettext_noop(
        "recorded after the battle by %(by)s: %(field)s %(before)s → %(after)s"
    ),
    # the aftermath under a pack's tables (``campaigns.services.aftermath``)
    "injury": gettext_noop("serious injury: rolled %(roll)s %(by)s: %(result)s"),
    "advance": gettext_noop("advance: rolled %(roll)s %(by)s: %(result)s"),
    "experience": gettext_noop("gained %(points)s experience (%(before)s → %(after)s)"),
    "effect": gettext_noop("%(field)s %(before)s → %(after)s"),
    "aftermath": gettext_noop("aftermath kept by %(by)s"),
}
ROLLED_BY = {"table": gettext_noop("at the table"), "server": gettext_noop("by the server")}
# the words of every game; a game's own kinds and words: CampaignRules.history


def describe(entry: HistoryEntry, system: str) -> str:
    """One history entry in the user's language."""
    game = get_system(system)
    labels = game.campaign.labels if game.campaign else {}

    def word(code: Any, prefix: str = "") -> str:
        label = labels.get(f"{prefix}{code}")
        if label is None and prefix == "ability:" and code in game.abilities:
            label = game.abilities[code].label
        return _(label) if label else str(code)

    p = entry.params or {}
    kind = entry.kind
    history = game.campaign.history if game.campaign else {}
    own = (entry.roll and history.get(f"{kind}:rolled")) or history.get(kind)
    if own is not None:  # the game's own kinds, and its own words for a shared one
        template, values = own
        return _(template) % values({**p, "roll": entry.roll}, entry.before, entry.after, word)
    if kind == "vp":
        values = {**p, "outcome": word(p.get("outcome"), "outcome:")}
        return _(HISTORY_MESSAGES["vp"]) % values
    if kind == "fought":
        return _(HISTORY_MESSAGES["fought"]) % {"state": word(p.get("state"))}
    statuses = {"active": _("active"), "recovering": _("recovering"),
                "captured": _("captured"), "dead": _("dead")}  # fmt: skip
    if kind in ("status", "returns"):
        return _(HISTORY_MESSAGES[kind]) % {
            "before": statuses.get(entry.before, entry.before),
            "after": statuses.get(entry.after, entry.after),
        }
    if kind in ("recorded", "effect"):
        field = game.record_field(entry.field)

        def shown(value: Any) -> str:
            if entry.field == "status":
                return statuses.get(value, str(value))
            if isinstance(value, dict):  # adjustments: "WS +1, BS -1"
                words = field.choice_labels if field is not None else {}
                changes = (f"{_(words.get(c, c.upper()))} {n:+d}" for c, n in value.items())
                return ", ".join(changes) or "—"
            return "—" if value in (None, "") else str(value)

        return _(HISTORY_MESSAGES[kind]) % {
            "by": p.get("by", ""),
            "field": _(field.label) if field is not None else _("status"),
            "before": shown(entry.before),
            "after": shown(entry.after),
        }
    if kind in ("injury", "advance"):
        return _(HISTORY_MESSAGES[kind]) % {
            "roll": entry.roll,
            "by": _(ROLLED_BY.get(p.get("by"), ROLLED_BY["server"])),
            "result": _rolled_result(game, kind, p),
        }
    if kind == "experience":
        return _(HISTORY_MESSAGES[kind]) % {
            "points": p.get("points", 0), "before": entry.before, "after": entry.after,
        }  # fmt: skip
    if kind == "aftermath":
        return _(HISTORY_MESSAGES[kind]) % {"by": p.get("by", "")}
    if kind == "ability":
        return _(HISTORY_MESSAGES["ability"]) % {"ability": word(entry.after, "ability:")}
    return kind


def _rolled_result(game: Any, kind: str, p: dict[str, Any]) -> str:
    """What a roll on an aftermath table gave: the injury's or advance's name, a
    characteristic +1, or nothing lasting."""
    if kind == "injury":
        return p.get("injury") or _("no lasting effect")
    code = p.get("characteristic")
    if code:
        field = game.record_field(p.get("adjustments", ""))
        words = field.choice_labels if field is not None else {}
        return f"{_(words.get(code, code.upper()))} +1"
    return p.get("skill") or _("no advance")


EDIT_MESSAGES = {
    # English templates, translated when shown; params come from rules.force_edits
    "added": gettext_noop("%(unit)s: added"),
    "removed": gettext_noop("%(unit)s: removed"),
    "renamed": gettext_noop("%(before)s renamed %(unit)s"),
    "set": gettext_noop("%(unit)s: %(field)s %(before)s → %(after)s"),
    "members": gettext_noop("%(unit)s: its models changed"),
    "equipment": gettext_noop("%(unit)s: its weapons changed"),
}


def force_edits(entry: Entry) -> list[tuple[ForceEdit, list[str]]]:
    """The edits made to a campaign force between battles, newest first, each with its
    changes in the reader's language (1 query)."""
    shape = get_system(entry.campaign.system).units
    return [(edit, [describe_edit(c, shape) for c in edit.changes])
            for edit in entry.edits.select_related("by")]  # fmt: skip


def describe_edit(change: dict[str, Any], shape: Any) -> str:
    """One change of ``rules.force_edits.force_edits`` in the user's language."""
    kind = change.get("change")
    template = EDIT_MESSAGES.get(kind)
    if template is None:
        return str(change)
    values = dict(change)
    if kind == "set":
        key = change.get("key", "")
        field = shape.field(key) if shape is not None else None

        def shown(value: Any) -> str:
            if value is None:
                return "—"
            if isinstance(value, bool):
                return _("yes") if value else _("no")
            if key == "kind" and shape is not None and value in shape.kinds:
                return _(shape.kinds[value].label)
            return _(shape.label(key, value)) if shape is not None else str(value)

        values["field"] = _(field.label) if field is not None else (
            _("kind") if key == "kind" else key)  # fmt: skip
        values["before"], values["after"] = shown(change.get("before")), shown(change.get("after"))
    return _(template) % values
