"""Voiding battles undoes them exactly (issue #4, item 4).

The main test generates sequences of 1 to 4 battles between the two enrolled demo squads
(hypothesis, derandomized, 25 sequences): random mission outcomes; casualties among the
models still active, in every end state, treated or not; deeds; survival rolls given for
some seriously wounded models (the others rolled by a seeded generator); house rules that
change the reputation awards, negative ones included, so RP clamping at 0 happens. The
battles are applied at once or confirmed by the organiser or the opponent, then voided from
the last to the first. After each void every stored value of both squads, their members,
equipment and abilities (all columns but ``Squad.version`` and ``Squad.updated``) must be
what it was before that battle; ``version`` and ``updated`` must move on every apply and
every void. Voiding a battle that
is not the squads' latest must be refused and change nothing, and the standings must
follow: VP (computed here from section 6 of the rules) while the battles stand, zero once
they are all voided. A sequence ends early when a squad is no longer valid (a dead Boss, a
machine gun without its assistant, ...): its next report must be refused, changing nothing.

Each generated sequence runs in a transaction rolled back at its end, so each starts from
the freshly enrolled squads. ``pytest --hypothesis-show-statistics`` lists what the
sequences covered (deaths, injuries, models back from recovery, RP clamped at 0, ...).
"""

import random
from contextlib import contextmanager

import pytest
from django.db import transaction
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st

from campaigns import selectors, services
from campaigns.adapters import load_rosters
from campaigns.models import Battle, HistoryEntry
from rosters.models import Ability, Equipment, Member, Squad
from rules import get_system
from rules.black_sun.tables import REPUTATION_DEEDS
from tests.campaigns.conftest import report

pytestmark = pytest.mark.django_db

STATES = ("unhurt", "stunned", "wounded", "seriously-wounded", "killed", "violent-death")
STATES += ("captured",)
# Drawn from: every state, seriously wounded (survival rolls, injuries, scars) more often, and
# death less often, so that more sequences run to 4 battles before a squad turns invalid.
STATE_DRAWS = (*STATES, "seriously-wounded", "stunned", "wounded", "captured", "seriously-wounded")
OUTCOMES = ("full", "partial", "failed")
DEED_COUNTS = ("out_of_action", "malice", "sarcasm", "wealth")

# Section 6 of the rules, restated: mission VP, and VP lost per casualty by base CV.
MISSION_VP = {"full": 50, "partial": 25, "failed": 0}
BASE_CV = {"boss": 5, "top": 4, "veteran": 4, "grunt": 3, "recruit": 2, "doc": 2, "specialist": 2}
VETERAN = {"killed": 5, "violent-death": 5, "seriously-wounded": 4, "wounded": 2}
EXPERIENCED = {"killed": 4, "violent-death": 4, "seriously-wounded": 3, "wounded": 2}
BLUE = {"killed": 3, "violent-death": 3, "seriously-wounded": 2, "wounded": 1}
VP_LOST = {5: VETERAN, 4: VETERAN, 3: EXPERIENCED, 2: BLUE}
LEADERS = {"boss", "top"}


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@contextmanager
def rolled_back():
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


# --- what is stored -------------------------------------------------------------------------

UNCOMPARED = {"version", "updated"}  # they must change on every edit


def stored(entries) -> dict:
    """Every stored value of the squads, members, equipment and abilities, in pk order."""
    ids = sorted(entry.squad_id for entry in entries)
    squads = [
        {k: v for k, v in row.items() if k not in UNCOMPARED}
        for row in Squad.objects.filter(pk__in=ids).order_by("pk").values()
    ]
    return {
        "squads": squads,
        "members": list(Member.objects.filter(squad__in=ids).order_by("pk").values()),
        "equipment": list(Equipment.objects.filter(member__squad__in=ids).order_by("pk").values()),
        "abilities": list(Ability.objects.filter(member__squad__in=ids).order_by("pk").values()),
    }


def versions(entries) -> dict[int, int]:
    return dict(
        Squad.objects.filter(pk__in=[e.squad_id for e in entries]).values_list("pk", "version")
    )


def test_the_snapshot_holds_every_column(campaign, enrolled):
    snapshot = stored(enrolled)
    columns = {
        "squads": {f.attname for f in Squad._meta.concrete_fields} - UNCOMPARED,
        "members": {f.attname for f in Member._meta.concrete_fields},
        "equipment": {f.attname for f in Equipment._meta.concrete_fields},
        "abilities": {f.attname for f in Ability._meta.concrete_fields},
    }
    for table, names in columns.items():
        assert snapshot[table] and all(set(row) == names for row in snapshot[table]), table
    assert len(snapshot["squads"]) == 2 and len(snapshot["members"]) == 24


# --- what a battle is worth -----------------------------------------------------------------


def expected_vp(side: dict, types: dict[str, str]) -> int:
    lost = 0
    for casualty in side.get("casualties", []):
        member_type = types[casualty["member"]]
        vp = VP_LOST[BASE_CV[member_type]].get(casualty["state"], 0)
        lost += vp * (2 if member_type in LEADERS else 1)
    return MISSION_VP[side["outcome"]] - lost


def check_standings(campaign, entries, applied: list[dict]) -> None:
    """``applied``: for each battle that stands, {entry pk: (VP, placing, casualties)}."""
    rows = {row.entry.pk: row for row in selectors.standings(campaign)}
    for entry in entries:
        mine = [battle[entry.pk] for battle in applied]
        row = rows[entry.pk]
        assert row.vp == sum(vp for vp, _place, _lost in mine)
        assert row.battles == len(mine)
        assert (row.wins, row.draws, row.losses) == tuple(
            sum(1 for _vp, place, _lost in mine if place == wanted)
            for wanted in ("win", "draw", "loss")
        )
        assert row.casualties == sum(lost for _vp, _place, lost in mine)


# --- generated battles ----------------------------------------------------------------------

# The reputation table of the house rules ({} = the defaults): awards from -4 to 3 RP.
house_rules = st.fixed_dictionaries(
    {}, optional={deed: st.integers(-4, 3) for deed in sorted(REPUTATION_DEEDS)}
).map(lambda awards: {"reputation": awards} if awards else {})


def draw_side(data, entry, label: str) -> dict:
    """Casualties, deeds and rolls for the models of ``entry`` that are active now."""
    active = list(
        Member.objects.filter(squad=entry.squad_id, status=Member.Status.ACTIVE)
        .order_by("position", "pk")
        .values_list("name", flat=True)
    )
    names = st.sampled_from(active) if active else st.nothing()
    casualties, rolls = [], {}
    for name in data.draw(st.lists(names, unique=True, max_size=3), label=f"{label} casualties"):
        state = data.draw(st.sampled_from(STATE_DRAWS), label=f"{label} {name}")
        casualty = {"member": name, "state": state}
        treated = data.draw(st.sampled_from((None, False, True)), label=f"{label} treated")
        if treated is not None:
            casualty["treated"] = treated
        casualties.append(casualty)
        if state == "seriously-wounded":
            roll = data.draw(st.none() | st.integers(1, 6), label=f"{label} {name} roll")
            if roll is not None:
                rolls[name] = roll
    deeds = []
    for name in data.draw(st.lists(names, unique=True, max_size=3), label=f"{label} deeds"):
        counts = data.draw(
            st.fixed_dictionaries({}, optional={k: st.integers(0, 3) for k in DEED_COUNTS}),
            label=f"{label} {name} deeds",
        )
        deeds.append({"member": name, **counts})
    side = {"casualties": casualties, "deeds": deeds}
    if rolls:
        side["survival_rolls"] = rolls
    return side


def invalid_squads(entries) -> list[str]:
    """Squads the rules say are no longer valid (a dead Boss, too few models, ...)."""
    game = get_system("black-sun")
    loaded = load_rosters([entry.squad_id for entry in entries])
    return [
        loaded[e.squad_id].roster.name for e in entries if game.validate(loaded[e.squad_id].roster)
    ]


def play_and_void(data, campaign, enrolled, organiser, user, other_user) -> None:
    us, vc = enrolled
    campaign = services.campaign_update(
        campaign=campaign, name=campaign.name, description="", points_limit=campaign.points_limit,
        is_public=False, apply_at_once=data.draw(st.booleans(), label="apply at once"),
        house_rules=data.draw(house_rules, label="house rules"),
    )  # fmt: skip
    types = {
        entry.pk: dict(Member.objects.filter(squad=entry.squad_id).values_list("name", "type"))
        for entry in enrolled
    }
    states = [stored(enrolled)]  # states[k]: before battle k (0-based)
    battles: list[Battle] = []
    applied: list[dict] = []
    for number in range(1, data.draw(st.integers(1, 4), label="battles") + 1):
        outcomes = [data.draw(st.sampled_from(OUTCOMES), label="outcome") for _ in enrolled]
        sides = [
            draw_side(data, entry, f"battle {number} {entry.squad.name}") for entry in enrolled
        ]
        document = report(
            us, vc, us_outcome=outcomes[0], nva_outcome=outcomes[1],
            us_side=sides[0], nva_side=sides[1],
        )  # fmt: skip
        sender = data.draw(st.sampled_from([user, other_user]), label="sent by")
        rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="seed"))
        before = versions(enrolled)
        dead = set(Member.objects.filter(status="dead").values_list("pk", flat=True))
        if invalid_squads(enrolled):
            # A dead Boss or too few models: the squad must recruit before it fights again.
            with pytest.raises(services.ReportRefused) as refused:
                services.battle_submit(campaign=campaign, user=sender, document=document, rng=rng)
            assert all("is not valid" in message for _path, message in refused.value.problems)
            assert stored(enrolled) == states[-1] and versions(enrolled) == before
            event("a report refused: a squad is no longer valid")
            break
        battle = services.battle_submit(
            campaign=campaign, user=sender, document=document, rng=rng
        ).battle
        assert battle.number == number
        if not campaign.apply_at_once:
            assert battle.status == Battle.Status.PENDING
            assert stored(enrolled) == states[-1]  # nothing applied yet
            opponent = other_user if sender == user else user
            decider = data.draw(st.sampled_from([organiser, opponent]), label="confirmed by")
            services.battle_confirm(battle=battle, user=decider, rng=rng)
        battle.refresh_from_db()
        assert battle.status == Battle.Status.CONFIRMED and battle.applied_seq == number
        after = versions(enrolled)
        assert all(after[pk] > before[pk] for pk in before), "a battle must raise the version"
        assert dead <= set(Member.objects.filter(status="dead").values_list("pk", flat=True))
        vps = [expected_vp(side, types[entry.pk]) for side, entry in zip(
            document["sides"], enrolled, strict=True)]  # fmt: skip
        best = max(vps)
        places = [
            ("draw" if vps.count(best) > 1 else "win") if vp == best else "loss" for vp in vps
        ]
        lost = [sum(1 for c in side["casualties"] if c["state"] != "unhurt") for side in sides]
        applied.append(
            {
                e.pk: (vp, place, n)
                for e, vp, place, n in zip(enrolled, vps, places, lost, strict=True)
            }
        )
        check_standings(campaign, enrolled, applied)
        assert {s.entry_id: s.total_vp for s in battle.sides.all()} == {
            pk: vp for pk, (vp, _place, _lost) in applied[-1].items()
        }
        battles.append(battle)
        states.append(stored(enrolled))

    assert battles, "the enrolled squads are valid: their first battle is always applied"
    describe_coverage(battles, campaign.apply_at_once)
    for k in reversed(range(len(battles))):
        latest = battles[k]
        for earlier in battles[:k]:
            before = versions(enrolled)
            with pytest.raises(
                services.ServiceError, match=rf"battle {latest.number} was fought later"
            ):
                services.battle_void(battle=earlier, user=organiser)
            assert Battle.objects.get(pk=earlier.pk).status == Battle.Status.CONFIRMED
            assert stored(enrolled) == states[k + 1] and versions(enrolled) == before
        before = versions(enrolled)
        services.battle_void(battle=latest, user=organiser)
        assert stored(enrolled) == states[k], f"voiding battle {latest.number} left a trace"
        after = versions(enrolled)
        assert all(after[pk] > before[pk] for pk in before), "a void must raise the version"
        latest.refresh_from_db()
        assert latest.status == Battle.Status.VOIDED and latest.voided_by == organiser
        check_standings(campaign, enrolled, applied[:k])
    assert stored(enrolled) == states[0]
    assert [(r.vp, r.battles, r.casualties) for r in selectors.standings(campaign)] == [
        (0, 0, 0)
    ] * 2
    with pytest.raises(services.ServiceError, match="only a confirmed battle"):
        services.battle_void(battle=battles[-1], user=organiser)


def describe_coverage(battles: list[Battle], at_once: bool) -> None:
    """What a sequence exercised (``pytest --hypothesis-show-statistics`` lists it)."""
    history = HistoryEntry.objects.filter(battle__in=battles)
    event(f"{len(battles)} battle(s) applied {'at once' if at_once else 'on confirmation'}")
    for kind, label in (("ability", "an ability gained"), ("returns", "a model back")):
        if history.filter(kind=kind).exists():
            event(label)
    if history.filter(kind="status", after="dead").exists():
        event("a model died")
    if history.filter(kind="survival", params__at_table=True).exists():
        event("a survival roll given at the table")
    rp = list(history.filter(kind="rp").values_list("before", "after", "params"))
    if any(
        params["rp"] < 0 and after == 0 and before + params["rp"] < 0
        for before, after, params in rp
    ):
        event("RP clamped at 0 (with a change)")
    if any(params["rp"] < 0 for _before, _after, params in rp):
        event("RP lowered by a house rule")


@settings(
    max_examples=25,
    derandomize=True,
    deadline=None,
    database=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],  # no explain: faster
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,  # each example runs in its own rolled-back block
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
@given(data=st.data())
def test_generated_battles_voided_last_first_leave_no_trace(
    data, campaign, enrolled, organiser, user, other_user
):
    with rolled_back():
        play_and_void(data, campaign, enrolled, organiser, user, other_user)


# --- examples -------------------------------------------------------------------------------


def rp_of(entry, name: str) -> int:
    return Member.objects.get(squad=entry.squad_id, name=name).record["rp"]


def test_rp_clamped_at_zero_comes_back_exactly(campaign, enrolled, user, organiser):
    """Took part -3: RP that would go below 0 stop at 0, and voiding gives back what was lost."""
    us, vc = enrolled
    campaign = services.campaign_update(
        campaign=campaign, name=campaign.name, description="", points_limit=200,
        is_public=False, apply_at_once=True,
        house_rules={"reputation": {"took-part": -3, "mission-full": 2, "out-of-action": 1}},
    )  # fmt: skip
    before = stored(enrolled)
    mint = "Capt. Steven Mint"
    won = report(us, vc, us_side={"deeds": [{"member": mint, "out_of_action": 2}]})
    lost = report(us, vc, us_outcome="failed")
    battles, rps = [], []
    for document in (won, lost, lost, lost):
        battles.append(
            services.battle_submit(campaign=campaign, user=user, document=document).battle
        )
        rps.append((rp_of(us, mint), rp_of(us, "Sgt. Harry Pierce"), rp_of(vc, "Kang Thang")))
    # Mint: 0 -3 -> 0, +2, +2 = 4; then 4 - 3 = 1; then 1 - 3 -> 0; then 0 stays 0.
    assert rps == [(4, 2, 0), (1, 0, 0), (0, 0, 0), (0, 0, 0)]
    clamped = HistoryEntry.objects.get(battle=battles[2], member__name=mint, kind="rp")
    assert (clamped.before, clamped.after, clamped.params["rp"]) == (1, 0, -3)
    assert not HistoryEntry.objects.filter(battle=battles[3], member__name=mint, kind="rp")
    for battle, wanted in zip(reversed(battles), [(0, 0, 0), (1, 0, 0), (4, 2, 0)], strict=False):
        services.battle_void(battle=battle, user=organiser)
        assert (rp_of(us, mint), rp_of(us, "Sgt. Harry Pierce"), rp_of(vc, "Kang Thang")) == wanted
    services.battle_void(battle=battles[0], user=organiser)
    assert stored(enrolled) == before


def test_a_model_back_from_recovery_goes_back_to_recovering(campaign, enrolled, user, organiser):
    """Captured or recovering in battle 1, active again after battle 2: voiding 2 restores it."""
    us, vc = enrolled
    campaign.apply_at_once = True
    campaign.save()
    first = report(
        us, vc,
        us_side={"casualties": [{"member": "Ling", "state": "seriously-wounded"},
                                {"member": "Song", "state": "captured"}],
                 "survival_rolls": {"Ling": 3}},
    )  # fmt: skip
    one = services.battle_submit(campaign=campaign, user=user, document=first).battle
    after_one = stored(enrolled)
    statuses = dict(Member.objects.filter(squad=us.squad_id).values_list("name", "status"))
    assert (statuses["Ling"], statuses["Song"]) == ("recovering", "captured")
    two = services.battle_submit(campaign=campaign, user=user, document=report(us, vc)).battle
    statuses = dict(Member.objects.filter(squad=us.squad_id).values_list("name", "status"))
    assert (statuses["Ling"], statuses["Song"]) == ("active", "active")
    services.battle_void(battle=two, user=organiser)
    assert stored(enrolled) == after_one
    services.battle_void(battle=one, user=organiser)
    statuses = dict(Member.objects.filter(squad=us.squad_id).values_list("name", "status"))
    assert set(statuses.values()) == {"active"}


def updated_times(entries) -> dict:
    return dict(
        Squad.objects.filter(pk__in=[e.squad_id for e in entries]).values_list("pk", "updated")
    )


def test_applying_and_voiding_a_battle_moves_the_squads_updated_time(
    campaign, enrolled, user, organiser
):
    us, vc = enrolled
    campaign.apply_at_once = True
    campaign.save()
    before = updated_times(enrolled)
    battle = services.battle_submit(campaign=campaign, user=user, document=report(us, vc)).battle
    applied = updated_times(enrolled)
    services.battle_void(battle=battle, user=organiser)
    voided = updated_times(enrolled)
    assert all(before[pk] < applied[pk] < voided[pk] for pk in before)
