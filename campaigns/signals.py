"""What campaigns' services say happened, inside their transaction (receivers that act once it
commits use ``transaction.on_commit``: ``campaigns.receivers``).

- ``report_waiting(battle=...)``: a battle report was sent and waits for its opponents'
  confirmation (not sent for a report applied at once).
- ``round_published(round=...)``: a round's pairings were published.
- ``battle_voided(battle=...)``: a confirmed battle was voided (``battle.voided_by`` did it).
"""

from django.dispatch import Signal

report_waiting = Signal()
round_published = Signal()
battle_voided = Signal()
