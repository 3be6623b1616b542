"""Squad pages: list, builder (htmx partials, or full-page posts without JavaScript),
import, export and the public read-only link. Views parse input, call one service and render;
the rules live in ``rules/`` and the writes in ``services``.
"""

from rosters.views.edits import ADDED_KEY, record_values
from rosters.views.members import (
    ability_add,
    ability_draw,
    ability_remove,
    equipment_add,
    equipment_remove,
    member_add,
    member_duplicate,
    member_move,
    member_remove,
    member_update,
)
from rosters.views.squads import (
    CHOSEN_KEPT,
    builder,
    squad_create,
    squad_delete,
    squad_duplicate,
    squad_edit,
    squad_export,
    squad_import,
    squad_list,
    squad_public,
    squad_shared,
    squad_text,
    squad_undo,
)

__all__ = [
    "ADDED_KEY",
    "CHOSEN_KEPT",
    "ability_add",
    "ability_draw",
    "ability_remove",
    "builder",
    "equipment_add",
    "equipment_remove",
    "member_add",
    "member_duplicate",
    "member_move",
    "member_remove",
    "member_update",
    "record_values",
    "squad_create",
    "squad_delete",
    "squad_duplicate",
    "squad_edit",
    "squad_export",
    "squad_import",
    "squad_list",
    "squad_public",
    "squad_shared",
    "squad_text",
    "squad_undo",
]
