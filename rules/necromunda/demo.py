"""A legal Necromunda gang for the demo account and the tests (``GameSystem.demo``): the
Rust Rats of docs/games/necromunda.md, with two more gangers."""

from __future__ import annotations

from rules.types import Equipment, Member, Roster

E = Equipment


def demo_rosters() -> list[Roster]:
    return [
        Roster(
            "necromunda", "The Rust Rats", "Orlock",
            (
                Member("Mak McMadd", "leader", (E("bolt-pistol"), E("sword"), E("carapace")),
                       record={"advances": {"ws": 1, "bs": 1, "ld": 1}}),
                Member("Hollis", "ganger", (E("heavy-stubber"), E("laspistol"))),
                Member("Jax", "ganger", (E("lasgun"), E("frag-grenades"), E("flak"))),
                Member("Ratchet", "ganger", (E("autogun"), E("knife"))),
                Member("Pip", "kid", (E("autopistol"),)),
            ),
            None,
        )
    ]  # fmt: skip
