"""A player's notification settings (``Notifications``): which e-mails the task worker sends
them (``campaigns.notify``). A user without a row gets every one; the account page's
notifications page (``accounts.views.notifications``) and ``/api/account/notifications/``
write it.

The module also makes ``migrate`` send this app its ``post_migrate`` signal (accounts/apps.py
creates the shared cache's table then)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import models
from django.utils.translation import gettext_lazy as _

KINDS = ("reports", "pairings", "voided")


class Notifications(models.Model):
    """The e-mails a user wants: each on unless turned off."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="notifications",
    )
    reports = models.BooleanField(_("a battle report waits for my confirmation"), default=True)
    pairings = models.BooleanField(_("a round's pairings are published"), default=True)
    voided = models.BooleanField(_("a battle of mine is voided"), default=True)

    class Meta:
        verbose_name = _("notification settings")
        verbose_name_plural = _("notification settings")

    def __str__(self) -> str:
        return f"notifications of {self.user_id}"


def notifications_of(user: Any) -> Notifications:
    """``user``'s settings, unsaved defaults (everything on) when they never changed them."""
    found = Notifications.objects.filter(user_id=user.pk).first()
    return found if found is not None else Notifications(user_id=user.pk)


def recipients(user_ids: Iterable[int | None], kind: str) -> dict[int, Any]:
    """Of ``user_ids``, the active users with an e-mail address who did not turn ``kind``
    off, by id (1 query)."""
    if kind not in KINDS:
        raise ValueError(kind)
    ids = {pk for pk in user_ids if pk is not None}
    if not ids:
        return {}
    users = (
        get_user_model()
        .objects.filter(pk__in=ids, is_active=True)
        .exclude(email="")
        .exclude(**{f"notifications__{kind}": False})
    )
    return {user.pk: user for user in users}
