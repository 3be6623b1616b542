"""``manage.py validate_roster FILE [--pack PACK] [--json]``: check a squad-roster/1 file
against the rules, costed by a club's ``game-pack/1`` file when one is given."""

import json
from typing import Any

from django.core.management.base import BaseCommand

from rosters.cli import EXIT_BROKEN_RULES, read_document, read_pack
from rules import get_system
from rules.documents import load_roster


class Command(BaseCommand):
    help = "Print the points of a squad-roster/1 file and every rule it breaks."

    def add_arguments(self, parser):
        parser.add_argument("file", help="a squad-roster/1 JSON file")
        parser.add_argument(
            "--pack", help="a game-pack/1 JSON file: the club's points table costs the roster"
        )
        parser.add_argument("--json", action="store_true", help="print the result as JSON")

    def handle(self, *args, **options):
        roster = read_document(options["file"], load_roster, self.stderr)
        system = get_system(roster.system)
        pack = read_pack(options["pack"], system.code, self.stderr)
        points, violations = system.assess(roster, pack)
        derived = system.derived(roster)
        if options["json"]:
            result = {
                "valid": not violations,
                "points": points,
                "violations": [v.as_dict() for v in violations],
                **derived,
            }
            self.stdout.write(json.dumps(result, ensure_ascii=False, indent=2))
        else:
            faction = system.faction_label(roster.faction)
            title = f"{roster.name} ({faction})" if faction else roster.name
            if points is None:
                self.stdout.write(f"{title}: points: not costed")
            elif roster.points_limit is None:
                self.stdout.write(f"{title}: {points} points")
            else:
                self.stdout.write(f"{title}: {points} / {roster.points_limit} points")
            for v in violations:
                self.stdout.write(f"- {v.member}: {v.message}" if v.member else f"- {v.message}")
            for line in derived_lines(derived):
                self.stdout.write(line)
            self.stdout.write("valid" if not violations else f"invalid: {len(violations)} broken")
        if violations:
            raise SystemExit(EXIT_BROKEN_RULES)


def derived_lines(derived: dict[str, Any]) -> list[str]:
    """The game's derived figures as text: one line per model (or unit), then the others."""
    lines = []
    for name, figures in derived.get("derived", {}).items():
        parts = (f"{key} {_text(value)}" for key, value in figures.items())
        lines.append(f"{name}: " + ", ".join(parts))
    lines += [f"{key}: {_text(value)}" for key, value in derived.items() if key != "derived"]
    return lines


def _text(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} {_text(v)}" for k, v in value.items()) + "}"
    return "—" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
