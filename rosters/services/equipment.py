"""A model's equipment lines and abilities."""

from __future__ import annotations

import random
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from core.errors import ServiceError
from rosters.models import Ability, Equipment, Member, Squad
from rosters.services.base import (
    CAMPAIGN_GAINED,
    _changed,
    _check_code,
    _check_text,
    _lock_to_change,
)
from rules import get_system
from rules.i18n import TO_BE_NAMED
from rules.registry import BuilderChoices, GameSystem


@transaction.atomic
def equipment_add(*, member: Member, item: str, count: int = 1) -> Equipment:
    squad = _lock_to_change(member.squad, member=member)
    game = get_system(squad.system)
    _check_code(game.items, item, "item", _("item"))
    limits = game.limits
    if not 1 <= count <= limits.count:
        raise ServiceError("count", _("A count is from 1 to %(max)d.") % {"max": limits.count})
    held = _equipment_held(member, item, squad)
    if held["line"] is not None:  # one line per item: adding more raises the count
        line = Equipment.from_db(
            Equipment.objects.db, ["id", "member_id", "position", "item", "count"],
            (held["line"], member.pk, held["line_position"], item, held["line_count"]),
        )  # fmt: skip
        line.count = min(limits.count, line.count + count)
        line.save(update_fields=["count"])
    else:
        if (held["lines"] or 0) >= limits.equipment:
            raise ServiceError(
                "equipment",
                _("At most %(max)d equipment lines per model (a limit of this service, far "
                  "above any legal model).") % {"max": limits.equipment},
            )  # fmt: skip
        if (held["squad_lines"] or 0) >= limits.squad_equipment:
            raise ServiceError(
                "equipment",
                _("At most %(max)d equipment lines per squad (a limit of this service, far "
                  "above any legal squad).") % {"max": limits.squad_equipment},
            )  # fmt: skip
        last = held["last"]
        line = Equipment.objects.create(
            member=member, item=item, count=count, position=0 if last is None else last + 1
        )
    _changed(squad)
    return line


def _equipment_held(member: Member, item: str, squad: Squad) -> dict[str, Any]:
    """What ``equipment_add`` reads of the model's and the squad's equipment, in one query
    (the squad locked): the model's first line of ``item`` (``line``, its ``line_count`` and
    ``line_position``; None without one), the model's ``lines`` and the position of its
    ``last``, and the squad's ``squad_lines`` (the counts None for none). The squad's lines
    are few (``DocumentLimits.squad_equipment``): read plainly, counted here."""
    rows = Equipment.objects.filter(member__squad=squad.pk).values_list(
        "member_id", "pk", "item", "count", "position"
    )
    own = sorted((position, pk, code, count) for m, pk, code, count, position in rows
                 if m == member.pk)  # fmt: skip
    first = next(((pk, count, position) for position, pk, code, count in own if code == item),
                 (None, None, None))  # fmt: skip
    return {
        "line": first[0], "line_count": first[1], "line_position": first[2],
        "lines": len(own) or None, "last": own[-1][0] if own else None,
        "squad_lines": len(rows) or None,
    }  # fmt: skip


@transaction.atomic
def equipment_remove(*, equipment: Equipment) -> None:
    squad = _lock_to_change(equipment.member.squad, member=equipment.member)
    equipment.delete()
    _changed(squad)


@transaction.atomic
def ability_add(
    *,
    member: Member,
    code: str = "",
    detail: str = "",
    gained: str = Ability.Gained.CHOSEN,
    roll: int | None = None,
) -> Ability:
    """Add an ability; a random one may be given by the roll of a physical die instead."""
    squad = _lock_to_change(member.squad, member=member)
    _check_code(Ability.Gained.values, gained, "gained", _("origin"))
    if squad.in_campaign and gained in CAMPAIGN_GAINED:
        raise ServiceError(
            "gained", _("In a campaign squad, battles record the abilities gained in play.")
        )
    game = get_system(squad.system)
    if roll is not None:
        if gained != Ability.Gained.RANDOM:
            raise ServiceError("roll", _("Only a random ability has a roll."))
        try:
            code = _random_table(game).ability_for_roll(roll)
        except ValueError as error:
            raise ServiceError("roll", str(error)) from None
    abilities = game.abilities
    _check_code(abilities, code, "code", _("ability"))
    detail = detail.strip()
    if abilities[code].needs_detail and not detail:
        raise ServiceError("detail", _("Say which enemy is hated."))
    if not abilities[code].needs_detail:
        detail = ""
    _check_text(detail, "detail")  # stored, it would make the squad's own export unreadable
    if member.abilities.filter(code=code).exists():
        raise ServiceError("code", _("%(name)s already has this ability.") % {"name": member.name})
    limits = game.limits
    if member.abilities.count() >= limits.abilities:
        raise ServiceError(
            "abilities",
            _("At most %(max)d abilities per model (a limit of this service, far above what a "
              "campaign gives a model).") % {"max": limits.abilities},
        )  # fmt: skip
    if Ability.objects.filter(member__squad=squad).count() >= limits.squad_abilities:
        raise ServiceError(
            "abilities",
            _("At most %(max)d abilities per squad (a limit of this service, far above what a "
              "campaign gives a squad).") % {"max": limits.squad_abilities},
        )  # fmt: skip
    last = member.abilities.aggregate(last=Max("position"))["last"]
    ability = Ability.objects.create(
        member=member, code=code, detail=detail[:100], gained=gained, roll=roll,
        position=0 if last is None else last + 1,
    )  # fmt: skip
    _changed(squad)
    return ability


def _random_table(game: GameSystem) -> BuilderChoices:
    """The game's random-ability draw; ``ServiceError`` when the game draws none."""
    if game.builder is None or not game.builder.random_abilities or not game.builder.draw_ability:
        raise ServiceError("gained", _("This game draws no random abilities."))
    return game.builder


@transaction.atomic
def ability_draw(*, member: Member, rng: random.Random, detail: str = "") -> Ability:
    """Draw a random ability with the server's dice; the roll is kept with it."""
    choices = _random_table(get_system(member.squad.system))
    held = frozenset(member.abilities.values_list("code", flat=True))
    code, roll = choices.draw_ability(rng, held)
    if not code:
        raise ServiceError("code", _("%(name)s already has every ability.") % {"name": member.name})
    return ability_add(
        member=member, code=code, detail=detail or TO_BE_NAMED,
        gained=Ability.Gained.RANDOM, roll=roll,
    )  # fmt: skip


@transaction.atomic
def ability_remove(*, ability: Ability) -> None:
    squad = _lock_to_change(ability.member.squad, member=ability.member)
    if squad.in_campaign and ability.gained in CAMPAIGN_GAINED:
        raise ServiceError(
            "ability", _("This ability was gained in the campaign: the squad keeps it.")
        )
    ability.delete()
    _changed(squad)
