"""Two clicks at once on "Make a new API token" (issue #28, item 16, found in review): each
is answered with a token, and the player is left with exactly one, the last made."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token

from accounts import services
from tests.concurrency import race, shared_database  # noqa: F401  (autouse)

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_replacements_at_once_leave_one_token(django_user_model):
    user = django_user_model.objects.create_user(username="twice", password="pw-twice-1970")

    for _ in range(5):
        keys = race(*[lambda: services.api_token_replace(user=user)] * 4)

        assert len(set(keys)) == 4
        assert list(Token.objects.filter(user=user).values_list("key", flat=True)) in (
            [key] for key in keys
        )


def test_revoking_ends_the_token(django_user_model):
    user = django_user_model.objects.create_user(username="gone", password="pw-gone-1970")
    services.api_token_replace(user=user)

    services.api_token_revoke(user=user)

    assert not Token.objects.filter(user=user).exists()
