"""What rosters tells other apps, so that it never imports them (campaigns listens)."""

from django.dispatch import Signal

# A force of units was edited (``services.squad_units_change``), sent inside the edit's
# transaction once it is written: ``squad`` (the row, as written), ``before`` and ``after``
# (its unit documents), ``by`` (who made the edit, or None).
units_changed = Signal()
