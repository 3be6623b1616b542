"""URLs of the printed outputs (squad sheets, cards, reference cards)."""

urlpatterns: list = []
