"""The aftermath's pack tables (``injuries``, ``experience``) in the pack form, as any
table: edited row by row, saved, and refused at their place (an overlap of two ranges)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from rosters import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def hive(client, user):
    client.force_login(user)
    return services.pack_create(owner=user, system="necromunda", name="Hive")


def test_the_injury_table_is_edited_saved_and_refused_at_its_place(client, hive):
    url = reverse("packs:table", args=[hive.pk, "injuries"])
    page = client.get(url).content.decode()
    assert "From roll" in page and "Misses the next battle" in page
    row = {"rows-0-low": "2", "rows-0-high": "6", "rows-0-name": "Old <b>wound</b>",
           "rows-0-characteristic": "t", "rows-0-amount": "-1"}  # fmt: skip
    saved = client.post(url, {"version": "1", "dice": "2d6", "rows-count": "1", **row})
    assert saved.status_code == 302
    hive.refresh_from_db()
    assert hive.versions.first().document["tables"]["injuries"] == {
        "dice": "2d6",
        "rows": [{"low": 2, "high": 6, "name": "Old <b>wound</b>", "characteristic": "t",
                  "amount": -1}],
    }  # fmt: skip
    overlapping = {"rows-1-low": "5", "rows-1-high": "7", "rows-1-status": "dead"}
    refused = client.post(url, {"version": "2", "dice": "2d6", "rows-count": "2", **row,
                                **overlapping})  # fmt: skip
    assert refused.status_code == 400
    assert "overlap row 0" in refused.content.decode()
    assert "Old <b>wound</b>" not in refused.content.decode()


def test_the_experience_table_page_offers_the_deeds_and_characteristics(client, hive):
    page = client.get(reverse("packs:table", args=[hive.pk, "experience"])).content.decode()
    assert "Per battle survived" in page and "Advance table" in page
