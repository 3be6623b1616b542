"""``manage.py print_worker [db_worker's options]``: the task worker, ready to print at once.

Before its first task (``db_worker``'s loop, with all of its options), it starts the print
engine warm (``printing.engine.start``), so that the first PDF a player waits for costs
what any other does (the first render after a start once took 14 s), and renders every game's
quick-reference card, on each paper and in each language, into the shared PDF cache
(``printing.pdf.reference_cards_ahead``): they change only with a release, so the first
download of each is instant. ``make run`` and ``scripts/serve`` run it instead of
``db_worker``. A warm-up that fails is logged, and the worker runs all the same (its prints
are only slower).
"""

import logging
import time

from django_tasks_db.management.commands.db_worker import Command as DatabaseWorker

from printing import engine
from printing.pdf import reference_cards_ahead

log = logging.getLogger(__name__)


def warm_up() -> int:
    """Starts the print engine and renders the reference cards; gives how many there are."""
    engine.start()
    return len(reference_cards_ahead())


class Command(DatabaseWorker):
    help = "Warm the print engine, render the reference cards ahead, then run the task worker."

    def handle(self, *args, **options):
        started = time.monotonic()
        try:
            cards = warm_up()
        except Exception:
            log.exception("the print engine could not be warmed: the first prints will be slower")
        else:
            seconds = time.monotonic() - started
            log.info("print engine warm, %d reference cards in the cache (%.1f s)", cards, seconds)
        super().handle(*args, **options)
