"""The builder page's context (``builder_context``): the squad's form, its add form and its
cards."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import Any

from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rosters.adapters import load_squad
from rosters.builder.cards import MemberView, _Page
from rosters.builder.choices import (
    _assistance,
    _known,
    _random_table,
    _type_counts,
    allowances,
    label,
    options,
    pack_options,
    type_options,
)
from rosters.builder.refusals import Refused, Shown, shown
from rosters.models import Member, Squad
from rosters.services import next_name
from rules import get_system
from rules.army_lists import allowed_kinds
from rules.pack_prices import Prices, pack_prices
from rules.registry import GameSystem
from rules.types import Roster, RosterCost


def builder_context(
    squad_id: Squad | int,
    *,
    owner=None,
    error_for: int | None = None,
    refused: Refused | None = None,
    added: int | None = None,
    added_item: str = "",
    open: int | None = None,
) -> dict[str, Any]:
    """The builder page's context.

    The card of model ``open`` is open to edit (after a change to a model or an add: that
    model's); the others show as one line each, which is what keeps the page light.

    A refused edit (``refused``) shows where it was made: on the card of model
    ``error_for``, at the squad's form or the add form (``refused.form``), else in the
    summary. After model ``added`` was added, the add form offers its type again and the
    next numbered name; after item ``added_item`` was added to model ``error_for``, its
    card says so if the item costs it nothing.
    """
    stored = load_squad(squad_id, owner=owner)
    squad = stored.squad
    system = get_system(squad.system)
    roster = stored.roster()
    costs = system.cost(roster) if system.cost is not None else None  # None: not costed
    derived = system.derived(roster)
    pack = squad.costing_pack  # the squad's pack costs it, over its limit a violation
    points, found = (
        (costs.points if costs is not None else None, system.validate(roster))
        if pack is None
        else system.assess(roster, pack)
    )
    prices = pack_prices(pack)
    allowed = allowed_kinds(pack, roster.faction)  # the types the add form offers
    violations = [shown(v) for v in found]
    by_member: dict[str, list[Shown]] = {}
    squad_wide = []
    for v in violations:
        if v.member is None:
            squad_wide.append(v)
        else:
            by_member.setdefault(v.member, []).append(v)
    rows = stored.members
    language = get_language()
    builder_url = reverse("rosters:builder", args=[squad.pk])
    models = [(row.pk, row.name, escape(row.name)) for row in rows]
    if open is None:
        open = error_for if error_for is not None else added
    page = _Page(
        stored, system, builder_url, models, language, open, *_assistance(system, stored),
        prices=prices,
    )  # fmt: skip
    member_costs = costs.members if costs is not None else (None,) * len(rows)
    by_name = derived.get("derived", {})
    members = [
        MemberView(row, member_cost, by_member.get(row.name, []), page, by_name.get(row.name))
        for row, member_cost in zip(rows, member_costs, strict=True)
    ]
    for index, m in enumerate(members):
        if m.row.pk != error_for:
            continue
        if refused is not None and refused.form in ("card", "equipment", "ability"):
            m.refused = refused
        if added_item and costs is not None:
            m.notice = _free_notice(system, roster, costs, index, added_item)
    dead = sum(1 for row in rows if row.status == Member.Status.DEAD)
    counts = _type_counts(rows)
    pks = {row.name: row.pk for row in rows}
    shown_elsewhere = refused is not None and (
        refused.form in ("squad", "add") or any(m.refused for m in members)
    )
    return {
        "squad": squad,
        "roster": roster,  # the rules value shown (rosters.undo keeps it after a change)
        "campaign": squad.in_campaign,
        "system": system,
        # the game's parts of the page (its record's fields on a card, the notice above a
        # campaign squad...), or their shared fallbacks
        "parts": system.part_templates,
        "labels": {"duplicate": _("Duplicate")},
        "faction_label": squad.faction_label,
        "points": points,
        "pack": squad.costing_version if pack is not None else None,  # named beside the points
        "derived": derived,
        "valid": not violations,
        "violations": violations,
        "squad_violations": squad_wide,
        # every rule broken, in the summary: a model's links to its card
        "broken": [(v, pks.get(v.member) if v.member else None) for v in violations],
        "allowances": allowances(system, counts, language),
        "members": members,
        "living": len(rows) - dead,  # what the rules count
        "dead": dead,
        "urls": {
            "builder": builder_url,
            "member_add": reverse("rosters:member_add", args=[squad.pk]),
            "edit": reverse("rosters:edit", args=[squad.pk]),
        },
        "add": _add_form(squad, system, rows, counts, language, refused, added, prices, allowed),
        # what an empty squad is told to add first
        "first_type": label(system.model_types, system.leader_type) if system.leader_type else "",
        "head": squad_head(squad, system, refused),
        "random_table": _random_table(squad.system, language),
        "error": refused.message if refused is not None and not shown_elsewhere else "",
    }


def squad_head(squad: Squad, system: GameSystem, refused: Refused | None = None) -> dict:
    """The squad's form (name, faction, points limit, pack): the stored values, or those a
    refused edit of it sent, with the message at the field it is about (``errors``; a
    refusal about none of them under ``"form"``). The pack picker is read (1 query) only
    when the form is shown: its options are a function the template calls."""
    sent = refused.sent if refused is not None and refused.form == "squad" else {}
    faction = sent.get("faction", squad.faction)
    errors = {}
    if refused is not None and refused.form == "squad":
        shown = ("name", "faction", "points_limit", "notes", "pack")
        shown_at = refused.field if refused.field in shown else ""
        errors[shown_at or "form"] = refused.message
    return {
        "name": sent.get("name", squad.name),
        "faction": faction,
        "points_limit": sent.get("points_limit", squad.points_limit),
        "notes": sent.get("notes", squad.notes),
        # a campaign squad has none: its campaign's pack costs it; nor a game whose packs
        # neither cost nor print a squad
        "pack_options": None
        if squad.in_campaign or not system.packs.for_squads
        else functools.partial(pack_options, squad.owner_id, squad.system, squad.pack),
        "faction_options": options(((c, _(f.label)) for c, f in system.factions.items()), faction)
        if system.factions is not None
        else None,
        "errors": errors,
    }


def _add_form(
    squad,
    system,
    rows,
    counts,
    language,
    refused: Refused | None,
    added: int | None,
    prices: Prices,
    allowed: frozenset[str] | None,
):
    """The add form: at first the game's leader, or its ordinary model once the squad has
    its leader (``_usual_type``); after an add, the type just added and the next numbered
    name ("add another"), unless the squad may have no more of that type (its leader); after
    a refused add, what was sent, with the message at the field it is about (``errors``;
    under ``"form"`` when about neither). Only the types the pack's army list allows
    (``allowed``; None: every type)."""
    name, model_type, errors = "", _usual_type(system, counts), {}
    row = next((r for r in rows if r.pk == added), None) if added is not None else None
    if refused is not None and refused.form == "add":
        name = refused.sent.get("name", "")
        model_type = _known(refused.sent.get("type", ""), system.model_types)
        errors[refused.field if refused.field in ("name", "type") else "form"] = refused.message
    elif row is not None and not _full(system, row.type, counts):
        name, model_type = next_name(row.name, (r.name for r in rows)), row.type
    return {
        "name": name,
        "type_options": type_options(system, model_type, counts, language, prices, allowed),
        "army_list": allowed is not None,  # the picker holds only what the pack's list allows
        "errors": errors,
        "suggested": row is not None,  # the name box takes the focus: Enter adds another
    }


def _usual_type(system: GameSystem, counts: Mapping[str, int]) -> str:
    """The type the add form offers by default: the game's leader while the squad has none
    living, then its ordinary model (``GameSystem.leader_type``, ``ordinary_type``); "" for
    the first type, in a game that declares neither."""
    if system.leader_type and not counts.get(system.leader_type):
        return system.leader_type
    return system.ordinary_type or ""


def _full(system: GameSystem, model_type: str, counts: Mapping[str, int]) -> bool:
    """Whether the squad has as many models of the type as it may have (its one leader)."""
    type_range = system.builder.type_range if system.builder is not None else None
    type_range = type_range or system.composition.type_range
    if type_range is None or model_type not in system.model_types:
        return False
    most = type_range(model_type)[1]
    return most is not None and counts.get(model_type, 0) >= most


def _free_notice(
    system: GameSystem, roster: Roster, costs: RosterCost, index: int, item: str
) -> str:
    """What to say when the model at ``index`` carries ``item`` at no cost, which adding
    more of it does not show (an item a faction gets free is free whether listed or not):
    the rules' costing gives it the same equipment points (``ep_spent``, in a game that has
    them) with and without that line. An item the game's table prices is then free by the
    faction's rule (docs/games/<game>.md); one it does not costs nothing
    anywhere (a knife). Else "": the item costs something."""
    spent = getattr(costs.members[index], "ep_spent", None)
    member = roster.members[index]
    if spent is None or not any(e.item == item for e in member.equipment):
        return ""
    without = dataclasses.replace(
        member, equipment=tuple(e for e in member.equipment if e.item != item)
    )
    members = (*roster.members[:index], without, *roster.members[index + 1 :])
    before = system.cost(dataclasses.replace(roster, members=members)).members[index]
    if before.ep_spent != spent:
        return ""
    text = label(system.items, item)
    if getattr(system.items[item], "ep", 0):
        faction = system.faction_label(roster.faction)
        return _("%(item)s are free for the %(faction)s: they cost no EP.") % {
            "item": text, "faction": _(faction),
        }  # fmt: skip
    return _("%(item)s costs no EP.") % {"item": text}


def free_item_notice(squad_id: int, member_pk: int, item: str, *, owner=None) -> str:
    """``_free_notice`` for a page that is not the builder's (a full-page post)."""
    stored = load_squad(squad_id, owner=owner)
    system = get_system(stored.squad.system)
    index = next((i for i, m in enumerate(stored.members) if m.pk == member_pk), None)
    if system.cost is None or index is None:
        return ""
    roster = stored.roster()
    return _free_notice(system, roster, system.cost(roster), index, item)
