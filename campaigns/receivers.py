"""What campaigns does when rosters says something happened (``rosters.signals``)."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

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
