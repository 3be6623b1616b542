"""What a player's account writes: its API token, made anew or revoked; its notification
settings (``notifications_write``).

A player has one token at most (DRF's ``Token`` is keyed by user): making one replaces the
one before, in one transaction that holds the user's row, so two clicks at once leave one
token and answer twice, never a clash of keys.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from rest_framework.authtoken.models import Token

from accounts.models import KINDS, Notifications


@transaction.atomic
def api_token_replace(*, user: AbstractBaseUser) -> str:
    """A new API token for ``user`` (the old one stops working); its key."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    Token.objects.filter(user=user).delete()
    return Token.objects.create(user=user).key


@transaction.atomic
def api_token_revoke(*, user: AbstractBaseUser) -> None:
    """Delete ``user``'s API token, if any: every client that sends it gets a 401."""
    Token.objects.filter(user=user).delete()


@transaction.atomic
def notifications_write(*, user: AbstractBaseUser, **kinds: bool) -> Notifications:
    """Turn each e-mail of ``kinds`` (``accounts.models.KINDS``) on or off for ``user``; the
    kinds not given keep their setting."""
    unknown = set(kinds) - set(KINDS)
    if unknown:
        raise TypeError(f"unknown notifications: {sorted(unknown)}")
    found, _created = Notifications.objects.select_for_update().get_or_create(user_id=user.pk)
    for kind, wanted in kinds.items():
        setattr(found, kind, bool(wanted))
    found.save()
    return found
