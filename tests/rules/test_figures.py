"""A model's figures on its builder line and card (``GameSystem.figures``), for the two games
of models: what each shows, flagged when a rule broken is about it, translated by the caller."""

from __future__ import annotations

import dataclasses

from rules import get_system
from rules.black_sun.costs import ModelCost
from rules.black_sun.sheet import figures as black_sun_figures
from rules.necromunda.sheet import figures as necromunda_figures
from rules.registry import Figure
from rules.types import Equipment, Member


def _same(text: str) -> str:
    return text


def _cost(**changes) -> ModelCost:
    base = dict(name="Mint", type="boss", points=40, counts=True, ep_spent=2, ep_allowed=4,
                armour=1, cv_base=6, cv=6, grenades=2, key_character=True)  # fmt: skip
    return ModelCost(**{**base, **changes})


def test_black_sun_shows_cv_ep_armour_grenades_and_points():
    shown = black_sun_figures(_cost(), None, frozenset(), _same)

    assert [f.text for f in shown] == ["CV 6", "EP 2 / 4", "Armour 1", "Grenades 2", "Points 40"]
    assert [f.key for f in shown] == ["cv", "ep", "armour", "grenades", "points"]
    assert not any(f.flagged for f in shown)


def test_black_sun_shows_the_base_cv_beside_a_lost_one_and_flags_ep_spent_too_much():
    shown = {f.key: f for f in black_sun_figures(_cost(cv=4, ep_spent=5), None,
                                                 frozenset({"ep-over"}), _same)}  # fmt: skip

    assert shown["cv"].text == "CV 4 / 6" and shown["cv"].title == "combat value: current / base"
    assert shown["ep"] == Figure("ep", "EP 5 / 4", flagged=True)


def test_black_sun_translates_through_the_callers_function():
    french = {"CV": "VC", "Points": "Points", "Grenades": "Grenades"}.get

    shown = black_sun_figures(_cost(), None, frozenset(), lambda s: french(s) or s.upper())

    assert shown[0].text == "VC 6" and shown[1].text == "EP 2 / 4" and shown[2].text == "ARMOUR 1"


def test_a_model_without_costing_shows_nothing():
    assert black_sun_figures(None, None, frozenset(), _same) == ()
    assert necromunda_figures(None, None, frozenset(), _same) == ()


def test_necromunda_shows_the_derived_profile_to_hit_and_encumbrance():
    game = get_system("necromunda")
    fighter = Member("Hollis", "ganger", (Equipment("heavy-stubber"), Equipment("mesh")))
    gang = dataclasses.replace(game.demo()[0], members=(fighter,))
    derived = game.derive(gang)["derived"]["Hollis"]

    shown = {f.key: f for f in necromunda_figures(None, derived, frozenset(), _same)}

    profile = derived["profile"]
    assert shown["profile"].text.startswith(f"M {profile['m']} · WS {profile['ws']} · ")
    assert shown["profile"].text.endswith(f"· Ld {profile['ld']}")
    assert shown["to-hit"].text == f"To hit {7 - profile['bs']}+"
    assert shown["attack-dice"].text == f"Attack dice {derived['attack_dice']}"
    assert shown["run"].text == f"Run / charge {derived['run']}″"
    assert ("encumbered" in shown) == derived["encumbered"]
