"""The builder of a squad, by what its game's roster lists (``GameSystem.lists``): one card
per model (``"members"``) or per unit (``"units"``).

The views ask ``shape_of`` once and follow the answer, so no view asks which kind of game it
serves: the page and the read-only page it renders, the context that fills them, and who may
edit the squad with it. What stays apart is what the two storages make different
(docs/architecture.md, "Models and units").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from rosters.builder.page import builder_context
from rosters.builder.refusals import Refused
from rosters.builder.units import editable_forces, unit_builder_context
from rosters.models import Squad
from rules import get_system


def _models_context(
    squad: Squad | int, *, member: int | None = None, **options: Any
) -> dict[str, Any]:
    """``builder_context``, the card of model ``member`` the one changed or refused."""
    return builder_context(squad, error_for=member, **options)


def _units_context(
    squad: Squad | int, *, owner=None, refused: Refused | None = None, **_card: Any
) -> dict[str, Any]:
    """A unit's card is always whole: no card is opened, added to or refused on its own
    (``_card``: a model's card's arguments, which it has none of)."""
    return unit_builder_context(squad, owner=owner, refused=refused)


def _owned(user) -> QuerySet[Squad]:
    return Squad.objects.filter(owner=user)


@dataclass(frozen=True)
class Shape:
    """How the builder shows and edits a squad of one kind of game."""

    page: str  # the builder's template (its ``#roster`` partial is what htmx swaps)
    shared: str  # the read-only page behind the public link
    # The builder's context: ``(squad row or id, *, owner, refused, member, added,
    # added_item, open)``; with ``owner``, only a squad that user may edit.
    context: Callable[..., dict[str, Any]]
    # The squads a user may edit with this builder: their own, and for a game of units the
    # forces of the campaigns they organise (``editable_forces``).
    editors: Callable[[Any], QuerySet[Squad]]

    def may_edit(self, squad: Squad, user) -> bool:
        """Whether ``user`` may edit ``squad`` here (no query for its owner)."""
        return squad.owner_id == user.pk or self.editors(user).filter(pk=squad.pk).exists()


SHAPES = {
    "members": Shape("rosters/builder.html", "rosters/shared.html", _models_context, _owned),
    "units": Shape(
        "rosters/unit_builder.html", "rosters/shared_units.html", _units_context, editable_forces
    ),
}


def shape_of(system: str | None) -> Shape:
    """The builder of a squad of game ``system``; a game this server no longer knows is
    shown as models (its page then says the squad cannot be read)."""
    try:
        return SHAPES[get_system(system or "").lists]
    except KeyError:
        return SHAPES["members"]
