"""The example force of ``bolt-action.md`` section 3, "Kampfgruppe Becker", as rules values.

A German force of five units (five order dice): a regular squad of 9 (a named NCO, an MG 42
gunner, two grenadiers with a Panzerfaust each, five riflemen), a veteran MG team, a
regular Pak 40 dug in at the crossroads, a Panzer IV and a veteran squad of five named
scouts. It is valid (no violation) and shows each way of listing models: a leader, named
models, groups with a ``count``, labels, a vehicle's own weapons with a count, notes.

Records are sparse, as the document parser gives them: the Panzer IV's ``drive``,
``tracked``, is its kind's default and so is left out.
"""

from __future__ import annotations

from rules.bolt_action.data import CODE
from rules.types import Equipment, Member, Roster, Unit

E = Equipment

EXAMPLE = Roster(
    CODE,
    "Kampfgruppe Becker",
    "Germany",
    members=(),
    points_limit=None,
    units=(
        Unit(
            "1st Squad", "infantry-squad",
            members=(
                Member("Uffz. Becker", "", (E("smg"),), record={"leader": True}),
                Member("MG gunner", "", (E("lmg", label="MG 42"),)),
                Member("Grenadier", "", (E("rifle"), E("one-shot-anti-tank", label="Panzerfaust")),
                       record={"count": 2}),
                Member("Rifleman", "", (E("rifle"),), record={"count": 5}),
            ),
            record={"quality": "regular"},
        ),
        Unit(
            "MG Team", "infantry-team",
            members=(
                Member("Gunner", "", (E("mmg", label="MG 42 on tripod"),)),
                Member("Crewman", "", record={"count": 2}),
            ),
            record={"quality": "veteran"},
        ),
        Unit(
            "Pak 40", "artillery",
            members=(
                Member("Gun layer", "", (E("anti-tank-gun", label="7.5 cm Pak 40"),)),
                Member("Crewman", "", record={"count": 2}),
            ),
            record={"quality": "regular", "notes": "Dug in at the crossroads."},
        ),
        Unit(
            "Panzer IV", "medium-tank",
            equipment=(E("anti-tank-gun", label="7.5 cm KwK 40"), E("mmg", 2)),
            record={"quality": "regular"},
        ),
        Unit(
            "Scouts", "infantry-squad",
            members=(
                Member("Gefr. Ahrens", "", (E("smg"),), record={"leader": True}),
                Member("Brandt", "", (E("rifle"),)),
                Member("Claussen", "", (E("rifle"),)),
                Member("Dietz", "", (E("rifle"),)),
                Member("Ebert", "", (E("rifle"),)),
            ),
            record={"quality": "veteran"},
        ),
    ),
)  # fmt: skip


def demo_rosters() -> list[Roster]:
    """The demo account's forces (``GameSystem.demo``)."""
    return [EXAMPLE]
