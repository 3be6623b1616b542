"""One-page modern skirmish: generic rules for modern (and partly science-fiction) skirmish,
played with units rather than single models: the third system, and the first of units.

Source: ``docs/games/one-page-modern.md`` (the product's English reading of a French
one-page rulebook: units, training, actions, pinning, cover, close combat, weapons, personal
armour, vehicles). The text has no points, no army lists and no campaign; what the product
adds is marked there as a Reading and kept as data. Where a rule lives:

- training levels, weapons, armour, vehicle classes, unit kinds, cover, ranges, the default
  victory points (sections 1, 3.2, 5): ``data.py``
- what a force's units and members, and a report's casualties, carry (section 8):
  ``document.py``
- the derived values of each unit and its fire points (section 3): ``derive.py``
- force rules and their violation codes, what makes a document unreadable (section 4):
  ``validation.py``
- casualties, destroyed units and victory points of a battle (section 5): ``battle.py``
- the force sheet, unit cards (section 7) and quick-reference card (section 6):
  ``sheet.py``, ``reference.py``
- the example force "Task Force Kestrel" (section 8): ``demo.py``
"""

from rules.one_page_modern import data, validation
from rules.registry import BuilderChoices, register
from rules.unit_game import unit_game

CODE = data.CODE

SYSTEM = register(unit_game(
    __name__,  # its modules: rules.unit_game.MODULES
    states=(), builder=BuilderChoices.for_units(validation.weapons_for),  # where each may sit (1.2)
    campaign_settings={"rank_casualties": True},  # VP, wins, then the fewest models lost
))  # fmt: skip
