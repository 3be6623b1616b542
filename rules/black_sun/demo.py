"""One legal 200-point squad per Black Sun faction, for the demo account and the tests
(``GameSystem.demo``)."""

from __future__ import annotations

from rules.types import Ability, Equipment, Member, Roster

E = Equipment


def _grunts(prefix: str, count: int, *kit: str) -> list[Member]:
    return [Member(f"{prefix} {i}", "grunt", tuple(E(k) for k in kit)) for i in range(1, count + 1)]


def demo_rosters() -> list[Roster]:
    us = [
        Member(
            "Capt. Steven Mint",
            "boss",
            (E("pistol"), E("body-armour")),
            (Ability("aggressive"), Ability("good-walker")),
        ),
        Member(
            "Sgt. Harry Pierce",
            "top",
            (E("assault-rifle"), E("body-armour")),
            (Ability("duck-feet"),),
        ),
        Member(
            "Cpl. Tyrone Jackson",
            "top",
            (E("assault-rifle"), E("body-armour")),
            (Ability("sure-shot"),),
        ),
        Member(
            "Al Chavez", "veteran", (E("assault-rifle"), E("body-armour")), (Ability("bad-shot"),)
        ),
        Member(
            "Reed Berinson", "veteran", (E("assault-rifle"), E("body-armour")), (Ability("lucky"),)
        ),
        Member("Ling", "grunt", (E("machine-gun"),)),
        Member("Song", "grunt", (E("assault-rifle"),), record={"assists": "Ling"}),
        *_grunts("Grunt", 5, "assault-rifle", "body-armour"),
    ]
    vc = [
        Member(
            "Kang Thang",
            "boss",
            (E("smg"), E("pistol")),
            (Ability("camouflage"), Ability("steady")),
        ),
        Member("Vang Thi", "top", (E("bolt-action-rifle"),), (Ability("agile"),)),
        Member("Manh", "top", (E("bolt-action-rifle"),), (Ability("cruel"),)),
        Member(
            "Old Bao", "veteran", (E("bolt-action-rifle"), E("grenades", 2)), (Ability("marksman"),)
        ),
        Member("Duc", "veteran", (E("assault-rifle"),), (Ability("fast"),)),
        Member("Hoa", "grunt", (E("machine-gun"),)),
        Member("Lam", "grunt", (E("bolt-action-rifle"),), record={"assists": "Hoa"}),
        *_grunts("Fighter", 5, "bolt-action-rifle"),
    ]
    adaro = [
        Member(
            "Tide Lord",
            "boss",
            (E("assault-rifle"), E("body-armour")),
            (Ability("good-swimmer"), Ability("tough-skin")),
        ),
        Member("Reef Caller", "top", (E("bolt-action-rifle"),), (Ability("duck-feet"),)),
        Member("Deep Eye", "top", (E("bolt-action-rifle"),), (Ability("lynx-eye"),)),
        Member(
            "Saltscar", "veteran", (E("bolt-action-rifle"), E("body-armour")), (Ability("brawler"),)
        ),
        Member("Shell", "veteran", (E("shotgun"),), (Ability("greedy"),)),
        *_grunts("Spawn", 7, "bolt-action-rifle"),
    ]
    bugs = [
        Member("Hive Queen", "boss", (E("telekinetic-throw"), E("body-armour")),
               (Ability("frightening-scars"), Ability("fearless"))),
        Member("Broodguard", "top", (E("smg"),), (Ability("fast"),)),
        Member("Clicker", "top", (E("smg"),), (Ability("martial-arts"),)),
        Member("Burrower", "veteran", (E("shotgun"),), (Ability("agile"),)),
        Member("Spitter", "veteran", (E("assault-rifle"),), (Ability("weak"),)),
        *_grunts("Drone", 7, "assault-rifle"),
    ]  # fmt: skip
    return [
        Roster("black-sun", "Mint's Marauders", "us-army", tuple(us)),
        Roster("black-sun", "Kang Thang's Cell", "viet-cong", tuple(vc)),
        Roster("black-sun", "The Drowned Host", "adaro", tuple(adaro)),
        Roster("black-sun", "Swarm of the Black Sun", "fury-bugs", tuple(bugs)),
    ]
