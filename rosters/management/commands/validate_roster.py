"""``manage.py validate_roster FILE [--json]``: check a squad-roster/1 file against the rules."""

import json

from django.core.management.base import BaseCommand

from rosters.cli import EXIT_BROKEN_RULES, read_document
from rules import get_system
from rules.documents import load_roster


class Command(BaseCommand):
    help = "Print the points of a squad-roster/1 file and every rule it breaks."

    def add_arguments(self, parser):
        parser.add_argument("file", help="a squad-roster/1 JSON file")
        parser.add_argument("--json", action="store_true", help="print the result as JSON")

    def handle(self, *args, **options):
        roster = read_document(options["file"], load_roster, self.stderr)
        system = get_system(roster.system)
        violations = system.validate(roster)
        points = system.cost(roster).points
        if options["json"]:
            result = {
                "valid": not violations,
                "points": points,
                "violations": [v.as_dict() for v in violations],
            }
            self.stdout.write(json.dumps(result, ensure_ascii=False, indent=2))
        else:
            faction = system.factions[roster.faction].label
            self.stdout.write(f"{roster.name} ({faction}): {points} / {roster.points_limit} points")
            for v in violations:
                self.stdout.write(f"- {v.member}: {v.message}" if v.member else f"- {v.message}")
            self.stdout.write("valid" if not violations else f"invalid: {len(violations)} broken")
        if violations:
            raise SystemExit(EXIT_BROKEN_RULES)
