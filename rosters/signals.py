"""What rosters tells other apps, so that it never imports them (campaigns and printing
listen)."""

from django.dispatch import Signal

# A force of units was edited (``services.squad_units_change``), sent inside the edit's
# transaction once it is written: ``squad`` (the row, as written), ``before`` and ``after``
# (its unit documents), ``by`` (who made the edit, or None).
units_changed = Signal()

# Squads changed (each one's version went up), sent inside the change's transaction once it
# is written: ``squad_ids``; for a single squad whose ``version`` and ``printed`` were just
# read under its lock, ``squad`` too (the row), so that a listener need not read them again.
# Printing renders the sheets of those printed before (``printing.receivers``).
squads_changed = Signal()

# A pack has a new version (``services.pack_update``), sent inside the edit's transaction:
# ``pack`` (the row, as written) and ``version`` (the new ``PackVersion``). A campaign whose
# own pack it is plays with it from then on (``campaigns.receivers``).
pack_changed = Signal()
