"""Who reads a campaign, who plays in it, and the campaigns a user may read."""

from __future__ import annotations

from typing import Any

from django.db.models import (
    BooleanField,
    Exists,
    ExpressionWrapper,
    OuterRef,
    Q,
    QuerySet,
)

from campaigns.models import Campaign, Player


def can_read(campaign: Campaign, user: Any) -> bool:
    if campaign.is_public:
        return True
    if not user.is_authenticated:
        return False
    return user.pk == campaign.organiser_id or is_player(campaign, user)


def is_player(campaign: Campaign, user: Any) -> bool:
    if not user.is_authenticated:
        return False
    return Player.objects.filter(campaign=campaign, user=user).exists()


def players(campaign: Campaign) -> list[Player]:
    """The campaign's players, first joined first, with their accounts (1 query)."""
    return list(Player.objects.filter(campaign=campaign).select_related("user"))


def player_names(campaign: Campaign) -> list[tuple[int, int, str]]:
    """The campaign's players, first joined first, as (player pk, user pk, username): what
    the campaign page's list prints, no model built (1 query)."""
    return list(
        Player.objects.filter(campaign=campaign).values_list("pk", "user_id", "user__username")
    )


def readable_campaigns(user: Any) -> QuerySet[Campaign]:
    """Campaigns the user organises or plays in, newest first, then the other public ones,
    newest first (the list page and the API's list alike)."""
    if not user.is_authenticated:
        return (
            Campaign.objects.filter(is_public=True)
            .select_related("organiser")
            .order_by("-created", "-pk")
        )
    plays = Exists(Player.objects.filter(campaign=OuterRef("pk"), user=user))
    yours = ExpressionWrapper(Q(organiser=user) | Q(plays), output_field=BooleanField())
    return (
        Campaign.objects.annotate(yours=yours)
        .filter(Q(is_public=True) | Q(yours=True))
        .select_related("organiser")
        .order_by("-yours", "-created", "-pk")
    )
