"""What campaigns does when rosters says something happened (``rosters.signals``), and when
its own services do (``campaigns.signals``): the players' e-mails (``campaigns.notify``),
enqueued for the task worker once the change commits (nothing when it rolls back)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.dispatch import receiver

from campaigns import notify, signals
from campaigns.models import Campaign, Entry, ForceEdit
from rosters.signals import pack_changed, units_changed
from rules.force_edits import force_edits


@receiver(units_changed, dispatch_uid="campaigns.force_edit")
def keep_force_edit(sender: Any, *, squad, before, after, by, **kwargs: Any) -> None:
    """An edit of a campaign force is kept with who made it, in the edit's transaction (a
    force outside any campaign keeps no such history)."""
    if not squad.in_campaign:
        return
    changes = force_edits(before, after)
    entry = Entry.objects.filter(squad_id=squad.pk).first()
    if entry is not None and changes:
        ForceEdit.objects.create(entry=entry, by=by, changes=changes)


@receiver(pack_changed, dispatch_uid="campaigns.own_pack")
def follow_own_pack(sender: Any, *, pack, version, **kwargs: Any) -> None:
    """A campaign playing with its own pack (its house rules) plays with its new version;
    the battles played keep the version they were scored with (``Battle.pack_version``)."""
    Campaign.objects.filter(own_pack=pack, pack_version__pack=pack).update(pack_version=version)


def _enqueue_on_commit(mail: Any, pk: int) -> None:
    transaction.on_commit(lambda: mail.enqueue(pk))


@receiver(signals.report_waiting, dispatch_uid="campaigns.mail_report_waiting")
def mail_report_waiting(sender: Any, *, battle, **kwargs: Any) -> None:
    _enqueue_on_commit(notify.report_waiting, battle.pk)


@receiver(signals.round_published, dispatch_uid="campaigns.mail_pairings")
def mail_pairings(sender: Any, *, round, **kwargs: Any) -> None:
    _enqueue_on_commit(notify.pairings_published, round.pk)


@receiver(signals.battle_voided, dispatch_uid="campaigns.mail_battle_voided")
def mail_battle_voided(sender: Any, *, battle, **kwargs: Any) -> None:
    _enqueue_on_commit(notify.battle_voided, battle.pk)
