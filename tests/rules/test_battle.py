"""After a battle (docs/games/black-sun.md 8-10): victory points, the survival phase, reputation."""

import random

import pytest

from rules.black_sun import battle
from rules.black_sun.battle import (
    award_reputation,
    resolve_side,
    score_side,
    survival_phase,
)
from rules.black_sun.campaign import roster_after
from rules.black_sun.tables import (
    DEFAULT_SURVIVAL_TABLE,
    DIES,
    FULL_RECOVERY,
    LASTING_INJURY,
    MISSES_NEXT_BATTLE,
    SCARS,
    reputation_from_json,
)
from rules.types import Ability, Casualty, Deeds, Side
from tests.rules.builders import grunts, member, roster

INJURIES = ("lame", "crippled", "weak", "coward")


def side(outcome="failed", *casualties, deeds=(), rolls=None, r=None) -> Side:
    """``side("full", ("Smith", "killed"), ...)``."""
    return Side(
        outcome,
        roster=r,
        casualties=tuple(_casualty(*c) for c in casualties),
        deeds=tuple(deeds),
        details={"survival_rolls": dict(rolls)} if rolls else {},
    )


def _casualty(name: str, state: str, treated: bool = False) -> Casualty:
    return Casualty(name, state, {"treated": True} if treated else {})


# --- victory points -------------------------------------------------------------------------

EVERY_TYPE = roster(
    member("Boss", "boss"),
    member("Top", "top"),
    member("Veteran", "veteran"),
    member("Grunt", "grunt"),
    member("Recruit", "recruit"),
    member("Doc", "doc"),
    member("Specialist", "specialist"),
)

# VP lost per type and state: quality from base CV (5-4 veteran, 3 experienced, 2 blue),
# Boss and Top double.
VP_LOST = {
    #              dead  seriously  wounded
    "boss": (10, 8, 4),
    "top": (10, 8, 4),
    "veteran": (5, 4, 2),
    "grunt": (4, 3, 2),
    "recruit": (3, 2, 1),
    "doc": (3, 2, 1),
    "specialist": (3, 2, 1),
}
STATE_COLUMN = {"killed": 0, "violent-death": 0, "seriously-wounded": 1, "wounded": 2}


@pytest.mark.parametrize("type_code", list(VP_LOST))
@pytest.mark.parametrize(
    "state",
    ["unhurt", "stunned", "wounded", "seriously-wounded", "killed", "violent-death", "captured"],
)
def test_vp_lost_per_casualty(type_code, state):
    name = type_code.capitalize()
    expected = VP_LOST[type_code][STATE_COLUMN[state]] if state in STATE_COLUMN else 0

    score = score_side(EVERY_TYPE, side("full", (name, state)))

    assert (score.mission_vp, score.casualty_vp, score.total_vp) == (50, expected, 50 - expected)
    [line] = score.casualties
    assert (line.member, line.state, line.vp) == (name, state, expected)
    assert line.leader == (type_code in ("boss", "top"))


@pytest.mark.parametrize(
    "type_code, quality",
    [("boss", "veteran"), ("top", "veteran"), ("veteran", "veteran"), ("grunt", "experienced"),
     ("recruit", "blue"), ("doc", "blue"), ("specialist", "blue")],
)  # fmt: skip
def test_quality_comes_from_the_base_cv(type_code, quality):
    assert battle.quality(type_code) == quality


def test_quality_ignores_cv_lost_in_the_campaign():
    scarred = roster(member("Sung", "grunt", cv_loss=2))

    [line] = score_side(scarred, side("failed", ("Sung", "killed"))).casualties

    assert (line.quality, line.vp) == ("experienced", 4)


@pytest.mark.parametrize("outcome, vp", [("full", 50), ("partial", 25), ("failed", 0)])
def test_mission_vp(outcome, vp):
    score = score_side(EVERY_TYPE, side(outcome))

    assert (score.squad, score.mission_vp, score.casualty_vp, score.total_vp) == (
        "Squad",
        vp,
        0,
        vp,
    )


def test_vp_can_be_negative_and_add_up_over_casualties():
    score = score_side(
        EVERY_TYPE, side("partial", ("Boss", "killed"), ("Top", "seriously-wounded"),
                         ("Grunt", "wounded"), ("Recruit", "stunned"), ("Veteran", "killed"),
                         ("Doc", "seriously-wounded"))
    )  # fmt: skip

    assert (score.mission_vp, score.casualty_vp, score.total_vp) == (25, 10 + 8 + 2 + 5 + 2, -2)
    assert score.as_dict() == {"squad": "Squad", "mission_vp": 25, "casualty_vp": 27,
                               "total_vp": -2}  # fmt: skip


def test_a_casualty_naming_no_model_of_the_roster_is_an_error():
    with pytest.raises(ValueError, match="'Rambo' is not a member of 'Squad'"):
        score_side(EVERY_TYPE, side("full", ("Rambo", "killed")))


def test_the_rulebook_vp_example_us_army():
    us = roster(
        member("Capt. Steven Mint", "boss"),
        member("Sgt. Harry Pierce", "top"),
        *grunts(5),
        member("Smith", "recruit"),
    )
    report = side("full", ("Smith", "killed"), ("Grunt 1", "stunned"), ("Grunt 2", "stunned"))

    score = score_side(us, report)

    assert (score.mission_vp, score.casualty_vp, score.total_vp) == (50, 3, 47)


def test_the_rulebook_vp_example_nva():
    nva = roster(
        member("Kang Thang", "boss"),
        member("Manh", "top"),
        member("Ling", "grunt", "machine-gun"),
        member("Song", "grunt", assists="Ling"),
        *grunts(4),
        faction="viet-cong",
    )
    report = side(
        "failed",
        ("Grunt 1", "seriously-wounded"),
        ("Grunt 2", "seriously-wounded"),
        ("Grunt 3", "seriously-wounded"),
        ("Manh", "wounded"),
        ("Ling", "wounded"),
    )

    score = score_side(nva, report)

    # 3 x 3 seriously wounded Grunts, 2 x 2 for the wounded Top (a leader), 2 for Ling.
    assert [line.vp for line in score.casualties] == [3, 3, 3, 4, 2]
    assert (score.mission_vp, score.casualty_vp, score.total_vp) == (0, 15, -15)


# --- survival phase -------------------------------------------------------------------------


def wounded_squad(*extra, doc_status="active", abilities=()):
    return roster(
        member("Mint", "boss"),
        member("Sung", "grunt", abilities=abilities),
        member("Doc", "doc", status=doc_status),
        *extra,
    )


def survive(r, roll, *casualties, rng=None):
    s = side("failed", ("Sung", "seriously-wounded"), *casualties, rolls={"Sung": roll})
    outcomes = survival_phase(r, s, rng or random.Random(1))
    return next(o for o in outcomes if o.member == "Sung")


def no_doc(**kwargs):
    return roster(member("Mint", "boss"), member("Sung", "grunt", **kwargs))


@pytest.mark.parametrize(
    "roll, result, status",
    [
        (1, DIES, "dead"),
        (2, LASTING_INJURY, "active"),
        (3, MISSES_NEXT_BATTLE, "recovering"),
        (4, FULL_RECOVERY, "active"),
        (5, FULL_RECOVERY, "active"),
        (6, SCARS, "active"),
    ],
)
def test_each_row_of_the_default_survival_table(roll, result, status):
    outcome = survive(no_doc(), roll)

    assert (outcome.state, outcome.result, outcome.status) == ("seriously-wounded", result, status)
    assert (outcome.roll, outcome.modifier, outcome.total) == (roll, 0, roll)
    assert outcome.rolled_at_table


def test_a_lasting_injury_is_one_of_the_four_disadvantages():
    drawn = {survive(no_doc(), 2, rng=random.Random(seed)).gained for seed in range(60)}

    assert drawn == set(INJURIES)


def test_the_injury_roll_is_the_position_of_the_disadvantage_drawn():
    for seed in range(20):
        outcome = survive(no_doc(), 2, rng=random.Random(seed))

        assert INJURIES[outcome.injury_roll - 1] == outcome.gained


def test_a_lasting_injury_is_never_one_the_model_already_has():
    held = (Ability("lame", "injury"), Ability("crippled", "injury"), Ability("weak", "event"))

    drawn = {
        survive(no_doc(abilities=held), 2, rng=random.Random(seed)).gained for seed in range(30)
    }

    assert drawn == {"coward"}


def test_a_model_with_every_injury_gains_nothing_more():
    held = tuple(Ability(code, "injury") for code in INJURIES)

    outcome = survive(no_doc(abilities=held), 2)

    assert (outcome.result, outcome.gained, outcome.status) == (LASTING_INJURY, None, "active")


def test_a_full_recovery_gains_nothing():
    assert survive(no_doc(), 4).gained is None
    assert survive(no_doc(), 5).gained is None


def test_a_six_gains_frightening_scars_once():
    scarred = no_doc(abilities=(Ability("frightening-scars", "injury"),))

    assert survive(no_doc(), 6).gained == "frightening-scars"
    outcome = survive(scarred, 6)
    assert (outcome.result, outcome.gained) == (SCARS, None)


def test_the_doc_adds_1_when_it_fought_and_ended_unhurt():
    outcome = survive(wounded_squad(), 5)

    assert (outcome.roll, outcome.modifier, outcome.total) == (5, 1, 6)
    assert (outcome.result, outcome.gained) == (SCARS, "frightening-scars")


def test_with_the_doc_a_1_is_a_lasting_injury_and_a_6_still_scars():
    assert survive(wounded_squad(), 1).result == LASTING_INJURY
    assert survive(wounded_squad(), 6).result == SCARS


@pytest.mark.parametrize("doc_state", ["stunned", "wounded", "seriously-wounded", "killed",
                                       "violent-death", "captured"])  # fmt: skip
def test_no_doc_bonus_when_the_doc_ended_the_battle_out_of_action(doc_state):
    outcome = survive(wounded_squad(), 5, ("Doc", doc_state))

    assert (outcome.modifier, outcome.result) == (0, FULL_RECOVERY)


@pytest.mark.parametrize("doc_status", ["recovering", "captured", "dead"])
def test_no_doc_bonus_when_the_doc_did_not_fight(doc_status):
    outcome = survive(wounded_squad(doc_status=doc_status), 5)

    assert (outcome.modifier, outcome.result) == (0, FULL_RECOVERY)


def test_server_rolls_come_from_the_random_generator_and_are_returned():
    r = roster(member("Mint", "boss"), *grunts(3))
    report = side("failed", *[(f"Grunt {i}", "seriously-wounded") for i in (1, 2, 3)])
    expected = random.Random(2026)

    outcomes = survival_phase(r, report, random.Random(2026))

    rolled = [o for o in outcomes if o.state == "seriously-wounded"]
    assert len(rolled) == 3
    for outcome in rolled:
        assert outcome.roll == expected.randint(1, 6)
        assert not outcome.rolled_at_table
        assert outcome.result == DEFAULT_SURVIVAL_TABLE.result_for(outcome.roll)
        if outcome.result == LASTING_INJURY:
            expected.choice(INJURIES)  # the injury draw uses the same generator
    assert survival_phase(r, report, random.Random(2026)) == outcomes


def test_a_given_roll_is_used_and_others_are_rolled():
    r = roster(member("Mint", "boss"), *grunts(2))
    report = side(
        "failed", ("Grunt 1", "seriously-wounded"), ("Grunt 2", "seriously-wounded"),
        rolls={"Grunt 1": 3},
    )  # fmt: skip

    first, second = (o for o in survival_phase(r, report, random.Random(5)) if o.roll)

    assert (first.roll, first.rolled_at_table) == (3, True)
    assert (second.roll, second.rolled_at_table) == (random.Random(5).randint(1, 6), False)


def test_every_model_that_fought_gets_an_outcome_in_roster_order():
    r = roster(
        member("Mint", "boss"),
        member("Pierce", "top"),
        member("Resting", "grunt", status="recovering"),
        member("Sung", "grunt"),
        member("Prisoner", "grunt", status="captured"),
        member("Song", "grunt"),
        member("Gone", "grunt", status="dead"),
        member("Ling", "grunt"),
        member("Lang", "grunt"),
    )
    report = side(
        "failed", ("Pierce", "stunned"), ("Sung", "wounded"), ("Song", "killed"),
        ("Ling", "violent-death"), ("Lang", "captured"),
    )  # fmt: skip

    outcomes = survival_phase(r, report, random.Random(1))

    assert [(o.member, o.state, o.result, o.status, o.roll) for o in outcomes] == [
        ("Mint", "unhurt", battle.UNHURT, "active", None),
        ("Pierce", "stunned", battle.RECOVERS, "active", None),
        ("Sung", "wounded", battle.RECOVERS, "active", None),
        ("Song", "killed", battle.KILLED, "dead", None),
        ("Ling", "violent-death", battle.KILLED, "dead", None),
        ("Lang", "captured", battle.CAPTURED, "captured", None),
    ]


# --- reputation -----------------------------------------------------------------------------


def awards_of(r, s, survival=None):
    survival = survival_phase(r, s, random.Random(1)) if survival is None else survival
    return {
        (a.member, a.deed): (a.count, a.rp, a.doubled) for a in award_reputation(r, s, survival)
    }


KEY_CHARACTERS = roster(
    member("Mint", "boss"),
    member("Pierce", "top"),
    member("Doc", "doc"),
    member("Radio", "specialist"),
    member("Chavez", "veteran"),
    member("Sung", "grunt"),
    member("Smith", "recruit"),
)


@pytest.mark.parametrize(
    "outcome, mission", [("full", {"mission-full": (1, 2, False)}),
                         ("partial", {"mission-partial": (1, 1, False)}), ("failed", {})]
)  # fmt: skip
def test_key_characters_earn_rp_for_taking_part_and_for_the_mission(outcome, mission):
    awards = awards_of(KEY_CHARACTERS, side(outcome))

    for name in ("Mint", "Pierce", "Doc", "Radio"):
        mine = {deed: v for (who, deed), v in awards.items() if who == name}
        assert mine == {"took-part": (1, 1, False), **mission}


def test_base_characters_earn_nothing():
    report = side(
        "full", ("Chavez", "wounded"),
        deeds=[Deeds("Chavez", {"out_of_action": 3, "malice": 1}), Deeds("Sung", {"sarcasm": 2})],
    )  # fmt: skip

    awarded = {who for who, _ in awards_of(KEY_CHARACTERS, report)}

    assert awarded == {"Mint", "Pierce", "Doc", "Radio"}


def test_one_rp_per_enemy_put_out_of_action():
    awards = awards_of(
        KEY_CHARACTERS, side("failed", deeds=[Deeds("Pierce", {"out_of_action": 3})])
    )

    assert awards[("Pierce", "out-of-action")] == (3, 3, False)
    assert ("Mint", "out-of-action") not in awards


@pytest.mark.parametrize("state", ["wounded", "seriously-wounded"])
def test_a_wound_survived_earns_1_rp(state):
    report = side("failed", ("Pierce", state), rolls={"Pierce": 4} if "serious" in state else {})

    assert awards_of(KEY_CHARACTERS, report)[("Pierce", "wound-survived")] == (1, 1, False)


def test_no_rp_for_a_wound_the_model_died_of_in_the_survival_phase():
    report = side(
        "failed", ("Pierce", "seriously-wounded"), ("Doc", "stunned"), rolls={"Pierce": 1}
    )

    awards = awards_of(KEY_CHARACTERS, report)

    assert ("Pierce", "wound-survived") not in awards
    assert awards[("Pierce", "took-part")] == (1, 1, False)


@pytest.mark.parametrize("state", ["stunned", "killed", "violent-death", "captured", "unhurt"])
def test_other_states_are_no_wound_survived(state):
    assert ("Pierce", "wound-survived") not in awards_of(
        KEY_CHARACTERS, side("full", ("Pierce", state))
    )


@pytest.mark.parametrize("deed, ability", [("malice", "mean"), ("sarcasm", "wisecracker"),
                                           ("wealth", "greedy")])  # fmt: skip
def test_logged_deeds_earn_rp_doubled_by_their_ability(deed, ability):
    r = roster(
        member("Mint", "boss", abilities=(ability,)),
        member("Pierce", "top"),
        member("Kang", "top", abilities=(Ability(ability, "advance"),)),
    )
    deeds = [Deeds(name, {deed: 2}) for name in ("Mint", "Pierce", "Kang")]

    awards = awards_of(r, side("failed", deeds=deeds))

    assert awards[("Mint", deed)] == (2, 4, True)
    assert awards[("Pierce", deed)] == (2, 2, False)
    assert awards[("Kang", deed)] == (2, 4, True)


def test_an_ability_doubles_only_its_own_deed():
    r = roster(member("Mint", "boss", abilities=("mean",)))

    awards = awards_of(r, side("full", deeds=[Deeds("Mint", {"out_of_action": 1, "sarcasm": 1})]))

    assert all(not doubled for (_, _, doubled) in awards.values())
    assert awards[("Mint", "sarcasm")] == (1, 1, False)


def test_models_that_did_not_fight_earn_nothing():
    r = roster(
        member("Mint", "boss"),
        member("Pierce", "top", status="recovering"),
        member("Doc", "doc", status="captured"),
        member("Radio", "specialist", status="dead"),
    )

    assert {who for who, _ in awards_of(r, side("full"))} == {"Mint"}


def test_a_house_reputation_table_changes_the_awards():
    table = reputation_from_json({"took-part": 0, "mission-full": 5})
    survival = survival_phase(KEY_CHARACTERS, side("full"), random.Random(1))

    awards = award_reputation(KEY_CHARACTERS, side("full"), survival, table)

    assert {(a.member, a.deed, a.rp) for a in awards if a.member == "Mint"} == {
        ("Mint", "took-part", 0),
        ("Mint", "mission-full", 5),
    }


# --- a whole side, and the squad afterwards -------------------------------------------------


def campaign_squad():
    return roster(
        member("Mint", "boss", abilities=("aggressive", "wisecracker"), rp=4),
        member("Pierce", "top", abilities=("lame",), rp=1),
        member("Doc", "doc", abilities=("fast",)),
        member("Smith", "recruit"),
        member("Sung", "grunt"),
        member("Song", "grunt"),
        member("Ling", "grunt"),
        member("Resting", "grunt", status="recovering"),
        member("Prisoner", "grunt", status="captured"),
        member("Gone", "grunt", status="dead"),
    )


def test_resolve_side_scores_runs_the_survival_phase_and_awards_reputation():
    r = campaign_squad()
    report = side(
        "partial", ("Smith", "killed"), ("Pierce", "seriously-wounded"), ("Sung", "captured"),
        deeds=[Deeds("Mint", {"sarcasm": 1, "out_of_action": 1})], rolls={"Pierce": 3},
    )  # fmt: skip

    result = resolve_side(r, report, random.Random(3))

    assert result.score == score_side(r, report)
    assert result.survival == survival_phase(r, report, random.Random(3))
    assert result.reputation == award_reputation(r, report, result.survival)
    assert result.score.total_vp == 25 - 3 - 8


def test_roster_after_applies_statuses_abilities_and_rp():
    r = campaign_squad()
    report = side(
        "full", ("Smith", "killed"), ("Pierce", "seriously-wounded"), ("Sung", "captured"),
        ("Song", "seriously-wounded"), ("Ling", "seriously-wounded"), ("Doc", "stunned"),
        deeds=[Deeds("Mint", {"sarcasm": 1})], rolls={"Pierce": 2, "Song": 3, "Ling": 6},
    )  # fmt: skip

    result = resolve_side(r, report, random.Random(8))
    after = roster_after(r, result)

    pierce_gained = next(o.gained for o in result.survival if o.member == "Pierce")
    assert pierce_gained in ("crippled", "weak", "coward")  # never "lame", which he has
    assert {m.name: m.status for m in after.members} == {
        "Mint": "active",
        "Pierce": "active",
        "Doc": "active",
        "Smith": "dead",
        "Sung": "captured",
        "Song": "recovering",
        "Ling": "active",
        "Resting": "active",  # it has now missed its battle
        "Prisoner": "active",
        "Gone": "dead",
    }
    by_name = {m.name: m for m in after.members}
    assert by_name["Pierce"].abilities == (Ability("lame"), Ability(pierce_gained, "injury"))
    assert by_name["Ling"].abilities == (Ability("frightening-scars", "injury"),)
    assert by_name["Song"].abilities == ()
    # Mint: 4 + took part 1 + full success 2 + sarcasm 1 doubled; Pierce: 1 + 1 + 2 + wound 1.
    rp = {name: m.record.get("rp", 0) for name, m in by_name.items()}
    assert (rp["Mint"], rp["Pierce"], rp["Doc"]) == (4 + 5, 1 + 4, 3)
    assert rp["Sung"] == 0
    assert after.name == r.name and after.faction == r.faction


def test_roster_after_leaves_everything_else_as_it_was():
    r = campaign_squad()

    after = roster_after(r, resolve_side(r, side("failed"), random.Random(1)))

    for before, now in zip(r.members, after.members, strict=True):
        assert (now.name, now.type, now.equipment, now.abilities, now.record.get("cv_loss"),
                now.record.get("assists")) == (
            before.name, before.type, before.equipment, before.abilities,
            before.record.get("cv_loss"), before.record.get("assists"),
        )  # fmt: skip


def test_rp_never_go_below_zero():
    harsh = reputation_from_json({"took-part": -5, "mission-full": -3})
    r = roster(member("Mint", "boss", rp=6), member("Pierce", "top", rp=2), member("Doc", "doc"))
    report = side("full")

    result = resolve_side(r, report, random.Random(1), reputation_table=harsh)
    after = roster_after(r, result)

    assert [m.record.get("rp", 0) for m in after.members] == [0, 0, 0]
    failed = resolve_side(r, side("failed"), random.Random(1), reputation_table=harsh)
    assert roster_after(r, failed).members[0].record["rp"] == 1


def test_roster_after_never_revives_the_dead():
    r = roster(member("Gone", "top", status="dead", rp=3), member("Mint", "boss"))

    after = roster_after(r, resolve_side(r, side("full"), random.Random(1)))

    assert after.members[0] == r.members[0]
