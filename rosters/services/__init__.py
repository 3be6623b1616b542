"""Every write to stored squads. Views and the API call these; they never write models.

Each service takes keyword-only arguments, runs in one transaction and bumps the squad's
version, so a printed sheet or an htmx view can tell that the squad changed. Codes are
checked against the squad's game system; rules about legality are the rules core's business
(an invalid squad can be saved).

A campaign squad (``Squad.in_campaign``) belongs to its campaign's battles: its player may
recruit, rename, re-equip, reorder and pick starting abilities, and remove a fresh recruit,
but not change the numbers of a model's record, its status or type, the faction or points
limit, remove an ability gained in the campaign, remove a model that has fought, or delete
the squad. The services refuse those changes with a ``ServiceError``, whoever calls them.

The services live by noun in this package (``squads``, ``members``, ``equipment``, ``units``,
``campaigns``; ``base`` holds what they share) and are all read from here:
``from rosters import services; services.member_add(...)``.
"""

from core.errors import ServiceError
from rosters.services.base import (
    CAMPAIGN_GAINED,
    MAX_MEMBER_NOTES,
    MAX_SQUAD_NOTES,
    NOTE_CONTROL,
    _check_notes,
    _lock,
    _lock_member,
    _touch,
    is_fresh_recruit,
    squad_changed_elsewhere,
    squad_lock,
)
from rosters.services.campaigns import (
    abilities_gain,
    abilities_lose,
    campaign_squads_limit,
    members_write,
    squad_campaign_copy,
    squads_lock,
    squads_touch,
)
from rosters.services.equipment import (
    ability_add,
    ability_draw,
    ability_remove,
    equipment_add,
    equipment_remove,
)
from rosters.services.members import (
    member_add,
    member_duplicate,
    member_move,
    member_remove,
    member_update,
    next_name,
    record_checked,
)
from rosters.services.packs import (
    KEEP,
    pack_copy,
    pack_create,
    pack_delete,
    pack_import,
    pack_sent,
    pack_share,
    pack_table_set,
    pack_update,
    pack_version,
    pack_versions,
)
from rosters.services.squads import (
    SquadNotes,
    copy_members,
    notes_of,
    squad_create,
    squad_delete,
    squad_duplicate,
    squad_import,
    squad_replace,
    squad_set_public,
    squad_update,
)
from rosters.services.units import UnitsChange, squad_units_change

__all__ = [
    "KEEP",
    "pack_sent",
    "pack_version",
    "pack_versions",
    "ServiceError",
    "pack_copy",
    "pack_create",
    "pack_delete",
    "pack_import",
    "pack_share",
    "pack_table_set",
    "pack_update",
    "CAMPAIGN_GAINED",
    "MAX_MEMBER_NOTES",
    "MAX_SQUAD_NOTES",
    "NOTE_CONTROL",
    "SquadNotes",
    "UnitsChange",
    "_check_notes",
    "_lock",
    "_lock_member",
    "_touch",
    "abilities_gain",
    "abilities_lose",
    "ability_add",
    "ability_draw",
    "ability_remove",
    "campaign_squads_limit",
    "copy_members",
    "equipment_add",
    "equipment_remove",
    "is_fresh_recruit",
    "member_add",
    "member_duplicate",
    "member_move",
    "member_remove",
    "member_update",
    "members_write",
    "next_name",
    "notes_of",
    "record_checked",
    "squad_campaign_copy",
    "squad_changed_elsewhere",
    "squad_create",
    "squad_delete",
    "squad_duplicate",
    "squad_import",
    "squad_lock",
    "squad_replace",
    "squad_set_public",
    "squad_units_change",
    "squad_update",
    "squads_lock",
    "squads_touch",
]
