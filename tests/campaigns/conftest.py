def report(us, nva, *, us_outcome="full", nva_outcome="failed", us_side=None, nva_side=None):
    """A battle-report/1 document between two entries."""
    return {
        "format": "battle-report/1",
        "system": "black-sun",
        "scenario": "Patrol at the river",
        "played_on": "2026-11-20",
        "sides": [
            {"squad_id": us.squad_id, "outcome": us_outcome, **(us_side or {})},
            {"squad_id": nva.squad_id, "outcome": nva_outcome, **(nva_side or {})},
        ],
    }
