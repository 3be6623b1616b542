"""What the roster builder shows: a squad with its points, EP and violations per model.

Views call ``builder_context``; templates only display what it holds (they never compute
points). Two queries load the squad (``adapters.load_squad``; one for its row already
read), whatever its size.

The page must stay fast with 15 models (``bench/bench_rosters.py``), so what is the same for
many cards is prepared once: the ``<option>`` lists of a model type are rendered once per
process and language, and every URL of a card is built from the squad's builder URL (one
``reverse`` per page; ``tests/rosters/test_builder.py`` checks them against ``reverse``).
"""

from rosters.builder.cards import AbilityLine, EquipmentLine, MemberUrls, MemberView
from rosters.builder.choices import allowances, changes_assistance, label, options, type_options
from rosters.builder.lists import SquadLine, squad_lines
from rosters.builder.page import builder_context, free_item_notice, squad_head
from rosters.builder.refusals import Refused, Shown, shown
from rosters.builder.text import squad_text

__all__ = [
    "AbilityLine",
    "EquipmentLine",
    "MemberUrls",
    "MemberView",
    "Refused",
    "Shown",
    "SquadLine",
    "allowances",
    "builder_context",
    "changes_assistance",
    "free_item_notice",
    "label",
    "options",
    "shown",
    "squad_head",
    "squad_lines",
    "squad_text",
    "type_options",
]
