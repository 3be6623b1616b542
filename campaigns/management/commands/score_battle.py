"""``manage.py score_battle FILE [--json]``: victory points of a battle-report/1 file."""

import json

from django.core.management.base import BaseCommand

from rosters.cli import EXIT_UNREADABLE, read_document
from rules import get_system
from rules.documents import load_battle_report


class Command(BaseCommand):
    help = "Print, per side, mission VP, VP lost per casualty and the total of a battle report."

    def add_arguments(self, parser):
        parser.add_argument("file", help="a battle-report/1 JSON file")
        parser.add_argument("--json", action="store_true", help="print the result as JSON")

    def handle(self, *args, **options):
        path = options["file"]
        report = read_document(path, load_battle_report, self.stderr)
        for i, side in enumerate(report.sides):
            if side.roster is None:
                self.stderr.write(
                    f"{path}: sides[{i}].squad_id: the command line scores inline rosters "
                    "only; give this side's roster"
                )
                raise SystemExit(EXIT_UNREADABLE)
        system = get_system(report.system)
        scores = [system.score_side(side.roster, side, report) for side in report.sides]
        if options["json"]:
            result = {"sides": [score.as_dict() for score in scores]}
            self.stdout.write(json.dumps(result, ensure_ascii=False, indent=2))
            return
        for side, score in zip(report.sides, scores, strict=True):
            describe = getattr(score, "text_lines", None)  # the game's own words, if any
            if describe is not None:
                lines = describe(side.outcome)
            else:
                lines = [
                    f"{score.squad}: mission {side.outcome}, {score.mission_vp} VP",
                    f"  casualty VP {score.casualty_vp}, total {score.total_vp} VP",
                ]
            for line in lines:
                self.stdout.write(line)
