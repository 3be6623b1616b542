"""A campaign squad's page and a character's."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from campaigns import characters, selectors
from campaigns.adapters import (
    campaign_points,
    campaign_rules,
    campaign_violations,
)
from campaigns.models import Entry
from rosters.adapters import units_to_rules
from rosters.models import Member
from rules import get_system

# --- squads and characters ------------------------------------------------------------------


def entry_detail(request: HttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    """A campaign squad: each model with its record, CV and the like (the game's figures),
    equipment, abilities and injuries, or each unit; then its battles. 6 queries at most
    (the campaign comes with the entry)."""
    entry = get_object_or_404(
        Entry.objects.select_related("campaign__organiser", "squad", "player"),
        pk=entry_pk,
        campaign_id=pk,
    )
    campaign = entry.campaign
    if not selectors.can_read(campaign, request.user):
        raise Http404
    game = get_system(campaign.system)
    loaded = characters.load(entry.squad, list(entry.squad.members.all()))
    points = None
    if campaign_rules(campaign).points is not None:  # the campaign may cost squads its own way
        roster = loaded.roster()
        points = {
            "total": campaign_points(campaign, roster),
            "limit": roster.points_limit,
            "over": bool(campaign_violations(campaign, roster)),
        }
    return render(
        request,
        "campaigns/entry_detail.html",
        {
            "campaign": campaign,
            "entry": entry,
            "points": points,
            "models": characters.models_shown(loaded, game),
            "units": [
                (unit, _(game.units.kinds[unit.kind].label), game.units.models(unit))
                for unit in units_to_rules(entry.squad, game)
            ],
            "units_game": game.units is not None,
            "battles": selectors.entry_battles(entry),
            "edits": selectors.force_edits(entry) if game.units is not None else [],
            "is_owner": request.user.is_authenticated and request.user.pk == entry.player_id,
            # the organiser may edit a force of units between battles (each edit is kept)
            "can_edit_force": game.units is not None
            and request.user.is_authenticated
            and request.user.pk == campaign.organiser_id,
            "parts": game.part_templates,  # the game's record columns
            "abilities": bool(game.abilities),  # a game whose models carry none shows none
        },
    )


def character_detail(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    """A model of a campaign squad: what it carries into its next battle, then everything
    the campaign's battles did to it. 5 queries at most (the campaign comes with the model)."""
    member = get_object_or_404(
        Member.objects.select_related("squad__campaign_entry__campaign__organiser"),
        pk=member_pk,
        squad__campaign_entry__campaign_id=pk,
    )
    entry = member.squad.campaign_entry
    campaign = entry.campaign
    if not selectors.can_read(campaign, request.user):
        raise Http404
    timeline = [(h, selectors.describe(h, campaign.system)) for h in selectors.timeline(member.pk)]
    game = get_system(campaign.system)
    [shown] = characters.models_shown(characters.load(member.squad, [member]), game)
    return render(
        request,
        "campaigns/character.html",
        {
            "campaign": campaign,
            "member": member,
            "model": shown,
            "entry": entry,
            "type_label": shown.type_label,
            "timeline": timeline,
            "parts": game.part_templates,  # its record and figures
            "abilities": bool(game.abilities),  # a game whose models carry none shows none
        },
    )
