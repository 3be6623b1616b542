"""What Necromunda's gang sheet and reference card print (docs/games/necromunda.md 6, 7)."""

from rules.necromunda import reference
from rules.necromunda.sheet import fighter, reference_context, squad_context
from rules.types import Equipment, Member, Roster


def member(name, type_="ganger", *items, advances=None, status="active"):
    equipment = tuple(Equipment(i) if isinstance(i, str) else Equipment(*i) for i in items)
    return Member(name, type_, equipment, status=status,
                  record={"advances": advances} if advances else {})  # fmt: skip


def same(text):
    return text


def mark(text):  # a "translation" that shows where translate was applied
    return "@" + text


RATS = Roster("necromunda", "The Rust Rats", "Orlock", (
    member("Mak McMadd", "leader", "bolt-pistol", "sword", "carapace",
           advances={"ws": 1, "bs": 1, "ld": 1}),
    member("Hollis", "ganger", "heavy-stubber", "laspistol"),
    member("Pip", "kid", "autopistol", "frag-grenades"),
    member("Old Jeb", "ganger", "lasgun", status="dead"),
    member("Sleepy", "ganger", status="recovering"),
), None)  # fmt: skip


def by_code(row):
    return {w["code"]: w for w in row["weapons"]}


# --- header ---------------------------------------------------------------------------------


def test_header_extras():
    context = squad_context(RATS, None, False, same)

    assert context["game"] == "Necromunda"
    assert context["faction"] == {"label": "Orlock"}
    assert context["leader"]["name"] == "Mak McMadd"
    assert context["leader"]["ld"] == 8
    assert context["leader"]["label"] == 'within 6": fighters may use it'
    assert context["fighters"] == 4  # the dead are not counted
    assert context["bottle_at"] == 1  # four active fighters
    assert context["bottle_label"] == "bottle test at 1 down or out of action"
    assert context["voluntary_label"] == "voluntary bottle from 2"
    assert context["points_label"] == "points: not costed"
    assert context["leader"]["ld_label"] == "Ld"
    assert [c["label"] for c in context["characteristics"]] == [
        "M", "WS", "BS", "S", "T", "W", "I", "A", "Ld",
    ]  # fmt: skip


def test_a_gang_without_leader_says_so():
    gang = Roster("necromunda", "Leaderless", "", (member("Vance"),), None)
    context = squad_context(gang, None, False, same)

    assert context["leader"] is None
    assert context["no_leader"] == "no leader"


def test_models_in_roster_order_the_dead_only_when_asked_and_flagged():
    living = squad_context(RATS, None, False, same)["models"]
    everyone = squad_context(RATS, None, True, same)["models"]

    assert [m["type"] for m in living] == ["Gang leader", "Ganger", "Kid", "Ganger"]
    assert len(everyone) == 5
    assert [m["fallen"] for m in everyone] == [False, False, False, True, False]


def test_how_many_fallen_the_sheet_lists_apart():
    assert squad_context(RATS, None, True, same)["fallen"] == 1
    assert squad_context(RATS, None, False, same)["fallen"] == 0  # the dead left out


# --- a fighter's row ------------------------------------------------------------------------


def test_characteristics_mark_each_advance():
    mak = fighter(RATS.members[0], same)

    texts = [c["text"] for c in mak["characteristics"]]
    assert texts == ["4", "4 (+1)", "4 (+1)", "3", "3", "1", "3", "1", "8 (+1)"]
    under = [c["advance_label"] for c in mak["characteristics"]]
    assert under == ["", "(+1)", "(+1)", "", "", "", "", "", "(+1)"]
    assert fighter(member("Hurt", advances={"t": -1}), same)["characteristics"][4]["text"] == (
        "2 (−1)"
    )


def test_a_fighters_figures():
    mak, hollis, pip = (fighter(m, same) for m in RATS.members[:3])

    # marked on the type, printed once for the gang (squad_context's profile_note)
    assert (mak["completed_from_ganger"], pip["completed_from_ganger"]) == (True, True)
    assert hollis["completed_from_ganger"] is False
    assert "type_note" not in mak
    assert (mak["to_hit"], mak["to_hit_label"], mak["attack_dice"]) == (3, "3+", 2)
    assert (mak["run"], mak["charge"]) == (8, 8)
    assert mak["move_label"] == '8" / 8"'
    assert mak["armour"] == "Carapace 4+" and mak["save"] == 4
    assert hollis["armour"] == "—"
    assert hollis["encumbered"] and hollis["encumbered_label"] == "encumbered −1"
    assert mak["encumbered_label"] == ""
    assert pip["note"] == "kid: does not steady a pinned friend"
    assert mak["note"] == ""
    assert mak["wound_boxes"] == 1


def test_tick_boxes_one_per_wound_and_per_flesh_wound_until_ws_and_bs_are_0():
    tough = fighter(member("Tough", "ganger", advances={"w": 2, "ws": 2}), same)  # W 3, WS 5
    weak = fighter(member("Weak", "kid", advances={"w": -1, "ws": -2, "bs": -2}), same)

    assert (tough["wound_boxes"], tough["flesh_wound_boxes"]) == (3, 5)
    assert (len(tough["wound_ticks"]), len(tough["flesh_wound_ticks"])) == (3, 5)
    assert (len(weak["wound_ticks"]), len(weak["flesh_wound_ticks"])) == (0, 1)


def test_grenade_range_only_when_carrying_grenades():
    assert fighter(RATS.members[2], same)["grenade_range_label"] == '8"'
    assert fighter(RATS.members[0], same)["grenade_range"] is None
    assert fighter(RATS.members[0], same)["grenade_range_label"] == ""
    weak = fighter(member("Weak", "ganger", "krak-grenades", advances={"s": -3}), same)
    assert weak["grenades"] and weak["grenade_range_label"] == "—"


def test_weapon_lines_with_this_fighters_numbers():
    weapons = by_code(fighter(RATS.members[1], same))  # Hollis, BS 3

    assert list(weapons) == ["heavy-stubber", "laspistol", "knife"]
    laspistol = weapons["laspistol"]
    assert (laspistol["short"], laspistol["long"]) == ('0–8"', '8–16"')
    assert (laspistol["hit_short"], laspistol["hit_long"]) == ("2+", "5+")
    assert (laspistol["strength"], laspistol["save_modifier"], laspistol["ammo"]) == (
        "3", "—", "2+",
    )  # fmt: skip
    stubber = weapons["heavy-stubber"]
    assert (stubber["hit_short"], stubber["hit_long"]) == ("—", "—")
    assert stubber["notes"] == ["sustained fire (value not in these rules)"]
    assert stubber["missing"] is True


def test_the_free_knife_is_always_printed_with_the_fighters_s():
    strong = fighter(member("Brute", "ganger", "lasgun", advances={"s": 2}), same)  # S 5
    knife = by_code(strong)["knife"]

    assert knife["listed"] is False and knife["count"] == 1
    assert knife["strength"] == "5"
    assert knife["save_modifier"] == "−2"  # cc_save_modifier for S 5
    assert knife["notes"] == ["every fighter has one"]
    listed = by_code(fighter(member("Two", "ganger", ("knife", 2)), same))["knife"]
    assert listed["listed"] is True and listed["count"] == 2


def test_counts_of_the_same_weapon_add_up():
    weapons = fighter(member("Guns", "ganger", "laspistol", ("laspistol", 2)), same)["weapons"]

    assert [(w["code"], w["count"]) for w in weapons] == [("laspistol", 3), ("knife", 1)]


def test_great_shot_and_bad_shot_target_labels():
    ace = by_code(fighter(member("Ace", "ganger", "laspistol", advances={"bs": 5}), same))
    poor = by_code(fighter(member("Poor", "kid", "laspistol", advances={"bs": -1}), same))

    assert (ace["laspistol"]["hit_short"], ace["laspistol"]["hit_long"]) == ("2+", "2+")
    assert (poor["laspistol"]["hit_short"], poor["laspistol"]["hit_long"]) == (
        "4+", "6 then 4+",
    )  # fmt: skip


def test_special_cells():
    weapons = by_code(fighter(member("Kit", "ganger", "flamer", "smoke-grenades", "boltgun"),
                              same))  # fmt: skip

    assert weapons["flamer"]["short"] == "template"
    assert weapons["flamer"]["hit_short"] == "n/a"
    assert weapons["flamer"]["ammo"] == "4+"
    assert weapons["smoke-grenades"]["short"] == '8"'
    assert weapons["smoke-grenades"]["strength"] == "n/a"
    assert weapons["smoke-grenades"]["ammo"] == "always fails"
    assert weapons["boltgun"]["save_modifier"] == "−1"
    assert weapons["knife"]["ammo_box"] is False
    assert weapons["boltgun"]["ammo_box"] is True


def test_every_label_goes_through_translate():
    context = squad_context(RATS, None, False, mark)
    mak, hollis, pip = context["models"][:3]

    assert context["points_label"] == "@points: not costed"
    assert context["leader"]["label"] == '@within 6": fighters may use it'
    assert context["bottle_label"] == "@bottle test at 1 down or out of action"
    assert mak["type"] == "@Gang leader"
    assert context["profile_note"] == (
        "@Profile completed from the Ganger (the text prints only the Ganger's): "
        "@Gang leader, @Kid."
    )
    assert mak["characteristics"][1]["label"] == "@WS"
    assert mak["armour"] == "@Carapace 4+"
    assert by_code(mak)["sword"]["name"] == "@Sword"
    assert by_code(mak)["sword"]["notes"] == ["@parry"]
    assert by_code(mak)["sword"]["hit_short"] == "@n/a"
    assert hollis["encumbered_label"] == "@encumbered −1"
    assert pip["note"] == "@kid: does not steady a pinned friend"
    poor = fighter(member("Poor", "kid", "laspistol", advances={"bs": -1}), mark)
    assert by_code(poor)["laspistol"]["hit_long"] == "@6 then 4+"


# --- reference card -------------------------------------------------------------------------


def test_reference_context_gives_every_table_by_key_in_order():
    context = reference_context(same)

    assert context["order"] == [t.key.replace("-", "_") for t in reference.TABLES]
    wound = context["tables"]["wound_chart"]
    assert wound["key"] == "wound-chart"
    assert wound["rows"][0]["cells"] == [1, 4, 5, 6, 6, "N", "N", "N", "N", "N", "N"]
    assert context["tables"]["profiles"]["rows"][1]["starred"] is True


def test_reference_context_translates_and_fills_in_numbers():
    context = reference_context(mark)

    assert context["tables"]["to_hit"]["title"] == "@To hit by BS"
    assert context["tables"]["to_hit"]["columns"][0] == "@BS"
    assert context["tables"]["leadership"]["rows"][-1]["cells"][1].startswith('@within 6"')
    assert context["tables"]["bottle_test"]["rows"][-1]["cells"][1] == (
        "@with 2 or more down or out of action"
    )
    assert context["tables"]["terrain"]["rows"][3]["cells"][2] == ""  # never gettext("")


def test_the_completed_profiles_are_said_once_for_the_types_printed():
    # spec 1.2 and 6: the leader's and the kid's profiles are the product's, marked once on
    # the sheet, not on every row of those fighters (issue #28, item 4)
    note = squad_context(RATS, None, False, same)["profile_note"]
    assert note == (
        "Profile completed from the Ganger (the text prints only the Ganger's): Gang leader, Kid."
    )
    gangers = Roster("necromunda", "Gangers", "", (member("A", "ganger"), member("B", "ganger")))
    assert squad_context(gangers, None, False, same)["profile_note"] == ""
    leader = Roster("necromunda", "Lone", "", (member("A", "leader"), member("B", "ganger")))
    assert squad_context(leader, None, False, same)["profile_note"].endswith(": Gang leader.")
