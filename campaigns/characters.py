"""What the campaign squad and character pages show of each model beyond its record: its
equipment, its abilities (an injury that lasts is an ability gained by injury) and the
game's own figures for it (a combat value, a fighter's characteristics).

The figures are the ones the game prints on its sheet (``Printing.squad_context``), so the
page and the paper never disagree; the game's part ``campaign/model_facts``
(``GameSystem.part``) shows them, and a game without one gets the shared fallback
(equipment and abilities only).

A squad's equipment and abilities are read in one query (``kit``): the pages stay within
the queries they ran before they showed them (tests/campaigns/test_queries.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext

from rosters.adapters import kit, rows_to_roster
from rosters.models import Ability, Equipment, Member, Squad
from rules.i18n import TO_BE_NAMED
from rules.registry import GameSystem
from rules.types import Roster

INJURY = Ability.Gained.INJURY
CAMPAIGN_GAINED = (Ability.Gained.INJURY, Ability.Gained.ADVANCE, Ability.Gained.EVENT)


@dataclass(frozen=True)
class AbilityShown:
    label: str
    detail: str
    effect: str  # what it does, or "" for a game that does not say
    gained: str  # how: Ability.Gained (an injury, an advance...)
    gained_label: str

    @property
    def injury(self) -> bool:
        return self.gained == INJURY

    @property
    def in_campaign(self) -> bool:
        """Gained after the squad was made (an advance, an event, an injury)."""
        return self.gained in CAMPAIGN_GAINED


@dataclass(frozen=True)
class ModelShown:
    row: Member
    type_label: str
    equipment: list[tuple[str, int]]  # (label, count), in the listed order
    abilities: list[AbilityShown]
    facts: dict[str, Any] = field(default_factory=dict)  # the game's figures; {}: none

    @property
    def injuries(self) -> list[AbilityShown]:
        return [a for a in self.abilities if a.injury]

    @property
    def talents(self) -> list[AbilityShown]:
        """The abilities that are not injuries."""
        return [a for a in self.abilities if not a.injury]


@dataclass(frozen=True)
class Loaded:
    """Models of a squad (all of them, or the one a page is about) with their kit."""

    squad: Squad
    rows: list[Member]
    equipment: dict[int, list[Equipment]]
    abilities: dict[int, list[Ability]]

    def roster(self) -> Roster:
        return rows_to_roster(self.squad, self.rows, self.equipment, self.abilities)


def load(squad: Squad, rows: list[Member]) -> Loaded:
    """``rows`` (models of ``squad``, in order) with their equipment and abilities: 1 query."""
    equipment, abilities = kit(row.pk for row in rows)
    return Loaded(squad, rows, equipment, abilities)


def models_shown(loaded: Loaded, game: GameSystem) -> list[ModelShown]:
    """The loaded models as the pages show them (no query)."""
    return [
        ModelShown(
            row=row,
            type_label=_label(game.model_types, row.type),
            equipment=[(_label(game.items, e.item), e.count) for e in loaded.equipment[row.pk]],
            abilities=[_ability(game, a) for a in loaded.abilities[row.pk]],
            facts=facts,
        )
        for row, facts in zip(loaded.rows, _figures(loaded, game), strict=True)
    ]


def _figures(loaded: Loaded, game: GameSystem) -> list[dict[str, Any]]:
    """Each model's figures as the game prints them on its sheet, or {} for a game that
    prints none. The game works them out from the model and its squad's faction, so a page
    about one model loads that model alone."""
    if game.printing is None or game.units is not None:
        return [{} for _row in loaded.rows]
    roster = loaded.roster()
    costs = game.cost(roster) if game.cost is not None else None
    return game.printing.squad_context(roster, costs, True, gettext)["models"]


def _ability(game: GameSystem, row: Ability) -> AbilityShown:
    definition = game.abilities.get(row.code)
    effect = getattr(definition, "effect", "") if definition is not None else ""
    detail = row.detail  # free text, or a faction's code (a hatred of the Viet Cong, say)
    if game.factions is not None and detail in game.factions:
        detail = _label(game.factions, detail)
    elif detail == TO_BE_NAMED:
        detail = gettext(detail)
    return AbilityShown(
        label=_label(game.abilities, row.code),
        detail=detail,
        effect=gettext(effect) if effect else "",
        gained=row.gained,
        gained_label=row.get_gained_display(),
    )


def _label(table, code: str) -> str:
    entry = table.get(code)
    return gettext(entry.label) if entry is not None else code
