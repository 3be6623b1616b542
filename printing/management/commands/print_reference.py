"""``manage.py print_reference SYSTEM [-o OUT.pdf] [--paper a4|letter] [--pack PACK]``.

Prints the quick-reference card of a game system (one whose ``GameSystem.printing`` has
one: ``printing.pdf.reference_cards()``). An unknown system is a clear error with exit 2.
With ``--pack``, a club's game-pack/1 file, the card prints the pack's weapon profiles
(cells the game leaves "—", weapons of its own), marked "†"; an unreadable pack or one of
another game exits 2 naming the cell, as ``print_roster --pack``.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from printing.pdf import (
    PAPER_SIZES,
    reference_card_pdf,
    reference_cards,
    without_budget,
)
from rosters.cli import EXIT_UNREADABLE, read_pack, write_pdf


class Command(BaseCommand):
    help = "Print the quick-reference card of a game system as PDF."

    def add_arguments(self, parser):
        parser.add_argument("system", help=f"a game system: {', '.join(reference_cards())}")
        parser.add_argument(
            "-o", "--output", help="the PDF to write (default: <system>-reference.pdf, here)"
        )
        parser.add_argument("--paper", choices=sorted(PAPER_SIZES), default="a4")
        parser.add_argument(
            "--pack", help="a game-pack/1 JSON file: the club's weapon profiles, marked"
        )

    def handle(self, *args, **options):
        system = options["system"]
        if system not in reference_cards():
            raise CommandError(
                _("no quick-reference card for %(system)r (known: %(known)s)")
                % {"system": system, "known": ", ".join(reference_cards())},
                returncode=EXIT_UNREADABLE,
            )
        pack = read_pack(options["pack"], system, self.stderr)
        with without_budget():  # the player's own machine: no worker to keep alive
            pdf = reference_card_pdf(system, paper=options["paper"], pack=pack)
        output = Path(options["output"] or f"{system}-reference.pdf")
        write_pdf(output, pdf, self.stdout)
