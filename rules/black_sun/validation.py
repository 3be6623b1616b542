"""Every roster rule of Black Sun: squad size, points, type counts, EP, equipment, abilities.

Encodes ``docs/games/black-sun.md`` sections 1-7 and its readings. ``validate`` reports
every rule broken as a ``Violation`` with a stable code; it never raises on a roster whose
codes are known (the document parser guarantees that). Dead models are left out of every
count; recovering and captured models still count. A dead model's name stays taken.

Violation codes, in the order they are checked:

============================  =====================================================
squad-size                    6 to 15 models
type-count                    exactly one Boss; at most 3 Tops, 2 Veterans, 3 Recruits,
                              1 Doc, 1 Specialist
duplicate-name                member names are unique (dead models included)
ep-over                       a model spends more EP than its type allows
recruit-armour                no armour on a Recruit
faction-item                  an item another faction's squads only may take
type-item                     an item only some model types may take
ag-missing                    each machine gun and flamethrower needs its own assistant
ag-target-missing             "assists" names a model that is not in the squad
ag-target-no-weapon           "assists" names a model with no weapon that needs one
ag-self                       a model cannot assist itself
ag-carries-heavy              an assistant gunner carries no machine gun or flamethrower
ability-allowance             more starting abilities than the type allows
chosen-disadvantage           a chosen starting ability must be an advantage
duplicate-ability             a model holds an ability at most once
rp-base-character             only key characters carry reputation points
faction-share-min             e.g. at least 50 % bolt-action rifles (Adaro, Viet Cong)
faction-share-max             e.g. at most 10 % SMGs (Viet Cong)
points-limit                  the squad's points are within its limit
============================  =====================================================
"""

from __future__ import annotations

from rules.black_sun.costs import grenade_ep
from rules.black_sun.data import (
    ABILITIES,
    DISADVANTAGE,
    FACTIONS,
    GRENADES,
    ITEMS,
    MODEL_TYPES,
    PARTNERED_ITEMS,
    SQUAD_MAX_MODELS,
    SQUAD_MIN_MODELS,
)
from rules.i18n import gettext_noop as _
from rules.registry import Composition, Share
from rules.types import Roster, Violation

_TYPE_ORDER = tuple(MODEL_TYPES)
# Plain lookups for the hot loop (validation runs on every edit in the roster builder).
_EP = {code: item.ep for code, item in ITEMS.items()}
_RESTRICTED = frozenset(
    code
    for code, item in ITEMS.items()
    if item.armour is not None or item.factions is not None or item.types is not None
)


def _check_item(roster: Roster, faction, m, model_type, item, add) -> None:
    name = m.name
    if item.armour is not None and not model_type.may_wear_armour:
        add(Violation(
            "recruit-armour",
            _("%(member)s is a %(type)s and cannot wear %(item)s."),
            {"member": name, "type": model_type.label, "item": item.label},
            name,
        ))  # fmt: skip
    if item.factions is not None and roster.faction not in item.factions:
        add(Violation(
            "faction-item",
            _("%(member)s carries %(item)s, which %(faction)s squads cannot take."),
            {"member": name, "item": item.label, "faction": faction.label},
            name,
        ))  # fmt: skip
    if item.types is not None and m.type not in item.types:
        add(Violation(
            "type-item",
            _("%(member)s carries %(item)s, which a %(type)s cannot take."),
            {"member": name, "item": item.label, "type": model_type.label},
            name,
        ))  # fmt: skip


def validate(roster: Roster) -> list[Violation]:
    faction = FACTIONS[roster.faction]
    free_grenades = faction.free_grenades
    out: list[Violation] = []
    add = out.append

    living = [m for m in roster.members if m.status != "dead"]
    size = len(living)
    points = 0
    type_counts = dict.fromkeys(_TYPE_ORDER, 0)
    names: dict[str, int] = {}
    heavy_by_name: dict[str, int] = {}
    assisted: dict[str, int] = {}
    assistants = []

    for m in living:
        name = m.name
        model_type = MODEL_TYPES[m.type]
        points += model_type.cost
        type_counts[m.type] += 1
        names[name] = names.get(name, 0) + 1

        ep = grenades = heavy = 0
        for line in m.equipment:
            code = line.item
            if code == GRENADES:
                grenades += line.count
                continue
            ep += _EP[code] * line.count
            if code in _RESTRICTED:
                _check_item(roster, faction, m, model_type, ITEMS[code], add)
            if code in PARTNERED_ITEMS:
                heavy += line.count
        if heavy:
            heavy_by_name[name] = heavy_by_name.get(name, 0) + heavy
        if grenades > free_grenades:
            ep += grenade_ep(grenades, free_grenades)
        if ep > model_type.ep:
            add(Violation(
                "ep-over",
                _("%(member)s spends %(spent)d EP; a %(type)s has %(allowed)d."),
                {"member": name, "spent": ep, "type": model_type.label,
                 "allowed": model_type.ep},
                name,
            ))  # fmt: skip

        if m.record.get("assists") is not None:
            assistants.append((m, heavy))

        if m.abilities:
            _check_abilities(m, model_type, add)

        if m.record.get("rp", 0) and not model_type.key_character:
            add(Violation(
                "rp-base-character",
                _("%(member)s is a %(type)s: only key characters carry reputation points."),
                {"member": name, "type": model_type.label},
                name,
            ))  # fmt: skip

    if not SQUAD_MIN_MODELS <= size <= SQUAD_MAX_MODELS:
        add(Violation(
            "squad-size",
            _("A squad has %(min)d to %(max)d models; this one has %(count)d."),
            {"min": SQUAD_MIN_MODELS, "max": SQUAD_MAX_MODELS, "count": size},
        ))  # fmt: skip

    for code, count in type_counts.items():
        model_type = MODEL_TYPES[code]
        if count < model_type.min_count or (
            model_type.max_count is not None and count > model_type.max_count
        ):
            add(_type_count_violation(model_type, count))

    taken = names
    if size != len(roster.members):  # a dead model's name stays taken: it stays in the history
        taken = dict(names)
        for m in roster.members:
            if m.status == "dead":
                taken[m.name] = taken.get(m.name, 0) + 1
    for name, count in taken.items():
        if count > 1:
            add(Violation(
                "duplicate-name",
                _("%(count)d models are named %(member)s; names must be unique."),
                {"count": count, "member": name},
                name,
            ))  # fmt: skip

    _check_assistants(assistants, names, heavy_by_name, assisted, add)
    for name, heavy in heavy_by_name.items():
        missing = heavy - assisted.get(name, 0)
        if missing > 0:
            add(Violation(
                "ag-missing",
                _("%(member)s needs an assistant gunner for each machine gun or "
                  "flamethrower (%(missing)d missing)."),
                {"member": name, "missing": missing},
                name,
            ))  # fmt: skip

    if faction.min_share or faction.max_share:
        _check_shares(living, faction, size, add)

    if points > roster.points_limit:
        add(Violation(
            "points-limit",
            _("The squad costs %(points)d points; the limit is %(limit)d."),
            {"points": points, "limit": roster.points_limit},
        ))  # fmt: skip
    return out


def _type_count_violation(model_type, count: int) -> Violation:
    if model_type.min_count == model_type.max_count:
        template = _("A squad has exactly %(min)d %(type)s; this one has %(count)d.")
    else:
        template = _("A squad has at most %(max)d %(type)s; this one has %(count)d.")
    return Violation(
        "type-count",
        template,
        {"min": model_type.min_count, "max": model_type.max_count,
         "type": model_type.label, "count": count},
    )  # fmt: skip


def _check_abilities(m, model_type, add) -> None:
    starting = 0
    seen = set()
    for ability in m.abilities:
        code = ability.code
        definition = ABILITIES[code]
        if code in seen:
            add(Violation(
                "duplicate-ability",
                _("%(member)s holds %(ability)s more than once."),
                {"member": m.name, "ability": definition.label},
                m.name,
            ))  # fmt: skip
        seen.add(code)
        if ability.source == "starting":
            starting += 1
            if model_type.chosen and definition.kind == DISADVANTAGE:
                add(Violation(
                    "chosen-disadvantage",
                    _("%(member)s chooses %(ability)s: a %(type)s's starting abilities "
                      "are chosen from the advantages."),
                    {"member": m.name, "ability": definition.label, "type": model_type.label},
                    m.name,
                ))  # fmt: skip
    if starting > model_type.starting_abilities:
        add(Violation(
            "ability-allowance",
            _("%(member)s starts with %(count)d abilities; a %(type)s starts with "
              "%(allowed)d."),
            {"member": m.name, "count": starting, "type": model_type.label,
             "allowed": model_type.starting_abilities},
            m.name,
        ))  # fmt: skip


def _check_assistants(assistants, names, heavy_by_name, assisted, add) -> None:
    """Each assistant gunner serves one weapon of another model in the squad."""
    for m, heavy in assistants:
        name, target = m.name, m.record["assists"]
        params = {"member": name, "target": target}
        if heavy:
            add(Violation(
                "ag-carries-heavy",
                _("%(member)s is an assistant gunner and cannot carry a machine gun "
                  "or flamethrower."),
                params,
                name,
            ))  # fmt: skip
        if target == name:
            add(
                Violation(
                    "ag-self", _("%(member)s cannot be its own assistant gunner."), params, name
                )
            )
        elif target in heavy_by_name:
            assisted[target] = assisted.get(target, 0) + 1
        elif target in names:
            add(Violation(
                "ag-target-no-weapon",
                _("%(member)s assists %(target)s, who carries no machine gun or flamethrower."),
                params,
                name,
            ))  # fmt: skip
        else:
            add(Violation(
                "ag-target-missing",
                _("%(member)s assists %(target)s, who is not in the squad."),
                params,
                name,
            ))  # fmt: skip


def _check_shares(living, faction, size: int, add) -> None:
    for item_code, numerator, denominator in faction.min_share:
        carriers = _carriers(living, item_code)
        if carriers * denominator < size * numerator:
            add(_share_violation("faction-share-min", item_code, carriers, size,
                                 numerator, denominator, faction))  # fmt: skip
    for item_code, numerator, denominator in faction.max_share:
        carriers = _carriers(living, item_code)
        if carriers * denominator > size * numerator:
            add(_share_violation("faction-share-max", item_code, carriers, size,
                                 numerator, denominator, faction))  # fmt: skip


def _carriers(living, item_code: str) -> int:
    return sum(1 for m in living if any(line.item == item_code for line in m.equipment))


def _share_violation(code, item_code, carriers, size, numerator, denominator, faction):
    if code == "faction-share-min":
        template = _("%(faction)s squads arm at least %(percent)d%% of their models with "
                     "%(item)s: %(carriers)d of %(count)d do.")  # fmt: skip
    else:
        template = _("%(faction)s squads arm at most %(percent)d%% of their models with "
                     "%(item)s: %(carriers)d of %(count)d do.")  # fmt: skip
    return Violation(
        code,
        template,
        {"faction": faction.label, "percent": 100 * numerator // denominator,
         "item": ITEMS[item_code].label, "carriers": carriers, "count": size},
    )  # fmt: skip


def faction_shares(faction: str) -> tuple[Share, ...]:
    """The faction's share rules (``faction-share-min`` and ``-max``), for the catalogue."""
    row = FACTIONS[faction]
    return tuple(Share(item, "least", n, d) for item, n, d in row.min_share) + tuple(
        Share(item, "most", n, d) for item, n, d in row.max_share
    )


# What a legal squad is made of, for a client that builds one (the type counts are the
# builder's ``type_range``): squad-size and the faction shares.
COMPOSITION = Composition(size=(SQUAD_MIN_MODELS, SQUAD_MAX_MODELS), shares=faction_shares)
