"""Bolt Action: Second World War platoon battles in 28 mm, units activated by order dice.

Source: ``docs/games/bolt-action.md`` (the product's English reading of a French fan
summary of the core rules: dice and order dice, the six orders, pins and the order test,
FUBAR, quality and morale, infantry movement and terrain, shooting). The text has no points,
no army lists, no weapon ranges, no close combat and no campaign; what the product adds is
marked there as a Reading and kept as data. Where a rule lives:

- unit kinds, qualities, weapons, orders, the quick-reference numbers, the default victory
  points, and the readers of a unit's and a member's record (sections 1, 4, 5): ``data.py``
- each unit's derived values and the force's order dice (section 2): ``derive.py``
- force rules and their violation codes, what makes a document unreadable (1.4, 3):
  ``validation.py``
- a battle report's own rules, victory points, each unit's end state (section 4): ``battle.py``
- what a force's units and members, and a report's casualties, carry (sections 3, 4):
  ``document.py``
- the example force "Kampfgruppe Becker" (section 3): ``demo.py``
- the force sheet, unit cards (section 6) and quick-reference card (section 5):
  ``sheet.py``, ``reference.py``
"""

from rules.bolt_action import data
from rules.registry import BuilderChoices, register
from rules.unit_game import unit_game

CODE = data.CODE

SYSTEM = register(unit_game(
    __name__,  # its modules: rules.unit_game.MODULES
    states=data.END_STATES, equipment_labels=True,  # "MG 42", "7.5 cm Pak 40"
    builder=BuilderChoices.for_units(data.weapons_for),  # each kind its weapons (1.3)
))  # fmt: skip
