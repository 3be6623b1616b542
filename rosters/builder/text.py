"""The squad as plain text, to paste into a chat."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rosters.adapters import load_squad
from rosters.builder.choices import label
from rosters.models import Member
from rules import get_system
from rules.registry import GameSystem
from rules.types import Member as RulesMember


def squad_text(squad_id: int, *, owner=None) -> str:
    """The squad as plain text to paste into a chat: a line for the squad (game, faction,
    points, valid or the rules it breaks), then a line per model or unit with its type, its
    points where the game costs them, its equipment and its abilities (two queries). A unit
    lists its own weapons, or each member entry with what each of its models carries."""
    stored = load_squad(squad_id, owner=owner)
    squad, roster = stored.squad, stored.roster()
    system = get_system(squad.system)
    costs = system.cost(roster) if system.cost is not None else None
    broken = system.validate(roster)
    head = [squad.name, system.name]
    if system.factions is not None:
        head.append(_(system.faction_label(roster.faction)))
    if costs is not None:
        limit = f"/{squad.points_limit}" if squad.points_limit else ""
        head.append(_("%(points)s pts") % {"points": f"{costs.points}{limit}"})
    head.append(
        _("valid")
        if not broken
        else ngettext(
            "invalid: %(count)d rule broken", "invalid: %(count)d rules broken", len(broken)
        )
        % {"count": len(broken)}  # fmt: skip
    )
    lines = [" · ".join(head)]
    if system.units is not None:
        for unit in roster.units:
            kind = system.units.kinds.get(unit.kind)
            what = [_(kind.label) if kind is not None else unit.kind]
            models = system.units.models(unit)
            what.append(ngettext("%(count)d model", "%(count)d models", models) % {"count": models})
            kit = _kit_text(system, unit.equipment)
            members = "; ".join(_unit_member_text(system, m) for m in unit.members)
            lines.append(f"- {unit.name} ({', '.join(what)})"
                         + "".join(f": {part}" for part in (members, kit) if part))  # fmt: skip
        return "\n".join(lines) + "\n"
    member_costs = costs.members if costs is not None else (None,) * len(roster.members)
    for m, cost in zip(roster.members, member_costs, strict=True):
        what = [label(system.model_types, m.type)]
        if cost is not None:
            what.append(_("%(points)s pts") % {"points": cost.points})
        if m.status != "active":
            what.append(_(dict(Member.Status.choices)[m.status]))
        kit = _kit_text(system, m.equipment)
        abilities = ", ".join(
            label(system.abilities, a.code) + (f": {_(a.detail)}" if a.detail else "")
            for a in m.abilities
        )
        text = "; ".join(part for part in (kit, abilities) if part)
        lines.append(f"- {m.name} ({', '.join(what)})" + (f": {text}" if text else ""))
    return "\n".join(lines) + "\n"


def _unit_member_text(system: GameSystem, member: RulesMember) -> str:
    """A member entry of a unit: "Rifleman ×5 (each: Rifle)", "Gunner (MG 42)"."""
    assert system.units is not None
    models = system.units.group(member)
    name = f"{member.name} ×{models}" if models > 1 else member.name
    kit = _kit_text(system, member.equipment)
    if not kit:
        return name
    if models > 1:
        kit = _("each: %(kit)s") % {"kit": kit}
    return f"{name} ({kit})"


def _kit_text(system: GameSystem, equipment) -> str:
    return ", ".join(
        (e.label or label(system.items, e.item)) + (f" ×{e.count}" if e.count > 1 else "")
        for e in equipment
    )
