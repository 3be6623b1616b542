"""Joining by an invitation code that no code can be (issue #28, item 18): a NUL in the code
was a 500 on PostgreSQL, which refuses it in a query; it is a 4xx that says what is wrong, on
both databases (``DATABASE_URL=postgres://...`` runs these on PostgreSQL)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.models import Player

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("code", "error"),
    [
        ("ab\x00c", "Null characters are not allowed."),
        ("\x00", "Null characters are not allowed."),
        ("x" * 21, "Ensure this value has at most 20 characters (it has 21)."),
    ],
)
def test_a_code_no_campaign_can_have_is_a_form_error(client, user, campaign, code, error):
    client.force_login(user)

    response = client.post(reverse("campaigns:join"), {"code": code})

    assert response.status_code == 400
    assert response.context["join_form"].errors == {"code": [error]}
    page = response.content.decode()
    assert 'name="code"' in page and 'aria-invalid="true"' in page  # the field, marked
    assert error in page  # beside the field, in words
    assert not Player.objects.filter(user=user).exists()


def test_a_link_whose_code_holds_a_nul_is_not_found(client, user, campaign):
    client.force_login(user)
    link = f"/campaigns/join/a%00{campaign.invite_code}/"

    assert client.get(link).status_code == 404
    assert client.post(link).status_code == 404
    assert not Player.objects.filter(user=user).exists()


def test_a_good_code_with_spaces_around_still_joins(client, user, campaign):
    client.force_login(user)

    response = client.post(reverse("campaigns:join"), {"code": f" {campaign.invite_code} "})

    assert response.status_code == 302
    assert Player.objects.filter(user=user, campaign=campaign).exists()


def test_an_unknown_code_still_says_so_on_the_campaign_list(client, user, campaign):
    client.force_login(user)

    response = client.post(reverse("campaigns:join"), {"code": "nope"}, follow=True)

    assert "No campaign has this invitation code." in response.content.decode()
    assert not Player.objects.filter(user=user).exists()
