"""What a one-page modern force and battle report carry beside the common envelope: the
unit kinds and their keys, a member's record, a casualty's keys (``one-page-modern.md``
sections 5 and 8). The generic reader (``rules.documents``) reads them from these
declarations, so a key that does not belong to a unit's kind is refused where it stands.
"""

from __future__ import annotations

from typing import Any

from rules.i18n import gettext_noop as _
from rules.one_page_modern import battle
from rules.one_page_modern.data import (
    ARMOUR,
    DEFAULT_ARMOUR,
    DEFAULT_COUNT,
    DEFAULT_KIND,
    DEFAULT_TANK,
    KINDS,
    TRAINING,
    VEHICLE_ARMOUR,
)
from rules.registry import RecordField, UnitKind, UnitRules
from rules.types import BattleReport

MAX_GROUP = 99  # the count of one member entry: a limit of this service, not of the game

# The keys each kind of unit may carry (section 8): every unit its training, optional notes;
# a vehicle its armour class (required) and whether it is a tank.
_KEYS = {
    "infantry": (("training", "notes"), ("training",)),
    "vehicle": (("training", "armour_class", "tank", "notes"), ("training", "armour_class")),
    "bunker": (("training", "notes"), ("training",)),
}

# The derived figures' keys (section 3.1) in words, as the builder shows them.
FIGURE_LABELS = {
    "figure:models": _("models"),
    "figure:base_activation": _("base activation"),
    "figure:leader": _("leader"),
    "figure:activation": _("activation"),
    "figure:skill": _("skill"),
    "figure:skill_vs_cover": _("skill against cover"),
    "figure:light": _("light"),
    "figure:medium": _("medium"),
    "figure:hard": _("hard"),
    "figure:max_pinned": _("most pinned"),
    "figure:armour_save": _("armour save"),
    "figure:armoured": _("armoured"),
    "figure:crosses_medium_cover": _("crosses medium cover"),
    "figure:fire_points": _("fire points"),
    "figure:fire_points_moving": _("fire points moving"),
}

UNITS = UnitRules(
    kinds={
        code: UnitKind(code, kind.label, kind.has_members, *_KEYS[code])
        for code, kind in KINDS.items()
    },
    record=(
        RecordField("training", _("Training"), "code", choices=tuple(TRAINING), priced="level"),
        RecordField(
            "armour_class",
            _("Armour class"),
            "code",
            choices=tuple(VEHICLE_ARMOUR),
            priced="armour",
        ),
        RecordField("tank", _("Tank"), "flag", default=DEFAULT_TANK),
        RecordField("notes", _("Notes"), "text", default=""),
    ),
    default_kind=DEFAULT_KIND,
    labels={
        **{f"training:{code}": row.label for code, row in TRAINING.items()},
        **{f"leader:{code}": row.label for code, row in TRAINING.items()},
        **{f"armour_class:{code}": row.label for code, row in VEHICLE_ARMOUR.items()},
        **{f"armour:{code}": row.label for code, row in ARMOUR.items()},
        **FIGURE_LABELS,
    },
    # d6 scores, "that or better" (section 3): the builder shows them "3+"
    scores=frozenset({"base_activation", "activation", "skill", "skill_vs_cover", "armour_save"}),
)

MEMBER_RECORD = (
    RecordField("count", _("Models"), "count", default=DEFAULT_COUNT, minimum=1,
                maximum=MAX_GROUP),
    RecordField("leader", _("Leader"), "code", default=None, choices=tuple(TRAINING),
                help=_("A leader's own training level: a better one sets the unit's activation."),
                priced="level"),
    RecordField("armour", _("Armour"), "code", default=DEFAULT_ARMOUR, choices=tuple(ARMOUR)),
)  # fmt: skip

CASUALTY_FIELDS = (
    RecordField("lost", _("Models lost"), "count", minimum=0, maximum=MAX_GROUP, required=True),
)


def check_report(report: BattleReport) -> list[tuple[str, str, dict[str, Any]]]:
    """The report's own rules (section 5): outcomes that fit together, and each inline
    roster's casualties (a unit it has, once, losing no more models than it has)."""
    problems: list[tuple[str, str, dict[str, Any]]] = []
    if not battle.outcomes_fit([side.outcome for side in report.sides]):
        problems.append(("sides", battle.OUTCOMES_MISFIT, {}))
    for i, side in enumerate(report.sides):
        if side.roster is None:
            continue  # a campaign's squad: the campaign checks it against the stored force
        casualties = [(c.member, c.details.get("lost", 0)) for c in side.casualties]
        problems += battle.check_casualties(side.roster, casualties, f"sides[{i}].casualties")
    return problems
