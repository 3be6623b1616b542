"""Issue #28, item 2: the 200-point limit every squad and campaign was given whatever its
game is cleared from the games that have no limit of their own (rosters 0010, campaigns
0009); Black Sun's 200 and every limit someone chose otherwise stay."""

from __future__ import annotations

import pytest

from tests.migrations_at import migrate

BEFORE = [("rosters", "0009_printed"), ("campaigns", "0008_entry_withdrawn")]
AFTER = [
    ("rosters", "0010_no_borrowed_points_limit"),
    ("campaigns", "0009_no_borrowed_points_limit"),
]


@pytest.mark.django_db(transaction=True)
def test_a_borrowed_200_goes_and_every_chosen_limit_stays(at_the_latest_schema, django_user_model):
    user = django_user_model.objects.create_user(username="old", password="pw-old-1970")
    apps = migrate(BEFORE)
    Squad = apps.get_model("rosters", "Squad")
    Campaign = apps.get_model("campaigns", "Campaign")
    limits = {
        ("black-sun", 200): 200,
        ("necromunda", 200): None,
        ("necromunda", 350): 350,
        ("bolt-action", 200): None,
        ("one-page-modern", None): None,
    }
    for n, (system, limit) in enumerate(limits):
        Squad.objects.create(owner_id=user.pk, name=f"S{n}", system=system, points_limit=limit)
        Campaign.objects.create(
            organiser_id=user.pk, name=f"C{n}", system=system, points_limit=limit,
            invite_code=f"code{n}",
        )  # fmt: skip

    apps = migrate(AFTER)

    for model in (apps.get_model("rosters", "Squad"), apps.get_model("campaigns", "Campaign")):
        found = {(row.name[1:], row.system): row.points_limit for row in model.objects.all()}
        assert found == {
            (str(n), system): after for n, ((system, _), after) in enumerate(limits.items())
        }
