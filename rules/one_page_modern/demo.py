"""The example force of ``one-page-modern.md`` section 8, "Task Force Kestrel", as rules
values: a rifle section led by a veteran sergeant, a heavy tank and a cannon pillbox. It is
valid (no violation) and shows each unit kind, a leader, a group of identical models, a
mounted weapon with a count and a unit's notes."""

from __future__ import annotations

from rules.one_page_modern.data import CODE
from rules.types import Equipment, Member, Roster, Unit

E = Equipment

EXAMPLE = Roster(
    CODE,
    "Task Force Kestrel",
    "Rapid reaction force (supplement)",
    members=(),
    points_limit=None,
    units=(
        Unit(
            "1st Section", "infantry",
            members=(
                Member("Sgt. Hale", "", (E("assault-rifle"), E("grenades")),
                       record={"leader": "veteran", "armour": "medium"}),
                Member("Rifleman", "", (E("assault-rifle"),),
                       record={"count": 5, "armour": "medium"}),
                Member("Gunner", "", (E("light-machine-gun"),), record={"armour": "medium"}),
            ),
            record={"training": "seasoned"},
        ),
        Unit(
            "Leopard", "vehicle",
            equipment=(E("light-cannon"), E("heavy-machine-gun", 2)),
            record={"training": "seasoned", "armour_class": "heavy", "tank": True},
        ),
        Unit(
            "Pillbox", "bunker",
            equipment=(E("heavy-cannon"),),
            record={"training": "green", "notes": "Dug in on the ridge."},
        ),
    ),
)  # fmt: skip


def demo_rosters() -> list[Roster]:
    """The demo account's forces (``GameSystem.demo``)."""
    return [EXAMPLE]
