"""The weapons of a force of units as the builder and the plain-text export show them, in
both games played with units (issue #28 item 11).

A member entry's equipment is what each of its models carries (bolt-action.md 1.4, one-page
modern section 1): a group of three holding an anti-tank gun each holds three, and the
builder's chip says so, as the rule's message does. The builder offers each unit only the
weapons its kind may hold (bolt-action.md 1.3 "allowed in"; one-page modern 1.2 and its
``cannon-mount`` and ``not-mountable`` rules). The plain-text export lists every member
entry with what each of its models carries.
"""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from rosters import services
from rules import get_system
from rules.types import Equipment, Member, Roster, Unit

pytestmark = pytest.mark.django_db

E = Equipment


def force(system: str, *units: Unit) -> Roster:
    return Roster(system, "Test force", "", (), None, units)


def page_of(client, user, roster: Roster) -> str:
    squad = services.squad_import(owner=user, roster=roster)
    client.force_login(user)
    return client.get(reverse("rosters:builder", args=[squad.pk])).content.decode()


def words(fragment: str) -> str:
    """A fragment of the page as the player reads it: no tags, spaces made single."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def chips(page: str, unit: int, member: int) -> list[str]:
    """The weapon chips of a member's row, as read (without their remove buttons)."""
    found = re.search(rf'<tr id="unit-{unit}-member-{member}">(.*?)</tr>', page, re.S)
    assert found, f"no row for member {member} of unit {unit}"
    return [
        words(re.sub(r"<button.*?</button>", "", li, flags=re.S))
        for li in re.findall(r"<li[^>]*>(.*?)</li>", found.group(1), re.S)
    ]


def offered(page: str, unit: int) -> list[str]:
    """The item codes the add-weapon picker of a unit's card offers (its first picker)."""
    card = re.search(rf'<article id="unit-{unit}"(.*?)</article>', page, re.S)
    assert card, f"no card for unit {unit}"
    picker = re.search(r'<select name="item"[^>]*>(.*?)</select>', card.group(1), re.S)
    assert picker, f"no weapon picker on unit {unit}"
    return re.findall(r'<option value="([^"]*)"', picker.group(1))


# --- the chip counts what the entry's models hold, as the rule does -------------------------


def test_a_gun_given_to_a_crew_of_three_shows_three_as_the_rule_counts_them(client, user):
    crew = Member("Crew", "", (E("anti-tank-gun", label="Pak 40"),), record={"count": 3})
    page = page_of(client, user, force("bolt-action", Unit(
        "Pak 40", "artillery", members=(crew,), record={"quality": "regular"},
    )))  # fmt: skip
    assert "Pak 40 holds 3 guns" in html.unescape(page)  # the rule's count
    assert chips(page, 0, 0) == ["Anti-tank gun “Pak 40” ×3 (1 each)"]


def test_one_model_s_weapon_shows_no_count_and_a_group_s_shows_its_total(client, user):
    squad = Unit("1st Squad", "infantry-squad", members=(
        Member("NCO", "", (E("smg"),), record={"leader": True}),
        Member("Rifleman", "", (E("rifle"), E("one-shot-anti-tank")), record={"count": 4}),
    ), record={"quality": "regular"})  # fmt: skip
    page = page_of(client, user, force("bolt-action", squad))
    assert chips(page, 0, 0) == ["Submachine gun"]
    assert chips(page, 0, 1) == ["Rifle ×4 (1 each)", "One-shot anti-tank weapon ×4 (1 each)"]


def test_a_one_page_modern_group_shows_its_total_as_its_rule_counts_it(client, user):
    gunners = Member("Gunner", "", (E("heavy-machine-gun"),), record={"count": 2})
    page = page_of(client, user, force("one-page-modern", Unit(
        "Guns", "infantry", members=(gunners,), record={"training": "seasoned"},
    )))  # fmt: skip
    assert "Guns has 2 models carrying a heavy machine gun" in html.unescape(page)
    assert chips(page, 0, 0) == ["Heavy machine gun ×2 (1 each)"]


# --- each unit is offered only the weapons its kind may hold --------------------------------

# bolt-action.md 1.3, "allowed in", in the table's order.
BOLT_ACTION_OFFERS = {
    "infantry-squad": ["rifle", "smg", "lmg", "one-shot-anti-tank"],
    "infantry-team": ["mmg", "hmg", "bazooka", "mortar"],
    "artillery": ["anti-tank-gun", "howitzer"],
    "medium-tank": ["lmg", "mmg", "hmg", "anti-tank-gun", "howitzer"],
    "light-vehicle": ["lmg", "mmg", "hmg", "anti-tank-gun", "howitzer"],
}


def test_each_bolt_action_unit_is_offered_only_the_weapons_of_its_kind(client, user):
    kinds = get_system("bolt-action").units.kinds
    crew = (Member("Crew", "", record={"count": 2}),)
    units = tuple(
        Unit(f"Unit {i}", kind, members=crew if kinds[kind].members else (),
             record={"quality": "regular"})
        for i, kind in enumerate(BOLT_ACTION_OFFERS)
    )  # fmt: skip
    page = page_of(client, user, force("bolt-action", *units))
    for i, kind in enumerate(BOLT_ACTION_OFFERS):
        assert offered(page, i) == BOLT_ACTION_OFFERS[kind], kind


SMALL_ARMS = ["pistol", "infantry-rifle", "assault-rifle", "sniper-rifle", "smg",
              "light-machine-gun", "shotgun"]  # fmt: skip
SUPPORT = ["heavy-machine-gun", "flamethrower", "rpg", "anti-tank-gun", "light-mortar"]
CANNONS = ["light-cannon", "heavy-cannon"]


def test_each_one_page_modern_unit_is_offered_only_the_weapons_that_may_sit_there(client, user):
    """1.2 and section 4: cannons on a tank or a bunker only (``cannon-mount``); grenades
    and the integrated launcher carried by models only (``not-mountable``)."""
    seasoned = {"training": "seasoned"}
    page = page_of(
        client,
        user,
        force(
            "one-page-modern",
            Unit("Section", "infantry", members=(Member("Rifleman", ""),), record=seasoned),
            Unit("Jeep", "vehicle", record={**seasoned, "armour_class": "light"}),
            Unit("Tank", "vehicle", record={**seasoned, "armour_class": "heavy", "tank": True}),
            Unit("Pillbox", "bunker", record=seasoned),
        ),
    )
    carried = [*SMALL_ARMS, "underslung-launcher", *SUPPORT[:2], "grenades", *SUPPORT[2:]]
    assert offered(page, 0) == carried
    assert offered(page, 1) == [*SMALL_ARMS, *SUPPORT]
    assert offered(page, 2) == [*SMALL_ARMS, *SUPPORT, *CANNONS]
    assert offered(page, 3) == [*SMALL_ARMS, *SUPPORT, *CANNONS]


# --- the plain-text export lists every unit's weapons ---------------------------------------


def export_of(client, user, roster: Roster) -> list[str]:
    squad = services.squad_import(owner=user, roster=roster)
    client.force_login(user)
    return client.get(reverse("rosters:text", args=[squad.pk])).content.decode().splitlines()


def test_the_text_export_lists_what_each_bolt_action_model_carries(client, user):
    lines = export_of(client, user, get_system("bolt-action").demo()[0])
    assert lines[1] == (
        "- 1st Squad (Infantry squad, 9 models): Uffz. Becker (Submachine gun); "
        "MG gunner (MG 42); Grenadier ×2 (each: Rifle, Panzerfaust); Rifleman ×5 (each: Rifle)"
    )
    assert lines[2] == "- MG Team (Infantry team, 3 models): Gunner (MG 42 on tripod); Crewman ×2"
    assert lines[4] == "- Panzer IV (Medium tank, 1 model): 7.5 cm KwK 40, Medium machine gun ×2"


def test_the_text_export_lists_what_each_one_page_modern_model_carries(client, user):
    lines = export_of(client, user, get_system("one-page-modern").demo()[0])
    assert lines[1] == (
        "- 1st Section (Infantry, 7 models): Sgt. Hale (Assault rifle, Thrown grenades); "
        "Rifleman ×5 (each: Assault rifle); Gunner (Light machine gun)"
    )
    assert lines[2] == "- Leopard (Vehicle, 1 model): Light cannon, Heavy machine gun ×2"
