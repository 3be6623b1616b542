"""Properties of the rules core over generated rosters and battles (Hypothesis)."""

import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import get_system
from rules.black_sun import battle, campaign, validation
from rules.black_sun.costs import cost
from rules.black_sun.data import ABILITIES, DEEDS, FACTIONS, ITEMS, MODEL_TYPES
from rules.black_sun.tables import CASUALTY_VP, MISSION_VP
from rules.documents import load_roster, parse_roster, roster_to_document
from rules.types import (
    ABILITY_SOURCES,
    MEMBER_STATUSES,
    Ability,
    Casualty,
    Deeds,
    Equipment,
    Member,
    Roster,
    Side,
)

FAST = settings(max_examples=100, deadline=None)
DEED_KEYS = tuple(deed.key for deed in DEEDS)
SYSTEM = get_system("black-sun")

CODES = set(re.findall(r"^([a-z][a-z-]+)\s{2,}", validation.__doc__, re.MULTILINE))
STATES = ("unhurt", "stunned", "wounded", "seriously-wounded", "killed", "violent-death",
          "captured")  # fmt: skip

# Names a document accepts: 1-100 characters, not only blanks, no control characters and no
# lone surrogates. A small pool makes duplicate names, and assistants of existing models,
# common enough to matter.
names = st.one_of(
    st.sampled_from(["Mint", "Pierce", "Ling", "Song", "Smith", "Él Niño"]),
    st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=30).filter(
        str.strip
    ),
)
equipment = st.builds(Equipment, st.sampled_from(sorted(ITEMS)), st.integers(1, 5))


@st.composite
def abilities(draw) -> Ability:
    code = draw(st.sampled_from(sorted(ABILITIES)))
    detail = draw(names) if ABILITIES[code].needs_detail else None
    return Ability(code, draw(st.sampled_from(ABILITY_SOURCES)), detail)


@st.composite
def rosters(draw, max_members: int = 20) -> Roster:
    member_names = draw(st.lists(names, max_size=max_members))
    members = []
    for name in member_names:
        assists = draw(
            st.one_of(
                st.none(),
                st.sampled_from(member_names),  # another member, or sometimes itself
                st.just(name),
                st.just("Nobody here"),
            )
        )
        members.append(
            Member(
                name=name,
                type=draw(st.sampled_from(sorted(MODEL_TYPES))),
                equipment=tuple(draw(st.lists(equipment, max_size=4))),
                abilities=tuple(draw(st.lists(abilities(), max_size=3))),
                status=draw(st.sampled_from(MEMBER_STATUSES)),
                record=SYSTEM.sparse_record(
                    {
                        "rp": draw(st.integers(0, 30)),
                        "cv_loss": draw(st.integers(0, 6)),
                        "assists": assists,
                    }
                ),
            )  # fmt: skip
        )
    return Roster(
        "black-sun",
        draw(names),
        draw(st.sampled_from(sorted(FACTIONS))),
        tuple(members),
        draw(st.integers(1, 400)),
    )


@st.composite
def permuted(draw):
    r = draw(rosters())
    shuffled = draw(st.permutations(r.members))
    return r, Roster(r.system, r.name, r.faction, tuple(shuffled), r.points_limit)


@st.composite
def battles(draw):
    """A roster (unique names) and a side of a battle it fought."""
    r = draw(rosters())
    unique = {}
    for m in r.members:
        unique.setdefault(m.name, m)
    r = Roster(r.system, r.name, r.faction, tuple(unique.values()), r.points_limit)
    hit = draw(st.lists(st.sampled_from(sorted(unique)), unique=True)) if unique else []
    casualties = tuple(Casualty(name, draw(st.sampled_from(STATES))) for name in hit)
    deeds = tuple(
        Deeds(name, dict(zip(DEED_KEYS, draw(st.tuples(*[st.integers(0, 3)] * 4)), strict=True)))
        for name in draw(st.lists(st.sampled_from(sorted(unique)), unique=True))
    ) if unique else ()  # fmt: skip
    seriously = [c.member for c in casualties if c.state == "seriously-wounded"]
    rolls = {name: draw(st.integers(1, 6)) for name in seriously if draw(st.booleans())}
    side = Side(draw(st.sampled_from(sorted(MISSION_VP))), r, None, casualties, deeds, rolls)
    return r, side


def sorted_violations(r: Roster):
    return sorted((v.code, v.member or "", v.message) for v in validation.validate(r))


@FAST
@given(rosters())
def test_validation_never_raises_and_names_real_members(r):
    found = validation.validate(r)

    names_in_squad = {m.name for m in r.members}
    for v in found:
        assert v.code in CODES
        assert v.member is None or v.member in names_in_squad
        assert v.message.endswith(".")
        if v.member is not None:
            assert v.member in v.message


@FAST
@given(rosters())
def test_points_are_the_sum_of_the_living_models_type_costs(r):
    total = cost(r)

    living = sum(MODEL_TYPES[m.type].cost for m in r.members if m.status != "dead")
    assert total.points == living
    assert total.points == sum(c.points for c in total.members if c.counts)
    assert [c.counts for c in total.members] == [m.status != "dead" for m in r.members]
    assert ("points-limit" in {v.code for v in validation.validate(r)}) == (
        total.points > r.points_limit
    )
    for m, c in zip(r.members, total.members, strict=True):
        model_type = MODEL_TYPES[m.type]
        assert (c.name, c.points, c.ep_allowed) == (m.name, model_type.cost, model_type.ep)
        assert 0 <= c.cv <= c.cv_base == model_type.cv
        assert c.armour in (1, 2)
        assert c.grenades >= FACTIONS[r.faction].free_grenades
        assert c.ep_spent >= 0


@FAST
@given(permuted())
def test_validation_and_cost_do_not_depend_on_member_order(pair):
    r, shuffled = pair

    assert sorted_violations(shuffled) == sorted_violations(r)
    assert cost(shuffled).points == cost(r).points
    assert sorted(cost(shuffled).members) == sorted(cost(r).members)


@FAST
@given(battles())
def test_vp_total_is_mission_vp_less_casualty_vp(pair):
    r, side = pair

    score = battle.score_side(r, side)

    assert score.mission_vp == MISSION_VP[side.outcome]
    assert score.casualty_vp == sum(line.vp for line in score.casualties) >= 0
    assert score.total_vp == score.mission_vp - score.casualty_vp
    assert len(score.casualties) == len(side.casualties)
    worst = max(vp for row in CASUALTY_VP.values() for vp in row.values())
    assert all(0 <= line.vp <= 2 * worst for line in score.casualties)


@FAST
@given(battles(), st.integers(0, 2**32))
def test_resolving_a_battle_never_raises_and_keeps_rp_at_zero_or_more(pair, seed):
    r, side = pair

    result = battle.resolve_side(r, side, random.Random(seed))
    after = campaign.roster_after(r, result)

    fought = [m.name for m in r.members if m.status == "active"]
    assert [o.member for o in result.survival] == fought
    assert [m.name for m in after.members] == [m.name for m in r.members]
    assert all(m.record.get("rp", 0) >= 0 for m in after.members)
    for before, now in zip(r.members, after.members, strict=True):
        if before.status == "dead":
            assert now == before


@FAST
@given(rosters())
def test_a_roster_round_trips_through_its_document(r):
    document = roster_to_document(r)

    assert parse_roster(document) == r
    assert load_roster(json.dumps(document, ensure_ascii=False)) == r
