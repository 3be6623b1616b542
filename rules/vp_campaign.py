"""What the campaigns of a victory-point table and an optional points table share.

Every game whose text has no campaign (its campaign section in ``docs/games/<game>.md``,
with its optional points table, is the product's reading) keeps the same two house-rule
tables: a ``victory_points`` table (VP by outcome, and one more key: the VP per casualty
the game counts) and a ``points`` table, ``None`` by default (squads are not costed, as none
of those texts prints costs). A game whose campaign has tables of its own (survival,
reputation) does not use this module. Each game's ``campaign`` module gives its own
numbers, codes and words; these functions read and apply the tables the same way for each.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import field, make_dataclass
from typing import Any

from rules import house_rules as tables
from rules.campaign import vp_change, vp_words
from rules.i18n import gettext_noop as _
from rules.types import BattleReport, Change, Roster, Side, Unit, Violation

HOUSE_RULE_KEYS = ("victory_points", "points")

# Words for the codes every such campaign's report and standings use.
OUTCOME_LABELS = {"win": _("win"), "draw": _("draw"), "loss": _("loss")}
LABELS = {
    "house:victory_points": _("Victory points"),
    "house:points": _("Points table"),
    "column:outcome": _("Result"),  # a report's win, draw or loss
    **{f"outcome:{k}": v for k, v in OUTCOME_LABELS.items()},
}
# Said on the campaign page and its printed report of a game whose text has no campaign.
NO_CAMPAIGN_NOTE = _(
    "The rulebook has no campaign rules: the victory points and standings are the "
    "product's default, which the organiser may change as house rules."
)
# The words of a game whose text has no campaign: the shared ones and that note.
NO_CAMPAIGN_LABELS = {**LABELS, "campaign:note": NO_CAMPAIGN_NOTE}


def history(vp: str, kinds: Mapping[str, tuple[str, Callable[..., Any]]]) -> dict[str, Any]:
    """A game's ``HISTORY`` (``CampaignRules.history``): its wording of the battle's ``vp``
    change (the params of ``rules.campaign.vp_change``), and of its own ``kinds``."""
    return {"vp": (vp, vp_words), **kinds}


Resolve = Callable[[Roster, Side, Any, BattleReport, Any], Any]


def side_resolver(defaults: Callable[[], Any], resolve: Resolve) -> Callable[..., Any]:
    """A game's ``resolve_side`` (``CampaignRules``): ``resolve(roster, side, rng, report,
    table)`` with the campaign's VP table (its ``HouseRules``' ``vp``; the game's defaults,
    ``defaults()``, when the campaign gives none)."""

    def resolve_side(
        roster: Roster, side: Side, rng: Any, house_rules: Any, report: BattleReport
    ) -> Any:
        return resolve(roster, side, rng, report, (house_rules or defaults()).vp)

    return resolve_side


def house_rules_type(default_vp: Any, *, module: str) -> type:
    """A game's ``HouseRules``: a frozen dataclass of its ``vp`` table (``default_vp`` when
    left out) and its ``points`` table (``None``, the default: forces are not costed), named
    as a class of the game's campaign ``module``."""
    cls = make_dataclass(
        "HouseRules",
        [("vp", Any, field(default=default_vp)), ("points", Any, field(default=None))],
        frozen=True,
        slots=True,
    )
    cls.__module__ = module
    return cls


def house_rule_functions(
    house_rules: Callable[..., Any],
    default_vp: Mapping[str, int],
    per_casualty: str,
    *,
    points: Callable[[Any], Any],
    cost: Callable[[Roster, Any], int | None],
    violation: Callable[[int, int | None], Violation | None],
) -> tuple[Callable[[], dict[str, Any]], Callable[[Any], Any], Callable[..., list[Violation]]]:
    """A game's ``default_house_rules``, ``parse_house_rules`` and ``check_roster``
    (``CampaignRules``) from its numbers: its ``house_rules`` (``house_rules_type``: the
    VP table's type is its default's), its default VP table (``default_vp``: the VP of each
    outcome, then of the ``per_casualty`` key), how it reads its ``points`` table when one
    is given, costs a squad (``cost``) and says it is over its limit (``violation``)."""
    vp_table = type(house_rules().vp)
    outcomes = [key for key in default_vp if key != per_casualty]

    def default_house_rules() -> dict[str, Any]:
        """The house rules a new campaign starts with: the VP table, no points table."""
        return {"victory_points": dict(default_vp), "points": None}

    def parse_house_rules(data: Any) -> Any:
        """A campaign's tables; ``None`` or ``{}`` gives the defaults. Raises
        ``rules.house_rules.HouseRuleError``."""
        data = tables.tables(data, HOUSE_RULE_KEYS)
        vp = house_rules().vp
        if "victory_points" in data:
            values = tables.numbers(data["victory_points"], "victory_points", default_vp)
            vp = vp_table({k: values[k] for k in outcomes}, values[per_casualty])
        table = data.get("points")
        return house_rules(vp=vp, points=None if table is None else points(table))

    def check_roster(roster: Roster, rules: Any) -> list[Violation]:
        """What the campaign's house rules add to ``validate``: the game's over-the-limit
        violation when its points table costs the squad over its limit."""
        return tables.points_check(cost(roster, rules), roster.points_limit, violation)

    return default_house_rules, parse_house_rules, check_roster


def unit_points(roster: Roster, table: Any, cost: Callable[[Unit, Any], int]) -> int | None:
    """A force's points under a campaign's table, the sum of each unit's ``cost``, or
    ``None`` when the campaign costs nothing (no table)."""
    if table is None:
        return None
    total = 0
    for unit in roster.units:  # a loop, not sum() of a generator: costed on every edit
        total += cost(unit, table)
    return total


def unit_costing(cost: Callable[[Unit, Any], int]) -> Callable[[Roster, Any], int | None]:
    """A unit game's ``campaign_points`` (``CampaignRules.points``): the force's points under
    the campaign's table, each unit's ``cost``, or None when the campaign costs nothing
    (the default)."""

    def campaign_points(roster: Roster, house_rules: Any) -> int | None:
        return unit_points(roster, house_rules.points, cost)

    return campaign_points


# The change of a unit destroyed, which a unit game's timeline and book show beside the
# changes of status (``CampaignRules.timeline_kinds``).
UNIT_DESTROYED = "unit-destroyed"
UNIT_TIMELINE_KINDS = (UNIT_DESTROYED,)


def unit_history(vp: str, kinds: Mapping[str, str], *keys: str) -> dict[str, Any]:
    """A unit game's ``HISTORY`` (``history``): its wording of the battle's ``vp`` change,
    of its own ``kinds`` of change of a unit, and of a unit destroyed, each with the unit's
    name and ``keys`` (``unit_words``)."""
    values = unit_words(*keys)
    words = {**kinds, UNIT_DESTROYED: _("%(unit)s: destroyed")}
    return history(vp, {kind: (text, values) for kind, text in words.items()})


def unit_words(*keys: str) -> Callable[..., dict[str, Any]]:
    """The values of a unit game's history words for one unit (``CampaignRules.history``):
    its name and ``keys`` (0 when left out)."""

    def values(params: dict[str, Any], before: Any, after: Any, word) -> dict[str, Any]:
        return {"unit": params.get("unit", ""), **{key: params.get(key, 0) for key in keys}}

    return values


def unit_changes(
    roster: Roster,
    side: Side | None,
    result: Any,
    unit_change: Callable[[Unit, Any], Change | None],
    **tail: Any,
) -> tuple[Change, ...]:
    """A unit game's ``changes`` (``CampaignRules``): the battle's VP (``vp_change``, with
    ``tail``: what the game counts), then unit by unit in the force's order what
    ``unit_change(unit, end)`` says of each unit ``result.units`` gives an end (None:
    nothing to keep)."""
    out = [vp_change(side, result.score, **tail)]
    ends = {u.unit: u for u in result.units}
    for unit in roster.units:
        end = ends.get(unit.name)
        change = None if end is None else unit_change(unit, end)
        if change is not None:
            out.append(change)
    return tuple(out)


def result_tallies(**columns: str) -> Callable[[Side, Any], dict[str, int]]:
    """A game's ``tallies`` (``CampaignRules``): what one battle adds to each of the
    standings' own ``columns``, the side's result's attribute each names."""

    def tallies(side: Side, result: Any) -> dict[str, int]:
        return {column: getattr(result, attribute) for column, attribute in columns.items()}

    return tallies


def result_columns(
    casualties: str, **columns: str
) -> tuple[Callable[[Side, Any], dict[str, int]], Callable[[Side, Any], int]]:
    """A game's ``tallies`` and ``casualties`` (``result_tallies``, ``result_count``): what
    one battle adds to the standings' own ``columns`` and to their casualties column."""
    return result_tallies(**columns), result_count(casualties)


def result_count(attribute: str) -> Callable[[Side, Any], int]:
    """A game's ``casualties`` (``CampaignRules``): what one battle adds to the standings'
    casualties column, the side's result's ``attribute``."""

    def casualties(side: Side, result: Any) -> int:
        return getattr(result, attribute)

    return casualties
