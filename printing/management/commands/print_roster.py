"""``manage.py print_roster FILE [-o OUT.pdf] [--paper a4|letter] [--cards] [--no-dead]
[--pack PACK]``.

Prints the squad sheet (or one cut-out card per model) of a squad-roster/1 file, with no
account and no database; with ``--pack``, a club's game-pack/1 file, the sheet prints the
squad's total under the pack's points table (and its limit), the pack's weapon cells where the
game leaves "—" (marked "†", a footnote naming the pack) and the pack's own weapons. A roster
that breaks rules still prints: the sheet lists what is wrong. Exit 2 only when a file is
unreadable.
"""

from pathlib import Path

from django.core.management.base import BaseCommand
from django.utils.translation import ngettext

from printing.pdf import PAPER_SIZES, safe_filename, squad_sheet_pdf, without_budget
from rosters.cli import read_document, read_pack, write_pdf
from rules import get_system
from rules.documents import load_roster


class Command(BaseCommand):
    help = "Print the squad sheet (or the model cards) of a squad-roster/1 file as PDF."

    def add_arguments(self, parser):
        parser.add_argument("file", help="a squad-roster/1 JSON file")
        parser.add_argument(
            "-o", "--output", help="the PDF to write (default: <squad name>.pdf, here)"
        )
        parser.add_argument("--paper", choices=sorted(PAPER_SIZES), default="a4")
        parser.add_argument(
            "--cards", action="store_true", help="one cut-out card per model instead of the sheet"
        )
        parser.add_argument("--no-dead", action="store_true", help="leave out dead models")
        parser.add_argument(
            "--pack", help="a game-pack/1 JSON file: its points and weapon cells, printed"
        )

    def handle(self, *args, **options):
        roster = read_document(options["file"], load_roster, self.stderr)
        system = get_system(roster.system)
        pack = read_pack(options["pack"], system.code, self.stderr)
        with without_budget():  # the player's own machine: no worker to keep alive
            pdf = squad_sheet_pdf(
                roster,
                paper=options["paper"],
                cards=options["cards"],
                include_dead=not options["no_dead"],
                pack=pack,
            )
        output = Path(options["output"] or safe_filename(roster.name))
        write_pdf(output, pdf, self.stdout)
        broken = len(system.check(roster, pack))
        if broken:
            self.stdout.write(
                ngettext(
                    "the squad breaks %(count)d rule; the sheet says which",
                    "the squad breaks %(count)d rules; the sheet says which",
                    broken,
                )
                % {"count": broken}
            )
