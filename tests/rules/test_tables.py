"""House-rule tables (docs/games/black-sun.md 8-11) as JSON: the defaults round-trip,
nonsense is refused."""

import json

import pytest

from rules.black_sun.tables import (
    CASUALTY_VP,
    DEFAULT_REPUTATION_TABLE,
    DEFAULT_SURVIVAL_TABLE,
    DIES,
    FULL_RECOVERY,
    LASTING_INJURY,
    MISSES_NEXT_BATTLE,
    MISSION_VP,
    SCARS,
    ReputationTable,
    SurvivalRow,
    SurvivalTable,
    TableError,
    reputation_from_json,
    reputation_to_json,
    survival_from_json,
    survival_to_json,
)


def default_survival_json() -> dict:
    return survival_to_json(DEFAULT_SURVIVAL_TABLE)


def test_the_default_vp_tables_are_the_rulebooks():
    assert MISSION_VP == {"full": 50, "partial": 25, "failed": 0}
    assert CASUALTY_VP == {
        "veteran": {"dead": 5, "seriously-wounded": 4, "wounded": 2},
        "experienced": {"dead": 4, "seriously-wounded": 3, "wounded": 2},
        "blue": {"dead": 3, "seriously-wounded": 2, "wounded": 1},
    }


@pytest.mark.parametrize(
    "total, result",
    [(-3, DIES), (0, DIES), (1, DIES), (2, LASTING_INJURY), (3, MISSES_NEXT_BATTLE),
     (4, FULL_RECOVERY), (5, FULL_RECOVERY), (6, SCARS), (7, SCARS), (12, SCARS)],
)  # fmt: skip
def test_the_default_survival_table(total, result):
    assert DEFAULT_SURVIVAL_TABLE.result_for(total) == result


def test_the_default_survival_table_round_trips_through_json():
    text = json.dumps(default_survival_json())

    assert survival_from_json(json.loads(text)) == DEFAULT_SURVIVAL_TABLE
    assert default_survival_json() == {
        "rows": [
            {"low": None, "high": 1, "result": "dies"},
            {"low": 2, "high": 2, "result": "lasting-injury"},
            {"low": 3, "high": 3, "result": "misses-next-battle"},
            {"low": 4, "high": 5, "result": "full-recovery"},
            {"low": 6, "high": None, "result": "full-recovery-scars"},
        ],
        "doc_bonus": 1,
        "injuries": ["lame", "crippled", "weak", "coward"],
        "scar": "frightening-scars",
    }


def test_a_house_survival_table_is_read_in_any_row_order():
    data = {
        "rows": [
            {"low": 5, "high": None, "result": "full-recovery"},
            {"low": None, "high": 2, "result": "dies"},
            {"low": 3, "high": 4, "result": "lasting-injury"},
        ],
        "doc_bonus": 2,
        "injuries": ["lame", "greedy"],
        "scar": "fearless",
    }

    table = survival_from_json(data)

    assert table == SurvivalTable(
        (SurvivalRow(None, 2, DIES), SurvivalRow(3, 4, LASTING_INJURY),
         SurvivalRow(5, None, FULL_RECOVERY)),
        doc_bonus=2, injuries=("lame", "greedy"), scar="fearless",
    )  # fmt: skip
    results = [table.result_for(total) for total in (2, 3, 4, 5)]
    assert results == [DIES, LASTING_INJURY, LASTING_INJURY, FULL_RECOVERY]


def test_optional_keys_of_a_survival_table_take_the_defaults():
    table = survival_from_json({"rows": default_survival_json()["rows"]})

    assert table == DEFAULT_SURVIVAL_TABLE


def refused(data) -> TableError:
    with pytest.raises(TableError) as error:
        survival_from_json(data)
    return error.value


def with_rows(*rows) -> dict:
    return {"rows": [{"low": lo, "high": hi, "result": res} for lo, hi, res in rows]}


def test_a_gap_between_rows_is_refused():
    error = refused(with_rows((None, 1, DIES), (3, None, FULL_RECOVERY)))

    assert error.path == "survival.rows"
    assert "gap" in error.message


def test_overlapping_rows_are_refused():
    error = refused(with_rows((None, 2, DIES), (2, None, FULL_RECOVERY)))

    assert error.path == "survival.rows"
    assert "overlap" in error.message


def test_two_open_rows_are_refused():
    assert refused(with_rows((None, 1, DIES), (None, None, SCARS))).path == "survival.rows"


def test_the_lowest_row_must_have_no_lower_bound():
    error = refused(with_rows((1, 3, DIES), (4, None, FULL_RECOVERY)))

    assert (error.path, error.message) == (
        "survival.rows",
        "the lowest row must have no lower bound",
    )


def test_the_highest_row_must_have_no_upper_bound():
    error = refused(with_rows((None, 3, DIES), (4, 6, FULL_RECOVERY)))

    assert (error.path, error.message) == (
        "survival.rows",
        "the highest row must have no upper bound",
    )


@pytest.mark.parametrize("result", ["resurrected", "", None, 3, ["dies"]])
def test_an_unknown_result_is_refused(result):
    error = refused(with_rows((None, 1, DIES), (2, None, result)))

    assert error.path == "survival.rows[1].result"


def test_a_row_with_low_above_high_is_refused():
    assert refused(with_rows((None, 1, DIES), (4, 2, SCARS), (3, None, SCARS))).path == (
        "survival.rows[1]"
    )


@pytest.mark.parametrize("low", ["1", 1.0, True])
def test_bounds_are_whole_numbers(low):
    assert refused(with_rows((None, 0, DIES), (low, None, SCARS))).path == "survival.rows[1].low"


@pytest.mark.parametrize(
    "row", [{"low": None, "high": None}, {"low": None, "high": None, "result": "dies", "x": 1}, []]
)
def test_a_row_has_exactly_low_high_and_result(row):
    assert refused({"rows": [row]}).path == "survival.rows[0]"


@pytest.mark.parametrize("rows", [[], None, "dies", {}])
def test_rows_are_a_non_empty_list(rows):
    assert refused({"rows": rows}).path == "survival.rows"


@pytest.mark.parametrize("injury, index", [(["lame", "limp"], 1), (["marksman"], 0),
                                           (["hates-enemy"], 0), ([3], 0)])  # fmt: skip
def test_injuries_must_be_disadvantages_without_detail(injury, index):
    data = default_survival_json() | {"injuries": injury}

    assert refused(data).path == f"survival.injuries[{index}]"


@pytest.mark.parametrize("injuries", [[], "lame"])
def test_injuries_are_a_non_empty_list(injuries):
    assert refused(default_survival_json() | {"injuries": injuries}).path == "survival.injuries"


@pytest.mark.parametrize("scar", ["scary", "hates-enemy", 1])
def test_the_scar_is_a_known_ability_without_detail(scar):
    assert refused(default_survival_json() | {"scar": scar}).path == "survival.scar"


@pytest.mark.parametrize("bonus", ["1", 1.5, None])
def test_the_doc_bonus_is_a_whole_number(bonus):
    assert refused(default_survival_json() | {"doc_bonus": bonus}).path == "survival.doc_bonus"


def test_an_unknown_key_of_a_survival_table_is_refused():
    assert refused(default_survival_json() | {"bonus": 1}).path == "survival.bonus"


def test_a_survival_table_is_an_object():
    assert refused([]).path == "survival"


def test_a_table_error_is_a_value_error_naming_its_path():
    error = refused({"rows": []})

    assert isinstance(error, ValueError)
    assert str(error) == "survival.rows: must be a non-empty list"


# --- reputation -----------------------------------------------------------------------------


def test_the_default_reputation_table():
    assert reputation_to_json(DEFAULT_REPUTATION_TABLE) == {
        "took-part": 1,
        "mission-full": 2,
        "mission-partial": 1,
        "out-of-action": 1,
        "wound-survived": 1,
        "malice": 1,
        "sarcasm": 1,
        "wealth": 1,
    }


def test_the_default_reputation_table_round_trips_through_json():
    data = json.loads(json.dumps(reputation_to_json(DEFAULT_REPUTATION_TABLE)))

    assert reputation_from_json(data) == DEFAULT_REPUTATION_TABLE


def test_a_house_reputation_table_changes_only_what_it_names():
    table = reputation_from_json({"mission-full": 3, "wound-survived": -1})

    assert table == ReputationTable(
        DEFAULT_REPUTATION_TABLE.awards | {"mission-full": 3, "wound-survived": -1}
    )
    assert DEFAULT_REPUTATION_TABLE.awards["mission-full"] == 2  # the default is untouched


def test_an_unknown_deed_is_refused():
    with pytest.raises(TableError) as error:
        reputation_from_json({"took-part": 1, "looting": 2})

    assert (error.value.path, error.value.message) == ("reputation.looting", "unknown deed")


@pytest.mark.parametrize("value", ["1", 1.0, 1.5, True, None, 11, -11])
def test_reputation_awards_are_whole_numbers_from_minus_10_to_10(value):
    with pytest.raises(TableError) as error:
        reputation_from_json({"malice": value})

    assert error.value.path == "reputation.malice"


def test_a_reputation_table_is_an_object():
    with pytest.raises(TableError) as error:
        reputation_from_json([("malice", 1)])

    assert error.value.path == "reputation"
