"""The games played with units: validate + cost + derive a 10-unit force of each (target:
30 us together), and print its force sheet, unit cards and quick-reference card beside
Black Sun's (``bench/bench_print.py``).

The rules run on every edit of the force builder and for ``validate_roster --json``. Each
force is the spec's example grown to ten units: for the one-page modern set, Task Force
Kestrel's section, tank and pillbox, three times over, and a sniper team; for Bolt Action,
Kampfgruppe Becker twice; each again with the game's example club pack (``docs/packs/``)
costing it. Standalone (``python bench/bench_units.py``), or through
``bench/run.py``: ``run()`` gives (name, value, unit) rows.
"""

from __future__ import annotations

import dataclasses
import os
import platform
import sys
import time
from pathlib import Path

if __name__ == "__main__":  # run as a script: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import django  # noqa: E402  (the sheets are printed through the app's print engine)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from bench.timing import median_seconds  # noqa: E402
from rules import get_system  # noqa: E402
from rules.bolt_action.demo import EXAMPLE as BECKER  # noqa: E402
from rules.one_page_modern.demo import EXAMPLE as KESTREL  # noqa: E402
from rules.packs import load_pack  # noqa: E402
from rules.types import Equipment, Member, Roster, Unit  # noqa: E402

RENDERS = 3
PACKS = Path(__file__).resolve().parent.parent / "docs" / "packs"  # a club's numbers (#30)


def ten_units(roster: Roster, extra: tuple[Unit, ...] = ()) -> Roster:
    """The example's units repeated (renamed) until there are ten."""
    units: list[Unit] = []
    round_ = 0
    while len(units) < 10 - len(extra):
        round_ += 1
        for unit in roster.units:
            if len(units) < 10 - len(extra):
                units.append(dataclasses.replace(unit, name=f"{unit.name} {round_}"))
    return dataclasses.replace(roster, units=(*units, *extra))


def opm_force() -> Roster:
    snipers = Unit(
        "Sniper team", "infantry",
        members=(Member("Sniper", "", (Equipment("sniper-rifle"),), record={"armour": "light"}),
                 Member("Spotter", "", (Equipment("smg"),), record={"armour": "light"})),
        record={"training": "elite"},
    )  # fmt: skip
    return ten_units(KESTREL, (snipers,))


def ba_force() -> Roster:
    return ten_units(BECKER)


def rules_rows() -> list[tuple[str, float, str]]:
    us = 1e6
    rows = []
    for label, roster in (("one-page modern", opm_force()), ("bolt action", ba_force())):
        game = get_system(roster.system)
        assert len(roster.units) == 10 and game.validate(roster) == [], game.validate(roster)
        rows += [
            (f"{label}: validate a 10-unit force", median_seconds(
                lambda g=game, r=roster: g.validate(r)) * us, "us"),
            (f"{label}: derive a 10-unit force", median_seconds(
                lambda g=game, r=roster: g.derived(r)) * us, "us"),
            (f"{label}: validate + cost + derive, 10 units (target 30)", median_seconds(
                lambda g=game, r=roster: (g.validate(r), g.points(r), g.derived(r))) * us, "us"),
        ]  # fmt: skip
        pack = load_pack((PACKS / f"{game.code}.json").read_bytes())
        assert type(game.points(roster, pack)) is int
        with_pack = lambda g=game, r=roster, p=pack: (g.assess(r, p), g.derived(r))  # noqa: E731
        rows += [
            (f"{label}: validate + cost + derive, 10 units, with a pack (target 30)",
             median_seconds(with_pack) * us, "us"),
            # the same in CPU time: what it costs on a machine other processes load
            (f"{label}: the same, CPU time (target 30)",
             median_seconds(with_pack, timer=time.process_time) * us, "us"),
        ]  # fmt: skip
    return rows


def print_rows() -> list[tuple[str, float, str]]:
    from django.core.cache import cache

    from printing import pdf

    def timed(fn) -> float:
        fn()  # warm up
        return median_seconds(fn, repeat=RENDERS, number=1)

    ms = 1e3
    rows = []
    for label, roster in (("one-page modern", opm_force()), ("bolt action", ba_force())):
        code = roster.system
        sheet = timed(lambda r=roster: pdf.squad_sheet_pdf(r, owner="Hale", version=1))
        cards = timed(lambda r=roster: pdf.squad_sheet_pdf(r, owner="Hale", version=1, cards=True))
        reference = timed(lambda c=code: pdf.render_pdf(
            pdf.reference_cards()[c], pdf.reference_card_context(c)))  # fmt: skip
        rows += [
            (f"{label}: force sheet, 10 units", sheet * ms, "ms"),
            (f"{label}: unit cards, 10 units", cards * ms, "ms"),
            (f"{label}: quick-reference card", reference * ms, "ms"),
        ]
    cache.clear()
    return rows


def worst_force(code: str) -> Roster:
    """The largest force the document limits allow (``DocumentLimits``: units, member entries
    of the force, equipment lines), every name and note at its longest: the worst sheet a
    user can ask for (target: 2 s, as for Black Sun's in ``bench_print_limits``)."""
    from rules.documents import MAX_NAME, MAX_TEXT, parse_roster, roster_to_document

    game = get_system(code)
    limits = game.limits
    example = KESTREL if code == KESTREL.system else BECKER
    infantry = next(u for u in example.units if u.members)
    items = list(game.items)
    per_unit = limits.force_members // limits.units
    lines_left = limits.squad_equipment
    units = []
    for i in range(limits.units):
        members = []
        for j in range(per_unit):
            take = min(limits.equipment, lines_left, 4)
            lines_left -= take
            gear = tuple(Equipment(items[(i + j + k) % len(items)], 99) for k in range(take))
            name = f"{j:02d} " + "M" * (MAX_NAME - 3)
            members.append(dataclasses.replace(infantry.members[-1], name=name, equipment=gear))
        record = {**infantry.record, "notes": "N" * MAX_TEXT}
        units.append(dataclasses.replace(
            infantry, name=f"{i:02d} " + "U" * (MAX_NAME - 3), members=tuple(members),
            record=record,
        ))  # fmt: skip
    roster = dataclasses.replace(example, units=tuple(units))
    return parse_roster(roster_to_document(roster))  # as the document reader takes it


def worst_rows() -> list[tuple[str, float, str]]:
    from printing import pdf

    pdf.squad_sheet_pdf(KESTREL, owner="x", version=1)  # starts (and warms) the print server
    rows = []
    for code in (KESTREL.system, BECKER.system):
        roster = worst_force(code)
        worst_sheet = max(
            median_seconds(lambda r=roster: pdf.squad_sheet_pdf(r, owner="x", version=1),
                           repeat=1, number=1)
            for _ in range(RENDERS)
        )  # fmt: skip
        worst_cards = max(
            median_seconds(lambda r=roster: pdf.squad_sheet_pdf(
                r, owner="x", version=1, cards=True), repeat=1, number=1)
            for _ in range(RENDERS)
        )  # fmt: skip
        rows += [
            (f"{code}: largest force the limits allow, sheet (target <= 2 s)", worst_sheet, "s"),
            (f"{code}: largest force the limits allow, cards", worst_cards, "s"),
        ]
    return rows


def run() -> list[tuple[str, float, str]]:
    return rules_rows() + print_rows() + worst_rows()


def main() -> None:
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), "
          f"{os.cpu_count()} cores")  # fmt: skip
    for label, value, unit in run():
        print(f"{label:<62} {value:>10.2f} {unit}")


if __name__ == "__main__":
    main()
